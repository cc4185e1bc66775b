// MELEE-01/02/05/07/22/26 in play: locks between units, the weapons and arcs a model strikes
// with, blows landed (wound, save, Damage; a contact weapon's better Strength, ADV-55), free hacks
// and krak grenade attacks.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "rules/melee_goal.hpp"
#include "rules/shields.hpp"
#include "rules/weapon_fire.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

// The mêlée weapon a model fights with, or null (MELEE-06i/j decide how it fights without one).
const data::WeaponProfile* melee_weapon(const ModelInfo& model) {
  return model.kit.main;
}

// MELEE-02: the arc each attack type reaches.
table::AttackArc arc_of(data::AttackType type) {
  switch (type) {
    case data::AttackType::stomp:
    case data::AttackType::tentacle:
      return table::AttackArc::all_round;
    case data::AttackType::bite:
    case data::AttackType::gore:
      return table::AttackArc::front_narrow;
    case data::AttackType::claw:
      return table::AttackArc::front_and_sides;
    case data::AttackType::tail:
      return table::AttackArc::sides_and_rear;
    case data::AttackType::hand:
      break;
  }
  return table::AttackArc::front;
}

// A model's attacks of one kind: natural weapons each make their share of the model's attacks
// in their own arc (MELEE-02); otherwise the model fights with its kit's main weapon (or none)
// and all its attacks (twice them with paired claws, ADV-59), in the front 180 degrees.

std::array<AttackSet, 4> attack_sets(const ModelInfo& model, int& sets) {
  std::array<AttackSet, 4> out{};
  sets = 0;
  for (const auto* weapon : model.group->weapons) {
    if (!weapon->is_melee() || weapon->attacks <= 0 || sets == 4) continue;
    out[sets++] = {weapon, weapon->attacks, arc_of(weapon->attack_type)};
  }
  if (sets == 0) {
    const auto* weapon = melee_weapon(model);
    out[sets++] = {weapon, rules::kit_attacks(model.kit, model.profile->attacks),
                   weapon ? arc_of(weapon->attack_type) : table::AttackArc::front};
  }
  return out;
}

bool engaged_pair(const table::TableModel& a, const table::TableModel& b) {
  return table::within_melee_radius(a, b) || table::within_melee_radius(b, a);
}

bool overlaps_a_base(const GameState& s, int model, const table::Point& at) {
  return base_under(s, model, at) >= 0;
}

int base_under(const GameState& s, int model, const table::Point& at) {
  const auto& mover = s.models[model].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& other = s.models[n].pose;
    if (n == model || !other.alive) continue;
    if (table::distance(other.position, at) < other.base_radius + mover.base_radius - 1e-6)
      return n;
  }
  return -1;
}

table::Point nearest_clear_spot(const GameState& s, int model, const table::Point& at) {
  if (!overlaps_a_base(s, model, at)) return at;
  const auto& table = s.table();
  for (double ring = 0.5; ring <= 12.0; ring += 0.5) {
    for (int step = 0; step < 24; ++step) {
      const table::Point spot = at + table::heading_vector(step * 15.0) * ring;
      // Ground a model may stand on (MOVE-03/17), clear of bases.
      if (table.on_table(spot) && table.movement_at(spot) != table::MovementClass::impassable &&
          !overlaps_a_base(s, model, spot))
        return spot;
    }
  }
  return at;
}

bool units_engaged(const GameState& s, int a, int b) {
  for (int m : s.members(a)) {
    if (!s.models[m].pose.alive) continue;
    for (int n : s.members(b)) {
      if (s.models[n].pose.alive && engaged_pair(s.models[m].pose, s.models[n].pose)) return true;
    }
  }
  return false;
}

void lock_units(Context& c, int a, int b) {
  // ADV-15: bearers attacked in close combat drop their ladder and fight as usual.
  drop_ladder_in_melee(c, a);
  drop_ladder_in_melee(c, b);
  c.state.units[a].locked |= bit(b);
  c.state.units[b].locked |= bit(a);
  c.state.units[a].rallied_from = 0;  // ADV-72: the memory of its pursuers lasts until it fights
  c.state.units[b].rallied_from = 0;
  c.state.units[a].player_turn.engaged = true;  // SHOOT-31/33: no fire tests this turn
  c.state.units[b].player_turn.engaged = true;
  clear_s_points(c, a, "melee");  // ADV-02: engaged in mêlée, a unit sheds them all
  clear_s_points(c, b, "melee");
  if (c.logging()) c.event({{"type", "locked"}, {"units", {a, b}}, {"rule", "CHARGE-03"}});
}

void unlock_unit(Context& c, int unit) {
  GameState& s = c.state;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    s.units[v].locked &= ~bit(unit);
    if (s.units[v].locked == 0) s.units[v].last_man = false;  // ADV-67: that fight is over
  }
  s.units[unit].locked = 0;
  s.units[unit].last_man = false;
}

void clean_locks(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].locked == 0) {
      s.units[u].last_man = false;  // ADV-67: a flinch or a rout may have parted it
      continue;
    }
    if (!s.unit_alive(u) || s.units[u].routing || s.units[u].rout_pending) unlock_unit(c, u);
  }
}

// A blow that landed on `target`: wound, save and Damage with `weapon` (or bare hands) in the
// hands of `attacker` (MELEE-07). The damage stays on the model; the caller removes the fallen.
// Returns whether the wound went unsaved.
rules::WoundingProfile blow_profile(const Context& c, int attacker, int target,
                                    const data::WeaponProfile* weapon, MountBody body) {
  const ModelInfo& model = c.state.info(attacker);
  const BodyDefence defence = defence_of(c.state, target, body);  // ADV-22
  const auto& profile = defence.profile;
  const UnitState& own = c.state.units[c.state.models[attacker].pose.unit];
  const int strength =
      (weapon ? weapon->strength_for(model.profile->strength,
                                     c.setup.options.better_strength)  // ADV-55
              : model.profile->strength) +
      (own.round.first_round && own.round.jump_bonus ? 1 : 0);  // MOVE-26: +1 S in the first round
  rules::WoundingProfile wounding;
  wounding.wound = rules::wound_goal(profile.toughness, strength, /*close=*/true);
  if (weapon) wounding.damage = weapon->damage;
  // ADV-59: a pair of lightning claws re-rolls its failed wound rolls.
  wounding.wound_reroll = model.kit.paired_claws && weapon != nullptr && weapon == model.kit.main;
  // ADV-56 (optional, option monstrous_creature_bonus): a monstrous creature's blows leave no
  // armour save, as a power weapon's do; an invulnerable save still stands.
  const bool monstrous =
      c.setup.options.monstrous_creature_bonus && model.profile->has_rule("monstrous_creature");
  // ADV-60: the target's shield, unless its buckler strikes this round.
  const int target_unit = c.state.models[target].pose.unit;
  wounding.save = rules::save_goal(rules::shielded(
      {defence.armour, profile.invulnerable, weapon ? weapon->ap : std::nullopt, false,
       monstrous || (weapon != nullptr && weapon->has(data::WeaponProperty::power_weapon))},
      defence.shield,  // ADV-11: unless shed or dropped to swim
      {.melee = true,
       .buckler_striking = c.state.units[target_unit].bucklers_strike,
       .bonus = c.setup.options.shield_bonus && !c.state.models[target].pose.mounted}));
  if (c.setup.options.instant_death)  // ADV-39 (optional)
    rules::apply_instant_death(wounding, strength, profile.toughness, profile.wounds,
                               profile.has_rule("unstoppable"));
  return wounding;
}

// A wound that reached `target`: its save, then Damage. Returns whether it went unsaved.
bool take_wound(Context& c, int target, const rules::WoundingProfile& wounding, MountBody body) {
  {
    const DiceChannel saves(c.dice, Channel::save);
    if (wounding.save && dice::roll_high(c.dice, *wounding.save)) return false;
  }
  const DiceChannel damage_dice(c.dice, Channel::damage);
  const int damage = rules::roll_damage(c.dice, wounding);
  if (body == MountBody::mount) {           // ADV-22: the rider fights on, on foot
    wound_mount(c, target, damage, false);  // MELEE-04: a thrown rider falls with the step
    return true;
  }
  auto& wounds_left = c.state.models[target].wounds_left;
  wounds_left = static_cast<std::int16_t>(wounds_left - damage);
  return true;
}

bool land_blow(Context& c, int attacker, int target, const data::WeaponProfile* weapon) {
  // ADV-22 (ruling.ADV-22): a blow at a pair riding apart strikes rider or mount as a die says.
  const MountBody body = struck_body(c, target, false, MountAim::either);
  const rules::WoundingProfile wounding = blow_profile(c, attacker, target, weapon, body);
  {
    const DiceChannel wounds(c.dice, Channel::wound);
    if (!rules::roll_wound(c.dice, wounding)) return false;
  }
  return take_wound(c, target, wounding, body);
}

// One mêlée attack (or free hack) on `target`: to-hit at `goal`, then the blow (MELEE-05/07).
bool strike(Context& c, int attacker, int target, int goal, bool& hit,
            const data::WeaponProfile* weapon) {
  hit = dice::roll_low(c.dice, goal);
  if (!hit) return false;
  return land_blow(c, attacker, target, weapon);
}

bool strike(Context& c, int attacker, int target, int goal, bool& hit) {
  return strike(c, attacker, target, goal, hit, melee_weapon(c.setup.models[attacker]));
}

const data::WeaponProfile* krak_grenade(const ModelInfo& model) {
  for (const auto* weapon : model.group->weapons)
    if (weapon->has(data::WeaponProperty::krak) && weapon->type == data::WeaponType::grenade)
      return weapon;
  return nullptr;
}

// MELEE-26: the first `krak_attackers` living carriers of krak grenades in the unit make krak
// attacks this round.
bool krak_attacker(const GameState& s, int m) {
  const ModelInfo& model = s.info(m);
  const int unit = s.models[m].pose.unit;
  const int allowed = s.units[unit].krak_attackers;
  if (allowed <= 0 || krak_grenade(model) == nullptr) return false;
  int before = 0;
  for (int n : s.members(unit)) {
    if (n >= m) break;
    before += s.models[n].pose.alive && krak_grenade(s.setup->models[n]) != nullptr ? 1 : 0;
  }
  return before < allowed;
}

void remove_fallen(Context& c, int unit) {
  GameState& s = c.state;
  for (int m : c.state.members(unit)) {
    if (!s.models[m].pose.alive || s.models[m].wounds_left > 0) continue;
    s.models[m].pose.alive = false;
    s.models[m].wounds_left = 0;
    if (c.logging()) c.event({{"type", "casualty"}, {"unit", unit}, {"model", m}});
  }
}

int free_hacks(Context& c, int attacker, int target, bool one_each, const char* rule) {
  GameState& s = c.state;
  rules::MeleeSituation hack;
  hack.free_hack = true;
  const int goal = rules::melee_hit_goal(hack).goal;  // MELEE-22: 4 whatever the skill
  int unsaved = 0;
  int attacks = 0;
  const auto poses = s.table_models();  // positions do not change during the hacks
  c.dice.start();
  for (int m : c.state.members(attacker)) {
    if (!s.models[m].pose.alive) continue;
    // The nearest enemy model within this model's reach takes its hacks.
    double best = 0.0;
    const int victim = nearest_model(poses, m, s.members(target), best, [&](int n) {
      return s.models[n].pose.alive && s.models[n].pose.unit == target &&
             s.models[n].wounds_left > 0 && engaged_pair(s.models[m].pose, s.models[n].pose);
    });
    if (victim < 0) continue;
    const int count = one_each ? 1 : c.state.info(m).profile->attacks;
    for (int k = 0; k < count; ++k) {
      if (s.models[victim].wounds_left <= 0) break;
      bool hit = false;
      ++attacks;
      unsaved += strike(c, m, victim, goal, hit) ? 1 : 0;
    }
  }
  c.roll_event(rule, "free hacks", goal, attacker,
               {{"target", target}, {"attacks", attacks}, {"unsaved", unsaved}});
  remove_fallen(c, target);
  return unsaved;
}

}  // namespace arap::game::detail
