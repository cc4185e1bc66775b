// SHOOT-01/07/26, ADV-32/34/41/49, MOVE-28 and the GM's modifiers: what kind of weapon may fire
// where and at which target models (fire_plan.cpp puts them together into shots).
#include <utility>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "rules/area_effects.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

Event modifiers_json(const rules::ShootingGoal& goal) {
  Event modifiers = Event::array();
  for (const auto& applied : goal.modifiers()) {
    const auto& row = rules::info(applied.id);
    modifiers.push_back({{"name", row.name}, {"rule", row.rule}, {"value", applied.value}});
  }
  return modifiers;
}

bool heavy_class(const rules::Firing& firing) {
  return firing.once_per_turn;
}

// MOVE-28: whether a model at `p` stands on a ladder.
bool on_ladder(const GameState& s, const table::Point& p) {
  const auto& table = s.table();
  return table.ladder_count() > 0 && table.ladder_at(p) != nullptr;
}

bool basic_weapon(const WeaponProfile& w) {
  return w.type == data::WeaponType::rapid_fire || w.type == data::WeaponType::assault;
}

bool ranged(const WeaponProfile& w) {
  return !w.is_melee() && w.type != data::WeaponType::grenade && w.type != data::WeaponType::bomb;
}

bool may_fire_wild(const GameState& s, const WeaponProfile& weapon) {
  return !s.setup->options.firing_wild_limits ||
         !weapon.has(data::WeaponProperty::cannot_fire_wild);
}

std::vector<int> smoke_targets(const GameState& s, const std::vector<table::TableModel>& poses,
                               int m, int target, const WeaponProfile& weapon, double range) {
  const auto& table = s.table();
  if (!table.has_smoke()) return {};
  // ADV-34: a shot at a model seen only through smoke is fired wild, which some weapons never are.
  if (!may_fire_wild(s, weapon)) return {};
  const int strength = weapon.strength.resolve(s.info(m).profile->strength);
  if (!rules::strength_through_smoke(strength, weapon.has(data::WeaponProperty::laser))) return {};
  return table::smoke_screened_targets(table, poses, m, target, range);
}

std::vector<int> known_targets(const GameState& s, const std::vector<table::TableModel>& poses,
                               int m, int target, double range) {
  return table::known_position_targets(s.table(), poses, m, target, range, s.setup->banners);
}

FireTargets fire_targets(const GameState& s, const std::vector<table::TableModel>& poses, int m,
                         int target, const WeaponProfile& weapon, double range) {
  FireTargets out;
  // ADV-32: what one model fires at shares one fire arc.
  const auto one_arc = [&](std::vector<int> found) {
    return s.setup->options.field_of_view ? table::within_one_fire_arc(poses, m, std::move(found))
                                          : found;
  };
  out.models = one_arc(table::eligible_targets(s.table(), poses, m, target, range));
  if (!out.models.empty()) return out;
  out.models = one_arc(smoke_targets(s, poses, m, target, weapon, range));
  out.through_smoke = !out.models.empty();
  return out;
}

int smoke_strength_change(const GameState& s, const Shot& shot) {
  if (!shot.through_smoke) return 0;
  const int strength = shot.weapon->strength.resolve(s.info(shot.model).profile->strength);
  const auto through =
      rules::strength_through_smoke(strength, shot.weapon->has(data::WeaponProperty::laser));
  return through ? *through - strength : 0;
}

int gm_to_hit(const GameState& s, int unit, const WeaponProfile& weapon) {
  if (!s.setup->options.gm_modifiers) return 0;
  int total = 0;
  for (const auto& modifier : s.setup->scenario.gm_modifiers)
    if (modifier.applies(unit, weapon.type)) total += modifier.to_hit;
  return total;
}

bool takes_throwing_place(const GameState& s, const WeaponProfile& weapon) {
  return s.setup->options.launcher_grenade_limit &&
         weapon.has(data::WeaponProperty::grenade_launcher);
}

int throwing_places_left(const GameState& s, int unit) {
  return rules::grenade_throwers_allowed(s.living_models(unit)) -
         s.units[unit].own_turn.throwers_used;
}

bool crew_claims_prone(const GameState& s, int unit) {
  const UnitState& u = s.units[unit];
  return s.setup->options.prone_crews && s.setup->units[unit].weapon_crew && !u.stirred_last_turn &&
         !u.own_turn.moved_this_turn;
}

}  // namespace arap::game::detail
