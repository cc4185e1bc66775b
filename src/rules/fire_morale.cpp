#include "rules/fire_morale.hpp"

#include <algorithm>

namespace arap::rules {

int suppression_threshold(int models, SuppressionThreshold rule) {
  if (rule == SuppressionThreshold::gt25) return models / 4 + 1;
  if (models < 4) return 1;
  return std::max(2, (models + 3) / 4);
}

HeavyCasualtyCheck heavy_casualty_check(int models_at_last_turn_end, int models_lost) {
  HeavyCasualtyCheck check;
  if (models_at_last_turn_end <= 0 || models_lost <= 0) return check;
  check.due = 4 * models_lost >= models_at_last_turn_end;
  check.half_lost = 2 * models_lost >= models_at_last_turn_end;
  return check;
}

bool pinning_test_due(const PinningFire& fire, bool guidance) {
  if (!guidance) return fire.pinning_weapon;
  if (fire.sniper) return fire.range > 12.0;  // within 12" a sniper rifle is any rifle
  if (fire.pinning_weapon) return true;
  if (fire.barrage && (fire.indirect || fire.range > 24.0)) return true;
  return fire.firer_hidden && (fire.low_signature || fire.quiet || fire.grenade);
}

}  // namespace arap::rules
