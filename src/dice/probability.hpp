// Exact probabilities of every roll kind in rolls.hpp. The odds calculator and the tests use these;
// the statistical tests check the live rolls against them.
#pragma once

#include "dice/distribution.hpp"
#include "dice/rolls.hpp"

namespace arap::dice {

// DICE-04/06/13/14: P(low roll succeeds).
double p_low(int goal, bool six_fails = true);
// DICE-06/07/08: P(high roll succeeds).
double p_high(int goal);
// SHOOT-59: P(high roll succeeds) with the first die the higher of two.
double p_high_best_of_two(int goal);
// DICE-09: P(2D6 <= target or a double 1).
double p_leadership(int target);
// DICE-09 / SHOOT-32: P(a failed Ld test whose total is even / odd).
double p_leadership_fail_even(int target);
double p_leadership_fail_odd(int target);

Distribution die_distribution(int sides);  // uniform 1..sides; D3/D5/D2 are uniform too
Distribution d100_distribution();
Distribution d66_distribution();
Distribution average_die_distribution();
Distribution pick_distribution(int count, int sides, int keep, Keep which = Keep::highest);
Distribution expression_distribution(const DiceExpression& expression);
// SHOOT-59: Damage rolled as the higher of two dice at half range (R2D6P1 for a D6).
Distribution expression_best_of_two_distribution(const DiceExpression& expression);

// Scatter distances (0 = on target).
Distribution scatter_distribution(ScatterDoubles doubles);
Distribution skill_scatter_distribution(int skill);
Distribution short_scatter_distribution(bool scatter_only);
Distribution three_dice_scatter_distribution(ThreeDiceHit rule);

}  // namespace arap::dice
