// Issue 17: units of the data library named in odds requests.
#include "odds/named_unit.hpp"

#include <fmt/format.h>

namespace arap::odds {

bool names_a_unit(const data::Field& field) {
  return field.is_map() && (field.has("army") || field.has("unit"));
}

NamedUnit read_named_unit(const data::Field& field, const LibraryLoader& library) {
  const std::string army_id = field["army"].as_string();
  const data::Library* loaded = library ? library({LibraryNeed::armies, army_id}) : nullptr;
  if (loaded == nullptr) field.fail("naming a unit needs the data library");
  NamedUnit named;
  named.army = loaded->army(army_id);
  if (named.army == nullptr) {
    std::vector<std::string_view> known;
    for (const auto& army : loaded->armies()) known.push_back(army.id);
    field["army"].fail(fmt::format("no army \"{}\" in the data library{}", army_id,
                                   data::did_you_mean(army_id, known)));
  }
  const std::string unit_id = field["unit"].as_string();
  named.unit = named.army->find_unit(unit_id);
  if (named.unit == nullptr) {
    std::vector<std::string_view> known;
    for (const auto& unit : named.army->units) known.push_back(unit.id);
    field["unit"].fail(fmt::format("no unit \"{}\" in army {}{}", unit_id, army_id,
                                   data::did_you_mean(unit_id, known)));
  }
  const int size = named.unit->model_count();
  named.models = field.has("models") ? field["models"].as_int(1, size) : size;
  for (const auto& group : named.unit->models) {
    if (named.main == nullptr || group.count > named.main->count) named.main = &group;
  }
  return named;
}

std::string NamedUnit::describe() const {
  const auto& p = *main->profile;
  return fmt::format(
      "{} ({}), {} of {} models, as {}: WS {} BS {} S {} T {} W {} I {} A {} Ld {} save {}",
      unit->name, army->id, models, unit->model_count(), p.name, p.weapon_skill, p.ballistic_skill,
      p.strength, p.toughness, p.wounds, p.initiative, p.attacks, p.leadership,
      p.save ? fmt::format("{}+", *p.save) : std::string("none"));
}

}  // namespace arap::odds
