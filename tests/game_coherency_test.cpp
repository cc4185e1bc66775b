// GEN-09 (unit coherency, 3" centre to centre) with ADV-19's mending of a split (advanced, option
// coherency): a unit whose models have drifted apart closes ranks with its next move (mode
// close_ranks): the largest part stands, each cut-off model walks straight toward the nearest
// model of it until 2.5" away, as far as its move and the ground allow; the unit's other moves
// wait for it while that can bring a model nearer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "game/view.hpp"
#include "support/scripted_game.hpp"
#include "table/geometry.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Tactical Squad (unit 0) cut down to three Marines (M4): A (model 0) at (20, 10), B
// (model 1) 2.5" east of it, and C (model 2) wherever the test puts it, facing south toward them.
// It is Red's turn and the squad has 2 AP.
class Coherency : public test::ScriptedGame {
 protected:
  void arrange(double cx, double cy, const std::string& extra = "") {
    begin_lone_unit("coherency_" + std::to_string(++count_), "space_marines", "tactical_squad",
                    extra);
    for (int m = 3; m < setup_->units[0].model_count; ++m) remove_model(m);
    place(0, 20.0, 10.0, 0.0);
    place(1, 22.5, 10.0, 0.0);
    place(2, cx, cy, 180.0);  // facing the others: its turn toward them is free (MOVE-07)
  }
  Action close_ranks(ActionKind kind = ActionKind::move) const {
    Action a = act(kind, 0);
    a.mode = table::MoveMode::close_ranks;
    return a;
  }
  table::Point at(int m) const { return state_.models[m].pose.position; }

  int count_ = 0;
};

// C 3.5" from both A and B: on the perpendicular bisector of A-B.
const double kCx = 21.25;
const double kCy = 10.0 + std::sqrt(3.5 * 3.5 - 1.25 * 1.25);

TEST_F(Coherency, GEN_09_a_model_over_3_inches_from_the_rest_is_cut_off) {
  arrange(kCx, kCy);
  EXPECT_NEAR(table::distance(at(2), at(0)), 3.5, 1e-12);
  EXPECT_NEAR(table::distance(at(2), at(1)), 3.5, 1e-12);
  EXPECT_FALSE(unit_coherent(state_, 0));
  // The catalogue's other half: C 3.0" from B is back in the chain (3" is inclusive).
  place(2, 22.5, 13.0, 0.0);
  EXPECT_TRUE(unit_coherent(state_, 0));
}

TEST_F(Coherency, ADV_19_a_split_unit_closes_ranks_before_it_moves_on) {
  arrange(kCx, kCy);
  const auto refused = refusal_of(illegal_reason(state_, move(0, 2.0, 0.0)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("close ranks"), std::string::npos) << refused.text;
  // The listing offers the one move there is.
  int moves = 0;
  for (const auto& a : legal_actions(state_)) {
    if (a.kind != ActionKind::move) continue;
    ++moves;
    EXPECT_EQ(a.mode, table::MoveMode::close_ranks);
    EXPECT_EQ(a.dx, 0.0);
    EXPECT_EQ(a.dy, 0.0);
  }
  EXPECT_EQ(moves, 1);
  const table::Point a_before = at(0);
  const table::Point b_before = at(1);
  const table::Point c_before = at(2);
  must(close_ranks());
  // A and B stand; C walks straight toward A (the nearer of two equals: the first) until 2.5"
  // from it: 1" along the line from C to A.
  EXPECT_EQ(at(0).x, a_before.x);
  EXPECT_EQ(at(0).y, a_before.y);
  EXPECT_EQ(at(1).x, b_before.x);
  EXPECT_EQ(at(1).y, b_before.y);
  EXPECT_NEAR(table::distance(at(2), at(0)), 2.5, 1e-9);
  EXPECT_NEAR(table::distance(at(2), c_before), 1.0, 1e-9);
  EXPECT_NEAR(table::distance(c_before, at(2)) + table::distance(at(2), at(0)),
              table::distance(c_before, at(0)), 1e-9)
      << "a straight line";
  EXPECT_TRUE(unit_coherent(state_, 0));
  EXPECT_EQ(state_.action_points, 1) << "a move action (ACT-09)";
  EXPECT_TRUE(state_.units[0].own_turn.moved_this_turn);
  bool logged_move = false;
  for (const auto& e : log_)
    if (e.value("type", "") == "move" && e.value("rule", "") == "ADV-19") {
      logged_move = true;
      EXPECT_NEAR(e["inches"].get<double>(), 1.0, 1e-9);
    }
  EXPECT_TRUE(logged_move);
  // Whole again, it moves as a body.
  EXPECT_EQ(illegal_reason(state_, move(0, 2.0, 0.0)), "");
  EXPECT_EQ(refusal_of(illegal_reason(state_, close_ranks())).rule, "GEN-09")
      << "no ranks left to close";
}

TEST_F(Coherency, ADV_19_a_straggler_beyond_its_move_closes_in_over_several_moves) {
  arrange(20.0, 19.5);  // 9.5" north of A: 7" to go, M4
  must(close_ranks());
  EXPECT_NEAR(table::distance(at(2), {20.0, 15.5}), 0.0, 1e-9) << "4\" straight toward A";
  EXPECT_FALSE(unit_coherent(state_, 0));
  must(close_ranks());
  EXPECT_NEAR(table::distance(at(2), at(0)), 2.5, 1e-9);
  EXPECT_TRUE(unit_coherent(state_, 0));
}

TEST_F(Coherency, ADV_19_stragglers_close_up_on_those_already_back) {
  arrange(20.0, 15.0);          // C 5" north of A
  place(3, 20.0, 20.0, 180.0);  // D, another Marine 5" beyond C (brought back to the table)
  state_.models[3].pose.alive = true;
  state_.models[3].wounds_left = 1;
  EXPECT_FALSE(unit_coherent(state_, 0));
  must(close_ranks());
  // C comes to 2.5" of A, at (20, 12.5); D then walks toward C, the nearest of the joined, its
  // full 4" to (20, 16): 3.5" from C, still cut off.
  EXPECT_NEAR(table::distance(at(2), {20.0, 12.5}), 0.0, 1e-9);
  EXPECT_NEAR(table::distance(at(3), {20.0, 16.0}), 0.0, 1e-9);
  must(close_ranks());
  EXPECT_NEAR(table::distance(at(3), {20.0, 15.0}), 0.0, 1e-9) << "2.5\" from C";
  EXPECT_TRUE(unit_coherent(state_, 0));
}

TEST_F(Coherency, ADV_19_a_straggler_that_cannot_get_nearer_leaves_the_unit_free_to_move) {
  // C stands beyond a house from A and B: it walks up to the house and can get no nearer.
  arrange(kCx, 15.0,
          "terrain:\n  - {id: house, kind: building, height: 6, polygon: [[15, 11], [30, 11], [30, "
          "13.5], [15, 13.5]]}\n");
  const double before = table::distance(at(2), at(0));
  must(close_ranks());
  EXPECT_LT(table::distance(at(2), at(0)), before - 0.05);
  EXPECT_GE(at(2).y, 13.5 - 1e-6) << "not into the house";
  EXPECT_FALSE(unit_coherent(state_, 0));
  const auto refused = refusal_of(illegal_reason(state_, close_ranks()));
  EXPECT_EQ(refused.rule, "GEN-09");
  EXPECT_NE(refused.text.find("cannot get any nearer"), std::string::npos) << refused.text;
  // No way to mend it, so the squad is not held: it moves as a body (sub-units are not built).
  EXPECT_EQ(illegal_reason(state_, move(0, 0.0, 0.5)), "");
}

TEST_F(Coherency, ADV_19_with_the_option_off_the_split_unit_moves_as_a_body) {
  arrange(kCx, kCy, "options: {coherency: false}\n");
  EXPECT_EQ(illegal_reason(state_, move(0, 2.0, 0.0)), "");
  const auto refused = refusal_of(illegal_reason(state_, close_ranks()));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("switched off"), std::string::npos) << refused.text;
  for (const auto& a : legal_actions(state_))
    EXPECT_NE(a.mode, table::MoveMode::close_ranks) << describe(a);
}

TEST_F(Coherency, ADV_19_a_free_move_may_close_ranks) {
  arrange(kCx, kCy);
  // Red's next turn: the squad has not tried to activate, and no enemy is within 12" (MOVE-14).
  state_.units[0].own_turn = {};
  state_.phase = Phase::activation;
  state_.active_unit = -1;
  state_.action_points = 0;
  const Action free = close_ranks(ActionKind::free_move);
  ASSERT_EQ(illegal_reason(state_, free), "");
  bool listed = false;
  for (const auto& a : legal_actions(state_))
    listed = listed || (a.kind == ActionKind::free_move && a.unit == 0 &&
                        a.mode == table::MoveMode::close_ranks);
  EXPECT_TRUE(listed);
  must(free);
  EXPECT_TRUE(unit_coherent(state_, 0));
  EXPECT_TRUE(state_.units[0].own_turn.free_moved);
}

TEST_F(Coherency, ADV_19_the_state_view_shows_a_unit_out_of_coherency) {
  arrange(kCx, kCy);
  const auto flagged = [&] {
    const auto badges = state_view(state_)["units"][0]["badges"];
    return std::find(badges.begin(), badges.end(), "out_of_coherency") != badges.end();
  };
  EXPECT_TRUE(flagged());
  must(close_ranks());
  EXPECT_FALSE(flagged());
}

}  // namespace
}  // namespace arap::game
