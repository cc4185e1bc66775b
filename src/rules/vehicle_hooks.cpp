#include "rules/vehicle_hooks.hpp"

#include "dice/probability.hpp"

namespace arap::rules {

int area_penetration_strength(int strength, bool under_centre_hole) {
  return under_centre_hole ? strength : strength / 2;  // a near miss: half, rounded down
}

int area_penetration(int strength, bool under_centre_hole, int d6_face) {
  return area_penetration_strength(strength, under_centre_hole) + d6_face;
}

int monstrous_penetration(int strength, int first_d6, int second_d6) {
  return strength + first_d6 + second_d6;
}

dice::Distribution monstrous_penetration_distribution(int strength) {
  return dice::Distribution::point(strength).plus(dice::expression_distribution({2, 6, 0}));
}

}  // namespace arap::rules
