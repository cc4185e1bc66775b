// SHOOT-02/20/27/54, ADV-21/35/37: models in the way of a line, rain, and the target models a
// shooter is eligible to fire at (terrain_sight.cpp has terrain and smoke, arcs.cpp the arcs).
#include "table/line_of_sight.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include <boost/container/small_vector.hpp>

#include "table/model_grid.hpp"
#include "table/sight_internal.hpp"

namespace arap::table {

namespace {

constexpr double kEdge = 1e-9;  // a range met to within rounding counts as met (SHOOT-01)

// The models a run of sight lines is asked across. The first few lines scan every model; a run
// that asks more (a big squad's shot, a listing's checks) has a ModelGrid built once and asks it
// only for the models near each line. Either way each model gets the same exact test, so the
// answers agree; only the order the crossings are found in differs (callers sort, or ask only
// whether any blocks).
class LineModels {
 public:
  explicit LineModels(std::span<const TableModel> models) : models_(models) {}
  std::span<const TableModel> models() const { return models_; }
  // Calls visit(i) for every model that might stand in the line a-b; stops when it returns true.
  template <typename Visit>
  void near_line(const Point& a, const Point& b, Visit visit) {
    // Below these, a scan of every model costs less than building the grid.
    constexpr std::size_t kGridModels = 48;
    constexpr int kGridLines = 6;
    if (!grid_ && models_.size() >= kGridModels && ++lines_ > kGridLines)
      grid_ = ModelGrid::of(models_);
    if (grid_) {
      grid_->near_segment(a, b, visit);
      return;
    }
    for (int i = 0; i < static_cast<int>(models_.size()); ++i)
      if (visit(i)) return;
  }

  // The models that blocked the lines found blocked from model `blocked_from` (the last few, -1
  // for none): a crowd's lines out of it are blocked by the same neighbours, so they are tried
  // first. A rear rank's lines fan out through the ranks before it, each blocked by another pair.
  static constexpr std::size_t kBlockers = 8;
  int blocked_from = -1;
  std::array<int, kBlockers> blockers = empty_blockers();
  std::size_t next_blocker = 0;  // the slot the next new blocker takes (the oldest)
  void remember_blocker(int from, int model) {
    if (blocked_from != from) {
      blocked_from = from;
      blockers = empty_blockers();
      next_blocker = 0;
    }
    if (model < 0 || std::find(blockers.begin(), blockers.end(), model) != blockers.end()) return;
    blockers[next_blocker] = model;
    next_blocker = (next_blocker + 1) % kBlockers;
  }
  static std::array<int, kBlockers> empty_blockers() {
    std::array<int, kBlockers> none;
    none.fill(-1);
    return none;
  }

 private:
  std::span<const TableModel> models_;
  int lines_ = 0;
  std::shared_ptr<const ModelGrid> grid_;
};

// SHOOT-02/20: whether the line from model `from` to model `to` crosses model i's base, and that
// model is tall enough to hide (Size at least the larger of the two); where along it (t) if so.
// The test is the exact one of distance_to_segment (same arithmetic, so the same answers); a
// squared-distance test only skips the bases that clearly miss, which spares the square root for
// almost every model (a listing or a big squad's shot asks thousands of lines).
class LineTest {
 public:
  LineTest(std::span<const TableModel> models, int from, int to)
      : models_(models),
        from_(from),
        to_(to),
        a_(models[from].position),
        ab_(models[to].position - a_),
        len2_(dot(ab_, ab_)),
        tall_(std::max(models[from].size, models[to].size)),
        min_x_(std::min(a_.x, models[to].position.x)),
        max_x_(std::max(a_.x, models[to].position.x)),
        min_y_(std::min(a_.y, models[to].position.y)),
        max_y_(std::max(a_.y, models[to].position.y)) {}

  std::optional<double> crosses(int i) const {
    const TableModel& other = models_[i];
    if (i == from_ || i == to_ || !other.alive || other.size < tall_) return std::nullopt;
    const Point& p = other.position;
    const double r = other.base_radius;
    if (p.x < min_x_ - r || p.x > max_x_ + r || p.y < min_y_ - r || p.y > max_y_ + r)
      return std::nullopt;
    // As distance_to_segment: t clamped to the segment, where an end (t 0 or 1) never counts.
    const double t = len2_ > 0 ? dot(p - a_, ab_) / len2_ : 0.0;
    if (t <= 0.0 || t >= 1.0) return std::nullopt;
    const Point off = a_ + ab_ * t - p;
    const double squared = off.x * off.x + off.y * off.y;
    if (squared > r * r * (1.0 + 1e-9)) return std::nullopt;  // clearly beyond: sqrt is monotone
    if (std::sqrt(squared) >= r) return std::nullopt;
    return t;
  }

 private:
  std::span<const TableModel> models_;
  int from_;
  int to_;
  Point a_;
  Point ab_;
  double len2_;
  int tall_;
  double min_x_, max_x_, min_y_, max_y_;
};

// The models crossing the line from `from` to `to` (LineTest), as (t along the line, index), in
// the order LineModels finds them. `enough` ends the search early once it returns true for the
// crossings found so far.
using Crossings = boost::container::small_vector<std::pair<double, int>, 8>;
template <typename Enough>
void models_across(LineModels& lines, int from, int to, Crossings& crossing, Enough enough) {
  const auto models = lines.models();
  const LineTest line(models, from, to);
  lines.near_line(models[from].position, models[to].position, [&](int i) {
    const auto t = line.crosses(i);
    if (!t) return false;
    crossing.emplace_back(*t, i);
    return enough(crossing);
  });
}

bool comrade_of(const TableModel& shooter, const TableModel& other) {
  return other.unit == shooter.unit && other.side == shooter.side && !other.engaged &&
         other.size <= shooter.size && !(other.mounted && !shooter.mounted);
}

}  // namespace

namespace detail {

UnitBox unit_box(std::span<const TableModel> models, int unit) {
  UnitBox box;
  box.lo = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  box.hi = box.lo * -1.0;
  for (const TableModel& model : models) {
    if (!model.alive || model.unit != unit) continue;
    box.any = true;
    box.lo = {std::min(box.lo.x, model.position.x), std::min(box.lo.y, model.position.y)};
    box.hi = {std::max(box.hi.x, model.position.x), std::max(box.hi.y, model.position.y)};
    box.tall = std::max(box.tall, model.size);
  }
  return box;
}

// Whether models standing near model `from` cross every line from it to every living member of
// `unit` (SHOOT-02/20), proved for the unit's whole bounding box at once, so that a rear rank's
// lines need not be drawn one by one (a big squad's shot asks one from each of its models to each
// of the target's). A base of radius r whose centre lies d from the shooter crosses every line to
// a point further than d whose bearing lies within asin(r / d) of the base's: the lines to the box
// fan out within an arc of bearings, and wherever in that arc they run, a model no comrade or two
// comrades of the shooter (one may be looked past, SHOOT-20) must stand. Every cone is narrowed
// and the box's arc widened by a hair far beyond rounding, so a line drawn exactly (LineTest) is
// blocked wherever this says so; where it cannot prove it, it says no and the lines are drawn.
bool shadowed_by_models(std::span<const TableModel> models, int from, int unit) {
  return shadowed_by_models(models, from, unit_box(models, unit));
}

bool shadowed_by_models(std::span<const TableModel> models, int from, const UnitBox& box) {
  constexpr double kReach = 12.0;  // inches around the shooter where blockers are looked for
  constexpr double kHair = 1e-7;  // each cone narrowed and the arc widened by about so many radians
  if (!box.any) return false;
  const TableModel& shooter = models[from];
  const Point eye = shooter.position;
  const Point lo = box.lo;
  const Point hi = box.hi;
  const int tall = std::max(shooter.size, box.tall);  // a blocker must hide the largest of them
  const double gap = distance_to_box(eye, lo, hi);    // no line to the box is shorter
  if (gap <= 1.0) return false;
  const Point ahead = (lo + hi) * 0.5 - eye;
  // Bearings are measured by their tangent off `ahead` (cross / dot), which grows with the angle
  // through the half turn in front: no arc tangent is taken. Every corner of the box must lie in
  // front; a box seen wider than that is left to the lines.
  double arc_lo = std::numeric_limits<double>::infinity();
  double arc_hi = -arc_lo;
  for (const Point& corner : {lo, hi, Point{lo.x, hi.y}, Point{hi.x, lo.y}}) {
    const Point d = corner - eye;
    const double along = dot(ahead, d);
    if (along <= 0.0) return false;
    const double t = cross(ahead, d) / along;
    arc_lo = std::min(arc_lo, t);
    arc_hi = std::max(arc_hi, t);
  }
  arc_lo -= kHair * (1.0 + arc_lo * arc_lo);
  arc_hi += kHair * (1.0 + arc_hi * arc_hi);
  // The cones as a sweep over the arc: +weight where one opens, -weight where it closes (closings
  // first where both fall at one bearing: the proof never leans on a cone's own edge).
  boost::container::small_vector<std::pair<double, int>, 64> edges;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == from || !other.alive || other.size < tall) continue;
    const Point off = other.position - eye;
    const double squared = dot(off, off);
    if (squared > kReach * kReach) continue;
    const double along = dot(ahead, off);
    if (along <= 0.0) continue;  // behind the shooter
    const double r = other.base_radius;
    const double d = std::sqrt(squared);
    if (d <= r + 1e-6 || d >= gap - 1e-6) continue;
    // The cone's half-angle h has tan h = r / sqrt(d^2 - r^2), narrowed by a hair; its edges'
    // tangents follow from the centre's, t, by the sum of angles while both stay in front.
    const double t = cross(ahead, off) / along;
    const double half = r / std::sqrt(squared - r * r) * (1.0 - kHair);
    const double below = 1.0 + t * half;  // cos of the lower edge's angle, over cos t cos h
    const double above = 1.0 - t * half;
    if (below <= 0.0 || above <= 0.0) continue;  // an edge at or past a quarter turn
    const double from_t = (t - half) / below;
    const double to_t = (t + half) / above;
    if (to_t <= arc_lo || from_t >= arc_hi) continue;
    const int weight = comrade_of(shooter, other) ? 1 : 2;  // 2: blocks alone (SHOOT-20)
    edges.emplace_back(from_t, weight);
    edges.emplace_back(to_t, -weight);
  }
  std::sort(edges.begin(), edges.end());
  int cover = 0;
  double at = -std::numeric_limits<double>::infinity();
  for (const auto& [angle, change] : edges) {
    if (angle > at) {
      // The open stretch between two edges, wherever it meets the arc, is covered twice over.
      if (angle > arc_lo && at < arc_hi && cover < 2) return false;
      at = angle;
    }
    cover += change;
    if (change < 0 && angle >= arc_lo && angle <= arc_hi && cover < 2) return false;
  }
  return at > arc_hi;  // beyond the last edge nothing covers
}

}  // namespace detail

namespace {

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
      !detail::blind_cloud_between(table, shooter.position, target.position))
    sight = Sight{};
  decided = false;
  return sight;
}

// Whether the line is clear of models, asked only as yes or no (eligible targets): the order of
// the crossings only names the blocker, so the scan stops at the first that settles it. The one
// comrade looked past (SHOOT-20) can only be the sole crossing; anything else in the way blocks.
bool clear_of_models(LineModels& lines, int from, int to) {
  const auto models = lines.models();
  const TableModel& shooter = models[from];
  Crossings crossing;
  models_across(lines, from, to, crossing, [&](const Crossings& found) {
    return found.size() > 1 || !comrade_of(shooter, models[found.back().second]);
  });
  if (crossing.empty() || (crossing.size() == 1 && comrade_of(shooter, models[crossing[0].second])))
    return true;
  lines.remember_blocker(from, crossing[0].second);
  if (crossing.size() > 1) lines.remember_blocker(from, crossing[1].second);
  return false;
}

// Whether the models that blocked the last lines from `from` block this one as well: two of them
// crossing it, or one that is no comrade (SHOOT-20), block it whatever else stands there.
bool blocked_as_before(const LineModels& lines, int from, int to) {
  if (lines.blocked_from != from) return false;
  const auto models = lines.models();
  const LineTest line(models, from, to);
  int crossing = 0;
  // The latest first: a fan of lines is mostly blocked by what blocked the line before.
  for (std::size_t k = 1; k <= LineModels::kBlockers; ++k) {
    const int i =
        lines.blockers[(lines.next_blocker + LineModels::kBlockers - k) % LineModels::kBlockers];
    if (i < 0) break;
    if (!line.crosses(i)) continue;
    if (!comrade_of(models[from], models[i])) return true;
    ++crossing;
  }
  return crossing > 1;
}

// line_of_sight(...).clear(), spared the work of naming the blocker.
bool sight_clear(const Table& table, LineModels& lines, int from, int to) {
  if (blocked_as_before(lines, from, to)) return false;
  bool decided = false;
  const auto models = lines.models();
  const Sight sight = sight_before_models(table, models[from], models[to], decided);
  if (decided || !sight.clear()) return false;
  return clear_of_models(lines, from, to);
}

Sight sight_across(const Table& table, LineModels& lines, int from, int to, bool past_other_units) {
  const auto models = lines.models();
  const TableModel& shooter = models[from];
  const TableModel& target = models[to];
  bool decided = false;
  Sight sight = sight_before_models(table, shooter, target, decided);
  if (decided) return sight;
  bool comrade_used = false;
  // Models nearest the shooter first, so the one allowed comrade is the one in front.
  Crossings crossing;  // rarely more than one
  models_across(lines, from, to, crossing, [](const Crossings&) { return false; });
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

}  // namespace

Sight line_of_sight(const Table& table, std::span<const TableModel> models, int from, int to,
                    bool past_other_units) {
  LineModels lines(models);
  return sight_across(table, lines, from, to, past_other_units);
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

// in_arc_after_free_pivot's answer (ACT-15: within 135 degrees of the facing) for one viewer and
// many points, without a bearing (an arc tangent) for each: the cosine of the angle off the
// viewer's facing settles every point clearly inside or outside the arc, and only those within a
// hair of its edge are measured in degrees, so the answer is always in_arc_after_free_pivot's.
class PivotArcTest {
 public:
  explicit PivotArcTest(const TableModel& viewer)
      : viewer_(viewer),
        facing_(heading_vector(viewer.facing)),
        edge_(std::cos(135.0 * std::numbers::pi / 180.0)) {}
  // `len`: the distance from the viewer, length(p - viewer), which the caller has measured.
  bool within(const Point& p, double len) const {
    const Point d = p - viewer_.position;
    if (len > 1e-6) {
      const double c = dot(facing_, d) / len;
      if (c > edge_ + 1e-9) return true;
      if (c < edge_ - 1e-9) return false;
    }
    return in_arc_after_free_pivot(viewer_, p);
  }

 private:
  const TableModel& viewer_;
  Point facing_;
  double edge_;
};

// Lines to this many models or more are worth a try at proving them all blocked at once
// (shadowed_by_models) before they are drawn.
constexpr std::size_t kShadowWorth = 8;

// Living members of `unit` within `range` of model `from` and in the arc its free pivot reaches
// (SHOOT-01/04, ACT-15) that pass `seen`. `hidden()`, when many lines are to be drawn, may prove
// that none passes (models in the way of them all) so that none is drawn.
// `first_only` stops at the first (legality checks only ask whether there is one). `among`, when
// given, is a run of indices outside which no member of `unit` stands.
struct IndexRun {
  int begin = 0;
  int end = -1;  // -1: to the last model
};
template <typename Seen, typename Hidden>
std::vector<int> targets_in_reach(std::span<const TableModel> models, int from, int unit,
                                  double range, Seen seen, Hidden hidden, bool first_only = false,
                                  IndexRun among = {}) {
  std::vector<int> result;
  const TableModel& shooter = models[from];
  const PivotArcTest arc(shooter);
  // Asked only whether there is one, the nearest are tried first: they are the likeliest seen (a
  // crowd's front rank hides its rear ranks, whose lines would each be tested in vain).
  boost::container::small_vector<std::pair<double, int>, 32> nearest_first;
  const int end = among.end < 0 ? static_cast<int>(models.size()) : among.end;
  for (int i = among.begin; i < end; ++i) {
    const TableModel& model = models[i];
    if (!model.alive || model.unit != unit) continue;
    const double d = distance(shooter.position, model.position);
    if (d > range + kEdge) continue;
    if (!arc.within(model.position, d)) continue;
    nearest_first.emplace_back(d, i);
  }
  if (!first_only) {
    if (nearest_first.size() >= kShadowWorth && hidden()) return result;
    for (const auto& [d, i] : nearest_first)  // in the models' order
      if (seen(i)) result.push_back(i);
    return result;
  }
  if (nearest_first.empty()) return result;
  // The nearest alone usually settles it; only when it is hidden are the rest put in order.
  const auto nearest = std::min_element(nearest_first.begin(), nearest_first.end());
  if (seen(nearest->second)) {
    result.push_back(nearest->second);
    return result;
  }
  if (nearest_first.size() > kShadowWorth && hidden()) return result;
  *nearest = nearest_first.back();
  nearest_first.pop_back();
  std::sort(nearest_first.begin(), nearest_first.end());
  for (const auto& [d, i] : nearest_first)
    if (seen(i)) {
      result.push_back(i);
      break;
    }
  return result;
}

// The same, for questions no proof of blocked lines settles (smoke, lines past other units...).
template <typename Seen>
std::vector<int> targets_in_reach(std::span<const TableModel> models, int from, int unit,
                                  double range, Seen seen) {
  return targets_in_reach(models, from, unit, range, seen, [] { return false; });
}

}  // namespace

std::vector<int> eligible_targets(const Table& table, std::span<const TableModel> models, int from,
                                  int unit, double range) {
  LineModels lines(models);
  return targets_in_reach(
      models, from, unit, range, [&](int i) { return sight_clear(table, lines, from, i); },
      [&] { return detail::shadowed_by_models(models, from, unit); });
}

std::vector<int> smoke_screened_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range) {
  LineModels lines(models);
  return targets_in_reach(models, from, unit, range, [&](int i) {
    return sight_across(table, lines, from, i, false).smoke_only();
  });
}

std::vector<int> targets_past_units(const Table& table, std::span<const TableModel> models,
                                    int from, int unit, double range) {
  LineModels lines(models);
  return targets_in_reach(models, from, unit, range, [&](int i) {
    const Sight sight = sight_across(table, lines, from, i, /*past_other_units=*/true);
    return sight.clear() && sight.past_unit;
  });
}

bool any_eligible_target(const Table& table, std::span<const TableModel> models, int from, int unit,
                         double range) {
  LineModels lines(models);
  return !targets_in_reach(
              models, from, unit, range, [&](int i) { return sight_clear(table, lines, from, i); },
              [&] { return detail::shadowed_by_models(models, from, unit); }, true)
              .empty();
}

struct SightLines::Lines : LineModels {
  using LineModels::LineModels;
  // Each unit's box for shadowed_by_models, found once for the run.
  const detail::UnitBox& box_of(int unit) {
    if (unit >= static_cast<int>(boxes.size())) boxes.resize(static_cast<std::size_t>(unit) + 1);
    auto& box = boxes[static_cast<std::size_t>(unit)];
    if (!box) box = detail::unit_box(models(), unit);
    return *box;
  }
  // The first and one past the last index of `unit`'s models (a unit's models mostly stand
  // together in the list), found once for the run: the scans for its members look there only.
  IndexRun run_of(int unit) {
    // Finding the runs costs a scan of every model, which pays only in a run of many questions
    // (a listing's): the first few scan the whole list as before.
    constexpr int kScans = 2;
    if (runs.empty() && ++scans <= kScans) return {};
    if (runs.empty()) {
      for (int i = 0; i < static_cast<int>(models().size()); ++i) {
        const int u = models()[i].unit;
        if (u < 0) continue;
        if (u >= static_cast<int>(runs.size()))
          runs.resize(static_cast<std::size_t>(u) + 1, IndexRun{0, 0});
        IndexRun& run = runs[static_cast<std::size_t>(u)];
        if (run.end == 0) run.begin = i;
        run.end = i + 1;
      }
    }
    if (unit < 0 || unit >= static_cast<int>(runs.size())) return {0, 0};
    return runs[static_cast<std::size_t>(unit)];
  }
  std::vector<std::optional<detail::UnitBox>> boxes;
  std::vector<IndexRun> runs;
  int scans = 0;
};

SightLines::SightLines(const Table& table, std::span<const TableModel> models)
    : table_(table), lines_(std::make_unique<Lines>(models)) {}

SightLines::~SightLines() = default;

std::vector<int> SightLines::eligible_targets(int from, int unit, double range) {
  return targets_in_reach(
      lines_->models(), from, unit, range,
      [&](int i) { return sight_clear(table_, *lines_, from, i); },
      [&] { return detail::shadowed_by_models(lines_->models(), from, lines_->box_of(unit)); },
      false, lines_->run_of(unit));
}

bool SightLines::any_eligible_target(int from, int unit, double range) {
  return !targets_in_reach(
              lines_->models(), from, unit, range,
              [&](int i) { return sight_clear(table_, *lines_, from, i); },
              [&] {
                return detail::shadowed_by_models(lines_->models(), from, lines_->box_of(unit));
              },
              true, lines_->run_of(unit))
              .empty();
}

std::vector<int> known_position_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range,
                                        std::span<const double> tops_above) {
  LineModels lines(models);
  const Point& eye = models[from].position;
  return targets_in_reach(models, from, unit, range, [&](int i) {
    const Sight sight = sight_across(table, lines, from, i, false);
    if (sight.clear() || sight.smoke_only() || sight.no_sight_over()) return false;
    const double top = models[i].height + (tops_above.empty() ? 0.0 : tops_above[i]);
    return terrain_sight_over(table, eye, models[i].position, top).clear();
  });
}

std::vector<int> spotted_targets(const Table& table, std::span<const TableModel> models, int from,
                                 int unit, double range, bool whole_base) {
  LineModels lines(models);
  const TableModel& shooter = models[from];
  return targets_in_reach(models, from, unit, range, [&](int i) {
    for (int spotter = 0; spotter < static_cast<int>(models.size()); ++spotter) {
      const TableModel& eye = models[spotter];
      if (!eye.alive || eye.side != shooter.side || eye.engaged) continue;
      const bool in_view = whole_base ? wholly_in_field_of_view(eye, models[i])
                                      : in_field_of_view(eye, models[i].position);
      if (in_view && sight_clear(table, lines, spotter, i)) return true;
    }
    return false;
  });
}

}  // namespace arap::table
