// ADV-30 (advanced, option reload_weapons): a weapon with the Reload property fires once, then
// needs a reload action (1 AP) before it fires again; the spent state outlasts the turn.
// ADV-71 (advanced, option rallied_units): a unit that rallied this turn may face any way it
// likes for free, once, before it tries to activate.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "game/context.hpp"

namespace arap::game::detail {

namespace {

// The bit of `weapon` in model `m`'s loadout (the loader keeps Reload weapons in the first
// data::kReloadSlots places); 0 for a weapon that needs no reload.
std::uint16_t reload_bit(const GameState& s, int m, const data::WeaponProfile& weapon) {
  if (!s.setup->options.reload_weapons || !weapon.has(data::WeaponProperty::reload)) return 0;
  const auto& weapons = s.setup->models[m].group->weapons;
  const auto at = std::find(weapons.begin(), weapons.end(), &weapon);
  const auto slot = static_cast<std::size_t>(at - weapons.begin());
  if (at == weapons.end() || slot >= data::kReloadSlots) return 0;
  return static_cast<std::uint16_t>(1u << slot);
}

}  // namespace

bool weapon_loaded(const GameState& s, int m, const data::WeaponProfile& weapon) {
  return (s.models[m].unloaded & reload_bit(s, m, weapon)) == 0;
}

void spend_load(GameState& s, int m, const data::WeaponProfile& weapon) {
  s.models[m].unloaded |= reload_bit(s, m, weapon);
}

std::string reload_illegal(const GameState& s, int unit, bool explain) {
  const auto& info = s.setup->units[unit];
  if (!s.setup->options.reload_weapons)
    return "ADV-30: reloading is off in this scenario (option reload_weapons)";
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && s.models[m].unloaded != 0) return "";
  if (!explain) return "ADV-30";
  return fmt::format("ADV-30: no model of {} has a spent Reload weapon", info.name);
}

void apply_reload(Context& c, int unit) {
  GameState& s = c.state;
  Event weapons = Event::array();
  int models = 0;
  for (int m : c.state.members(unit)) {
    ModelState& model = s.models[m];
    if (!model.pose.alive || model.unloaded == 0) continue;
    ++models;
    const auto& loadout = c.setup.models[m].group->weapons;
    for (std::size_t slot = 0; slot < loadout.size() && slot < data::kReloadSlots; ++slot)
      if ((model.unloaded >> slot) & 1u) weapons.push_back(loadout[slot]->id);
    model.unloaded = 0;
  }
  if (c.logging())
    c.event({{"type", "reload"},
             {"rule", "ADV-30"},
             {"unit", unit},
             {"models", models},
             {"weapons", std::move(weapons)}});
}

std::string face_illegal(const GameState& s, const Action& a) {
  const UnitState& u = s.units[a.unit];
  const auto& info = s.setup->units[a.unit];
  if (!s.setup->options.rallied_units)
    return "ADV-71: the free turn of a rallied unit is off in this scenario (option "
           "rallied_units)";
  if (!a.facing || !std::isfinite(*a.facing))
    return "ADV-71: a free turn needs the bearing to face (facing, in degrees)";
  if (info.side != s.phasing || !u.own_turn.rallied)
    return fmt::format(
        "ADV-71: only a unit that rallied at the start of its own turn turns for "
        "free, and {} did not",
        info.name);
  if (u.own_turn.faced) return fmt::format("ADV-71: {} has already taken its free turn", info.name);
  if (u.own_turn.attempted)
    return fmt::format("ADV-71: {} takes its free turn before it tries to activate", info.name);
  return "";
}

void apply_face(Context& c, const Action& a) {
  GameState& s = c.state;
  for (int m : c.state.members(a.unit))
    if (s.models[m].pose.alive) s.models[m].pose.facing = *a.facing;
  s.units[a.unit].own_turn.faced = true;
  if (c.logging())
    c.event({{"type", "faced"}, {"rule", "ADV-71"}, {"unit", a.unit}, {"facing", *a.facing}});
}

}  // namespace arap::game::detail
