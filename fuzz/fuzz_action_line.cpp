// Fuzz target: one line of an `--actions` file (an action as JSON), read strictly and applied to
// games at several points of play. An accepted action is either refused with a reason (and the
// state is untouched) or applied keeping every invariant. Issue 14.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/agents.hpp"
#include "data/data_error.hpp"
#include "dice/random_dice.hpp"
#include "fuzz_support.hpp"
#include "game/engine.hpp"
#include "game/setup.hpp"

namespace {

using namespace arap;

// Games on every shipped scenario after 0, 3, 12 and 40 random actions. A state points at its
// setup, so the setups are kept for the whole run.
const std::vector<game::GameState>& positions() {
  static std::vector<std::shared_ptr<const game::GameSetup>> setups;
  static const std::vector<game::GameState> states = [] {
    std::vector<game::GameState> out;
    for (const char* name : {"open_ground", "ruined_town", "woods_and_river"}) {
      const auto& setup = setups.emplace_back(game::make_setup(
          std::string(ARAP_DATA_DIR) + "/scenarios/" + name + ".yaml", fuzz::shipped_library()));
      for (int depth : {0, 3, 12, 40}) {
        game::GameState state = game::initial_state(*setup, 7);
        ai::RandomAgent agent;
        dice::Xoshiro256pp choices(11);
        for (int i = 0; i < depth && state.phase != game::Phase::game_over; ++i) {
          game::apply(state, agent.choose(state, choices), nullptr);
        }
        out.push_back(state);
      }
    }
    return out;
  }();
  return states;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  game::Action action;
  try {
    action = game::action_from_text(text, "fuzz.jsonl", 1);
  } catch (const data::DataError&) {
    return 0;
  }
  const auto& all = positions();
  game::GameState state = all[std::hash<std::string>{}(text) % all.size()];
  const game::GameState before = state;
  const std::string refusal = game::apply(state, action, nullptr);
  if (!refusal.empty() && !(state == before)) __builtin_trap();  // a refusal changes nothing
  if (!game::invariant_violations(state).empty()) __builtin_trap();
  return 0;
}
