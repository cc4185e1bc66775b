// MOVE-20/23 with ADV-13 and ADV-14: the chance a climbing move goes ahead. ADV-15: carrying and
// casting down portable ladders.
#include "rules/climbing.hpp"

#include <algorithm>

#include "dice/probability.hpp"

namespace arap::rules {

double climb_pass_chance(int initiative, ClimbKit kit) {
  switch (kit) {
    case ClimbKit::climbing_gear:
      return 1.0;  // ADV-13: no test
    case ClimbKit::rope_and_grapple: {
      const double fail = 1.0 - dice::p_low(initiative);
      return 1.0 - fail * fail;  // ADV-14: the failed test is rolled again
    }
    default:
      return dice::p_low(initiative);
  }
}

double ladder_carry_rate(int bearers_bulk) {
  if (bearers_bulk >= kLadderBearers) return 1.0;
  return bearers_bulk >= 2 ? 0.5 : 0.25;
}

int cast_down_goal(int pushers) {
  return 7 - std::clamp(pushers, 1, kMostLadderPushers);
}

double cast_down_chance(int pushers) {
  return dice::p_high(cast_down_goal(pushers));
}

}  // namespace arap::rules
