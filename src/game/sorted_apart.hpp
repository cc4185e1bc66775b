// GEN-04 / SHOOT-01 / CHARGE-02 at scale: the living models of one unit sorted along the axis on
// which it and another unit lie apart (table::AxisSorted), for the nearest-model searches made
// from each of the other's models (ranges to a big target, the nearest pair of a Charge).
#pragma once

#include <cstddef>

#include "game/engine.hpp"
#include "table/axis_sorted.hpp"

namespace arap::game::detail {

// `unit`'s living models seen from `from_unit`, each pose asked of `pose_of(m)` (the state's, or a
// table's gathered poses). Left empty when either unit has no living model, or when `unit` has
// fewer than `at_least` (below which a plain scan costs less than sorting).
template <typename PoseOf>
table::AxisSorted sorted_apart(const GameState& s, int from_unit, int unit, PoseOf pose_of,
                               std::size_t at_least = 1) {
  table::Point from_sum, unit_sum;
  std::size_t from_count = 0;
  std::size_t unit_count = 0;
  for (int m : s.members(from_unit))
    if (pose_of(m).alive) from_sum = from_sum + pose_of(m).position, ++from_count;
  for (int n : s.members(unit))
    if (pose_of(n).alive) unit_sum = unit_sum + pose_of(n).position, ++unit_count;
  const table::Point apart = from_count == 0 || unit_count == 0
                                 ? table::Point{}
                                 : unit_sum * (1.0 / static_cast<double>(unit_count)) -
                                       from_sum * (1.0 / static_cast<double>(from_count));
  table::AxisSorted sorted(table::AxisSorted::along_x_for(apart));
  if (from_count == 0 || unit_count == 0 || unit_count < at_least) return sorted;
  for (int n : s.members(unit))
    if (pose_of(n).alive) sorted.add(pose_of(n).position, n);
  sorted.sort();
  return sorted;
}

}  // namespace arap::game::detail
