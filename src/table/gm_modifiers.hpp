// ADV-75 (optional, scenario option gm_modifiers): to-hit modifiers the GM adds for one scenario,
// listed under its `gm_modifiers:` key.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "data/data_error.hpp"
#include "data/weapon.hpp"

namespace arap::data {
class Field;
}

namespace arap::table {

struct PlacedUnit;

// One GM-made modifier: it changes the to-hit goal of every shot (direct, template or area) that
// the listed units fire with the listed kinds of weapon. No units listed: every unit; no weapon
// types listed: every ranged weapon.
struct GmModifier {
  std::string name;  // shown beside the catalogue's modifiers in rolls, previews and fire groups
  int to_hit = 0;    // -6..+6, never 0
  std::vector<int> units;          // indices into Scenario::units
  std::uint32_t weapon_types = 0;  // bit k: data::WeaponType k; 0: every type
  std::string note;                // the GM's reason, for the players
  data::SourceLocation where;

  bool applies(int unit, data::WeaponType type) const;
};

// Reads the `gm_modifiers:` list against the units already placed; throws data::DataError with
// the file, line and field of anything it cannot use.
std::vector<GmModifier> read_gm_modifiers(const data::Field& list,
                                          const std::vector<PlacedUnit>& units);

}  // namespace arap::table
