// Vehicle hooks (no vehicles in the engine yet): ADV-48's near misses.
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

}  // namespace
}  // namespace arap::rules
