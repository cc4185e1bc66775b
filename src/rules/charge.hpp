// CHARGE-02/04/05/06/11/14/15: the numbers of a Charge that do not depend on the table — the
// Charge distance and the failed-Charge move, the bonuses by direction of approach, when firing
// during a Charge is allowed, and what a Stand and Fire roll lets a unit shoot. Live play and the
// odds calculator both use these.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "data/weapon.hpp"
#include "dice/dice_source.hpp"
#include "dice/distribution.hpp"
#include "rules/rulings.hpp"

namespace arap::rules {

struct ChargeRoll {
  int distance = 0;     // inches the Charge may cover (CHARGE-02)
  int highest_die = 0;  // CHARGE-04: how far a failed Charge moves
};

struct ChargeMove {
  int move = 4;                       // the unit's basic M
  bool prone = false;                 // CHARGE-02: prone humanoids charge exactly M, no dice
  bool fixed_rate = false;            // ADV-27: a robot charges exactly its M, no dice either
  bool leaping = false;               // ADV-07: +6"
  std::optional<int> variable_sides;  // CHARGE-02: in variable terrain, two such dice, best doubled
  bool move_through_cover = false;    // ADV-08: a third variable-terrain die; rough ground's
                                      // first inch free (the odds' path)
};

// CHARGE-02 with ruling.CHARGE-02: M + 2D6, or M + R3D6P2 for M > 6 (byBasicMove).
ChargeRoll roll_charge(dice::DiceSource& dice, const ChargeMove& move, ChargeDice rule);
dice::Distribution charge_distance_distribution(const ChargeMove& move, ChargeDice rule);
// The longest Charge that roll can make (charge_distance_distribution's highest, without building
// the distribution: every listing asks it of every target).
int charge_distance_longest(const ChargeMove& move, ChargeDice rule);
// CHARGE-04: the single highest die of the Charge roll (a prone charge moves its M).
dice::Distribution failed_charge_move_distribution(const ChargeMove& move, ChargeDice rule);

// CHARGE-05: the quadrant of the Charged unit the Chargers contacted (corners: rear -> flank,
// front -> front).
enum class Approach : std::uint8_t { front, flank, rear };
std::string_view to_string(Approach approach);

struct ChargeBonus {
  int extra_attacks = 0;        // (i) per Charger, first round only
  bool rear_to_hit = false;     // (ii) MELEE-06e
  int charger_crs = 0;          // (iii) MELEE-14a
  int charged_crs_penalty = 0;  // (iv) MELEE-14d, as a positive number to subtract
};

// CHARGE-05/06/09/17: `denied` removes the whole set; under ruling.CHARGE-05 = tableOnly the +1
// CRS for having charged survives a denial.
ChargeBonus charge_bonus(Approach approach, bool denied, ChargeCrs rule);

// CHARGE-11 ruling: Fire and Charge and Stand and Fire need a start distance strictly greater
// than the Chargers' basic move.
bool firing_during_charge_allowed(double start_distance, double charger_move);

// CHARGE-14: successes on the two Stand and Fire dice (each die at or under the activation
// value succeeds; failures never bust).
int roll_stand_and_fire(dice::DiceSource& dice, int activation_value);
dice::Distribution stand_and_fire_distribution(int activation_value);

// CHARGE-12/14: shots a weapon fires in Stand and Fire with `successes`, or in Fire and Charge
// (`fire_and_charge`: Pistols and Assault weapons, one shot). 0 = it may not fire.
int charge_reaction_shots(const data::WeaponProfile& weapon, int successes, bool relentless,
                          bool fire_and_charge);

// CHARGE-15 ruling: the -1 applies when the rolled Charge distance exceeds 12".
inline bool long_charge(int rolled_distance) {
  return rolled_distance > 12;
}

// CHARGE-12/15: templates are resolved as if the target stood 7" away, or at the Charge's start
// when it began closer; area weapons use the lesser of start distance and maximum range.
double reaction_template_range(double start_distance);
double reaction_area_range(double start_distance, double maximum_range);

}  // namespace arap::rules
