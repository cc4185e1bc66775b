// MOVE-01..08, MOVE-17..28 on the table: what a path costs over ground, obstacles and levels
// (check_move), the turning cost (MOVE-07), and the straight reach a listing measures in one pass
// (straight_reach, furthest_clear_end). Planned straight moves are in straight_moves.cpp, the
// dice that set distances in move_rolls.cpp.
#include "table/movement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>

namespace arap::table {

namespace {

constexpr double kEpsilon = 1e-9;

}  // namespace

double class_factor(MovementClass movement) {
  switch (movement) {
    case MovementClass::normal:
      return 1.0;
    case MovementClass::difficult:
      return 2.0;  // each 1/2" costs 1"
    case MovementClass::very_difficult:
      return 4.0;  // each 1/2" costs 2"
    case MovementClass::impassable:
      return 0.0;
  }
  return 1.0;
}

namespace {

double mode_factor(MoveMode mode, MovementClass movement) {
  const double ground = class_factor(movement);
  switch (mode) {
    case MoveMode::crawl:
      return std::max(2.0, ground);  // MOVE-08: difficult adds nothing
    // MOVE-06 sets no rule for backing through rough ground; GEN-01: the costs multiply.
    case MoveMode::backwards:
      return 2.0 * ground;
    default:
      return ground;
  }
}

struct LegCost {
  double cost = 0.0;
  const TerrainFeature* impassable = nullptr;
};

// The cost of one straight leg: the worst ground at each point along it (MOVE-03).
LegCost leg_cost(const Table& table, const Point& a, const Point& b, MoveMode mode,
                 std::vector<const TerrainFeature*>& dangerous,
                 std::vector<const TerrainFeature*>& variable, bool& deep_water, int& action_cost) {
  const double span = distance(a, b);
  struct Mark {
    double from;
    double to;
    const TerrainFeature* feature;
  };
  // Reused buffers: this runs for every model of every move considered.
  thread_local std::vector<Mark> marks;
  thread_local std::vector<double> cuts;
  marks.clear();
  cuts.assign({0.0, 1.0});
  for (const int index : table.features_near(a, b)) {
    const TerrainFeature& feature = table.features()[index];
    // Open ground that neither harms, varies nor drowns costs nothing extra: skip the geometry.
    if (feature.movement == MovementClass::normal && !feature.deep && !feature.dangerous &&
        !feature.variable && feature.action_cost == 1)
      continue;
    if (!segment_touches_box(a, b, feature.bounds)) continue;
    const auto pieces = feature_intervals(feature, a, b);
    const bool touched = !pieces.empty() || in_feature(feature, a);
    if (touched && feature.dangerous &&
        std::find(dangerous.begin(), dangerous.end(), &feature) == dangerous.end()) {
      dangerous.push_back(&feature);
    }
    if (touched && feature.variable &&
        std::find(variable.begin(), variable.end(), &feature) == variable.end()) {
      variable.push_back(&feature);
    }
    if (touched) action_cost = std::max(action_cost, feature.action_cost);
    if (feature.deep && touched) {
      // MOVE-17: swimmers cross deep water at their rolled rate; nobody else may enter it.
      deep_water = true;
      if (mode == MoveMode::swim) continue;
    }
    if (feature.movement == MovementClass::normal && !feature.deep) continue;
    for (const auto& piece : pieces) {
      marks.push_back({piece.from, piece.to, &feature});
      cuts.push_back(piece.from);
      cuts.push_back(piece.to);
    }
  }
  std::sort(cuts.begin(), cuts.end());
  LegCost result;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double from = cuts[i];
    const double to = cuts[i + 1];
    if (to - from <= kEpsilon) continue;
    const double middle = 0.5 * (from + to);
    MovementClass worst = MovementClass::normal;
    const TerrainFeature* worst_feature = nullptr;
    for (const auto& mark : marks) {
      const MovementClass movement =
          mark.feature->deep ? MovementClass::impassable : mark.feature->movement;
      if (mark.from <= middle && middle <= mark.to && movement > worst) {
        worst = movement;
        worst_feature = mark.feature;
      }
    }
    if (worst == MovementClass::impassable) {
      if ((to - from) * span > 1e-6) result.impassable = worst_feature;
      result.cost += (to - from) * span;  // refused anyway; counted so cost never undercuts length
      continue;
    }
    result.cost += (to - from) * span * mode_factor(mode, worst);
  }
  return result;
}

}  // namespace

namespace {

// MOVE-19..28: where a straight leg steps from one level to another (a raised surface's edge).
struct LevelStep {
  double t = 0.0;     // along the leg, 0..1
  double rise = 0.0;  // positive up, negative down
  Point at;
};

void level_steps(const Table& table, const Point& a, const Point& b, std::vector<LevelStep>& out) {
  out.clear();
  thread_local std::vector<double> cuts;
  cuts.assign({0.0, 1.0});
  for (const int index : table.raised_features()) {
    const TerrainFeature& feature = table.features()[index];
    if (!segment_touches_box(a, b, feature.bounds)) continue;
    for (const auto& piece : feature_intervals(feature, a, b)) {
      cuts.push_back(piece.from);
      cuts.push_back(piece.to);
    }
  }
  if (cuts.size() == 2) return;
  std::sort(cuts.begin(), cuts.end());
  double level = table.level_at(a);
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    if (cuts[i + 1] - cuts[i] <= kEpsilon) continue;
    const double here = table.level_at(a + (b - a) * (0.5 * (cuts[i] + cuts[i + 1])));
    if (std::abs(here - level) > kEpsilon) {
      out.push_back({cuts[i], here - level, a + (b - a) * cuts[i]});
      level = here;
    }
  }
  const double end = table.level_at(b);  // a path ending on an edge stands on the higher level
  if (std::abs(end - level) > kEpsilon) out.push_back({1.0, end - level, b});
}

}  // namespace

double turning_cost(double total_degrees) {
  const double extra = total_degrees - 90.0;
  if (extra <= kEpsilon) return 0.0;
  return 0.5 * std::ceil(extra / 90.0 - kEpsilon);
}

MoveReport check_move(const Table& table, std::span<const TableModel> models,
                      const MoveRequest& request, bool explain) {
  MoveReport report;
  // Only the first reason is kept, so later ones are never formatted.
  const auto refuse = [&report, explain](auto&& why, bool blocks_path = false) {
    report.path_blocked = report.path_blocked || blocks_path;
    if (report.legal) {
      report.legal = false;
      if (explain) report.reason = why();
    }
  };
  if (request.model < 0 || request.model >= static_cast<int>(models.size())) {
    refuse([] { return std::string("no such model"); });
    return report;
  }
  const TableModel& mover = models[request.model];
  if (!mover.alive) refuse([] { return std::string("a removed model cannot move"); });
  const bool keeps_facing =
      request.mode == MoveMode::backwards || request.mode == MoveMode::sidestep;
  double heading = mover.facing;
  double turned = 0.0;
  Point at = mover.position;
  const double free_height = mover.size <= 2 ? 1.0 : mover.size / 2.0;  // MOVE-19
  // CHARGE-07 / MOVE-20/23: the first point along the path where a climb (one test) is made.
  const auto mark_climb = [&report](double along) {
    if (report.climb_at < 0.0 || along < report.climb_at) report.climb_at = along;
    report.climbs_at.insert(
        std::upper_bound(report.climbs_at.begin(), report.climbs_at.end(), along), along);
  };
  for (const Point& next : request.path) {
    const double leg = distance(at, next);
    if (leg <= kEpsilon) continue;
    report.distance += leg;
    if (!keeps_facing) {
      const double leg_heading = request.leg_heading && request.path.size() == 1
                                     ? *request.leg_heading
                                     : bearing(at, next);
      turned += std::abs(turn_between(heading, leg_heading));
      heading = leg_heading;
    }
    const LegCost cost = leg_cost(table, at, next, request.mode, report.dangerous, report.variable,
                                  report.deep_water, report.action_cost);
    report.terrain_cost += cost.cost;
    if (cost.impassable != nullptr) {
      refuse(
          [&] {
            return cost.impassable->deep
                       ? fmt::format("MOVE-17: {} is deep water: only a swim move crosses it",
                                     cost.impassable->id)
                       : fmt::format("MOVE-03: {} is impassable", cost.impassable->id);
          },
          true);
    }
    for (const int index : table.obstacles_near(at, next)) {
      const LinearObstacle& obstacle = table.obstacles()[index];
      for (std::size_t i = 0; i + 1 < obstacle.points.size(); ++i) {
        const double t = segment_intersection(at, next, obstacle.points[i], obstacle.points[i + 1]);
        if (t < 0.0) continue;
        if (obstacle.height <= free_height + kEpsilon) continue;
        if (obstacle.height <= mover.height + kEpsilon) {
          report.obstacle_cost += obstacle.height;  // MOVE-21: counted once per crossing
        } else if (obstacle.height <= request.climb_limit + kEpsilon) {
          report.obstacle_cost += obstacle.height;  // CHARGE-07: one climb, one test
          const double along = report.distance - leg + t * leg;
          mark_climb(along);
        } else {
          refuse(
              [&] {
                return fmt::format(
                    "MOVE-20: {} ({}\" high) is taller than the model ({}\"): climbing it takes "
                    "a climbing action",
                    obstacle.id, obstacle.height, mover.height);
              },
              true);
        }
      }
    }
    if (table.has_levels()) {
      thread_local std::vector<LevelStep> steps;
      level_steps(table, at, next, steps);
      for (const LevelStep& step : steps) {
        const double height = std::abs(step.rise);
        const double along = report.distance - leg + step.t * leg;
        if (height <= free_height + kEpsilon) continue;  // MOVE-19/23: a small step is free
        const bool jumping = request.mode == MoveMode::jump && step.rise < 0.0;
        const TerrainFeature* ladder = jumping ? nullptr : table.ladder_at(step.at);
        if (ladder != nullptr) {
          // MOVE-28: a ladder is climbed at the normal rate, with no test.
          report.obstacle_cost += height;
          if (std::find(report.ladders.begin(), report.ladders.end(), ladder) ==
              report.ladders.end())
            report.ladders.push_back(ladder);
          continue;
        }
        if (height <= mover.height + kEpsilon) {
          report.obstacle_cost += height;  // MOVE-19 up, MOVE-23 down: the height is deducted
          continue;
        }
        const bool charge = request.mode == MoveMode::charge;
        if (step.rise > 0.0) {
          if (height <= request.climb_limit + kEpsilon) {  // MOVE-20 / CHARGE-07: one climb
            report.obstacle_cost += height;
            mark_climb(along);
            continue;
          }
          refuse(
              [&] {
                return fmt::format(
                    "MOVE-20: the rise of {:.1f}\" at ({:.1f}, {:.1f}) is taller than the model "
                    "({}\"): climbing it takes a climbing action",
                    height, step.at.x, step.at.y, mover.height);
              },
              true);
          continue;
        }
        if ((request.mode == MoveMode::jump || charge) && height <= kMaxJumpDown + kEpsilon) {
          // MOVE-25/26: a jump costs no allowance; the tests come when the model lands.
          report.jump_drop = std::max(report.jump_drop, height);
          if (report.jump_at < 0.0) report.jump_at = along;
          continue;
        }
        if (!charge && height <= request.climb_limit + kEpsilon) {
          report.obstacle_cost += height;  // MOVE-23: a climb down, one test
          report.climb_drop = std::max(report.climb_drop, height);
          mark_climb(along);
          continue;
        }
        refuse(
            [&] {
              return fmt::format(
                  "MOVE-23: the drop of {:.1f}\" at ({:.1f}, {:.1f}) is taller than the model: "
                  "climb down it (a climbing action) or jump (MOVE-25, at most {}\")",
                  height, step.at.x, step.at.y, kMaxJumpDown);
            },
            true);
      }
    }
    if (!table.on_table(next)) {
      if (request.mode == MoveMode::flee) {
        report.left_table = true;
      } else {
        refuse([] { return std::string("the move would leave the table"); }, true);
      }
    }
    // Models may pass through their friends but not through enemies.
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
      const TableModel& other = models[i];
      if (i == request.model || !other.alive || other.side == mover.side) continue;
      const double reach = other.base_radius + mover.base_radius;
      if (other.position.x < std::min(at.x, next.x) - reach ||
          other.position.x > std::max(at.x, next.x) + reach ||
          other.position.y < std::min(at.y, next.y) - reach ||
          other.position.y > std::max(at.y, next.y) + reach) {
        continue;
      }
      double t = 0.0;
      const double gap = distance_to_segment(other.position, at, next, &t);
      const bool at_end = t >= 1.0 - kEpsilon;
      if (gap < other.base_radius + mover.base_radius - 1e-6 && !at_end) {
        refuse(
            [&] {
              return fmt::format(
                  "a model cannot move through an enemy model (the one at {:.1f}, "
                  "{:.1f})",
                  other.position.x, other.position.y);
            },
            true);
      }
    }
    at = next;
  }
  report.final_facing = request.final_facing.value_or(heading);
  if (request.final_facing) turned += std::abs(turn_between(heading, *request.final_facing));
  report.turning_cost = request.turning_included ? 0.0 : turning_cost(turned);
  if (request.mode == MoveMode::sidestep && report.distance > 0.0) report.sidestep_cost = 0.5;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == request.model || !other.alive) continue;
    const double contact = other.base_radius + mover.base_radius;
    const Point apart = other.position - at;
    if (dot(apart, apart) >= contact * contact) continue;
    const double gap = length(apart);
    if (gap < contact - 1e-6) {
      refuse([&] {
        return fmt::format(
            "models' bases cannot overlap (the model at {:.1f}, {:.1f} is {:.2f}\" "
            "away)",
            other.position.x, other.position.y, gap);
      });
    }
  }
  if (report.total_cost() > request.allowance + 1e-6) {
    refuse([&] {
      return fmt::format("MOVE-01: the move costs {:.2f}\" of a {:.2f}\" allowance",
                         report.total_cost(), request.allowance);
    });
  }
  return report;
}

// The largest d in (0, limit] at which the mover's base, carried `d` along `direction`, overlaps
// no other base; 0 when there is none. Each other base rules out an open interval of d.
double furthest_clear_end(std::span<const TableModel> models, int model, const Point& direction,
                          double limit) {
  const TableModel& mover = models[model];
  double d = limit;
  for (bool moved = true; moved && d > 0.0;) {
    moved = false;
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
      const TableModel& other = models[i];
      if (i == model || !other.alive) continue;
      const double contact = other.base_radius + mover.base_radius - 1e-6;
      const Point offset = other.position - mover.position;
      const double along = dot(offset, direction);
      const double across_sq = dot(offset, offset) - along * along;
      if (across_sq >= contact * contact) continue;
      const double half = std::sqrt(contact * contact - across_sq);
      if (d > along - half && d < along + half) {
        d = along - half - 1e-4;
        moved = true;
      }
    }
  }
  return std::max(d, 0.0);
}

// How far from `from` (on the table) the ray along unit vector `direction` stays on it.
double distance_to_edge(const Table& table, const Point& from, const Point& direction) {
  double d = std::numeric_limits<double>::infinity();
  if (direction.x > 1e-12) d = std::min(d, (table.width() - from.x) / direction.x);
  if (direction.x < -1e-12) d = std::min(d, -from.x / direction.x);
  if (direction.y > 1e-12) d = std::min(d, (table.height() - from.y) / direction.y);
  if (direction.y < -1e-12) d = std::min(d, -from.y / direction.y);
  return std::max(0.0, d - 1e-9);
}

std::optional<double> straight_reach(const Table& table, std::span<const TableModel> models,
                                     const MoveRequest& request, const Point& direction,
                                     double limit, double* level_step_at) {
  if (request.model < 0 || request.model >= static_cast<int>(models.size())) return 0.0;
  const TableModel& mover = models[request.model];
  if (!mover.alive || limit <= kEpsilon) return 0.0;
  const MoveMode mode = request.mode;
  const Point a = mover.position;
  Point b = a + direction * limit;
  const double free_height = mover.size <= 2 ? 1.0 : mover.size / 2.0;  // MOVE-19
  if (table.has_levels() && (request.terrain == nullptr || request.terrain->levels)) {
    // Climbs, drops, jumps and ladders along the way: only trial moves measure those.
    thread_local std::vector<LevelStep> levels;
    level_steps(table, a, b, levels);
    for (const LevelStep& step : levels) {
      if (std::abs(step.rise) <= free_height + kEpsilon) continue;
      if (level_step_at == nullptr) return std::nullopt;
      // The first step (level_steps lists them along the leg): measure only up to it.
      const double at = step.t * limit;
      *level_step_at = at;
      limit = std::max(0.0, at - 1e-6);
      if (limit <= kEpsilon) return 0.0;
      b = a + direction * limit;
      break;
    }
  }
  // MOVE-07 and MOVE-06: turning and sidestepping cost the same whatever the length.
  double fixed = 0.0;
  if (!request.turning_included) {
    double heading = mover.facing;
    double turned = 0.0;
    if (mode != MoveMode::backwards && mode != MoveMode::sidestep) {
      const double along = request.leg_heading ? *request.leg_heading : bearing(a, b);
      turned += std::abs(turn_between(heading, along));
      heading = along;
    }
    if (request.final_facing) turned += std::abs(turn_between(heading, *request.final_facing));
    fixed += turning_cost(turned);
  }
  if (mode == MoveMode::sidestep) fixed += 0.5;
  double block =
      mode == MoveMode::flee ? limit : std::min(limit, distance_to_edge(table, a, direction));
  // MOVE-03: the worst ground at each point of the ray, as leg_cost weighs it.
  struct Mark {
    double from;
    double to;
    MovementClass movement;
  };
  thread_local std::vector<Mark> marks;
  thread_local std::vector<double> cuts;
  marks.clear();
  cuts.assign({0.0, limit});
  IndexList own_features;
  IndexList own_obstacles;
  if (request.terrain == nullptr) {
    own_features = table.features_near(a, b);
    own_obstacles = table.obstacles_near(a, b);
  }
  const IndexList& near_features =
      request.terrain != nullptr ? request.terrain->features : own_features;
  const IndexList& near_obstacles =
      request.terrain != nullptr ? request.terrain->obstacles : own_obstacles;
  for (const int index : near_features) {
    const TerrainFeature& feature = table.features()[index];
    if (feature.movement == MovementClass::normal && !feature.deep) continue;
    if (feature.deep && mode == MoveMode::swim) continue;  // MOVE-17: swimmers cross it
    if (!segment_touches_box(a, b, feature.bounds)) continue;
    const MovementClass movement = feature.deep ? MovementClass::impassable : feature.movement;
    for (const auto& piece : feature_intervals(feature, a, b)) {
      marks.push_back({piece.from * limit, piece.to * limit, movement});
      cuts.push_back(piece.from * limit);
      cuts.push_back(piece.to * limit);
    }
  }
  std::sort(cuts.begin(), cuts.end());
  // MOVE-19/21, CHARGE-07: each obstacle crossed costs its height once, or bars the way.
  struct Crossing {
    double at;
    double cost;
  };
  thread_local std::vector<Crossing> crossings;
  crossings.clear();
  for (const int index : near_obstacles) {
    const LinearObstacle& obstacle = table.obstacles()[index];
    if (obstacle.height <= free_height + kEpsilon) continue;
    for (std::size_t i = 0; i + 1 < obstacle.points.size(); ++i) {
      const double t = segment_intersection(a, b, obstacle.points[i], obstacle.points[i + 1]);
      if (t < 0.0) continue;
      if (obstacle.height <= mover.height + kEpsilon ||
          obstacle.height <= request.climb_limit + kEpsilon) {
        crossings.push_back({t * limit, obstacle.height});
      } else {
        block = std::min(block, t * limit - 1e-6);
      }
    }
  }
  std::sort(crossings.begin(), crossings.end(),
            [](const Crossing& x, const Crossing& y) { return x.at < y.at; });
  // Enemy bases may not be passed through (they may be reached: the end is check_move's affair).
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == request.model || !other.alive || other.side == mover.side) continue;
    const double contact = other.base_radius + mover.base_radius - 1e-6;
    const Point offset = other.position - a;
    const double along = dot(offset, direction);
    if (along > 0.0) {
      if (dot(offset, offset) - along * along < contact * contact) block = std::min(block, along);
    } else if (dot(offset, offset) < contact * contact) {
      block = 0.0;
    }
  }
  if (block <= 0.0) return 0.0;
  // Walk the ray spending the allowance: linear within each piece of ground, a step at each
  // obstacle; the answer is where it runs out or the first block, whichever comes first.
  const double budget = request.allowance - fixed;
  if (budget < 0.0) return 0.0;
  double spent = 0.0;
  double at = 0.0;
  std::size_t next = 0;
  for (std::size_t i = 0; i + 1 < cuts.size() && at < block; ++i) {
    const double to = std::min(cuts[i + 1], block);
    if (to - at <= 0.0) continue;
    const double middle = 0.5 * (cuts[i] + cuts[i + 1]);
    MovementClass worst = MovementClass::normal;
    for (const auto& mark : marks)
      if (mark.from <= middle && middle <= mark.to && mark.movement > worst) worst = mark.movement;
    if (worst == MovementClass::impassable) return std::max(0.0, at);
    const double rate = mode_factor(mode, worst);
    for (; next < crossings.size() && crossings[next].at <= to; ++next) {
      const double step = crossings[next].at;
      if (spent + (step - at) * rate > budget) return at + (budget - spent) / rate;
      spent += (step - at) * rate;
      at = step;
      if (spent + crossings[next].cost > budget) return std::max(0.0, step - 1e-6);
      spent += crossings[next].cost;
    }
    if (spent + (to - at) * rate > budget) return at + (budget - spent) / rate;
    spent += (to - at) * rate;
    at = to;
  }
  return std::max(0.0, std::min(at, block));
}

}  // namespace arap::table
