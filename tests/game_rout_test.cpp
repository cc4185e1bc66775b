// Routers and pursuers in the compulsory phase with scripted dice: the extra rally test in cover
// and where it stops the flight (MELEE-21), pursuers following routers off the table and coming
// back on 4+, and a pursuit ending when its routers are destroyed or rally out of reach
// (MELEE-23/25).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/pursuit_fixture.hpp"

namespace arap::game {
namespace {

using test::act;

// The routers, the far squad and the pursuing Assault squad of test::PursuitFixture.
class Pursuit : public test::PursuitFixture {
 protected:
  int alive(int unit) const { return state_.living_models(unit); }
};

TEST_F(Pursuit, MELEE_23_pursuers_leave_the_table_with_their_routers) {
  // Red ends its activation phase; Blue's turn opens with the compulsory phase.
  script({6, 6});  // MOVE-05: the routers flee 12" and reach the south edge
  script({6, 6});  // MELEE-21: the rally test fails (enemy within 8": Ld 8)...
  script({6, 6});  // ... and so does the final attempt at the edge: the routers leave
  script({6, 6});  // MELEE-25: the pursuers fail to halt and follow them off the table
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[0].fled);
  EXPECT_TRUE(state_.units[2].away);
  EXPECT_EQ(state_.units[2].pursuing, -1);
  EXPECT_EQ(alive(2), 0);
  EXPECT_FALSE(state_.unit_alive(2));
  EXPECT_TRUE(logged("pursuers_left_table"));
  // Blue's own turn: not a later turn yet. Red's next turn: not Blue's. Blue's next: 3 fails.
  must(act(ActionKind::end_phase));
  script({3});
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[2].away);
  // Red's turn, then Blue's: 4 brings them back where they left, every model that left.
  must(act(ActionKind::end_phase));
  script({4});
  const auto before = state_.models[20].pose.position;
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[2].away);
  EXPECT_EQ(alive(2), 5);
  EXPECT_TRUE(state_.unit_alive(2));
  EXPECT_EQ(state_.models[20].pose.position, before);
  EXPECT_TRUE(logged("pursuers_returned"));
}

TEST_F(Pursuit, MELEE_25_pursuers_that_halt_stay_on_the_table) {
  script({6, 6, 6, 6, 6, 6});  // the routers flee off the table as above
  script({4, 4});              // halt test 8 <= Ld 9: passed
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[0].fled);
  EXPECT_FALSE(state_.units[2].away);
  EXPECT_EQ(state_.units[2].pursuing, -1);
  EXPECT_EQ(alive(2), 5);
}

TEST_F(Pursuit, MELEE_23_destroyed_routers_end_the_pursuit) {
  for (int m = 0; m < 10; ++m) {
    state_.models[m].pose.alive = false;
    state_.models[m].wounds_left = 0;
  }
  must(act(ActionKind::end_phase));  // no die: nothing to halt, nothing to follow
  EXPECT_EQ(state_.units[2].pursuing, -1);
  EXPECT_FALSE(state_.units[2].away);
  script({1});
  EXPECT_EQ(apply(state_, activate(2, 1), &log_), "") << "the pursuers act again";
}

TEST_F(Pursuit, MELEE_23_routers_that_rally_out_of_reach_end_the_pursuit) {
  script({1, 1});  // the routers flee 2"
  script({1, 1});  // and rally
  script({6, 6});  // the pursuers fail to halt
  script({1, 1});  // and move 2": still out of reach
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_FALSE(detail::units_engaged(state_, 0, 2));
  EXPECT_EQ(state_.units[2].pursuing, -1);
}

// Red's Guard squad (unit 0) routs south from Blue's Assault squad (unit 1) across open ground
// and into a wood whose north edge is at y = 14.
class RallyInCover : public test::ScriptedGame {
 protected:
  void start(const std::string& ruling) {
    begin(test::battle("rally_cover", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 22], facing: 180}, {unit: infantry_squad, "
                       "at: [24, 44]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 34], facing: 180, spacing: 1.5}]",
                       "terrain:\n  - {id: copse, kind: wood, polygon: [[4, 2], [44, 2], [44, 14], "
                       "[4, 14]]}\n" +
                           ruling),
          5);
    state_.units[0].routing = true;
    state_.units[0].beaten_by = 2;
    for (int m = 0; m < 10; ++m) starts_.push_back(state_.models[m].pose.position);
  }

  double lowest_y() const {
    double y = 1e9;
    for (int m = 0; m < 10; ++m) y = std::min(y, state_.models[m].pose.position.y);
    return y;
  }

  std::vector<table::Point> starts_;
};

TEST_F(RallyInCover, MELEE_21_entering_cover_gives_an_extra_test_and_halts_at_the_entry) {
  start("");
  script({6, 6});  // MOVE-05: 12" south, into the wood
  script({2, 3});  // the test on entering cover: 5 <= Ld 8, rallied
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_TRUE(logged("rallied"));
  // ruling entryPoint: the unit stops where the first of it reached the wood's edge.
  EXPECT_NEAR(lowest_y(), 14.0, 0.05);
  for (int m = 0; m < 10; ++m) EXPECT_LT(state_.models[m].pose.position.y, starts_[m].y - 1.0);
}

TEST_F(RallyInCover, MELEE_21_cover_stop_full_move_finishes_the_flight) {
  start("rulings: {ruling.MELEE-21.coverStop: fullMove}\n");
  script({6, 6});
  script({2, 3});
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_LT(lowest_y(), 14.0 - 1.0);  // the whole move was run before it halted
}

TEST_F(RallyInCover, MELEE_21_a_failed_cover_test_leaves_the_usual_test_after_the_move) {
  start("");
  script({6, 6});  // into the wood
  script({6, 5});  // the cover test fails
  script({1, 2});  // the test after the move passes
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_LT(lowest_y(), 14.0 - 1.0);
}

TEST_F(RallyInCover, MELEE_21_open_ground_gives_exactly_one_test) {
  start("");
  script({1, 1});  // 2": still in the open
  script({6, 5});  // the one rally test fails; no other test is due
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[0].routing);
  EXPECT_EQ(dice_.remaining(), 0u);
}

}  // namespace
}  // namespace arap::game
