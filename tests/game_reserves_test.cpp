// Reserves as the game plays them (ACT-02 step 6): units held off the table roll to arrive at the
// end of their side's compulsory phase, by the scenario's arrival table.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red's only unit, a Guard infantry squad, waits in reserve: from game turn 2 it arrives on a D6
// of 4 or more, from turn 3 on 2 or more. Blue: a Tactical squad far away.
class Reserves : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("reserves", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 2], reserve: {from_turn: 2, rolls: [4, "
                       "2]}}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 44], facing: 180}]"),
          11);
  }

  bool on_table() const {
    for (int m = 0; m < 10; ++m)
      if (!state_.models[m].pose.alive) return false;
    return true;
  }
};

TEST_F(Reserves, ACT_02_a_unit_in_reserve_is_off_the_table_and_keeps_its_side_in_the_game) {
  EXPECT_TRUE(state_.units[0].in_reserve);
  EXPECT_FALSE(state_.unit_alive(0));
  const GameState before = state_;
  const std::string reason = apply(state_, activate(0, 1), &log_);
  EXPECT_NE(reason.find("reserve"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
  must(act(ActionKind::end_phase));
  EXPECT_NE(state_.phase, Phase::game_over) << "a side with units in reserve is still playing";
}

TEST_F(Reserves, ACT_02_reserves_roll_to_arrive_at_the_end_of_their_compulsory_phase) {
  must(act(ActionKind::end_phase));  // Red, turn 1: nothing to roll yet
  EXPECT_TRUE(dice_.exhausted());
  script({3});                       // turn 2 needs 4+: not yet
  must(act(ActionKind::end_phase));  // Blue ends turn 1; Red's turn 2 begins with the roll
  ASSERT_EQ(state_.turn, 2);
  EXPECT_TRUE(state_.units[0].in_reserve);
  EXPECT_FALSE(on_table());
  must(act(ActionKind::end_phase));
  script({2});  // turn 3 needs 2+
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.turn, 3);
  EXPECT_FALSE(state_.units[0].in_reserve);
  EXPECT_TRUE(on_table());
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(logged("reserves_arrived"));
  script({1});
  must(activate(0, 1));  // it may act in the turn it arrives
}

TEST(ReserveData, ACT_02_arrival_rolls_are_checked_with_file_line_and_field) {
  try {
    test::battle("bad_reserve", "imperial_guard",
                 "[{unit: infantry_squad, at: [24, 2], reserve: {rolls: [7]}}]", "space_marines",
                 "[{unit: tactical_squad, at: [24, 44]}]");
    FAIL() << "an arrival roll of 7 was accepted";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("bad_reserve.yaml"), std::string::npos) << what;
    EXPECT_NE(what.find("rolls"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace arap::game
