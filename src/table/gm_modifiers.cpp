// ADV-75: reading the GM's own to-hit modifiers of a scenario.
#include "table/gm_modifiers.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "data/yaml_reader.hpp"
#include "table/scenario.hpp"

namespace arap::table {

bool GmModifier::applies(int unit, data::WeaponType type) const {
  if (!units.empty() && std::find(units.begin(), units.end(), unit) == units.end()) return false;
  return weapon_types == 0 || (weapon_types & (1u << static_cast<unsigned>(type))) != 0;
}

std::vector<GmModifier> read_gm_modifiers(const data::Field& list,
                                          const std::vector<PlacedUnit>& units) {
  list.expect_sequence();
  std::vector<GmModifier> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const data::Field entry = list.at(i);
    entry.allow_only({"name", "to_hit", "units", "weapon_types", "note"});
    GmModifier modifier;
    modifier.where = entry.location();
    modifier.name = entry["name"].as_string();
    if (modifier.name.empty()) entry["name"].fail("a GM modifier needs a name");
    for (const auto& other : out)
      if (other.name == modifier.name)
        entry["name"].fail(fmt::format("two GM modifiers are called \"{}\"", modifier.name));
    modifier.to_hit = entry["to_hit"].as_int(-6, 6);
    if (modifier.to_hit == 0) entry["to_hit"].fail("a modifier of 0 changes nothing");
    if (entry.has("units")) {
      const data::Field names = entry["units"];
      names.expect_sequence();
      for (std::size_t k = 0; k < names.size(); ++k) {
        const std::string id = names.at(k).as_string();
        const auto found = std::find_if(units.begin(), units.end(),
                                        [&](const PlacedUnit& u) { return u.id == id; });
        if (found == units.end()) {
          std::vector<std::string_view> known;
          for (const auto& u : units) known.push_back(u.id);
          names.at(k).fail(fmt::format(
              "no unit \"{}\" in this scenario (units are named side/unit, "
              "e.g. \"{}\"){}",
              id, units.empty() ? "" : units.front().id, data::did_you_mean(id, known)));
        }
        modifier.units.push_back(static_cast<int>(found - units.begin()));
      }
    }
    if (entry.has("weapon_types")) {
      const data::Field types = entry["weapon_types"];
      types.expect_sequence();
      for (std::size_t k = 0; k < types.size(); ++k) {
        const std::string text = types.at(k).as_string();
        const auto type = data::weapon_type_from_string(text);
        if (!type || *type == data::WeaponType::melee)
          types.at(k).fail(fmt::format(
              "unknown ranged weapon type \"{}\" (expected rapid_fire, assault, heavy, pistol, "
              "salvo, slow, ordnance, primary, grenade or bomb)",
              text));
        modifier.weapon_types |= 1u << static_cast<unsigned>(*type);
      }
    }
    if (entry.has("note")) modifier.note = entry["note"].as_string();
    out.push_back(std::move(modifier));
  }
  return out;
}

}  // namespace arap::table
