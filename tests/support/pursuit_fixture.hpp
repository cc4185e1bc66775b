// Routers and their pursuers for compulsory-phase tests (MELEE-19..25, ADV-41).
#pragma once

#include "support/scripted_game.hpp"

namespace arap::test {

// Red: a Guard infantry squad (unit 0, Ld 8, M4) routing near the south edge and another far away
// (unit 1, so Red stays in the game); Blue: an Assault squad (unit 2, models 20-24, Ld 9)
// pursuing the routers from further north.
class PursuitFixture : public ScriptedGame {
 protected:
  void SetUp() override {
    begin(
        battle("pursuit", "imperial_guard",
               "[{unit: infantry_squad, at: [24, 3], facing: 180}, {unit: infantry_squad, "
               "at: [24, 44]}]",
               "space_marines", "[{unit: assault_squad, at: [24, 12], facing: 180, spacing: 1.5}]"),
        5);
    state_.units[0].routing = true;
    state_.units[0].beaten_by = 2;
    state_.units[2].pursuing = 0;
  }
};

}  // namespace arap::test
