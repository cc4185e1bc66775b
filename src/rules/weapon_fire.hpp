// SHOOT-01/05/06/07/09/49 (and ADV-30 Slow): what one firing of a weapon gives — shots and action
// points — at a given range, or the rule that forbids it.
#pragma once

#include <cstdint>
#include <string_view>

#include "data/weapon.hpp"
#include "rules/rulings.hpp"

namespace arap::rules {

enum class SalvoMode : std::uint8_t {
  automatic,  // half-range mode within half range, else full-range mode
  half,       // n1 shots for 1 AP, only within half range
  full,       // n2 shots for 2 AP
};

struct FiringInputs {
  double range = 0.0;         // to the target, inches
  bool relentless = false;    // SHOOT-09
  bool line_of_sight = true;  // false: indirect fire (SHOOT-07/54)
  SalvoMode salvo = SalvoMode::automatic;
};

struct Firing {
  bool allowed = true;
  std::string_view refusal;
  int shots = 0;  // per model per firing (templates and area weapons: effects placed)
  int action_points = 0;
  bool once_per_turn = false;  // SHOOT-06: Heavy, Slow, Ordnance, Primary
};

// SHOOT-06: Heavy, Slow, Ordnance and Primary weapons fire once per player turn, whether in
// the unit's activation or in a reaction such as Stand and Fire.
inline bool once_per_turn(data::WeaponType type) {
  using data::WeaponType;
  return type == WeaponType::heavy || type == WeaponType::slow || type == WeaponType::ordnance ||
         type == WeaponType::primary;
}

Firing weapon_firing(const data::WeaponProfile& weapon, const FiringInputs& inputs,
                     const Rulings& rulings = {});

// SHOOT-49: at most a quarter of the unit (rounded up) throws grenades or rocks in a turn.
int grenade_throwers_allowed(int unit_models);

}  // namespace arap::rules
