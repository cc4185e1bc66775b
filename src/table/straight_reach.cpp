// MOVE-01/03/06/07/08/21 in one pass: the straight reach a listing measures along a ray
// (straight_reach), the furthest end clear of other bases (furthest_clear_end) and the distance
// to the table's edge. check_move (movement.cpp) has the last word on any move.
#include <algorithm>
#include <cmath>
#include <limits>

#include "table/movement.hpp"
#include "table/movement_internal.hpp"

namespace arap::table {

using namespace detail;

// The largest d in (0, limit] at which the mover's base, carried `d` along `direction`, overlaps
// no other base; 0 when there is none. Each other base rules out an open interval of d.
double furthest_clear_end(std::span<const TableModel> models, int model, const Point& direction,
                          double limit) {
  thread_local std::vector<BlockedStretch> stretches;
  blocked_stretches(models, model, direction, stretches);
  return furthest_clear_end(stretches, limit);
}

void blocked_stretches(std::span<const TableModel> models, int model, const Point& direction,
                       std::vector<BlockedStretch>& out) {
  out.clear();
  const TableModel& mover = models[model];
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == model || !other.alive) continue;
    const double contact = other.base_radius + mover.base_radius - 1e-6;
    const Point offset = other.position - mover.position;
    const double along = dot(offset, direction);
    const double across_sq = dot(offset, offset) - along * along;
    if (across_sq >= contact * contact) continue;  // its base lies clear of the mover's path
    const double half = std::sqrt(contact * contact - across_sq);
    out.push_back({along - half, along + half});
  }
}

double furthest_clear_end(std::span<const BlockedStretch> stretches, double limit) {
  // Backed off before each stretch it ends in, until it ends in none (backing off past one base
  // may end in another's stretch, found on the next pass).
  double d = limit;
  for (bool moved = true; moved && d > 0.0;) {
    moved = false;
    for (const BlockedStretch& stretch : stretches) {
      if (d > stretch.from && d < stretch.to) {
        d = stretch.from - 1e-4;
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
  if (mode == MoveMode::warp_jump) return std::nullopt;  // ADV-25: only the landing counts
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
    const MovementClass ground = ground_class(feature, mode);  // ADV-24
    if (ground == MovementClass::normal && !feature.deep) continue;
    if (feature.deep && mode == MoveMode::swim) continue;  // MOVE-17: swimmers cross it
    if (!segment_touches_box(a, b, feature.bounds)) continue;
    const MovementClass movement = feature.deep ? MovementClass::impassable : ground;
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
    if (obstacle.open) continue;  // ACT-16: an open door is a gap in the wall
    const bool shut_door = obstacle.door >= 0;
    if (!shut_door && obstacle.height <= free_height + kEpsilon) continue;
    if (!shut_door && mover.leaping && obstacle.height <= 2.0 * mover.height + kEpsilon)
      continue;  // ADV-07
    for (std::size_t i = 0; i + 1 < obstacle.points.size(); ++i) {
      const double t = segment_intersection(a, b, obstacle.points[i], obstacle.points[i + 1]);
      if (t < 0.0) continue;
      if (!shut_door && (obstacle.height <= mover.height + kEpsilon ||
                         obstacle.height <= request.climb_limit + kEpsilon)) {
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
  // ADV-08: the first inch of rough ground costs nothing, as in leg_cost.
  double free_difficult = mover.move_through_cover ? kMoveThroughCoverFree : 0.0;
  for (std::size_t i = 0; i + 1 < cuts.size() && at < block; ++i) {
    const double to = std::min(cuts[i + 1], block);
    if (to - at <= 0.0) continue;
    const double middle = 0.5 * (cuts[i] + cuts[i + 1]);
    MovementClass worst = MovementClass::normal;
    for (const auto& mark : marks)
      if (mark.from <= middle && middle <= mark.to && mark.movement > worst) worst = mark.movement;
    if (worst == MovementClass::impassable) return std::max(0.0, at);
    const double rate = mode_factor(mode, worst);
    const bool rough = worst == MovementClass::difficult || worst == MovementClass::very_difficult;
    // Goes on to `end` if the budget allows; otherwise sets `reach` to where it runs out.
    double reach = 0.0;
    const auto advance = [&](double end) {
      const double free = rough ? std::min(free_difficult, end - at) : 0.0;
      const double cost = (end - at - free) * rate;
      if (spent + cost > budget) {
        reach = at + free + (budget - spent) / rate;
        return false;
      }
      spent += cost;
      free_difficult -= free;
      at = end;
      return true;
    };
    for (; next < crossings.size() && crossings[next].at <= to; ++next) {
      const double step = crossings[next].at;
      if (!advance(step)) return reach;
      if (spent + crossings[next].cost > budget) return std::max(0.0, step - 1e-6);
      spent += crossings[next].cost;
    }
    if (!advance(to)) return reach;
  }
  return std::max(0.0, std::min(at, block));
}

}  // namespace arap::table
