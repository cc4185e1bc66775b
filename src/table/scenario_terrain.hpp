// Reading a scenario's ground (catalogue §3.3): points and polygons, terrain features with their
// kinds' defaults (MOVE-03/11/12/17, SHOOT-17, ADV-04/05/09/10/46/47) and linear obstacles
// (MOVE-19/21, ACT-16). Split from scenario.cpp, which reads the rest of a scenario.
#pragma once

#include <cstddef>
#include <vector>

#include "data/library.hpp"
#include "data/yaml_reader.hpp"
#include "table/terrain.hpp"

namespace arap::table::detail {

Point read_point(const data::Field& field);
// At least `at_least` points.
std::vector<Point> read_points(const data::Field& field, std::size_t at_least);
// One entry of a scenario's `terrain` list; `library` names the examples of ground (ADV-09).
TerrainFeature read_feature(const data::Field& field, const data::Library& library);
// One entry of a scenario's `obstacles` list.
LinearObstacle read_obstacle(const data::Field& field);

}  // namespace arap::table::detail
