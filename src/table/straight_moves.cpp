// MOVE-01..07, MOVE-20 (CHARGE-03/07 use it too): the furthest legal straight move of one model
// toward (or away from) a point, trying bearings either side when the direct line is blocked;
// each trial is checked by check_move (movement.cpp). Charges, runs, flights and pursuits move
// models with it.
#include <algorithm>
#include <cmath>
#include <vector>

#include "table/movement.hpp"

namespace arap::table {

std::optional<PlannedMove> plan_straight_move(const Table& table,
                                              std::span<const TableModel> models, int model,
                                              const Point& goal, double allowance, MoveMode mode,
                                              bool away, double climb_limit,
                                              bool turning_included) {
  const double to_goal = distance(models[model].position, goal);
  const double reach = away ? allowance : std::min(allowance, to_goal);
  // Only bases within reach of the mover's start can block or crowd it: the many trial moves
  // below check just those.
  // (Kept between calls: a big mêlée plans thousands of moves, each over every model.)
  thread_local std::vector<TableModel> nearby;
  nearby.clear();
  int local = 0;
  const Point from = models[model].position;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    const TableModel& other = models[i];
    if (i == model) {
      local = static_cast<int>(nearby.size());
    } else if (!other.alive) {
      continue;
    } else {
      // Squared distances settle all but the bases at the very limit, which are measured.
      const double limit = reach + other.base_radius + models[model].base_radius + 0.1;
      const Point apart = other.position - from;
      const double squared = dot(apart, apart);
      if (squared > (limit + 1e-6) * (limit + 1e-6)) continue;
      if (squared >= (limit - 1e-6) * (limit - 1e-6) && distance(other.position, from) > limit)
        continue;
    }
    nearby.push_back(other);
  }
  const int original_model = model;
  models = nearby;
  model = local;
  const TableModel& mover = models[model];
  const double base_bearing = away ? bearing(goal, mover.position)
                                   : (to_goal > 0 ? bearing(mover.position, goal) : mover.facing);
  // A move toward the goal must end nearer to it than the model stands, and one away from it
  // farther: standing still is the score to beat. (A bearing far off the goal's line can be open
  // when the near ones are barred, and a long move along it would end farther away.) Each bearing
  // tried after must beat the best by a hundredth of an inch: ends that differ by less (as where
  // each bearing backs off a base in the way by its own sliver) are the same to a player, and the
  // straighter bearing keeps them.
  constexpr double kWorthMore = 0.01;
  std::optional<PlannedMove> best;
  double best_score = away ? to_goal : -to_goal;
  // No end comes nearer the goal than the edge of a base the goal lies in (a Charger's goal is an
  // enemy model's centre): bases never overlap.
  double nearest_end = 0.0;
  if (!away)
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
      const double contact = models[i].base_radius + mover.base_radius - 1e-6;
      const Point apart = models[i].position - goal;
      if (i == model || dot(apart, apart) >= contact * contact) continue;  // the goal is not in it
      nearest_end = std::max(nearest_end, contact - length(apart));
    }
  MoveRequest request;
  request.model = model;
  request.mode = mode;
  request.turning_included = turning_included;
  request.allowance = allowance;
  request.climb_limit = climb_limit;
  request.path.resize(1);
  for (const double offset :
       {0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0, 60.0, -60.0, 75.0, -75.0, 90.0, -90.0}) {
    // The best score an end `d` along this bearing could reach. With the full reach it only
    // worsens as the bearing turns further from the goal, so once it cannot beat the best found,
    // no later bearing can; with the table edge's limit it rules out this bearing alone.
    const double cos_offset = std::cos(offset * std::numbers::pi / 180.0);
    const auto bound = [&](double d) {
      if (away) return std::sqrt(to_goal * to_goal + d * d + 2.0 * to_goal * d * cos_offset);
      const double t = std::clamp(to_goal * cos_offset, 0.0, d);
      return std::min(-nearest_end, -std::sqrt(std::max(0.0, to_goal * to_goal + t * t -
                                                                 2.0 * t * to_goal * cos_offset)));
    };
    if (bound(reach) <= best_score + kWorthMore) break;
    const Point direction = heading_vector(base_bearing + offset);
    // Only fleeing models may leave the table: stop at its edge rather than search for it.
    const double way = mode == MoveMode::flee
                           ? reach
                           : std::min(reach, distance_to_edge(table, mover.position, direction));
    if (bound(way) <= best_score + kWorthMore) continue;
    if (way < reach && way <= 0.05) continue;  // at the edge already: nothing to gain this way
    const auto attempt = [&](double d) {
      request.path[0] = mover.position + direction * d;
      return check_move(table, models, request, false);
    };
    const auto consider = [&](double d, MoveReport report) {
      const Point end = mover.position + direction * d;
      const double score = away ? distance(end, goal) : -distance(end, goal);
      if (score > best_score + kWorthMore) {
        request.path[0] = end;
        best = PlannedMove{request, std::move(report)};
        best_score = score;
      }
    };
    MoveReport full = attempt(way);
    if (full.legal) {  // the whole way is open: nothing nearer the goal can beat it
      consider(way, std::move(full));
      if (offset == 0.0 && way == reach) break;
      continue;
    }
    // Cost grows with distance along a straight line, so the furthest affordable unblocked point
    // is found (the whole way if only its end is crowded; straight from the fixed costs when the
    // ground is open all the way; else by bisection), then the end backs off to the furthest
    // point clear of other bases.
    double lo = 0.0;
    double hi = way;
    bool found = false;
    if (!full.path_blocked) {
      if (full.total_cost() <= allowance + 1e-6) {
        lo = way;
        found = true;
      } else if (full.obstacle_cost == 0.0 && std::abs(full.terrain_cost - full.distance) <= 1e-9) {
        // Open ground costs its length; turning (MOVE-07) and sidestepping add a fixed amount.
        const double d = allowance - full.turning_cost - full.sidestep_cost;
        if (d <= 0.0) {
          found = true;
        } else if (d < way) {
          const MoveReport report = attempt(d);
          if (!report.path_blocked && report.total_cost() <= allowance + 1e-6) {
            lo = d;
            found = true;
          }
        }
      }
    }
    if (!found) {
      // One pass over the ground along the ray gives the furthest affordable unbarred point;
      // trial moves (the bisection below) are left for changes of level and rounding misses.
      if (const auto d = straight_reach(table, models, request, direction, way)) {
        const MoveReport report = attempt(*d);
        if (!report.path_blocked && report.total_cost() <= allowance + 1e-6) {
          lo = *d;
          found = true;
        }
      }
    }
    for (int i = 0; i < 12 && !found; ++i) {
      const double mid = 0.5 * (lo + hi);
      const MoveReport report = attempt(mid);
      const bool affordable = report.total_cost() <= allowance + 1e-6 && !report.path_blocked;
      (affordable ? lo : hi) = mid;
    }
    for (double d = furthest_clear_end(models, model, direction, lo); d > 0.05;
         d = furthest_clear_end(models, model, direction, d - 0.05)) {
      MoveReport report = attempt(d);
      if (!report.legal) continue;
      consider(d, std::move(report));
      break;
    }
  }
  if (best) best->request.model = original_model;
  return best;
}

}  // namespace arap::table
