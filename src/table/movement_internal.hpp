// What movement.cpp and straight_reach.cpp share: the cost of ground along a leg (MOVE-03/06/08)
// and the changes of level along it (MOVE-19..28). Not for use outside src/table.
#pragma once

#include <vector>

#include "table/movement.hpp"

namespace arap::table::detail {

inline constexpr double kEpsilon = 1e-9;

// MOVE-03/06/08: what an inch of ground of this class costs in this mode.
double mode_factor(MoveMode mode, MovementClass movement);

struct LegCost {
  double cost = 0.0;
  const TerrainFeature* impassable = nullptr;
};

// The cost of one straight leg: the worst ground at each point along it (MOVE-03); the dangerous
// and variable ground touched, deep water and the dearest action cost are noted on the way.
// ADV-08: with `free_difficult`, that many inches of difficult or very difficult ground cost
// nothing (the first met); what the leg uses of them is taken off.
LegCost leg_cost(const Table& table, const Point& a, const Point& b, MoveMode mode,
                 std::vector<const TerrainFeature*>& dangerous,
                 std::vector<const TerrainFeature*>& variable, bool& deep_water, int& action_cost,
                 double* free_difficult = nullptr);

// MOVE-17/18: whether `p` lies in water too deep to wade.
bool deep_water_at(const Table& table, const Point& p);

// MOVE-19..28: where a straight leg steps from one level to another (a raised surface's edge).
struct LevelStep {
  double t = 0.0;     // along the leg, 0..1
  double rise = 0.0;  // positive up, negative down
  Point at;
};
// The steps along a-b, in order (a leg ending on an edge stands on the higher level).
void level_steps(const Table& table, const Point& a, const Point& b, std::vector<LevelStep>& out);

}  // namespace arap::table::detail
