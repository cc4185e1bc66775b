// ADV-57/58/59, MELEE-06a/i/j: a model's close combat kit.
#include "rules/close_combat_kit.hpp"

#include <vector>

#include "dice/probability.hpp"

namespace arap::rules {

bool close_combat_weapon(const data::WeaponProfile& weapon) {
  if (weapon.type == data::WeaponType::pistol) return true;  // ADV-57: a pistol is one
  return weapon.is_melee() && weapon.attack_type == data::AttackType::hand && weapon.attacks == 0 &&
         !weapon.has(data::WeaponProperty::natural);
}

namespace {

// MELEE-06i: a long arm (a rifle, a heavy weapon) makes an improvised club.
bool has_long_arm(const data::ModelGroup& group) {
  for (const auto* weapon : group.weapons) {
    if (!weapon->is_melee() && weapon->type != data::WeaponType::pistol &&
        weapon->type != data::WeaponType::grenade && weapon->type != data::WeaponType::bomb)
      return true;
  }
  return false;
}

}  // namespace

CloseCombatKit close_combat_kit(const data::Profile& profile, const data::ModelGroup& group,
                                const KitRules& rules) {
  CloseCombatKit kit;
  // ADV-60: a shield slung on the back (ADV-18) is not in use.
  kit.shield = rules.shields && !group.shield_on_back ? group.shield : data::Shield::none;
  const auto& weapons = group.weapons;
  int main_index = -1;
  for (std::size_t i = 0; i < weapons.size() && main_index < 0; ++i)
    if (weapons[i]->is_melee()) main_index = static_cast<int>(i);
  if (!rules.two_weapons) {
    // The core rules alone: the first mêlée weapon, else a club or bare hands.
    if (main_index >= 0) kit.main = weapons[main_index];
    kit.improvised = kit.main == nullptr && has_long_arm(group);
    kit.unarmed = kit.main == nullptr && !kit.improvised;
    return kit;
  }
  // ADV-57: failing a mêlée weapon a pistol will do; failing both the free hand weapon every
  // model carries unless its profile says it has none.
  for (std::size_t i = 0; i < weapons.size() && main_index < 0; ++i)
    if (weapons[i]->type == data::WeaponType::pistol) main_index = static_cast<int>(i);
  if (main_index >= 0) {
    kit.main = weapons[main_index];
  } else if (profile.has_rule("unarmed")) {
    kit.improvised = has_long_arm(group);
    kit.unarmed = !kit.improvised;
  }
  kit.ambidextrous = rules.ambidextrous && profile.has_rule("ambidextrous");  // ADV-58
  // ADV-60: a shield held in the hand (any but the arm-strapped combat shield) leaves no hand for
  // a second weapon or a second claw; a buckler may strike instead (the fight action's choice).
  if (kit.shield != data::Shield::none && kit.shield != data::Shield::combat) return kit;
  // ADV-59: a pair of lightning claws.
  int claws = 0;
  for (const auto* weapon : weapons) claws += weapon->has(data::WeaponProperty::lightning_claw);
  if (rules.paired_claws && claws >= 2) {
    for (const auto* weapon : weapons)
      if (weapon->has(data::WeaponProperty::lightning_claw)) {
        kit.main = weapon;
        break;
      }
    kit.paired_claws = true;
    return kit;
  }
  // ADV-57: Double Weapon Skill from two costed close combat weapons; the first plain hand weapon
  // comes with the model and does not count. The extra attack needs a one-handed second weapon
  // beside a one-handed main one.
  std::vector<int> costed;
  bool free_one_seen = false;
  for (std::size_t i = 0; i < weapons.size(); ++i) {
    if (!close_combat_weapon(*weapons[i])) continue;
    if (!free_one_seen && weapons[i]->has(data::WeaponProperty::hand_weapon)) {
      free_one_seen = true;
      continue;
    }
    costed.push_back(static_cast<int>(i));
  }
  if (costed.size() < 2 || kit.main == nullptr || kit.main->has(data::WeaponProperty::two_handed) ||
      !close_combat_weapon(*kit.main))
    return kit;
  for (const int i : costed) {
    if (i == main_index || weapons[i]->has(data::WeaponProperty::two_handed)) continue;
    kit.second = weapons[i];
    kit.extra_attacks = 1;  // two hands: one extra attack (a third hand would give two)
    break;
  }
  return kit;
}

int kit_attacks(const CloseCombatKit& kit, int profile_attacks) {
  return kit.paired_claws ? 2 * profile_attacks : profile_attacks;  // ADV-59
}

bool takes_extra_attacks(const CloseCombatKit& kit, int attacks, int goal) {
  if (kit.extra_attacks <= 0) return false;
  if (kit.ambidextrous) return true;
  return (attacks + kit.extra_attacks) * dice::p_low(goal - 1) >= attacks * dice::p_low(goal);
}

}  // namespace arap::rules
