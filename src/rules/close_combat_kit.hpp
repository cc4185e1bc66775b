// ADV-57 (two weapons: Double Weapon Skill and free weapons), ADV-58 (Ambidextrous), ADV-59
// (paired lightning claws) and MELEE-06a/i/j: which of a model's weapons it fights with in mêlée,
// whether it may make an extra attack and at what cost. One answer for live play, the odds and
// the AI.
#pragma once

#include "data/profile.hpp"
#include "data/weapon.hpp"

namespace arap::rules {

// The scenario options of the three rules (all advanced: on unless switched off).
struct KitRules {
  bool two_weapons = true;   // ADV-57
  bool ambidextrous = true;  // ADV-58
  bool paired_claws = true;  // ADV-59
  bool shields = true;       // ADV-60
};

struct CloseCombatKit {
  // The weapon its attacks strike with: its first mêlée weapon; with ADV-57, failing one, its
  // first pistol. Null: its free hand weapon (ADV-57), or none (MELEE-06i/j).
  const data::WeaponProfile* main = nullptr;
  // ADV-57: the weapon of the extra attack, never the main one (null: the free hand weapon).
  const data::WeaponProfile* second = nullptr;
  // ADV-57: extra attacks a round (Double Weapon Skill, a one-handed weapon in each hand).
  int extra_attacks = 0;
  bool ambidextrous = false;                 // ADV-58: two weapons cost it no -1 (MELEE-06a)
  bool paired_claws = false;                 // ADV-59: twice its attacks, failed wounds re-rolled
  bool improvised = false;                   // MELEE-06i: a rifle butt, no mêlée weapon
  data::Shield shield = data::Shield::none;  // ADV-60: its saves (rules::shielded); a buckler
                                             // may strike as a second weapon instead
  bool unarmed = false;                      // MELEE-06j: nothing at all
};

// Close combat weapons of ADV-57: hand-held mêlée weapons and pistols, not natural ones.
bool close_combat_weapon(const data::WeaponProfile& weapon);

CloseCombatKit close_combat_kit(const data::Profile& profile, const data::ModelGroup& group,
                                const KitRules& rules);

// The attacks a model makes with its kit in a round, before any Charge bonus (ADV-59 doubles).
int kit_attacks(const CloseCombatKit& kit, int profile_attacks);

// ADV-57: whether the model makes its extra attacks when its other blows would hit at `goal`
// (MELEE-05, before MELEE-06a). An ambidextrous fighter always does; any other pays -1 on all its
// attacks but the Charge bonus, so it makes them only when they do not lower its expected hits:
// (a + e) P(goal - 1) >= a P(goal).
bool takes_extra_attacks(const CloseCombatKit& kit, int attacks, int goal);

}  // namespace arap::rules
