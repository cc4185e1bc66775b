// The advanced rules of climbing and falling, as the game plays them: ADV-13 (climbing gear),
// ADV-16 (falls: which armour saves, landing on a model, no hiding after a fall) and ADV-17 (a
// jump down into mêlée needs 2").
#include <gtest/gtest.h>

#include "game/climbing.hpp"
#include "game/context.hpp"
#include "rules/climbing.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Guard infantry squad (unit 0: T3, Sv 5, W1); Blue: a Tactical squad (unit 1: T4, Sv 3,
// power armour that allows_fall_save) far off.
class Falls : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = "") {
    begin(test::battle("falls_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 10], spacing: 2}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 40], facing: 180, spacing: 2}]", options),
          4);
  }
  bool alive(int model) const { return state_.models[model].pose.alive; }
  static inline int count_ = 0;
};

TEST_F(Falls, ADV_16_a_guardsman_falling_4_inches_has_no_save_from_flak) {
  arrange();
  const int guardsman = setup_->units[0].first_model + 1;
  detail::Context c(state_, &log_);
  script({1, 3});  // a D3 of 1 hit; S4 against T3 wounds on 3+; no save roll
  detail::fall(c, guardsman, 4.0);
  EXPECT_FALSE(alive(guardsman));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(state_.units[0].player_turn.fell);
}

TEST_F(Falls, ADV_16_switched_off_the_flak_saves_as_in_the_core_rules) {
  arrange("options: {fall_saves: false}\n");
  const int guardsman = setup_->units[0].first_model + 1;
  detail::Context c(state_, &log_);
  script({1, 3, 5});  // 1 hit, wounded, saved on 5+
  detail::fall(c, guardsman, 4.0);
  EXPECT_TRUE(alive(guardsman));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_FALSE(state_.units[0].player_turn.fell);
}

TEST_F(Falls, ADV_16_a_marine_in_power_armour_still_saves_on_3) {
  arrange();
  const int marine = setup_->units[1].first_model + 1;
  detail::Context c(state_, &log_);
  script({1, 4, 3});  // 1 hit; S4 against T4 wounds on 4+; saved on 3+
  detail::fall(c, marine, 4.0);
  EXPECT_TRUE(alive(marine));
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Falls, ADV_16_a_faller_landing_on_a_model_deals_it_the_same_hits) {
  arrange();
  const int first = setup_->units[0].first_model;
  const int faller = first + 1;
  const int below = first + 2;
  // The faller drops from (24, 22) heading south; 2" along, the drop's edge, it lands at
  // 2.54" (its radius and a little past the edge): where the other Guardsman stands.
  const table::Point start{24, 22};
  const table::Point end{24, 18};
  state_.models[faller].pose.position = start;
  state_.models[below].pose.position = {24,
                                        22 - 2.0 - state_.models[faller].pose.base_radius - 0.05};
  detail::Context c(state_, &log_);
  const int beneath = detail::land_at_foot(c, faller, start, end, 2.0);
  ASSERT_EQ(beneath, below);
  EXPECT_FALSE(detail::overlaps_a_base(state_, faller, state_.models[faller].pose.position))
      << "it lands beside the model it fell on";
  script({2, 1, 3});  // 2 hits at S4: the faller's wound rolls 1 (fails) and 3 (no save: dead)
  script({6});        // the same 2 hits on the model below: the first wounds it (dead)
  detail::fall(c, faller, 4.0, beneath);
  EXPECT_FALSE(alive(faller));
  EXPECT_FALSE(alive(below));
  const auto landed = rolls("ADV-16");
  ASSERT_EQ(landed.size(), 1u);
  EXPECT_EQ(landed[0]["hits"], 2);
  EXPECT_EQ(landed[0]["strength"], 4);
  EXPECT_EQ(landed[0]["unsaved"], 1);
  EXPECT_EQ(landed[0]["faller"], faller);
}

TEST_F(Falls, ADV_16_switched_off_nobody_below_is_hurt_and_the_faller_stays_put) {
  arrange("options: {fall_saves: false}\n");
  const int first = setup_->units[0].first_model;
  const int faller = first + 1;
  const int below = first + 2;
  const table::Point start{24, 22};
  state_.models[faller].pose.position = start;
  state_.models[below].pose.position = {24,
                                        22 - 2.0 - state_.models[faller].pose.base_radius - 0.05};
  detail::Context c(state_, &log_);
  const int beneath = detail::land_at_foot(c, faller, start, {24, 18}, 2.0);
  EXPECT_EQ(beneath, below);
  EXPECT_NEAR(state_.models[faller].pose.position.y, 22.0, 1e-9);
  script({1, 1});  // one hit, not wounding
  detail::fall(c, faller, 4.0, beneath);
  EXPECT_TRUE(alive(below));
  EXPECT_TRUE(rolls("ADV-16").empty());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Falls, ADV_16_a_unit_that_fell_cannot_hide_this_turn) {
  arrange();
  detail::Context c(state_, &log_);
  script({1, 1});  // one hit, not wounding
  detail::fall(c, setup_->units[0].first_model, 2.0);
  const std::string reason = detail::hide_illegal(state_, 0, true);
  EXPECT_NE(reason.find("ADV-16"), std::string::npos) << reason;
}

// ADV-17: Blue's Assault squad on a platform `height` inches up charges the Guard below.
class DivingCharge : public test::ScriptedGame {
 protected:
  void arrange(double height, const std::string& options = "") {
    begin(test::battle("diving_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 15]}]", "space_marines",
                       "[{unit: assault_squad, at: [24, 21], facing: 180, spacing: 1.5}]",
                       options + "terrain:\n  - {id: platform, kind: ground, elevation: " +
                           std::to_string(height) +
                           ", polygon: [[4, 20], [44, 20], [44, 28], [4, 28]]}\n"),
          3);
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
    state_.scripted_dice = &ones_;  // 1s: every test passes
    must(charge(1, 0));
    if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 0));
  }
  static inline int count_ = 0;
  ConstantDice ones_{1};
};

TEST_F(DivingCharge, ADV_17_a_drop_under_2_inches_is_a_plain_charge) {
  arrange(1.8);  // taller than the 1.5" Marines: a jump, but under 2"
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_FALSE(state_.units[1].round.jump_bonus);
  EXPECT_TRUE(state_.units[1].round.first_round) << "still a Charge";
}

TEST_F(DivingCharge, ADV_17_two_inches_earn_the_jump_extras) {
  arrange(2.0);
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(state_.units[1].round.jump_bonus);
}

TEST_F(DivingCharge, ADV_17_switched_off_any_jump_down_earns_them) {
  arrange(1.8, "options: {diving_charge_height: false}\n");
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(state_.units[1].round.jump_bonus);
}

// ADV-13: a 2" wall 1" in front of a unit (taller than its 1.5" models): a climbing move.
class ClimbingGear : public test::ScriptedGame {
 protected:
  void arrange(const std::string& army, const std::string& unit, const std::string& options = "") {
    begin(test::battle(
              "gear_" + std::to_string(++count_), army, "[{unit: " + unit + ", at: [24, 10]}]",
              army == "orks" ? "imperial_guard" : "orks",
              army == "orks" ? "[{unit: infantry_squad, at: [24, 40], facing: 180}]"
                             : "[{unit: slugga_boyz, at: [24, 40], facing: 180}]",
              options + "obstacles:\n  - {id: wall, kind: wall, height: 2, points: [[2, 11], "
                        "[46, 11]]}\n"),
          3);
    log_.clear();
    script({1, 1});
    must(activate(0, 2));
  }
  Action over(double dy) const {
    Action a = act(ActionKind::move, 0);
    a.mode = table::MoveMode::climb;
    a.dy = dy;
    return a;
  }
  static inline int count_ = 0;
};

TEST_F(ClimbingGear, ADV_13_scouts_with_climbing_gear_climb_without_a_test) {
  arrange("space_marines", "scout_snipers");
  ASSERT_TRUE(setup_->units[0].climbing_gear);
  const int points = state_.action_points;
  must(over(2.0));  // no dice scripted: a roll would throw
  EXPECT_TRUE(rolls("MOVE-20").empty());
  EXPECT_TRUE(logged("climbing_gear"));
  EXPECT_NEAR(state_.models[0].pose.position.y, 12.0, 1e-9);
  EXPECT_EQ(state_.action_points, points - 2) << "still a 2-AP climbing move";
}

TEST_F(ClimbingGear, ADV_13_without_the_gear_or_the_option_the_test_is_taken) {
  arrange("space_marines", "scout_snipers", "options: {climbing_gear: false}\n");
  script({5});  // I4: failed
  must(over(2.0));
  EXPECT_EQ(rolls("MOVE-20").size(), 1u);
  EXPECT_NEAR(state_.models[0].pose.position.y, 10.0, 1e-9);
  arrange("imperial_guard", "infantry_squad");
  EXPECT_FALSE(setup_->units[0].climbing_gear);
  script({3});  // I3: passed
  must(over(2.0));
  EXPECT_EQ(rolls("MOVE-20").size(), 1u);
}

// ADV-14 (advanced, option rope_and_grapple): the Guard's Veterans (I3) carry a rope and grapple
// each: a failed climbing test is rolled again.
TEST_F(ClimbingGear, ADV_14_a_rope_and_grapple_rolls_a_failed_climbing_test_again) {
  EXPECT_EQ(rules::climb_pass_chance(3, rules::ClimbKit::rope_and_grapple), 0.75);  // 1 - (1/2)^2
  EXPECT_EQ(rules::climb_pass_chance(3, rules::ClimbKit::none), 0.5);
  EXPECT_EQ(rules::climb_pass_chance(3, rules::ClimbKit::climbing_gear), 1.0);
  EXPECT_NEAR(rules::climb_pass_chance(4, rules::ClimbKit::rope_and_grapple),
              1.0 - (1.0 / 3.0) * (1.0 / 3.0), 1e-12);
  arrange("imperial_guard", "veteran_squad");
  ASSERT_EQ(climb_kit(state_, 0), rules::ClimbKit::rope_and_grapple);
  script({5, 2});  // I3: the first test fails, the second passes
  must(over(2.0));
  ASSERT_EQ(rolls("MOVE-20").size(), 1u);
  EXPECT_EQ(rolls("MOVE-20")[0]["passed"], false);
  ASSERT_EQ(rolls("ADV-14").size(), 1u);
  EXPECT_EQ(rolls("ADV-14")[0]["passed"], true);
  EXPECT_NEAR(state_.models[0].pose.position.y, 12.0, 1e-9) << "over the wall";
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(ClimbingGear, ADV_14_two_failures_leave_the_climbers_at_the_foot) {
  arrange("imperial_guard", "veteran_squad");
  script({4, 6});
  must(over(2.0));
  EXPECT_EQ(rolls("ADV-14").size(), 1u);
  EXPECT_NEAR(state_.models[0].pose.position.y, 10.0, 1e-9);
  EXPECT_EQ(state_.action_points, 0) << "the 2 AP are spent";
}

TEST_F(ClimbingGear, ADV_14_a_passed_test_needs_no_second_roll) {
  arrange("imperial_guard", "veteran_squad");
  script({3});
  must(over(2.0));
  EXPECT_TRUE(rolls("ADV-14").empty());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(ClimbingGear, ADV_14_without_the_option_or_with_one_climber_unequipped_no_second_roll) {
  arrange("imperial_guard", "veteran_squad", "options: {rope_and_grapple: false}\n");
  EXPECT_EQ(climb_kit(state_, 0), rules::ClimbKit::none);
  script({5});
  must(over(2.0));
  EXPECT_TRUE(rolls("ADV-14").empty());
  EXPECT_NEAR(state_.models[0].pose.position.y, 10.0, 1e-9);
  // The infantry squad has no ropes: its test stands.
  arrange("imperial_guard", "infantry_squad");
  EXPECT_EQ(climb_kit(state_, 0), rules::ClimbKit::none);
}

}  // namespace
}  // namespace arap::game
