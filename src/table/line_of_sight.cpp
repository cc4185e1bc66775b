#include "table/line_of_sight.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <numbers>

#include <boost/container/small_vector.hpp>

namespace arap::table {

namespace {

double off_facing(const TableModel& viewer, const Point& p) {
  return std::abs(turn_between(viewer.facing, bearing(viewer.position, p)));
}

constexpr double kEdge = 1e-9;

}  // namespace

bool in_field_of_view(const TableModel& viewer, const Point& p) {
  return off_facing(viewer, p) <= 90.0 + kEdge;
}

bool wholly_in_field_of_view(const TableModel& viewer, const TableModel& target) {
  if (target.size > 2) return in_field_of_view(viewer, target.position);
  // The base's nearest point to the line across the viewer's base must not lie behind it.
  return dot(target.position - viewer.position, heading_vector(viewer.facing)) >=
         target.base_radius - kEdge;
}

std::vector<int> within_one_fire_arc(std::span<const TableModel> models, int from,
                                     std::vector<int> targets) {
  if (targets.size() < 2) return targets;
  const TableModel& shooter = models[from];
  // The usual case, without a bearing for each: every target well inside the present fire arc
  // (45 degrees either side of the facing, by cosine) is within one arc already.
  const Point ahead = heading_vector(shooter.facing);
  const double edge = std::cos(std::numbers::pi / 4.0) + 1e-9;
  if (std::all_of(targets.begin(), targets.end(), [&](int t) {
        const Point d = models[t].position - shooter.position;
        const double len = length(d);
        return len > 1e-6 && dot(ahead, d) > edge * len;
      }))
    return targets;
  // Each target's bearing off the facing, signed (clockwise positive), and the nearest target.
  std::vector<double> off(targets.size());
  double lo = 180.0;
  double hi = -180.0;
  std::size_t nearest = 0;
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const Point& p = models[targets[k]].position;
    double d = bearing(shooter.position, p) - shooter.facing;
    while (d > 180.0) d -= 360.0;
    while (d <= -180.0) d += 360.0;
    off[k] = d;
    lo = std::min(lo, d);
    hi = std::max(hi, d);
    if (distance(shooter.position, p) <
        distance(shooter.position, models[targets[nearest]].position))
      nearest = k;
  }
  if (hi - lo <= 90.0 + kEdge) return targets;  // one arc holds them all (the usual case)
  // An arc [w, w + 90] is reachable for w in [-135, 45] (a turn of w + 45, at most 90 either
  // way) and holds the nearest target for w in [off - 90, off]. The best arc starts at a target's
  // bearing or ends at one, clamped to those bounds.
  const double first = std::max(-135.0, off[nearest] - 90.0);
  const double last = std::min(45.0, off[nearest]);
  std::vector<double> starts = {first, last};
  for (const double d : off) {
    starts.push_back(std::clamp(d, first, last));
    starts.push_back(std::clamp(d - 90.0, first, last));
  }
  const auto count_in = [&](double w) {
    int n = 0;
    for (const double d : off) n += (d >= w - kEdge && d <= w + 90.0 + kEdge) ? 1 : 0;
    return n;
  };
  double best = starts.front();
  int most = -1;
  for (const double w : starts) {
    const int n = count_in(w);
    if (n > most || (n == most && std::abs(w + 45.0) < std::abs(best + 45.0))) {
      most = n;
      best = w;
    }
  }
  std::vector<int> kept;
  for (std::size_t k = 0; k < targets.size(); ++k)
    if (off[k] >= best - kEdge && off[k] <= best + 90.0 + kEdge) kept.push_back(targets[k]);
  return kept;
}

bool in_fire_arc(const TableModel& shooter, const Point& p) {
  return off_facing(shooter, p) <= 45.0 + kEdge;
}

bool in_arc_after_free_pivot(const TableModel& shooter, const Point& p) {
  return off_facing(shooter, p) <= 135.0 + kEdge;
}

bool in_attack_arc(const TableModel& attacker, const Point& p, AttackArc arc) {
  const double off = off_facing(attacker, p);
  switch (arc) {
    case AttackArc::front:
      return off <= 90.0 + kEdge;
    case AttackArc::front_narrow:
      return off <= 45.0 + kEdge;
    case AttackArc::front_and_sides:
      return off <= 135.0 + kEdge;
    case AttackArc::sides_and_rear:
      return off >= 45.0 - kEdge;
    case AttackArc::all_round:
      return true;
  }
  return false;
}

bool within_melee_radius(const TableModel& attacker, const TableModel& target) {
  const double d = distance(attacker.position, target.position);
  const bool touching = d <= attacker.base_radius + target.base_radius + kEdge;
  return touching || d <= attacker.size + kEdge;
}

Quadrant quadrant_of(const Point& unit_centre, double unit_facing, const Point& contact) {
  const double off = std::abs(turn_between(unit_facing, bearing(unit_centre, contact)));
  if (off <= 45.0 + kEdge) return Quadrant::front;
  if (off <= 135.0 + kEdge) return Quadrant::flank;
  return Quadrant::rear;
}

namespace {

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

// ADV-35: whether the line a-b meets a blind cloud.
bool blind_cloud_between(const Table& table, const Point& a, const Point& b) {
  for (const int index : table.features_near(a, b)) {
    const TerrainFeature& feature = table.features()[index];
    if (feature.kind != TerrainKind::smoke || !feature.blind) continue;
    if (segment_touches_box(a, b, feature.bounds) && meets_cloud(feature, a, b)) return true;
  }
  return false;
}

}  // namespace

namespace {

// SHOOT-02/20: the models whose base the line from `from` to `to` crosses and which are tall
// enough to hide (Size at least the larger of the two), as (t along the line, index), in index
// order. `enough` ends the scan early once it returns true for the crossings found so far.
// The test per model is the exact one of distance_to_segment (same arithmetic, so the same
// answers); a squared-distance test only skips the bases that clearly miss, which spares the
// square root for almost every model (a listing or a big squad's shot asks thousands of lines).
using Crossings = boost::container::small_vector<std::pair<double, int>, 8>;
template <typename Enough>
void models_across(std::span<const TableModel> models, int from, int to, Crossings& crossing,
                   Enough enough) {
  const TableModel& shooter = models[from];
  const TableModel& target = models[to];
  const Point a = shooter.position;
  const Point ab = target.position - a;
  const double len2 = dot(ab, ab);
  const int tall = std::max(shooter.size, target.size);
  const double min_x = std::min(a.x, target.position.x);
  const double max_x = std::max(a.x, target.position.x);
  const double min_y = std::min(a.y, target.position.y);
  const double max_y = std::max(a.y, target.position.y);
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == from || i == to || !other.alive || other.size < tall) continue;
    const Point& p = other.position;
    const double r = other.base_radius;
    if (p.x < min_x - r || p.x > max_x + r || p.y < min_y - r || p.y > max_y + r) continue;
    // As distance_to_segment: t clamped to the segment, where an end (t 0 or 1) never counts.
    const double t = len2 > 0 ? dot(p - a, ab) / len2 : 0.0;
    if (t <= 0.0 || t >= 1.0) continue;
    const Point off = a + ab * t - p;
    const double squared = off.x * off.x + off.y * off.y;
    if (squared > r * r * (1.0 + 1e-9)) continue;  // clearly beyond the base: sqrt is monotone
    if (std::sqrt(squared) >= r) continue;
    crossing.emplace_back(t, i);
    if (enough(crossing)) return;
  }
}

bool comrade_of(const TableModel& shooter, const TableModel& other) {
  return other.unit == shooter.unit && other.side == shooter.side && !other.engaged &&
         other.size <= shooter.size && !(other.mounted && !shooter.mounted);
}

// The sight rules before the models (ADV-21 rain, terrain, ADV-35 infra-vision); `decided` says
// the models need not be asked.
Sight sight_before_models(const Table& table, const TableModel& shooter, const TableModel& target,
                          bool& decided) {
  decided = true;
  if (shooter.sight_limit > 0 &&
      distance(shooter.position, target.position) > shooter.sight_limit + 1e-9) {
    Sight rain;
    rain.blocker = Sight::Blocker::rain;  // ADV-21
    return rain;
  }
  Sight sight = terrain_sight(table, shooter.position, target.position);
  // Behind smoke alone, a model in the way still decides whether a shot through it is possible.
  if (!sight.clear() && !sight.smoke_only()) return sight;
  // ADV-35: infra-vision sees through smoke as if it were not there, unless the line meets a blind
  // cloud anywhere along it.
  if (sight.smoke_only() && shooter.infra_vision &&
      !blind_cloud_between(table, shooter.position, target.position))
    sight = Sight{};
  decided = false;
  return sight;
}

// Whether the line is clear of models, asked only as yes or no (eligible targets): the order of
// the crossings only names the blocker, so the scan stops at the first that settles it. The one
// comrade looked past (SHOOT-20) can only be the sole crossing; anything else in the way blocks.
bool clear_of_models(std::span<const TableModel> models, int from, int to) {
  const TableModel& shooter = models[from];
  Crossings crossing;
  models_across(models, from, to, crossing, [&](const Crossings& found) {
    return found.size() > 1 || !comrade_of(shooter, models[found.back().second]);
  });
  return crossing.empty() ||
         (crossing.size() == 1 && comrade_of(shooter, models[crossing[0].second]));
}

// line_of_sight(...).clear(), spared the work of naming the blocker.
bool sight_clear(const Table& table, std::span<const TableModel> models, int from, int to) {
  bool decided = false;
  const Sight sight = sight_before_models(table, models[from], models[to], decided);
  if (decided || !sight.clear()) return false;
  return clear_of_models(models, from, to);
}

}  // namespace

Sight line_of_sight(const Table& table, std::span<const TableModel> models, int from, int to,
                    bool past_other_units) {
  const TableModel& shooter = models[from];
  const TableModel& target = models[to];
  bool decided = false;
  Sight sight = sight_before_models(table, shooter, target, decided);
  if (decided) return sight;
  bool comrade_used = false;
  // Models nearest the shooter first, so the one allowed comrade is the one in front.
  Crossings crossing;  // rarely more than one
  models_across(models, from, to, crossing, [](const Crossings&) { return false; });
  std::sort(crossing.begin(), crossing.end());
  for (const auto& [t, i] : crossing) {
    const TableModel& other = models[i];
    if (comrade_of(shooter, other) && !comrade_used) {
      comrade_used = true;
      continue;
    }
    if (past_other_units && other.side != shooter.side && other.unit != target.unit) {
      sight.past_unit = true;  // ADV-37: never past the shooter's own side (its ruling)
      continue;
    }
    sight.blocker = Sight::Blocker::model;
    sight.feature = nullptr;
    sight.model = i;
    return sight;
  }
  return sight;
}

double range_to_unit(std::span<const TableModel> models, int from, int unit) {
  double best = std::numeric_limits<double>::infinity();
  for (const auto& model : models) {
    if (model.alive && model.unit == unit) {
      best = std::min(best, distance(models[from].position, model.position));
    }
  }
  return best;
}

namespace {

// The arc tests' answer (off_facing within a half-width: in_fire_arc, the free pivot's 135
// degrees) for one viewer and many points, without a bearing (an arc tangent) for each: the cosine
// of the angle off the viewer's facing settles every point clearly inside or outside the arc, and
// only those within a hair of its edge are measured in degrees as off_facing measures them, so the
// answer is always off_facing's.
class ArcTest {
 public:
  ArcTest(const TableModel& viewer, double half_width)
      : viewer_(viewer),
        half_width_(half_width),
        facing_(heading_vector(viewer.facing)),
        edge_(std::cos(half_width * std::numbers::pi / 180.0)) {}
  bool within(const Point& p) const {
    const Point d = p - viewer_.position;
    const double len = length(d);
    if (len > 1e-6) {
      const double c = dot(facing_, d) / len;
      if (c > edge_ + 1e-9) return true;
      if (c < edge_ - 1e-9) return false;
    }
    return off_facing(viewer_, p) <= half_width_ + kEdge;
  }

 private:
  const TableModel& viewer_;
  double half_width_;
  Point facing_;
  double edge_;
};

// Living members of `unit` within `range` of model `from` and in the arc its free pivot reaches
// (SHOOT-01/04, ACT-15) that pass `seen`.
// `first_only` stops at the first (legality checks only ask whether there is one).
template <typename Seen>
std::vector<int> targets_in_reach(std::span<const TableModel> models, int from, int unit,
                                  double range, Seen seen, bool first_only = false) {
  std::vector<int> result;
  const TableModel& shooter = models[from];
  const ArcTest arc(shooter, 135.0);
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& model = models[i];
    if (!model.alive || model.unit != unit) continue;
    if (distance(shooter.position, model.position) > range + kEdge) continue;
    if (!arc.within(model.position)) continue;
    if (seen(i)) {
      result.push_back(i);
      if (first_only) break;
    }
  }
  return result;
}

}  // namespace

std::vector<int> eligible_targets(const Table& table, std::span<const TableModel> models, int from,
                                  int unit, double range) {
  return targets_in_reach(models, from, unit, range,
                          [&](int i) { return sight_clear(table, models, from, i); });
}

std::vector<int> smoke_screened_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range) {
  return targets_in_reach(models, from, unit, range, [&](int i) {
    return line_of_sight(table, models, from, i).smoke_only();
  });
}

std::vector<int> targets_past_units(const Table& table, std::span<const TableModel> models,
                                    int from, int unit, double range) {
  return targets_in_reach(models, from, unit, range, [&](int i) {
    const Sight sight = line_of_sight(table, models, from, i, /*past_other_units=*/true);
    return sight.clear() && sight.past_unit;
  });
}

bool any_eligible_target(const Table& table, std::span<const TableModel> models, int from, int unit,
                         double range) {
  return !targets_in_reach(
              models, from, unit, range, [&](int i) { return sight_clear(table, models, from, i); },
              true)
              .empty();
}

std::vector<int> known_position_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range,
                                        std::span<const double> tops_above) {
  const Point& eye = models[from].position;
  return targets_in_reach(models, from, unit, range, [&](int i) {
    const Sight sight = line_of_sight(table, models, from, i);
    if (sight.clear() || sight.smoke_only() || sight.no_sight_over()) return false;
    const double top = models[i].height + (tops_above.empty() ? 0.0 : tops_above[i]);
    return terrain_sight_over(table, eye, models[i].position, top).clear();
  });
}

std::vector<int> spotted_targets(const Table& table, std::span<const TableModel> models, int from,
                                 int unit, double range, bool whole_base) {
  const TableModel& shooter = models[from];
  return targets_in_reach(models, from, unit, range, [&](int i) {
    for (int spotter = 0; spotter < static_cast<int>(models.size()); ++spotter) {
      const TableModel& eye = models[spotter];
      if (!eye.alive || eye.side != shooter.side || eye.engaged) continue;
      const bool in_view = whole_base ? wholly_in_field_of_view(eye, models[i])
                                      : in_field_of_view(eye, models[i].position);
      if (in_view && sight_clear(table, models, spotter, i)) return true;
    }
    return false;
  });
}

}  // namespace arap::table
