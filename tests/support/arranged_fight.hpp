// A mêlée set up model by model for game rule tests: models put where the test wants them, the
// units locked by hand, and the round fought through the engine with scripted dice.
#pragma once

#include <string>
#include <vector>

#include "support/scripted_game.hpp"

namespace arap::test {

class ArrangedFight : public ScriptedGame {
 protected:
  void place(int model, double x, double y, double facing) {
    state_.models[model].pose.position = {x, y};
    state_.models[model].pose.facing = facing;
  }

  void lock(int a, int b) {
    state_.units[a].locked |= std::uint64_t{1} << b;
    state_.units[b].locked |= std::uint64_t{1} << a;
  }

  // Red ends its activation phase; both units choose to fight (Red first, MELEE-29).
  void fight(int red, int blue) {
    must(act(ActionKind::end_phase));
    ASSERT_EQ(state_.phase, game::Phase::melee_choice);
    must(act(ActionKind::fight, red));
    must(act(ActionKind::fight, blue));
  }

  std::vector<game::Event> rolls(const std::string& rule) const {
    std::vector<game::Event> out;
    for (const auto& e : log_)
      if (e.value("type", "") == "roll" && e.value("rule", "") == rule) out.push_back(e);
    return out;
  }

  const game::Event* last(const std::string& type) const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("type", "") == type) return &*it;
    return nullptr;
  }

  ConstantDice constant_{6};
};

}  // namespace arap::test
