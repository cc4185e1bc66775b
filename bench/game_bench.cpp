// Game-layer costs: copying a whole state (about 40-50 models; goal <= 1 us) and whole random
// games on the standard scenario without and with the event log.
#include <benchmark/benchmark.h>

#include <memory>

#include "ai/match.hpp"
#include "ai/search.hpp"
#include "ai/tactician.hpp"
#include "game/engine.hpp"
#include "game/setup.hpp"
#include "game/state.hpp"

namespace {

std::shared_ptr<const arap::game::GameSetup> setup_of(const char* scenario) {
  auto library =
      std::make_shared<const arap::data::Library>(arap::data::Library::load(ARAP_DATA_DIR));
  return arap::game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/" + scenario + ".yaml",
                                library);
}

void state_copy(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  const arap::game::GameState original = arap::game::initial_state(*setup, 1);
  state.counters["models"] = static_cast<double>(original.models.size());
  for (auto _ : state) {
    arap::game::GameState copy = original;
    benchmark::DoNotOptimize(copy.models.data());
  }
}
BENCHMARK(state_copy);

void random_game(benchmark::State& state) {
  static const auto setup = setup_of("open_ground");
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const auto match =
        arap::ai::play_match(*setup, seed++, {"random", "random"}, state.range(0) != 0);
    benchmark::DoNotOptimize(match.winner);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(random_game)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace

namespace {

// The door: legal_actions for an active unit (the decision with the most moves) and one planned
// move, on the ruined town. The states are the first active decisions of a seeded random game.
std::vector<arap::game::GameState> active_states(const arap::game::GameSetup& setup, int count) {
  std::vector<arap::game::GameState> out;
  arap::game::GameState s = arap::game::initial_state(setup, 3);
  arap::dice::Xoshiro256pp pick(5);
  while (static_cast<int>(out.size()) < count && s.phase != arap::game::Phase::game_over) {
    if (s.phase == arap::game::Phase::active) out.push_back(s);
    const auto actions = arap::game::legal_actions(s);
    arap::game::apply(s, actions[pick() % actions.size()], nullptr);
  }
  return out;
}

void legal_actions_active_unit(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto states = active_states(*setup, 16);
  std::size_t i = 0;
  std::size_t listed = 0;
  for (auto _ : state) {
    const auto actions = arap::game::legal_actions(states[i++ % states.size()]);
    listed += actions.size();
    benchmark::DoNotOptimize(actions.data());
  }
  state.counters["actions"] = static_cast<double>(listed) / static_cast<double>(state.iterations());
}
BENCHMARK(legal_actions_active_unit)->Unit(benchmark::kMicrosecond);

void plan_move_toward_enemy(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto states = active_states(*setup, 16);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& s = states[i++ % states.size()];
    const int unit = s.active_unit;
    int enemy = 0;
    while (setup->units[enemy].side == setup->units[unit].side || !s.unit_alive(enemy)) ++enemy;
    const auto plan = arap::game::plan_move(s, unit, arap::table::MoveMode::normal,
                                            arap::game::unit_centre(s, enemy));
    benchmark::DoNotOptimize(plan.inches);
  }
}
BENCHMARK(plan_move_toward_enemy)->Unit(benchmark::kMicrosecond);

void greedy_game(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const auto match = arap::ai::play_match(*setup, seed++, {"greedy", "greedy"}, false);
    benchmark::DoNotOptimize(match.winner);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(greedy_game)->Unit(benchmark::kMicrosecond);

}  // namespace

namespace {

// Issue 15: the search agent's iterations per CPU second (one thread), from the first active
// decision of a seeded random game on the ruined town, with playouts of N activation rolls.
void search_iterations(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto personalities =
      arap::ai::Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  const arap::game::GameState s = active_states(*setup, 1).front();
  arap::ai::SearchSettings settings = personalities.search();
  settings.iterations = 200;
  settings.threads = 1;
  settings.rollout_activations = static_cast<int>(state.range(0));
  arap::ai::SearchAgent agent(personalities.get("balanced"), settings);
  arap::dice::Xoshiro256pp rng(1);
  std::int64_t iterations = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(agent.choose(s, rng));
    iterations += agent.last_stats().iterations;
  }
  state.SetItemsProcessed(iterations);
}
BENCHMARK(search_iterations)->Arg(1)->Arg(4)->Unit(benchmark::kMillisecond);

// The tactician's cost per decision on the same state (every legal action scored).
void tactician_decision(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto personalities =
      arap::ai::Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  const arap::game::GameState s = active_states(*setup, 1).front();
  arap::ai::TacticianAgent agent(personalities.get("balanced"));
  for (auto _ : state) benchmark::DoNotOptimize(agent.rank(s));
}
BENCHMARK(tactician_decision)->Unit(benchmark::kMicrosecond);

}  // namespace
