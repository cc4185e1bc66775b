// ADV-23 beasts: a profile with the beast special rule (the Orks' Squig Hounds) is subject to the
// Fleet rule (ADV-06, optional option fleet): a pack of Beasts makes the free D6" fleet move.
// Otherwise it moves, shoots and is shot at as infantry: there is no rider to randomise hits onto.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: Squig Hounds (unit 0, six M6 Beasts) at y = 10 facing north; Blue: Slugga Boyz far off.
class Beasts : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin_lone_unit("beasts_" + std::to_string(++count_), "orks", "squig_hounds", options, 5);
  }

  Action fleet(double dy) const {
    Action a = move(0, 0.0, dy);
    a.mode = table::MoveMode::fleet;
    return a;
  }

  int count_ = 0;
};

TEST_F(Beasts, ADV_23_a_pack_of_beasts_runs_as_a_fleet_unit) {
  arrange("options: {fleet: true}\n");
  EXPECT_TRUE(setup_->units[0].fleet);
  const table::Point start = state_.models[0].pose.position;
  must(move(0, 0.0, 6.0));
  must(move(0, 0.0, 6.0));
  ASSERT_EQ(state_.phase, Phase::active) << "spent, it stays active for the Fleet move";
  script({4});  // the D6: 4"
  must(fleet(6.0));
  const auto roll = rolls("ADV-06");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 4);
  EXPECT_NEAR(state_.models[0].pose.position.y - start.y, 16.0, 1e-4);  // the stop is bisected
}

TEST_F(Beasts, ADV_23_without_the_fleet_option_beasts_move_as_others_do) {
  arrange("");
  EXPECT_NE(illegal_reason(state_, fleet(6.0)).find("switched off"), std::string::npos);
  must(move(0, 0.0, 6.0));
  must(move(0, 0.0, 6.0));
  EXPECT_NE(state_.phase, Phase::active);
}

}  // namespace
}  // namespace arap::game
