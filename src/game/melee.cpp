// MELEE-01..29 in play: locks between units, the fight-or-break-off choice at the end of each
// activation phase, rounds fought in Initiative steps with tiered wound allocation, combat
// resolution, rout tests, flinches, routs and the pursuit decision, break-offs, Hit and Run and
// free hacks. The arithmetic lives in rules/ (melee_goal, combat_resolution, wound_save).
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "rules/melee_goal.hpp"
#include "rules/weapon_fire.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

namespace {

std::uint64_t bit(int unit) {
  return std::uint64_t{1} << unit;
}

// The mêlée weapon a model fights with, or null (MELEE-06i/j decide how it fights without one).
const data::WeaponProfile* melee_weapon(const ModelInfo& model) {
  for (const auto* weapon : model.group->weapons)
    if (weapon->is_melee()) return weapon;
  return nullptr;
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
// in their own arc (MELEE-02); otherwise the model fights with its first mêlée weapon (or none)
// and all its attacks, in the front 180 degrees.
struct AttackSet {
  const data::WeaponProfile* weapon = nullptr;
  int count = 0;
  table::AttackArc arc = table::AttackArc::front;
};

std::array<AttackSet, 4> attack_sets(const ModelInfo& model, int& sets) {
  std::array<AttackSet, 4> out{};
  sets = 0;
  for (const auto* weapon : model.group->weapons) {
    if (!weapon->is_melee() || weapon->attacks <= 0 || sets == 4) continue;
    out[sets++] = {weapon, weapon->attacks, arc_of(weapon->attack_type)};
  }
  if (sets == 0) {
    const auto* weapon = melee_weapon(model);
    out[sets++] = {weapon, model.profile->attacks,
                   weapon ? arc_of(weapon->attack_type) : table::AttackArc::front};
  }
  return out;
}

bool has_long_arm(const ModelInfo& model) {
  for (const auto* weapon : model.group->weapons) {
    if (!weapon->is_melee() && weapon->type != data::WeaponType::pistol &&
        weapon->type != data::WeaponType::grenade && weapon->type != data::WeaponType::bomb)
      return true;
  }
  return false;
}

}  // namespace

bool engaged_pair(const table::TableModel& a, const table::TableModel& b) {
  return table::within_melee_radius(a, b) || table::within_melee_radius(b, a);
}

bool overlaps_a_base(const GameState& s, int model, const table::Point& at) {
  const auto& mover = s.models[model].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& other = s.models[n].pose;
    if (n == model || !other.alive) continue;
    if (table::distance(other.position, at) < other.base_radius + mover.base_radius - 1e-6)
      return true;
  }
  return false;
}

bool units_engaged(const GameState& s, int a, int b) {
  const auto& ia = s.setup->units[a];
  const auto& ib = s.setup->units[b];
  for (int m = ia.first_model; m < ia.first_model + ia.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    for (int n = ib.first_model; n < ib.first_model + ib.model_count; ++n) {
      if (s.models[n].pose.alive && engaged_pair(s.models[m].pose, s.models[n].pose)) return true;
    }
  }
  return false;
}

void lock_units(Context& c, int a, int b) {
  c.state.units[a].locked |= bit(b);
  c.state.units[b].locked |= bit(a);
  if (c.logging()) c.event({{"type", "locked"}, {"units", {a, b}}, {"rule", "CHARGE-03"}});
}

void unlock_unit(Context& c, int unit) {
  GameState& s = c.state;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) s.units[v].locked &= ~bit(unit);
  s.units[unit].locked = 0;
}

void clean_locks(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].locked == 0) continue;
    if (!s.unit_alive(u) || s.units[u].routing || s.units[u].rout_pending) unlock_unit(c, u);
  }
}

// A blow that landed on `target`: wound, save and Damage with `weapon` (or bare hands) in the
// hands of `attacker` (MELEE-07). The damage stays on the model; the caller removes the fallen.
// Returns whether the wound went unsaved.
rules::WoundingProfile blow_profile(const Context& c, int attacker, int target,
                                    const data::WeaponProfile* weapon) {
  const ModelInfo& model = c.setup.models[attacker];
  const auto& profile = *c.setup.models[target].profile;
  const UnitState& own = c.state.units[model.unit];
  const int strength =
      (weapon ? weapon->strength.resolve(model.profile->strength) : model.profile->strength) +
      (own.first_round && own.jump_bonus ? 1 : 0);  // MOVE-26: +1 S in the first round
  rules::WoundingProfile wounding;
  wounding.wound = rules::wound_goal(profile.toughness, strength, /*close=*/true);
  if (weapon) wounding.damage = weapon->damage;
  wounding.save = rules::save_goal(
      {profile.save, profile.invulnerable, weapon ? weapon->ap : std::nullopt, false,
       weapon != nullptr && weapon->has(data::WeaponProperty::power_weapon)});
  return wounding;
}

// A wound that reached `target`: its save, then Damage. Returns whether it went unsaved.
bool take_wound(Context& c, int target, const rules::WoundingProfile& wounding) {
  if (wounding.save && dice::roll_high(c.dice, *wounding.save)) return false;
  const int damage = rules::roll_damage(c.dice, wounding);
  auto& wounds_left = c.state.models[target].wounds_left;
  wounds_left = static_cast<std::int16_t>(wounds_left - damage);
  return true;
}

bool land_blow(Context& c, int attacker, int target, const data::WeaponProfile* weapon) {
  const rules::WoundingProfile wounding = blow_profile(c, attacker, target, weapon);
  if (!rules::roll_wound(c.dice, wounding)) return false;
  return take_wound(c, target, wounding);
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
  const ModelInfo& model = s.setup->models[m];
  const int allowed = s.units[model.unit].krak_attackers;
  if (allowed <= 0 || krak_grenade(model) == nullptr) return false;
  const auto& info = s.setup->units[model.unit];
  int before = 0;
  for (int n = info.first_model; n < m; ++n)
    before += s.models[n].pose.alive && krak_grenade(s.setup->models[n]) != nullptr ? 1 : 0;
  return before < allowed;
}

void remove_fallen(Context& c, int unit) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!s.models[m].pose.alive || s.models[m].wounds_left > 0) continue;
    s.models[m].pose.alive = false;
    s.models[m].wounds_left = 0;
    if (c.logging()) c.event({{"type", "casualty"}, {"unit", unit}, {"model", m}});
  }
}

int free_hacks(Context& c, int attacker, int target, bool one_each, const char* rule) {
  GameState& s = c.state;
  const auto& ia = c.setup.units[attacker];
  const auto& it = c.setup.units[target];
  rules::MeleeSituation hack;
  hack.free_hack = true;
  const int goal = rules::melee_hit_goal(hack).goal;  // MELEE-22: 4 whatever the skill
  int unsaved = 0;
  int attacks = 0;
  const auto poses = s.table_models();  // positions do not change during the hacks
  c.dice.start();
  for (int m = ia.first_model; m < ia.first_model + ia.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    // The nearest enemy model within this model's reach takes its hacks.
    double best = 0.0;
    const int victim =
        nearest_model(poses, m, it.first_model, it.first_model + it.model_count, best, [&](int n) {
          return s.models[n].pose.alive && s.models[n].wounds_left > 0 &&
                 engaged_pair(s.models[m].pose, s.models[n].pose);
        });
    if (victim < 0) continue;
    const int count = one_each ? 1 : c.setup.models[m].profile->attacks;
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

namespace {

// MELEE-08: the order in which `striker`'s wounds find enemy models: contact in arc, then contact
// outside the arc or radius in arc, then radius outside the arc; nearest first within a tier.
// Tier 4 (the nearest members of locked enemy units) is appended for when the first three fall.
void allocation_order(const GameState& s, int striker, std::uint64_t enemies, table::AttackArc arc,
                      std::vector<std::pair<double, int>>& order) {
  order.clear();
  const auto& me = s.models[striker].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& pose = s.models[n].pose;
    if (!pose.alive || s.models[n].wounds_left <= 0) continue;
    if (!(enemies & bit(s.setup->models[n].unit))) continue;
    const double d = table::distance(me.position, pose.position);
    const bool contact = d <= me.base_radius + pose.base_radius + 0.05;
    const bool in_arc = table::in_attack_arc(me, pose.position, arc);
    const bool in_radius = d <= me.size + 1e-9;
    int tier = 4;
    if (contact && in_arc) {
      tier = 1;
    } else if (contact || (in_arc && in_radius)) {
      tier = 2;
    } else if (in_radius) {
      tier = 3;
    }
    order.push_back({tier * 1000.0 + d, n});
  }
  std::sort(order.begin(), order.end());
}

// Whether an enemy of a locked unit is within reach and in `arc` (MELEE-01/02).
bool enemy_in_reach(const GameState& s, int m, std::uint64_t enemies, table::AttackArc arc) {
  const auto& me = s.models[m].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& pose = s.models[n].pose;
    if (!pose.alive || !(enemies & bit(s.setup->models[n].unit))) continue;
    if (table::within_melee_radius(me, pose) && table::in_attack_arc(me, pose.position, arc))
      return true;
  }
  return false;
}

// The models that can strike now: alive, and an enemy within reach of one of its attack kinds.
bool can_strike(const GameState& s, int m, std::uint64_t enemies) {
  int sets = 0;
  const auto kinds = attack_sets(s.setup->models[m], sets);
  for (int k = 0; k < sets; ++k)
    if (enemy_in_reach(s, m, enemies, kinds[k].arc)) return true;
  return false;
}

int striking_initiative(const GameState& s, int m) {
  const ModelInfo& model = s.setup->models[m];
  const UnitState& u = s.units[model.unit];
  const auto* weapon = melee_weapon(model);
  rules::InitiativeInputs in;
  in.initiative = model.profile->initiative;
  in.charged_into_cover = u.first_round && u.charged_into_cover;
  in.power_fist = weapon != nullptr && weapon->has(data::WeaponProperty::power_fist);
  in.strike_last = weapon != nullptr && weapon->has(data::WeaponProperty::strike_last);
  in.krak_attack = krak_attacker(s, m);
  return rules::striking_initiative(in);
}

// MELEE-09: after a step, unengaged models whose step is still to come close in (up to M).
void close_in(Context& c, const std::vector<int>& units, int next_step) {
  GameState& s = c.state;
  auto poses = s.table_models();
  for (const int u : units) {
    const auto& info = c.setup.units[u];
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      if (!poses[m].alive || striking_initiative(s, m) > next_step) continue;
      if (can_strike(s, m, s.units[u].locked)) continue;
      double best = 0.0;
      const int nearest =
          nearest_model(poses, m, 0, static_cast<int>(poses.size()), best, [&](int n) {
            return poses[n].alive && (s.units[u].locked & bit(c.setup.models[n].unit)) != 0;
          });
      // The move is optional: only worth making when it can bring the model into reach.
      const int move = c.setup.models[m].profile->move;
      if (nearest < 0 || best > move + poses[m].size + poses[nearest].base_radius) continue;
      const auto plan = table::plan_straight_move(
          c.setup.scenario.table, poses, m, poses[nearest].position, move, table::MoveMode::charge);
      if (!plan || plan->report.distance <= 0.0) continue;
      s.models[m].pose.position = plan->request.path.back();
      s.models[m].pose.facing = plan->report.final_facing;
      poses[m] = s.models[m].pose;
    }
  }
}

struct StepTally {
  int attacks = 0;
  int hits = 0;
  int unsaved = 0;
};

// ruling.MELEE-08 batchPerTier applies only when every target the wounds may reach needs the same
// to-hit and to-wound goals (same Toughness, same prone state); otherwise the catalogue falls back
// to rolling one attack at a time in tier order.
bool uniform_targets(const GameState& s, const std::vector<std::pair<double, int>>& order) {
  const int first = order.front().second;
  const int toughness = s.setup->models[first].profile->toughness;
  for (const auto& [key, n] : order) {
    if (s.models[n].wounds_left <= 0) continue;
    if (s.setup->models[n].profile->toughness != toughness ||
        s.models[n].prone != s.models[first].prone)
      return false;
  }
  return true;
}

// ruling.MELEE-08 batchPerTier: `attacks` are rolled to hit and to wound together; each tier in
// turn takes as many of the wounds as its models have Wounds left, spread evenly (nearest first),
// their saves are rolled and only the wounds the tier could not take go on. `on_unsaved(target)`
// counts each unsaved wound. Returns the to-hit goal.
template <typename OnUnsaved>
int strike_in_batches(Context& c, int m, const std::vector<std::pair<double, int>>& order,
                      int attacks, rules::MeleeSituation sit, const data::WeaponProfile* weapon,
                      StepTally& tally, OnUnsaved on_unsaved) {
  GameState& s = c.state;
  std::size_t next = 0;
  while (next < order.size() && s.models[order[next].second].wounds_left <= 0) ++next;
  if (next >= order.size()) return 0;
  const int first = order[next].second;
  sit.target_prone = s.models[first].prone;  // MELEE-27
  const int goal = rules::melee_hit_goal(sit).goal;
  const rules::WoundingProfile wounding = blow_profile(c, m, first, weapon);
  int wounds = 0;
  for (int a = 0; a < attacks; ++a) {
    ++tally.attacks;
    if (!dice::roll_low(c.dice, goal)) continue;
    ++tally.hits;
    wounds += rules::roll_wound(c.dice, wounding) ? 1 : 0;
  }
  std::vector<int> tier_models;
  std::vector<int> share;
  while (wounds > 0 && next < order.size()) {
    const int tier = static_cast<int>(order[next].first / 1000.0);
    tier_models.clear();
    for (; next < order.size() && static_cast<int>(order[next].first / 1000.0) == tier; ++next)
      if (s.models[order[next].second].wounds_left > 0) tier_models.push_back(order[next].second);
    if (tier_models.empty()) continue;
    share.assign(tier_models.size(), 0);
    // Round robin, nearest first, never past a model's Wounds left.
    for (bool placed = true; wounds > 0 && placed;) {
      placed = false;
      for (std::size_t i = 0; i < tier_models.size() && wounds > 0; ++i) {
        if (share[i] >= s.models[tier_models[i]].wounds_left) continue;
        ++share[i];
        --wounds;
        placed = true;
      }
    }
    for (std::size_t i = 0; i < tier_models.size(); ++i) {
      const int target = tier_models[i];
      for (int w = 0; w < share[i] && s.models[target].wounds_left > 0; ++w) {
        // A blow's Damage that outlasts the model is lost with it (SHOOT-23).
        const rules::WoundingProfile on_target = blow_profile(c, m, target, weapon);
        if (take_wound(c, target, on_target)) on_unsaved(target);
      }
    }
  }
  return goal;
}

// One Initiative step: every model at `step` that can reach an enemy strikes; the fallen are
// removed only when the whole step is over (MELEE-04: equal Initiatives are simultaneous).
// `everyone`: CHARGE-19's simultaneous first round, whatever the Initiatives.
void fight_step(Context& c, const std::vector<int>& units, int step, bool everyone,
                std::vector<int>& inflicted, std::vector<int>& taken) {
  GameState& s = c.state;
  const bool batch = c.setup.rulings.melee_08() == rules::MeleeAllocation::batch_per_tier;
  std::vector<std::pair<double, int>> order;
  for (std::size_t k = 0; k < units.size(); ++k) {
    const int u = units[k];
    const UnitState& us = s.units[u];
    const auto& info = c.setup.units[u];
    StepTally tally;
    c.dice.start();
    int logged_goal = 0;
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      if (!s.models[m].pose.alive || (!everyone && striking_initiative(s, m) != step)) continue;
      if (!can_strike(s, m, us.locked)) continue;
      const ModelInfo& model = c.setup.models[m];
      const auto* weapon = melee_weapon(model);
      rules::MeleeSituation sit;
      sit.weapon_skill = model.profile->weapon_skill;
      sit.attacker_prone = s.models[m].prone;
      sit.rear_charge = us.first_round && us.rear_bonus;
      sit.ambush = us.first_round && us.ambush_charge;
      sit.jumping_down = us.first_round && us.jump_bonus;  // MOVE-26 / MELEE-06g
      sit.improvised_weapon = weapon == nullptr && has_long_arm(model);
      sit.unarmed = weapon == nullptr && !sit.improvised_weapon;
      if (krak_attacker(s, m)) {
        // MELEE-26: its only attack this round; a 1 lands the grenade, a 6 against a fighter
        // (a target with WS) blows it up on its user.
        allocation_order(s, m, us.locked, table::AttackArc::front, order);
        std::size_t first = 0;
        while (first < order.size() && s.models[order[first].second].wounds_left <= 0) ++first;
        if (first >= order.size()) continue;
        const int target = order[first].second;
        const int face = c.dice.roll(6);
        const auto result =
            rules::read_krak_attack(face, c.setup.models[target].profile->weapon_skill > 0);
        ++tally.attacks;
        const auto* grenade = krak_grenade(model);
        if (result == rules::KrakResult::hit) {
          ++tally.hits;
          if (land_blow(c, m, target, grenade)) {
            ++tally.unsaved;
            ++inflicted[k];
            const int victim = c.setup.models[target].unit;
            for (std::size_t j = 0; j < units.size(); ++j)
              if (units[j] == victim) ++taken[j];
          }
        } else if (result == rules::KrakResult::self_hit && land_blow(c, m, m, grenade)) {
          ++taken[k];
        }
        continue;
      }
      int sets = 0;
      const auto kinds = attack_sets(model, sets);
      for (int kind = 0; kind < sets; ++kind) {
        // MELEE-02: each kind of attack needs an enemy in its own arc; the charge's bonus
        // attacks go with the first kind.
        if (!enemy_in_reach(s, m, us.locked, kinds[kind].arc)) continue;
        if (kinds[kind].weapon != nullptr) {
          sit.improvised_weapon = false;
          sit.unarmed = false;
        }
        allocation_order(s, m, us.locked, kinds[kind].arc, order);
        const int attacks =
            kinds[kind].count + (kind == 0 && us.first_round ? us.bonus_attacks : 0);
        const auto on_unsaved = [&](int target) {
          ++tally.unsaved;
          ++inflicted[k];
          const int victim = c.setup.models[target].unit;
          for (std::size_t j = 0; j < units.size(); ++j)
            if (units[j] == victim) ++taken[j];
        };
        if (batch && !order.empty() && uniform_targets(s, order)) {
          const int goal =
              strike_in_batches(c, m, order, attacks, sit, kinds[kind].weapon, tally, on_unsaved);
          if (goal > 0) logged_goal = goal;
          continue;
        }
        std::size_t next = 0;
        for (int a = 0; a < attacks; ++a) {
          while (next < order.size() && s.models[order[next].second].wounds_left <= 0) ++next;
          if (next >= order.size()) break;  // MELEE-08: nowhere to go, the wound is lost
          const int target = order[next].second;
          sit.target_prone = s.models[target].prone;  // MELEE-27
          const int goal = rules::melee_hit_goal(sit).goal;
          logged_goal = goal;
          bool hit = false;
          ++tally.attacks;
          if (strike(c, m, target, goal, hit, kinds[kind].weapon)) on_unsaved(target);
          tally.hits += hit ? 1 : 0;
        }
      }
    }
    if (tally.attacks > 0) {
      c.roll_event("MELEE-05", "mêlée attacks", logged_goal, u,
                   {{"step", step},
                    {"attacks", tally.attacks},
                    {"hits", tally.hits},
                    {"unsaved", tally.unsaved}});
    } else {
      c.dice.stop();
    }
  }
  for (const int u : units) remove_fallen(c, u);
}

table::Point centre_of_units(const GameState& s, const std::vector<int>& units) {
  table::Point sum;
  int n = 0;
  for (const int u : units) {
    if (!s.unit_alive(u)) continue;
    sum = sum + unit_centre(s, u);
    ++n;
  }
  return n > 0 ? sum * (1.0 / n) : sum;
}

}  // namespace

void advance_on(Context& c, int unit, int foe, double inches, bool hold_if_engaged) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  const auto& fi = c.setup.units[foe];
  auto poses = s.table_models();
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!poses[m].alive) continue;
    double best = 0.0;
    const int nearest = nearest_model(poses, m, fi.first_model, fi.first_model + fi.model_count,
                                      best, [&](int n) { return poses[n].alive; });
    if (nearest < 0 || (hold_if_engaged && engaged_pair(poses[m], poses[nearest]))) continue;
    const auto plan = table::plan_straight_move(
        c.setup.scenario.table, poses, m, poses[nearest].position, inches, table::MoveMode::charge);
    if (!plan) continue;
    s.models[m].pose.position = plan->request.path.back();
    s.models[m].pose.facing = plan->report.final_facing;
    poses[m] = s.models[m].pose;
  }
}

// Moves every living model of `unit` up to `inches` straight away from `threat` (MELEE-18/20).
void move_away(Context& c, int unit, const table::Point& threat, double inches) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  auto poses = s.table_models();
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!poses[m].alive) continue;
    const auto plan = table::plan_straight_move(c.setup.scenario.table, poses, m, threat, inches,
                                                table::MoveMode::normal, /*away=*/true);
    if (!plan) continue;
    s.models[m].pose.position = plan->request.path.back();
    s.models[m].pose.facing = plan->report.final_facing;
    poses[m] = s.models[m].pose;
  }
}

namespace {

// Winners' models within reach of a flinched unit close to base contact (MELEE-18).
void close_to_contact(Context& c, int unit, int flinched) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  const auto& fi = c.setup.units[flinched];
  auto poses = s.table_models();
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!poses[m].alive) continue;
    double best = 0.0;
    const int nearest =
        nearest_model(poses, m, fi.first_model, fi.first_model + fi.model_count, best,
                      [&](int n) { return poses[n].alive && engaged_pair(poses[m], poses[n]); });
    if (nearest < 0) continue;
    const auto plan = table::plan_straight_move(
        c.setup.scenario.table, poses, m, poses[nearest].position, best, table::MoveMode::charge);
    if (!plan) continue;
    s.models[m].pose.position = plan->request.path.back();
    poses[m] = s.models[m].pose;
  }
}

int enemy_visage(const GameState& s, int unit) {
  int with = 0;
  int without = 0;
  bool greater = false;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (!(s.units[unit].locked & bit(v))) continue;
    const auto& info = s.setup->units[v];
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      if (!s.models[m].pose.alive) continue;
      const auto& profile = *s.setup->models[m].profile;
      greater = greater || profile.has_rule("greater_daemon");
      (profile.has_rule("daemonic_visage") ? with : without) += 1;
    }
  }
  return rules::enemy_visage(with, without, greater);
}

// MELEE-24: the winners of a round in which `router` broke decide whether to pursue.
void decide_pursuit(Context& c, int winner, int router) {
  GameState& s = c.state;
  const auto& info = c.setup.units[winner];
  if (!s.unit_alive(winner) || s.units[winner].routing || s.units[winner].rout_pending) return;
  rules::PursuitInputs in;
  in.frenzied = info.frenzy;
  in.basic_move = info.need_not_pursue ? 0 : info.move;
  in.still_locked = (s.units[winner].locked & ~bit(router)) != 0;
  const auto decision = rules::pursuit_decision(in);
  bool pursue = decision == rules::PursuitDecision::must_pursue;
  if (decision == rules::PursuitDecision::test) {
    const bool hated = (info.hates & bit(router)) != 0;  // MORALE-06
    const int target = rules::pursuit_control_target(s.leadership(winner), hated);
    c.dice.start();
    const auto roll = rules::roll_leadership_test(c.dice, target);
    c.roll_event("MELEE-24", "test not to pursue", target, winner, {{"passed", roll.passed}});
    pursue = !roll.passed;
  }
  if (pursue) {
    s.units[winner].pursuing = static_cast<std::int16_t>(router);
    if (c.logging())
      c.event({{"type", "pursuing"}, {"unit", winner}, {"target", router}, {"rule", "MELEE-23"}});
  }
}

// A unit that lost the round (or failed to break off) routs: D6" away now, flee rate from the next
// compulsory phase (MELEE-19); it leaves the combat and its victors decide on pursuit.
void rout_from_combat(Context& c, int unit, std::uint64_t victors, const char* rule) {
  GameState& s = c.state;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (victors & bit(v)) s.units[unit].beaten_by = static_cast<std::int16_t>(v);
  }
  unlock_unit(c, unit);
  start_rout(c, unit, rule);
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (victors & bit(v)) decide_pursuit(c, v, unit);
  }
}

// MELEE-29 steps 2-5 for one combat (a set of mutually locked units).
void fight_round(Context& c, std::vector<int> units) {
  GameState& s = c.state;
  bool simultaneous = false;
  std::vector<int> steps;
  for (const int u : units) {
    simultaneous = simultaneous || (s.units[u].first_round && s.units[u].simultaneous);
  }
  for (const int u : units) {
    const auto& info = c.setup.units[u];
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      if (!s.models[m].pose.alive) continue;
      steps.push_back(simultaneous ? 1 : striking_initiative(s, m));
    }
  }
  std::sort(steps.begin(), steps.end(), std::greater<>());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  if (c.logging()) c.event({{"type", "melee_round"}, {"units", units}, {"rule", "MELEE-29"}});
  std::vector<int> inflicted(units.size(), 0);
  std::vector<int> taken(units.size(), 0);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    fight_step(c, units, steps[i], simultaneous, inflicted, taken);
    const bool sides_left = [&] {
      std::vector<int> alive_sides;
      for (const int u : units)
        if (s.unit_alive(u)) alive_sides.push_back(c.setup.units[u].side);
      std::sort(alive_sides.begin(), alive_sides.end());
      return std::unique(alive_sides.begin(), alive_sides.end()) - alive_sides.begin() > 1;
    }();
    if (!sides_left) break;
    if (i + 1 < steps.size()) close_in(c, units, steps[i + 1]);
  }
  // MELEE-13/14: tallies, including first-round reaction fire.
  std::vector<rules::CombatTally> tallies;
  for (std::size_t k = 0; k < units.size(); ++k) {
    const int u = units[k];
    const UnitState& us = s.units[u];
    rules::CombatTally t;
    t.side = c.setup.units[u].side;
    t.inflicted = inflicted[k] + us.round_inflicted;
    t.taken = taken[k] + us.round_taken;
    rules::CrsInputs crs;
    if (us.first_round) {
      crs.charge_bonus = us.charge_crs;
      crs.flank_rear_charges = us.flank_penalty;
      crs.charged_from_uphill = us.uphill_crs;  // MELEE-14b (jumping down included, MOVE-26)
    }
    crs.enemy_visage = enemy_visage(s, u);
    crs.fights_hated = (c.setup.units[u].hates & us.locked) != 0;  // MORALE-06 / MELEE-14c
    t.modifiers = rules::crs_modifier(crs);
    t.destroyed = !s.unit_alive(u);
    tallies.push_back(t);
  }
  const rules::CombatOutcome outcome = rules::decide_round(tallies);
  if (c.logging()) {
    Event e{{"type", "combat_result"}, {"rule", "MELEE-13"}, {"units", units}};
    std::vector<int> wd, crs;
    for (const auto& t : tallies) {
      wd.push_back(t.wound_difference());
      crs.push_back(t.score());
    }
    e["wound_difference"] = wd;
    e["score"] = crs;
    e["winning_side"] = outcome.winning_side;
    e["lost"] = outcome.lost;
    c.event(std::move(e));
  }
  for (const int u : units) {
    UnitState& us = s.units[u];
    us.recent_foes = us.locked;  // CHARGE-06: a new Charge between them next turn continues this
    us.recent_turn = s.turn;
    us.first_round = false;
    us.round_inflicted = 0;
    us.round_taken = 0;
    us.bonus_attacks = 0;
    us.rear_bonus = false;
    us.ambush_charge = false;
    us.jump_bonus = false;
    us.uphill_crs = false;
    us.charge_crs = 0;
    us.flank_penalty = 0;
    us.charged_into_cover = false;
    us.simultaneous = false;
  }
  for (std::size_t k = 0; k < units.size(); ++k) {
    const int u = units[k];
    if (!outcome.rout_test[k] || !s.unit_alive(u)) continue;
    const auto& info = c.setup.units[u];
    std::uint64_t victors = 0;
    for (std::size_t j = 0; j < units.size(); ++j) {
      if (tallies[j].side != tallies[k].side && !outcome.lost[j] && s.unit_alive(units[j]) &&
          (s.units[u].locked & bit(units[j])))
        victors |= bit(units[j]);
    }
    bool passed = rules::passes_automatically(rules::LdTest::rout, info.fearless);  // MORALE-02
    if (!passed) {
      const int target = rules::rout_test_target(s.leadership(u), tallies[k].wound_difference(),
                                                 c.setup.rulings.melee_16());
      c.dice.start();
      const auto roll = rules::roll_leadership_test(
          c.dice, target, rules::may_reroll(rules::LdTest::rout, info.no_fear));
      c.roll_event("MELEE-16", "rout test", target, u, {{"passed", roll.passed}});
      passed = roll.passed;
    }
    if (!passed) {
      rout_from_combat(c, u, victors, "MELEE-19");
      continue;
    }
    // MELEE-18: flinch D6" away from the victors; still within reach, the fight goes on.
    std::vector<int> victor_list;
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
      if (victors & bit(v)) victor_list.push_back(v);
    c.dice.start();
    const int inches = c.dice.roll(6);
    c.roll_event("MELEE-18", "flinch", 0, u, {{"inches", inches}});
    move_away(c, u, centre_of_units(s, victor_list.empty() ? units : victor_list), inches);
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
      if (!(s.units[u].locked & bit(v))) continue;
      if (units_engaged(s, u, v)) {
        if (victors & bit(v)) close_to_contact(c, v, u);
      } else {
        s.units[u].locked &= ~bit(v);
        s.units[v].locked &= ~bit(u);
      }
    }
  }
  clean_locks(c);
}

// MELEE-11: a unit that broke off, and each unit it left that is no longer in any mêlée, may not
// charge or move toward the other through its next player turn ("fresh" when that is the
// current one's successor).
void mark_parted(Context& c, int unit, const std::vector<int>& left) {
  GameState& s = c.state;
  if (left.empty()) return;
  const auto fresh = [&](int u) { return c.setup.units[u].side == s.phasing; };
  s.units[unit].left_combat = static_cast<std::int16_t>(left.front());
  s.units[unit].left_combat_fresh = fresh(unit);
  for (const int v : left) {
    if (s.units[v].locked != 0 || !s.unit_alive(v)) continue;
    s.units[v].left_combat = static_cast<std::int16_t>(unit);
    s.units[v].left_combat_fresh = fresh(v);
  }
}

// MELEE-10/12: break-offs and Hit and Run attempts, before any round is fought.
void leave_combat(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& us = s.units[unit];
  const auto& info = c.setup.units[unit];
  const std::uint64_t enemies = us.locked;
  std::vector<int> enemy_list;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
    if (enemies & bit(v)) enemy_list.push_back(v);
  const table::Point threat = centre_of_units(s, enemy_list);
  if (us.melee_choice == 3) {
    // MELEE-12 / DICE-13: an Initiative test; pass = 3D6" away with no attacks.
    c.dice.start();
    const bool passed = dice::roll_low(c.dice, info.initiative);
    c.roll_event("MELEE-12", "hit and run", info.initiative, unit, {{"passed", passed}});
    if (!passed) {
      us.no_break_off = true;
      us.melee_choice = 1;
      return;
    }
    c.dice.start();
    const int inches = c.dice.roll(6) + c.dice.roll(6) + c.dice.roll(6);
    c.roll_event("MELEE-12", "hit and run move", 0, unit, {{"inches", inches}});
    unlock_unit(c, unit);
    move_away(c, unit, threat, inches);
    mark_parted(c, unit, enemy_list);
    return;
  }
  // MELEE-10: a Ld control test.
  c.dice.start();
  const int leadership = s.leadership(unit);  // MORALE-03
  const auto roll = rules::roll_leadership_test(c.dice, leadership);
  c.roll_event("MELEE-10", "break off", leadership, unit, {{"passed", roll.passed}});
  if (!roll.passed) {
    rout_from_combat(c, unit, enemies, "MELEE-10");
    return;
  }
  // Each enemy model engaged with the unit gets one free hack before it goes.
  for (const int v : enemy_list) {
    const int unsaved = free_hacks(c, v, unit, /*one_each=*/true, "MELEE-10");
    (void)unsaved;
  }
  unlock_unit(c, unit);
  if (!s.unit_alive(unit)) return;
  c.dice.start();
  const int inches = table::roll_flee_distance(c.dice, info.move);
  c.roll_event("MELEE-10", "break-off move", 0, unit, {{"inches", inches}});
  move_away(c, unit, threat, inches);
  mark_parted(c, unit, enemy_list);
}

void fight_all(Context& c) {
  GameState& s = c.state;
  clean_locks(c);
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].locked != 0 && s.unit_alive(u) &&
        (s.units[u].melee_choice == 2 || s.units[u].melee_choice == 3))
      leave_combat(c, u);
  }
  clean_locks(c);
  std::uint64_t done = 0;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].locked == 0 || (done & bit(u))) continue;
    // The combat: every unit reachable through locks.
    std::vector<int> combat{u};
    done |= bit(u);
    for (std::size_t i = 0; i < combat.size(); ++i) {
      for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
        if ((s.units[combat[i]].locked & bit(v)) && !(done & bit(v))) {
          done |= bit(v);
          combat.push_back(v);
        }
      }
    }
    std::sort(combat.begin(), combat.end());
    fight_round(c, combat);
  }
  for (auto& unit : s.units) {
    unit.melee_choice = 0;
    unit.krak_attackers = 0;
  }
}

}  // namespace

void end_activation_phase(Context& c) {
  GameState& s = c.state;
  clean_locks(c);
  for (auto& unit : s.units) unit.melee_choice = 0;
  if (s.melee_chooser() >= 0) {
    s.phase = Phase::melee_choice;
    s.active_unit = -1;
    s.action_points = 0;
    return;
  }
  end_player_turn(c);
}

namespace {

int krak_carriers(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  int n = 0;
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    n += s.models[m].pose.alive && krak_grenade(s.setup->models[m]) != nullptr ? 1 : 0;
  return n;
}

int krak_allowance(const GameState& s, int unit) {
  return rules::grenade_throwers_allowed(s.living_models(unit)) - s.units[unit].throwers_used;
}

}  // namespace

std::string melee_choice_illegal(const GameState& s, const Action& a) {
  const int unit = s.melee_chooser();
  if (a.unit != unit) {
    return fmt::format("MELEE-29: {} chooses first: fight, break off or hit and run",
                       unit >= 0 ? s.setup->units[unit].name : std::string("nobody"));
  }
  if (a.kind == ActionKind::break_off && s.units[unit].no_break_off)
    return "MELEE-12: after a failed Hit and Run the unit cannot break off this round";
  if (a.kind == ActionKind::hit_and_run && !s.setup->units[unit].hit_and_run)
    return "MELEE-12: only units with the Hit and Run rule may hit and run";
  if (a.krak) {
    if (a.kind != ActionKind::fight) return "MELEE-26: krak attacks are a way to fight";
    if (krak_carriers(s, unit) == 0) return "MELEE-26: no model of the unit carries krak grenades";
    if (krak_allowance(s, unit) <= 0)
      return "MELEE-26 / SHOOT-49: a quarter of the unit has already used grenades this turn";
  }
  return "";
}

void apply_melee_choice(Context& c, const Action& a) {
  GameState& s = c.state;
  UnitState& us = s.units[a.unit];
  us.melee_choice = a.kind == ActionKind::fight ? 1 : a.kind == ActionKind::break_off ? 2 : 3;
  if (a.krak) {
    // MELEE-26: a quarter of the unit (SHOOT-49's grenade limit, shared with throwing).
    us.krak_attackers =
        static_cast<std::int8_t>(std::min(krak_allowance(s, a.unit), krak_carriers(s, a.unit)));
    us.throwers_used = static_cast<std::int16_t>(us.throwers_used + us.krak_attackers);
    if (c.logging())
      c.event({{"type", "krak_attacks"},
               {"unit", a.unit},
               {"models", us.krak_attackers},
               {"rule", "MELEE-26"}});
  }
  if (a.kind != ActionKind::hit_and_run) us.no_break_off = false;
  if (s.melee_chooser() >= 0) return;
  fight_all(c);
  spend_held_points(c);
}

void spend_held_points(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    UnitState& us = s.units[u];
    if (us.held_ap <= 0) continue;
    const int points = us.held_ap;
    us.held_ap = 0;
    if (!s.unit_alive(u) || us.locked != 0 || us.routing || us.rout_pending || us.pursuing >= 0 ||
        us.recent_foes == 0)
      continue;
    bool all_fell = true;
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
      if ((us.recent_foes & bit(v)) && s.unit_alive(v)) all_fell = false;
    if (!all_fell) continue;  // the AP are lost
    s.after_melee = true;
    if (c.setup.units[u].side == s.phasing) {
      s.phase = Phase::active;
      s.active_unit = static_cast<std::int16_t>(u);
      s.action_points = static_cast<std::int8_t>(points);
    } else {
      s.phase = Phase::reaction;
      s.active_unit = -1;
      s.action_points = 0;
      s.reactions[0] = Reaction{static_cast<std::int16_t>(u), static_cast<std::int8_t>(points)};
      s.reaction_count = 1;
    }
    if (c.logging())
      c.event(
          {{"type", "held_points"}, {"unit", u}, {"action_points", points}, {"rule", "ACT-09"}});
    return;
  }
  s.after_melee = false;
  end_player_turn(c);
}

}  // namespace arap::game::detail
