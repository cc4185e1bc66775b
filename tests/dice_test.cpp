// DICE-01..14: every roll kind with scripted dice, and its exact probability.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "dice/random_dice.hpp"
#include "dice/rolls.hpp"
#include "dice/scripted_dice.hpp"
#include "support/expect.hpp"

namespace arap::dice {
namespace {

using test::frac;

TEST(Dice, DICE_01_dice_of_every_size_stay_on_their_faces) {
  RandomDice dice(1);
  for (const int sides : {4, 6, 8, 10, 12, 20, 37}) {
    std::map<int, long> counts;
    const long samples = 2000L * sides;
    for (long i = 0; i < samples; ++i) ++counts[dice.roll(sides)];
    EXPECT_EQ(counts.begin()->first, 1);
    EXPECT_EQ(counts.rbegin()->first, sides);
    test::expect_fits(counts, die_distribution(sides), samples);
  }
}

TEST(Dice, DICE_02_pick_keeps_highest_or_lowest) {
  ScriptedDice high{2, 6, 5};
  EXPECT_EQ(roll_pick(high, 3, 6, 2, Keep::highest), 11);
  ScriptedDice low{2, 6, 5};
  EXPECT_EQ(roll_pick(low, 3, 6, 2, Keep::lowest), 7);
  EXPECT_TRUE(low.exhausted());
}

TEST(Dice, DICE_02_R3D6P2_distribution) {
  const Distribution d = pick_distribution(3, 6, 2, Keep::highest);
  EXPECT_EQ(d.lowest(), 2);
  EXPECT_EQ(d.highest(), 12);
  EXPECT_PROB(d[2], frac(1, 216));
  EXPECT_PROB(d[3], frac(1, 72));
  EXPECT_PROB(d[4], frac(7, 216));
  EXPECT_PROB(d[5], frac(1, 18));
  EXPECT_PROB(d[6], frac(19, 216));
  EXPECT_PROB(d[7], frac(1, 8));
  EXPECT_PROB(d[8], frac(17, 108));
  EXPECT_PROB(d[9], frac(1, 6));
  EXPECT_PROB(d[10], frac(17, 108));
  EXPECT_PROB(d[11], frac(1, 8));
  EXPECT_PROB(d[12], frac(2, 27));
  EXPECT_PROB(d.mean(), frac(203, 24));
}

TEST(Dice, DICE_03_low_and_high_rolls_at_goal_four) {
  for (int face = 1; face <= 6; ++face) {
    ScriptedDice low{face};
    EXPECT_EQ(roll_low(low, 4), face <= 4) << face;
    ScriptedDice high{face};
    EXPECT_EQ(roll_high(high, 4), face >= 4) << face;
  }
  EXPECT_PROB(p_low(4), frac(2, 3));
  EXPECT_PROB(p_high(4), frac(1, 2));
}

TEST(Dice, DICE_04_to_hit_probability_by_final_goal) {
  EXPECT_PROB(p_low(7), frac(5, 6));
  EXPECT_PROB(p_low(5), frac(5, 6));
  EXPECT_PROB(p_low(4), frac(2, 3));
  EXPECT_PROB(p_low(3), frac(1, 2));
  EXPECT_PROB(p_low(2), frac(1, 3));
  EXPECT_PROB(p_low(1), frac(1, 6));
  EXPECT_PROB(p_low(0), frac(1, 12));
  EXPECT_PROB(p_low(-1), frac(1, 18));
  EXPECT_PROB(p_low(-2), frac(1, 36));
  EXPECT_PROB(p_low(-3), 0.0);
  ScriptedDice six{6};
  EXPECT_FALSE(roll_low(six, 9)) << "a natural 6 always misses";
}

TEST(Dice, DICE_06_extended_high_goals) {
  ScriptedDice seven_pass{6, 4};
  EXPECT_TRUE(roll_high(seven_pass, 7));
  ScriptedDice seven_fail{6, 3};
  EXPECT_FALSE(roll_high(seven_fail, 7));
  ScriptedDice eight{6, 5};
  EXPECT_TRUE(roll_high(eight, 8));
  ScriptedDice nine{6, 5};
  EXPECT_FALSE(roll_high(nine, 9));
  ScriptedDice not_six{5};
  EXPECT_FALSE(roll_high(not_six, 7));
  EXPECT_TRUE(not_six.exhausted()) << "no confirmation die without a first 6";
  ScriptedDice none;
  EXPECT_FALSE(roll_high(none, 10)) << "goal 10 rolls no dice";
  EXPECT_PROB(p_high(7), frac(1, 12));
  EXPECT_PROB(p_high(8), frac(1, 18));
  EXPECT_PROB(p_high(9), frac(1, 36));
  EXPECT_PROB(p_high(10), 0.0);
}

TEST(Dice, DICE_06_extended_low_goals) {
  ScriptedDice zero_pass{1, 3};
  EXPECT_TRUE(roll_low(zero_pass, 0));
  ScriptedDice zero_fail{1, 4};
  EXPECT_FALSE(roll_low(zero_fail, 0));
  ScriptedDice minus_one{1, 2};
  EXPECT_TRUE(roll_low(minus_one, -1));
  ScriptedDice minus_two{1, 2};
  EXPECT_FALSE(roll_low(minus_two, -2));
  ScriptedDice first_not_one{2};
  EXPECT_FALSE(roll_low(first_not_one, 0));
  EXPECT_TRUE(first_not_one.exhausted());
  ScriptedDice none;
  EXPECT_FALSE(roll_low(none, -3));
  EXPECT_PROB(p_low(0), frac(1, 12));
  EXPECT_PROB(p_low(-1), frac(1, 18));
  EXPECT_PROB(p_low(-2), frac(1, 36));
}

TEST(Dice, DICE_08_save_probabilities) {
  EXPECT_PROB(p_high(2), frac(5, 6));
  EXPECT_PROB(p_high(3), frac(2, 3));
  EXPECT_PROB(p_high(4), frac(1, 2));
  EXPECT_PROB(p_high(5), frac(1, 3));
  EXPECT_PROB(p_high(6), frac(1, 6));
  ScriptedDice one{1};
  EXPECT_FALSE(roll_high(one, 1)) << "a natural 1 always fails";
}

TEST(Dice, DICE_09_leadership_table) {
  const double expected[] = {frac(1, 36),  frac(1, 36),  frac(1, 36), frac(1, 12),  frac(1, 6),
                             frac(5, 18),  frac(5, 12),  frac(7, 12), frac(13, 18), frac(5, 6),
                             frac(11, 12), frac(35, 36), 1.0,         1.0};
  for (int target = 0; target <= 13; ++target) {
    EXPECT_PROB(p_leadership(target), expected[target]) << "Ld " << target;
  }
  EXPECT_PROB(p_leadership(8 - 9), frac(1, 36));
}

TEST(Dice, DICE_09_snake_eyes_pass_and_double_six_does_not_fail_high_ld) {
  ScriptedDice snake{1, 1};
  EXPECT_TRUE(roll_leadership(snake, -1).passed);
  ScriptedDice sixes{6, 6};
  EXPECT_TRUE(roll_leadership(sixes, 12).passed);
  ScriptedDice fail{4, 5};
  const LeadershipRoll roll = roll_leadership(fail, 8);
  EXPECT_FALSE(roll.passed);
  EXPECT_EQ(roll.total(), 9);
}

TEST(Dice, DICE_10_d3_d5_d2) {
  ScriptedDice d3{5, 4, 3};
  EXPECT_EQ(roll_d3(d3), 2);
  EXPECT_EQ(roll_d3(d3), 1);
  EXPECT_EQ(roll_d3(d3), 3);
  ScriptedDice d5{10, 7, 3};
  EXPECT_EQ(roll_d5(d5), 5);
  EXPECT_EQ(roll_d5(d5), 2);
  EXPECT_EQ(roll_d5(d5), 3);
  ScriptedDice d2{4, 3};
  EXPECT_EQ(roll_d2(d2), 2);
  EXPECT_EQ(roll_d2(d2), 1);
  for (const int sides : {2, 3, 5}) {
    const Distribution d = expression_distribution({1, sides, 0});
    for (int v = 1; v <= sides; ++v) EXPECT_PROB(d[v], frac(1, sides));
  }
}

TEST(Dice, DICE_11_d100_and_d66) {
  ScriptedDice zero_zero{10, 10};
  EXPECT_EQ(roll_d100(zero_zero), 100);
  ScriptedDice seven{10, 7};
  EXPECT_EQ(roll_d100(seven), 7);
  ScriptedDice forty_two{4, 2};
  EXPECT_EQ(roll_d100(forty_two), 42);
  ScriptedDice d66{3, 5};
  EXPECT_EQ(roll_d66(d66), 35);
  const Distribution d = d66_distribution();
  int outcomes = 0;
  for (int v = 11; v <= 66; ++v) {
    if (d[v] > 0) {
      ++outcomes;
      EXPECT_PROB(d[v], frac(1, 36));
      EXPECT_GE(v % 10, 1);
      EXPECT_LE(v % 10, 6);
    }
  }
  EXPECT_EQ(outcomes, 36);
  EXPECT_PROB(d100_distribution()[100], 0.01);
}

TEST(Dice, DICE_12_average_dice) {
  ScriptedDice dice{1, 6, 2, 5};
  EXPECT_EQ(roll_average_die(dice), 3);
  EXPECT_EQ(roll_average_die(dice), 4);
  EXPECT_EQ(roll_average_die(dice), 2);
  EXPECT_EQ(roll_average_die(dice), 5);
  const Distribution d = average_die_distribution();
  EXPECT_PROB(d[3], frac(1, 3));
  EXPECT_PROB(d[4], frac(1, 3));
  EXPECT_PROB(d[2], frac(1, 6));
  EXPECT_PROB(d[5], frac(1, 6));
  EXPECT_PROB(d.mean(), 3.5);
}

TEST(Dice, DICE_13_initiative_tests) {
  EXPECT_PROB(p_low(3), frac(1, 2));
  EXPECT_PROB(p_low(4), frac(2, 3));
  EXPECT_PROB(p_low(6), frac(5, 6));
  EXPECT_PROB(p_low(1), frac(1, 6));
  ScriptedDice six{6};
  EXPECT_FALSE(roll_low(six, 6)) << "I6 still fails on a 6";
}

TEST(Dice, DICE_14_strength_and_toughness_tests) {
  EXPECT_PROB(p_low(6, /*six_fails=*/false), 1.0);
  EXPECT_PROB(p_low(6, /*six_fails=*/true), frac(5, 6));
  EXPECT_PROB(p_low(3, false), frac(1, 2));
  ScriptedDice six{6};
  EXPECT_TRUE(roll_low(six, 6, /*six_fails=*/false));
}

}  // namespace
}  // namespace arap::dice

namespace arap::dice {
namespace {

// The O(n^2) Pascal's-triangle recurrence the binomial used to be built by (issue 14: it took
// seconds for thousands of trials); the O(n) row from the mode must agree with it to 1e-12.
std::vector<double> pascal_binomial(int trials, double p) {
  std::vector<double> row(trials + 1, 0.0);
  row[0] = 1.0;
  for (int n = 1; n <= trials; ++n) {
    for (int k = n; k >= 1; --k) row[k] = row[k] * (1.0 - p) + row[k - 1] * p;
    row[0] *= (1.0 - p);
  }
  return row;
}

TEST(Distribution, binomial_from_the_mode_matches_pascal_to_1e_12) {
  for (const int trials : {0, 1, 2, 7, 30, 200, 2000}) {
    for (const double p : {0.0, 1e-6, 1.0 / 36, 1.0 / 6, 0.5, 2.0 / 3, 35.0 / 36, 1.0}) {
      const Distribution fast = Distribution::binomial(trials, p);
      const std::vector<double> slow = pascal_binomial(trials, p);
      ASSERT_EQ(fast.lowest(), 0);
      ASSERT_EQ(fast.highest(), trials) << trials << " " << p;
      for (int k = 0; k <= trials; ++k)
        ASSERT_NEAR(fast[k], slow[k], 1e-12) << "n=" << trials << " p=" << p << " k=" << k;
    }
  }
  // 20,000 trials (100 models x 20 shots x 10 firings) is answered, and sums to one.
  const Distribution big = Distribution::binomial(20000, 0.3);
  EXPECT_NEAR(big.total(), 1.0, 1e-12);
  EXPECT_NEAR(big.mean(), 6000.0, 1e-6);
}

}  // namespace
}  // namespace arap::dice
