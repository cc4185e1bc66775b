// DICE-15..19: double-dice, BS-reduced, short, left/right and three-dice scatter.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "dice/scripted_dice.hpp"
#include "support/expect.hpp"

namespace arap::dice {
namespace {

using test::frac;

TEST(Scatter, DICE_15_standard_double_lands_on_target) {
  ScriptedDice dice{3, 3};
  const ScatterResult result = roll_scatter(dice);
  EXPECT_TRUE(result.on_target);
  EXPECT_TRUE(dice.exhausted()) << "no bearing is rolled for a marker that stays";
  ScriptedDice moves{2, 5, 90};
  const ScatterResult moved = roll_scatter(moves);
  EXPECT_FALSE(moved.on_target);
  EXPECT_EQ(moved.distance, 7);
  EXPECT_EQ(moved.bearing_degrees, 90);
  EXPECT_PROB(scatter_distribution(ScatterDoubles::no_scatter)[0], frac(1, 6));
}

TEST(Scatter, DICE_15_gw_option_and_scatter_only) {
  EXPECT_PROB(scatter_distribution(ScatterDoubles::double_or_seven)[0], frac(1, 3));
  ScriptedDice seven{3, 4};
  EXPECT_TRUE(roll_scatter(seven, ScatterDoubles::double_or_seven).on_target);
  ScriptedDice double_three{3, 3, 360};
  const ScatterResult result = roll_scatter(double_three, ScatterDoubles::scatter_only);
  EXPECT_EQ(result.distance, 6);
  EXPECT_EQ(result.bearing_degrees, 0);
  EXPECT_PROB(scatter_distribution(ScatterDoubles::scatter_only)[0], 0.0);
}

TEST(Scatter, DICE_16_skill_reduced_scatter) {
  ScriptedDice bs3{2, 6, 45};
  EXPECT_EQ(roll_skill_scatter(bs3, 3).distance, 5);
  ScriptedDice bs4{1, 3};
  const ScatterResult none = roll_skill_scatter(bs4, 4);
  EXPECT_TRUE(none.on_target);
  EXPECT_TRUE(bs4.exhausted());
}

TEST(Scatter, DICE_17_short_roll) {
  const Distribution d = short_scatter_distribution(false);
  EXPECT_PROB(d[0], frac(1, 6));
  EXPECT_PROB(d[1], frac(5, 18));
  EXPECT_PROB(d[2], frac(2, 9));
  EXPECT_PROB(d[3], frac(1, 6));
  EXPECT_PROB(d[4], frac(1, 9));
  EXPECT_PROB(d[5], frac(1, 18));
  const Distribution only = short_scatter_distribution(true);
  EXPECT_PROB(only[1], frac(11, 36));
  EXPECT_PROB(only[2], frac(1, 4));
  EXPECT_PROB(only[3], frac(7, 36));
  EXPECT_PROB(only[4], frac(5, 36));
  EXPECT_PROB(only[5], frac(1, 12));
  EXPECT_PROB(only[6], frac(1, 36));
  ScriptedDice dice{5, 2, 10};
  EXPECT_EQ(roll_short_scatter(dice, false).distance, 3);
  ScriptedDice double_four{4, 4, 180};
  EXPECT_EQ(roll_short_scatter(double_four, true).distance, 4);
}

TEST(Scatter, DICE_18_veer_left_and_right) {
  ScriptedDice dice{5, 2};
  const Veer veer = roll_veer(dice);
  EXPECT_EQ(veer.inches_left(), 3);
  EXPECT_FALSE(veer.even_double());
  ScriptedDice even{4, 4};
  EXPECT_TRUE(roll_veer(even).even_double());
  int even_doubles = 0;
  for (int a = 1; a <= 6; ++a) even_doubles += (a % 2 == 0) ? 1 : 0;
  EXPECT_PROB(frac(even_doubles, 36), frac(1, 12));
}

TEST(Scatter, DICE_19_three_dice_examples) {
  const auto roll = [](std::initializer_list<int> faces, ThreeDiceHit rule) {
    ScriptedDice dice(faces);
    dice.push(1);  // bearing
    return roll_three_dice_scatter(dice, rule).distance;
  };
  EXPECT_EQ(roll({5, 5, 3}, ThreeDiceHit::top_pair_only), 5);
  EXPECT_EQ(roll({6, 4, 1}, ThreeDiceHit::top_pair_only), 10);
  EXPECT_EQ(roll({2, 2, 6}, ThreeDiceHit::top_pair_only), 8);
  EXPECT_EQ(roll({2, 2, 6}, ThreeDiceHit::any_double), 6);
  EXPECT_EQ(roll({4, 4, 4}, ThreeDiceHit::top_pair_only), 4);
}

TEST(Scatter, DICE_19_three_dice_distributions) {
  const Distribution top = three_dice_scatter_distribution(ThreeDiceHit::top_pair_only);
  const double top_expected[] = {
      0,           frac(1, 216), frac(1, 54), frac(5, 108), frac(13, 216), frac(25, 216),
      frac(7, 54), frac(1, 8),   frac(1, 9),  frac(1, 6),   frac(7, 72),   frac(1, 8)};
  for (int v = 1; v <= 11; ++v) EXPECT_PROB(top[v], top_expected[v]) << v;
  EXPECT_PROB(top.mean(), frac(133, 18));
  const Distribution any = three_dice_scatter_distribution(ThreeDiceHit::any_double);
  const double any_expected[] = {0,
                                 frac(1, 216),
                                 frac(7, 216),
                                 frac(13, 216),
                                 frac(19, 216),
                                 frac(31, 216),
                                 frac(37, 216),
                                 frac(1, 12),
                                 frac(1, 12),
                                 frac(5, 36),
                                 frac(1, 12),
                                 frac(1, 9)};
  for (int v = 1; v <= 11; ++v) EXPECT_PROB(any[v], any_expected[v]) << v;
  EXPECT_PROB(any.mean(), frac(497, 72));
}

}  // namespace
}  // namespace arap::dice
