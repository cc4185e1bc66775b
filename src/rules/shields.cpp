// ADV-60: what each kind of shield adds to a save, in mêlée and against shots.
#include "rules/shields.hpp"

#include <algorithm>

namespace arap::rules {

namespace {

// "+1 or 6": the armour save one step better, or 6+ for a model that has none.
void better_armour(SaveInputs& save) {
  save.armour = save.armour ? std::max(2, *save.armour - 1) : 6;
}

void invulnerable_at(SaveInputs& save, int goal) {
  save.invulnerable = save.invulnerable ? std::min(*save.invulnerable, goal) : goal;
}

}  // namespace

SaveInputs shielded(SaveInputs base, data::Shield shield, const ShieldUse& use) {
  // "+1 or 6" where the shield guards, and the Shield bonus's second step in mêlée.
  const auto guard = [&] {
    better_armour(base);
    if (use.melee && use.bonus) better_armour(base);
  };
  switch (shield) {
    case data::Shield::none:
      break;
    case data::Shield::buckler:  // mêlée only, and not in a round it strikes
      if (use.melee && !use.buckler_striking) guard();
      break;
    case data::Shield::primitive:  // against shots, only those of primitive weapons
      if (use.melee || use.primitive_weapon) guard();
      break;
    case data::Shield::hi_tech:
      guard();
      break;
    case data::Shield::combat:
      if (use.melee) invulnerable_at(base, 5);
      break;
    case data::Shield::power:
      invulnerable_at(base, use.melee ? 5 : 6);
      break;
    case data::Shield::storm:
      if (use.melee || use.storm_shots == StormShieldShots::invulnerable_4)
        invulnerable_at(base, 4);
      break;
  }
  return base;
}

}  // namespace arap::rules
