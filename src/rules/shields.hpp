// ADV-60: shields and shield bashing. A shield improves the save against blows and, for some
// kinds, shots: "+1 or 6" (the armour save one step better, or 6+ without one) or an invulnerable
// save. A buckler that strikes in a round gives no save in that round. With the optional Shield
// bonus (2.3's nod to primitive-only games) a "+1 or 6" shield gives one step more in mêlée.
#pragma once

#include "data/profile.hpp"
#include "rules/rulings.hpp"
#include "rules/wound_save.hpp"

namespace arap::rules {

struct ShieldUse {
  bool melee = false;             // a mêlée blow; otherwise a shot
  bool primitive_weapon = false;  // the shot comes from a primitive weapon (bow, sling, spear)
  bool buckler_striking = false;  // the buckler strikes this round instead of guarding
  // ADV-60 (optional, option shield_bonus): a fighter on foot claims the Shield bonus in mêlée,
  // one step more from a shield that gives "+1 or 6" there.
  bool bonus = false;
  StormShieldShots storm_shots = StormShieldShots::no_save;  // ruling.ADV-60
};

// The save inputs of a model carrying `shield`, for one blow or shot.
SaveInputs shielded(SaveInputs base, data::Shield shield, const ShieldUse& use);

}  // namespace arap::rules
