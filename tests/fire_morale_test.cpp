// SHOOT-31 and SHOOT-33 thresholds.
#include <gtest/gtest.h>

#include "rules/fire_morale.hpp"

namespace arap::rules {
namespace {

TEST(FireMorale, SHOOT_33_suppression_thresholds) {
  for (const int n : {4, 5, 6, 7})
    EXPECT_EQ(suppression_threshold(n, SuppressionThreshold::gt25), 2);
  EXPECT_EQ(suppression_threshold(8, SuppressionThreshold::gt25), 3);
  EXPECT_EQ(suppression_threshold(10, SuppressionThreshold::gt25), 3);
  EXPECT_EQ(suppression_threshold(1, SuppressionThreshold::gt25), 1);
  EXPECT_EQ(suppression_threshold(8, SuppressionThreshold::ge25min2), 2);
  EXPECT_EQ(suppression_threshold(12, SuppressionThreshold::ge25min2), 3);
  for (const int n : {4, 5, 6, 7, 10}) {
    EXPECT_EQ(suppression_threshold(n, SuppressionThreshold::ge25min2),
              suppression_threshold(n, SuppressionThreshold::gt25))
        << n;
  }
}

TEST(FireMorale, SHOOT_31_heavy_casualty_trigger) {
  EXPECT_TRUE(heavy_casualty_check(10, 3).due);
  EXPECT_FALSE(heavy_casualty_check(10, 2).due);
  EXPECT_TRUE(heavy_casualty_check(4, 1).due);
  const HeavyCasualtyCheck half = heavy_casualty_check(8, 4);
  EXPECT_TRUE(half.due);
  EXPECT_TRUE(half.half_lost);
  EXPECT_FALSE(heavy_casualty_check(10, 3).half_lost);
  EXPECT_FALSE(heavy_casualty_check(10, 0).due);
}

}  // namespace
}  // namespace arap::rules
