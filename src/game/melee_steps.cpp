// MELEE-04/08/09 in play: a round fought in Initiative steps, each step's wounds allocated tier by
// tier (ruling.MELEE-08), and models closing in between steps; ADV-61 (at most six attackers of
// a model's Size or bigger), ADV-62 (blows struck in clouds) and ADV-57/58 (a second weapon's
// extra attack, MELEE-06a), ADV-63 (war veterans' krak attacks on Tyranids).
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
#include "rules/weapon_fire.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

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
    if (!(enemies & bit(s.models[n].pose.unit))) continue;
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

bool MassAttacks::counts(int attacker, int target) const {
  const auto& models = state_->setup->models;
  return on_ && models[attacker].profile->size >= models[target].profile->size;
}

bool MassAttacks::allows(int attacker, int target) const {
  if (!counts(attacker, target)) return true;
  int others = 0;
  for (const auto& [t, a] : pairs_) {
    if (t != target) continue;
    if (a == attacker) return true;
    ++others;
  }
  return others < 6;
}

void MassAttacks::attacked(int attacker, int target) {
  if (!counts(attacker, target)) return;
  for (const auto& pair : pairs_)
    if (pair == std::pair{target, attacker}) return;
  pairs_.emplace_back(target, attacker);
}

// Whether an enemy of a locked unit is within reach and in `arc` (MELEE-01/02).
bool enemy_in_reach(const GameState& s, int m, std::uint64_t enemies, table::AttackArc arc) {
  const auto& me = s.models[m].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& pose = s.models[n].pose;
    if (!pose.alive || !(enemies & bit(s.models[n].pose.unit))) continue;
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

namespace {

// ADV-63 (optional): a Tyranid War Veteran (special rule tyranid_war_veteran) making a krak attack
// on a model of the Tyranid army.
bool war_veteran_against(const GameState& s, int m, int target) {
  if (!s.setup->options.krak_veterans) return false;
  if (!s.info(m).profile->has_rule("tyranid_war_veteran")) return false;
  const auto* army = s.setup->scenario.sides[s.setup->units[s.models[target].pose.unit].side].army;
  return army != nullptr && army->id == "tyranids";
}

}  // namespace

int striking_initiative(const GameState& s, int m) {
  const ModelInfo& model = s.info(m);
  const UnitState& u = s.units[s.models[m].pose.unit];
  const auto* weapon = melee_weapon(model);
  rules::InitiativeInputs in;
  in.initiative = model.profile->initiative;
  in.charged_into_cover = u.round.first_round && u.round.charged_into_cover;
  in.power_fist = weapon != nullptr && weapon->has(data::WeaponProperty::power_fist);
  in.strike_last = weapon != nullptr && weapon->has(data::WeaponProperty::strike_last);
  in.krak_attack = krak_attacker(s, m);
  return rules::striking_initiative(in);
}

namespace {

// MELEE-09 / ADV-73: model `m` of `unit`, out of the fight, steps up to its M toward the nearest
// living foe its unit is locked with, when that can bring it into reach (the move is optional:
// only then is it worth making). Returns whether it moved; `nearest` receives that foe (-1: none).
bool step_in(Context& c, std::vector<table::TableModel>& poses, int unit, int m, int& nearest) {
  GameState& s = c.state;
  double best = 0.0;
  nearest = nearest_model(poses, m, 0, static_cast<int>(poses.size()), best, [&](int n) {
    return poses[n].alive && (s.units[unit].locked & bit(c.state.models[n].pose.unit)) != 0;
  });
  const double move = c.state.info(m).move;  // ADV-18: its current move
  if (nearest < 0 || best > move + poses[m].size + poses[nearest].base_radius) return false;
  const auto plan = table::plan_straight_move(c.state.table(), poses, m, poses[nearest].position,
                                              move, table::MoveMode::charge);
  if (!plan || plan->report.distance <= 0.0) return false;
  s.models[m].pose.position = plan->request.path.back();
  s.models[m].pose.facing = plan->report.final_facing;
  poses[m] = s.models[m].pose;
  return true;
}

}  // namespace

// MELEE-09: after a step, unengaged models whose step is still to come close in (up to M).
void close_in(Context& c, const std::vector<int>& units, int next_step) {
  GameState& s = c.state;
  auto poses = s.table_models();
  for (const int u : units) {
    for (int m : c.state.members(u)) {
      if (!poses[m].alive || striking_initiative(s, m) > next_step) continue;
      if (s.models[m].fell_over) continue;  // MOVE-15: it does not move this turn
      if (can_strike(s, m, s.units[u].locked)) continue;
      int nearest = -1;
      step_in(c, poses, u, m, nearest);
    }
  }
}

int tidy_up(Context& c, const std::vector<int>& units) {
  GameState& s = c.state;
  auto poses = s.table_models();
  int moved = 0;
  for (const int u : units) {
    for (int m : c.state.members(u)) {
      if (!poses[m].alive || s.models[m].fell_over) continue;  // MOVE-15
      if (can_strike(s, m, s.units[u].locked)) continue;
      int nearest = -1;
      if (step_in(c, poses, u, m, nearest)) {
        ++moved;
      } else if (nearest >= 0) {
        // Too far to reach: it turns to face the foe instead.
        s.models[m].pose.facing = table::bearing(poses[m].position, poses[nearest].position);
        poses[m] = s.models[m].pose;
      }
    }
  }
  return moved;
}

struct StepTally {
  int attacks = 0;
  int extra = 0;  // ADV-57: the extra attacks among them
  int hits = 0;
  int unsaved = 0;
};

// ADV-62 (an advanced rule, option fighting_in_smoke): whether `attacker`'s blows at `target`
// are struck blind, at skill 1. A blind cloud blinds everyone, smoke those without infra-vision
// (ADV-35); ruling.ADV-62 says whose place counts: either fighter's (the default: a blow struck
// into the cloud or out of it is blind alike) or only the striker's.
bool fights_in_cloud(const Context& c, int attacker, int target) {
  const auto& table = c.state.table();
  if (!table.has_smoke() || !c.setup.options.fighting_in_smoke) return false;
  const auto& striker = c.state.models[attacker].pose;
  if (table.in_cloud(striker.position, striker.infra_vision)) return true;
  return c.setup.rulings.adv_62() == rules::CloudFighting::either_in_cloud &&
         table.in_cloud(c.state.models[target].pose.position, striker.infra_vision);
}

// ruling.MELEE-08 batchPerTier applies only when every target the wounds may reach needs the same
// to-hit and to-wound goals (same Toughness, same prone state, all in a cloud or none: ADV-62);
// otherwise the catalogue falls back to rolling one attack at a time in tier order.
bool uniform_targets(const Context& c, int attacker,
                     const std::vector<std::pair<double, int>>& order) {
  const GameState& s = c.state;
  const int first = order.front().second;
  const int toughness = s.info(first).profile->toughness;
  const bool blind = fights_in_cloud(c, attacker, first);
  for (const auto& [key, n] : order) {
    if (s.models[n].wounds_left <= 0) continue;
    if (rides_apart(s, n)) return false;  // ADV-22: rider and mount wounded each on its own
    if (s.info(n).profile->toughness != toughness || s.models[n].prone != s.models[first].prone ||
        fights_in_cloud(c, attacker, n) != blind)
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
                      MassAttacks& mass, StepTally& tally, OnUnsaved on_unsaved) {
  GameState& s = c.state;
  std::size_t next = 0;
  while (next < order.size() && s.models[order[next].second].wounds_left <= 0) ++next;
  if (next >= order.size()) return 0;
  const int first = order[next].second;
  mass.attacked(m, first);
  sit.target_prone = s.models[first].prone;     // MELEE-27
  sit.in_cloud = fights_in_cloud(c, m, first);  // ADV-62
  const int goal = rules::melee_hit_goal(sit).goal;
  const rules::WoundingProfile wounding = blow_profile(c, m, first, weapon);
  int wounds = 0;
  for (int a = 0; a < attacks; ++a) {
    ++tally.attacks;
    if (!dice::roll_low(c.dice, goal)) continue;
    ++tally.hits;
    const DiceChannel wound_dice(c.dice, Channel::wound);
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
      if (share[i] > 0) mass.attacked(m, target);
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
                MassAttacks& mass, std::vector<int>& inflicted, std::vector<int>& taken) {
  GameState& s = c.state;
  const bool batch = c.setup.rulings.melee_08() == rules::MeleeAllocation::batch_per_tier;
  std::vector<std::pair<double, int>> order;
  // The targets `m` may attack in `arc`, nearest tiers first, less those six bigger enemies
  // already attack (ADV-61).
  const auto targets_of = [&](int m, std::uint64_t enemies, table::AttackArc arc) {
    allocation_order(s, m, enemies, arc, order);
    std::erase_if(order, [&](const auto& entry) { return !mass.allows(m, entry.second); });
  };
  for (std::size_t k = 0; k < units.size(); ++k) {
    const int u = units[k];
    const UnitState& us = s.units[u];
    StepTally tally;
    c.dice.start();
    int logged_goal = 0;
    // One roll event per to-hit goal: fighters of one unit striking at different goals (a
    // sergeant's power sword beside bolters) are logged apart, so every die can be checked.
    const auto flush = [&] {
      if (tally.attacks > 0) {
        if (tally.extra > 0) {  // ADV-57: the extra attacks, counted among `attacks`
          c.roll_event("MELEE-05", "mêlée attacks", logged_goal, u,
                       {{"step", step},
                        {"attacks", tally.attacks},
                        {"extra_attacks", tally.extra},
                        {"hits", tally.hits},
                        {"unsaved", tally.unsaved}});
        } else {
          c.roll_event("MELEE-05", "mêlée attacks", logged_goal, u,
                       {{"step", step},
                        {"attacks", tally.attacks},
                        {"hits", tally.hits},
                        {"unsaved", tally.unsaved}});
        }
      } else {
        c.dice.stop();
      }
      tally = StepTally{};
    };
    const auto use_goal = [&](int goal) {
      if (tally.attacks > 0 && goal != logged_goal) {
        flush();
        c.dice.start();
      }
      logged_goal = goal;
    };
    for (int m : c.state.members(u)) {
      if (!s.models[m].pose.alive || (!everyone && striking_initiative(s, m) != step)) continue;
      if (s.models[m].fell_over) continue;  // MOVE-15: no attacks after falling over
      if (!can_strike(s, m, us.locked)) continue;
      const ModelInfo& model = c.state.info(m);
      rules::MeleeSituation sit;
      sit.weapon_skill = model.profile->weapon_skill;
      sit.attacker_prone = s.models[m].prone;
      sit.rear_charge = us.round.first_round && us.round.rear_bonus;
      sit.ambush = us.round.first_round && us.round.ambush_charge;
      sit.jumping_down = us.round.first_round && us.round.jump_bonus;  // MOVE-26 / MELEE-06g
      sit.improvised_weapon = model.kit.improvised;                    // MELEE-06i
      sit.unarmed = model.kit.unarmed;                                 // MELEE-06j
      if (krak_attacker(s, m)) {
        // MELEE-26: its only attack this round; a 1 lands the grenade, a 6 against a fighter
        // (a target with WS) blows it up on its user.
        targets_of(m, us.locked, table::AttackArc::front);
        std::size_t first = 0;
        while (first < order.size() && s.models[order[first].second].wounds_left <= 0) ++first;
        if (first >= order.size()) continue;
        const int target = order[first].second;
        mass.attacked(m, target);
        // MELEE-26: a 1 lands the grenade (ADV-63: 4 or less for war veterans against Tyranids).
        const int krak_goal = rules::krak_success_goal(war_veteran_against(s, m, target));
        use_goal(krak_goal);
        const int face = c.dice.roll(6);
        const auto result = rules::read_krak_attack(
            face, c.state.info(target).profile->weapon_skill > 0, krak_goal);
        ++tally.attacks;
        const auto* grenade = krak_grenade(model);
        if (result == rules::KrakResult::hit) {
          ++tally.hits;
          if (land_blow(c, m, target, grenade)) {
            ++tally.unsaved;
            ++inflicted[k];
            const int victim = c.state.models[target].pose.unit;
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
      const auto on_unsaved = [&](int target) {
        ++tally.unsaved;
        ++inflicted[k];
        const int victim = c.state.models[target].pose.unit;
        for (std::size_t j = 0; j < units.size(); ++j)
          if (units[j] == victim) ++taken[j];
      };
      // `attacks` blows with `weapon` on the targets in `order`, at the goals `how` gives.
      const auto strike_with = [&](const data::WeaponProfile* weapon, int attacks,
                                   rules::MeleeSituation how, bool extra_pass) {
        if (attacks <= 0) return;
        if (batch && !order.empty() && uniform_targets(c, m, order)) {
          std::size_t first = 0;
          while (first < order.size() && s.models[order[first].second].wounds_left <= 0) ++first;
          if (first < order.size()) {
            rules::MeleeSituation ahead = how;
            ahead.target_prone = s.models[order[first].second].prone;  // as strike_in_batches
            ahead.in_cloud = fights_in_cloud(c, m, order[first].second);
            use_goal(rules::melee_hit_goal(ahead).goal);
          }
          const int before = tally.attacks;
          const int goal =
              strike_in_batches(c, m, order, attacks, how, weapon, mass, tally, on_unsaved);
          if (extra_pass) tally.extra += tally.attacks - before;
          if (goal > 0) logged_goal = goal;
          return;
        }
        std::size_t next = 0;
        for (int a = 0; a < attacks; ++a) {
          while (next < order.size() && s.models[order[next].second].wounds_left <= 0) ++next;
          if (next >= order.size()) break;  // MELEE-08: nowhere to go, the wound is lost
          const int target = order[next].second;
          mass.attacked(m, target);
          how.target_prone = s.models[target].prone;     // MELEE-27
          how.in_cloud = fights_in_cloud(c, m, target);  // ADV-62
          const int goal = rules::melee_hit_goal(how).goal;
          use_goal(goal);
          bool hit = false;
          ++tally.attacks;
          tally.extra += extra_pass ? 1 : 0;
          if (strike(c, m, target, goal, hit, weapon)) on_unsaved(target);
          tally.hits += hit ? 1 : 0;
        }
      };
      for (int kind = 0; kind < sets; ++kind) {
        // MELEE-02: each kind of attack needs an enemy in its own arc; the charge's bonus
        // attacks go with the first kind.
        if (!enemy_in_reach(s, m, us.locked, kinds[kind].arc)) continue;
        if (kinds[kind].weapon != nullptr) {
          sit.improvised_weapon = false;
          sit.unarmed = false;
        }
        targets_of(m, us.locked, kinds[kind].arc);
        const int bonus = kind == 0 && us.round.first_round ? us.round.bonus_attacks : 0;
        // ADV-57: a second weapon's extra attack, worth MELEE-06a's -1 on every other blow but
        // the Charge bonus unless the fighter is ambidextrous (ADV-58).
        // ADV-60: a buckler told to strike this round is a second weapon, whatever it costs.
        const bool buckler =
            kind == 0 && us.bucklers_strike && s.shield(m) == data::Shield::buckler;
        const bool extra =
            buckler || (kind == 0 && rules::takes_extra_attacks(model.kit, kinds[kind].count,
                                                                rules::melee_hit_goal(sit).goal));
        rules::MeleeSituation how = sit;
        how.two_weapons = extra && !model.kit.ambidextrous;
        if (!how.two_weapons) {
          strike_with(kinds[kind].weapon, kinds[kind].count + bonus, how, false);
        } else {
          strike_with(kinds[kind].weapon, kinds[kind].count, how, false);
          rules::MeleeSituation charge_bonus = how;
          charge_bonus.charge_bonus_attack = true;
          strike_with(kinds[kind].weapon, bonus, charge_bonus, false);
        }
        // Logged with the other blows at the same goal, counted as extra_attacks.
        if (extra)
          strike_with(buckler ? nullptr : model.kit.second, buckler ? 1 : model.kit.extra_attacks,
                      how, true);
      }
    }
    flush();
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

}  // namespace arap::game::detail
