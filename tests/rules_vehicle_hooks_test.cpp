// Vehicle hooks (no vehicles in the engine yet): ADV-48's near misses, ADV-56's monstrous blows.
#include <gtest/gtest.h>

#include "rules/vehicle_hooks.hpp"

namespace arap::rules {
namespace {

TEST(VehicleHooks, ADV_48_a_near_miss_penetrates_at_half_strength_rounded_down) {
  // S9: a direct hit is 9 + D6, a near miss 4 + D6.
  EXPECT_EQ(area_penetration_strength(9, true), 9);
  EXPECT_EQ(area_penetration_strength(9, false), 4);
  for (int face = 1; face <= 6; ++face) {
    EXPECT_EQ(area_penetration(9, true, face), 9 + face);
    EXPECT_EQ(area_penetration(9, false, face), 4 + face);
  }
  EXPECT_EQ(area_penetration_strength(8, false), 4);
  EXPECT_EQ(area_penetration_strength(1, false), 0);
}

TEST(VehicleHooks, ADV_56_a_monstrous_blow_penetrates_at_strength_plus_2d6) {
  // A Carnifex (S10) rolling 3 and 5: 18.
  EXPECT_EQ(monstrous_penetration(10, 3, 5), 18);
  const auto spread = monstrous_penetration_distribution(10);
  EXPECT_EQ(spread.lowest(), 12);
  EXPECT_EQ(spread.highest(), 22);
  // 2D6 = 7 six ways in 36: P(17) = 1/6; 12 and 22 one way each.
  EXPECT_NEAR(spread[17], 6.0 / 36.0, 1e-12);
  EXPECT_NEAR(spread[12], 1.0 / 36.0, 1e-12);
  EXPECT_NEAR(spread[22], 1.0 / 36.0, 1e-12);
}

}  // namespace
}  // namespace arap::rules
