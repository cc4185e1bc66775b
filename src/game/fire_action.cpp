// SHOOT-01..27: the shooting action: whether a unit may fire at a target (shoot_illegal), what it
// costs, and its resolution (apply_shoot) through the hits, templates and markers of fire.cpp.
#include <algorithm>
#include <cmath>
#include <functional>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/mounts.hpp"
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
  for (int m : s.members(a.unit)) {
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
  for (int m : s.members(a.unit)) {
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

// ADV-32 (advanced, option field_of_view): a split of the action's fire. Each pick sends one model
// group of the unit at another enemy unit it may shoot; each group fires at one target; the main
// target keeps a group that fires; and every target lies in one 90-degree arc as seen from the
// firing unit's centre (toward each target unit's centre).
std::string split_problem(const GameState& s, const std::vector<table::TableModel>& poses,
                          const Action& a) {
  const auto& info = s.setup->units[a.unit];
  if (!s.setup->options.field_of_view)
    return "ADV-32: fire is split between units only with the option field_of_view";
  if (a.guess)  // SHOOT-48: the declared range is toward the action's own target
    return "ADV-32: a split shooting action declares no range (SHOOT-48): each aims at its target";
  const int groups = group_count(s, a.unit);
  GroupMask sent = 0;
  std::vector<int> targets{a.target};
  const auto volleys = volleys_of(a);
  for (int i = 0; i < a.pick_count; ++i) {
    const auto [group, target] = a.picks[i];
    if (group < 0 || group >= std::min(groups, kMaxModelGroups))
      return fmt::format("ADV-32: {} has no model group {} (its groups are 0 to {})", info.name,
                         group, groups - 1);
    if ((sent >> group) & 1u)
      return fmt::format("ADV-32: model group {} of {} fires at one target", group, info.name);
    sent |= GroupMask{1} << group;
    if (target == a.target)
      return fmt::format("ADV-32: model group {} is sent at the action's own target", group);
    Action part = a;
    part.target = target;
    part.pick_count = 0;
    if (auto p = target_problem(s, part); !p.empty()) return p;
    if (std::find(targets.begin(), targets.end(), target) == targets.end())
      targets.push_back(target);
  }
  for (std::size_t k = 0; k < volleys.size(); ++k) {
    const Volley& v = volleys[k];
    if (!plan_fire(s, poses, a.unit, v.target, a.heavy, true, nullptr, FireBudget::acting_points,
                   v.groups)
             .empty() ||
        !wasted_shots(s, poses, a.unit, v.target, a.heavy, {}, true, v.groups).empty())
      continue;
    if (k == 0)
      return fmt::format(
          "ADV-32: with its groups sent elsewhere no model of {} left fires at {} (SHOOT-01)",
          info.name, s.setup->units[a.target].name);
    return fmt::format(
        "ADV-32: no model of group {} of {} has a {} weapon to fire at {} (SHOOT-01)",
        a.picks[k - 1].first, info.name, a.heavy ? "heavy" : "non-heavy",
        s.setup->units[v.target].name);
  }
  const double arc = targets_span(s, a.unit, targets);
  if (arc > 90.0 + 1e-9) {
    return fmt::format(
        "ADV-32: one shooting action's targets lie in one 90-degree arc; seen from {} these span "
        "{:.0f} degrees",
        info.name, arc);
  }
  return "";
}

std::string shoot_illegal(const GameState& s, const Action& a, bool explain) {
  if (auto p = target_problem(s, a); !p.empty()) return p;
  if (a.mount_aim != MountAim::either) {  // ADV-22
    if (!s.setup->options.separate_mounts)
      return "ADV-22: rider and mount are one target unless the scenario's option "
             "separate_mounts makes them two";
    if (!unit_rides_apart(s, a.target))
      return fmt::format("ADV-22: no model of {} rides a mount of its own to aim at",
                         s.setup->units[a.target].name);
  }
  if (auto p = guess_problem(s, a, false); !p.empty()) return p;
  if (a.heavy && s.units[a.unit].player_turn.heavy_fired)
    return "SHOOT-06: heavy weapons fire once per turn";
  // A listing's one copy of the table's models (ListingMemo), else this check's own (reused: it is
  // made for every proposal).
  thread_local std::vector<table::TableModel> own_poses;
  ListingMemo* memo = ListingMemo::active_for(s);
  if (memo == nullptr) s.table_models(own_poses);
  const std::vector<table::TableModel>& poses = memo != nullptr ? memo->poses() : own_poses;
  if (a.mount_aim != MountAim::either) {  // ADV-22: only a shot at short range picks one out
    const auto shots = plan_fire(s, poses, a.unit, a.target, a.heavy);
    if (std::none_of(shots.begin(), shots.end(), [](const Shot& shot) {
          return rules::at_short_range(shot.range, shot.weapon->range);
        }))
      return fmt::format(
          "ADV-22: no weapon of {} is at short range of {}: beyond it a die says whether rider or "
          "mount is struck",
          s.setup->units[a.unit].name, s.setup->units[a.target].name);
  }
  if (a.pick_count > 0) return split_problem(s, poses, a);
  if (plan_fire(s, poses, a.unit, a.target, a.heavy, true).empty() &&
      wasted_shots(s, poses, a.unit, a.target, a.heavy, {}, true).empty()) {
    if (!explain) return "SHOOT-01";
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
    for (int m : s.members(a.unit))
      for (const auto* weapon : s.setup->models[m].group->weapons)
        if (s.models[m].pose.alive && !weapon_loaded(s, m, *weapon) &&
            rules::once_per_turn(weapon->type) == a.heavy)
          return fmt::format(
              "ADV-30: the {} of {} has fired and must be reloaded (a reload action, 1 AP) "
              "before it fires again, and no other weapon of the unit can fire at {}",
              weapon->name, info.name, s.setup->units[a.target].name);
    for (int m : s.members(a.unit))
      if (!a.heavy && s.models[m].pose.alive && s.models[m].heavy_only)
        return fmt::format(
            "ADV-29: the Relentless models of {} that fired a heavy weapon this turn may fire "
            "nothing else, and no other has a non-heavy weapon in range, in arc and in sight of {}",
            info.name, s.setup->units[a.target].name);
    if (throwing_places_left(s, a.unit) <= 0)
      for (int m : s.members(a.unit))
        for (const auto* weapon : s.setup->models[m].group->weapons)
          if (s.models[m].pose.alive && takes_throwing_place(s, *weapon))
            return fmt::format(
                "ADV-49: a quarter of {} has already thrown grenades or fired grenade launchers "
                "this turn, and no other weapon of the unit is in range, in arc and in sight of {}",
                info.name, s.setup->units[a.target].name);
    if (s.setup->options.firing_wild_limits && s.table().has_smoke())
      for (int m : s.members(a.unit))
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

// One volley of a shooting action: `shots` at `target`, in order (SHOOT-10..27), hits and
// casualties gathered per unit in `by_unit`.
static void fire_volley(Context& c, const Action& a, int target, const std::vector<Shot>& shots,
                        const table::Point& source, std::vector<table::TableModel>& poses,
                        std::vector<HitEffect>& by_unit, const WeaponProfile*& last_weapon) {
  GameState& s = c.state;
  for (const Shot& shot : shots) {
    if (!poses[shot.model].alive || !s.unit_alive(target)) continue;
    const WeaponProfile& weapon = *shot.weapon;
    last_weapon = &weapon;
    const bool pins = pinning_fire(s, a.unit, weapon, shot.range, shot.indirect);  // ADV-42
    const int strength = c.state.info(shot.model).profile->strength;
    if (shot.through_smoke && c.logging())
      c.event({{"type", "through_smoke"},
               {"rule", "SHOOT-17"},
               {"unit", a.unit},
               {"model", shot.model},
               {"target", target},
               {"weapon", weapon.id},
               {"strength_change", smoke_strength_change(s, shot)}});
    if (weapon.is_area()) {
      const auto sit = situation(s, poses, a.unit, target, shot, rules::ShotKind::area);
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
                 {"target", target},
                 {"weapon", weapon.id}});
      for (int k = 0; k < shot.firing.shots; ++k) {
        fire_marker(c, a.unit, target, shot, delivery, scatter_goal, poses, a.guess, &by_unit);
      }
      continue;
    }
    if (weapon.is_template()) {
      // SHOOT-36/38: the template laid toward the nearest eligible model; every model under it.
      const auto sit = situation(s, poses, a.unit, target, shot, rules::ShotKind::template_);
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
    const auto sit = situation(s, poses, a.unit, target, shot, rules::ShotKind::direct);
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
                  {"target", target},
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
    const MeleeSplit split = melee_split(s, poses, target, poses[shot.model].position);
    std::vector<int> other_models;
    std::vector<table::Cover> other_covers;
    if (split.other_unit >= 0) {
      for (int m : c.state.members(split.other_unit)) {
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
                     smoke_strength_change(s, shot), a.mount_aim);
    }
    if (split.other_unit >= 0 && c.logging()) {
      c.event({{"type", "melee_fire_split"},
               {"rule", "SHOOT-58"},
               {"unit", a.unit},
               {"target", target},
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
               {"target", target},
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
    by_unit[target].hits += effect.hits;
    by_unit[target].slain += effect.slain;
    if (split.other_unit >= 0) {
      by_unit[split.other_unit].hits += other_effect.hits;
      by_unit[split.other_unit].slain += other_effect.slain;
    }
    after_fire(c, a.unit, target, effect.hits, effect.slain, weapon, pins);
    poses = s.table_models();
  }
}

int apply_shoot(Context& c, const Action& a) {
  GameState& s = c.state;
  auto poses = s.table_models();
  // ADV-29: the models of a Relentless unit that fire a heavy weapon fire nothing else this turn.
  const bool spent =
      a.heavy && s.setup->units[a.unit].relentless && s.setup->options.relentless_details;
  // SHOOT-05..07, ADV-30: the action costs its dearest firing (a Slow weapon 2 AP even in a
  // Relentless unit, an Ordnance weapon fired indirectly its indirect price).
  int cost = shooting_cost(s, a.unit, a.heavy);
  // ADV-32: every volley is planned (declared) before any is rolled; each takes its throwing
  // places as it is planned, so the next sees what is left.
  const auto volleys = volleys_of(a);
  std::vector<std::vector<Shot>> planned;
  std::vector<WastedShot> wasted;
  for (const Volley& volley : volleys) {
    std::vector<Firer> firers;
    planned.push_back(plan_fire(s, poses, a.unit, volley.target, a.heavy, false, &firers,
                                FireBudget::acting_points, volley.groups));
    const auto& shots = planned.back();
    for (const Shot& shot : shots) cost = std::max(cost, shot.firing.action_points);
    // ADV-33: the models that see the target but reach it with nothing fire all the same, and
    // miss. Unlogged (a playout, a sweep), only the wasted shots that would change the state are
    // looked for: one dearer than the action so far, a Relentless model's first heavy shot
    // (ADV-29), a Reload weapon spent (ADV-30), a hidden unit given away (ADV-04/40). The rest
    // would be logged and nothing more, and their sight lines are a crowd's dearest part.
    std::function<bool(const WastedShot&)> changes_state;
    if (!c.logging())
      changes_state = [&](const WastedShot& w) {
        return w.action_points > cost || (spent && !s.models[w.model].heavy_only) ||
               (s.setup->options.reload_weapons && w.weapon->has(data::WeaponProperty::reload)) ||
               (s.units[a.unit].hidden && !w.weapon->has(data::WeaponProperty::needler));
      };
    const auto missed = wasted_shots(s, poses, a.unit, volley.target, a.heavy, firers, false,
                                     volley.groups, changes_state);
    for (const WastedShot& w : missed) {
      firers.push_back({w.model, w.weapon});
      cost = std::max(cost, w.action_points);
      wasted.push_back(w);
      if (c.logging())
        c.event({{"type", "shot_wasted"},
                 {"rule", "ADV-33"},
                 {"unit", a.unit},
                 {"model", w.model},
                 {"target", volley.target},
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
  }
  if (a.heavy) s.units[a.unit].player_turn.heavy_fired = true;
  s.units[a.unit].own_turn.shot_target_this_turn = static_cast<std::int16_t>(a.target);
  const table::Point source = unit_centre(s, a.unit);
  // Hits and casualties per unit, templates, markers and fire split into a mêlée included.
  std::vector<HitEffect> by_unit(s.units.size());
  const WeaponProfile* last_weapon = nullptr;
  for (std::size_t k = 0; k < volleys.size(); ++k)
    fire_volley(c, a, volleys[k].target, planned[k], source, poses, by_unit, last_weapon);
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
    const auto needler = [](const Shot& shot) {
      return shot.weapon->has(data::WeaponProperty::needler);
    };
    const bool quiet = std::all_of(planned.begin(), planned.end(),
                                   [&](const std::vector<Shot>& shots) {
                                     return std::all_of(shots.begin(), shots.end(), needler);
                                   }) &&
                       std::all_of(wasted.begin(), wasted.end(), [](const WastedShot& w) {
                         return w.weapon->has(data::WeaponProperty::needler);
                       });
    if (!quiet) note_fired_while_hidden(c, a.unit);
  }
  return cost;
}

}  // namespace arap::game::detail
