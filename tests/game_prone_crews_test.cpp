// ADV-28 prone weapon crews and posture changes (advanced, option prone_crews): a weapon crew
// that stood still through its last turn, and has not moved since, is shot at as if prone
// (MOVE-10: -1 to hit beyond 4", not with cover); going prone or standing up counts as moving,
// which in 2.4 costs the unit its corrective aiming (SHOOT-21). Scripted dice.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/view.hpp"
#include "rules/shooting_goal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: one Marine with a bolter (model 1 of a Tactical squad, unit 0) at (10, 10) facing north.
// Blue: a Heavy Weapons Team (unit 1, models 10-11), a weapon crew, in the open `gap` inches
// north.
class ProneCrews : public test::ScriptedGame {
 protected:
  void arrange(double gap, const std::string& options = "") {
    begin(test::battle("crews", "space_marines", "[{unit: tactical_squad, at: [10, 10]}]",
                       "imperial_guard", "[{unit: heavy_weapons_team, at: [10, 40], facing: 180}]",
                       options),
          3);
    for (int m = 0; m < 10; ++m)
      if (m != 1) remove_model(m);
    place(1, 10, 10, 0);
    place(10, 10, 10 + gap, 180);
    place(11, 11, 10 + gap, 180);
    ASSERT_TRUE(setup_->units[1].weapon_crew);
  }

  // The Marine's bolter shot at the crew, and its goal to hit.
  rules::ShootingSituation marine_shot() const {
    const auto poses = state_.table_models();
    const auto shots = detail::plan_fire(state_, poses, 0, 1, false);
    EXPECT_EQ(shots.size(), 1u);
    return detail::situation(state_, poses, 0, 1, shots.front(), rules::ShotKind::direct);
  }
  int goal() const { return rules::shooting_hit_goal(marine_shot()).goal; }
};

TEST_F(ProneCrews, ADV_28_a_crew_that_stood_still_is_shot_at_as_if_prone_beyond_4_inches) {
  arrange(10.0);
  EXPECT_TRUE(detail::crew_claims_prone(state_, 1));
  EXPECT_TRUE(marine_shot().target_prone);
  const int claimed = goal();
  arrange(10.0, "options: {prone_crews: false}\n");
  EXPECT_FALSE(detail::crew_claims_prone(state_, 1));
  EXPECT_EQ(goal(), 3);   // BS4, -1 for a group of two (SHOOT-11j), the crew standing
  EXPECT_EQ(claimed, 2);  // MOVE-10: -1 more beyond 4"
  arrange(3.5);
  EXPECT_TRUE(marine_shot().target_prone);
  EXPECT_EQ(goal(), 3);  // within 4" the claim gives nothing
}

TEST_F(ProneCrews, ADV_28_a_crew_that_moved_in_its_last_turn_claims_nothing) {
  arrange(10.0);
  must(act(ActionKind::end_phase));  // Red's turn ends; Blue's crew moves an inch in its turn
  script({1});
  must(activate(1, 1));
  must(move(1, 1.0, 0.0));
  EXPECT_FALSE(detail::crew_claims_prone(state_, 1));  // moved this turn
  if (state_.phase == Phase::active) must(act(ActionKind::end_activation));
  must(act(ActionKind::end_phase));  // Blue's turn ends: game turn 2, Red's turn
  ASSERT_EQ(state_.turn, 2);
  EXPECT_TRUE(state_.units[1].stirred_last_turn);
  EXPECT_FALSE(detail::crew_claims_prone(state_, 1));
  EXPECT_FALSE(marine_shot().target_prone);
  const auto badges = state_view(state_)["units"][1]["badges"];
  EXPECT_EQ(std::count(badges.begin(), badges.end(), "crew_prone"), 0);
}

TEST_F(ProneCrews, ADV_28_a_still_crew_shows_the_badge) {
  arrange(10.0);
  const auto badges = state_view(state_)["units"][1]["badges"];
  EXPECT_EQ(std::count(badges.begin(), badges.end(), "crew_prone"), 1);
}

// The catalogue's case in 2.4 terms: a unit that stands up this turn has moved, and loses the
// corrective aim it had on a still target it shot at last turn.
TEST_F(ProneCrews, ADV_28_standing_up_counts_as_moving_and_loses_corrective_aim) {
  arrange(10.0);
  state_.units[0].corrective_target = 1;  // it shot at the crew last turn without moving
  state_.models[1].prone = true;
  script({1, 1});
  must(activate(0, 2));
  EXPECT_TRUE(marine_shot().corrective_aiming);
  must(act(ActionKind::stand_up, 0));
  EXPECT_FALSE(marine_shot().corrective_aiming);
  // Switched off, the posture change is not a move.
  arrange(10.0, "options: {prone_crews: false}\n");
  state_.units[0].corrective_target = 1;
  state_.models[1].prone = true;
  script({1, 1});
  must(activate(0, 2));
  must(act(ActionKind::stand_up, 0));
  EXPECT_TRUE(marine_shot().corrective_aiming);
}

TEST_F(ProneCrews, ADV_28_going_prone_counts_as_moving) {
  arrange(10.0);
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  must(act(ActionKind::go_prone, 1));
  EXPECT_TRUE(state_.units[1].own_turn.moved_this_turn);
  EXPECT_FALSE(detail::crew_claims_prone(state_, 1));
}

}  // namespace
}  // namespace arap::game
