// SHOOT-17/55, ADV-35: sight through terrain, smoke and blind clouds between two points (the models
// in the way of a line are line_of_sight.cpp's).
#include "table/line_of_sight.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "table/sight_internal.hpp"

namespace arap::table {

namespace {

constexpr double kEdge = 1e-9;

// SHOOT-17/ADV-35: whether the line a-b meets a cloud at all: into, out of, across or within it.
bool meets_cloud(const TerrainFeature& cloud, const Point& a, const Point& b) {
  return crosses_outline(cloud, a, b) || in_feature(cloud, a) || in_feature(cloud, b);
}

}  // namespace

Sight terrain_sight(const Table& table, const Point& from, const Point& to) {
  return terrain_sight_over(table, from, to, 0.0);
}

namespace {

// SHOOT-55: whether terrain `height` inches high (0: not given, so as tall as can be) is lower
// than `top`.
bool lower_than(double height, double top) {
  return height > 0.0 && height < top;
}

}  // namespace

namespace {

// Sight through terrain is a pure function of the table and the two ends, and the same lines are
// asked again and again: every listing of legal actions looks from the same unmoved models to the
// same targets. A small direct-mapped memo per thread keeps the last answers, keyed by the
// table's revision (so a changed or different table never reads an old answer) and the exact
// ends; features and obstacles are kept by index, so the answer is rebuilt against the table
// that asks.
struct SightMemo {
  struct Entry {
    std::uint64_t revision = 0;  // 0: empty (tables start at revision 1)
    double ax = 0, ay = 0, bx = 0, by = 0, top = 0;
    Sight::Blocker blocker = Sight::Blocker::none;
    int feature = -1;
    int obstacle = -1;
  };
  static constexpr std::size_t kSize = 16384;  // a power of two
  std::array<Entry, kSize> entries{};

  static std::size_t slot(std::uint64_t revision, const Point& a, const Point& b, double top) {
    std::uint64_t h = revision * 0x9E3779B97F4A7C15ull;
    for (const double v : {a.x, a.y, b.x, b.y, top})
      h = (h ^ std::bit_cast<std::uint64_t>(v)) * 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 31)) & (kSize - 1);
  }
};

Sight traced_sight(const Table& table, const Point& a, const Point& b, double top);

}  // namespace

Sight terrain_sight_over(const Table& table, const Point& from, const Point& to, double top) {
  // Symmetry by construction: the crossing tests round differently in each direction when the
  // line grazes a corner, so the line is always traced from the lower of its two ends.
  const bool swap = to.x < from.x || (to.x == from.x && to.y < from.y);
  const Point& a = swap ? to : from;
  const Point& b = swap ? from : to;
  thread_local std::unique_ptr<SightMemo> memo;  // made on first use: most threads never look
  if (!memo) memo = std::make_unique<SightMemo>();
  SightMemo::Entry& entry = memo->entries[SightMemo::slot(table.revision(), a, b, top)];
  if (entry.revision != table.revision() || entry.ax != a.x || entry.ay != a.y || entry.bx != b.x ||
      entry.by != b.y || entry.top != top) {
    const Sight sight = traced_sight(table, a, b, top);
    entry = {table.revision(),
             a.x,
             a.y,
             b.x,
             b.y,
             top,
             sight.blocker,
             sight.feature ? static_cast<int>(sight.feature - table.features().data()) : -1,
             sight.obstacle ? static_cast<int>(sight.obstacle - table.obstacles().data()) : -1};
    return sight;
  }
  Sight sight;
  sight.blocker = entry.blocker;
  if (entry.feature >= 0) sight.feature = &table.features()[entry.feature];
  if (entry.obstacle >= 0) sight.obstacle = &table.obstacles()[entry.obstacle];
  return sight;
}

namespace {

Sight traced_sight(const Table& table, const Point& a, const Point& b, double top) {
  Sight sight;
  const double span = distance(a, b);
  const TerrainFeature* smoke = nullptr;
  for (const int index : table.features_near(a, b)) {
    const TerrainFeature& feature = table.features()[index];
    if (!feature.blocks_sight() || !segment_touches_box(a, b, feature.bounds)) continue;
    if (feature.kind == TerrainKind::smoke) {
      // SHOOT-17: into, out of, across or within the cloud alike; a solid blocker further on
      // still decides, so the first cloud is only remembered.
      if (smoke == nullptr && meets_cloud(feature, a, b)) smoke = &feature;
      continue;
    }
    if (lower_than(feature.height, top)) continue;  // SHOOT-55
    if (feature.see_through <= 0.0) {
      // Neither end inside and no edge crossed: the line passes by. An end inside: occupant.
      if (!crosses_outline(feature, a, b)) continue;
      if (in_feature(feature, a) || in_feature(feature, b)) continue;
    } else {
      if (feature_intervals(feature, a, b).total() * span <= feature.see_through + kEdge) continue;
    }
    sight.blocker = Sight::Blocker::terrain;
    sight.feature = &feature;
    return sight;
  }
  for (const int index : table.obstacles_near(a, b)) {
    const LinearObstacle& obstacle = table.obstacles()[index];
    if (obstacle.blocks_sight && !lower_than(obstacle.height, top) &&
        obstacle.first_crossing(a, b) >= 0.0) {
      sight.blocker = Sight::Blocker::obstacle;
      sight.obstacle = &obstacle;
      return sight;
    }
  }
  if (smoke != nullptr) {
    sight.blocker = Sight::Blocker::terrain;
    sight.feature = smoke;
  }
  return sight;
}

}  // namespace

namespace detail {

bool blind_cloud_between(const Table& table, const Point& a, const Point& b) {
  for (const int index : table.features_near(a, b)) {
    const TerrainFeature& feature = table.features()[index];
    if (feature.kind != TerrainKind::smoke || !feature.blind) continue;
    if (segment_touches_box(a, b, feature.bounds) && meets_cloud(feature, a, b)) return true;
  }
  return false;
}

}  // namespace detail

}  // namespace arap::table
