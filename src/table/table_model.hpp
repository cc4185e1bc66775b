// A model as the table sees it: where it stands, which way it faces, how big it is, and whose it
// is. The game keeps one per model; table queries take them as a span.
#pragma once

#include <cstdint>

#include "table/geometry.hpp"

namespace arap::table {

struct TableModel {
  Point position;
  double facing = 0.0;        // bearing, degrees clockwise from north
  double base_radius = 0.49;  // inches (a 25 mm base)
  int size = 2;               // GEN-06; also the mêlée radius in inches (MELEE-01)
  int bulk = 1;               // GEN-07: places taken in a transport or a narrow opening
  double height = 1.5;        // inches, base included (MOVE-19 ruling)
  int unit = -1;              // unit (or sub-unit) index
  int side = 0;
  bool alive = true;
  bool engaged = false;  // in mêlée (SHOOT-20: cannot be fired past)
  bool mounted = false;
  bool infra_vision = false;        // ADV-35: sees through smoke, though not through a blind cloud
  bool leaping = false;             // ADV-07: climbs up or down twice its height at no cost
  bool move_through_cover = false;  // ADV-08: the first inch of rough ground an action is free
  // ADV-21: how many inches the model sees in the rain (0: no limit); the game sets it from the
  // rain level and the model's infra-vision.
  std::uint8_t sight_limit = 0;
  friend bool operator==(const TableModel&, const TableModel&) = default;
};

inline double base_radius_inches(int base_mm) {
  return base_mm / 25.4 / 2.0;
}

}  // namespace arap::table
