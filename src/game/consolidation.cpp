// ADV-68 consolidation, and ADV-70's pursuers who catch and destroy their routers: a unit freed
// from a fight by slaying every foe it had rolls D6 and may move that far at once, in any
// direction. The move is free (no AP, not a Charge), costs nothing for difficult, very difficult
// or variable ground and makes no dangerous-ground test, and must end with every model at least
// 1" from every enemy model and, not being a Charge, engaged with none (MELEE-01). The owner
// decides where (the consolidation phase); staying put is a consolidation of 0".
#include <algorithm>
#include <cmath>
#include <tuple>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "game/planner.hpp"
#include "table/geometry.hpp"

namespace arap::game::detail {

namespace {

// ADV-68: the least gap between the bases of the unit's models and enemy models at the end.
constexpr double kEnemyClearance = 1.0;
// The ground is not weighed (ADV-68): any allowance a move may have pays for it.
constexpr double kUnweighedAllowance = 40.0;

// Whether every model of `unit` displaced by `shift` ends clear of the enemy: at least 1" from
// every enemy model, base edge to base edge, and outside every mêlée radius either way (MELEE-01:
// a consolidation is not a Charge; for man-sized models the radius reaches just that 1").
bool clear_of_enemies(const GameState& s, int unit, const table::Point& shift) {
  const auto& info = s.setup->units[unit];
  for (int e = 0; e < static_cast<int>(s.models.size()); ++e) {
    const auto& other = s.models[e].pose;
    if (!other.alive || other.side == info.side) continue;
    for (int m : s.members(unit)) {
      table::TableModel pose = s.models[m].pose;
      if (!pose.alive) continue;
      pose.position = pose.position + shift;
      const double gap =
          table::distance(pose.position, other.position) - pose.base_radius - other.base_radius;
      if (gap < kEnemyClearance - 1e-9 || engaged_pair(pose, other)) return false;
    }
  }
  return true;
}

}  // namespace

void offer_consolidation(Context& c, int unit, const char* rule) {
  GameState& s = c.state;
  if (fixed_in_place(s, unit)) return;  // ADV-29: an emplacement stays where it is
  c.dice.start();
  const int inches = c.dice.roll(6);
  s.units[unit].consolidation = static_cast<std::int8_t>(inches);
  c.roll_event(rule, "consolidation", 0, unit, {{"inches", inches}});
}

bool begin_consolidation(Context& c, bool after_melee) {
  GameState& s = c.state;
  if (s.consolidator() < 0) return false;
  s.phase = Phase::consolidation;
  s.consolidation_after_melee = after_melee;
  s.active_unit = -1;
  s.action_points = 0;
  return true;
}

std::string consolidation_illegal(const GameState& s, const Action& a, bool explain,
                                  UnitMove* checked) {
  const int unit = s.consolidator();
  if (a.unit != unit) {
    if (!explain) return "ADV-68";
    return fmt::format("ADV-68: {} consolidates first",
                       unit >= 0 ? s.setup->units[unit].name : std::string("nobody"));
  }
  if (!std::isfinite(a.dx) || !std::isfinite(a.dy)) return "ADV-68: the move is not a number";
  if (a.mode != table::MoveMode::normal)
    return "ADV-68: a consolidation is a plain move (no mode but normal)";
  const double length = std::hypot(a.dx, a.dy);
  const double inches = s.units[unit].consolidation * move_rate(s, unit);  // ADV-15/21
  if (length > inches + 1e-9) {
    if (!explain) return "ADV-68";
    return fmt::format("ADV-68: the consolidation roll allows {}\" and that is {:.2f}\"", inches,
                       length);
  }
  if (length < 1e-9) return "";  // it stays where it is (and may turn to `facing`)
  if (!clear_of_enemies(s, unit, {a.dx, a.dy}))
    return "ADV-68: a consolidation ends more than 1\" from every enemy model, outside every "
           "mêlée radius (it is not a Charge)";
  UnitMove move = check_unit_move(s, a, kUnweighedAllowance, 1.0, explain);
  if (!move.reason.empty()) return move.reason;
  std::string ladder = ladder_problem(s, move);  // MOVE-28
  if (ladder.empty() && checked != nullptr) *checked = std::move(move);
  return ladder;
}

void apply_consolidation(Context& c, const Action& a, const UnitMove& move) {
  GameState& s = c.state;
  const int unit = a.unit;
  const table::Point shift{a.dx, a.dy};
  const table::Point from = moving_from(c, unit);
  if (std::hypot(a.dx, a.dy) > 1e-9) {
    const std::vector<table::Point> start = model_positions(s);
    for (const auto& [m, report] : move.reports) {
      s.models[m].pose.position = s.models[m].pose.position + shift;
      s.models[m].pose.facing = report.final_facing;
    }
    note_ladders(s, move);              // MOVE-28
    level_tests(c, unit, move, start);  // gaps and drops are not "difficult ground"
  } else if (a.facing) {
    for (int m : c.state.members(unit))
      if (s.models[m].pose.alive) s.models[m].pose.facing = *a.facing;
  }
  s.units[unit].consolidation = 0;
  log_unit_moved(c, unit, from, "consolidation", "ADV-68");
  if (s.consolidator() >= 0) return;
  if (s.consolidation_after_melee) {
    s.consolidation_after_melee = false;
    spend_held_points(c);  // ACT-09: AP held through the rounds may still be spent
  } else {
    s.phase = Phase::activation;
  }
}

MovePlan plan_consolidation(const GameState& s, int unit, const table::Point& point, bool explain) {
  MovePlan plan;
  plan.action = make_action(ActionKind::consolidate, unit);
  plan.action_points = 0;
  if (s.phase != Phase::consolidation || unit != s.consolidator()) {
    plan.stop = {"ADV-68", "only a unit that has just slain all its foes consolidates"};
    return plan;
  }
  const table::Point centre = unit_centre(s, unit);
  const table::Point to = point - centre;
  plan.wanted = table::length(to);
  plan.allowance = s.units[unit].consolidation * move_rate(s, unit);  // ADV-15/21
  if (plan.wanted < 1e-9) {
    plan.stop = {"", "the unit is there already"};
    return plan;
  }
  const table::Point direction = to * (1.0 / plan.wanted);
  const double reach = std::min(plan.wanted, plan.allowance);
  Action trial = plan.action;
  const auto legal_at = [&](double inches) {
    trial.dx = direction.x * inches;
    trial.dy = direction.y * inches;
    return consolidation_illegal(s, trial, false).empty();
  };
  double best = 0.0;
  double refused = -1.0;
  if (legal_at(reach)) {
    best = reach;
  } else {
    // Bisection keeps `lo` legal and `hi` refused (nearer enemies and blocked ground only shorten
    // a consolidation along a line, so the legal lengths run from 0).
    std::tie(best, refused) = furthest_legal(0.0, reach, 10, legal_at);
  }
  if (best > 1e-3) {
    plan.possible = true;
    plan.inches = best;
    plan.cost = best;
    plan.action.dx = direction.x * best;
    plan.action.dy = direction.y * best;
    plan.reached = best >= plan.wanted - 1e-9;
  }
  if (!explain || plan.reached) return plan;
  if (refused > 0.0) {
    trial.dx = direction.x * refused;
    trial.dy = direction.y * refused;
    plan.stop = refusal_of(consolidation_illegal(s, trial, true));
  } else {
    plan.stop = {"ADV-68", fmt::format("the consolidation roll allows {}\"", plan.allowance)};
  }
  return plan;
}

}  // namespace arap::game::detail
