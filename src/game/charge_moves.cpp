// CHARGE-03/04/07 in play: the Chargers' moves. The nearest pair of models and the lead's
// straight move into contact, the rest of the Chargers placed on unengaged enemies first,
// dangerous ground and climbs on the way (ADV-17: a jump down of under 2" earns no extras), a
// Charge halted at an obstacle, and a failed Charge's short move (split from charge.cpp, which
// keeps the action, the response and the lock).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "game/charge_internal.hpp"
#include "game/climbing.hpp"
#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "game/sorted_apart.hpp"
#include "rules/charge.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

NearestPair nearest_pair(const GameState& s, int unit, int target) {
  NearestPair best;
  // The target's models sorted along the axis the two units lie apart on (sorted_apart): every
  // model of big units asks of every other, and a listing's charges and a Charge's moves ask this
  // often. The answer is the plain scan's: the first pair, by `unit`'s then `target`'s order, of
  // the least distance.
  const table::AxisSorted enemies = sorted_apart(
      s, unit, target, [&](int m) -> const table::TableModel& { return s.models[m].pose; });
  if (enemies.empty()) return best;
  const auto bound = [&] { return best.distance * best.distance * (1.0 + 1e-9); };
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const table::Point& from = s.models[m].pose.position;
    // A pair clearly farther than the best so far is passed by its squared distance, without the
    // root; any other is measured exactly. A tie goes to the lower-numbered enemy of the same
    // model (the plain scan met it first), never to a later model.
    enemies.search(
        from,
        [&](int n, const table::Point& at) {
          const table::Point off = at - from;
          if (table::dot(off, off) > bound()) return;
          const double d = table::distance(from, at);
          if (d < best.distance || (d == best.distance && best.own == m && n < best.enemy))
            best = {m, n, d};
        },
        bound);
  }
  return best;
}

double box_gap(const GameState& s, int unit, int target, int* largest_size) {
  // The charging unit's box and its largest model in one pass over its members.
  table::PointBox own;
  int largest = 0;
  for (int m : s.members(unit)) {
    const table::TableModel& pose = s.models[m].pose;
    if (!pose.alive) continue;
    own.add(pose.position);
    largest = std::max(largest, pose.size);
  }
  if (largest_size != nullptr) *largest_size = largest;
  return own.gap(s.living_box(target));
}

bool all_prone(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && !s.models[m].prone) return false;
  return true;
}

rules::ChargeMove charge_move_of(const GameState& s, int unit, int target) {
  const auto& info = s.setup->units[unit];
  rules::ChargeMove move;
  move.move = s.unit_whole_move(unit);  // ADV-18: the dice add the current move's whole inches
  move.prone = all_prone(s, unit);
  move.fixed_rate = s.setup->machine(unit) == Machine::robot;  // ADV-27: exactly M, any ground
  move.leaping = info.leaping;
  const auto& features = s.table().features();
  if (target < 0 || move.prone || move.fixed_rate ||
      std::none_of(features.begin(), features.end(),
                   [](const table::TerrainFeature& f) { return f.variable; }))
    return move;
  // MOVE-12: the ground on the lead's line to its nearest enemy model decides.
  const NearestPair pair = nearest_pair(s, unit, target);
  if (pair.own < 0) return move;
  const auto poses = s.table_models();
  table::MoveRequest request;
  request.model = pair.own;
  request.mode = table::MoveMode::charge;
  request.allowance = 1e9;
  request.climb_limit = 1e9;
  request.path = {poses[pair.enemy].position};
  if (table::check_move(s.table(), poses, request, false).variable.empty()) return move;
  move.variable_sides = table::variable_die_sides(s.unit_whole_move(unit));
  bool all_cover = true;
  for (int m : s.members(unit))
    if (poses[m].alive) all_cover = all_cover && poses[m].move_through_cover;
  move.move_through_cover = all_cover;  // ADV-08
  return move;
}

// Moves model `m` straight toward `goal` up to `inches`; true when it moved.
bool step_toward(Context& c, std::vector<table::TableModel>& poses, int m, const table::Point& goal,
                 double inches, table::MoveMode mode, double climb_limit) {
  const auto plan =
      table::plan_straight_move(c.state.table(), poses, m, goal, inches, mode, false, climb_limit);
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
  std::vector<int> order;
  for (int m : c.state.members(charger))
    if (poses[m].alive && m != lead) order.push_back(m);
  const table::Point aim = unit_centre(s, target);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return table::distance(poses[a].position, aim) < table::distance(poses[b].position, aim);
  });
  // How many Chargers each target model is engaged with, kept up to date as they move, so that
  // "engaged with another Charger" costs one look instead of a pass over the unit (this keeps a
  // charge of N models against N linear in N per Charger).
  std::vector<int> engaged_by(s.models.size(), 0);  // by model (ADV-19: guests too)
  const auto count_engaged = [&](int k, int sign) {
    for (int n : c.state.members(target))
      if (poses[n].alive && engaged_pair(poses[k], poses[n]))
        engaged_by[static_cast<std::size_t>(n)] += sign;
  };
  for (int k : c.state.members(charger))
    if (poses[k].alive) count_engaged(k, +1);
  for (const int m : order) {
    count_engaged(m, -1);  // the others' engagements only
    int best = -1;
    double best_d = 1e18;
    for (const bool unengaged_only : {true, false}) {
      for (int n : c.state.members(target)) {
        if (!poses[n].alive) continue;
        if (unengaged_only && engaged_by[static_cast<std::size_t>(n)] > 0) continue;
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

// CHARGE-07: dangerous ground crossed by the Chargers' moves (each model from `starts`, straight
// to where it stands now) takes its hazard tests; true when any was due (CHARGE-10 cover).
bool charge_hazards(Context& c, int charger, const std::vector<table::Point>& starts) {
  GameState& s = c.state;
  auto poses = s.table_models();
  bool any = false;
  for (int m : s.members(charger)) {
    // `starts` holds every model's position (model_positions).
    const table::Point start = starts[static_cast<std::size_t>(m)];
    if (!poses[m].alive || table::distance(start, poses[m].position) < 1e-9) continue;
    table::MoveRequest request;
    request.model = m;
    request.mode = table::MoveMode::charge;
    request.allowance = 1e9;
    request.climb_limit = 1e9;
    request.path = {poses[m].position};
    const table::Point end = poses[m].position;
    poses[m].position = start;
    const auto report = table::check_move(c.state.table(), poses, request, false);
    poses[m].position = end;
    if (report.dangerous.empty()) continue;
    any = true;
    hazard_tests(c, charger, m, report.dangerous, report.distance);
  }
  return any;
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
  const auto starts = model_positions(s);
  const double climb = s.unit_move(charger);
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
  const auto& table = c.state.table();
  // MELEE-14b: the Chargers started higher than the model they make for.
  s.charge_progress.uphill = table.standing_height(poses[pair.own].position) >
                             table.standing_height(poses[pair.enemy].position) + 1e-9;
  const table::TableModel& moved = lead.moved;
  if (lead.contact) {
    // The lead halted short of what it failed to cross, `at` inches along its way: the walls
    // already passed are climbed again on the way (their tests passed).
    const auto halt_short_of = [&](double at) {
      const table::Point from = poses[pair.own].position;
      const double short_of = std::max(0.0, at - moved.base_radius - 0.05);
      const double length = table::distance(from, moved.position);
      if (length > 0.0) {
        step_toward(c, poses, pair.own, from + (moved.position - from) * (short_of / length),
                    short_of + 1e-6, table::MoveMode::normal, climb);
      }
      return Contact::halted;
    };
    // CHARGE-07: a test at each obstacle on the way, in order; the first failure halts the lead
    // short of that obstacle.
    for (const double climb_at : plan->report.climbs_at) {
      c.dice.start();
      const bool passed = dice::roll_low(c.dice, ci.initiative);
      c.roll_event("CHARGE-07", "initiative test to cross an obstacle", ci.initiative, charger,
                   {{"passed", passed}, {"at", climb_at}});
      if (!passed) return halt_short_of(climb_at);
      s.charge_progress.climbed = true;
    }
    // ADV-14 (option rope_strength_tests): the lead takes the GM's Strength tests at each rope
    // on its way (across a gap, or a grapple's up or down), in order; as at an obstacle, the first
    // failure halts it short of that rope.
    std::vector<table::RopeClimb> ropes;
    if (c.setup.options.rope_strength_tests) {
      for (const auto& gap : plan->report.gaps)
        if (gap.rope) ropes.push_back({gap.at, 0.0});
      for (const auto& up : plan->report.rope_climbs) ropes.push_back(up);
      std::sort(ropes.begin(), ropes.end(),
                [](const table::RopeClimb& x, const table::RopeClimb& y) { return x.at < y.at; });
    }
    for (const auto& rope : ropes) {
      if (!rope_tests_passed(c, charger, pair.own, rope.height,
                             rope.height > 0.0 ? "rope climb" : "rope across a gap"))
        return halt_short_of(rope.at);
    }
    if (plan->report.jump_drop > 0.0 && !ci.jump_pack) {
      // MOVE-26: jumping down into the fight takes MOVE-25's tests (engine choice: one set for
      // the unit, as for CHARGE-07's obstacle); a failure is a fall and a failed Charge. Jump
      // packs come down without tests (MOVE-25).
      int tests = 0;
      c.dice.start();
      const bool safe = jump_tests_passed(c, ci.initiative, plan->report.jump_drop, tests);
      c.roll_event("MOVE-26", "jump down into mêlée", ci.initiative, charger,
                   {{"drop", plan->report.jump_drop}, {"tests", tests}, {"safe", safe}});
      if (!safe) {
        const int beneath = land_at_foot(c, pair.own, poses[pair.own].position, moved.position,
                                         plan->report.jump_at);
        fall(c, pair.own, plan->report.jump_drop, beneath);
        return Contact::halted;
      }
    }
    // ADV-17: the jump's extras (MOVE-26) need a drop of at least 2"; a lower one is a plain
    // Charge.
    if (plan->report.jump_drop > 0.0 &&
        (!c.setup.options.diving_charge_height ||
         plan->report.jump_drop >= table::kDivingChargeMinHeight - 1e-9))
      s.charge_progress.jumped = true;
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
  if (s.unit_alive(charger) && s.unit_alive(target)) {
    const table::Point from = moving_from(c, charger);
    const auto starts = model_positions(s);
    auto poses = s.table_models();
    const table::Point aim = unit_centre(s, target);
    for (int m : c.state.members(charger))
      if (poses[m].alive)
        step_toward(c, poses, m, aim, highest_die * move_rate(s, charger),  // ADV-15/21
                    table::MoveMode::normal);
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

}  // namespace arap::game::detail
