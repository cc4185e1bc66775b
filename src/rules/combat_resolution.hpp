// MELEE-04, 10, 13..17, 22..26, MORALE-06/07: the arithmetic of a mêlée round that does not
// depend on the table — Initiative steps, Wound Difference and Combat Resolution Score, who
// loses, the rout-test target, the pursuit decisions and the krak attack.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "rules/rulings.hpp"

namespace arap::rules {

// MELEE-04 with CHARGE-10/16/19, MELEE-26 and ADV-54: the Initiative a model strikes at.
struct InitiativeInputs {
  int initiative = 3;
  bool charged_into_cover = false;  // CHARGE-10: first round only, cancelled by assault grenades
  bool krak_attack = false;         // MELEE-26
  bool strike_last = false;         // ADV-54
  bool power_fist = false;          // ADV-54: -2
};
int striking_initiative(const InitiativeInputs& inputs);

// MELEE-14: the modifiers to a unit's Combat Resolution Score this round.
struct CrsInputs {
  int charge_bonus = 0;              // MELEE-14a: +1 when it charged in (unless denied, CHARGE-05)
  bool charged_from_uphill = false;  // MELEE-14b (also jumping down)
  bool fights_hated = false;         // MELEE-14c
  int flank_rear_charges = 0;        // MELEE-14d: -1 each, at most 3 (rear, left, right)
  int enemy_visage = 0;  // MELEE-14e/f: 0 none, 1 some enemies, 2 all or a Greater Daemon
};
int crs_modifier(const CrsInputs& inputs);

// MELEE-14e/f with MORALE-09: the visage penalty a unit's opponents impose, from the living enemy
// models it is locked with: 2 when a Greater Daemon is among them or all have a Daemonic Visage,
// 1 when only some do, else 0.
int enemy_visage(int with_visage, int without_visage, bool greater_daemon);

// MELEE-13: one unit's tally for the round.
struct CombatTally {
  int side = 0;
  int inflicted = 0;  // unsaved wounds it inflicted on enemies
  int taken = 0;      // unsaved wounds it took, from enemies or anything else (dangerous ground)
  int modifiers = 0;  // crs_modifier
  bool destroyed = false;

  int wound_difference() const { return inflicted - taken; }
  int score() const { return wound_difference() + modifiers; }
};

struct CombatOutcome {
  int winning_side = -1;        // the side that wiped out all opponents (MELEE-13), or -1
  std::vector<bool> rout_test;  // per tally (MELEE-15)
  std::vector<bool> lost;       // per tally: lost the round (two units: the lower CRS)
};

// MELEE-13/15: two units compare CRS (equal: no test); more units: every negative CRS tests.
CombatOutcome decide_round(std::span<const CombatTally> units);

// ADV-66: the extra wounds a unit that never takes the rout test suffers for losing the round
// (`loser` indexes `units`): the catalogue's ruling, the winner's CRS less the loser's when two
// units fought, else the loser's negative CRS turned round; at least one.
int no_retreat_wounds(std::span<const CombatTally> units, std::size_t loser);

// ADV-69 (optional): 2.3's They Shall Know No Fear. Marines that failed the rout test roll off,
// D6 + their Initiative against D6 + the Initiative of the unit that beat them: higher, they
// flinch away at their next compulsory phase and rally; lower or tied, they stay in the fight
// with No Retreat for the next round.
enum class NoFearRollOff : std::uint8_t { stand, flinch };
NoFearRollOff no_fear_roll_off(int marines_total, int foe_total);

// MELEE-16 with ruling.MELEE-16: Ld + max(WD, -3) (symmetric: clamped to [-3, +3]).
int rout_test_target(int leadership, int wound_difference, RoutCap rule);

// MELEE-24 / MORALE-07: whether beaten routers must be pursued.
enum class PursuitDecision : std::uint8_t {
  must_pursue,  // Frenzy
  test,         // a Ld control test, passed = stays
  may_stay,     // no test needed (terrain feature, M <= 3)
  cannot,       // still locked with another enemy unit
};
struct PursuitInputs {
  bool frenzied = false;
  bool terrain_feature = false;
  double basic_move = 4.0;  // ADV-18: its current move, encumbrance included
  bool still_locked = false;
};
PursuitDecision pursuit_decision(const PursuitInputs& inputs);
// MELEE-24/25 with MORALE-06: the Ld a not-pursuing or halting test is rolled against.
int pursuit_control_target(int leadership, bool hated_enemy);

// MELEE-26: a krak attack succeeds only on a 1; a 6 against a target with WS blows up the user.
// ADV-63 (optional): Tyranid War Veterans attacking Tyranids succeed on `success_goal` 4 or less.
enum class KrakResult : std::uint8_t { hit, miss, self_hit };
KrakResult read_krak_attack(int face, bool target_has_weapon_skill, int success_goal = 1);
// MELEE-26 / ADV-63: the goal a krak attack must roll under or on.
int krak_success_goal(bool war_veteran_against_tyranid);

}  // namespace arap::rules
