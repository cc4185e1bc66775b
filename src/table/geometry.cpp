#include "table/geometry.hpp"

#include <algorithm>
#include <numbers>

#include <boost/geometry.hpp>

namespace arap::table {

namespace bg = boost::geometry;

double normalise_bearing(double degrees) {
  // Within a turn either way fmod returns its argument exactly: it is skipped (listings turn
  // every model of every planned move).
  if (std::abs(degrees) < 360.0) return degrees < 0 ? degrees + 360.0 : degrees;
  double b = std::fmod(degrees, 360.0);
  if (b < 0) b += 360.0;
  return b;
}

double bearing(const Point& from, const Point& to) {
  const Point d = to - from;
  return normalise_bearing(std::atan2(d.x, d.y) * 180.0 / std::numbers::pi);
}

Point heading_vector(double bearing_degrees) {
  const double r = bearing_degrees * std::numbers::pi / 180.0;
  return {std::sin(r), std::cos(r)};
}

double turn_between(double from, double to) {
  double d = normalise_bearing(to - from);
  if (d > 180.0) d -= 360.0;
  return d;
}

double distance_to_segment(const Point& p, const Point& a, const Point& b, double* t_out) {
  const Point ab = b - a;
  const double len2 = dot(ab, ab);
  double t = len2 > 0 ? dot(p - a, ab) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  if (t_out != nullptr) *t_out = t;
  return distance(p, a + ab * t);
}

double segment_intersection(const Point& a, const Point& b, const Point& c, const Point& d) {
  const Point r = b - a;
  const Point s = d - c;
  const double denominator = cross(r, s);
  if (std::abs(denominator) < 1e-12) return -1.0;  // parallel
  const double t = cross(c - a, s) / denominator;
  const double u = cross(c - a, r) / denominator;
  if (t < 0.0 || t > 1.0 || u < 0.0 || u > 1.0) return -1.0;
  return t;
}

Polygon make_polygon(const std::vector<Point>& points) {
  Polygon polygon;
  for (const auto& p : points) bg::append(polygon.outer(), to_boost(p));
  bg::correct(polygon);  // closes the ring and orients it the way Boost.Geometry expects
  return polygon;
}

std::vector<Point> corners(const Polygon& polygon) {
  std::vector<Point> result;
  const auto& ring = polygon.outer();
  for (std::size_t i = 0; i + 1 < ring.size(); ++i) result.push_back({ring[i].x(), ring[i].y()});
  return result;
}

bool inside(const Polygon& polygon, const Point& p) {
  // Boost.Geometry's covered_by decides every point; this pass only spares it the points that are
  // clearly in or out. It is the hottest test of the game (each piece of every ground pass and
  // move check asks it: a tenth of a whole game's work, measured by callgrind), and Boost's
  // generic winding test costs some 700 instructions a call. The even-odd count of a ray's
  // crossings answers as covered_by does for any point of a simple ring more than a hair from
  // its outline (where the rounding of either cannot matter); a point within the hair of an edge
  // or a corner, or a polygon with holes, goes to Boost, which counts the border as inside.
  constexpr double kHair = 1e-7;
  const auto& ring = polygon.outer();
  if (!polygon.inners().empty() || ring.size() < 4) return bg::covered_by(to_boost(p), polygon);
  bool in = false;
  for (std::size_t i = 0; i + 1 < ring.size(); ++i) {  // closed: the last corner is the first
    const double ax = ring[i].x();
    const double ay = ring[i].y();
    const double ex = ring[i + 1].x() - ax;
    const double ey = ring[i + 1].y() - ay;
    const double across = ex * (p.y - ay) - ey * (p.x - ax);
    if (across * across <= kHair * kHair * (ex * ex + ey * ey) &&
        p.x >= std::min(ax, ax + ex) - kHair && p.x <= std::max(ax, ax + ex) + kHair &&
        p.y >= std::min(ay, ay + ey) - kHair && p.y <= std::max(ay, ay + ey) + kHair)
      return bg::covered_by(to_boost(p), polygon);  // on or by the outline
    if ((ay > p.y) != (ay + ey > p.y) && p.x < ax + (p.y - ay) * ex / ey) in = !in;
  }
  return in;
}

std::vector<Interval> inside_intervals(const Polygon& polygon, const Point& a, const Point& b) {
  using Linestring = bg::model::linestring<BoostPoint>;
  const Linestring line{to_boost(a), to_boost(b)};
  std::vector<Linestring> pieces;
  bg::intersection(line, polygon, pieces);
  std::vector<Interval> result;
  const Point ab = b - a;
  const double len2 = dot(ab, ab);
  if (len2 <= 0.0) return result;
  for (const auto& piece : pieces) {
    if (piece.size() < 2) continue;
    double lo = 1.0;
    double hi = 0.0;
    for (const auto& q : piece) {
      const double t = std::clamp(dot(Point{q.x(), q.y()} - a, ab) / len2, 0.0, 1.0);
      lo = std::min(lo, t);
      hi = std::max(hi, t);
    }
    // Boost.Geometry misreports a line through a corner exactly (it returns the whole line cut
    // at the corner), so a piece counts only when its middle really lies in the polygon.
    const Point middle = a + ab * ((lo + hi) / 2.0);
    if (hi > lo && bg::covered_by(to_boost(middle), polygon)) result.push_back({lo, hi});
  }
  std::sort(result.begin(), result.end(),
            [](const Interval& x, const Interval& y) { return x.from < y.from; });
  return result;
}

}  // namespace arap::table
