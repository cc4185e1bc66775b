// ADV-74's reform (option coherency, ruling.ADV-74): once no part of a split unit is in close
// combat, the smaller part goes to the main body (the leader's part, else the largest): a move of
// it that does not bring it nearer is refused, and the listing offers only moves that do. Equal
// parts without their leader meet midway; a smaller part pinned in a firefight is gone to by the
// main body. Mobs (ADV-20) and the ruling's `guidance` are free.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Tactical Squad (unit 0, Veteran Sergeant model 0 leading nine Marines; deployed at
// (24, 26), clear of any test's terrain) placed with models 0-5 two inches apart from x = 8 and
// models 6-9 from x = `second`, on y = 10, facing east; split at once, so models 6-9 stand in the
// squad's first slot. Blue's Slugga Boyz (unit 1) far off.
class Reform : public test::ScriptedGame {
 protected:
  void arrange(double second, int first_part = 6, const std::string& extra = "") {
    begin(test::battle("reform_" + std::to_string(++count_), "space_marines",
                       "[{unit: tactical_squad, at: [24, 26], facing: 0}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", extra),
          3);
    state_.phasing = 0;
    for (int m = 0; m < first_part; ++m) place(m, 8.0 + 2.0 * m, 10.0, 90.0);
    for (int m = first_part; m < 10; ++m) place(m, second + 2.0 * (m - first_part), 10.0, 90.0);
    must(act(ActionKind::split, 0));
    part_ = setup_->units[0].first_slot;
    ASSERT_EQ(state_.models[9].pose.unit, part_);
    ASSERT_EQ(state_.models[0].pose.unit, 0);
  }
  std::string refused_rule(const Action& a) { return refusal_of(illegal_reason(state_, a)).rule; }
  // Whether every move listed for `unit` now brings its centre nearer to `toward`'s, and one is.
  void every_listed_move_goes_to(int unit, int toward) {
    const table::Point from = detail::unit_centre(state_, unit);
    const table::Point at = detail::unit_centre(state_, toward);
    int moves = 0;
    for (const Action& a : legal_actions(state_)) {
      if (a.unit != unit || a.kind != ActionKind::move) continue;
      if (a.dx == 0.0 && a.dy == 0.0) continue;  // closing ranks (none here)
      ++moves;
      const table::Point to{from.x + a.dx, from.y + a.dy};
      EXPECT_LT(table::distance(to, at), table::distance(from, at)) << describe(a);
    }
    EXPECT_GT(moves, 0);
  }

  int part_ = -1;
  int count_ = 0;
};

TEST_F(Reform, ADV_74_the_smaller_part_moves_only_toward_the_main_body) {
  arrange(30.0);  // the Sergeant's six from x 8 to 18; the four from x 30 to 36
  EXPECT_EQ(detail::reform_target(state_, part_), 0);
  EXPECT_EQ(detail::reform_target(state_, 0), -1) << "the main body need not move";
  // The main body goes where it likes.
  script({1, 1});
  must(activate(0, 2));
  EXPECT_EQ(illegal_reason(state_, move(0, -2.5, 0.0)), "");
  must(move(0, 0.0, -3.0));
  must(act(ActionKind::end_activation, 0));
  // The four: away and sideways are refused; toward is allowed.
  script({1, 1});
  must(activate(part_, 2));
  EXPECT_EQ(refused_rule(move(part_, 3.0, 0.0)), "ADV-74");
  EXPECT_EQ(refused_rule(move(part_, 0.0, 3.0)), "ADV-74");
  every_listed_move_goes_to(part_, 0);
  must(move(part_, -2.5, 0.0));
  must(move(part_, -2.5, 0.0));  // model 6 at x 25: 7.6" from model 5, now at (18, 7)
  EXPECT_EQ(state_.models[6].pose.unit, part_) << "not yet within 3\"";
}

TEST_F(Reform, ADV_74_the_parts_merge_when_the_smaller_one_reaches_the_body) {
  arrange(24.0);  // model 5 at x 18, model 6 at x 24: 6" apart
  script({1});
  must(activate(part_, 1));
  EXPECT_EQ(refused_rule(move(part_, 2.0, 0.0)), "ADV-74");
  must(move(part_, -3.5, 0.0));  // model 6 to x 20.5, 2.5" from model 5: the one AP is spent
  for (int m = 0; m < 10; ++m) EXPECT_EQ(state_.models[m].pose.unit, 0) << m;
  EXPECT_EQ(detail::reform_target(state_, 0), -1) << "whole again";
}

TEST_F(Reform, ADV_74_equal_parts_without_their_leader_meet_midway) {
  arrange(30.0, 5);  // five and five
  remove_model(0);   // the Sergeant falls: four against five
  remove_model(9);   // four and four
  // Neither part has the leader; they are as large as each other: each goes to the other.
  EXPECT_EQ(detail::reform_target(state_, 0), part_);
  EXPECT_EQ(detail::reform_target(state_, part_), 0);
  script({1, 1});
  must(activate(0, 2));
  EXPECT_EQ(refused_rule(move(0, -2.5, 0.0)), "ADV-74");
  EXPECT_EQ(illegal_reason(state_, move(0, 3.0, 0.0)), "");
}

TEST_F(Reform, ADV_74_the_largest_part_is_the_main_body_when_the_leader_is_dead) {
  arrange(30.0);
  remove_model(0);  // five against four: the five are the main body
  EXPECT_EQ(detail::reform_target(state_, 0), -1);
  EXPECT_EQ(detail::reform_target(state_, part_), 0);
}

TEST_F(Reform, ADV_74_the_main_body_goes_to_a_smaller_part_pinned_in_a_firefight) {
  arrange(30.0);
  state_.units[part_].own_turn.pinned = true;
  EXPECT_EQ(detail::reform_target(state_, part_), -1) << "held: the body comes to it";
  EXPECT_EQ(detail::reform_target(state_, 0), part_);
  script({1, 1});
  must(activate(0, 2));
  EXPECT_EQ(refused_rule(move(0, -2.5, 0.0)), "ADV-74");
  every_listed_move_goes_to(0, part_);
  must(move(0, 4.0, 0.0));
}

TEST_F(Reform, ADV_74_no_part_reforms_while_one_is_in_close_combat) {
  arrange(30.0);
  script({1, 1});
  must(activate(part_, 2));
  // The main body locked with the Boyz (set by hand: only the reform is asked here).
  state_.units[0].locked = std::uint64_t{1} << 1;
  EXPECT_EQ(detail::reform_target(state_, part_), -1);
  EXPECT_EQ(illegal_reason(state_, move(part_, 3.0, 0.0)), "");
  state_.units[0].locked = 0;
  state_.units[0].routing = true;  // a routing part is not out of the fight either
  EXPECT_EQ(detail::reform_target(state_, part_), -1);
  state_.units[0].routing = false;
  EXPECT_EQ(refused_rule(move(part_, 3.0, 0.0)), "ADV-74");
}

TEST_F(Reform, ADV_74_a_part_whose_way_is_blocked_moves_as_it_can) {
  // A building between the parts, its wall a tenth of an inch from the first of the four: not
  // even a step toward the body is open.
  arrange(30.0, 6,
          "terrain:\n  - {id: wall, kind: building, polygon: [[27, 4], [29.9, 4], [29.9, 16], "
          "[27, 16]]}\n");
  script({1, 1});
  must(activate(part_, 2));
  EXPECT_EQ(illegal_reason(state_, move(part_, 3.0, 0.0)), "");
}

TEST_F(Reform, ADV_74_under_the_ruling_guidance_the_parts_move_as_their_player_likes) {
  arrange(30.0, 6, "rulings: {ruling.ADV-74: guidance}\n");
  EXPECT_EQ(detail::reform_target(state_, part_), -1);
  script({1, 1});
  must(activate(part_, 2));
  EXPECT_EQ(illegal_reason(state_, move(part_, 3.0, 0.0)), "");
}

TEST(ReformMobs, ADV_74_a_mob_never_must_reform) {
  // Rioters (ADV-20): four and two, 12" apart; the two walk off as their player likes.
  dice::ScriptedDice dice;
  auto setup =
      test::battle("reform_mob", "imperial_guard", "[{unit: rioters, at: [24, 10], facing: 0}]",
                   "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]");
  GameState state = initial_state(*setup, 3);
  state.scripted_dice = &dice;
  state.phasing = 0;
  for (int m = 0; m < 4; ++m) state.models[m].pose.position = {8.0 + 2.0 * m, 10.0};
  for (int m = 4; m < 6; ++m) state.models[m].pose.position = {26.0 + 2.0 * (m - 4), 10.0};
  ASSERT_EQ(apply(state, act(ActionKind::split, 0), nullptr), "");
  const int part = setup->units[0].first_slot;
  ASSERT_EQ(state.models[5].pose.unit, part);
  EXPECT_EQ(detail::reform_target(state, part), -1);
  dice.push(1);
  Action activate = act(ActionKind::activate, part);
  activate.dice = 1;
  ASSERT_EQ(apply(state, activate, nullptr), "");
  Action away = act(ActionKind::move, part);
  away.dx = 3.0;
  EXPECT_EQ(illegal_reason(state, away), "");
}

}  // namespace
}  // namespace arap::game
