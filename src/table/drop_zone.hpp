// ADV-26: the ground under a deep strike marker, and setting a unit up inside it.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

inline constexpr double kDeepStrikeMarker = 5.0;  // ADV-26: the marker's diameter, inches

// What a circular marker of `radius` centred at `centre` touches.
struct MarkerGround {
  bool off_table = false;   // part of it lies beyond the table's edge
  bool impassable = false;  // it touches impassable ground, deep water or a shut door
  bool difficult = false;
  bool very_difficult = false;
  std::vector<const TerrainFeature*> dangerous;  // dangerous features it touches (MOVE-11)
  std::vector<int> models;                       // living models whose bases it touches
  // A mishap by the ground alone (ADV-26): the edge, impassable ground or a model.
  bool blocked() const { return off_table || impassable || !models.empty(); }
};
MarkerGround ground_under_marker(const Table& table, std::span<const TableModel> models,
                                 const Point& centre, double radius);

// Spots for bases of the given radii inside the circle, the widest first from the centre
// outwards on a hexagonal lattice spaced for the widest base; none when they do not all fit.
// The spots come back in the order of `radii`.
std::optional<std::vector<Point>> pack_in_marker(const Point& centre, double radius,
                                                 std::span<const double> radii);

}  // namespace arap::table
