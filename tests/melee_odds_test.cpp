// MELEE-04/05/08/13..16, ADV-62, ADV-66: exact odds of one mêlée round (`arap odds melee`),
// hand-checked, and the live round checked against them statistically.
#include <map>

#include <gtest/gtest.h>

#include "dice/random_dice.hpp"
#include "odds/melee_odds.hpp"
#include "support/expect.hpp"

namespace arap::odds {
namespace {

using test::frac;

MeleeSide side(int models, int ws, int s, int t, int i, int a) {
  MeleeSide out;
  out.models = models;
  out.weapon_skill = ws;
  out.strength = s;
  out.toughness = t;
  out.initiative = i;
  out.attacks = a;
  return out;
}

TEST(MeleeOdds, MELEE_04_the_faster_fighter_may_kill_before_the_slower_strikes) {
  MeleeRequest r;
  r.attacker = side(1, 4, 4, 4, 4, 1);  // hits 2/3, wounds T4 on 4+ (1/2): 1/3 unsaved
  r.defender = side(1, 3, 3, 4, 3, 1);  // hits 1/2, wounds T4 on 5+ (1/3): 1/6 unsaved
  const MeleeReport report = evaluate_melee(r);
  EXPECT_PROB(report.attacker_wins, frac(1, 3));  // wiped out before it strikes back
  EXPECT_PROB(report.defender_wins, frac(1, 9));  // 2/3 x 1/6
  EXPECT_PROB(report.draw, frac(5, 9));
  EXPECT_PROB(report.wound_difference[1], frac(1, 3));
  EXPECT_PROB(report.wound_difference[-1], frac(1, 9));
  EXPECT_PROB(report.wound_difference[0], frac(5, 9));
  // Equal Initiatives strike together: both may fall (MELEE-04).
  r.defender.initiative = 4;
  const MeleeReport together = evaluate_melee(r);
  EXPECT_PROB(together.attacker_wiped_out, frac(1, 6));
  EXPECT_PROB(together.defender_wiped_out, frac(1, 3));
  EXPECT_PROB(together.draw, frac(1, 18) + frac(2, 3) * frac(5, 6));  // both fall, or neither
}

TEST(MeleeOdds, MELEE_16_the_loser_rout_test_uses_its_wound_difference) {
  MeleeRequest r;
  r.attacker = side(1, 4, 4, 4, 4, 2);
  r.attacker.crs_modifier = 1;  // MELEE-14a: it charged
  r.defender = side(2, 3, 3, 4, 3, 0);
  r.defender.leadership = 8;
  const MeleeReport report = evaluate_melee(r);
  // No wound (4/9): tests at Ld 8 (fails 5/18); one wound (4/9): Ld 7 (fails 5/12); two: wiped.
  EXPECT_PROB(report.defender_routs, frac(4, 9) * frac(5, 18) + frac(4, 9) * frac(5, 12));
  EXPECT_PROB(report.attacker_wins, 1.0);
  // MORALE-05: a re-roll.
  r.defender.reroll_morale = true;
  EXPECT_PROB(evaluate_melee(r).defender_routs,
              frac(4, 9) * frac(5, 18) * frac(5, 18) + frac(4, 9) * frac(5, 12) * frac(5, 12));
}

TEST(MeleeOdds, MELEE_13_reaction_fire_counts_in_the_wound_difference) {
  MeleeRequest r;
  r.attacker = side(1, 4, 4, 4, 4, 0);
  r.defender = side(1, 3, 3, 4, 3, 0);
  r.defender.wounds_already_dealt = 2;  // Stand and Fire
  const MeleeReport report = evaluate_melee(r);
  EXPECT_PROB(report.wound_difference[-2], 1.0);
  EXPECT_PROB(report.defender_wins, 1.0);
}

TEST(MeleeOdds, parse_names_the_field) {
  try {
    parse_melee_request(
        "{\"attacker\": {\"models\": 5, \"wss\": 3}, \"defender\": {\"models\": 1}}", "req.json");
    FAIL() << "a misspelt key must be refused";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("wss"), std::string::npos) << error.what();
  }
  const MeleeRequest r = parse_melee_request(
      "{\"attacker\": {\"models\": 5, \"ws\": 4, \"modifiers\": [\"rear_charge\"]},"
      " \"defender\": {\"models\": 3}, \"rulings\": {\"ruling.MELEE-16\": \"symmetric\"}}",
      "req.json");
  EXPECT_EQ(r.attacker.models, 5);
  EXPECT_EQ(r.attacker.modifiers.size(), 1u);
  EXPECT_EQ(r.rout_cap, rules::RoutCap::symmetric);
}

TEST(MeleeOdds, live_rounds_fit_the_exact_odds) {
  // Five charging marines (the sergeant's extra attack ignored) in the rear of ten Guardsmen.
  MeleeRequest r;
  r.attacker = side(5, 4, 4, 4, 4, 1);
  r.attacker.bonus_attacks = 2;
  r.attacker.modifiers = {rules::MeleeModifier::rear_charge};
  r.attacker.save = 3;
  r.attacker.leadership = 8;
  r.attacker.crs_modifier = 1;
  r.defender = side(10, 3, 3, 3, 3, 1);
  r.defender.save = 5;
  r.defender.leadership = 8;
  r.defender.crs_modifier = -1;
  const MeleeReport exact = evaluate_melee(r);
  dice::RandomDice dice(2024);
  constexpr long kRounds = 40000;
  std::map<int, long> wd;
  long routs = 0;
  for (long i = 0; i < kRounds; ++i) {
    const MeleeOutcome out = simulate_melee(dice, r);
    ++wd[out.wound_difference];
    routs += out.defender_routs ? 1 : 0;
  }
  test::expect_fits(wd, exact.wound_difference, kRounds);
  const double p = exact.defender_routs;
  const double sigma = std::sqrt(p * (1 - p) / kRounds);
  EXPECT_NEAR(static_cast<double>(routs) / kRounds, p, 4.5 * sigma);
}

TEST(MeleeOdds, ADV_66_a_fearless_loser_takes_the_points_as_wounds) {
  // No blows: the attacker's Stand and Fire wounds (2) decide the round. The fearless defenders
  // (three W1 models, 4+ save) lose by 2 - (-2) = 4: four wounds, each saved on a 4+.
  MeleeRequest r;
  r.attacker = side(1, 4, 4, 4, 4, 0);
  r.attacker.wounds_already_dealt = 2;
  r.defender = side(3, 3, 3, 4, 3, 0);
  r.defender.fearless = true;
  r.defender.save = 4;
  const MeleeReport report = evaluate_melee(r);
  EXPECT_PROB(report.attacker_wins, 1.0);
  EXPECT_PROB(report.defender_routs, 0.0);
  EXPECT_PROB(report.attacker_slain[0], frac(1, 16));
  EXPECT_PROB(report.attacker_slain[1], frac(4, 16));
  EXPECT_PROB(report.attacker_slain[2], frac(6, 16));
  EXPECT_PROB(report.attacker_slain[3], frac(5, 16));  // three or four unsaved
  EXPECT_PROB(report.defender_wiped_out, frac(5, 16));
  // A lone fearless model takes none; nor do the three with the rule switched off.
  r.no_retreat = false;
  EXPECT_PROB(evaluate_melee(r).attacker_slain[0], 1.0);
  r.no_retreat = true;
  r.defender.models = 1;
  EXPECT_PROB(evaluate_melee(r).attacker_slain[0], 1.0);
  // Live rounds: the same spread.
  r.defender.models = 3;
  dice::RandomDice dice(66);
  constexpr long kRounds = 20000;
  std::map<int, long> slain;
  for (long i = 0; i < kRounds; ++i) ++slain[simulate_melee(dice, r).attacker_slain];
  test::expect_fits(slain, report.attacker_slain, kRounds);
  EXPECT_FALSE(parse_melee_request("{\"attacker\": {\"models\": 1}, \"defender\": {\"models\": 2},"
                                   " \"no_retreat\": false}",
                                   "req.json")
                   .no_retreat);
}

TEST(MeleeOdds, ADV_62_a_side_fighting_in_smoke_hits_on_a_one) {
  MeleeRequest r;
  r.attacker = side(1, 5, 4, 4, 4, 1);  // WS5: 5- to hit in the open
  r.attacker.in_smoke = true;           // 1/6, then wounds T4 on 4+ (1/2)
  r.defender = side(1, 3, 3, 4, 3, 0);
  EXPECT_PROB(evaluate_melee(r).attacker_wins, frac(1, 12));
}

TEST(MeleeOdds, ADV_56_a_monstrous_side_leaves_no_armour_save) {
  // WS4 S4 against WS3 T4 with a 3+ save: 2/3 to hit, 1/2 to wound, then 2/3 saved unless the
  // attacker is monstrous. The defender strikes no blow (A0): it loses whenever it takes a wound.
  MeleeRequest r;
  r.attacker = side(1, 4, 4, 4, 4, 1);
  r.defender = side(1, 3, 3, 4, 3, 0);
  r.defender.save = 3;
  EXPECT_PROB(evaluate_melee(r).attacker_wins, frac(2, 3) * frac(1, 2) * frac(1, 3));
  r.attacker.monstrous = true;
  EXPECT_PROB(evaluate_melee(r).attacker_wins, frac(2, 3) * frac(1, 2));
  r.defender.invulnerable = 5;  // an invulnerable save still stands
  EXPECT_PROB(evaluate_melee(r).attacker_wins, frac(2, 3) * frac(1, 2) * frac(2, 3));
}

}  // namespace
}  // namespace arap::odds

namespace arap::odds {
namespace {

// ADV-57/59 in the odds, typed in a request: the extra attack's own weapon, the Charge bonus
// free of MELEE-06a's -1, re-rolled wounds; live rounds with the same terms fit the exact spread.
TEST(MeleeOdds, ADV_57_ADV_59_two_weapons_and_rerolls_fit_live_rounds) {
  const MeleeRequest r = parse_melee_request(
      "{\"attacker\": {\"models\": 3, \"ws\": 4, \"s\": 4, \"a\": 2, \"i\": 4,"
      " \"bonus_attacks\": 1, \"modifiers\": [\"two_weapons\"], \"extra_attacks\": 1,"
      " \"extra_weapon\": {\"s\": 6, \"ap\": 2, \"damage\": \"D3\"}, \"reroll_wounds\": true},"
      " \"defender\": {\"models\": 4, \"t\": 4, \"w\": 2, \"save\": 3, \"i\": 3}}",
      "req.json");
  EXPECT_EQ(r.attacker.extra_attacks, 1);
  ASSERT_TRUE(r.attacker.extra_blow.has_value());
  EXPECT_EQ(r.attacker.extra_blow->strength, 6);
  EXPECT_EQ(r.attacker.extra_blow->ap, 2);
  EXPECT_TRUE(r.attacker.reroll_wounds);
  const MeleeReport exact = evaluate_melee(r);
  dice::RandomDice dice(57);
  constexpr long kRounds = 20000;
  std::map<int, long> slain;
  for (long i = 0; i < kRounds; ++i) ++slain[simulate_melee(dice, r).attacker_slain];
  test::expect_fits(slain, exact.attacker_slain, kRounds);
  // A lone blow each way checks the goals exactly: WS4 at -1 hits 3/6, the bonus blow 4/6.
  MeleeRequest one;
  one.attacker = side(1, 4, 4, 4, 4, 1);
  one.attacker.modifiers = {rules::MeleeModifier::two_weapons};
  one.defender = side(1, 3, 3, 4, 3, 0);
  const double main = evaluate_melee(one).attacker_slain.mean();
  EXPECT_NEAR(main, 3.0 / 6.0 * 0.5, 1e-12);  // S4 against T4: 4+
  one.attacker.attacks = 0;
  one.attacker.bonus_attacks = 1;
  EXPECT_NEAR(evaluate_melee(one).attacker_slain.mean(), 4.0 / 6.0 * 0.5, 1e-12);
}

}  // namespace
}  // namespace arap::odds
