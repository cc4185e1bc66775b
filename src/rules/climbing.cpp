// MOVE-20/23 with ADV-13 and ADV-14: the chance a climbing move goes ahead.
#include "rules/climbing.hpp"

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

}  // namespace arap::rules
