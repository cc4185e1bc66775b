// CHARGE-12..15 reaction fire (Stand and Fire, Fire and Charge, at BS1) and SHOOT-49/50 grenade
// throws, landing through fire.cpp's hits, templates and markers.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "rules/area_effects.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/charge.hpp"
#include "rules/cover_strikes.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/weapon_fire.hpp"
#include "rules/wound_save.hpp"
#include "table/cover.hpp"
#include "table/effects.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

namespace {

// CHARGE-15: a template in reaction fire is laid with the Chargers halted 7" from the firer (or
// where they are, if nearer). The halt is imagined: only the copy of the poses moves. Returns the
// unsaved wounds the Chargers' opponents (`target`) took.
int reaction_template(Context& c, int unit, int target, int m, const WeaponProfile& weapon,
                      int shots, int goal, bool fire_and_charge, int& hits_scored) {
  GameState& s = c.state;
  auto poses = s.table_models();
  const int chargers = fire_and_charge ? unit : target;
  double gap = 0.0;
  const int nearest = nearest_model(poses, m, s.members(target), gap, [&](int n) {
    return poses[n].alive && poses[n].unit == target;
  });
  if (nearest < 0) return 0;
  if (gap > 7.0) {
    // Move the charging unit along the line between firer and nearest enemy until 7" apart.
    table::Point shift = (poses[nearest].position - poses[m].position) * ((gap - 7.0) / gap);
    if (!fire_and_charge) shift = shift * -1.0;
    for (int k : c.state.members(chargers)) poses[k].position = poses[k].position + shift;
  }
  const auto under = models_under_template(c, poses, m, poses[nearest].position, weapon);
  int unsaved = 0;
  for (int k = 0; k < shots; ++k) {
    c.dice.start();
    const int firer_roll = c.dice.roll(6);
    c.roll_event("CHARGE-15", "reaction template", goal, unit,
                 {{"weapon", weapon.id}, {"under", under.size()}});
    const auto per_unit =
        template_hits(c, "CHARGE-15", unit, poses, m, under, weapon, goal, firer_roll);
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
      if (per_unit[v].hits == 0) continue;
      hits_scored += per_unit[v].hits;
      if (v == target) unsaved += per_unit[v].unsaved;
      after_fire(c, -1, v, per_unit[v].hits, per_unit[v].slain, weapon,
                 pinning_fire(s, unit, weapon, std::min(gap, 7.0), false));
    }
  }
  return unsaved;
}

}  // namespace

int reaction_fire(Context& c, int unit, int target, int successes, bool fire_and_charge,
                  bool long_charge, double start_distance,
                  const std::vector<table::TableModel>* fired_from) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  // ADV-64: in simultaneous fire the firers are those standing before either side shot.
  const auto table_now = [&] {
    auto now = s.table_models();
    if (fired_from) {
      for (int m : c.state.members(unit)) now[m].alive = (*fired_from)[m].alive;
    }
    return now;
  };
  auto poses = table_now();
  const bool engaged_unit = s.units[unit].locked != 0;
  const bool heavy_spent = s.units[unit].player_turn.heavy_fired;  // SHOOT-06
  bool fired_once = false;
  int unsaved = 0;
  int shots_fired = 0;
  int hits_scored = 0;
  for (int m : c.state.members(unit)) {
    if (!poses[m].alive || !s.unit_alive(target)) continue;
    if (c.state.info(m).profile->ballistic_skill <= 0) continue;
    if (s.models[m].heavy_only) continue;  // ADV-29: Fire and Charge after its heavy shot
    if (engaged_unit) {
      // CHARGE-13: only models not already in the fight may shoot.
      bool engaged = false;
      for (int n = 0; n < static_cast<int>(poses.size()) && !engaged; ++n)
        engaged =
            poses[n].alive && poses[n].side != poses[m].side && engaged_pair(poses[m], poses[n]);
      if (engaged) continue;
    }
    for (const WeaponProfile* weapon : c.setup.models[m].group->weapons) {
      if (!weapon_loaded(s, m, *weapon)) continue;  // ADV-30: spent until reloaded
      const int shots =
          rules::charge_reaction_shots(*weapon, successes, info.relentless, fire_and_charge);
      if (shots <= 0) continue;
      // SHOOT-06: a once-per-turn weapon already fired this player turn stays silent, and one
      // fired now cannot fire again in the unit's activation later this turn.
      const bool once = rules::once_per_turn(weapon->type);
      if (once && heavy_spent) continue;
      // ADV-49: a weapon-mounted launcher takes one of the unit's throwing places.
      const bool launcher = takes_throwing_place(s, *weapon);
      if (launcher && throwing_places_left(s, unit) <= 0) continue;
      const auto spend_place = [&] {
        if (launcher) ++s.units[unit].own_turn.throwers_used;
        spend_load(s, m, *weapon);  // ADV-30
      };
      if (weapon->is_template()) {
        Shot shot{m, weapon, {}, 0.0, {}};
        auto sit = situation(s, poses, unit, target, shot, rules::ShotKind::template_);
        sit.ballistic_skill = 1;  // CHARGE-12/15
        sit.aimed = false;
        sit.corrective_aiming = false;
        sit.long_charge = long_charge;
        if (!fire_and_charge) sit.s_points = 0;  // ADV-02: not in Stand and Fire
        const int goal = rules::shooting_hit_goal(sit, c.setup.rulings).goal;
        unsaved += reaction_template(c, unit, target, m, *weapon, shots, goal, fire_and_charge,
                                     hits_scored);
        shots_fired += shots;
        fired_once = fired_once || once;
        spend_place();
        poses = table_now();
        break;  // one weapon per model
      }
      if (weapon->is_area()) {
        // CHARGE-15: range = the Charge's start distance or the weapon's, whichever is less;
        // the marker scatters as usual and may land on either side.
        auto found = fire_targets(s, poses, m, target, *weapon,
                                  std::max(weapon->range, start_distance + 1.0));
        if (found.models.empty()) continue;
        Shot shot{m,
                  weapon,
                  {},
                  std::min(weapon->range, start_distance),
                  std::move(found.models),
                  false,
                  1,
                  found.through_smoke};
        auto sit = situation(s, poses, unit, target, shot, rules::ShotKind::area);
        sit.ballistic_skill = 1;
        sit.aimed = false;
        sit.corrective_aiming = false;
        sit.long_charge = long_charge;
        if (!fire_and_charge) sit.s_points = 0;  // ADV-02: not in Stand and Fire
        const int goal = rules::shooting_hit_goal(sit, c.setup.rulings).goal;
        const auto delivery = shot.through_smoke ? rules::AreaDelivery::hidden_target
                                                 : rules::AreaDelivery::fired;  // SHOOT-17/57
        for (int k = 0; k < shots; ++k)
          unsaved += fire_marker(c, unit, target, shot, delivery, goal, poses);
        shots_fired += shots;
        fired_once = fired_once || once;
        spend_place();
        break;
      }
      // The Chargers come into range during the Charge: sight and arc decide, not range.
      auto found =
          fire_targets(s, poses, m, target, *weapon, std::max(weapon->range, start_distance + 1.0));
      if (found.models.empty()) continue;
      const double range = std::min(weapon->range, table::range_to_unit(poses, m, target));
      Shot shot{m, weapon, {}, range, std::move(found.models), false, 1, found.through_smoke};
      auto sit = situation(s, poses, unit, target, shot, rules::ShotKind::direct);
      sit.ballistic_skill = 1;  // CHARGE-12/15
      sit.aimed = false;
      sit.corrective_aiming = false;
      sit.long_charge = long_charge;
      if (!fire_and_charge) sit.s_points = 0;  // ADV-02: not in Stand and Fire
      sit.shotgun_at_half_range = weapon->has(data::WeaponProperty::shotgun);
      const auto goal = rules::shooting_hit_goal(sit, c.setup.rulings);
      const int strength = c.state.info(m).profile->strength;
      std::vector<table::Cover> covers;
      for (const int t : shot.targets)
        covers.push_back(table::model_cover(c.state.table(), poses[m].position, poses[t].position));
      HitEffect effect;
      AllocationDice allocation;
      std::vector<int> wound_faces;
      std::vector<int> save_faces;
      c.dice.start();
      // SHOOT-15 (optional): a miss by one against a target in cover strikes the cover.
      const bool cover_counts =
          c.setup.options.hitting_cover && sit.target_cover != table::Cover::none;
      const auto rolled = rules::roll_direct_hits(c.dice, shots, goal.goal, cover_counts);
      const int hits = rolled.hits;
      c.roll_event(fire_and_charge ? "CHARGE-12" : "CHARGE-15", "to hit", goal.goal, unit,
                   {{"weapon", weapon->id},
                    {"hits", hits},
                    {"target", target},
                    {"range", sit.range},
                    {"cover", table::to_string(sit.target_cover)},
                    {"modifiers", modifiers_json(goal)}});
      if (cover_counts && c.logging()) c.log->back()["cover_hits"] = rolled.cover_hits;
      for (int h = 0; h < hits; ++h) {
        const int victim = allocate_hit(c, shot.targets, covers, allocation);
        if (victim < 0) break;
        resolve_hit_on(c, victim, *weapon, strength, range, effect, wound_faces, save_faces,
                       smoke_strength_change(s, shot));
      }
      // Issue 13: charge-time fire shows every wound, save, allocation and Damage die too.
      if (c.logging() && hits > 0) {
        c.event({{"type", "wounds"},
                 {"rule", "SHOOT-22"},
                 {"unit", unit},
                 {"target", target},
                 {"weapon", weapon->id},
                 {"allocation_dice", allocation.faces},
                 {"allocations", allocation.rolls},
                 {"wound_dice", wound_faces},
                 {"save_dice", save_faces},
                 {"damage_dice", effect.damage_dice},
                 {"unsaved", effect.unsaved},
                 {"slain", effect.slain}});
      }
      shots_fired += shots;
      fired_once = fired_once || once;
      hits_scored += hits;
      unsaved += effect.unsaved;
      spend_place();
      poses = table_now();
      break;  // one weapon per model
    }
  }
  if (fired_once) s.units[unit].player_turn.heavy_fired = true;
  if (c.logging())
    c.event({{"type", fire_and_charge ? "fire_and_charge" : "stand_and_fire"},
             {"unit", unit},
             {"target", target},
             {"shots", shots_fired},
             {"hits", hits_scored},
             {"unsaved", unsaved}});
  return unsaved;
}

std::string throw_illegal(const GameState& s, const Action& a) {
  if (auto p = target_problem(s, a); !p.empty()) return p;
  if (auto p = guess_problem(s, a, true); !p.empty()) return p;
  const int allowed = throwing_places_left(s, a.unit);
  if (allowed <= 0) return "SHOOT-49: a quarter of the unit has already thrown this turn";
  // Each way to a target below (sight, smoke, a known place) looks only within the grenade's
  // range of the thrower, so a thrower with no foe that near is not asked: listings ask this of
  // every target, and the table's models are gathered only for a throw that may go.
  // The box around the target's living models first: a thrower further than the range from the
  // box has no foe within it (a big unit's every model would otherwise measure to every foe).
  std::optional<table::PointBox> box;
  const auto foe_within = [&](int m, double range) {
    const table::Point& at = s.models[m].pose.position;
    if (!box) box = s.living_box(a.target);
    if (box->empty() || table::distance_to_box(at, box->lo, box->hi) > range + 1e-6) return false;
    for (int n : s.members(a.target))
      if (s.models[n].pose.alive &&
          table::distance(s.models[m].pose.position, s.models[n].pose.position) <= range + 1e-9)
        return true;
    return false;
  };
  thread_local std::vector<table::TableModel> poses;  // reused: checked for every proposal
  bool gathered = false;
  for (int m : s.members(a.unit)) {
    if (!s.models[m].pose.alive || s.info(m).profile->ballistic_skill <= 0) continue;
    for (const auto* weapon : s.setup->models[m].group->weapons) {
      if (!weapon->is_blast_grenade()) continue;
      if (!foe_within(m, weapon->range)) continue;
      if (!gathered) s.table_models(poses);
      gathered = true;
      if (table::any_eligible_target(s.table(), poses, m, a.target, weapon->range) ||
          !smoke_targets(s, poses, m, a.target, *weapon, weapon->range).empty() ||  // SHOOT-17
          !known_targets(s, poses, m, a.target, weapon->range).empty())             // SHOOT-55
        return "";
    }
  }
  return "SHOOT-49: nobody in the unit has a blast grenade and a target within 6\"";
}

void apply_throw(Context& c, const Action& a) {
  GameState& s = c.state;
  auto poses = s.table_models();
  int allowed = throwing_places_left(s, a.unit);
  for (int m : c.state.members(a.unit)) {
    if (!(allowed > 0)) break;
    const auto shot = grenade_throw(s, poses, m, a.target);
    if (!shot) continue;
    const auto sit = throw_situation(s, poses, a.unit, a.target, *shot);
    const auto goal = rules::shooting_hit_goal(sit, c.setup.rulings);
    // SHOOT-17/57: a grenade thrown through smoke is thrown at a hidden target.
    fire_marker(c, a.unit, a.target, *shot,
                shot->through_smoke ? rules::AreaDelivery::hidden_target
                                    : rules::AreaDelivery::thrown_grenade,
                goal.goal, poses, a.guess);
    ++s.units[a.unit].own_turn.throwers_used;
    --allowed;
  }
  // SHOOT-61: a thrown grenade does not give a hidden unit away; it does make the foe aware.
  if (s.units[a.unit].hidden) s.units[a.unit].ambush_spent = true;
}

}  // namespace arap::game::detail
