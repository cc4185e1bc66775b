// SHOOT-36..46, SHOOT-50/57: templates and area markers on the table: where they lie, where a
// scattered marker ends up (clamped to the table, stopped by obstructions), who is under them
// and what cover each model has against them.
#pragma once

#include <span>
#include <vector>

#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

// SHOOT-46 engine note: a model is under an effect when its centre is within the effect's edge
// plus this fraction of its base radius.
constexpr double kBaseTolerance = 0.5;

// SHOOT-36/37: the 8" x 2" strip template, as one or two legs (after a bounce off a wall).
struct StripTemplate {
  std::vector<Point> path;  // firer end first; 2 points, or 3 after a bounce
  double half_width = 1.0;
  bool bounced = false;    // SHOOT-37: -1 to hit
  bool shortened = false;  // stopped by an obstruction without bouncing
};
StripTemplate place_strip(const Table& table, const Point& firer, double bearing_degrees,
                          bool bounce, double length = 8.0);

// SHOOT-36: the teardrop, narrow end at the firer: 8" long, 3" wide at its far end.
Polygon teardrop(const Point& firer, double bearing_degrees);

std::vector<int> models_under_strip(std::span<const TableModel> models, const StripTemplate& strip);
std::vector<int> models_under_polygon(std::span<const TableModel> models, const Polygon& shape);
// SHOOT-43: models under a marker of `radius` centred at `centre`.
std::vector<int> models_under_marker(std::span<const TableModel> models, const Point& centre,
                                     double radius);

// SHOOT-43/44: models under an area marker on this table. A marker centred over a trench also
// catches every occupant of that trench within 3" of its centre (the 6" section), and they have
// no cover from it; occupants of a trench the centre is outside keep the trench's hard cover.
// ADV-47 (with `confined_spaces`): so does a marker centred in a confined feature (a building's
// interior), for everyone inside it within 3".
std::vector<int> models_under_area(const Table& table, std::span<const TableModel> models,
                                   const Point& centre, double radius,
                                   bool confined_spaces = false);

// SHOOT-41/42/50/57: the point a marker moves to from `aim` (clamped to the table edge).
Point scattered_point(const Table& table, const Point& aim, double distance,
                      double bearing_degrees);
// SHOOT-45: trace from `shooter` to `landing`; if a wall, an opaque feature or a model (not of
// `own_unit`) lies on the way, the marker stops on the shooter's side of the first one. Lobbed
// (high-trajectory and indirect) shots pass over everything.
Point intercept_flight(const Table& table, std::span<const TableModel> models, const Point& shooter,
                       const Point& landing, int own_unit, bool lobbed = false);

// SHOOT-44: cover of each model under a marker, judged from the marker's centre; with
// `marker_calls` (ADV-46) soft cover ruled open to markers gives none.
std::vector<Cover> cover_from_centre(const Table& table, std::span<const TableModel> models,
                                     const std::vector<int>& under, const Point& centre,
                                     bool marker_calls = false);

}  // namespace arap::table
