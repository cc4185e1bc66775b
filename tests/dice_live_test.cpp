// The dice sources themselves: scripted dice fail loudly; live dice are reproducible, give
// independent streams and match the exact odds of every roll kind.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "dice/random_dice.hpp"
#include "dice/rolls.hpp"
#include "dice/scripted_dice.hpp"
#include "support/expect.hpp"

namespace arap::dice {
namespace {

TEST(ScriptedDiceSource, fails_loudly_when_empty) {
  ScriptedDice dice{4};
  EXPECT_EQ(dice.d6(), 4);
  try {
    dice.d6();
    FAIL() << "expected ScriptedDiceError";
  } catch (const ScriptedDiceError& error) {
    EXPECT_NE(std::string(error.what()).find("ran dry"), std::string::npos);
  }
}

TEST(ScriptedDiceSource, fails_loudly_on_a_face_the_die_lacks) {
  ScriptedDice dice{7};
  EXPECT_THROW(dice.d6(), ScriptedDiceError);
  ScriptedDice zero{0};
  EXPECT_THROW(zero.roll(10), ScriptedDiceError);
  ScriptedDice d10{10};
  EXPECT_EQ(d10.roll(10), 10);
}

TEST(RandomDiceSource, same_seed_same_dice_and_streams_differ) {
  RandomDice a(42, 3);
  RandomDice b(42, 3);
  RandomDice c(42, 4);
  int same_as_other_stream = 0;
  for (int i = 0; i < 1000; ++i) {
    const int x = a.d6();
    EXPECT_EQ(x, b.d6());
    same_as_other_stream += x == c.d6() ? 1 : 0;
  }
  EXPECT_LT(same_as_other_stream, 250) << "streams 3 and 4 look correlated";
  RandomDice copy = a;
  EXPECT_EQ(copy, a);
  EXPECT_EQ(copy.roll(20), a.roll(20)) << "a copy carries the same future";
}

TEST(RandomDiceSource, jump_moves_to_a_distant_state) {
  Xoshiro256pp rng(7);
  Xoshiro256pp jumped = rng;
  jumped.jump();
  EXPECT_NE(rng.state(), jumped.state());
}

TEST(RandomDiceSource, bounded_draw_is_unbiased_for_awkward_sizes) {
  // 3 * 2^30 does not divide 2^32: plain modulo would favour the low third.
  RandomDice dice(99);
  const std::uint32_t bound = 3u << 30;
  long low_third = 0;
  const long samples = 300000;
  for (long i = 0; i < samples; ++i) {
    low_third += dice.bounded(bound) < (1u << 30) ? 1 : 0;
  }
  const double share = static_cast<double>(low_third) / samples;
  EXPECT_NEAR(share, 1.0 / 3.0, 0.005);
}

template <typename Roll>
std::map<int, long> sample(Roll&& roll, long samples, std::uint64_t seed) {
  RandomDice dice(seed);
  std::map<int, long> counts;
  for (long i = 0; i < samples; ++i) ++counts[roll(dice)];
  return counts;
}

TEST(LiveDiceStatistics, DICE_02_R3D6P2_matches_exact) {
  const long n = 200000;
  test::expect_fits(sample([](DiceSource& d) { return roll_pick(d, 3, 6, 2); }, n, 1),
                    pick_distribution(3, 6, 2), n);
}

TEST(LiveDiceStatistics, DICE_06_extended_goals_match_exact) {
  const long n = 200000;
  for (const int goal : {-2, 0, 3, 5}) {
    Distribution expected(0, {1.0 - p_low(goal), p_low(goal)});
    test::expect_fits(
        sample([goal](DiceSource& d) { return roll_low(d, goal) ? 1 : 0; }, n, 10 + goal), expected,
        n);
  }
  for (const int goal : {2, 4, 7, 9}) {
    Distribution expected(0, {1.0 - p_high(goal), p_high(goal)});
    test::expect_fits(
        sample([goal](DiceSource& d) { return roll_high(d, goal) ? 1 : 0; }, n, 20 + goal),
        expected, n);
  }
}

TEST(LiveDiceStatistics, SHOOT_59_best_of_two_matches_exact) {
  const long n = 200000;
  for (const int goal : {2, 4, 6, 7}) {
    Distribution expected(0, {1.0 - p_high_best_of_two(goal), p_high_best_of_two(goal)});
    test::expect_fits(
        sample([goal](DiceSource& d) { return roll_high_best_of_two(d, goal) ? 1 : 0; }, n,
               30 + goal),
        expected, n);
  }
}

TEST(LiveDiceStatistics, DICE_09_leadership_matches_exact) {
  const long n = 200000;
  for (const int target : {2, 7, 9}) {
    Distribution expected(0, {1.0 - p_leadership(target), p_leadership(target)});
    test::expect_fits(
        sample([target](DiceSource& d) { return roll_leadership(d, target).passed ? 1 : 0; }, n,
               40 + target),
        expected, n);
  }
}

TEST(LiveDiceStatistics, DICE_17_DICE_19_scatter_matches_exact) {
  const long n = 200000;
  test::expect_fits(
      sample([](DiceSource& d) { return roll_short_scatter(d, true).distance; }, n, 5),
      short_scatter_distribution(true), n);
  test::expect_fits(sample(
                        [](DiceSource& d) {
                          return roll_three_dice_scatter(d, ThreeDiceHit::top_pair_only).distance;
                        },
                        n, 6),
                    three_dice_scatter_distribution(ThreeDiceHit::top_pair_only), n);
  test::expect_fits(sample([](DiceSource& d) { return roll_skill_scatter(d, 3).distance; }, n, 7),
                    skill_scatter_distribution(3), n);
}

TEST(LiveDiceStatistics, DICE_10_D3_D5_D100_match_exact) {
  const long n = 120000;
  test::expect_fits(sample([](DiceSource& d) { return roll_d3(d); }, n, 8), die_distribution(3), n);
  test::expect_fits(sample([](DiceSource& d) { return roll_d5(d); }, n, 9), die_distribution(5), n);
  test::expect_fits(sample([](DiceSource& d) { return roll_d100(d); }, n, 10), d100_distribution(),
                    n);
}

}  // namespace
}  // namespace arap::dice
