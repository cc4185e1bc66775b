// SHOOT-10/11 rows and their interactions, with DICE-05's cap and the catalogue's tests.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "rules/shooting_goal.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

ShootingSituation at(int bs, double range = 10.0) {
  ShootingSituation s;
  s.ballistic_skill = bs;
  s.range = range;
  return s;
}

int goal_of(const ShootingSituation& s, const Rulings& rulings = {}) {
  const ShootingGoal goal = shooting_hit_goal(s, rulings);
  EXPECT_TRUE(goal.allowed) << goal.refusal;
  return goal.goal;
}

TEST(ShootingGoal, SHOOT_10_bs_plus_modifiers_and_bs0) {
  EXPECT_EQ(goal_of(at(4)), 4);
  EXPECT_PROB(dice::p_low(goal_of(at(4))), frac(2, 3));
  ShootingSituation minus_three = at(3);
  minus_three.target_cover = Cover::hard;
  minus_three.small_target = true;
  EXPECT_EQ(goal_of(minus_three), 0);
  EXPECT_PROB(dice::p_low(0), frac(1, 12));
  const ShootingGoal bs0 = shooting_hit_goal(at(0));
  EXPECT_FALSE(bs0.allowed);
  EXPECT_NE(bs0.refusal.find("SHOOT-10"), std::string_view::npos);
}

TEST(ShootingGoal, DICE_05_cap_applies_after_modifiers) {
  ShootingSituation s = at(5);
  s.wounded_firer = true;
  EXPECT_EQ(goal_of(s), 4);
  s.ballistic_skill = 6;
  EXPECT_EQ(goal_of(s), 5);
  s.ballistic_skill = 7;
  EXPECT_EQ(goal_of(s), 5);
  // EX-02 (c): small -1 and fast -1.
  ShootingSituation razorwing = at(5);
  razorwing.small_target = true;
  razorwing.target_moved_inches = 12;
  EXPECT_EQ(goal_of(razorwing), 3);
  razorwing.ballistic_skill = 6;
  EXPECT_EQ(goal_of(razorwing), 4);
  razorwing.ballistic_skill = 7;
  EXPECT_EQ(goal_of(razorwing), 5);
  ShootingSituation plus = at(5);
  plus.aimed = true;
  EXPECT_EQ(goal_of(plus), 5);
}

TEST(ShootingGoal, SHOOT_11_catalogue_combinations) {
  ShootingSituation a = at(4);
  a.tactical_movement = true;
  a.small_target = true;
  a.target_cover = Cover::soft;
  EXPECT_EQ(goal_of(a), 1);
  ShootingSituation fast = at(4);
  fast.target_moved_inches = 30;
  EXPECT_EQ(goal_of(fast), 2);
  fast.laser = true;
  EXPECT_EQ(goal_of(fast), 4);
  ShootingSituation from_cover = at(3);
  from_cover.firing_from_hard_cover = true;
  from_cover.aimed = true;
  EXPECT_EQ(goal_of(from_cover), 5);
  from_cover.shooter_is_infantry = false;
  EXPECT_EQ(goal_of(from_cover), 4) << "SHOOT-11e is for infantry only";
}

TEST(ShootingGoal, SHOOT_11_every_row_has_its_value) {
  const auto single = [](auto&& set) {
    ShootingSituation s = at(3);
    set(s);
    return goal_of(s) - 3;
  };
  EXPECT_EQ(single([](auto& s) { s.target_cover = Cover::soft; }), -1);     // 11a
  EXPECT_EQ(single([](auto& s) { s.target_cover = Cover::hard; }), -2);     // 11b
  EXPECT_EQ(single([](auto& s) { s.small_target = true; }), -1);            // 11c
  EXPECT_EQ(single([](auto& s) { s.tactical_movement = true; }), -1);       // 11d
  EXPECT_EQ(single([](auto& s) { s.firing_from_hard_cover = true; }), +1);  // 11e
  EXPECT_EQ(single([](auto& s) { s.fleeting_target = true; }), -1);         // 11f
  EXPECT_EQ(single([](auto& s) { s.target_prone = true; }), -1);            // 11g
  EXPECT_EQ(single([](auto& s) { s.moving_surface = true; }), -1);          // 11h
  EXPECT_EQ(single([](auto& s) { s.target_moved_inches = 25; }), -2);       // 11i
  EXPECT_EQ(single([](auto& s) { s.target_moved_inches = 11; }), 0);        // 11i
  EXPECT_EQ(single([](auto& s) { s.small_group = true; }), -1);             // 11j
  EXPECT_EQ(single([](auto& s) { s.wounded_firer = true; }), -1);           // 11k
  EXPECT_EQ(single([](auto& s) { s.confused = true; }), -1);                // 11l
  EXPECT_EQ(single([](auto& s) { s.hand_grenade = true; }), -1);            // 11m
  EXPECT_EQ(single([](auto& s) { s.improvised_missile = true; }), -2);      // 11n
  EXPECT_EQ(single([](auto& s) { s.into_melee = true; }), -1);              // 11o
  EXPECT_EQ(single([](auto& s) { s.aimed = true; }), +1);                   // 11p
  EXPECT_EQ(single([](auto& s) { s.ambush = true; }), +1);                  // 11q
  EXPECT_EQ(single([](auto& s) { s.two_pistols = true; }), -1);             // 11r
  EXPECT_EQ(single([](auto& s) { s.shotgun_at_half_range = true; }), +1);   // 11s
  EXPECT_EQ(single([](auto& s) { s.corrective_aiming = true; }), +1);       // 11t
  EXPECT_EQ(single([](auto& s) { s.bounced_template = true; }), -1);        // 11u
  EXPECT_EQ(single([](auto& s) { s.over_obstacle_ratio = 2.0; }), -1);      // 11v
  EXPECT_EQ(single([](auto& s) { s.over_obstacle_ratio = 3.0; }), -2);      // 11v
  EXPECT_EQ(single([](auto& s) { s.on_ladder = true; }), -1);               // 11w
  EXPECT_EQ(single([](auto& s) { s.long_charge = true; }), -1);             // 11x
  EXPECT_EQ(shooting_modifier_table().size(), static_cast<std::size_t>(ShootingModifier::count_));
}

TEST(ShootingGoal, MOVE_10_prone_target_beyond_four_inches_and_not_with_cover) {
  ShootingSituation prone = at(4, 5.0);
  prone.target_prone = true;
  EXPECT_EQ(goal_of(prone), 3);
  prone.range = 4.0;
  EXPECT_EQ(goal_of(prone), 4);
  prone.range = 10.0;
  prone.target_cover = Cover::hard;
  EXPECT_EQ(goal_of(prone), 2) << "cover replaces the prone -1, never both";
}

TEST(ShootingGoal, SHOOT_18_fleeting_replaces_cover) {
  ShootingSituation crossing = at(4);
  crossing.fleeting_target = true;
  EXPECT_EQ(goal_of(crossing), 3);
  crossing.target_cover = Cover::hard;
  EXPECT_EQ(goal_of(crossing), 3) << "fleeting -1 in place of hard cover's -2";
  Rulings old_reading;
  old_reading.set("ruling.SHOOT-18", "coverWhenClaimed");
  EXPECT_EQ(goal_of(crossing, old_reading), 2);
  crossing.fleeting_target = false;
  EXPECT_EQ(goal_of(crossing), 2) << "staying behind the wall: hard cover";
}

TEST(ShootingGoal, SHOOT_13_unit_cover_rule) {
  EXPECT_EQ(unit_cover(5, 0, 5), Cover::none);
  EXPECT_EQ(unit_cover(4, 0, 6), Cover::hard);
  EXPECT_EQ(unit_cover(3, 3, 4), Cover::soft);
  EXPECT_EQ(unit_cover(2, 0, 6), Cover::hard) << "after two casualties in the open";
  EXPECT_EQ(unit_cover(1, 1, 0), Cover::none) << "exactly half is not more than half";
}

TEST(ShootingGoal, SHOOT_16_lasers_ignore_fast_targets) {
  ShootingSituation s = at(4);
  s.target_moved_inches = 36;
  s.laser = true;
  EXPECT_EQ(goal_of(s), 4);
}

TEST(ShootingGoal, SHOOT_19_ambush_bonus) {
  ShootingSituation s = at(3);
  s.ambush = true;
  EXPECT_EQ(goal_of(s), 4);
  EXPECT_PROB(dice::p_low(4), frac(2, 3));
}

TEST(ShootingGoal, SHOOT_21_corrective_aiming_stacks_with_aim_but_not_itself) {
  ShootingSituation s = at(3);
  s.corrective_aiming = true;
  EXPECT_EQ(goal_of(s), 4);
  s.aimed = true;
  EXPECT_EQ(goal_of(s), 5);
  s.ballistic_skill = 4;
  EXPECT_EQ(goal_of(s), 5) << "still capped at 5";
}

TEST(ShootingGoal, SHOOT_08_aim_gives_plus_one) {
  ShootingSituation s = at(3);
  s.aimed = true;
  EXPECT_EQ(goal_of(s), 4);
  EXPECT_PROB(dice::p_low(goal_of(s)), frac(2, 3));
}

TEST(ShootingGoal, SHOOT_38_template_goal_excludes_cover_and_soft_cover_treatments) {
  ShootingSituation s = at(4);
  s.kind = ShotKind::template_;
  s.target_cover = Cover::hard;
  s.target_prone = true;
  s.fleeting_target = true;
  EXPECT_EQ(goal_of(s), 4);
  s.small_target = true;
  EXPECT_EQ(goal_of(s), 3) << "small target enters G under allButCover";
  Rulings shooter_only;
  shooter_only.set("ruling.SHOOT-38.goalMods", "shooterOnly");
  EXPECT_EQ(goal_of(s, shooter_only), 4);
  s.tactical_movement = true;
  EXPECT_EQ(goal_of(s, shooter_only), 3);
}

TEST(ShootingGoal, SHOOT_41_area_goal_ignores_cover_small_and_soft_cover_rows) {
  ShootingSituation s = at(3);
  s.kind = ShotKind::area;
  s.target_cover = Cover::hard;
  s.small_target = true;
  s.target_prone = true;
  EXPECT_EQ(goal_of(s), 3);
  Rulings literal;
  literal.set("ruling.SHOOT-41.softCoverModsInScatter", "true");
  EXPECT_EQ(goal_of(s, literal), 2);
  s.wounded_firer = true;
  EXPECT_EQ(goal_of(s), 2) << "EX-14: a wounded BS3 shooter subtracts 2";
  ShootingSituation skilled = at(7);
  skilled.kind = ShotKind::area;
  EXPECT_EQ(goal_of(skilled), 7) << "A-01: no cap on the BS subtracted from scatter";
}

TEST(ShootingGoal, SHOOT_54_indirect_subtracts_only_modifiers) {
  ShootingSituation s = at(4);
  s.kind = ShotKind::indirect;
  s.wounded_firer = true;
  EXPECT_EQ(goal_of(s), -1) << "EX-14: 9 rolled, -1 modifier => 10\"";
}

TEST(ShootingGoal, SHOOT_51_grenade_over_tall_objects) {
  ShootingSituation s = at(4, 5.0);
  s.hand_grenade = true;
  s.over_obstacle_ratio = 2.0;
  EXPECT_EQ(goal_of(s), 2);
  s.over_obstacle_ratio = 3.5;
  const ShootingGoal refused = shooting_hit_goal(s);
  EXPECT_FALSE(refused.allowed);
  EXPECT_NE(refused.refusal.find("SHOOT-51"), std::string_view::npos);
  Rulings extend;
  extend.set("ruling.SHOOT-51.overHeight", "extend");
  EXPECT_EQ(goal_of(s, extend), 0);
  s.over_obstacle_ratio = 1.0;
  EXPECT_EQ(goal_of(s), 3) << "up to the thrower's height costs nothing";
}

TEST(ShootingGoal, SHOOT_52_rocks_replace_the_grenade_penalty) {
  ShootingSituation s = at(4, 4.0);
  s.hand_grenade = true;
  s.improvised_missile = true;
  EXPECT_EQ(goal_of(s), 2);
}

TEST(ShootingGoal, SHOOT_50_grenade_thrower_bs4_hits_on_three) {
  ShootingSituation s = at(4, 5.0);
  s.hand_grenade = true;
  EXPECT_EQ(goal_of(s), 3);
  EXPECT_PROB(dice::p_low(goal_of(s)), frac(1, 2));
  s.ballistic_skill = 3;
  EXPECT_PROB(dice::p_low(goal_of(s)), frac(1, 3));
}

TEST(ShootingGoal, SHOOT_56_hidden_targets_at_bs1) {
  ShootingSituation s = at(5);
  s.hidden_target = true;
  s.target_cover = Cover::soft;
  EXPECT_EQ(goal_of(s), 0);
  EXPECT_PROB(dice::p_low(0), frac(1, 12));
  s.target_cover = Cover::none;
  EXPECT_EQ(goal_of(s), 1);
}

TEST(ShootingGoal, SHOOT_17_smoke_stops_weak_lasers_and_weakens_strong_ones) {
  EXPECT_EQ(strength_through_smoke(3, true), std::nullopt) << "a lasgun";
  EXPECT_EQ(strength_through_smoke(5, true), std::nullopt);
  EXPECT_EQ(strength_through_smoke(6, true), 4);
  EXPECT_EQ(strength_through_smoke(9, true), 7) << "a lascannon";
  EXPECT_EQ(strength_through_smoke(4, false), 4) << "a bolter keeps its Strength";
  ShootingSituation s = at(4);
  s.through_smoke = true;
  EXPECT_EQ(goal_of(s), 1) << "at BS1, as a hidden target (SHOOT-56)";
  s.target_cover = Cover::soft;
  EXPECT_EQ(goal_of(s), 0);
}

TEST(ShootingGoal, SHOOT_60_shotgun_plus_one) {
  ShootingSituation s = at(3, 6.0);
  s.shotgun_at_half_range = true;
  EXPECT_EQ(goal_of(s), 4);
  ShootingSituation stand_and_fire = at(1, 6.0);
  stand_and_fire.shotgun_at_half_range = true;
  EXPECT_EQ(goal_of(stand_and_fire), 2);
  EXPECT_PROB(dice::p_low(2), frac(1, 3));
}

TEST(ShootingGoal, SHOOT_03_short_range) {
  EXPECT_DOUBLE_EQ(short_range(24), 12);
  EXPECT_DOUBLE_EQ(short_range(36), 12);
  EXPECT_DOUBLE_EQ(short_range(48), 12);
  EXPECT_DOUBLE_EQ(short_range(12), 6);
  EXPECT_DOUBLE_EQ(short_range(8), 4);
  EXPECT_TRUE(at_short_range(12.0, 24));
  EXPECT_FALSE(at_short_range(13.0, 24));
  EXPECT_TRUE(at_half_range(18.0, 36)) << "half range has no 12\" cap";
}

// ADV-02: each suppression point of the firers is -1 (the catalogue's BS4 with one: 3-).
TEST(ShootingGoal, ADV_02_each_S_point_is_minus_one_to_hit) {
  ShootingSituation s;
  s.ballistic_skill = 4;
  s.range = 10.0;
  EXPECT_EQ(shooting_hit_goal(s).goal, 4);
  s.s_points = 1;
  EXPECT_EQ(shooting_hit_goal(s).goal, 3);
  s.s_points = 3;
  EXPECT_EQ(shooting_hit_goal(s).goal, 1);
  ASSERT_EQ(shooting_hit_goal(s).modifiers().size(), 1u);
  EXPECT_EQ(shooting_hit_goal(s).modifiers()[0].id, ShootingModifier::s_points);
}

TEST(ShootingGoal, modifier_names_round_trip) {
  for (const auto& row : shooting_modifier_table()) {
    EXPECT_EQ(shooting_modifier_from_name(row.name), row.id);
    // SHOOT-11's rows, and the advanced rules' own rows (ADV-37, ADV-75, ADV-02) under their IDs.
    EXPECT_TRUE(row.rule.starts_with("SHOOT-11") || row.id == ShootingModifier::through_unit ||
                row.id == ShootingModifier::gm_modifier || row.id == ShootingModifier::s_points)
        << row.rule;
  }
  EXPECT_FALSE(shooting_modifier_from_name("lucky"));
}

}  // namespace
}  // namespace arap::rules
