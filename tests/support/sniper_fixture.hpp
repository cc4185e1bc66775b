// A lone sniper and his mark, for the pinning rules (SHOOT-28, ADV-42, ADV-01).
#pragma once

#include <string>

#include "support/scripted_game.hpp"

namespace arap::test {

// Red: one Scout (model 1) of a Scout Sniper squad (unit 0, models 0-4) with a sniper rifle
// (pinning; S4 AP6), `range` inches south of a Guardsman (model 6, 5+ save) of an Infantry squad
// (unit 1, models 5-14). A second Guardsman (model 7), beyond the rifle's 36", keeps the squad on
// the table. The Scouts are activated with 2 AP, enough for the heavy weapon's shot.
class SniperFixture : public ScriptedGame {
 protected:
  void arrange_sniper(const std::string& name, double range, const std::string& options) {
    begin(battle(name, "space_marines", "[{unit: scout_snipers, at: [24, 4]}]", "imperial_guard",
                 "[{unit: infantry_squad, at: [24, 40], facing: 180}]", options),
          3);
    for (int m = 0; m < 5; ++m)
      if (m != 1) remove_model(m);
    place(1, 24, 4, 0);
    for (int m = 5; m < 15; ++m)
      if (m != 6 && m != 7) remove_model(m);
    place(6, 24, 4 + range, 180);
    place(7, 47, 47, 180);
    script({1, 1});
    must(activate(0, 2));
  }
};

}  // namespace arap::test
