// ADV-02 suppression points and ADV-03 Regroup (optional, option suppression_points): one enemy
// unit's fire scoring more hits than a quarter of a unit calls for an Ld test, and a failure gives
// an S-point: -1 to hit on the unit's shooting and -1 Ld on its fire tests. One wears off each game
// turn; a heavy-casualty test sheds them all (after being modified by them); Regroup sheds D6.
// With scripted dice.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/record.hpp"
#include "rules/shooting_goal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr const char* kOn = "options: {suppression_points: true}\n";

// Red: three Marines with bolters (models 1-3 of a Tactical squad, unit 0) at y = 8. Blue: the nine
// Guardsmen (Ld 7) of an Infantry squad (unit 1, models 10-19) without their Sergeant (model 10),
// one of them 20" north (one bolter shot each). The squad counts as ten strong (SHOOT-25: its
// strength at the start).
class SuppressionPoints : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = kOn) {
    begin(test::battle("s_points", "space_marines", "[{unit: tactical_squad, at: [24, 8]}]",
                       "imperial_guard", "[{unit: infantry_squad, at: [24, 40], facing: 180}]",
                       options),
          3);
    for (int m = 0; m < 10; ++m)
      if (m < 1 || m > 3) remove_model(m);
    for (int m = 1; m <= 3; ++m) place(m, 20.0 + 2.0 * m, 8, 0);
    remove_model(10);
    // Only model 11 stands within the bolters' 24": every hit falls on it, with no dice to
    // allocate them (SHOOT-22); the rest wait at the far edge.
    place(11, 24, 28, 180);
    for (int m = 12; m < 20; ++m) place(m, 4.0 + 5.0 * (m - 12), 47, 180);
    ASSERT_EQ(state_.units[1].strength_at_turn_end, 10);
    ASSERT_EQ(state_.leadership(1), 7);
  }

  // Red's Marines, holding `points` S-points, activate with one die and regroup rolling `roll`.
  void regroup_with(int points, int roll) {
    state_.units[0].s_points = static_cast<std::int8_t>(points);
    script({1});
    must(activate(0, 1));
    script({roll});
    must(act(ActionKind::regroup, 0));
  }

  // Red activates with one die and its three bolters fire: `hits` of them hit, none wounds.
  void red_fires(int hits) {
    script({1});
    must(activate(0, 1));
    for (int i = 0; i < 3; ++i) script({i < hits ? 1 : 6});
    for (int i = 0; i < hits; ++i) script({1});  // a natural 1 never wounds
  }
};

TEST_F(SuppressionPoints, ADV_02_three_hits_on_ten_call_for_the_test_and_a_failure_gives_one) {
  arrange();
  red_fires(3);
  script({6, 5});  // 11 against Ld 7: failed
  must(shoot(0, 1));
  EXPECT_TRUE(dice_.exhausted());
  const auto tests = rolls("ADV-02");
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0].at("goal").get<int>(), 7);
  EXPECT_EQ(state_.units[1].s_points, 1);
  EXPECT_TRUE(logged("s_points"));
  EXPECT_NE(battle_report(*setup_, log_)
                .find("Infantry Squad (Blue, unit 1) is suppressed: 1 S-point now"),
            std::string::npos)
      << battle_report(*setup_, log_);
  // Its shooting is -1 to hit, and its fire tests are at Ld 6; rout and rally tests are not.
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  const auto groups = fire_groups(state_, shoot(1, 0));
  ASSERT_FALSE(groups.empty());
  EXPECT_EQ(groups[0].situation.s_points, 1);
  auto sit = groups[0].situation;
  const int with = rules::shooting_hit_goal(sit).goal;
  sit.s_points = 0;
  EXPECT_EQ(rules::shooting_hit_goal(sit).goal - with, 1);
  EXPECT_EQ(detail::s_point_ld_modifier(state_, 1, rules::LdTest::pinning), -1);
  EXPECT_EQ(detail::s_point_ld_modifier(state_, 1, rules::LdTest::heavy_casualty), -1);
  EXPECT_EQ(detail::s_point_ld_modifier(state_, 1, rules::LdTest::rout), 0);
  EXPECT_EQ(detail::s_point_ld_modifier(state_, 1, rules::LdTest::rally), 0);
}

TEST_F(SuppressionPoints, ADV_02_a_passed_test_gives_none) {
  arrange();
  red_fires(3);
  script({3, 4});  // 7: passed
  must(shoot(0, 1));
  EXPECT_EQ(state_.units[1].s_points, 0);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(SuppressionPoints, ADV_02_two_hits_on_ten_are_not_more_than_a_quarter) {
  arrange();
  red_fires(2);
  must(shoot(0, 1));
  EXPECT_TRUE(rolls("ADV-02").empty());
  EXPECT_TRUE(dice_.exhausted()) << "no test rolled";
}

// The hits of one enemy unit add up over its actions in the turn: 2, then 1 more.
TEST_F(SuppressionPoints, ADV_02_one_units_hits_add_up_over_the_turn) {
  arrange();
  script({1, 1});
  must(activate(0, 2));
  script({1, 1, 6, 1, 1});  // two hits, no wounds
  must(shoot(0, 1));
  EXPECT_TRUE(rolls("ADV-02").empty());
  script({1, 6, 6, 1});  // one more hit: three in all
  script({6, 6});        // the test fails
  must(shoot(0, 1));
  EXPECT_EQ(rolls("ADV-02").size(), 1u);
  EXPECT_EQ(state_.units[1].s_points, 1);
}

TEST_F(SuppressionPoints, ADV_02_switched_off_no_test_and_no_points) {
  arrange("");
  red_fires(3);
  must(shoot(0, 1));
  EXPECT_TRUE(rolls("ADV-02").empty());
  EXPECT_EQ(state_.units[1].s_points, 0);
}

// 2.3's variant: no test; each enemy unit that hits gives one S-point (two for Ordnance).
TEST_F(SuppressionPoints, ADV_02_every_hit_variant_gives_one_point_per_firing_unit) {
  arrange("options: {suppression_points: true}\nrulings: {ruling.ADV-02: everyHit}\n");
  red_fires(1);
  must(shoot(0, 1));
  EXPECT_EQ(state_.units[1].s_points, 1);
  EXPECT_TRUE(rolls("ADV-02").empty());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(SuppressionPoints, ADV_02_two_points_at_the_end_of_a_game_turn_become_one) {
  arrange();
  state_.units[1].s_points = 2;
  must(act(ActionKind::end_phase));  // Red's player turn ends: the game turn goes on
  EXPECT_EQ(state_.units[1].s_points, 2);
  must(act(ActionKind::end_phase));  // Blue's ends too: game turn 1 is over
  EXPECT_EQ(state_.turn, 2);
  EXPECT_EQ(state_.units[1].s_points, 1);
}

// SHOOT-31 with S-points: the heavy-casualty test is taken at Ld 7 - 2 and sheds them all; the
// core suppression test (SHOOT-33) is not taken under S-points.
TEST_F(SuppressionPoints, ADV_02_the_heavy_casualty_test_is_modified_by_them_and_sheds_them) {
  arrange();
  must(act(ActionKind::end_phase));
  state_.units[1].s_points = 2;
  state_.units[1].own_turn.casualties_taken = 3;  // 3 of 10: 25% or more
  state_.units[1].own_turn.hits_taken = 9;
  script({1, 1});  // the test passes
  script({1});     // the activation roll
  must(activate(1, 1));
  const auto tests = rolls("SHOOT-31");
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0].at("goal").get<int>(), 5);
  EXPECT_EQ(state_.units[1].s_points, 0);
  EXPECT_TRUE(rolls("SHOOT-33").empty());
}

TEST_F(SuppressionPoints, ADV_02_S_points_replace_the_core_suppression_test) {
  arrange();
  must(act(ActionKind::end_phase));
  state_.units[1].own_turn.hits_taken = 9;  // SHOOT-33 would test
  script({1});
  must(activate(1, 1));
  EXPECT_TRUE(rolls("SHOOT-33").empty());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(SuppressionPoints, ADV_02_a_pinned_unit_sheds_them) {
  arrange();
  state_.units[1].s_points = 3;
  // A sniper-like pin: SHOOT-30's automatic pin through the engine's own pin().
  GameState& s = state_;
  detail::Context c(s, &log_);
  detail::pin(c, 1, "SHOOT-28");
  EXPECT_EQ(state_.units[1].s_points, 0);
}

TEST_F(SuppressionPoints, ADV_03_regroup_rolling_3_sheds_3_of_4) {
  arrange();
  regroup_with(4, 3);
  EXPECT_EQ(state_.units[0].s_points, 1);
  const auto regroup = rolls("ADV-03");
  ASSERT_EQ(regroup.size(), 1u);
  EXPECT_EQ(regroup[0].at("shed").get<int>(), 3);
  EXPECT_EQ(state_.phase, Phase::activation) << "its one AP spent";
}

TEST_F(SuppressionPoints, ADV_03_regroup_rolling_6_leaves_none_not_fewer) {
  arrange();
  regroup_with(4, 6);
  EXPECT_EQ(state_.units[0].s_points, 0);
}

TEST_F(SuppressionPoints, ADV_03_regroup_is_refused_without_points_or_the_option) {
  arrange();
  script({1});
  must(activate(0, 1));
  auto refused = refusal(state_, act(ActionKind::regroup, 0));
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->rule, "ADV-03");
  const auto options = legal_actions(state_);
  EXPECT_TRUE(std::none_of(options.begin(), options.end(),
                           [](const Action& a) { return a.kind == ActionKind::regroup; }));
  state_.units[0].s_points = 1;
  EXPECT_FALSE(refusal(state_, act(ActionKind::regroup, 0)).has_value());
  arrange("");
  script({1});
  must(activate(0, 1));
  state_.units[0].s_points = 1;
  refused = refusal(state_, act(ActionKind::regroup, 0));
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->text.find("switched off"), std::string::npos);
}

}  // namespace
}  // namespace arap::game
