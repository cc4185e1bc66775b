// ADV-01 (optional, option going_to_ground): Going to Ground. Fire declared at a unit waits for its
// answer before any dice are rolled; gone to ground, the unit's armour save after AP is one step
// better (6+ with none left, never better than 2+), it takes no pinning tests, and it is not
// activated until its next player turn ends (ruling A-42). With scripted dice.
#include <gtest/gtest.h>

#include <algorithm>

#include "advice/preview.hpp"
#include "game/view.hpp"
#include "rules/wound_save.hpp"
#include "support/scripted_game.hpp"
#include "support/sniper_fixture.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr const char* kOn = "options: {going_to_ground: true}\n";

bool has_action(const std::vector<Action>& actions, ActionKind kind, int unit) {
  return std::any_of(actions.begin(), actions.end(),
                     [&](const Action& a) { return a.kind == kind && a.unit == unit; });
}

// The catalogue's cases for the save, rule by rule.
TEST(GoingToGroundSave, ADV_01_the_save_improves_after_AP) {
  const auto goal = [](std::optional<int> armour, std::optional<int> ap, bool down,
                       std::optional<int> invulnerable = std::nullopt) {
    rules::SaveInputs in{armour, invulnerable, ap};
    in.gone_to_ground = down;
    return rules::save_goal(in);
  };
  EXPECT_EQ(goal(4, 4, true), 6) << "AP4 takes the 4+ away: down, the unit saves on 6+, not 3+";
  EXPECT_DOUBLE_EQ(rules::p_save(goal(4, 4, true)), 1.0 / 6.0);
  EXPECT_EQ(goal(4, 5, true), 3) << "AP5 leaves the 4+: one step better";
  EXPECT_DOUBLE_EQ(rules::p_save(goal(4, 5, true)), 2.0 / 3.0);
  EXPECT_EQ(goal(2, std::nullopt, true), 2) << "never better than 2+";
  EXPECT_DOUBLE_EQ(rules::p_save(goal(2, std::nullopt, true)), 5.0 / 6.0);
  EXPECT_EQ(goal(std::nullopt, std::nullopt, true), 6) << "no save at all: 6+";
  EXPECT_EQ(goal(4, 5, false), 4) << "standing, nothing changes";
  EXPECT_EQ(goal(4, 4, false), std::nullopt);
  // Ruling A-42: an invulnerable save is not improved; the better of the two is rolled.
  EXPECT_EQ(goal(2, 2, true, 5), 5) << "6+ from going to ground, 5+ invulnerable";
  EXPECT_EQ(goal(3, 5, true, 5), 2) << "the 3+ left by AP5 becomes 2+";
}

// Red: one Marine with a bolter (model 1 of a Tactical squad, unit 0, models 0-9) at (24, 8)
// facing north. Blue: a Guardsman (model 11 of an Infantry squad, unit 1, models 10-19; T3, 5+
// save) 20" north of him, one shot's range; a second Guardsman (model 12) far off keeps the squad
// on the table. The bolter's AP5 takes the 5+ save away.
class GoingToGround : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = kOn) {
    begin(test::battle("going_to_ground", "space_marines", "[{unit: tactical_squad, at: [24, 8]}]",
                       "imperial_guard", "[{unit: infantry_squad, at: [24, 40], facing: 180}]",
                       options),
          3);
    for (int m = 0; m < 10; ++m)
      if (m != 1) remove_model(m);
    place(1, 24, 8, 0);
    for (int m = 10; m < 20; ++m)
      if (m != 11 && m != 12) remove_model(m);
    place(11, 24, 28, 180);
    place(12, 4, 46, 180);
  }

  void red_activates(int dice = 1) {
    for (int i = 0; i < dice; ++i) script({1});
    must(activate(0, dice));
  }
};

TEST_F(GoingToGround, ADV_01_declared_fire_waits_for_its_target_to_answer) {
  arrange();
  red_activates();
  must(shoot(0, 1));
  EXPECT_EQ(state_.phase, Phase::fire_response);
  EXPECT_EQ(state_.side_deciding(), 1);
  EXPECT_EQ(pending(state_).unit, 1);
  EXPECT_TRUE(rolls("SHOOT-10").empty()) << "no die of the fire is rolled yet";
  EXPECT_TRUE(logged("fire_declared"));
  const auto options = legal_actions(state_);
  ASSERT_EQ(options.size(), 2u);
  EXPECT_TRUE(has_action(options, ActionKind::go_to_ground, 1));
  EXPECT_TRUE(has_action(options, ActionKind::stay_up, 1));
  const auto declared = declared_fire(state_);
  ASSERT_TRUE(declared.has_value());
  EXPECT_EQ(*declared, shoot(0, 1));
  // Only the target answers, and the firer can do nothing until it has.
  const auto wrong = refusal(state_, act(ActionKind::go_to_ground, 0));
  ASSERT_TRUE(wrong.has_value());
  EXPECT_EQ(wrong->rule, "ADV-01");
  EXPECT_TRUE(refusal(state_, shoot(0, 1)).has_value());
}

TEST_F(GoingToGround, ADV_01_gone_to_ground_the_Guardsman_saves_on_6_against_AP5) {
  arrange();
  red_activates();
  must(shoot(0, 1));
  script({1, 6, 6});  // hits (BS4), wounds (3+), and the 6+ save holds
  must(act(ActionKind::go_to_ground, 1));
  EXPECT_TRUE(state_.models[11].pose.alive);
  EXPECT_TRUE(dice_.exhausted()) << "the save was rolled";
  EXPECT_TRUE(state_.units[1].gone_to_ground());
  EXPECT_EQ(state_.units[1].ground_turns, 1) << "down in the enemy's turn: until its own ends";
  EXPECT_TRUE(logged("gone_to_ground"));
  // The fire spent the Marine's one AP: his activation is over.
  EXPECT_EQ(state_.phase, Phase::activation);
  const auto view = state_view(state_);
  bool badge = false;
  for (const auto& unit : view["units"])
    for (const auto& b : unit["badges"]) badge = badge || b == "gone_to_ground";
  EXPECT_TRUE(badge);
}

TEST_F(GoingToGround, ADV_01_staying_up_the_Guardsman_has_no_save) {
  arrange();
  red_activates();
  must(shoot(0, 1));
  script({1, 6});  // hits and wounds; AP5 leaves no save to roll
  must(act(ActionKind::stay_up, 1));
  EXPECT_FALSE(state_.models[11].pose.alive);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_FALSE(state_.units[1].gone_to_ground());
}

TEST_F(GoingToGround, ADV_01_switched_off_fire_resolves_at_once) {
  arrange("");
  red_activates();
  script({1, 6});
  must(shoot(0, 1));
  EXPECT_FALSE(state_.models[11].pose.alive);
  EXPECT_NE(state_.phase, Phase::fire_response);
  must(act(ActionKind::end_phase));
  const auto refused = refusal(state_, act(ActionKind::go_to_ground, 1));
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->rule, "ADV-01");
  EXPECT_NE(refused->text.find("switched off"), std::string::npos) << refused->text;
}

TEST_F(GoingToGround, ADV_01_a_unit_gone_to_ground_in_the_enemy_turn_is_skipped_in_its_own) {
  arrange();
  red_activates();
  must(shoot(0, 1));
  script({6});  // the shot misses
  must(act(ActionKind::go_to_ground, 1));
  must(act(ActionKind::end_phase));  // Red's player turn ends: Blue's begins
  ASSERT_EQ(state_.phasing, 1);
  ASSERT_EQ(state_.phase, Phase::activation);
  EXPECT_TRUE(state_.units[1].gone_to_ground()) << "Red's turn end does not lift it";
  const auto refused = refusal(state_, activate(1, 2));
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->rule, "ADV-01");
  const auto options = legal_actions(state_);
  EXPECT_FALSE(has_action(options, ActionKind::activate, 1));
  EXPECT_FALSE(has_action(options, ActionKind::free_move, 1)) << "no free move either";
  EXPECT_FALSE(has_action(options, ActionKind::go_to_ground, 1)) << "already down";
  must(act(ActionKind::end_phase));  // Blue's turn ends: the unit gets up
  EXPECT_FALSE(state_.units[1].gone_to_ground());
  EXPECT_EQ(state_.units[1].ground_turns, 0);
}

// In its own turn, instead of activating: it is down through the enemy's turn and its own next.
TEST_F(GoingToGround, ADV_01_going_to_ground_instead_of_activating_lasts_to_its_next_turn_end) {
  arrange();
  EXPECT_TRUE(has_action(legal_actions(state_), ActionKind::go_to_ground, 0));
  must(act(ActionKind::go_to_ground, 0));
  EXPECT_TRUE(state_.units[0].own_turn.attempted) << "its one attempt this turn (ACT-04)";
  EXPECT_EQ(state_.units[0].ground_turns, 2);
  EXPECT_TRUE(dice_.exhausted()) << "no activation roll";
  EXPECT_TRUE(refusal(state_, activate(0, 1)).has_value());
  must(act(ActionKind::end_phase));  // Red's turn ends
  EXPECT_TRUE(state_.units[0].gone_to_ground());
  // Blue fires at the Marines: they are down already, so the fire resolves at once.
  script({1});
  must(activate(1, 1));
  script({6, 6, 6, 6, 6, 6, 6, 6});  // the lasguns' hits miss
  must(shoot(1, 0));
  EXPECT_NE(state_.phase, Phase::fire_response);
  if (state_.phase != Phase::activation) must(act(ActionKind::end_activation, 1));
  must(act(ActionKind::end_phase));  // Blue's turn ends: Red's next turn, still down
  ASSERT_EQ(state_.phasing, 0);
  EXPECT_TRUE(state_.units[0].gone_to_ground());
  EXPECT_EQ(refusal(state_, activate(0, 1))->rule, "ADV-01");
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[0].gone_to_ground());
}

TEST_F(GoingToGround, ADV_01_an_active_unit_that_goes_to_ground_ends_its_activation) {
  arrange();
  red_activates(2);
  ASSERT_EQ(state_.action_points, 2);
  must(act(ActionKind::go_to_ground, 0));
  EXPECT_EQ(state_.phase, Phase::activation) << "the AP left are given up";
  EXPECT_EQ(state_.units[0].ground_turns, 2);
}

TEST_F(GoingToGround, ADV_01_routers_cannot_go_to_ground_and_fire_at_them_resolves_at_once) {
  arrange();
  state_.units[1].routing = true;
  red_activates();
  script({1, 6});
  must(shoot(0, 1));
  EXPECT_NE(state_.phase, Phase::fire_response);
  EXPECT_FALSE(state_.models[11].pose.alive);
}

// Shot at by a pick-up unit before it acts (ACT-08), the activated unit goes to ground: its AP
// are given up and its activation ends once the reaction is over.
TEST_F(GoingToGround, ADV_01_the_activated_unit_that_goes_to_ground_gives_up_its_AP) {
  arrange();
  script({1, 1, 6});  // 2 AP and a failed die for Blue to pick up
  must(activate(0, 3));
  ASSERT_EQ(state_.phase, Phase::pick_up);
  Action pick = act(ActionKind::pick_up);
  pick.picks[0] = {1, 1};
  pick.pick_count = 1;
  script({1});
  must(pick);
  ASSERT_EQ(state_.phase, Phase::reaction);
  must(shoot(1, 0));
  ASSERT_EQ(state_.phase, Phase::fire_response);
  EXPECT_EQ(state_.side_deciding(), 0);
  script({6});  // the lasgun misses
  must(act(ActionKind::go_to_ground, 0));
  EXPECT_EQ(state_.units[0].ground_turns, 2) << "down in its own turn";
  EXPECT_EQ(state_.phase, Phase::activation) << "the Marines' 2 AP are given up";
  EXPECT_TRUE(dice_.exhausted());
}

// A unit gone to ground picks up no failed dice (ACT-08): picking up is an activation.
TEST_F(GoingToGround, ADV_01_a_unit_gone_to_ground_picks_up_no_dice) {
  arrange();
  state_.units[1].ground_turns = 1;
  script({6, 6});  // two failures: a bust, and the dice are on offer
  must(activate(0, 2));
  EXPECT_NE(state_.phase, Phase::pick_up) << "Blue's only unit is down: nobody may pick up";
}

// The door's odds agree: the preview rolls the better save and no pinning test.
TEST_F(GoingToGround, ADV_01_the_preview_of_fire_at_a_unit_gone_to_ground) {
  arrange();
  red_activates();
  const auto standing = advice::preview(state_, shoot(0, 1));
  ASSERT_EQ(standing.groups.size(), 1u);
  const auto& report = standing.groups[0].report;
  EXPECT_EQ(report.save_goal, std::nullopt);
  // One shot: P(slain) = P(hit) * P(wound 3+), and down, times 5/6 for the failed 6+ save.
  EXPECT_EQ(report.wound_goal.goal, 3);
  EXPECT_NEAR(standing.slain[1], report.p_hit * 2.0 / 3.0, 1e-12);
  state_.units[1].ground_turns = 1;
  const auto down = advice::preview(state_, shoot(0, 1));
  ASSERT_EQ(down.groups.size(), 1u);
  EXPECT_EQ(down.groups[0].report.save_goal, 6);
  EXPECT_DOUBLE_EQ(down.groups[0].report.p_hit, report.p_hit);
  EXPECT_NEAR(down.slain[1], report.p_hit * 2.0 / 3.0 * 5.0 / 6.0, 1e-12);
}

// The sniper of test::SniperFixture 15" from his mark. The 5+ save survives AP6, and gone to
// ground it is 4+.
class GoingToGroundPinning : public test::SniperFixture {
 protected:
  void arrange() { arrange_sniper("ground_pinning", 15.0, kOn); }
};

TEST_F(GoingToGroundPinning, ADV_01_a_unit_gone_to_ground_takes_no_pinning_test) {
  arrange();
  must(shoot(0, 1, /*heavy=*/true));
  ASSERT_EQ(state_.phase, Phase::fire_response);
  script({1, 6, 3});  // hits, wounds, and a 3 fails even the 4+ save
  must(act(ActionKind::go_to_ground, 1));
  EXPECT_FALSE(state_.models[6].pose.alive);
  EXPECT_TRUE(rolls("SHOOT-28").empty()) << "a casualty to a pinning weapon, and no test";
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_FALSE(state_.units[1].own_turn.pinned);
}

TEST_F(GoingToGroundPinning, ADV_01_standing_the_same_casualty_calls_for_the_test) {
  arrange();
  must(shoot(0, 1, /*heavy=*/true));
  script({1, 6, 3});  // hits, wounds, the 5+ save fails
  script({1, 1});     // the pinning test passes
  must(act(ActionKind::stay_up, 1));
  EXPECT_FALSE(state_.models[6].pose.alive);
  EXPECT_EQ(rolls("SHOOT-28").size(), 1u);
  EXPECT_TRUE(dice_.exhausted());
}

}  // namespace
}  // namespace arap::game
