// CHARGE-02/04/05/06/11/12/14/15 and MELEE-04/13..17/22/24..26: the table-free arithmetic of
// charges and combat resolution, with the catalogue's worked examples (EX-15, EX-17a-d, EX-18).
#include <gtest/gtest.h>

#include "data/weapon.hpp"
#include "dice/scripted_dice.hpp"
#include "rules/charge.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "rules/melee_goal.hpp"
#include "rules/shooting_goal.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

TEST(ChargeRules, CHARGE_02_distance_of_a_move_4_unit_is_6_to_16) {
  const auto d = charge_distance_distribution({.move = 4}, ChargeDice::by_basic_move);
  EXPECT_EQ(d.lowest(), 6);
  EXPECT_EQ(d.highest(), 16);
  EXPECT_PROB(d.at_least(10), frac(13, 18));
  EXPECT_PROB(d[16], frac(1, 36));
  const auto horse = charge_distance_distribution({.move = 8}, ChargeDice::by_basic_move);
  EXPECT_EQ(horse.lowest(), 10);
  EXPECT_EQ(horse.highest(), 20);
  // always2D6: every unit adds 2D6, so M8 has 1/36 of 10".
  EXPECT_PROB(charge_distance_distribution({.move = 8}, ChargeDice::always_2d6)[10], frac(1, 36));
  EXPECT_PROB(horse[10], frac(1, 216));
}

TEST(ChargeRules, CHARGE_02_variable_terrain_doubles_the_better_die) {
  const auto d =
      charge_distance_distribution({.move = 4, .variable_sides = 4}, ChargeDice::by_basic_move);
  EXPECT_PROB(d[2], frac(1, 16));
  EXPECT_PROB(d[4], frac(3, 16));
  EXPECT_PROB(d[6], frac(5, 16));
  EXPECT_PROB(d[8], frac(7, 16));
  dice::ScriptedDice faces{3, 1};
  faces.push(1);
  const ChargeRoll roll = roll_charge(faces, {.move = 4, .variable_sides = 4}, {});
  EXPECT_EQ(roll.distance, 6);
  EXPECT_EQ(roll.highest_die, 3);
}

TEST(ChargeRules, CHARGE_02_prone_and_leaping) {
  dice::ScriptedDice none;
  EXPECT_EQ(roll_charge(none, {.move = 4, .prone = true}, {}).distance, 4);
  dice::ScriptedDice two{3, 4};
  EXPECT_EQ(roll_charge(two, {.move = 4, .leaping = true}, {}).distance, 17);
  dice::ScriptedDice three{2, 6, 5};
  const ChargeRoll fast = roll_charge(three, {.move = 8}, ChargeDice::by_basic_move);
  EXPECT_EQ(fast.distance, 19);
  EXPECT_EQ(fast.highest_die, 6);
}

// The longest Charge (the listings' range test) is the distribution's highest, for every kind of
// roll: dice by the basic move or always 2D6, variable ground with and without Move Through Cover,
// prone, robots, leaping.
TEST(ChargeRules, CHARGE_02_longest_charge_is_the_distributions_highest) {
  for (const auto rule : {ChargeDice::by_basic_move, ChargeDice::always_2d6})
    for (const int move : {2, 4, 6, 7, 8, 12})
      for (const int kind : {0, 1, 2, 3, 4})
        for (const bool leaping : {false, true}) {
          ChargeMove m{.move = move, .leaping = leaping};
          m.prone = kind == 1;
          m.fixed_rate = kind == 2;
          if (kind >= 3) m.variable_sides = kind == 3 ? 6 : 3;
          m.move_through_cover = kind == 4;
          EXPECT_EQ(charge_distance_longest(m, rule),
                    charge_distance_distribution(m, rule).highest())
              << "move " << move << " kind " << kind << " leaping " << leaping;
        }
}

TEST(ChargeRules, CHARGE_04_failed_charge_moves_the_highest_die_EX_15) {
  dice::ScriptedDice faces{2, 5};
  const ChargeRoll roll = roll_charge(faces, {.move = 4}, ChargeDice::by_basic_move);
  EXPECT_EQ(roll.distance, 11);
  EXPECT_EQ(roll.highest_die, 5);
  const auto d = failed_charge_move_distribution({.move = 4}, ChargeDice::by_basic_move);
  EXPECT_PROB(d[1], frac(1, 36));
  EXPECT_PROB(d[2], frac(1, 12));
  EXPECT_PROB(d[3], frac(5, 36));
  EXPECT_PROB(d[4], frac(7, 36));
  EXPECT_PROB(d[5], frac(1, 4));
  EXPECT_PROB(d[6], frac(11, 36));
}

TEST(ChargeRules, CHARGE_05_bonuses_by_approach) {
  const ChargeBonus rear = charge_bonus(Approach::rear, false, ChargeCrs::with_charge_crs);
  EXPECT_EQ(rear.extra_attacks, 2);
  EXPECT_TRUE(rear.rear_to_hit);
  EXPECT_EQ(rear.charger_crs, 1);
  EXPECT_EQ(rear.charged_crs_penalty, 1);
  const ChargeBonus front = charge_bonus(Approach::front, false, ChargeCrs::with_charge_crs);
  EXPECT_EQ(front.extra_attacks, 1);
  EXPECT_FALSE(front.rear_to_hit);
  EXPECT_EQ(front.charged_crs_penalty, 0);
  const ChargeBonus flank = charge_bonus(Approach::flank, false, ChargeCrs::with_charge_crs);
  EXPECT_EQ(flank.extra_attacks, 2);
  EXPECT_FALSE(flank.rear_to_hit);
  EXPECT_EQ(flank.charged_crs_penalty, 1);
  // 5 WS4 A1 chargers in the rear: 15 attacks at goal 5.
  MeleeSituation s;
  s.weapon_skill = 4;
  s.rear_charge = rear.rear_to_hit;
  EXPECT_EQ(5 * (1 + rear.extra_attacks), 15);
  EXPECT_EQ(melee_hit_goal(s).goal, 5);
}

TEST(ChargeRules, CHARGE_06_denied_bonuses_remove_the_whole_set) {
  const ChargeBonus denied = charge_bonus(Approach::rear, true, ChargeCrs::with_charge_crs);
  EXPECT_EQ(denied.extra_attacks, 0);
  EXPECT_FALSE(denied.rear_to_hit);
  EXPECT_EQ(denied.charger_crs, 0);
  EXPECT_EQ(denied.charged_crs_penalty, 0);
  // ruling.CHARGE-05 = tableOnly keeps the +1 CRS for having charged.
  EXPECT_EQ(charge_bonus(Approach::rear, true, ChargeCrs::table_only).charger_crs, 1);
}

TEST(ChargeRules, CHARGE_11_firing_needs_a_start_beyond_basic_move) {
  EXPECT_FALSE(firing_during_charge_allowed(4.0, 4));
  EXPECT_TRUE(firing_during_charge_allowed(4.1, 4));
}

TEST(ChargeRules, CHARGE_12_fire_and_charge_is_pistols_and_assault_at_BS1) {
  data::WeaponProfile pistol;
  pistol.type = data::WeaponType::pistol;
  data::WeaponProfile rifle;
  rifle.type = data::WeaponType::rapid_fire;
  EXPECT_EQ(charge_reaction_shots(pistol, 0, false, true), 1);
  EXPECT_EQ(charge_reaction_shots(rifle, 0, false, true), 0);
  ShootingSituation s;
  s.ballistic_skill = 1;
  s.range = 8.0;
  s.target_cover = Cover::soft;
  EXPECT_EQ(shooting_hit_goal(s).goal, 0);  // 1/12 (DICE-06)
  s.target_cover = Cover::none;
  s.shotgun_at_half_range = true;
  EXPECT_EQ(shooting_hit_goal(s).goal, 2);
}

TEST(ChargeRules, CHARGE_14_stand_and_fire_successes) {
  const auto check = [](int value, double one, double two) {
    const auto d = stand_and_fire_distribution(value);
    EXPECT_PROB(d.at_least(1), one) << value;
    EXPECT_PROB(d[2], two) << value;
  };
  check(3, frac(3, 4), frac(1, 4));
  check(4, frac(8, 9), frac(4, 9));
  check(5, frac(35, 36), frac(25, 36));
  dice::ScriptedDice faces{3, 4};
  EXPECT_EQ(roll_stand_and_fire(faces, 3), 1);
}

TEST(ChargeRules, CHARGE_14_weapons_by_successes) {
  data::WeaponProfile heavy;
  heavy.type = data::WeaponType::heavy;
  heavy.shots = 3;
  data::WeaponProfile rifle;
  rifle.type = data::WeaponType::rapid_fire;
  rifle.shots = 2;
  data::WeaponProfile slow;
  slow.type = data::WeaponType::slow;
  data::WeaponProfile grenade;
  grenade.type = data::WeaponType::grenade;
  EXPECT_EQ(charge_reaction_shots(rifle, 0, false, false), 0);
  EXPECT_EQ(charge_reaction_shots(rifle, 1, false, false), 1);
  EXPECT_EQ(charge_reaction_shots(heavy, 1, false, false), 0);
  EXPECT_EQ(charge_reaction_shots(heavy, 1, true, false), 3);  // Relentless
  EXPECT_EQ(charge_reaction_shots(heavy, 2, false, false), 3);
  EXPECT_EQ(charge_reaction_shots(slow, 1, false, false), 0);
  EXPECT_EQ(charge_reaction_shots(slow, 2, false, false), 1);
  EXPECT_EQ(charge_reaction_shots(grenade, 2, false, false), 0);
}

TEST(ChargeRules, CHARGE_15_long_charge_and_template_range) {
  ShootingSituation s;
  s.ballistic_skill = 1;
  s.range = 10.0;
  s.long_charge = long_charge(13);
  EXPECT_EQ(shooting_hit_goal(s).goal, 0);  // 1/12
  s.long_charge = long_charge(12);
  EXPECT_EQ(shooting_hit_goal(s).goal, 1);  // 1/6
  EXPECT_DOUBLE_EQ(reaction_template_range(10.0), 7.0);
  EXPECT_DOUBLE_EQ(reaction_template_range(5.0), 5.0);
  EXPECT_DOUBLE_EQ(reaction_area_range(10.0, 36.0), 10.0);
  EXPECT_DOUBLE_EQ(reaction_area_range(40.0, 36.0), 36.0);
}

TEST(CombatResolution, MELEE_04_striking_initiative) {
  EXPECT_EQ(striking_initiative({.initiative = 4}), 4);
  EXPECT_EQ(striking_initiative({.initiative = 4, .charged_into_cover = true}), 1);  // CHARGE-10
  EXPECT_EQ(striking_initiative({.initiative = 4, .krak_attack = true}), 1);         // MELEE-26
  EXPECT_EQ(striking_initiative({.initiative = 4, .power_fist = true}), 2);
  EXPECT_EQ(striking_initiative({.initiative = 2, .power_fist = true}), 1);
}

TEST(CombatResolution, MELEE_14_modifiers) {
  EXPECT_EQ(crs_modifier({.flank_rear_charges = 3}), -3);
  EXPECT_EQ(crs_modifier({.charge_bonus = 1, .fights_hated = true}), 2);
  EXPECT_EQ(crs_modifier({.charged_from_uphill = true, .enemy_visage = 1}), 0);
  EXPECT_EQ(crs_modifier({.enemy_visage = 2}), -2);  // MORALE-09
}

CombatTally tally(int side, int inflicted, int taken, int modifiers = 0) {
  CombatTally t;
  t.side = side;
  t.inflicted = inflicted;
  t.taken = taken;
  t.modifiers = modifiers;
  return t;
}

TEST(CombatResolution, MELEE_13_EX_17a_example_1) {
  const CombatTally units[] = {tally(0, 4, 2), tally(1, 2, 4)};
  EXPECT_EQ(units[0].wound_difference(), 2);
  EXPECT_EQ(units[1].wound_difference(), -2);
  const CombatOutcome out = decide_round(units);
  EXPECT_FALSE(out.rout_test[0]);
  EXPECT_TRUE(out.rout_test[1]);
  EXPECT_EQ(rout_test_target(8, units[1].wound_difference(), RoutCap::negative_only), 6);
}

TEST(CombatResolution, MELEE_13_EX_17b_minefield_wounds_count_as_taken_only) {
  // A inflicts 4 and takes 2 + 1 (mine); B inflicts 2 and takes 4 + 2 (mines).
  const CombatTally units[] = {tally(0, 4, 3), tally(1, 2, 6)};
  EXPECT_EQ(units[0].score(), 1);
  EXPECT_EQ(units[1].score(), -4);
  const CombatOutcome out = decide_round(units);
  EXPECT_TRUE(out.rout_test[1]);
  EXPECT_EQ(rout_test_target(8, -4, RoutCap::negative_only), 5);  // capped at -3
}

TEST(CombatResolution, MELEE_15_EX_17c_multi_unit_combat) {
  // A fights B and C: A->B 3, A->C 1, C->A 2.
  const CombatTally units[] = {tally(0, 4, 2), tally(1, 0, 3), tally(1, 2, 1)};
  EXPECT_EQ(units[0].score(), 2);
  EXPECT_EQ(units[1].score(), -3);
  EXPECT_EQ(units[2].score(), 1);
  const CombatOutcome out = decide_round(units);
  EXPECT_FALSE(out.rout_test[0]);
  EXPECT_TRUE(out.rout_test[1]);
  EXPECT_FALSE(out.rout_test[2]);
}

TEST(CombatResolution, MELEE_16_EX_17d_loser_on_modifiers_tests_with_its_own_WD) {
  // B charged (+3 in modifiers): B = -2 + 3 = +1 < A = +2, so B loses and tests at Ld - 2.
  const CombatTally plain[] = {tally(0, 4, 2), tally(1, 2, 4, 3)};
  CombatOutcome out = decide_round(plain);
  EXPECT_TRUE(out.rout_test[1]);
  EXPECT_FALSE(out.rout_test[0]);
  // A also charged in both flanks (-2): A 0 < B +1, so A tests at Ld + 2 (uncapped).
  const CombatTally flanked[] = {tally(0, 4, 2, -2), tally(1, 2, 4, 3)};
  out = decide_round(flanked);
  EXPECT_TRUE(out.rout_test[0]);
  EXPECT_EQ(rout_test_target(7, flanked[0].wound_difference(), RoutCap::negative_only), 9);
}

TEST(CombatResolution, MELEE_15_equal_scores_fight_on_and_a_wipe_out_wins_outright) {
  const CombatTally even[] = {tally(0, 2, 2), tally(1, 2, 2)};
  CombatOutcome out = decide_round(even);
  EXPECT_FALSE(out.rout_test[0] || out.rout_test[1]);
  EXPECT_EQ(out.winning_side, -1);
  CombatTally wiped[] = {tally(0, 1, 5), tally(1, 5, 1)};
  wiped[0].destroyed = true;
  out = decide_round(wiped);
  EXPECT_EQ(out.winning_side, 1);
  EXPECT_FALSE(out.rout_test[0] || out.rout_test[1]);
}

TEST(CombatResolution, MELEE_16_EX_18_rout_test) {
  EXPECT_EQ(rout_test_target(8, -3, RoutCap::negative_only), 5);
  EXPECT_PROB(leadership_odds(5).p_pass, frac(5, 18));
  EXPECT_EQ(rout_test_target(8, -5, RoutCap::negative_only), 5);
  EXPECT_PROB(leadership_odds(5, true).p_pass, frac(155, 324));  // MORALE-05
  EXPECT_EQ(rout_test_target(6, 4, RoutCap::negative_only), 10);
  EXPECT_PROB(leadership_odds(10).p_pass, frac(11, 12));
  EXPECT_EQ(rout_test_target(6, 4, RoutCap::symmetric), 9);
  EXPECT_PROB(leadership_odds(9).p_pass, frac(5, 6));
}

TEST(CombatResolution, MELEE_17_snake_eyes_always_pass) {
  EXPECT_PROB(leadership_odds(-1).p_pass, frac(1, 36));
  dice::ScriptedDice ones{1, 1};
  EXPECT_TRUE(roll_leadership_test(ones, -1).passed);
}

TEST(CombatResolution, MELEE_22_free_hacks_hit_on_4_whatever_the_skill) {
  for (int ws : {1, 3, 6}) {
    MeleeSituation s;
    s.weapon_skill = ws;
    s.free_hack = true;
    s.rear_charge = true;
    EXPECT_EQ(melee_hit_goal(s).goal, 4) << ws;
  }
}

TEST(CombatResolution, MELEE_24_not_pursuing) {
  EXPECT_EQ(pursuit_decision({.basic_move = 4}), PursuitDecision::test);
  EXPECT_EQ(pursuit_control_target(8, true), 7);
  EXPECT_PROB(leadership_odds(7).p_pass, frac(7, 12));
  EXPECT_EQ(pursuit_decision({.basic_move = 3}), PursuitDecision::may_stay);  // squats
  EXPECT_EQ(pursuit_decision({.frenzied = true, .basic_move = 3}), PursuitDecision::must_pursue);
  EXPECT_EQ(pursuit_decision({.frenzied = true, .terrain_feature = true}), PursuitDecision::test);
  EXPECT_EQ(pursuit_decision({.still_locked = true}), PursuitDecision::cannot);
}

TEST(CombatResolution, MELEE_25_halting_a_pursuit) {
  EXPECT_PROB(leadership_odds(pursuit_control_target(7, false)).p_pass, frac(7, 12));
  EXPECT_PROB(leadership_odds(pursuit_control_target(7, true)).p_pass, frac(5, 12));
}

TEST(CombatResolution, MELEE_26_krak_attack) {
  EXPECT_EQ(read_krak_attack(1, true), KrakResult::hit);
  EXPECT_EQ(read_krak_attack(6, true), KrakResult::self_hit);
  EXPECT_EQ(read_krak_attack(6, false), KrakResult::miss);
  EXPECT_EQ(read_krak_attack(2, true), KrakResult::miss);
}

TEST(CombatResolution, MORALE_06_hatred) {
  EXPECT_EQ(crs_modifier({.fights_hated = true}), 1);
  EXPECT_EQ(crs_modifier({.charge_bonus = 1, .fights_hated = true}), 2);
  // Ld 8 winners over hated routers stay put on Ld 7: 7/12.
  EXPECT_PROB(leadership_odds(pursuit_control_target(8, true)).p_pass, frac(7, 12));
  EXPECT_PROB(leadership_odds(pursuit_control_target(8, false)).p_pass, frac(13, 18));
}

TEST(CombatResolution, MORALE_07_frenzied_winners_always_pursue) {
  // The M <= 3 exemption does not reach them; a contested terrain feature lets them test.
  EXPECT_EQ(pursuit_decision({.frenzied = true, .basic_move = 3}), PursuitDecision::must_pursue);
  EXPECT_EQ(pursuit_decision({.frenzied = true, .basic_move = 6}), PursuitDecision::must_pursue);
  EXPECT_EQ(pursuit_decision({.frenzied = true, .terrain_feature = true, .basic_move = 3}),
            PursuitDecision::test);
  EXPECT_EQ(pursuit_decision({.terrain_feature = true}), PursuitDecision::may_stay);
}

TEST(CombatResolution, MORALE_09_daemonic_visage_and_greater_daemons) {
  EXPECT_EQ(enemy_visage(3, 2, false), 1);  // three Daemonettes and two cultists
  EXPECT_EQ(enemy_visage(3, 0, false), 2);  // Daemonettes only
  EXPECT_EQ(enemy_visage(0, 5, false), 0);
  EXPECT_EQ(enemy_visage(0, 5, true), 2);  // a Greater Daemon among them
  EXPECT_EQ(crs_modifier({.enemy_visage = enemy_visage(3, 2, false)}), -1);
  EXPECT_EQ(crs_modifier({.enemy_visage = enemy_visage(3, 0, false)}), -2);
}

}  // namespace
}  // namespace arap::rules
