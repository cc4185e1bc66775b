// MOVE-17 swimming and ADV-11 swimming in armour and with gear: see swimming.hpp.
#include "rules/swimming.hpp"

#include "data/profile.hpp"
#include "data/weapon.hpp"
#include "dice/rolls.hpp"

namespace arap::rules {

SwimRoll read_swim(int d6_face, bool d3_only) {
  if (d6_face == 1) return {true, 0};
  return {false, dice::d3_of(d6_face) + (d3_only ? 0 : 1)};
}

std::array<double, 5> swim_odds(bool d3_only) {
  std::array<double, 5> odds{};
  for (int face = 1; face <= 6; ++face) {
    const SwimRoll roll = read_swim(face, d3_only);
    odds[roll.out_of_action ? 0 : roll.inches] += 1.0 / 6.0;
  }
  return odds;
}

SwimArmour swim_armour(const data::Profile& profile) {
  if (!profile.save || !profile.has_rule("primitive_armour")) return SwimArmour::none;
  return *profile.save <= 4 ? SwimArmour::heavy : SwimArmour::light;
}

bool hinders_swimming(const data::WeaponProfile& weapon) {
  if (weapon.type == data::WeaponType::heavy || weapon.type == data::WeaponType::ordnance ||
      weapon.type == data::WeaponType::primary || weapon.type == data::WeaponType::slow)
    return true;
  if (weapon.has(data::WeaponProperty::polearm)) return true;
  return weapon.type == data::WeaponType::melee && weapon.has(data::WeaponProperty::two_handed);
}

}  // namespace arap::rules
