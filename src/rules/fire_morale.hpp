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

// What ADV-42's pinning guidance asks of fire that slew at least one model.
struct PinningFire {
  bool pinning_weapon = false;  // the weapon's own pinning property (SHOOT-28)
  bool sniper = false;          // a sniper rifle
  bool barrage = false;         // a lobbed, guess-range weapon (SHOOT-48)
  bool indirect = false;        // fired at a target no crew member saw (SHOOT-54)
  bool low_signature = false;   // a quiet weapon
  bool quiet = false;           // the firers stay hidden after it (needlers, ADV-40)
  bool grenade = false;         // a hand grenade thrown
  bool firer_hidden = false;    // the firers were hidden when they fired (ADV-04)
  double range = 0.0;           // to the target, as the shot measured it
};
// SHOOT-28 and (with `guidance`, optional) ADV-42: whether a casualty calls for a pinning test.
// Without guidance only a pinning weapon does. With it, a sniper rifle pins only from beyond 12";
// barrage fire pins when fired blind or from beyond 24"; a hidden firer pins with a quiet or
// low-signature weapon or a thrown grenade; a pinning weapon still pins.
bool pinning_test_due(const PinningFire& fire, bool guidance);

// SHOOT-28: the Ld modifier of a pinning test (multiple-battery Ordnance: -1).
inline int pinning_test_modifier(bool multiple_battery) {
  return multiple_battery ? -1 : 0;
}

}  // namespace arap::rules
