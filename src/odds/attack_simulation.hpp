// One live resolution of an odds request with real (or scripted) dice, through the same goals the
// exact calculation used. The statistical tests compare many of these with evaluate_attack; a
// player can use it to roll an attack for real.
#pragma once

#include "dice/dice_source.hpp"
#include "odds/attack_odds.hpp"

namespace arap::odds {

struct SimulatedAttack {
  int unsaved = 0;
  int slain = 0;
};

// `report` must be evaluate_attack(request): the goals are taken from it.
SimulatedAttack simulate_attack(const AttackRequest& request, const AttackReport& report,
                                dice::DiceSource& dice);

}  // namespace arap::odds
