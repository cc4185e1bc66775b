// SHOOT-28/31/33: when fire forces a morale check, as pure functions of the counts the game keeps
// (SHOOT-25). Who is exempt and when tests are taken belongs to the game layer.
#pragma once

#include "rules/rulings.hpp"

namespace arap::rules {

// SHOOT-33: hits needed to force a suppression test on a unit of `models` at the end of
// its last turn: gt25 = floor(N/4)+1; ge25min2 = max(2, ceil(N/4)) for N >= 4, else 1.
int suppression_threshold(int models, SuppressionThreshold rule);

struct HeavyCasualtyCheck {
  bool due = false;
  bool half_lost = false;  // SHOOT-31's optional -1 at 50% or more
};
// SHOOT-31: 25% or more of the models the unit had at the end of its last turn lost to fire.
HeavyCasualtyCheck heavy_casualty_check(int models_at_last_turn_end, int models_lost);

// SHOOT-28: the Ld modifier of a pinning test (multiple-battery Ordnance: -1).
inline int pinning_test_modifier(bool multiple_battery) {
  return multiple_battery ? -1 : 0;
}

}  // namespace arap::rules
