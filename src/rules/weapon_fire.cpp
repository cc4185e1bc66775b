#include "rules/weapon_fire.hpp"

#include "rules/shooting_goal.hpp"

namespace arap::rules {

Firing weapon_firing(const data::WeaponProfile& weapon, const FiringInputs& in,
                     const Rulings& rulings) {
  using data::WeaponType;
  Firing result;
  const auto refuse = [&](std::string_view why) {
    result.allowed = false;
    result.refusal = why;
    return result;
  };
  if (weapon.is_melee()) return refuse("SHOOT-05: a mêlée weapon cannot be fired");
  if (in.range > weapon.range) return refuse("SHOOT-01: the target is beyond the weapon's range");
  switch (weapon.type) {
    case WeaponType::rapid_fire: {
      // SHOOT-05: one more shot within half range; SHOOT-09: Relentless stretches that to 2/3.
      const double extra_reach = in.relentless ? weapon.range * 2.0 / 3.0 : weapon.range / 2.0;
      result.shots = weapon.shots + (in.range <= extra_reach ? 1 : 0);
      result.action_points = 1;
      break;
    }
    case WeaponType::assault:
    case WeaponType::pistol:
      result.shots = weapon.shots;
      result.action_points = 1;
      break;
    case WeaponType::salvo: {
      const bool half = at_half_range(in.range, weapon.range);
      SalvoMode mode = in.salvo;
      if (mode == SalvoMode::automatic) mode = half ? SalvoMode::half : SalvoMode::full;
      if (mode == SalvoMode::half) {
        if (!half) return refuse("SHOOT-05: a salvo's 1-AP fire reaches only half its range");
        result.shots = weapon.shots;
        result.action_points = 1;
      } else {
        result.shots = weapon.shots_full;
        result.action_points = 2;
      }
      break;
    }
    case WeaponType::heavy:
      result.shots = weapon.shots;
      result.action_points = in.relentless ? 1 : 2;  // SHOOT-09
      break;
    case WeaponType::slow:
      result.shots = weapon.shots;
      result.action_points = 2;  // ADV-30: Relentless does not speed a Slow weapon
      break;
    case WeaponType::ordnance:
    case WeaponType::primary:
      result.shots = weapon.shots;
      switch (rulings.shoot_07()) {
        case OrdnanceCost::direct2_indirect3:
          result.action_points = in.line_of_sight ? 2 : 3;
          break;
        case OrdnanceCost::always2:
          result.action_points = 2;
          break;
        case OrdnanceCost::always3:
          result.action_points = 3;
          break;
      }
      break;
    case WeaponType::grenade:
    case WeaponType::bomb:
      result.shots = 1;
      result.action_points = 1;
      break;
    case WeaponType::melee:
      break;
  }
  result.once_per_turn = once_per_turn(weapon.type);
  return result;
}

int grenade_throwers_allowed(int unit_models) {
  return (unit_models + 3) / 4;
}

}  // namespace arap::rules
