// Issue 17: odds requests may name a unit of the data library instead of typing its statline:
// {"army": "imperial_guard", "unit": "infantry_squad", "models": 8} (models alive; the whole unit
// when absent). The unit's most numerous model group gives the profile (its leader and special
// weapons are the squad-attack's affair).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "data/library.hpp"
#include "data/yaml_reader.hpp"

namespace arap::odds {

// What a request needs from the data folder: only weapons.yaml, or an army too (a loader may
// then read just that army's file and the profiles it shares).
struct LibraryNeed {
  enum Kind : std::uint8_t { weapons, armies };
  LibraryNeed(Kind what, std::string army_id = {})  // NOLINT: a Kind reads as a need
      : kind(what), army(std::move(army_id)) {}
  Kind kind = weapons;
  std::string army;  // armies: the army id the request names
};
// Asked only when a request names something; null when no library is at hand.
using LibraryLoader = std::function<const data::Library*(const LibraryNeed&)>;

struct NamedUnit {
  const data::Army* army = nullptr;
  const data::UnitDefinition* unit = nullptr;
  const data::ModelGroup* main = nullptr;  // the most numerous model group (the first of equals)
  int models = 0;                          // alive, 1..the unit's size
  std::string describe() const;            // "Infantry Squad (imperial_guard), 8 of 10 models: ..."
};

// Whether `field` names a unit (has "army" or "unit").
bool names_a_unit(const data::Field& field);
// Reads "army", "unit" and "models" of `field` (did-you-mean for misspelt names; a file, line
// and field for every complaint).
NamedUnit read_named_unit(const data::Field& field, const LibraryLoader& library);

}  // namespace arap::odds
