#include "rules/vehicle_hooks.hpp"

namespace arap::rules {

int area_penetration_strength(int strength, bool under_centre_hole) {
  return under_centre_hole ? strength : strength / 2;  // a near miss: half, rounded down
}

int area_penetration(int strength, bool under_centre_hole, int d6_face) {
  return area_penetration_strength(strength, under_centre_hole) + d6_face;
}

}  // namespace arap::rules
