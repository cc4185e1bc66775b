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

}  // namespace
}  // namespace arap::rules
