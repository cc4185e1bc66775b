// CHARGE-01..19 in play: the Charge action and its legality (ADV-51: only enemies the unit can
// see, or blind without bonuses), the Charged unit's response (hold, Stand and Fire, run),
// defensive and assault grenades, Fire and Charge (with ADV-64's order of charge-time fire and
// ADV-65's test for units of poor resolve), a successful Charge's bonuses and lock, and a run from
// a Charge. The Chargers' moves (contact, placement, a halted or failed Charge) are in
// charge_moves.cpp; the numbers come from rules/charge.
#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "rules/charge.hpp"
#include "rules/leadership.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

double unit_facing(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) return s.models[m].pose.facing;
  return 0.0;
}

// CHARGE-05: the quadrant of the target unit's footprint (a box in its own frame) that `from`
// faces: ahead of the front edge (front corners included) is front, straight behind the rear
// edge is rear, anything else (rear corners included) is flank.
table::Quadrant approach_of(const GameState& s, int target, const table::Point& from) {
  const table::Point centre = unit_centre(s, target);
  const table::Point ahead = table::heading_vector(unit_facing(s, target));
  const table::Point right{ahead.y, -ahead.x};
  double half_width = 0.0;
  double half_depth = 0.0;
  for (int m : s.members(target)) {
    if (!s.models[m].pose.alive) continue;
    const table::Point d = s.models[m].pose.position - centre;
    half_width = std::max(half_width, std::abs(table::dot(d, right)));
    half_depth = std::max(half_depth, std::abs(table::dot(d, ahead)));
  }
  const table::Point d = from - centre;
  const double across = std::abs(table::dot(d, right)) - half_width;
  const double along = table::dot(d, ahead);
  if (along > half_depth && along - half_depth >= across) return table::Quadrant::front;
  if (along < -half_depth && across <= 0.0) return table::Quadrant::rear;
  return table::Quadrant::flank;
}

bool can_run(const GameState& s, int target) {
  const UnitState& t = s.units[target];
  // ADV-27: a machine never runs (caught, it would rout); ADV-29: nor does an emplacement.
  return s.setup->machine(target) == Machine::none && !fixed_in_place(s, target) &&
         !t.own_turn.pinned && t.locked == 0 && !t.routing && !t.rout_pending && t.pursuing < 0;
}

bool can_stand_and_fire(const GameState& s, int charger, int target) {
  const UnitState& t = s.units[target];
  if (t.own_turn.pinned || t.routing || t.rout_pending || t.pursuing >= 0) return false;
  if (!s.setup->units[target].has_ranged) return false;
  const NearestPair pair = nearest_pair(s, charger, target);
  if (!rules::firing_during_charge_allowed(pair.distance, s.unit_move(charger))) return false;
  // CHARGE-13: not against Chargers coming from behind.
  return approach_of(s, target, s.models[pair.own].pose.position) != table::Quadrant::rear;
}

void spend_charge_point(GameState& s) {
  if (s.phase == Phase::reaction) {
    --s.reactions[0].action_points;
  } else {
    --s.action_points;
  }
}

// CHARGE-05: the quadrant most Chargers contacted; a tie goes to the lesser bonus.
rules::Approach approach(const GameState& s, int charger, int target) {
  std::array<int, 3> count{};
  for (int m : s.members(charger)) {
    if (!s.models[m].pose.alive) continue;
    bool engaged = false;
    for (int n : s.members(target)) {
      engaged = s.models[n].pose.alive && engaged_pair(s.models[m].pose, s.models[n].pose);
      if (engaged) break;
    }
    if (!engaged) continue;
    ++count[static_cast<int>(approach_of(s, target, s.models[m].pose.position))];
  }
  int best = 0;
  for (int q = 1; q < 3; ++q)
    if (count[q] > count[best]) best = q;
  return static_cast<rules::Approach>(best);
}

void finish_charge(Context& c, int charger) {
  GameState& s = c.state;
  s.phase = s.charge_return;
  // MORALE-08: losses to dangerous ground on the way are checked once the charge is over; a rout
  // takes the unit out of the fight it just joined and ends its activation.
  if (s.units[charger].own_turn.hazard_losses > 0 && s.unit_alive(charger)) {
    hazard_morale_check(c, charger);
    clean_locks(c);
  }
  UnitState& u = s.units[charger];
  const bool stop = !s.unit_alive(charger) || u.locked != 0 || u.rout_pending || u.routing ||
                    (u.player_turn.charge_failed && !c.setup.options.recharge_after_failed_charge);
  // ACT-09: AP left on entering the mêlée are kept for after the round.
  if (u.locked != 0 && s.unit_alive(charger) && !u.rout_pending && acting_points(s) > 0)
    u.player_turn.held_ap = static_cast<std::int8_t>(acting_points(s));
  if (stop || acting_points(s) <= 0) finish_activation(c);
}

namespace {

enum class ChargeFireFirst { charged, chargers, together };

// ADV-64 (advanced, option charge_fire_order): when the Chargers fire as they come (Fire and
// Charge) and the Charged stand and fire, a Charged unit in cover shoots first; otherwise the
// higher Initiative does, and equal Initiatives fire at once. Without the option the Charged
// fire first, as the core rules play it.
ChargeFireFirst charge_fire_first(const Context& c, int charger, int target,
                                  table::Cover target_cover) {
  if (!c.setup.options.charge_fire_order) return ChargeFireFirst::charged;
  if (target_cover != table::Cover::none) return ChargeFireFirst::charged;
  const int chargers = c.setup.units[charger].initiative;
  const int charged = c.setup.units[target].initiative;
  if (chargers == charged) return ChargeFireFirst::together;
  return chargers > charged ? ChargeFireFirst::chargers : ChargeFireFirst::charged;
}

}  // namespace

namespace {

// ADV-51: whether some model of `unit` sees some model of `target`, looking any way (the unit
// turns as it charges), or knows where it stands because it shows (or its banner does) above the
// terrain that hides it (SHOOT-55). Terrain, smoke and other models block the line as they do a
// shot's.
bool sees_any(const GameState& s, int unit, int target) {
  thread_local std::vector<table::TableModel> poses;  // reused: checked for every proposal
  s.table_models(poses);
  const auto& table = s.table();
  for (int m : s.members(unit)) {
    if (!poses[m].alive) continue;
    for (int n : s.members(target)) {
      if (!poses[n].alive) continue;
      const table::Sight sight = table::line_of_sight(table, poses, m, n);
      if (sight.clear()) return true;
      if (sight.smoke_only() || sight.no_sight_over()) continue;
      const double top = poses[n].height + s.setup->banners[n];
      if (table::terrain_sight_over(table, poses[m].position, poses[n].position, top).clear())
        return true;
    }
  }
  return false;
}

// ADV-51: a charge the GM allows at an enemy the unit cannot see (option blind_charges).
bool blind_charge(const GameState& s, int unit, int target) {
  return s.setup->options.charge_known_enemies && s.setup->options.blind_charges &&
         !sees_any(s, unit, target);
}

}  // namespace

bool poor_resolve_holds(Context& c, int unit, int before) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  const int leader = info.leader_model >= 0 ? info.leader_model : info.first_model;
  if (!c.setup.options.poor_resolve || !s.unit_alive(unit) ||
      !c.state.info(leader).profile->has_rule("poor_resolve"))
    return true;
  const auto target = rules::poor_resolve_target(s.leadership(unit), info.model_count, before,
                                                 before - s.living_models(unit));
  if (!target) return true;
  // MORALE-02 / ADV-43: the fearless and the dogged take no such test.
  if (rules::passes_automatically(rules::LdTest::poor_resolve, info.fearless) ||
      c.setup.dogged(unit))
    return true;
  c.dice.start();
  const auto roll = rules::roll_leadership_test(
      c.dice, *target, rules::may_reroll(rules::LdTest::poor_resolve, info.no_fear));
  c.roll_event("ADV-65", "poor resolve", *target, unit, {{"passed", roll.passed}});
  return roll.passed;
}

void continue_charge(Context& c);
void engage(Context& c, int charger, int target);
void resolve_run(Context& c, int charger, int target, const rules::ChargeRoll& roll);

// A charge's first part: the distance, the charged unit's response, defensive grenades and Fire
// and Charge; the Chargers then move (continue_charge).
void resolve_charge(Context& c, ActionKind response) {
  GameState& s = c.state;
  const int charger = s.charging_unit;
  int target = s.charge_target;
  const bool fire = s.fire_and_charge;
  s.fire_and_charge = false;
  const NearestPair start = nearest_pair(s, charger, target);
  // ADV-51: a blind charge (as declared: nobody has moved since) earns no Charge bonuses.
  const bool blind = blind_charge(s, charger, target);
  if (blind && c.logging())
    c.event({{"type", "blind_charge"}, {"unit", charger}, {"target", target}, {"rule", "ADV-51"}});

  const rules::ChargeMove move = charge_move_of(s, charger, target);
  if (move.prone) {
    for (int m : c.state.members(charger))
      s.models[m].prone = false;  // CHARGE-02: the prone charge includes standing up
  }
  c.dice.start();
  const rules::ChargeRoll roll = rules::roll_charge(c.dice, move, c.setup.rulings.charge_02());
  c.roll_event("CHARGE-02", "charge distance", 0, charger,
               {{"inches", roll.distance}, {"target", target}});

  s.charge_progress = {};
  // CHARGE-10: whether the target is in or behind hard cover is judged from where the Chargers
  // start (next to it they would be too close to count any cover, ADV-36).
  const table::Cover target_cover =
      table::unit_cover_against(c.state.table(), s.table_models(), unit_centre(s, charger), target)
          .unit;
  s.charge_progress.hard_cover = target_cover == table::Cover::hard;
  bool denied = blind;
  int reaction_wounds_taken = 0;
  int reaction_wounds_dealt = 0;
  if (response == ActionKind::run) {
    // CHARGE-08: 2D6 (or R3D6P2) straight away from the Chargers, before they move.
    c.dice.start();
    const int inches = roll_flee_rate(c, target);
    c.roll_event("CHARGE-08", "run from charge", 0, target, {{"inches", inches}});
    const table::Point from = moving_from(c, target);
    move_away(c, target, unit_centre(s, charger), inches, /*turning_included=*/true);  // CHARGE-08
    log_unit_moved(c, target, from, "run", "CHARGE-08");
    s.charging_unit = -1;
    s.charge_target = -1;
    resolve_run(c, charger, target, roll);
    return;
  }
  // ADV-65: the strengths before charge-time fire, against which a quarter lost is counted.
  const int charger_before = s.living_models(charger);
  const int target_before = s.living_models(target);
  int successes = 0;
  if (response == ActionKind::stand_and_fire) {
    c.dice.start();
    successes = rules::roll_stand_and_fire(c.dice, s.activation_value(target));
    c.roll_event("CHARGE-14", "stand and fire", s.activation_value(target), target,
                 {{"successes", successes}});
  }
  const auto charged_shoot = [&](const std::vector<table::TableModel>* fired_from) {
    reaction_wounds_taken +=
        reaction_fire(c, target, charger, successes, false, rules::long_charge(roll.distance),
                      start.distance, fired_from);
  };
  const auto chargers_shoot = [&](const std::vector<table::TableModel>* fired_from) {
    reaction_wounds_dealt +=
        reaction_fire(c, charger, target, 0, true, false, start.distance, fired_from);
  };
  const bool charged_fire = successes > 0;
  const bool chargers_fire = fire && s.unit_alive(charger);
  if (charged_fire && chargers_fire) {
    const ChargeFireFirst first = charge_fire_first(c, charger, target, target_cover);
    if (c.setup.options.charge_fire_order && c.logging())
      c.event({{"type", "charge_fire_order"},
               {"rule", "ADV-64"},
               {"unit", charger},
               {"target", target},
               {"first", first == ChargeFireFirst::charged    ? "charged"
                         : first == ChargeFireFirst::chargers ? "chargers"
                                                              : "together"}});
    if (first == ChargeFireFirst::charged) {
      charged_shoot(nullptr);
      if (s.unit_alive(charger)) chargers_shoot(nullptr);
    } else if (first == ChargeFireFirst::chargers) {
      chargers_shoot(nullptr);
      if (s.unit_alive(target)) charged_shoot(nullptr);
    } else {
      // ADV-64 ties: both fire at once; the losses of the first volley do not silence the second.
      const auto before = s.table_models();
      chargers_shoot(nullptr);
      charged_shoot(&before);
    }
  } else if (charged_fire) {
    charged_shoot(nullptr);
  } else if (chargers_fire) {
    chargers_shoot(nullptr);
  }
  // ADV-65 (optional): a unit of poor resolve that lost a quarter to that fire tests at once;
  // failing, it does not go in and starts to rout.
  const bool target_routs = !poor_resolve_holds(c, target, target_before);
  if (!poor_resolve_holds(c, charger, charger_before)) {
    s.charging_unit = -1;
    s.charge_target = -1;
    if (target_routs) start_rout(c, target, "ADV-65");
    start_rout(c, charger, "ADV-65");
    finish_charge(c, charger);
    return;
  }
  if (target_routs) start_rout(c, target, "ADV-65");
  // CHARGE-17: defensive grenades against a Charge into the fire arc, not from the rear.
  if (c.setup.units[target].defensive_grenades && s.units[target].locked == 0 &&
      s.unit_alive(charger) && start.own >= 0 && start.enemy >= 0) {
    const auto& from = s.models[start.own].pose.position;
    if (approach_of(s, target, from) != table::Quadrant::rear &&
        table::in_arc_after_free_pivot(s.models[start.enemy].pose, from)) {
      denied = true;
      if (c.logging())
        c.event({{"type", "defensive_grenades"}, {"unit", target}, {"rule", "CHARGE-17"}});
    }
  }
  auto& progress = s.charge_progress;
  progress.distance = static_cast<float>(roll.distance * move_rate(s, charger));  // ADV-15/21
  progress.highest_die = static_cast<std::int8_t>(roll.highest_die);
  progress.denied = denied;
  progress.wounds_taken = static_cast<std::int16_t>(reaction_wounds_taken);
  progress.wounds_dealt = static_cast<std::int16_t>(reaction_wounds_dealt);
  continue_charge(c);
}

// CHARGE-08: the target ran. Catching it routs it (with free hacks, by the catalogue's ruling);
// otherwise the Charge may go on to another enemy within reach, or the AP left may charge again.
void resolve_run(Context& c, int charger, int target, const rules::ChargeRoll& roll) {
  GameState& s = c.state;
  const auto& ci = c.setup.units[charger];
  const Contact caught = make_contact(c, charger, target, roll.distance * move_rate(s, charger));
  if (caught == Contact::halted) {
    halt_charge(c, charger);
    return;
  }
  if (caught == Contact::made) {
    s.units[charger].own_turn.moved_this_turn = true;
    free_hacks(c, charger, target, /*one_each=*/false, "MELEE-22");
    if (s.unit_alive(target)) {
      if (c.logging())
        c.event({{"type", "caught_running"}, {"unit", target}, {"rule", "CHARGE-08"}});
      s.units[target].beaten_by = static_cast<std::int16_t>(charger);
      start_rout(c, target, "CHARGE-08");
    }
    finish_charge(c, charger);
    return;
  }
  if (!s.unit_alive(charger)) {
    fail_charge(c, charger, target, roll.highest_die);
    return;
  }
  s.units[charger].player_turn.may_charge_again = true;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (v == target || c.setup.units[v].side == ci.side || !s.unit_alive(v)) continue;
    if (s.units[v].routing || s.units[v].rout_pending) continue;
    const Contact met = make_contact(c, charger, v, roll.distance * move_rate(s, charger));
    if (met == Contact::halted) {
      halt_charge(c, charger);
      return;
    }
    if (met == Contact::made) {
      s.charge_progress.highest_die = static_cast<std::int8_t>(roll.highest_die);
      engage(c, charger, v);
      return;
    }
  }
  if (c.logging()) c.event({{"type", "charge_evaded"}, {"unit", charger}, {"rule", "CHARGE-08"}});
  finish_charge(c, charger);
}

rules::ChargeBonus set_charge_terms(Context& c, int charger, int target, bool no_bonus) {
  GameState& s = c.state;
  UnitState& cu = s.units[charger];
  UnitState& tu = s.units[target];
  // A Charge that re-engages the unit fought last turn gets no bonuses (CHARGE-06).
  const bool continuing = (cu.recent_foes >> target & 1u) != 0 && s.turn - cu.recent_turn <= 1;
  const rules::ChargeBonus bonus = rules::charge_bonus(
      approach(s, charger, target), no_bonus || continuing, c.setup.rulings.charge_05());
  cu.round.first_round = true;
  cu.round.bonus_attacks = static_cast<std::int8_t>(bonus.extra_attacks);
  cu.round.rear_bonus = bonus.rear_to_hit;
  cu.round.charge_crs = static_cast<std::int8_t>(bonus.charger_crs);
  tu.round.first_round = true;
  // ADV-72 (advanced, option rallied_know_pursuers): a rallied unit charged by the unit that
  // pursued it knew they were there: no flank or rear CRS penalty; the Chargers keep the rest.
  const bool knew = c.setup.options.rallied_know_pursuers && (tu.rallied_from >> charger & 1u);
  if (!knew)
    tu.round.flank_penalty =
        static_cast<std::int8_t>(std::min(3, tu.round.flank_penalty + bonus.charged_crs_penalty));
  return bonus;
}

// CHARGE-05/06/10: a Charge that reached `target` locks the units with its bonuses.
void engage(Context& c, int charger, int target) {
  GameState& s = c.state;
  UnitState& cu = s.units[charger];
  const auto& ci = c.setup.units[charger];
  const auto& progress = s.charge_progress;
  cu.own_turn.moved_this_turn = true;
  if (!s.unit_alive(charger)) {  // the dangerous ground took them all (CHARGE-07)
    finish_charge(c, charger);
    return;
  }
  if (s.units[target].routing || s.units[target].rout_pending) {
    // MELEE-22: routers only take free hacks.
    free_hacks(c, charger, target, /*one_each=*/false, "MELEE-22");
    finish_charge(c, charger);
    return;
  }
  const rules::Approach from = approach(s, charger, target);
  const rules::ChargeBonus bonus =
      set_charge_terms(c, charger, target, progress.denied || progress.ladder);
  UnitState& tu = s.units[target];
  cu.round.jump_bonus = progress.jumped;                     // MOVE-26: not a Charge bonus
  cu.round.uphill_crs = progress.uphill || progress.jumped;  // MELEE-14b
  // CHARGE-10: hard cover, or an obstacle that took an Initiative test to cross (CHARGE-07),
  // makes the Chargers strike at I1 in the first round, unless they throw assault grenades
  // (CHARGE-16), the defenders are pinned (MELEE-28) or gone to ground (ADV-01), or flesh hooks
  // (CHARGE-19).
  if ((progress.hard_cover || progress.climbed || progress.hazardous) && !ci.assault_grenades &&
      !tu.own_turn.pinned && !tu.gone_to_ground()) {
    if (ci.flesh_hooks) {
      cu.round.simultaneous = true;
    } else {
      cu.round.charged_into_cover = true;
    }
  }
  cu.round.round_inflicted =
      static_cast<std::int16_t>(cu.round.round_inflicted + progress.wounds_dealt);
  cu.round.round_taken = static_cast<std::int16_t>(cu.round.round_taken + progress.wounds_taken);
  tu.round.round_inflicted =
      static_cast<std::int16_t>(tu.round.round_inflicted + progress.wounds_taken);
  tu.round.round_taken = static_cast<std::int16_t>(tu.round.round_taken + progress.wounds_dealt);
  lock_units(c, charger, target);
  if (c.logging())
    c.event({{"type", "charge"},
             {"unit", charger},
             {"target", target},
             {"approach", rules::to_string(from)},
             {"bonus_attacks", bonus.extra_attacks},
             {"into_cover", cu.round.charged_into_cover},
             {"jumped_down", progress.jumped},
             {"by_ladder", progress.ladder},
             {"uphill", cu.round.uphill_crs},
             {"rule", "CHARGE-03"}});
  finish_charge(c, charger);
}

std::string charge_illegal(const GameState& s, const Action& a, bool explain) {
  const UnitState& u = s.units[a.unit];
  const auto& info = s.setup->units[a.unit];
  if (a.target < 0 || a.target >= static_cast<int>(s.units.size()) || !s.unit_alive(a.target))
    return "CHARGE-01: there is no such enemy unit on the table";
  if (s.setup->units[a.target].side == info.side)
    return "CHARGE-01: you cannot charge your own side";
  if (s.units[a.target].hidden) return "ADV-04: that unit is hidden and cannot be targeted";
  if (u.locked != 0) return "CHARGE-03: the unit is already locked in mêlée";
  if (fixed_in_place(s, a.unit))
    return "ADV-29: a fixed weapon emplacement never moves, so it cannot charge";
  const bool again = u.player_turn.may_charge_again ||
                     (u.player_turn.charge_failed && s.setup->options.recharge_after_failed_charge);
  if (u.player_turn.charges > 0 &&
      s.setup->rulings.charge_01() == rules::ChargeLimit::one_per_turn && !again)
    return "CHARGE-01: one Charge action per turn, unless the last target ran away";
  if (u.left_combat & bit(a.target))
    return "MELEE-11: a unit that broke off may not charge the unit it left until its next turn";
  if (u.own_turn.no_fear_flinched && u.beaten_by == a.target)
    return "ADV-69: Marines that flinched from a unit this turn may not charge it";
  if (s.setup->options.rallied_units && u.own_turn.rallied && (u.rallied_from & bit(a.target)))
    return "ADV-71: a unit that rallied this turn may not charge the unit that was pursuing it";
  if (auto fell = fell_over_problem(s, a.unit); !fell.empty()) return fell;
  if (auto rain = rain_move_problem(s, table::MoveMode::charge); !rain.empty()) return rain;
  const double rain = move_rate(s, a.unit);  // ADV-15/21: the Charge covers part of its roll
  rules::ChargeMove move = charge_move_of(s, a.unit, -1);  // as over open ground
  const double open_roll =
      rules::charge_distance_longest(move, s.setup->rulings.charge_02()) * rain;
  if (!explain) {
    // A listing asks this of every enemy unit, most of them far out of reach: a gap between the
    // units' boxes beyond the longest open-ground charge of the unit's largest model refuses
    // them without the nearest pair, as the test below would (ground only shortens the roll).
    int largest_size = 0;
    if (box_gap(s, a.unit, a.target, &largest_size) > open_roll + largest_size + 1e-9)
      return "CHARGE-02";
  }
  const NearestPair pair = nearest_pair(s, a.unit, a.target);
  const double size = s.models[pair.own].pose.size;
  double longest = open_roll + size;
  // MOVE-12: variable ground on the way rolls shorter at most; only a target beyond that reach
  // needs the ground looked at (listings ask this of every target).
  const double variable_longest =
      (2.0 * table::variable_die_sides(s.unit_whole_move(a.unit)) + (info.leaping ? 6.0 : 0.0)) *
          rain +
      size;
  if (!move.prone && !move.fixed_rate && pair.distance <= longest + 1e-9 &&
      pair.distance > variable_longest + 1e-9) {
    move = charge_move_of(s, a.unit, a.target);
    longest = rules::charge_distance_longest(move, s.setup->rulings.charge_02()) * rain + size;
  }
  if (pair.distance > longest + 1e-9) {
    if (!explain) return "CHARGE-02";
    return fmt::format("CHARGE-02: {} is {:.1f}\" away; the longest possible charge reaches {}\"",
                       s.setup->units[a.target].name, pair.distance, longest);
  }
  if (s.setup->options.charge_known_enemies && !s.setup->options.blind_charges &&
      !sees_any(s, a.unit, a.target)) {
    if (!explain) return "ADV-51";
    return fmt::format(
        "ADV-51: no model of {} can see {}, so the unit does not know it is there to charge it",
        info.name, s.setup->units[a.target].name);
  }
  if (a.fire) {
    if (!rules::firing_during_charge_allowed(pair.distance, s.unit_move(a.unit)))
      return "CHARGE-11: Fire and Charge needs a start more than the unit's move away";
    bool armed = false;
    bool spent = false;  // ADV-30: armed, but only with Reload weapons not yet reloaded
    for (int m : s.members(a.unit)) {
      if (!(!armed)) break;
      if (!s.models[m].pose.alive) continue;
      for (const auto* weapon : s.setup->models[m].group->weapons) {
        if (rules::charge_reaction_shots(*weapon, 0, false, true) <= 0) continue;
        const bool loaded = weapon_loaded(s, m, *weapon);
        armed = armed || loaded;
        spent = spent || !loaded;
      }
    }
    if (!armed && spent)
      return "ADV-30: the unit's pistols and assault weapons have fired and must be reloaded "
             "before Fire and Charge";
    if (!armed) return "CHARGE-12: Fire and Charge needs pistols or assault weapons";
  }
  return "";
}

void apply_charge(Context& c, const Action& a) {
  GameState& s = c.state;
  UnitState& u = s.units[a.unit];
  ++u.player_turn.charges;
  u.player_turn.may_charge_again = false;
  // SHOOT-31/33: the Charging and the Charged take no fire tests this player turn.
  u.player_turn.engaged = true;
  s.units[a.target].player_turn.engaged = true;
  u.own_turn.aimed = false;
  spend_charge_point(s);
  s.charging_unit = static_cast<std::int16_t>(a.unit);
  s.charge_target = static_cast<std::int16_t>(a.target);
  s.fire_and_charge = a.fire;
  s.charge_return = s.phase;
  // SHOOT-19 / MELEE-06f: a charge out of hiding is an ambush unless the foe was made aware.
  u.round.ambush_charge = u.hidden && !u.ambush_spent;
  reveal(c, a.unit, "charged");
  if (c.logging())
    c.event({{"type", "charge_declared"},
             {"unit", a.unit},
             {"target", a.target},
             {"distance", nearest_pair(s, a.unit, a.target).distance},
             {"fire", a.fire},
             {"rule", "CHARGE-01"}});
  const UnitState& t = s.units[a.target];
  const bool routers = t.routing || t.rout_pending;
  if (!routers && (can_run(s, a.target) || can_stand_and_fire(s, a.unit, a.target))) {
    s.phase = Phase::charge_response;
    return;
  }
  resolve_charge(c, ActionKind::hold);
}

std::string response_illegal(const GameState& s, const Action& a) {
  if (a.unit != s.charge_target) {
    return fmt::format("CHARGE-08: {} is being charged and must respond first",
                       s.setup->units[s.charge_target].name);
  }
  if (a.kind == ActionKind::run && fixed_in_place(s, a.unit))
    return "ADV-29: a fixed weapon emplacement never moves, so it cannot run";
  if (a.kind == ActionKind::run && s.setup->machine(a.unit) != Machine::none)
    return "ADV-27: a machine never runs from a charge (caught, it would rout, and machines never "
           "rout)";
  if (a.kind == ActionKind::run && !can_run(s, a.unit))
    return "CHARGE-08: pinned, engaged, routing or pursuing units cannot run from a charge";
  if (a.kind == ActionKind::stand_and_fire && !can_stand_and_fire(s, s.charging_unit, a.unit)) {
    return "CHARGE-13: Stand and Fire needs ranged weapons, a charge from beyond the chargers' "
           "move and not from behind, and a unit neither pinned, routing nor pursuing";
  }
  return "";
}

void apply_response(Context& c, const Action& a) {
  resolve_charge(c, a.kind);
}

}  // namespace arap::game::detail
