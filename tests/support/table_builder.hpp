// Small tables for table tests: features and obstacles in one line each.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::test {

inline table::TerrainFeature rect_feature(
    std::string id, double x0, double y0, double x1, double y1, table::MovementClass movement,
    table::Cover cover = table::Cover::none,
    double see_through = std::numeric_limits<double>::infinity()) {
  table::TerrainFeature feature;
  feature.id = std::move(id);
  feature.footprint = table::make_polygon({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
  feature.movement = movement;
  feature.cover = cover;
  feature.see_through = see_through;
  return feature;
}

inline table::LinearObstacle wall(std::string id, table::Point a, table::Point b, double height,
                                  table::Cover cover = table::Cover::hard, bool blocks = false) {
  table::LinearObstacle obstacle;
  obstacle.id = std::move(id);
  obstacle.points = {a, b};
  obstacle.height = height;
  obstacle.cover = cover;
  obstacle.blocks_sight = blocks;
  return obstacle;
}

inline table::TableModel model_at(double x, double y, double facing = 0.0, int unit = 0,
                                  int side = 0, int size = 2) {
  table::TableModel model;
  model.position = {x, y};
  model.facing = facing;
  model.unit = unit;
  model.side = side;
  model.size = size;
  model.height = 0.75 * size;
  return model;
}

}  // namespace arap::test
