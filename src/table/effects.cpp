#include "table/effects.hpp"

#include <algorithm>
#include <limits>

#include <boost/geometry.hpp>

#include "table/cover.hpp"

namespace arap::table {

namespace bg = boost::geometry;

namespace {

// The first wall or opaque feature edge crossed by a-b: parameter t and the surface normal.
double first_obstruction(const Table& table, const Point& a, const Point& b, Point& normal) {
  double best = -1.0;
  for (const auto& obstacle : table.obstacles()) {
    if (obstacle.open) continue;  // ACT-16: a marker flies through an open door
    Point n;
    const double t = obstacle.first_crossing(a, b, &n);
    if (t > 1e-9 && (best < 0.0 || t < best)) {
      best = t;
      normal = n;
    }
  }
  for (const auto& feature : table.features()) {
    if (feature.see_through > 0.0 || !segment_touches_box(a, b, feature.bounds)) continue;
    if (in_feature(feature, a)) continue;
    const auto ring = corners(feature.footprint);
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Point& c = ring[i];
      const Point& d = ring[(i + 1) % ring.size()];
      const double t = segment_intersection(a, b, c, d);
      if (t > 1e-9 && (best < 0.0 || t < best)) {
        best = t;
        const Point along = d - c;
        const double len = length(along);
        normal = Point{-along.y / len, along.x / len};
      }
    }
  }
  return best;
}

}  // namespace

StripTemplate place_strip(const Table& table, const Point& firer, double bearing_degrees,
                          bool bounce, double length) {
  StripTemplate strip;
  strip.path.push_back(firer);
  Point direction = heading_vector(bearing_degrees);
  Point at = firer;
  double left = length;
  for (int leg = 0; leg < 2 && left > 1e-9; ++leg) {
    const Point end = at + direction * left;
    Point normal;
    const double t = first_obstruction(table, at, end, normal);
    if (t < 0.0) {
      strip.path.push_back(end);
      break;
    }
    const Point hit = at + (end - at) * t;
    strip.path.push_back(hit);
    left -= distance(at, hit);
    if (!bounce || leg == 1) {
      strip.shortened = true;
      break;
    }
    // SHOOT-37: the stream reflects at the angle it struck, keeping its total length.
    direction = direction - normal * (2.0 * dot(direction, normal));
    at = hit + direction * 1e-6;
    strip.bounced = true;
  }
  return strip;
}

Polygon teardrop(const Point& firer, double bearing_degrees) {
  const Point forward = heading_vector(bearing_degrees);
  const Point side{forward.y, -forward.x};
  std::vector<Point> outline;
  constexpr double kNarrow = 0.5;  // radius at the firer's end
  constexpr double kWide = 1.5;    // radius at the far end (3" across)
  const Point near_centre = firer + forward * kNarrow;
  const Point far_centre = firer + forward * (8.0 - kWide);
  constexpr int kSteps = 12;
  for (int i = 0; i <= kSteps; ++i) {  // the far end's half circle
    const double a = -90.0 + 180.0 * i / kSteps;
    const Point dir = forward * std::cos(a * 3.14159265358979 / 180.0) +
                      side * std::sin(a * 3.14159265358979 / 180.0);
    outline.push_back(far_centre + dir * kWide);
  }
  for (int i = 0; i <= kSteps; ++i) {  // the firer's end
    const double a = 90.0 + 180.0 * i / kSteps;
    const Point dir = forward * std::cos(a * 3.14159265358979 / 180.0) +
                      side * std::sin(a * 3.14159265358979 / 180.0);
    outline.push_back(near_centre + dir * kNarrow);
  }
  Polygon hull;
  bg::convex_hull(make_polygon(outline), hull);
  return hull;
}

std::vector<int> models_under_strip(std::span<const TableModel> models,
                                    const StripTemplate& strip) {
  std::vector<int> result;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    if (!models[i].alive) continue;
    const double reach = strip.half_width + kBaseTolerance * models[i].base_radius;
    for (std::size_t leg = 0; leg + 1 < strip.path.size(); ++leg) {
      const Point a = strip.path[leg];
      const Point b = strip.path[leg + 1];
      const Point ab = b - a;
      const double len = length(ab);
      if (len <= 0) continue;
      const Point along = ab * (1.0 / len);
      const Point rel = models[i].position - a;
      const double forward = dot(rel, along);
      const double lateral = std::abs(cross(along, rel));
      // The stream's length is a hard limit; its sides allow for the base (SHOOT-46).
      if (forward >= 0.0 && forward <= len && lateral <= reach + 1e-9) {
        result.push_back(i);
        break;
      }
    }
  }
  return result;
}

std::vector<int> models_under_polygon(std::span<const TableModel> models, const Polygon& shape) {
  std::vector<int> result;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    if (!models[i].alive) continue;
    const double gap = bg::distance(to_boost(models[i].position), shape);
    if (gap <= kBaseTolerance * models[i].base_radius + 1e-9) result.push_back(i);
  }
  return result;
}

std::vector<int> models_under_marker(std::span<const TableModel> models, const Point& centre,
                                     double radius) {
  std::vector<int> result;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    if (!models[i].alive) continue;
    const double reach = radius + kBaseTolerance * models[i].base_radius;
    if (distance(models[i].position, centre) <= reach + 1e-9) result.push_back(i);
  }
  return result;
}

std::vector<int> models_under_area(const Table& table, std::span<const TableModel> models,
                                   const Point& centre, double radius, bool confined_spaces) {
  std::vector<int> under = models_under_marker(models, centre, radius);
  for (const auto* feature : table.features_at(centre)) {
    if (feature->kind != TerrainKind::trench && !(confined_spaces && feature->confined)) continue;
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
      if (!models[i].alive || distance(models[i].position, centre) > 3.0 + 1e-9) continue;
      if (!in_feature(*feature, models[i].position)) continue;
      if (std::find(under.begin(), under.end(), i) == under.end()) under.push_back(i);
    }
  }
  std::sort(under.begin(), under.end());
  return under;
}

Point scattered_point(const Table& table, const Point& aim, double distance_inches,
                      double bearing_degrees) {
  return table.clamp(aim + heading_vector(bearing_degrees) * distance_inches);
}

Point intercept_flight(const Table& table, std::span<const TableModel> models, const Point& shooter,
                       const Point& landing, int own_unit, bool lobbed) {
  if (lobbed) return landing;
  Point normal;
  double best = first_obstruction(table, shooter, landing, normal);
  const double span = distance(shooter, landing);
  for (const auto& model : models) {
    if (!model.alive || model.unit == own_unit) continue;
    double t = 0.0;
    const double gap = distance_to_segment(model.position, shooter, landing, &t);
    if (gap >= model.base_radius || t <= 0.0) continue;
    // Where the line first meets the base.
    const double back = std::sqrt(model.base_radius * model.base_radius - gap * gap);
    const double entry = std::max(0.0, t - back / span);
    if (best < 0.0 || entry < best) best = entry;
  }
  if (best < 0.0) return landing;
  const double stop = std::max(0.0, best - 0.01 / std::max(span, 1e-9));
  return shooter + (landing - shooter) * stop;
}

std::vector<Cover> cover_from_centre(const Table& table, std::span<const TableModel> models,
                                     const std::vector<int>& under, const Point& centre,
                                     bool marker_calls) {
  std::vector<Cover> result;
  for (const int i : under) {
    result.push_back(
        model_cover(table, centre, models[i].position, /*exempt_within=*/0.0, marker_calls));
  }
  return result;
}

}  // namespace arap::table
