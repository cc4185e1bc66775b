// SHOOT-22..27, 36..48, 58: how fire lands on the table: wounds and saves on a hit model, hits
// allocated, templates laid, area markers scattered, fire into a close combat split, and the
// bookkeeping after it (pinning, suppression). The shooting action itself is fire_action.cpp;
// everything is resolved with the rules layer's goal functions and logged die by die.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/mounts.hpp"
#include "rules/area_effects.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/charge.hpp"
#include "rules/fire_morale.hpp"
#include "rules/shields.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/weapon_fire.hpp"
#include "rules/wound_save.hpp"
#include "table/cover.hpp"
#include "table/effects.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

std::vector<int> joined(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> all = a;
  all.insert(all.end(), b.begin(), b.end());
  return all;
}

namespace {

std::vector<int> damage_dice_of(const std::vector<HitEffect>& effects) {
  std::vector<int> all;
  for (const auto& effect : effects) all = joined(all, effect.damage_dice);
  return all;
}

}  // namespace

namespace {

// ADV-22: `body` is the model, or the rider or mount of a pair riding apart (defence_of).
void resolve_hit_on_body(Context& c, int model, MountBody body, const WeaponProfile& weapon,
                         int user_strength, double range, HitEffect& effect,
                         std::vector<int>& wound_faces, std::vector<int>& save_faces,
                         int strength_change) {
  GameState& s = c.state;
  const BodyDefence defence = defence_of(s, model, body);
  const data::Profile& profile = defence.profile;
  const bool melta =
      weapon.has(data::WeaponProperty::melta) && rules::at_half_range(range, weapon.range);
  const int strength = weapon.strength.resolve(user_strength) + strength_change;
  const rules::WoundGoal goal =
      rules::wound_goal(profile.toughness, strength, rules::at_short_range(range, weapon.range));
  rules::WoundingProfile hit;
  hit.wound = goal;
  hit.wound_best_of_two = melta;
  hit.damage = weapon.damage;
  hit.damage_best_of_two = melta;
  // ADV-60: a shield that guards against shots.
  hit.save = rules::save_goal(rules::shielded(
      {defence.armour, profile.invulnerable, weapon.ap, weapon.has(data::WeaponProperty::needler),
       weapon.has(data::WeaponProperty::power_weapon),
       s.units[s.models[model].pose.unit].gone_to_ground()},  // ADV-01
      defence.shield,  // ADV-11: unless shed or dropped to swim
      {.primitive_weapon = weapon.has(data::WeaponProperty::primitive),
       .storm_shots = c.setup.rulings.adv_60()}));
  if (c.setup.options.instant_death)  // ADV-39 (optional)
    rules::apply_instant_death(hit, strength, profile.toughness, profile.wounds,
                               profile.has_rule("unstoppable"));
  c.dice.start();
  const bool wounded = rules::roll_wound(c.dice, hit);
  const auto& rolled = c.dice.stop();
  wound_faces.insert(wound_faces.end(), rolled.begin(), rolled.end());
  if (!wounded) return;
  ++effect.wounds;
  c.dice.start();
  const bool saved = hit.save && dice::roll_high(c.dice, *hit.save);
  const auto& save_rolled = c.dice.stop();
  save_faces.insert(save_faces.end(), save_rolled.begin(), save_rolled.end());
  if (saved) return;
  ++effect.unsaved;
  c.dice.start();
  const int damage = rules::roll_damage(c.dice, hit);
  const auto& damage_rolled = c.dice.stop();
  effect.damage_dice.insert(effect.damage_dice.end(), damage_rolled.begin(), damage_rolled.end());
  if (body == MountBody::mount) {
    wound_mount(c, model, damage);  // ADV-22: the rider goes on, on foot
    return;
  }
  s.models[model].wounds_left = static_cast<std::int16_t>(s.models[model].wounds_left - damage);
  if (s.models[model].wounds_left <= 0) {  // SHOOT-23: the excess is lost
    remove_casualty(c, model);             // ADV-22: a rider's mount flees the field with it
    ++effect.slain;
  }
}

}  // namespace

void resolve_hit_on(Context& c, int model, const WeaponProfile& weapon, int user_strength,
                    double range, HitEffect& effect, std::vector<int>& wound_faces,
                    std::vector<int>& save_faces, int strength_change, MountAim aim) {
  GameState& s = c.state;
  if (!s.models[model].pose.alive) return;
  ++effect.hits;
  const auto on = [&](MountBody body) {
    resolve_hit_on_body(c, model, body, weapon, user_strength, range, effect, wound_faces,
                        save_faces, strength_change);
  };
  if (!rides_apart(s, model)) return on(MountBody::model);
  // ADV-22: an area weapon strikes rider and mount alike (the rider first: slain, it takes the
  // model and its mount with it); any other hit strikes the one aimed at, or the one a die says.
  if (weapon.effect != data::WeaponEffect::none) {
    on(MountBody::rider);
    if (s.models[model].pose.alive && rides_apart(s, model)) on(MountBody::mount);
    return;
  }
  on(struck_body(c, model, rules::at_short_range(range, weapon.range), aim));
}

MeleeSplit melee_split(const GameState& s, const std::vector<table::TableModel>& poses, int target,
                       const table::Point& shooter) {
  MeleeSplit split;
  const std::uint64_t locked = s.units[target].locked;
  if (locked == 0) return split;
  // Engine choice (no catalogue ruling says what "clearly more models nearer" means): among the
  // nearer half of every model in this fight, a side with at least two thirds of them is the
  // nearer side and takes hits on 1-4 (2/3); otherwise each side takes 1-3 / 4-6.
  std::vector<std::pair<double, bool>> models;  // distance, on the target's side
  double nearest_other = 1e18;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    const bool target_side = v == target;
    if (!target_side && (locked >> v & 1u) == 0) continue;
    for (int m : s.members(v)) {
      if (!poses[m].alive) continue;
      const double d = table::distance(shooter, poses[m].position);
      models.emplace_back(d, target_side);
      if (!target_side && d < nearest_other) {
        nearest_other = d;
        split.other_unit = v;
      }
    }
  }
  if (split.other_unit < 0) return split;
  std::sort(models.begin(), models.end());
  const std::size_t half = (models.size() + 1) / 2;
  std::size_t target_near = 0;
  for (std::size_t i = 0; i < half; ++i) target_near += models[i].second ? 1 : 0;
  if (3 * target_near >= 2 * half) split.target_side_goal = 4;
  if (3 * (half - target_near) >= 2 * half) split.target_side_goal = 2;
  return split;
}

// Bookkeeping after fire lands on a unit: hits for suppression, pinning tests (SHOOT-25/28/33).
bool pinning_fire(const GameState& s, int firing_unit, const WeaponProfile& weapon, double range,
                  bool indirect) {
  using data::WeaponProperty;
  rules::PinningFire fire;
  fire.pinning_weapon = weapon.has(WeaponProperty::pinning);
  fire.sniper = weapon.has(WeaponProperty::sniper);
  fire.barrage = weapon.has(WeaponProperty::barrage);
  fire.indirect = indirect;
  fire.low_signature = weapon.has(WeaponProperty::low_signature);
  fire.quiet = weapon.has(WeaponProperty::needler);  // ADV-40: the firer stays hidden
  fire.grenade = weapon.type == data::WeaponType::grenade;
  // Still hidden while its fire lands: a unit that fired from hiding is given away afterwards.
  fire.firer_hidden = s.units[firing_unit].hidden;
  fire.range = range;
  return rules::pinning_test_due(fire, s.setup->options.pinning_guidance);
}

void after_fire(Context& c, int firer, int unit, int hits, int slain, const WeaponProfile& weapon,
                bool pins) {
  UnitState& u = c.state.units[unit];
  u.own_turn.hits_taken = static_cast<std::int16_t>(u.own_turn.hits_taken + hits);
  if (hits > 0 && weapon.is_area() && weapon.effect_size >= 2.5) u.own_turn.blast_hit = true;
  if (slain > 0 && weapon.has(data::WeaponProperty::auto_pin)) {
    // SHOOT-30: pinned outright, whatever the unit's Ld or rules (the fearless too); being
    // pinned, it takes no heavy-casualty test (MORALE-04).
    if (!u.routing && !u.rout_pending && !u.own_turn.pinned && c.state.unit_alive(unit))
      pin(c, unit, "SHOOT-30");
  } else if (slain > 0 && pins) {
    pinning_test(c, unit, weapon.has(data::WeaponProperty::multiple_battery));
  }
  if (firer >= 0 && hits > 0) tally_suppression(c, firer, unit, hits, weapon);  // ADV-02
}

// SHOOT-40: no single model of a squad may be picked out with an area weapon: the marker is aimed
// at the centre of the part of the squad the firer may target, at the eligible model nearest it
// (engine choice: a model, so the point is always in range and sight).
table::Point area_aim(const std::vector<table::TableModel>& poses,
                      const std::vector<int>& eligible) {
  table::Point centre;
  for (const int m : eligible) centre = centre + poses[m].position;
  centre = centre * (1.0 / static_cast<double>(eligible.size()));
  table::Point aim = poses[eligible.front()].position;
  for (const int m : eligible)
    if (table::distance(poses[m].position, centre) < table::distance(aim, centre))
      aim = poses[m].position;
  return aim;
}

// Area markers (SHOOT-40..45) and their hits (SHOOT-43/44); returns the unsaved wounds `target`
// took.
int fire_marker(Context& c, int unit, int target, const Shot& shot, rules::AreaDelivery delivery,
                int goal, std::vector<table::TableModel>& poses, std::optional<double> guess,
                std::vector<HitEffect>* by_unit) {
  GameState& s = c.state;
  const auto& table = c.state.table();
  const table::Point from = poses[shot.model].position;
  table::Point aim = area_aim(poses, shot.targets);
  const bool lobbed = shot.weapon->has(data::WeaponProperty::barrage) ||
                      delivery == rules::AreaDelivery::thrown_grenade;
  if (guess && lobbed) {
    // SHOOT-48: the marker goes down at the declared range along the line to the aim point; a
    // range beyond the weapon's reach wastes the shot (2.3).
    if (*guess > shot.weapon->range + 1e-9) {
      if (c.logging())
        c.event({{"type", "guess_out_of_range"},
                 {"rule", "SHOOT-48"},
                 {"unit", unit},
                 {"model", shot.model},
                 {"weapon", shot.weapon->id},
                 {"guess", *guess}});
      return 0;
    }
    const double d = table::distance(from, aim);
    if (d > 0.0) aim = from + (aim - from) * (*guess / d);
    aim = table.clamp(aim);
  }
  c.dice.start();
  const rules::AreaScatter scatter =
      rules::roll_area_scatter(c.dice, delivery, goal, shot.range, c.setup.rulings);
  c.roll_event(delivery == rules::AreaDelivery::thrown_grenade  ? "SHOOT-50"
               : delivery == rules::AreaDelivery::indirect      ? "SHOOT-54"
               : delivery == rules::AreaDelivery::hidden_target ? "SHOOT-57"
                                                                : "SHOOT-41",
               "scatter", goal, unit,
               {{"inches", scatter.distance},
                {"on_target", scatter.on_target},
                {"bearing", scatter.bearing_degrees}});
  table::Point centre = aim;
  if (!scatter.on_target) {
    centre = table::scattered_point(table, aim, scatter.distance, scatter.bearing_degrees);
    centre = table::intercept_flight(table, poses, from, centre, unit, lobbed);  // SHOOT-45
  }
  const auto under = table::models_under_area(table, poses, centre, shot.weapon->effect_size,
                                              s.setup->options.confined_blasts);  // ADV-47
  const auto covers =
      table::cover_from_centre(table, poses, under, centre, s.setup->options.area_cover_calls);
  std::vector<int> hit_faces;
  std::vector<int> wound_faces;
  std::vector<int> save_faces;
  std::vector<HitEffect> per_unit(s.units.size());
  const int strength = c.state.info(shot.model).profile->strength;
  for (std::size_t i = 0; i < under.size(); ++i) {
    const int m = under[i];
    const table::Cover cover = effect_cover(s, m, covers[i]);
    bool hit = true;
    if (cover != table::Cover::none) {
      c.dice.start();
      hit = dice::roll_low(c.dice, rules::area_model_goal(cover));
      const auto& faces = c.dice.stop();
      hit_faces.insert(hit_faces.end(), faces.begin(), faces.end());
    }
    if (hit) {
      const int victim = look_out_sir(c, m);
      resolve_hit_on(c, victim, *shot.weapon, strength,
                     table::distance(from, poses[victim].position),
                     per_unit[c.state.models[victim].pose.unit], wound_faces, save_faces,
                     smoke_strength_change(s, shot));
    }
  }
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (per_unit[v].hits == 0) continue;
    after_fire(c, unit, v, per_unit[v].hits, per_unit[v].slain, *shot.weapon,
               pinning_fire(s, unit, *shot.weapon, shot.range, shot.indirect));
    if (by_unit != nullptr) {
      (*by_unit)[v].hits += per_unit[v].hits;
      (*by_unit)[v].slain += per_unit[v].slain;
    }
  }
  if (c.logging())
    c.event({{"type", "marker"},
             {"rule", "SHOOT-43"},
             {"unit", unit},
             {"target", target},
             {"weapon", shot.weapon->id},
             {"at", {centre.x, centre.y}},
             {"under", under.size()},
             {"cover_dice", hit_faces},
             {"wound_dice", wound_faces},
             {"save_dice", save_faces},
             {"damage_dice", damage_dice_of(per_unit)}});
  poses = s.table_models();
  return per_unit[target].unsaved;
}

// SHOOT-36/39: the models under `weapon`'s template laid by model `firer` toward `aim` (the
// firer excepted). A strip stops at the first obstruction (not bounced, SHOOT-37); a torrent's
// narrow end goes up to its reach ahead of the firer, the engine laying it 1" short of `aim`.
std::vector<int> models_under_template(const Context& c,
                                       const std::vector<table::TableModel>& poses, int firer,
                                       const table::Point& aim, const WeaponProfile& weapon) {
  const table::Point from = poses[firer].position;
  const double aim_bearing = table::bearing(from, aim);
  std::vector<int> under;
  if (weapon.effect == data::WeaponEffect::template_strip) {
    under = table::models_under_strip(
        poses, table::place_strip(c.state.table(), from, aim_bearing, false));
  } else {
    table::Point narrow_end = from;
    if (weapon.effect == data::WeaponEffect::torrent) {
      const double offset = std::clamp(table::distance(from, aim) - 1.0, 0.0, weapon.effect_size);
      narrow_end = from + table::heading_vector(aim_bearing) * offset;
    }
    under = table::models_under_polygon(poses, table::teardrop(narrow_end, aim_bearing));
  }
  under.erase(std::remove(under.begin(), under.end(), firer), under.end());
  return under;
}

// SHOOT-38: one template's hits. Each model under it rolls its fallback die against `goal` and
// the firer's die (with its cover); each hit is resolved on it, or on whoever Look Out, Sir!
// passes it to (SHOOT-47). The dice are logged as one `template_hits` event under `rule`.
// Returns what the hits did to each unit.
std::vector<HitEffect> template_hits(Context& c, const char* rule, int unit,
                                     const std::vector<table::TableModel>& poses, int firer,
                                     const std::vector<int>& under, const WeaponProfile& weapon,
                                     int goal, int firer_roll, int strength_change) {
  GameState& s = c.state;
  const table::Point from = poses[firer].position;
  const int strength = c.state.info(firer).profile->strength;
  std::vector<HitEffect> per_unit(s.units.size());
  std::vector<int> fallback_faces;
  std::vector<int> wound_faces;
  std::vector<int> save_faces;
  for (const int m : under) {
    const table::Cover cover =
        effect_cover(s, m, table::model_cover(c.state.table(), from, poses[m].position));
    c.dice.start();
    const bool hit = rules::roll_template_model(c.dice, goal, firer_roll, cover, c.setup.rulings);
    const auto& faces = c.dice.stop();
    fallback_faces.insert(fallback_faces.end(), faces.begin(), faces.end());
    if (hit) {
      const int victim = look_out_sir(c, m);
      resolve_hit_on(c, victim, weapon, strength, table::distance(from, poses[victim].position),
                     per_unit[c.state.models[victim].pose.unit], wound_faces, save_faces,
                     strength_change);
    }
  }
  if (c.logging())
    c.event({{"type", "template_hits"},
             {"rule", rule},
             {"unit", unit},
             {"weapon", weapon.id},
             {"fallback_dice", fallback_faces},
             {"wound_dice", wound_faces},
             {"save_dice", save_faces},
             {"damage_dice", damage_dice_of(per_unit)}});
  return per_unit;
}

// SHOOT-27 with SHOOT-14 and ADV-38: where one direct-fire hit lands. Only the living models of
// `eligible` in the least covered class are candidates (the open before soft before hard cover);
// a rank-and-file candidate already wounded takes it (multi-wound models fall whole, ADV-38);
// otherwise a die the size of the class picks one. -1 when nobody is left (the hit is lost).
int allocate_hit(Context& c, const std::vector<int>& eligible,
                 const std::vector<table::Cover>& cover, AllocationDice& dice) {
  const GameState& s = c.state;
  int best = 3;
  for (std::size_t i = 0; i < eligible.size(); ++i)
    if (s.models[eligible[i]].pose.alive) best = std::min(best, static_cast<int>(cover[i]));
  if (best == 3) return -1;
  thread_local std::vector<int> candidates;
  candidates.clear();
  for (std::size_t i = 0; i < eligible.size(); ++i) {
    const int m = eligible[i];
    if (!s.models[m].pose.alive || static_cast<int>(cover[i]) != best) continue;
    const auto& info = c.state.info(m);
    if (!info.leader && s.models[m].wounds_left < info.profile->wounds) return m;
    candidates.push_back(m);
  }
  if (candidates.size() == 1) return candidates.front();
  const int face = c.dice.roll(static_cast<int>(candidates.size()));
  dice.faces.push_back(face);
  if (c.logging()) {
    dice.rolls.push_back({{"die", candidates.size()},
                          {"face", face},
                          {"among", candidates},
                          {"model", candidates[face - 1]}});
  }
  return candidates[face - 1];
}

}  // namespace arap::game::detail
