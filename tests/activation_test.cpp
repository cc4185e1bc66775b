// ACT-05..07 and the activation side of SHOOT-29 / SHOOT-35.
#include <array>

#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "rules/activation.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

ActivationResult read(std::initializer_list<int> faces, int value,
                      ActivationCondition condition = ActivationCondition::normal) {
  return read_activation(std::span<const int>(faces.begin(), faces.size()), value, condition);
}

TEST(Activation, ACT_05_activation_value_from_initiative) {
  EXPECT_EQ(activation_value(0), 3);
  EXPECT_EQ(activation_value(1), 3);
  EXPECT_EQ(activation_value(3), 3);
  EXPECT_EQ(activation_value(4), 4);
  EXPECT_EQ(activation_value(5), 5);
  EXPECT_EQ(activation_value(9), 5);
}

TEST(Activation, ACT_06_successes_distribution) {
  const auto check = [](int dice, int value, std::initializer_list<double> expected) {
    const ActivationOdds odds = activation_odds(dice, value);
    int k = 0;
    for (const double p : expected) EXPECT_PROB(odds.action_points[k++], p);
  };
  check(3, 3, {frac(1, 8), frac(3, 8), frac(3, 8), frac(1, 8)});
  check(3, 4, {frac(1, 27), frac(2, 9), frac(4, 9), frac(8, 27)});
  check(3, 5, {frac(1, 216), frac(5, 72), frac(25, 72), frac(125, 216)});
  check(2, 4, {frac(1, 9), frac(4, 9), frac(4, 9)});
  EXPECT_PROB(activation_odds(3, 4).action_points.mean(), 2.0);
}

// The odds come from a table made once (values from 5 up read alike, as do values from 0 down):
// every entry must be what weighing each roll one by one gives, beyond the table's range too.
TEST(Activation, ACT_06_odds_equal_every_roll_weighed_for_any_value) {
  for (int dice = 1; dice <= 3; ++dice)
    for (int value = -2; value <= 9; ++value)
      for (const auto condition : {ActivationCondition::normal, ActivationCondition::pinned,
                                   ActivationCondition::suppressed}) {
        double bust = 0.0;
        double not_activated = 0.0;
        std::array<double, 4> points{};
        int rolls = 1;
        for (int i = 0; i < dice; ++i) rolls *= 6;
        for (int roll = 0; roll < rolls; ++roll) {
          std::array<int, 3> faces{};
          for (int i = 0, r = roll; i < dice; ++i, r /= 6) faces[i] = r % 6 + 1;
          const ActivationResult result =
              read_activation(std::span<const int>(faces.data(), dice), value, condition);
          const double p = 1.0 / rolls;
          if (result.bust) bust += p;
          if (!result.activated) not_activated += p;
          points[result.action_points] += p;
        }
        const ActivationOdds odds = activation_odds(dice, value, condition);
        SCOPED_TRACE(::testing::Message() << dice << " dice against " << value);
        EXPECT_PROB(odds.p_bust, bust);
        EXPECT_PROB(odds.p_not_activated, not_activated);
        for (int k = 0; k <= dice; ++k) EXPECT_PROB(odds.action_points[k], points[k]);
      }
}

TEST(Activation, ACT_06_six_always_fails_and_roll_uses_the_dice_asked_for) {
  dice::ScriptedDice dice{6, 5, 1};
  const ActivationResult result = roll_activation(dice, 3, 5);
  EXPECT_EQ(result.successes, 2);
  EXPECT_EQ(result.failures, 1);
  EXPECT_TRUE(dice.exhausted());
  dice::ScriptedDice none;
  EXPECT_THROW(roll_activation(none, 4, 3), std::invalid_argument);
}

TEST(Activation, ACT_07_bust_with_two_and_three_dice) {
  const ActivationResult three = read({2, 6, 6}, 4);
  EXPECT_TRUE(three.bust);
  EXPECT_EQ(three.action_points, 1) << "three dice, two failures: the one AP is still spent";
  const ActivationResult two = read({6, 6}, 4);
  EXPECT_TRUE(two.bust);
  EXPECT_EQ(two.action_points, 0);
  EXPECT_FALSE(read({6}, 4).bust) << "one die never busts";
  EXPECT_FALSE(read({1, 5, 2}, 4).bust);
  EXPECT_PROB(activation_odds(2, 3).p_bust, frac(1, 4));
  EXPECT_PROB(activation_odds(3, 3).p_bust, frac(1, 2));
  EXPECT_PROB(activation_odds(2, 4).p_bust, frac(1, 9));
  EXPECT_PROB(activation_odds(3, 4).p_bust, frac(7, 27));
  EXPECT_PROB(activation_odds(2, 5).p_bust, frac(1, 36));
  EXPECT_PROB(activation_odds(3, 5).p_bust, frac(2, 27));
  EXPECT_PROB(activation_odds(1, 3).p_bust, 0.0);
}

TEST(Activation, SHOOT_29_pinned_unit_loses_two_action_points) {
  EXPECT_EQ(read({1, 2, 3}, 4, ActivationCondition::pinned).action_points, 1);
  const ActivationResult no_bust = read({1, 2, 6}, 4, ActivationCondition::pinned);
  EXPECT_EQ(no_bust.action_points, 0);
  EXPECT_FALSE(no_bust.bust);
  const ActivationResult bust = read({1, 6, 6}, 4, ActivationCondition::pinned);
  EXPECT_EQ(bust.action_points, 0);
  EXPECT_TRUE(bust.bust);
  const ActivationOdds odds = activation_odds(3, 4, ActivationCondition::pinned);
  EXPECT_PROB(odds.action_points[1], frac(8, 27));
  EXPECT_PROB(odds.action_points[0], frac(19, 27));
  EXPECT_PROB(odds.p_bust, frac(7, 27));
}

TEST(Activation, SHOOT_35_suppressed_unit_needs_two_successes) {
  EXPECT_EQ(read({2, 3, 6}, 4, ActivationCondition::suppressed).action_points, 1);
  const ActivationResult fail = read({2, 6, 6}, 4, ActivationCondition::suppressed);
  EXPECT_FALSE(fail.activated);
  EXPECT_TRUE(fail.bust);
  EXPECT_EQ(fail.action_points, 0);
  const ActivationOdds odds = activation_odds(3, 4, ActivationCondition::suppressed);
  EXPECT_PROB(odds.p_not_activated, frac(7, 27));
  EXPECT_PROB(odds.action_points[1], frac(4, 9));
  EXPECT_PROB(odds.action_points[2], frac(8, 27));
  EXPECT_PROB(odds.action_points.mean(), frac(28, 27));
}

}  // namespace
}  // namespace arap::rules
