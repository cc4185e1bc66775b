#include "rules/swimming.hpp"

#include "dice/rolls.hpp"

namespace arap::rules {

SwimRoll read_swim(int d6_face) {
  if (d6_face == 1) return {true, 0};
  return {false, dice::d3_of(d6_face) + 1};
}

std::array<double, 5> swim_odds() {
  std::array<double, 5> odds{};
  for (int face = 1; face <= 6; ++face) {
    const SwimRoll roll = read_swim(face);
    odds[roll.out_of_action ? 0 : roll.inches] += 1.0 / 6.0;
  }
  return odds;
}

}  // namespace arap::rules
