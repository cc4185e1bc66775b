// DICE-09 applied: heavy-casualty outcomes (SHOOT-32), pinning tests (SHOOT-28), the They Shall
// Know No Fear re-roll (MORALE-05) and the rout-test example (EX-18).
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "rules/fire_morale.hpp"
#include "rules/leadership.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

TEST(Leadership, SHOOT_32_heavy_casualty_outcomes) {
  const auto check = [](int ld, double pass, double pinned, double rout) {
    const LeadershipOdds odds = leadership_odds(ld);
    EXPECT_PROB(odds.p_pass, pass) << ld;
    EXPECT_PROB(odds.p_fail_even, pinned) << ld;
    EXPECT_PROB(odds.p_fail_odd, rout) << ld;
  };
  check(7, frac(7, 12), frac(1, 4), frac(1, 6));
  check(8, frac(13, 18), frac(1, 9), frac(1, 6));
  check(5, frac(5, 18), frac(7, 18), frac(1, 3));
  check(9, frac(5, 6), frac(1, 9), frac(1, 18));
}

TEST(Leadership, SHOOT_32_even_fail_pins_odd_fail_routs) {
  dice::ScriptedDice even{4, 6};
  EXPECT_EQ(morale_outcome(dice::roll_leadership(even, 7)), MoraleOutcome::pinned);
  dice::ScriptedDice odd{4, 5};
  EXPECT_EQ(morale_outcome(dice::roll_leadership(odd, 7)), MoraleOutcome::routed);
  dice::ScriptedDice pass{3, 4};
  EXPECT_EQ(morale_outcome(dice::roll_leadership(pass, 7)), MoraleOutcome::passed);
  dice::ScriptedDice snake{1, 1};
  EXPECT_EQ(morale_outcome(dice::roll_leadership(snake, 0)), MoraleOutcome::passed);
}

TEST(Leadership, SHOOT_28_pinning_tests) {
  EXPECT_PROB(1.0 - leadership_odds(8).p_pass, frac(5, 18));
  const double two_tests = 1.0 - leadership_odds(8).p_pass * leadership_odds(8).p_pass;
  EXPECT_PROB(two_tests, frac(155, 324));
  EXPECT_PROB(1.0 - leadership_odds(8 + pinning_test_modifier(true)).p_pass, frac(5, 12));
}

TEST(Leadership, MORALE_05_they_shall_know_no_fear_reroll) {
  EXPECT_PROB(leadership_odds(8, /*reroll=*/true).p_pass, frac(299, 324));
  dice::ScriptedDice dice{6, 5, 2, 3};
  const dice::LeadershipRoll roll = roll_leadership_test(dice, 8, /*reroll=*/true);
  EXPECT_TRUE(roll.passed);
  EXPECT_EQ(roll.total(), 5);
  dice::ScriptedDice no_reroll{6, 5};
  EXPECT_FALSE(roll_leadership_test(no_reroll, 8).passed);
  EXPECT_TRUE(no_reroll.exhausted());
}

TEST(Leadership, DICE_09_ld8_three_down_passes_on_five) {
  // The Ld arithmetic of the rout-test example (EX-18); the rout test itself comes with mêlée.
  const int target = leadership_target(8, -3);
  EXPECT_EQ(target, 5);
  EXPECT_PROB(leadership_odds(target).p_pass, frac(5, 18));
}

TEST(Leadership, MORALE_01_morale_checks_and_control_tests) {
  for (const LdTest t : {LdTest::pinning, LdTest::heavy_casualty, LdTest::suppression, LdTest::rout,
                         LdTest::dangerous_ground, LdTest::poor_resolve})
    EXPECT_TRUE(is_morale_check(t));
  for (const LdTest t :
       {LdTest::break_off, LdTest::rally, LdTest::not_pursuing, LdTest::halt_pursuit})
    EXPECT_FALSE(is_morale_check(t));
}

TEST(Leadership, MORALE_02_the_fearless_pass_morale_checks_only) {
  EXPECT_TRUE(passes_automatically(LdTest::heavy_casualty, true));
  EXPECT_TRUE(passes_automatically(LdTest::pinning, true));
  EXPECT_TRUE(passes_automatically(LdTest::rout, true));
  EXPECT_FALSE(passes_automatically(LdTest::rally, true));
  EXPECT_FALSE(passes_automatically(LdTest::break_off, true));
  EXPECT_FALSE(passes_automatically(LdTest::heavy_casualty, false));
}

TEST(Leadership, MORALE_05_the_reroll_covers_morale_checks_and_rallies_only) {
  EXPECT_TRUE(may_reroll(LdTest::rout, true));
  EXPECT_TRUE(may_reroll(LdTest::rally, true));
  EXPECT_TRUE(may_reroll(LdTest::suppression, true));
  EXPECT_FALSE(may_reroll(LdTest::break_off, true));
  EXPECT_FALSE(may_reroll(LdTest::halt_pursuit, true));
  EXPECT_FALSE(may_reroll(LdTest::rout, false));
}

}  // namespace
}  // namespace arap::rules
