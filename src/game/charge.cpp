// CHARGE-01..19 in play: the Charge action and its legality, the Charged unit's response (hold,
// Stand and Fire, run), defensive and assault grenades, Fire and Charge, the Chargers' move, a
// successful Charge's placement, bonuses and lock, and a failed Charge's short move. The numbers
// come from rules/charge.
#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "rules/charge.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

NearestPair nearest_pair(const GameState& s, int unit, int target) {
  NearestPair best;
  const auto& iu = s.setup->units[unit];
  const auto& it = s.setup->units[target];
  for (int m = iu.first_model; m < iu.first_model + iu.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    for (int n = it.first_model; n < it.first_model + it.model_count; ++n) {
      if (!s.models[n].pose.alive) continue;
      const double d = table::distance(s.models[m].pose.position, s.models[n].pose.position);
      if (d < best.distance) best = {m, n, d};
    }
  }
  return best;
}

bool all_prone(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (s.models[m].pose.alive && !s.models[m].prone) return false;
  return true;
}

rules::ChargeMove charge_move_of(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  rules::ChargeMove move;
  move.move = info.move;
  move.prone = all_prone(s, unit);
  move.leaping = info.leaping;
  return move;
}

double unit_facing(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (s.models[m].pose.alive) return s.models[m].pose.facing;
  return 0.0;
}

// CHARGE-05: the quadrant of the target unit's footprint (a box in its own frame) that `from`
// faces: ahead of the front edge (front corners included) is front, straight behind the rear
// edge is rear, anything else (rear corners included) is flank.
table::Quadrant approach_of(const GameState& s, int target, const table::Point& from) {
  const auto& info = s.setup->units[target];
  const table::Point centre = unit_centre(s, target);
  const table::Point ahead = table::heading_vector(unit_facing(s, target));
  const table::Point right{ahead.y, -ahead.x};
  double half_width = 0.0;
  double half_depth = 0.0;
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
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
  return !t.own_turn.pinned && t.locked == 0 && !t.routing && !t.rout_pending && t.pursuing < 0;
}

bool can_stand_and_fire(const GameState& s, int charger, int target) {
  const UnitState& t = s.units[target];
  if (t.own_turn.pinned || t.routing || t.rout_pending || t.pursuing >= 0) return false;
  if (!s.setup->units[target].has_ranged) return false;
  const NearestPair pair = nearest_pair(s, charger, target);
  if (!rules::firing_during_charge_allowed(pair.distance, s.setup->units[charger].move))
    return false;
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

// Moves model `m` straight toward `goal` up to `inches`; true when it moved.
bool step_toward(Context& c, std::vector<table::TableModel>& poses, int m, const table::Point& goal,
                 double inches, table::MoveMode mode, double climb_limit) {
  const auto plan = table::plan_straight_move(c.setup.scenario.table, poses, m, goal, inches, mode,
                                              false, climb_limit);
  if (!plan) return false;
  c.state.models[m].pose.position = plan->request.path.back();
  c.state.models[m].pose.facing = plan->report.final_facing;
  poses[m] = c.state.models[m].pose;
  return true;
}

// CHARGE-03: the rest of the Chargers go for unengaged enemy models first.
void place_chargers(Context& c, int charger, int target, int lead, double inches,
                    double climb_limit) {
  GameState& s = c.state;
  auto poses = s.table_models();
  const auto& iu = c.setup.units[charger];
  const auto& it = c.setup.units[target];
  std::vector<int> order;
  for (int m = iu.first_model; m < iu.first_model + iu.model_count; ++m)
    if (poses[m].alive && m != lead) order.push_back(m);
  const table::Point aim = unit_centre(s, target);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return table::distance(poses[a].position, aim) < table::distance(poses[b].position, aim);
  });
  // How many Chargers each target model is engaged with, kept up to date as they move, so that
  // "engaged with another Charger" costs one look instead of a pass over the unit (this keeps a
  // charge of N models against N linear in N per Charger).
  std::vector<int> engaged_by(static_cast<std::size_t>(it.model_count), 0);
  const auto count_engaged = [&](int k, int sign) {
    for (int n = it.first_model; n < it.first_model + it.model_count; ++n)
      if (poses[n].alive && engaged_pair(poses[k], poses[n]))
        engaged_by[n - it.first_model] += sign;
  };
  for (int k = iu.first_model; k < iu.first_model + iu.model_count; ++k)
    if (poses[k].alive) count_engaged(k, +1);
  for (const int m : order) {
    count_engaged(m, -1);  // the others' engagements only
    int best = -1;
    double best_d = 1e18;
    for (const bool unengaged_only : {true, false}) {
      for (int n = it.first_model; n < it.first_model + it.model_count; ++n) {
        if (!poses[n].alive) continue;
        if (unengaged_only && engaged_by[n - it.first_model] > 0) continue;
        const double d = table::distance(poses[m].position, poses[n].position);
        if (d < best_d) {
          best_d = d;
          best = n;
        }
      }
      if (best >= 0 && best_d <= inches + poses[m].size) break;
      if (!unengaged_only) break;
      best = -1;
      best_d = 1e18;
    }
    if (best >= 0)
      step_toward(c, poses, m, poses[best].position, inches, table::MoveMode::charge, climb_limit);
    count_engaged(m, +1);
  }
}

// CHARGE-05: the quadrant most Chargers contacted; a tie goes to the lesser bonus.
rules::Approach approach(const GameState& s, int charger, int target) {
  std::array<int, 3> count{};
  const auto& iu = s.setup->units[charger];
  const auto& it = s.setup->units[target];
  for (int m = iu.first_model; m < iu.first_model + iu.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    bool engaged = false;
    for (int n = it.first_model; n < it.first_model + it.model_count && !engaged; ++n)
      engaged = s.models[n].pose.alive && engaged_pair(s.models[m].pose, s.models[n].pose);
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
  const auto& ci = c.setup.units[charger];
  const NearestPair start = nearest_pair(s, charger, target);

  const rules::ChargeMove move = charge_move_of(s, charger);
  if (move.prone) {
    for (int m = ci.first_model; m < ci.first_model + ci.model_count; ++m)
      s.models[m].prone = false;  // CHARGE-02: the prone charge includes standing up
  }
  c.dice.start();
  const rules::ChargeRoll roll = rules::roll_charge(c.dice, move, c.setup.rulings.charge_02());
  c.roll_event("CHARGE-02", "charge distance", 0, charger,
               {{"inches", roll.distance}, {"target", target}});

  s.charge_progress = {};
  // CHARGE-10: whether the target is in or behind hard cover is judged from where the Chargers
  // start (next to it they would be too close to count any cover, ADV-36).
  s.charge_progress.hard_cover = table::unit_cover_against(c.setup.scenario.table, s.table_models(),
                                                           unit_centre(s, charger), target)
                                     .unit == table::Cover::hard;
  bool denied = false;
  int reaction_wounds_taken = 0;
  int reaction_wounds_dealt = 0;
  if (response == ActionKind::run) {
    // CHARGE-08: 2D6 (or R3D6P2) straight away from the Chargers, before they move.
    c.dice.start();
    const int inches = table::roll_flee_distance(c.dice, c.setup.units[target].move);
    c.roll_event("CHARGE-08", "run from charge", 0, target, {{"inches", inches}});
    const table::Point from = moving_from(c, target);
    move_away(c, target, unit_centre(s, charger), inches, /*turning_included=*/true);  // CHARGE-08
    log_unit_moved(c, target, from, "run", "CHARGE-08");
    s.charging_unit = -1;
    s.charge_target = -1;
    resolve_run(c, charger, target, roll);
    return;
  }
  if (response == ActionKind::stand_and_fire) {
    c.dice.start();
    const int successes = rules::roll_stand_and_fire(c.dice, s.activation_value(target));
    c.roll_event("CHARGE-14", "stand and fire", s.activation_value(target), target,
                 {{"successes", successes}});
    if (successes > 0) {
      reaction_wounds_taken += reaction_fire(c, target, charger, successes, false,
                                             rules::long_charge(roll.distance), start.distance);
    }
  }
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
  if (fire && s.unit_alive(charger)) {
    reaction_wounds_dealt += reaction_fire(c, charger, target, 0, true, false, start.distance);
  }
  auto& progress = s.charge_progress;
  progress.distance = static_cast<float>(roll.distance);
  progress.highest_die = static_cast<std::int8_t>(roll.highest_die);
  progress.denied = denied;
  progress.wounds_taken = static_cast<std::int16_t>(reaction_wounds_taken);
  progress.wounds_dealt = static_cast<std::int16_t>(reaction_wounds_dealt);
  continue_charge(c);
}

// CHARGE-07: dangerous ground crossed by the Chargers' moves (each model from `starts`, straight
// to where it stands now) takes its hazard tests; true when any was due (CHARGE-10 cover).
bool charge_hazards(Context& c, int charger, const std::vector<table::Point>& starts) {
  GameState& s = c.state;
  const auto& ci = c.setup.units[charger];
  auto poses = s.table_models();
  bool any = false;
  for (int m = ci.first_model, k = 0; m < ci.first_model + ci.model_count; ++m, ++k) {
    if (!poses[m].alive || table::distance(starts[k], poses[m].position) < 1e-9) continue;
    table::MoveRequest request;
    request.model = m;
    request.mode = table::MoveMode::charge;
    request.allowance = 1e9;
    request.climb_limit = 1e9;
    request.path = {poses[m].position};
    const table::Point end = poses[m].position;
    poses[m].position = starts[k];
    const auto report = table::check_move(c.setup.scenario.table, poses, request, false);
    poses[m].position = end;
    if (report.dangerous.empty()) continue;
    any = true;
    hazard_tests(c, charger, m, report.dangerous);
  }
  return any;
}

std::vector<table::Point> charger_positions(const GameState& s, int charger) {
  const auto& ci = s.setup->units[charger];
  std::vector<table::Point> at;
  for (int m = ci.first_model; m < ci.first_model + ci.model_count; ++m)
    at.push_back(s.models[m].pose.position);
  return at;
}

// CHARGE-03: the nearest Charger goes first; within its radius of an enemy of `goal_unit`, the
// Charge holds and the rest are placed. CHARGE-07: an obstacle one climb gets over (at most the
// unit's move high) costs the unit one Initiative test; failing it halts the lead at the obstacle.
Contact make_contact(Context& c, int charger, int goal_unit, double inches) {
  GameState& s = c.state;
  if (!s.unit_alive(charger) || !s.unit_alive(goal_unit)) return Contact::missed;
  const auto& ci = c.setup.units[charger];
  const NearestPair pair = nearest_pair(s, charger, goal_unit);
  auto poses = s.table_models();
  const auto starts = charger_positions(s, charger);
  const double climb = ci.move;
  const LeadMove lead = lead_move(s, poses, pair, goal_unit, inches, climb);
  const auto& plan = lead.plan;
  const table::Point charged_from = moving_from(c, charger);
  const auto explain_miss = [&] {
    if (!c.logging()) return;
    // Issue 13: why the charge fell short. `needed` is the straight gap the lead Charger had to
    // close to come within mêlée radius (MELEE-01); a reach at least that long that still missed
    // was slowed or barred on the way (terrain, obstacles, other bases: CHARGE-07).
    const auto& lead_model = poses[pair.own];
    const auto& enemy = poses[pair.enemy];
    const double gap = table::distance(lead_model.position, enemy.position);
    const double contact =
        std::max(static_cast<double>(lead_model.size), lead_model.base_radius + enemy.base_radius);
    const double needed = std::max(0.0, gap - contact);
    const double moved = table::distance(lead_model.position, lead.moved.position);
    c.event({{"type", "charge_missed"},
             {"rule", "CHARGE-03"},
             {"unit", charger},
             {"target", goal_unit},
             {"needed", needed},
             {"reach", inches},
             {"moved", plan ? moved : 0.0},
             {"why", needed > inches + 1e-9 ? "short_roll" : "path"}});
  };
  if (!plan) {
    explain_miss();
    return Contact::missed;
  }
  const auto& table = c.setup.scenario.table;
  // MELEE-14b: the Chargers started higher than the model they make for.
  s.charge_progress.uphill = table.standing_height(poses[pair.own].position) >
                             table.standing_height(poses[pair.enemy].position) + 1e-9;
  const table::TableModel& moved = lead.moved;
  if (lead.contact) {
    // CHARGE-07: a test at each obstacle on the way, in order; the first failure halts the lead
    // short of that obstacle.
    for (const double climb_at : plan->report.climbs_at) {
      c.dice.start();
      const bool passed = dice::roll_low(c.dice, ci.initiative);
      c.roll_event("CHARGE-07", "initiative test to cross an obstacle", ci.initiative, charger,
                   {{"passed", passed}, {"at", climb_at}});
      if (!passed) {
        const table::Point from = poses[pair.own].position;
        const double short_of = std::max(0.0, climb_at - moved.base_radius - 0.05);
        const double length = table::distance(from, moved.position);
        if (length > 0.0) {
          // The walls already passed are climbed again on the way (their tests passed).
          step_toward(c, poses, pair.own, from + (moved.position - from) * (short_of / length),
                      short_of + 1e-6, table::MoveMode::normal, climb);
        }
        return Contact::halted;
      }
      s.charge_progress.climbed = true;
    }
    if (plan->report.jump_drop > 0.0) {
      // MOVE-26: jumping down into the fight takes MOVE-25's tests (engine choice: one set for
      // the unit, as for CHARGE-07's obstacle); a failure is a fall and a failed Charge.
      int tests = 0;
      c.dice.start();
      const bool safe = jump_tests_passed(c, ci.initiative, plan->report.jump_drop, tests);
      c.roll_event("MOVE-26", "jump down into mêlée", ci.initiative, charger,
                   {{"drop", plan->report.jump_drop}, {"tests", tests}, {"safe", safe}});
      if (!safe) {
        land_at_foot(s, pair.own, poses[pair.own].position, moved.position, plan->report.jump_at);
        fall(c, pair.own, plan->report.jump_drop);
        return Contact::halted;
      }
      s.charge_progress.jumped = true;
    }
    s.charge_progress.ladder = !plan->report.ladders.empty();  // MOVE-28
    s.models[pair.own].pose.position = moved.position;
    s.models[pair.own].pose.facing = plan->report.final_facing;
    place_chargers(c, charger, goal_unit, pair.own, inches,
                   s.charge_progress.climbed ? climb : 0.0);
    log_unit_moved(c, charger, charged_from, "charge", "CHARGE-03");
    if (charge_hazards(c, charger, starts)) s.charge_progress.hazardous = true;
    return Contact::made;
  }
  explain_miss();
  return Contact::missed;
}

// CHARGE-07: a failed Initiative test at an obstacle is a failed Charge that ends the activation.
void halt_charge(Context& c, int charger) {
  GameState& s = c.state;
  s.units[charger].player_turn.charge_failed = true;
  s.units[charger].own_turn.moved_this_turn = true;
  if (c.logging()) c.event({{"type", "charge_halted"}, {"unit", charger}, {"rule", "CHARGE-07"}});
  s.phase = s.charge_return;
  finish_activation(c);
}

// CHARGE-04: the unit moves the highest single die toward the target and stops.
void fail_charge(Context& c, int charger, int target, int highest_die) {
  GameState& s = c.state;
  const auto& ci = c.setup.units[charger];
  if (s.unit_alive(charger) && s.unit_alive(target)) {
    const table::Point from = moving_from(c, charger);
    const auto starts = charger_positions(s, charger);
    auto poses = s.table_models();
    const table::Point aim = unit_centre(s, target);
    for (int m = ci.first_model; m < ci.first_model + ci.model_count; ++m)
      if (poses[m].alive) step_toward(c, poses, m, aim, highest_die, table::MoveMode::normal);
    log_unit_moved(c, charger, from, "failed_charge", "CHARGE-04");
    charge_hazards(c, charger, starts);
  }
  s.units[charger].player_turn.charge_failed = true;
  s.units[charger].own_turn.moved_this_turn = true;
  if (c.logging())
    c.event({{"type", "charge_failed"},
             {"unit", charger},
             {"inches", highest_die},
             {"rule", "CHARGE-04"}});
  finish_charge(c, charger);
}

// CHARGE-08: the target ran. Catching it routs it (with free hacks, by the catalogue's ruling);
// otherwise the Charge may go on to another enemy within reach, or the AP left may charge again.
void resolve_run(Context& c, int charger, int target, const rules::ChargeRoll& roll) {
  GameState& s = c.state;
  const auto& ci = c.setup.units[charger];
  const Contact caught = make_contact(c, charger, target, roll.distance);
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
    const Contact met = make_contact(c, charger, v, roll.distance);
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
  // A Charge that re-engages the unit fought last turn gets no bonuses (CHARGE-06).
  const bool continuing = (cu.recent_foes >> target & 1u) != 0 && s.turn - cu.recent_turn <= 1;
  const rules::Approach from = approach(s, charger, target);
  const rules::ChargeBonus bonus = rules::charge_bonus(
      from, progress.denied || progress.ladder || continuing, c.setup.rulings.charge_05());
  UnitState& tu = s.units[target];
  cu.round.first_round = true;
  cu.round.bonus_attacks = static_cast<std::int8_t>(bonus.extra_attacks);
  cu.round.rear_bonus = bonus.rear_to_hit;
  cu.round.charge_crs = static_cast<std::int8_t>(bonus.charger_crs);
  cu.round.jump_bonus = progress.jumped;                     // MOVE-26: not a Charge bonus
  cu.round.uphill_crs = progress.uphill || progress.jumped;  // MELEE-14b
  tu.round.first_round = true;
  tu.round.flank_penalty =
      static_cast<std::int8_t>(std::min(3, tu.round.flank_penalty + bonus.charged_crs_penalty));
  // CHARGE-10: hard cover, or an obstacle that took an Initiative test to cross (CHARGE-07),
  // makes the Chargers strike at I1 in the first round, unless they throw assault grenades
  // (CHARGE-16), the defenders are pinned (MELEE-28) or flesh hooks (CHARGE-19).
  if ((progress.hard_cover || progress.climbed || progress.hazardous) && !ci.assault_grenades &&
      !tu.own_turn.pinned) {
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
  const bool again = u.player_turn.may_charge_again ||
                     (u.player_turn.charge_failed && s.setup->options.recharge_after_failed_charge);
  if (u.player_turn.charges > 0 &&
      s.setup->rulings.charge_01() == rules::ChargeLimit::one_per_turn && !again)
    return "CHARGE-01: one Charge action per turn, unless the last target ran away";
  if (u.left_combat & bit(a.target))
    return "MELEE-11: a unit that broke off may not charge the unit it left until its next turn";
  const NearestPair pair = nearest_pair(s, a.unit, a.target);
  const auto reach =
      rules::charge_distance_distribution(charge_move_of(s, a.unit), s.setup->rulings.charge_02());
  const double longest = reach.highest() + s.models[pair.own].pose.size;
  if (pair.distance > longest + 1e-9) {
    if (!explain) return "CHARGE-02";
    return fmt::format("CHARGE-02: {} is {:.1f}\" away; the longest possible charge reaches {}\"",
                       s.setup->units[a.target].name, pair.distance, longest);
  }
  if (a.fire) {
    if (!rules::firing_during_charge_allowed(pair.distance, info.move))
      return "CHARGE-11: Fire and Charge needs a start more than the unit's move away";
    bool armed = false;
    for (int m = info.first_model; m < info.first_model + info.model_count && !armed; ++m) {
      if (!s.models[m].pose.alive) continue;
      for (const auto* weapon : s.setup->models[m].group->weapons)
        armed = armed || rules::charge_reaction_shots(*weapon, 0, false, true) > 0;
    }
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
