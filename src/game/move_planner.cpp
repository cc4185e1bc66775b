// The move planner (DESIGN "the door"; MOVE-01..14, MOVE-17, MOVE-20, MOVE-25): how far a unit can
// go toward a point in a given mode. The unit moves as a body (every model the same displacement,
// unit_actions.cpp), so the plan is the longest legal displacement along the line from its centre
// to the point: first the length the allowance pays for once turning is taken off (MOVE-07), then,
// if the ground, obstacles, bases or the table edge refuse it, the longest legal length found by
// bisection. Every plan is checked by the engine's own legality check, so it never overshoots.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/planner.hpp"
#include "table/geometry.hpp"

namespace arap::game {

namespace detail {

double mode_allowance(const GameState& s, int unit, table::MoveMode mode,
                      const MoveNeighbourhood* near) {
  // ADV-15/21: rain and a ladder slow every move.
  const double rain = near != nullptr ? near->rate : move_rate(s, unit);
  switch (mode) {
    case table::MoveMode::tactical:
    case table::MoveMode::fleet:
      return 6.0 * rain;  // MOVE-13, ADV-06: the best roll of its D6 (it may cut the move short)
    case table::MoveMode::swim:
      // MOVE-17: the best roll of D3+1 (ADV-11: of the D3 in light primitive armour).
      return (detail::swims_d3_only(s, unit) ? 3.0 : 4.0) * rain;
    case table::MoveMode::warp_jump:
      return table::kWarpJump * rain;  // ADV-25
    default:
      return s.unit_move(unit) * rain;
  }
}

namespace {

// Inches of allowance one inch of open ground costs in `mode` (MOVE-06/08).
double open_ground_rate(table::MoveMode mode) {
  return mode == table::MoveMode::crawl || mode == table::MoveMode::backwards ? 2.0 : 1.0;
}

const char* allowance_rule(table::MoveMode mode) {
  switch (mode) {
    case table::MoveMode::tactical:
      return "MOVE-13";
    case table::MoveMode::crawl:
      return "MOVE-08";
    case table::MoveMode::backwards:
    case table::MoveMode::sidestep:
      return "MOVE-06";
    case table::MoveMode::swim:
      return "MOVE-17";
    case table::MoveMode::climb:
      return "MOVE-20";
    case table::MoveMode::warp_jump:
      return "ADV-25";
    case table::MoveMode::fleet:
      return "ADV-06";
    case table::MoveMode::hell_for_leather:
      return "ADV-24";
    case table::MoveMode::close_ranks:
      return "ADV-19";
    default:
      return "MOVE-01";
  }
}

// Whether the ground pass (unit_straight_reach) settles a listing's move on its own. It weighs
// the ground, obstacles, bases, the table's edge, turning and sidestepping as the engine's check
// does (MOVE-01..08, MOVE-21), and a listing's pass stops at the first change of level taller
// than a free step (MOVE-19), which the planner then checks; so its answer is legal once the mode
// has been found open at no length (add_moves asks). What it does not weigh sends the plan
// through the engine's check: swims, climbs and jumps (MOVE-17/20/25), dear ground (ACT-10) and
// the way back to a unit just parted from (MELEE-11), a split part's way to reform (ADV-74), and a
// move along the line of an edge a model's centre lies on, which grazes that outline all the way:
// there the pass's long ray and the check's leg may round apart, so the check decides. Dev builds
// check every settled plan.
bool reach_settles(const GameState& s, int unit, table::MoveMode mode,
                   const table::Point& direction, const MoveNeighbourhood* near) {
  if (near == nullptr || near->reform_to >= 0) return false;
  for (const auto& line : near->edge_lines)
    if (std::abs(table::cross(direction, line)) < 1e-6) return false;
  switch (mode) {
    case table::MoveMode::normal:
    case table::MoveMode::tactical:
    case table::MoveMode::backwards:
    case table::MoveMode::sidestep:
    case table::MoveMode::crawl:
    case table::MoveMode::fleet:
    case table::MoveMode::hell_for_leather:  // ADV-24: the pass weighs its ground (ground_class)
      return !s.table().has_dear_ground() && s.units[unit].left_combat == 0;
    default:
      return false;
  }
}

}  // namespace

MovePlan plan_unit_move(const GameState& s, int unit, table::MoveMode mode,
                        const table::Point& point, bool free_move, PlanUse use,
                        const MoveNeighbourhood* near) {
  const bool full_search = use != PlanUse::listing;
  MovePlan plan;
  plan.action.kind = free_move ? ActionKind::free_move : ActionKind::move;
  plan.action.unit = unit;
  plan.action.mode = mode;
  if (unit < 0 || unit >= static_cast<int>(s.units.size()) || !s.unit_alive(unit)) {
    plan.stop = {"", "there is no such unit on the table"};
    return plan;
  }
  const table::Point centre = near != nullptr ? near->centre : unit_centre(s, unit);
  const table::Point to = point - centre;
  plan.wanted = table::length(to);
  plan.allowance = mode_allowance(s, unit, mode, near);
  if (mode == table::MoveMode::close_ranks) {
    // GEN-09 / ADV-19: the cut-off models' own ways, whatever the point; the one plan there is.
    UnitMove move;
    const std::string reason = illegal_reason_of_move(s, plan.action, &move, full_search);
    if (!reason.empty()) {
      plan.stop = refusal_of(reason);
      return plan;
    }
    plan.possible = true;
    for (const auto& p : close_ranks_shifts(s, unit, plan.allowance))
      plan.inches = std::max(plan.inches, table::length(p));
    plan.action_points = std::max(move.action_cost, move_action_points(s, plan.action));
    for (const auto& [m, report] : move.reports)
      plan.cost = std::max(plan.cost, report.total_cost());
    plan.stop = {"ADV-19", "closing ranks moves only the cut-off models, toward the rest"};
    return plan;
  }
  if (plan.wanted < 1e-9) {
    plan.stop = {"", "the unit is there already"};
    return plan;
  }
  const table::Point direction = to * (1.0 / plan.wanted);
  // MOVE-07: models turn to face along the move (backwards and sidestep keep their facing); the
  // first 90 degrees are free. The turn is the same for every model facing the unit's way; the
  // widest turn among them is taken off the allowance.
  double turning = 0.0;
  if (mode != table::MoveMode::backwards && mode != table::MoveMode::sidestep) {
    const double heading = table::bearing(table::Point{}, direction);
    for (int m : s.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      const double turn = std::abs(table::normalise_bearing(heading - s.models[m].pose.facing));
      turning = std::max(turning, table::turning_cost(std::min(turn, 360.0 - turn)));
    }
  }
  const double sidestep = mode == table::MoveMode::sidestep ? 0.5 : 0.0;  // ruling A-06
  const double affordable =
      std::max(0.0, (plan.allowance - turning - sidestep) / open_ground_rate(mode));
  double reach = std::min(plan.wanted, affordable);
  const bool clamped = reach < plan.wanted;
  // Never more than a move may be (move_illegal: 40").
  reach = std::min(reach, 40.0);
  Action trial = plan.action;
  const auto legal_at = [&](double inches) {
    trial.dx = direction.x * inches;
    trial.dy = direction.y * inches;
    return is_legal(s, trial);
  };
  // A length the ground pass found, taken as it comes where that pass settles the move.
  const bool settled = !full_search && reach_settles(s, unit, mode, direction, near);
  const auto reach_legal_at = [&](double inches) {
    if (!settled) return legal_at(inches);
#ifdef ARAP_CHECK_INVARIANTS
    if (!legal_at(inches))
      throw std::logic_error(
          fmt::format("move planner: the ground pass allowed {}", describe(trial)));
#endif
    return true;
  };
  double best = 0.0;
  double refused = -1.0;  // a length found illegal (the stop's reason is asked there)
  // One pass over the ground along the line (unit_straight_reach) usually gives the answer,
  // checked like any move. Otherwise trial moves: the whole way, then a short first step that
  // tells modes refused whatever the length (a swim away from water, a prone unit walking) from
  // those only cut short, then bisection, which keeps `lo` legal and `hi` refused (1/256 of the
  // reach is fine enough for a player's ruler and never overshoots, as `lo` was checked).
  const double first_step = std::min(reach, 0.25);
  bool whole_way_refused = false;
  if (reach > 1e-6) {
    // A listing (no explanation wanted) has the ground measured up to the first change of level
    // and takes the answer as it comes: the whole way, else as far as the level ground allows
    // (short of the step), else nothing. A player's plan bisects across the step instead, below,
    // and asks the engine why it stops.
    double step_at = 1e18;
    int stepper = -1;  // the model that meets that step
    const auto d = unit_straight_reach(s, trial, direction, reach, plan.allowance,
                                       full_search ? nullptr : &step_at, near, &stepper);
    if (!full_search && d && step_at < 1e17) {
      // Across the step, the stepping model's own check first: the step usually bars it (a rise
      // no normal move climbs), which refuses the move without the whole unit's check.
      const auto across_legal_at = [&](double inches) {
        trial.dx = direction.x * inches;
        trial.dy = direction.y * inches;
        if (stepper >= 0 && model_move_refused(s, trial, stepper, near)) return false;
        return legal_at(inches);
      };
      if (across_legal_at(reach)) {
        best = reach;
      } else {
        // Across the step when it can be afforded (a short bisection beyond it), else up to it.
        double lo = std::min(reach, step_at + 1.0);  // a base clear of the edge
        double hi = reach;
        if (lo > step_at && across_legal_at(lo)) {
          for (int i = 0; i < 3; ++i) {
            const double mid = 0.5 * (lo + hi);
            (legal_at(mid) ? lo : hi) = mid;
          }
          best = lo;
        } else if (*d > 1e-3 && legal_at(*d)) {
          best = *d;
        }
      }
      whole_way_refused = true;
      reach = best;  // nothing further is tried
    } else if (!full_search && d && *d <= 1e-3) {
      return plan;  // barred at the first step along level ground: no length goes
    } else if (d && *d >= reach - 1e-9) {
      if (reach_legal_at(reach)) best = reach;
      whole_way_refused = best == 0.0;
    } else if (d && *d > 1e-3 && reach_legal_at(*d)) {
      best = *d;
      refused = reach;
      if (use == PlanUse::player && legal_at(std::min(reach, *d + 0.05)) == false)
        refused = std::min(reach, *d + 0.05);
    }
  }
  if (reach > 1e-6 && best == 0.0) {
    if (!whole_way_refused && legal_at(reach)) {
      best = reach;
    } else if (!legal_at(first_step)) {
      refused = first_step;
      // MOVE-20: a climb is legal only once every model that reaches what it climbs is over it,
      // so its legal lengths need not start at the unit (a rear rank may end on the wall the
      // front rank crossed). Lengths along the way are tried, the furthest first, and the
      // furthest legal one is narrowed by bisection toward the next refused.
      if (mode == table::MoveMode::climb) {
        constexpr int kSamples = 12;
        for (int k = kSamples - 1; k >= 1; --k) {  // the whole way was refused above
          const double at = first_step + (reach - first_step) * k / kSamples;
          if (!legal_at(at)) continue;
          std::tie(best, refused) = furthest_legal(
              at, first_step + (reach - first_step) * (k + 1) / kSamples, 8, legal_at);
          break;
        }
      }
    } else {
      std::tie(best, refused) = furthest_legal(first_step, reach, 8, legal_at);
    }
  }
  if (best > 1e-3) {
    plan.possible = true;
    plan.inches = best;
    plan.action.dx = direction.x * best;
    plan.action.dy = direction.y * best;
    plan.reached = best >= plan.wanted - 1e-9;
  }
  if (use != PlanUse::player) return plan;
  if (plan.possible) {
    // The cost as the engine measures it: the dearest model's.
    UnitMove move;
    if (illegal_reason_of_move(s, plan.action, &move, true).empty()) {
      plan.action_points = std::max(move.action_cost, move_action_points(s, plan.action));
      for (const auto& [m, report] : move.reports)
        plan.cost = std::max(plan.cost, report.total_cost());
    }
  }
  if (plan.reached) return plan;
  if (refused > 0.0) {
    trial.dx = direction.x * refused;
    trial.dy = direction.y * refused;
    const std::string reason = illegal_reason(s, trial);
    plan.stop = refusal_of(reason.empty() ? "MOVE-01: the way on is refused" : reason);
  } else if (clamped) {
    plan.stop = {allowance_rule(mode),
                 turning > 0.0
                     ? fmt::format("the allowance of {:.2f}\" is spent ({:.2f}\" of it on turning)",
                                   plan.allowance, turning)
                     : fmt::format("the allowance of {:.2f}\" is spent", plan.allowance)};
  }
  return plan;
}

}  // namespace detail

MovePlan plan_move(const GameState& state, int unit, table::MoveMode mode,
                   const table::Point& point, bool free_move, bool explain) {
  // ADV-68: while a unit consolidates, a plan for it is a consolidation, whatever the mode.
  if (state.phase == Phase::consolidation && unit == state.consolidator())
    return detail::plan_consolidation(state, unit, point, explain);
  return detail::plan_unit_move(state, unit, mode, point, free_move,
                                explain ? detail::PlanUse::player : detail::PlanUse::agent);
}

}  // namespace arap::game
