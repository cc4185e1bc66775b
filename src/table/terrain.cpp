#include "table/terrain.hpp"

#include <algorithm>
#include <array>
#include <atomic>

#include <boost/geometry.hpp>
#include <boost/iterator/function_output_iterator.hpp>

namespace arap::table {

namespace bg = boost::geometry;

namespace {

constexpr std::array<std::string_view, 19> kKindNames = {
    "ground",    "wood",   "building", "ruin",   "rubble",    "wall", "hedge",
    "fence",     "trench", "water",    "ladder", "minefield", "hill", "crater",
    "barricade", "smoke",  "rope",     "door",   "console"};

// ACT-16: a door standing open is a gap in its wall.
void set_open(LinearObstacle& door, const LinearObstacle& shut, bool open) {
  door = shut;
  door.open = open;
  if (open) {
    door.cover = Cover::none;
    door.blocks_sight = false;
  }
}

}  // namespace

std::string_view to_string(Cover cover) {
  switch (cover) {
    case Cover::none:
      return "open";
    case Cover::soft:
      return "soft";
    case Cover::hard:
      return "hard";
  }
  return "open";
}

std::string_view to_string(MovementClass movement) {
  switch (movement) {
    case MovementClass::normal:
      return "normal";
    case MovementClass::difficult:
      return "difficult";
    case MovementClass::very_difficult:
      return "very_difficult";
    case MovementClass::impassable:
      return "impassable";
  }
  return "normal";
}

std::string_view to_string(TerrainKind kind) {
  return kKindNames[static_cast<std::size_t>(kind)];
}

std::optional<TerrainKind> terrain_kind_from_string(std::string_view text) {
  for (std::size_t i = 0; i < kKindNames.size(); ++i) {
    if (kKindNames[i] == text) return static_cast<TerrainKind>(i);
  }
  return std::nullopt;
}

double LinearObstacle::first_crossing(const Point& a, const Point& b, Point* normal) const {
  double best = -1.0;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const double t = segment_intersection(a, b, points[i], points[i + 1]);
    if (t >= 0.0 && (best < 0.0 || t < best)) {
      best = t;
      if (normal != nullptr) {
        const Point along = points[i + 1] - points[i];
        const double len = length(along);
        *normal = Point{-along.y / len, along.x / len};
      }
    }
  }
  return best;
}

Point Table::clamp(const Point& p) const {
  return {std::clamp(p.x, 0.0, width_), std::clamp(p.y, 0.0, height_)};
}

std::uint64_t Table::next_revision() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

void Table::add_feature(TerrainFeature feature) {
  revision_ = next_revision();
  bg::envelope(feature.footprint, feature.bounds);
  feature.ring = corners(feature.footprint);
  const int index = static_cast<int>(features_.size());
  if (feature.elevation > 0.0) {
    uphill_.push_back(index);
    if (feature.kind != TerrainKind::hill) raised_.push_back(index);
  }
  if (feature.kind == TerrainKind::ladder) {
    feature.ladder_slot = ladder_count_++;
    ladders_.push_back(index);
  }
  if (feature.kind == TerrainKind::rope) ropes_.push_back(index);
  if (feature.action_cost > 1) dear_ground_ = true;
  if (feature.agility != Agility::none) agility_ = true;
  if (feature.kind == TerrainKind::smoke) smoke_ = true;
  feature_index_.insert({feature.bounds, index});
  features_.push_back(std::move(feature));
}

void Table::add_obstacle(LinearObstacle obstacle) {
  revision_ = next_revision();
  Point lo{1e18, 1e18};
  Point hi{-1e18, -1e18};
  for (const auto& p : obstacle.points) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
  }
  const int index = static_cast<int>(obstacles_.size());
  obstacle_index_.insert({Box(BoostPoint(lo.x, lo.y), BoostPoint(hi.x, hi.y)), index});
  if (obstacle.kind == TerrainKind::door) {
    // ACT-16: the shut form is kept, so that a table with other doors open can be made from it.
    obstacle.door = door_count();
    LinearObstacle shut = obstacle;
    shut.open = false;
    set_open(obstacle, shut, obstacle.open);
    door_forms_.push_back(std::move(shut));
    devices_.insert(devices_.begin() + obstacle.door,
                    Device{obstacle.id, index, -1, {obstacle.door}});
  }
  obstacles_.push_back(std::move(obstacle));
}

void Table::add_console(int feature, std::vector<int> doors) {
  revision_ = next_revision();
  devices_.push_back(Device{features_[feature].id, -1, feature, std::move(doors)});
}

unsigned Table::doors_open() const {
  unsigned open = 0;
  for (const auto& device : devices_)
    if (device.is_door() && obstacles_[device.obstacle].open) open |= 1u << device.doors[0];
  return open;
}

Table Table::with_doors(unsigned open) const {
  Table out = *this;
  out.revision_ = next_revision();
  for (const auto& device : devices_) {
    if (!device.is_door()) continue;
    const int door = device.doors[0];
    set_open(out.obstacles_[device.obstacle], door_forms_[door], (open >> door & 1u) != 0);
  }
  return out;
}

double Table::device_level(const Device& device) const {
  if (device.is_door()) {
    const auto& points = obstacles_[device.obstacle].points;
    return level_at(points[0] + (points[1] - points[0]) * 0.5);
  }
  BoostPoint centre;
  bg::centroid(features_[device.feature].footprint, centre);
  return level_at({centre.x(), centre.y()});
}

double Table::device_distance(const Device& device, const Point& p) const {
  // Boost.Geometry: to the door's line, or to the console's footprint (0 inside it).
  if (device.is_door()) {
    bg::model::linestring<BoostPoint> line;
    for (const auto& point : obstacles_[device.obstacle].points) line.push_back(to_boost(point));
    return bg::distance(to_boost(p), line);
  }
  return bg::distance(to_boost(p), features_[device.feature].footprint);
}

IndexList Table::query(const Index& index, const Point& a, const Point& b) {
  IndexList out;
  const Box span(BoostPoint(std::min(a.x, b.x), std::min(a.y, b.y)),
                 BoostPoint(std::max(a.x, b.x), std::max(a.y, b.y)));
  index.query(
      boost::geometry::index::intersects(span),
      boost::make_function_output_iterator([&out](const Indexed& v) { out.push_back(v.second); }));
  std::sort(out.begin(), out.end());
  return out;
}

IndexList Table::features_near(const Point& a, const Point& b) const {
  return query(feature_index_, a, b);
}

IndexList Table::obstacles_near(const Point& a, const Point& b) const {
  return query(obstacle_index_, a, b);
}

double Table::highest_elevation(const std::vector<int>& indices, const Point& p) const {
  double level = 0.0;
  for (const int i : indices)
    if (features_[i].elevation > level && in_feature(features_[i], p))
      level = features_[i].elevation;
  return level;
}

const TerrainFeature* Table::ladder_at(const Point& p) const {
  for (const int i : ladders_)
    if (in_feature(features_[i], p)) return &features_[i];
  return nullptr;
}

const TerrainFeature* Table::rope_at(const Point& p) const {
  for (const int i : ropes_)
    if (in_feature(features_[i], p)) return &features_[i];
  return nullptr;
}

std::vector<const TerrainFeature*> Table::features_at(const Point& p) const {
  std::vector<const TerrainFeature*> result;
  for (const int i : features_near(p, p)) {
    if (in_feature(features_[i], p)) {
      result.push_back(&features_[i]);
    }
  }
  return result;
}

MovementClass Table::movement_at(const Point& p) const {
  MovementClass worst = MovementClass::normal;
  for (const auto* feature : features_at(p)) worst = std::max(worst, feature->movement);
  return worst;
}

bool segment_touches_box(const Point& a, const Point& b, const Box& box) {
  // Slab test of the segment's parameter range against both axes.
  double t0 = 0.0;
  double t1 = 1.0;
  const double lo[2] = {box.min_corner().x(), box.min_corner().y()};
  const double hi[2] = {box.max_corner().x(), box.max_corner().y()};
  const double start[2] = {a.x, a.y};
  const double delta[2] = {b.x - a.x, b.y - a.y};
  for (int axis = 0; axis < 2; ++axis) {
    if (std::abs(delta[axis]) < 1e-12) {
      if (start[axis] < lo[axis] || start[axis] > hi[axis]) return false;
      continue;
    }
    double enter = (lo[axis] - start[axis]) / delta[axis];
    double leave = (hi[axis] - start[axis]) / delta[axis];
    if (enter > leave) std::swap(enter, leave);
    t0 = std::max(t0, enter);
    t1 = std::min(t1, leave);
    if (t0 > t1) return false;
  }
  return true;
}

double IntervalList::total() const {
  double sum = 0.0;
  for (const auto& piece : *this) sum += piece.to - piece.from;
  return sum;
}

bool in_feature(const TerrainFeature& feature, const Point& p) {
  const auto& lo = feature.bounds.min_corner();
  const auto& hi = feature.bounds.max_corner();
  if (p.x < lo.x() || p.y < lo.y() || p.x > hi.x() || p.y > hi.y()) return false;
  return inside(feature.footprint, p);
}

bool Table::in_cloud(const Point& p, bool infra_vision) const {
  if (!smoke_) return false;
  for (const auto& feature : features_)
    if (feature.kind == TerrainKind::smoke && (feature.blind || !infra_vision) &&
        in_feature(feature, p))
      return true;
  return false;
}

bool crosses_outline(const TerrainFeature& feature, const Point& a, const Point& b) {
  const auto& ring = feature.ring;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    if (segment_intersection(a, b, ring[i], ring[(i + 1) % ring.size()]) >= 0.0) return true;
  }
  return false;
}

IntervalList feature_intervals(const TerrainFeature& feature, const Point& a, const Point& b) {
  IntervalList result;
  std::array<double, 34> cuts;  // only the first n are ever read
  std::size_t n = 0;
  cuts[n++] = 0.0;
  const auto& ring = feature.ring;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    const double t = segment_intersection(a, b, ring[i], ring[(i + 1) % ring.size()]);
    if (t < 0.0) continue;
    if (n + 1 >= cuts.size()) {  // an outline this jagged: let Boost.Geometry do all of it
      result.count = 0;
      for (const auto& piece : inside_intervals(feature.footprint, a, b)) {
        if (result.count < static_cast<int>(result.items.size()))
          result.items[result.count++] = piece;
      }
      return result;
    }
    cuts[n++] = t;
  }
  cuts[n++] = 1.0;
  if (n == 2 && !in_feature(feature, a)) return result;  // no crossing and outside
  std::sort(cuts.begin(), cuts.begin() + static_cast<std::ptrdiff_t>(n));
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const double from = cuts[i];
    const double to = cuts[i + 1];
    if (to - from <= 1e-12) continue;
    if (!inside(feature.footprint, a + (b - a) * (0.5 * (from + to)))) continue;
    if (result.count > 0 && std::abs(result.items[result.count - 1].to - from) <= 1e-12) {
      result.items[result.count - 1].to = to;  // joins a piece split at a vertex
    } else if (result.count < static_cast<int>(result.items.size())) {
      result.items[result.count++] = {from, to};
    }
  }
  return result;
}

}  // namespace arap::table
