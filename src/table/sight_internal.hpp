// What terrain_sight.cpp and line_of_sight.cpp share. Not for use outside src/table.
#pragma once

#include "table/terrain.hpp"

namespace arap::table::detail {

// ADV-35: whether the line a-b meets a blind cloud (infra-vision sees through other smoke).
bool blind_cloud_between(const Table& table, const Point& a, const Point& b);

}  // namespace arap::table::detail
