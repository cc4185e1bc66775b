// GEN-09: a unit's models stay within 3" (centre to centre) of at least one other member; parts
// that lose touch become sub-units until they rejoin.
#pragma once

#include <span>
#include <vector>

#include "table/table_model.hpp"

namespace arap::table {

constexpr double kCoherencyDistance = 3.0;

// The connected groups of `members` (indices into `models`) under the 3" chain rule, largest
// first; one group means the unit is coherent.
std::vector<std::vector<int>> coherent_groups(std::span<const TableModel> models,
                                              const std::vector<int>& members);
bool coherent(std::span<const TableModel> models, const std::vector<int>& members);

}  // namespace arap::table
