// MOVE-12 variable ground as the game plays it: a move entering, crossing or leaving ground the
// scenario marks `variable` has its allowance rolled (the better of two dice sized by M; one die
// crawling or in very difficult ground), and goes as far along its line as the roll pays for;
// ADV-08's Move Through Cover rolls one die more.
#include <gtest/gtest.h>

#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

class VariableGround : public test::ScriptedGame {
 protected:
  // Red: a Guard squad (unit 0, M4) and a Genestealer brood (unit 1, M6, Move Through Cover) at
  // y = 10 facing north; a strip of variable ground of class `movement` covers y 10.5..30.
  void arrange(const std::string& movement = "normal") {
    begin(test::battle("variable_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [12, 10]}]", "tyranids",
                       "[{unit: genestealer_brood, at: [36, 10]}]",
                       "terrain:\n  - {id: jungle, kind: ground, variable: true, movement: " +
                           movement + ", polygon: [[0, 10.5], [48, 10.5], [48, 30], [0, 30]]}\n"),
          6);
  }
  double y_of(int unit) const {
    return state_.models[setup_->units[unit].first_model].pose.position.y;
  }
  static inline int count_ = 0;
};

TEST_F(VariableGround, MOVE_12_the_allowance_is_the_better_of_two_D4_for_M4) {
  arrange();
  script({1, 1});
  must(activate(0, 2));
  script({1, 3});  // the better of two D4: 3"
  must(move(0, 0, 4));
  // The stop is found by halving (to about 1e-5").
  EXPECT_NEAR(y_of(0), 13.0, 1e-4) << "the move stops where the roll runs out";
  const auto roll = rolls("MOVE-12");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 3);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(VariableGround, MOVE_12_a_roll_long_enough_moves_all_the_way) {
  arrange();
  script({1, 1});
  must(activate(0, 2));
  script({4, 2});
  must(move(0, 0, 4));
  EXPECT_NEAR(y_of(0), 14.0, 1e-9);
}

TEST_F(VariableGround, MOVE_12_very_difficult_variable_ground_rolls_one_die) {
  arrange("very_difficult");
  script({1, 1});
  must(activate(0, 2));
  script({2});  // one D4: 2" of allowance: 0.5" of open ground, then 1.5" at 4" an inch
  must(move(0, 0, 1));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_NEAR(y_of(0), 10.0 + 0.5 + 1.5 / 4.0, 1e-4);
}

TEST_F(VariableGround, ADV_08_move_through_cover_rolls_three_dice) {
  arrange();
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  script({2, 5, 1});  // M6: the best of three D6
  must(move(1, 0, 6));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_NEAR(y_of(1), 15.0, 1e-4);
}

TEST_F(VariableGround, MOVE_12_ADV_08_a_charge_in_variable_ground_doubles_the_best_die) {
  // Blue's Genestealers (M6: D6s; Move Through Cover: three of them) charge the Guard 8" away
  // across the jungle.
  begin(
      test::battle("variable_charge", "imperial_guard",
                   "[{unit: infantry_squad, at: [24, 14], facing: 0}]", "tyranids",
                   "[{unit: genestealer_brood, at: [24, 22], facing: 180}]",
                   "terrain:\n  - {id: jungle, kind: ground, variable: true, polygon: [[0, 10.5], "
                   "[48, 10.5], [48, 30], [0, 30]]}\n"),
      6);
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  must(charge(1, 0));
  script({3, 5, 2});  // twice the best of three D6: 10"
  if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 0));
  const auto roll = rolls("CHARGE-02");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 10);
  EXPECT_EQ(roll[0]["dice"].size(), 3u);
  EXPECT_TRUE(state_.units[1].locked & 1u);
}

TEST_F(VariableGround, MOVE_12_ground_without_variable_rolls_nothing) {
  begin(test::battle("variable_none", "imperial_guard", "[{unit: infantry_squad, at: [12, 10]}]",
                     "tyranids", "[{unit: genestealer_brood, at: [36, 40], facing: 180}]"),
        6);
  script({1, 1});
  must(activate(0, 2));
  must(move(0, 0, 4));
  EXPECT_TRUE(rolls("MOVE-12").empty());
  EXPECT_TRUE(dice_.exhausted());
}

}  // namespace
}  // namespace arap::game
