// Internal to the game layer: the move planner's workhorse, shared by plan_move (which explains
// where a move stops) and legal_actions (which only needs the moves).
#pragma once

#include <utility>

#include "game/engine.hpp"

namespace arap::game::detail {

struct UnitMove;

// What lies within reach of every move a listing plans for one unit: the other units' models near
// it (slot 0 left for the model being checked) and the terrain, gathered once for all its plans.
// Each plan still tests them exactly, so a superset changes no answer.
struct MoveNeighbourhood {
  std::vector<table::TableModel> models;
  table::NearbyTerrain terrain;
  // The directions (unit vectors) of the feature edges and obstacle pieces whose lines run
  // through a model's centre. A move along one of them grazes the outline all the way, where the
  // ground pass's long ray and the legality check's leg may round the other way; such plans are
  // checked by the engine instead (reach_settles).
  std::vector<table::Point> edge_lines;
  // ADV-74: the part the unit must move toward to reform (reform_target), or -1. Its moves must
  // bring it nearer, which the ground pass does not weigh.
  int reform_to = -1;
  // What every plan would otherwise find again: the box the unit's living models stand in (the
  // box a move sweeps is it and it shifted), ADV-15/21's slowing of every move (move_rate) and the
  // unit's centre.
  table::Point members_lo, members_hi;
  double rate = 1.0;
  table::Point centre;  // unit_centre's answer
};
// The neighbourhood of moves of up to `reach` inches by `unit`.
MoveNeighbourhood move_neighbourhood(const GameState& state, int unit, double reach);

// MOVE-13/17: the inches a mode allows a unit (tactical and swim moves: their best roll); with
// `near`, ADV-15/21's rate as it found it.
double mode_allowance(const GameState& state, int unit, table::MoveMode mode,
                      const MoveNeighbourhood* near = nullptr);
// Who a plan is for: a listing (legal_actions: the ground pass's answer where it settles the move,
// a short search across a change of level), an agent (a full search, nothing measured or
// explained) or a player (a full search, its cost and why it stops).
enum class PlanUse : std::uint8_t { listing, agent, player };
MovePlan plan_unit_move(const GameState& state, int unit, table::MoveMode mode,
                        const table::Point& point, bool free_move, PlanUse use,
                        const MoveNeighbourhood* near = nullptr);
// The move check of illegal_reason for a move or free move (the action's kind says which),
// filling `checked` when legal.
std::string illegal_reason_of_move(const GameState& state, const Action& action, UnitMove* checked,
                                   bool explain);
// The furthest length in [0, limit] the whole unit may move along `direction` in the action's
// mode with every model's path unbarred, affordable with `allowance` and every end clear of other
// units' bases (table::straight_reach per model). Empty where only trial moves can tell (changes
// of level). The unit-level conditions (ACT-10, MELEE-11, ladders) are left to the legality check.
// With `level_step_at`, a change of level bounds the answer instead (as in table::straight_reach):
// the nearest such step any model meets is stored there, and the answer holds short of it.
// `near`, when given, holds every model and feature the move can meet. `level_step_model`, with
// `level_step_at`, receives the model that meets that nearest step.
std::optional<double> unit_straight_reach(const GameState& state, const Action& action,
                                          const table::Point& direction, double limit,
                                          double allowance, double* level_step_at = nullptr,
                                          const MoveNeighbourhood* near = nullptr,
                                          int* level_step_model = nullptr);
// Whether model `m`'s own part of the body move `action` (a move or free move, every model the
// action's displacement) is refused by the table's check, made exactly as the unit's legality
// check makes it for that model (`near`, when given, holds every model the move can meet). A
// model refused refuses the move (MOVE-01): a listing asks this of the one model whose way a
// change of level bars before it asks the unit's whole check.
bool model_move_refused(const GameState& state, const Action& action, int m,
                        const MoveNeighbourhood* near);
// ADV-68: the furthest consolidation of the consolidating `unit` toward `point` (its rolled
// inches, clear of the enemy); `explain` words why it stops short.
MovePlan plan_consolidation(const GameState& state, int unit, const table::Point& point,
                            bool explain);
// The bisection both planners share: with `legal(lo)` true and `legal(hi)` false, `steps` halvings
// narrow the pair (a move's legal lengths along a line run from its start, so the boundary lies
// between them). Returns {furthest legal length found, nearest refused length}.
template <class Legal>
std::pair<double, double> furthest_legal(double lo, double hi, int steps, const Legal& legal) {
  for (int i = 0; i < steps; ++i) {
    const double mid = 0.5 * (lo + hi);
    (legal(mid) ? lo : hi) = mid;
  }
  return {lo, hi};
}
// ACT-09/ACT-10: AP a move action costs before dear ground (climb 2, poor swimmers 2, else 1).
int move_action_points(const GameState& state, const Action& action);

}  // namespace arap::game::detail
