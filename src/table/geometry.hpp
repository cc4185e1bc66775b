// Plane geometry of the table in inches (GEN-04): x grows east, y grows north, bearings are
// degrees clockwise from north. Polygons are Boost.Geometry models.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <boost/geometry/geometries/box.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

namespace arap::table {

struct Point {
  double x = 0.0;
  double y = 0.0;
  friend bool operator==(const Point&, const Point&) = default;
  Point operator+(const Point& o) const { return {x + o.x, y + o.y}; }
  Point operator-(const Point& o) const { return {x - o.x, y - o.y}; }
  Point operator*(double k) const { return {x * k, y * k}; }
};

using BoostPoint = boost::geometry::model::d2::point_xy<double>;
using Polygon = boost::geometry::model::polygon<BoostPoint>;  // clockwise, closed
using Box = boost::geometry::model::box<BoostPoint>;

inline BoostPoint to_boost(const Point& p) {
  return {p.x, p.y};
}
inline double dot(const Point& a, const Point& b) {
  return a.x * b.x + a.y * b.y;
}
inline double cross(const Point& a, const Point& b) {
  return a.x * b.y - a.y * b.x;
}
inline double length(const Point& v) {
  return std::sqrt(v.x * v.x + v.y * v.y);
}
// GEN-04: centre to centre.
inline double distance(const Point& a, const Point& b) {
  return length(b - a);
}
// From `p` to the nearest point of the axis-aligned box from `lo` to `hi` (0 within it): no point
// of the box, so nothing standing in it, lies nearer.
inline double distance_to_box(const Point& p, const Point& lo, const Point& hi) {
  const double dx = std::max({0.0, lo.x - p.x, p.x - hi.x});
  const double dy = std::max({0.0, lo.y - p.y, p.y - hi.y});
  return std::sqrt(dx * dx + dy * dy);
}

// The axis-aligned box around the points added to it (empty until the first). No point of one
// box lies nearer to any point of another than the gap between them, so a unit's box bounds
// every range from it (SHOOT-01, SHOOT-49, CHARGE-02) at the cost of one pass over each unit.
struct PointBox {
  Point lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Point hi{-std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
  void add(const Point& p) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
  bool empty() const { return lo.x > hi.x; }
  // Infinite when either box is empty.
  double gap(const PointBox& other) const {
    if (empty() || other.empty()) return std::numeric_limits<double>::infinity();
    const double dx = std::max({0.0, lo.x - other.hi.x, other.lo.x - hi.x});
    const double dy = std::max({0.0, lo.y - other.hi.y, other.lo.y - hi.y});
    return std::sqrt(dx * dx + dy * dy);
  }
};

// Bearing of `to` seen from `from` (degrees clockwise from north, 0..360).
double bearing(const Point& from, const Point& to);
// Unit vector pointing along a bearing.
Point heading_vector(double bearing_degrees);
// The signed smallest turn from bearing `from` to bearing `to`, in (-180, 180].
double turn_between(double from, double to);
// Normalises to [0, 360).
double normalise_bearing(double degrees);

// Distance from `p` to the segment a-b, and the parameter (0..1) of the closest point.
double distance_to_segment(const Point& p, const Point& a, const Point& b, double* t = nullptr);
// Intersection parameter t along a-b of the segments a-b and c-d, or a negative number.
double segment_intersection(const Point& a, const Point& b, const Point& c, const Point& d);

// A closed polygon from its corners (any orientation), corrected for Boost.Geometry.
Polygon make_polygon(const std::vector<Point>& corners);
std::vector<Point> corners(const Polygon& polygon);
bool inside(const Polygon& polygon, const Point& p);  // border counts as inside
// The parts of the segment a-b inside the polygon, as sorted parameter intervals along a-b.
struct Interval {
  double from = 0.0;
  double to = 0.0;
};
std::vector<Interval> inside_intervals(const Polygon& polygon, const Point& a, const Point& b);

}  // namespace arap::table
