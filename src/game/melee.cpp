// MELEE-13..29 in play: the fight-or-break-off choice at the end of each activation phase, rounds
// and combat resolution, rout tests, flinches and routs (the pursuit decision is pursuit.cpp's),
// with No Retreat's wounds for losers that never rout (ADV-66) and 2.3's They Shall Know No Fear
// (ADV-69). Blows are in melee_blows.cpp, Initiative steps in melee_steps.cpp, break-offs and Hit
// and Run in melee_break_off.cpp; the arithmetic lives in rules/ (melee_goal, combat_resolution,
// wound_save).
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "rules/melee_goal.hpp"
#include "rules/shields.hpp"
#include "rules/weapon_fire.hpp"
#include "rules/wound_save.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

void advance_on(Context& c, int unit, int foe, double inches, bool hold_if_engaged) {
  GameState& s = c.state;
  if (fixed_in_place(s, unit)) return;  // ADV-29
  auto poses = s.table_models();
  for (int m : c.state.members(unit)) {
    if (!poses[m].alive) continue;
    double best = 0.0;
    const int nearest = nearest_model(poses, m, s.members(foe), best, [&](int n) {
      return poses[n].alive && poses[n].unit == foe;
    });
    if (nearest < 0 || (hold_if_engaged && engaged_pair(poses[m], poses[nearest]))) continue;
    const auto plan = table::plan_straight_move(c.state.table(), poses, m, poses[nearest].position,
                                                inches, table::MoveMode::charge);
    if (!plan) continue;
    s.models[m].pose.position = plan->request.path.back();
    s.models[m].pose.facing = plan->report.final_facing;
    poses[m] = s.models[m].pose;
  }
}

// Moves every living model of `unit` up to `inches` (ADV-21: at the rain's rate) straight away
// from `threat` (MELEE-18/20).
void move_away(Context& c, int unit, const table::Point& threat, double inches,
               bool turning_included) {
  GameState& s = c.state;
  if (fixed_in_place(s, unit)) return;  // ADV-29
  inches *= move_rate(s, unit);         // ADV-15/21: flights and flinches slow in the rain too
  auto poses = s.table_models();
  for (int m : c.state.members(unit)) {
    if (!poses[m].alive) continue;
    const auto plan =
        table::plan_straight_move(c.state.table(), poses, m, threat, inches,
                                  table::MoveMode::normal, /*away=*/true, 0.0, turning_included);
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
  auto poses = s.table_models();
  for (int m : c.state.members(unit)) {
    if (!poses[m].alive) continue;
    double best = 0.0;
    const int nearest = nearest_model(poses, m, s.members(flinched), best, [&](int n) {
      return poses[n].alive && poses[n].unit == flinched && engaged_pair(poses[m], poses[n]);
    });
    if (nearest < 0) continue;
    const auto plan = table::plan_straight_move(c.state.table(), poses, m, poses[nearest].position,
                                                best, table::MoveMode::charge);
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
    for (int m : s.members(v)) {
      if (!s.models[m].pose.alive) continue;
      const auto& profile = *s.info(m).profile;
      greater = greater || profile.has_rule("greater_daemon");
      (profile.has_rule("daemonic_visage") ? with : without) += 1;
    }
  }
  return rules::enemy_visage(with, without, greater);
}

}  // namespace

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

namespace {

// ADV-69 (optional, option no_fear_roll_off): Marines that failed the rout test roll off, D6 + I
// against the best D6 + I of the units that beat them, instead of routing. Higher, they leave the
// fight and flinch 2D6" at their own next compulsory phase (till then a Charge at them finds them
// disorganised: free hacks, as at routers); lower or tied, they fight on with No Retreat.
void roll_off_no_fear(Context& c, int unit, const std::vector<int>& victors) {
  GameState& s = c.state;
  UnitState& us = s.units[unit];
  c.dice.start();
  const int own = c.dice.roll(6) + c.setup.units[unit].initiative;
  int foe = 0;
  int beaten_by = -1;
  for (const int v : victors) {
    const int total = c.dice.roll(6) + c.setup.units[v].initiative;
    if (beaten_by < 0 || total > foe) {
      foe = total;
      beaten_by = v;
    }
  }
  const auto outcome = rules::no_fear_roll_off(own, foe);
  c.roll_event("ADV-69", "no fear roll-off", foe, unit,
               {{"total", own}, {"flinch", outcome == rules::NoFearRollOff::flinch}});
  if (outcome == rules::NoFearRollOff::stand) {
    us.no_retreat_round = true;
    return;
  }
  us.beaten_by = static_cast<std::int16_t>(beaten_by);
  unlock_unit(c, unit);
  us.rout_pending = true;
  us.ground_turns = 0;  // ADV-01: on the move
  us.no_fear_flinch = true;
  if (c.logging()) c.event({{"type", "no_fear_flinch"}, {"unit", unit}, {"rule", "ADV-69"}});
}

// ADV-66 (advanced, option no_retreat): a unit of more than one model that never takes the rout
// test (the fearless, MORALE-02; the dogged, ADV-43) and lost the round suffers `wounds` extra
// wounds. Each falls on the living model nearest the victors (`threat`) and may be saved with its
// armour or invulnerable save, no AP applying; one Wound each.
void no_retreat(Context& c, int unit, int wounds, const table::Point& threat) {
  GameState& s = c.state;
  // One roll event per save goal (a sergeant's better armour is logged apart); goal 0: no save.
  int logged_goal = -1;
  int group_wounds = 0;
  int group_unsaved = 0;
  const auto flush = [&] {
    if (group_wounds > 0)
      c.roll_event("ADV-66", "no retreat", logged_goal, unit,
                   {{"wounds", group_wounds}, {"unsaved", group_unsaved}});
    group_wounds = 0;
    group_unsaved = 0;
  };
  for (int w = 0; w < wounds; ++w) {
    int nearest = -1;
    double best = 0.0;
    for (int m : c.state.members(unit)) {
      if (!s.models[m].pose.alive || s.models[m].wounds_left <= 0) continue;
      const double d = table::distance(s.models[m].pose.position, threat);
      if (nearest < 0 || d < best) {
        nearest = m;
        best = d;
      }
    }
    if (nearest < 0) break;  // the unit is gone: the rest are lost
    const auto& profile = *c.state.info(nearest).profile;
    rules::WoundingProfile wounding;
    // ADV-60: a shield guards against these wounds as against blows.
    wounding.save = rules::save_goal(rules::shielded(
        {s.armour_save(nearest), profile.invulnerable, std::nullopt}, s.shield(nearest),
        {.melee = true,
         .buckler_striking = s.units[unit].bucklers_strike,
         .bonus = c.setup.options.shield_bonus && !s.models[nearest].pose.mounted}));
    const int goal = wounding.save.value_or(0);
    if (goal != logged_goal) {
      flush();
      c.dice.start();
      logged_goal = goal;
    }
    ++group_wounds;
    group_unsaved += take_wound(c, nearest, wounding) ? 1 : 0;
  }
  flush();
  remove_fallen(c, unit);
}

// ADV-68: the unit is out of the fight because every foe it had there is slain: none routed away
// or fled the table (a rout, break-off or Hit and Run gives no consolidation).
bool slew_all_foes(const GameState& s, int unit, std::uint64_t foes) {
  const UnitState& us = s.units[unit];
  if (foes == 0 || !s.unit_alive(unit) || us.locked != 0 || us.routing || us.rout_pending ||
      us.pursuing >= 0)
    return false;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
    if ((foes & bit(v)) && (s.living_models(v) > 0 || s.units[v].fled)) return false;
  return true;
}

// MELEE-29 steps 2-5 for one combat (a set of mutually locked units).
void fight_round(Context& c, std::vector<int> units) {
  GameState& s = c.state;
  bool simultaneous = false;
  std::vector<int> steps;
  for (const int u : units) {
    simultaneous = simultaneous || (s.units[u].round.first_round && s.units[u].round.simultaneous);
  }
  for (const int u : units) {
    for (int m : c.state.members(u)) {
      if (!s.models[m].pose.alive) continue;
      steps.push_back(simultaneous ? 1 : striking_initiative(s, m));
    }
  }
  std::sort(steps.begin(), steps.end(), std::greater<>());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  if (c.logging()) c.event({{"type", "melee_round"}, {"units", units}, {"rule", "MELEE-29"}});
  if (c.setup.options.melee_facing) {
    const auto turned = face_threats(s, units);  // ADV-52
    if (!turned.empty() && c.logging()) {
      Event facings = Event::array();
      for (const int m : turned) facings.push_back(s.models[m].pose.facing);
      c.event({{"type", "melee_facing"},
               {"rule", "ADV-52"},
               {"models", turned},
               {"facings", std::move(facings)}});
    }
  }
  std::vector<int> inflicted(units.size(), 0);
  std::vector<int> taken(units.size(), 0);
  MassAttacks mass(s, c.setup.options.mass_attacks);  // ADV-61
  std::vector<int> living_before;                     // ADV-67
  std::vector<std::uint64_t> foes_before;             // ADV-68
  for (const int u : units) {
    living_before.push_back(s.living_models(u));
    foes_before.push_back(s.units[u].locked);
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    fight_step(c, units, steps[i], simultaneous, mass, inflicted, taken);
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
    t.inflicted = inflicted[k] + us.round.round_inflicted;
    t.taken = taken[k] + us.round.round_taken;
    rules::CrsInputs crs;
    if (us.round.first_round) {
      crs.charge_bonus = us.round.charge_crs;
      crs.flank_rear_charges = us.round.flank_penalty;
      crs.charged_from_uphill = us.round.uphill_crs;  // MELEE-14b (jumping down included, MOVE-26)
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
  std::uint64_t held = 0;  // ADV-69: units that lost last round's roll-off
  for (const int u : units) {
    UnitState& us = s.units[u];
    us.recent_foes = us.locked;  // CHARGE-06: a new Charge between them next turn continues this
    us.recent_turn = s.turn;
    us.player_turn.engaged = true;  // SHOOT-31/33: in mêlée this player turn
    us.round = {};  // the round is fought: its charge bonuses and wound tallies are spent
    if (us.no_retreat_round) held |= bit(u);  // ADV-69: for this round only
    us.no_retreat_round = false;
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
    std::vector<int> victor_list;
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
      if (victors & bit(v)) victor_list.push_back(v);
    // Where the victors stand (with none left standing, the whole fight's centre): No Retreat's
    // wounds fall nearest them, a flinch goes away from them.
    const auto threat = [&] {
      return centre_of_units(s, victor_list.empty() ? units : victor_list);
    };
    // MORALE-02: the fearless pass; ADV-43/66: the dogged take no rout test either, nor do
    // Marines that lost last round's roll-off (ADV-69: No Retreat for this round).
    const bool held_fast = (held & bit(u)) != 0;
    bool passed = rules::passes_automatically(rules::LdTest::rout, info.fearless) ||
                  c.setup.dogged(u) || held_fast;
    if (passed && (c.setup.options.no_retreat || held_fast) && s.living_models(u) > 1) {
      no_retreat(c, u, rules::no_retreat_wounds(tallies, k), threat());
      if (!s.unit_alive(u)) continue;
    }
    if (!passed) {
      const int target = rules::rout_test_target(s.leadership(u), tallies[k].wound_difference(),
                                                 c.setup.rulings.melee_16());
      // ADV-69: 2.3's Marines roll off instead of re-rolling (MORALE-05).
      const bool roll_off = c.setup.options.no_fear_roll_off && info.no_fear;
      c.dice.start();
      const auto roll = rules::roll_leadership_test(
          c.dice, target, rules::may_reroll(rules::LdTest::rout, info.no_fear && !roll_off));
      c.roll_event("MELEE-16", "rout test", target, u, {{"passed", roll.passed}});
      passed = roll.passed;
      if (!passed && roll_off) {
        roll_off_no_fear(c, u, victor_list);
        continue;  // no flinch now: they stand, or flinch at their next compulsory phase
      }
      // ADV-27: a machine never routs; it stands as under No Retreat (ADV-66), wounds included.
      if (!passed && machine_stands(c, u, "MELEE-19")) {
        passed = true;
        if (s.living_models(u) > 1) {
          no_retreat(c, u, rules::no_retreat_wounds(tallies, k), threat());
          if (!s.unit_alive(u)) continue;
        }
      }
    }
    if (!passed) {
      rout_from_combat(c, u, victors, "MELEE-19");
      continue;
    }
    // MELEE-18: flinch D6" away from the victors; still within reach, the fight goes on.
    c.dice.start();
    const int inches = c.dice.roll(6);
    c.roll_event("MELEE-18", "flinch", 0, u, {{"inches", inches}});
    const table::Point from = moving_from(c, u);
    // ruling.MELEE-18: whether the flinch's D6" already allows for turning about.
    move_away(c, u, threat(), inches,
              c.setup.rulings.melee_18() == rules::FlinchTurning::turn_included);
    log_unit_moved(c, u, from, "flinch", "MELEE-18");
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
  note_last_men(c, units, living_before);
  if (c.setup.options.tidy_up) {
    // ADV-73: the fight goes on next turn: the models left out of it step in or turn to face.
    std::vector<int> going_on;
    for (const int u : units)
      if (s.unit_alive(u) && s.units[u].locked != 0 && !s.units[u].routing &&
          !s.units[u].rout_pending && s.units[u].pursuing < 0)
        going_on.push_back(u);
    if (!going_on.empty()) {
      const int moved = tidy_up(c, going_on);
      if (c.logging())
        c.event({{"type", "tidy_up"}, {"rule", "ADV-73"}, {"units", going_on}, {"models", moved}});
    }
  }
  if (c.setup.options.consolidation) {
    for (std::size_t k = 0; k < units.size(); ++k)
      if (slew_all_foes(s, units[k], foes_before[k])) offer_consolidation(c, units[k], "ADV-68");
  }
}

void fight_all(Context& c) {
  GameState& s = c.state;
  clean_locks(c);
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].locked != 0 && s.unit_alive(u) &&
        (s.units[u].melee_choice == MeleeChoice::break_off ||
         s.units[u].melee_choice == MeleeChoice::hit_and_run))
      leave_combat(c, u);
  }
  clean_locks(c);
  last_man_tests(c);  // ADV-67: before the round, the last man of a squad holds or routs
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
    unit.melee_choice = MeleeChoice::undecided;
    unit.krak_attackers = 0;
    unit.bucklers_strike = false;
    unit.pursue_routers = false;
  }
}

}  // namespace

void end_activation_phase(Context& c) {
  GameState& s = c.state;
  clean_locks(c);
  for (auto& unit : s.units) unit.melee_choice = MeleeChoice::undecided;
  if (s.melee_chooser() >= 0) {
    s.phase = Phase::melee_choice;
    s.active_unit = -1;
    s.action_points = 0;
    return;
  }
  end_player_turn(c);
}

void apply_melee_choice(Context& c, const Action& a) {
  GameState& s = c.state;
  UnitState& us = s.units[a.unit];
  us.melee_choice = a.kind == ActionKind::fight       ? MeleeChoice::fight
                    : a.kind == ActionKind::break_off ? MeleeChoice::break_off
                                                      : MeleeChoice::hit_and_run;
  if (a.krak) {
    // MELEE-26: a quarter of the unit (SHOOT-49's grenade limit, shared with throwing).
    us.krak_attackers = static_cast<std::int8_t>(
        std::min(throwing_places_left(s, a.unit), krak_carriers(s, a.unit)));
    us.own_turn.throwers_used =
        static_cast<std::int16_t>(us.own_turn.throwers_used + us.krak_attackers);
    if (c.logging())
      c.event({{"type", "krak_attacks"},
               {"unit", a.unit},
               {"models", us.krak_attackers},
               {"rule", "MELEE-26"}});
  }
  us.bucklers_strike = a.buckler;  // ADV-60: this round the bucklers strike and do not guard
  us.pursue_routers = a.pursue;    // MELEE-24: routers of this round are pursued untested
  if (a.kind != ActionKind::hit_and_run) us.no_break_off = false;
  if (s.melee_chooser() >= 0) return;
  fight_all(c);
  if (begin_consolidation(c, /*after_melee=*/true)) return;  // ADV-68: before the held AP
  spend_held_points(c);
}

void spend_held_points(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    UnitState& us = s.units[u];
    if (us.player_turn.held_ap <= 0) continue;
    const int points = us.player_turn.held_ap;
    us.player_turn.held_ap = 0;
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
