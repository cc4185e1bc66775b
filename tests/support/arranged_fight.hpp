// A mêlée set up model by model for game rule tests: models put where the test wants them, the
// units locked by hand, and the round fought through the engine with scripted dice.
#pragma once

#include <string>
#include <tuple>
#include <vector>

#include "support/scripted_game.hpp"

namespace arap::test {

class ArrangedFight : public ScriptedGame {
 protected:
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

  // Every model of `unit` in a row along y, 2.5" apart from x = 4, out of everyone's reach.
  void line_up(const game::UnitInfo& unit, double y, double facing) {
    for (int k = 0; k < unit.model_count; ++k)
      place(unit.first_model + k, 4.0 + 2.5 * k, y, facing);
  }

  // A Guard infantry squad (Red, unit 0) against Slugga Boyz (Blue, unit 1) on the open test table,
  // seed 3, every model lined up out of everyone's reach for the test to place those it needs;
  // `extra` adds scenario lines (options).
  std::shared_ptr<const game::GameSetup> guard_against_boyz(const std::string& name,
                                                            const std::string& extra) {
    auto setup = battle(name, "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]", "orks",
                        "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", extra);
    begin(setup, 3);
    log_.clear();
    line_up(setup->units[0], 4.0, 0.0);
    line_up(setup->units[1], 44.0, 180.0);
    return setup;
  }

  // `unit`'s mêlée roll events as (goal, attacks, of which ADV-57's extra attacks).
  using Blows = std::vector<std::tuple<int, int, int>>;
  Blows blows_of(int unit) const {
    Blows out;
    for (const auto& e : rolls("MELEE-05"))
      if (e.at("unit") == unit)
        out.emplace_back(e.at("goal").get<int>(), e.at("attacks").get<int>(),
                         e.value("extra_attacks", 0));
    return out;
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
