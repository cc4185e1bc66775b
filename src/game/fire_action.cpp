// SHOOT-01..27: the shooting action: whether a unit may fire at a target (shoot_illegal), what it
// costs, and its resolution (apply_shoot) through the hits, templates and markers of fire.cpp.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "rules/cover_strikes.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/weather.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

int shooting_cost(const GameState& s, int unit, bool heavy) {
  if (!heavy) return 1;
  return s.setup->units[unit].relentless ? 1 : 2;  // SHOOT-05/09
}

// SHOOT-48: a declared range is a distance on the table, for guess-range weapons only.
std::string guess_problem(const GameState& s, const Action& a, bool grenades) {
  if (!a.guess) return "";
  if (!std::isfinite(*a.guess) || *a.guess <= 0.0 || *a.guess > 240.0)
    return "SHOOT-48: a declared range is a distance in inches";
  if (grenades) return "";
  const auto& info = s.setup->units[a.unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    for (const auto* weapon : s.setup->models[m].group->weapons)
      if (weapon->is_area() && weapon->has(data::WeaponProperty::barrage)) return "";
  }
  return "SHOOT-48: only guess-range weapons (barrage weapons, grenades) fire at a declared range";
}

namespace {

// ADV-21: when every living model of the unit is rain-blind past its sight limit and the target
// stands further off than that, the rain is the reason no shot can be taken.
std::string rain_sight_problem(const GameState& s, const std::vector<table::TableModel>& poses,
                               const Action& a) {
  if (!s.setup->options.weather || s.rain < 1) return "";
  const auto& info = s.setup->units[a.unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!poses[m].alive) continue;
    if (poses[m].sight_limit == 0 ||
        table::range_to_unit(poses, m, a.target) <= poses[m].sight_limit + 1e-9)
      return "";
  }
  return fmt::format(
      "ADV-21: in the rain (level {}) nobody of {} sees further than {}\", and {} is further "
      "away",
      s.rain, info.name, rules::rain_sight(s.rain), s.setup->units[a.target].name);
}

}  // namespace

std::string shoot_illegal(const GameState& s, const Action& a) {
  if (auto p = target_problem(s, a); !p.empty()) return p;
  if (auto p = guess_problem(s, a, false); !p.empty()) return p;
  if (a.heavy && s.units[a.unit].player_turn.heavy_fired)
    return "SHOOT-06: heavy weapons fire once per turn";
  thread_local std::vector<table::TableModel> poses;  // reused: checked for every proposal
  s.table_models(poses);
  if (plan_fire(s, poses, a.unit, a.target, a.heavy, true).empty() &&
      wasted_shots(s, poses, a.unit, a.target, a.heavy, {}, true).empty()) {
    const auto& info = s.setup->units[a.unit];
    if (a.heavy) {
      // SHOOT-07, ADV-30: a weapon would fire but costs more than the unit has left.
      const auto dear =
          plan_fire(s, poses, a.unit, a.target, true, true, nullptr, FireBudget::unlimited);
      if (!dear.empty())
        return fmt::format(
            "{}: firing the {} of {} costs {} AP and only {} are left",
            dear.front().weapon->type == data::WeaponType::slow ? "ADV-30" : "SHOOT-07",
            dear.front().weapon->name, info.name, dear.front().firing.action_points,
            acting_points(s));
    }
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
      for (const auto* weapon : s.setup->models[m].group->weapons)
        if (s.models[m].pose.alive && !weapon_loaded(s, m, *weapon) &&
            rules::once_per_turn(weapon->type) == a.heavy)
          return fmt::format(
              "ADV-30: the {} of {} has fired and must be reloaded (a reload action, 1 AP) "
              "before it fires again, and no other weapon of the unit can fire at {}",
              weapon->name, info.name, s.setup->units[a.target].name);
    for (int m = info.first_model; !a.heavy && m < info.first_model + info.model_count; ++m)
      if (s.models[m].pose.alive && s.models[m].heavy_only)
        return fmt::format(
            "ADV-29: the Relentless models of {} that fired a heavy weapon this turn may fire "
            "nothing else, and no other has a non-heavy weapon in range, in arc and in sight of {}",
            info.name, s.setup->units[a.target].name);
    if (throwing_places_left(s, a.unit) <= 0)
      for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
        for (const auto* weapon : s.setup->models[m].group->weapons)
          if (s.models[m].pose.alive && takes_throwing_place(s, *weapon))
            return fmt::format(
                "ADV-49: a quarter of {} has already thrown grenades or fired grenade launchers "
                "this turn, and no other weapon of the unit is in range, in arc and in sight of {}",
                info.name, s.setup->units[a.target].name);
    if (s.setup->options.firing_wild_limits && s.table().has_smoke())
      for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
        for (const auto* weapon : s.setup->models[m].group->weapons)
          if (s.models[m].pose.alive && weapon->has(data::WeaponProperty::cannot_fire_wild) &&
              !table::smoke_screened_targets(s.table(), poses, m, a.target, weapon->range).empty())
            return fmt::format(
                "ADV-34: the {} of {} cannot fire wild, and {} is seen only through smoke "
                "(SHOOT-17)",
                weapon->name, info.name, s.setup->units[a.target].name);
    const std::string kind = a.heavy ? "heavy" : "non-heavy";
    if (auto rain = rain_sight_problem(s, poses, a); !rain.empty()) return rain;
    // ADV-33: with shots declared before measuring, range is no longer a reason.
    if (s.setup->options.declared_shots)
      return fmt::format(
          "SHOOT-01: no model of {} with a {} weapon to fire sees {} in its fire arc", info.name,
          kind, s.setup->units[a.target].name);
    return fmt::format(
        "SHOOT-01: no model of {} has a {} weapon in range, in arc and in sight of {}", info.name,
        kind, s.setup->units[a.target].name);
  }
  return "";
}

int apply_shoot(Context& c, const Action& a) {
  GameState& s = c.state;
  auto poses = s.table_models();
  // ADV-29: the models of a Relentless unit that fire a heavy weapon fire nothing else this turn.
  const bool spent =
      a.heavy && s.setup->units[a.unit].relentless && s.setup->options.relentless_details;
  std::vector<Firer> firers;
  const auto shots = plan_fire(s, poses, a.unit, a.target, a.heavy, false, &firers);
  // SHOOT-05..07, ADV-30: the action costs its dearest firing (a Slow weapon 2 AP even in a
  // Relentless unit, an Ordnance weapon fired indirectly its indirect price).
  int cost = shooting_cost(s, a.unit, a.heavy);
  for (const Shot& shot : shots) cost = std::max(cost, shot.firing.action_points);
  // ADV-33: the models that see the target but reach it with nothing fire all the same, and miss.
  const auto wasted = wasted_shots(s, poses, a.unit, a.target, a.heavy, firers);
  for (const WastedShot& w : wasted) {
    firers.push_back({w.model, w.weapon});
    cost = std::max(cost, w.action_points);
    if (c.logging())
      c.event({{"type", "shot_wasted"},
               {"rule", "ADV-33"},
               {"unit", a.unit},
               {"model", w.model},
               {"target", a.target},
               {"weapon", w.weapon->id},
               {"range", w.range},
               {"reach", weapon_reach(s, *w.weapon)}});
  }
  for (const Firer& f : firers) {
    if (spent) s.models[f.model].heavy_only = true;
    spend_load(s, f.model, *f.weapon);  // ADV-30: a Reload weapon waits for a reload action
  }
  // ADV-49: each weapon-mounted grenade launcher fired takes a throwing place (SHOOT-49).
  for (const Shot& shot : shots)
    if (takes_throwing_place(s, *shot.weapon)) {
      auto& used = s.units[a.unit].own_turn.throwers_used;
      used = static_cast<std::int16_t>(used + shot.firers);
    }
  if (a.heavy) s.units[a.unit].player_turn.heavy_fired = true;
  s.units[a.unit].own_turn.shot_target_this_turn = static_cast<std::int16_t>(a.target);
  const table::Point source = unit_centre(s, a.unit);
  // Hits and casualties per unit, templates, markers and fire split into a mêlée included.
  std::vector<HitEffect> by_unit(s.units.size());
  const WeaponProfile* last_weapon = nullptr;
  for (const Shot& shot : shots) {
    if (!poses[shot.model].alive || !s.unit_alive(a.target)) continue;
    const WeaponProfile& weapon = *shot.weapon;
    last_weapon = &weapon;
    const bool pins = pinning_fire(s, a.unit, weapon, shot.range, shot.indirect);  // ADV-42
    const int strength = c.setup.models[shot.model].profile->strength;
    if (shot.through_smoke && c.logging())
      c.event({{"type", "through_smoke"},
               {"rule", "SHOOT-17"},
               {"unit", a.unit},
               {"model", shot.model},
               {"target", a.target},
               {"weapon", weapon.id},
               {"strength_change", smoke_strength_change(s, shot)}});
    if (weapon.is_area()) {
      const auto sit = situation(s, poses, a.unit, a.target, shot, rules::ShotKind::area);
      const auto goal = rules::shooting_hit_goal(sit, c.setup.rulings);
      // SHOOT-54: fired without sight, the scatter is 2D6 less the modifiers alone (no BS).
      // SHOOT-17/57: through smoke, as at a hidden target (three-dice scatter).
      const auto delivery = shot.indirect        ? rules::AreaDelivery::indirect
                            : shot.through_smoke ? rules::AreaDelivery::hidden_target
                                                 : rules::AreaDelivery::fired;
      const int scatter_goal = shot.indirect ? goal.total_modifier : goal.goal;
      if (shot.indirect && c.logging())
        c.event({{"type", "indirect_fire"},
                 {"rule", "SHOOT-54"},
                 {"unit", a.unit},
                 {"model", shot.model},
                 {"target", a.target},
                 {"weapon", weapon.id}});
      for (int k = 0; k < shot.firing.shots; ++k) {
        fire_marker(c, a.unit, a.target, shot, delivery, scatter_goal, poses, a.guess, &by_unit);
      }
      continue;
    }
    if (weapon.is_template()) {
      // SHOOT-36/38: the template laid toward the nearest eligible model; every model under it.
      const auto sit = situation(s, poses, a.unit, a.target, shot, rules::ShotKind::template_);
      const auto goal = rules::shooting_hit_goal(sit, c.setup.rulings);
      const table::Point from = poses[shot.model].position;
      table::Point aim = poses[shot.targets.front()].position;
      for (const int t : shot.targets)
        if (table::distance(from, poses[t].position) < table::distance(from, aim))
          aim = poses[t].position;
      const auto under = models_under_template(c, poses, shot.model, aim, weapon);
      c.dice.start();
      const int firer_roll = c.dice.roll(6);
      c.roll_event("SHOOT-38", "template", goal.goal, a.unit,
                   {{"weapon", weapon.id}, {"under", under.size()}});
      const auto per_unit = template_hits(c, "SHOOT-38", a.unit, poses, shot.model, under, weapon,
                                          goal.goal, firer_roll, smoke_strength_change(s, shot));
      for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
        if (per_unit[v].hits == 0) continue;
        after_fire(c, a.unit, v, per_unit[v].hits, per_unit[v].slain, weapon, pins);
        by_unit[v].hits += per_unit[v].hits;
        by_unit[v].slain += per_unit[v].slain;
      }
      poses = s.table_models();
      continue;
    }
    // Direct fire: SHOOT-10 to hit, then SHOOT-27 allocation from the open first (SHOOT-14),
    // nearest first, one model at a time (ADV-38).
    const auto sit = situation(s, poses, a.unit, a.target, shot, rules::ShotKind::direct);
    const auto goal = rules::shooting_hit_goal(sit, c.setup.rulings);
    c.dice.start();
    // SHOOT-15 (optional): a miss by one against a target in cover strikes the cover.
    const bool cover_counts =
        c.setup.options.hitting_cover && sit.target_cover != table::Cover::none;
    const auto rolled = rules::roll_direct_hits(c.dice, shot.firing.shots, goal.goal, cover_counts);
    const int hits = rolled.hits;
    c.roll_event("SHOOT-10", "to hit", goal.goal, a.unit,
                 {{"weapon", weapon.id},
                  {"hits", hits},
                  {"target", a.target},
                  {"range", sit.range},
                  {"cover", table::to_string(sit.target_cover)},
                  {"modifiers", modifiers_json(goal)}});
    if (cover_counts && c.logging()) c.log->back()["cover_hits"] = rolled.cover_hits;
    std::vector<table::Cover> covers;
    for (const int m : shot.targets)
      covers.push_back(table::model_cover(c.state.table(), source, poses[m].position));
    AllocationDice allocation;
    HitEffect effect;
    HitEffect other_effect;
    std::vector<int> wound_faces;
    std::vector<int> save_faces;
    const MeleeSplit split = melee_split(s, poses, a.target, poses[shot.model].position);
    std::vector<int> other_models;
    std::vector<table::Cover> other_covers;
    if (split.other_unit >= 0) {
      const auto& oi = c.setup.units[split.other_unit];
      for (int m = oi.first_model; m < oi.first_model + oi.model_count; ++m) {
        if (!poses[m].alive) continue;
        other_models.push_back(m);
        other_covers.push_back(table::model_cover(c.state.table(), source, poses[m].position));
      }
    }
    std::vector<int> side_faces;
    for (int h = 0; h < hits; ++h) {
      if (split.other_unit >= 0) {
        c.dice.start();
        const int face = c.dice.roll(6);
        side_faces.push_back(face);
        if (face > split.target_side_goal) {
          const int victim = allocate_hit(c, other_models, other_covers, allocation);
          if (victim >= 0) {
            resolve_hit_on(c, victim, weapon, strength, shot.range, other_effect, wound_faces,
                           save_faces, smoke_strength_change(s, shot));
          }
          continue;
        }
      }
      const int victim = allocate_hit(c, shot.targets, covers, allocation);
      if (victim < 0) {  // SHOOT-27: hits beyond the eligible models are lost
        if (split.other_unit >= 0) continue;
        break;
      }
      resolve_hit_on(c, victim, weapon, strength, shot.range, effect, wound_faces, save_faces,
                     smoke_strength_change(s, shot));
    }
    if (split.other_unit >= 0 && c.logging()) {
      c.event({{"type", "melee_fire_split"},
               {"rule", "SHOOT-58"},
               {"unit", a.unit},
               {"target", a.target},
               {"other", split.other_unit},
               {"target_side_on", split.target_side_goal},
               {"dice", side_faces},
               {"other_hits", other_effect.hits}});
    }
    if (other_effect.hits > 0) {
      after_fire(c, a.unit, split.other_unit, other_effect.hits, other_effect.slain, weapon, pins);
    }
    if (c.logging())
      c.event({{"type", "wounds"},
               {"rule", "SHOOT-22"},
               {"unit", a.unit},
               {"target", a.target},
               {"weapon", weapon.id},
               {"allocation_dice", allocation.faces},
               {"allocations", allocation.rolls},
               {"wound_dice", wound_faces},
               {"save_dice", save_faces},
               {"damage_dice", joined(effect.damage_dice, other_effect.damage_dice)},
               {"unsaved", effect.unsaved},
               {"slain", effect.slain},
               {"other_unsaved", other_effect.unsaved},
               {"other_slain", other_effect.slain}});
    // Hits count for suppression even when nobody is hurt (SHOOT-33).
    effect.hits = hits - other_effect.hits;
    by_unit[a.target].hits += effect.hits;
    by_unit[a.target].slain += effect.slain;
    if (split.other_unit >= 0) {
      by_unit[split.other_unit].hits += other_effect.hits;
      by_unit[split.other_unit].slain += other_effect.slain;
    }
    after_fire(c, a.unit, a.target, effect.hits, effect.slain, weapon, pins);
    poses = s.table_models();
  }
  if (c.logging()) {
    // `hits` and `slain` are the target's, whatever the weapon; `by_unit` lists every unit hit.
    Event units = Event::array();
    for (int v = 0; v < static_cast<int>(by_unit.size()); ++v)
      if (by_unit[v].hits > 0 || by_unit[v].slain > 0)
        units.push_back({{"unit", v}, {"hits", by_unit[v].hits}, {"slain", by_unit[v].slain}});
    c.event({{"type", "shooting"},
             {"unit", a.unit},
             {"target", a.target},
             {"hits", by_unit[a.target].hits},
             {"slain", by_unit[a.target].slain},
             {"by_unit", std::move(units)},
             {"weapon", last_weapon ? last_weapon->id : ""}});
  }
  // SHOOT-19: one volley from hiding is the ambush. ADV-04/ADV-40: it gives the unit away (from
  // the next player turn) unless every weapon fired was a needler.
  if (s.units[a.unit].hidden) {
    s.units[a.unit].ambush_spent = true;
    const bool quiet = std::all_of(shots.begin(), shots.end(),
                                   [](const Shot& shot) {
                                     return shot.weapon->has(data::WeaponProperty::needler);
                                   }) &&
                       std::all_of(wasted.begin(), wasted.end(), [](const WastedShot& w) {
                         return w.weapon->has(data::WeaponProperty::needler);
                       });
    if (!quiet) note_fired_while_hidden(c, a.unit);
  }
  return cost;
}

}  // namespace arap::game::detail
