// MOVE-01..08, MOVE-15..28 on the table: what a path costs over ground, obstacles and levels, and
// the tests it meets (check_move), and the turning cost (MOVE-07). The straight reach a listing
// measures in one pass is in straight_reach.cpp, planned straight moves in straight_moves.cpp,
// the dice that set distances in move_rolls.cpp.
#include "table/movement.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <fmt/format.h>

#include "table/movement_internal.hpp"

namespace arap::table {

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

bool ridden_at_full_speed(const TerrainFeature& feature) {
  return feature.movement == MovementClass::difficult && feature.hell_for_leather;
}

MovementClass ground_class(const TerrainFeature& feature, MoveMode mode) {
  if (mode == MoveMode::hell_for_leather && ridden_at_full_speed(feature))
    return MovementClass::normal;
  return feature.movement;
}

namespace detail {

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

LegCost leg_cost(const Table& table, const Point& a, const Point& b, MoveMode mode,
                 std::vector<const TerrainFeature*>& dangerous,
                 std::vector<const TerrainFeature*>& variable, bool& deep_water, int& action_cost,
                 double* free_difficult) {
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
    if (ground_class(feature, mode) == MovementClass::normal && !feature.deep) continue;
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
          mark.feature->deep ? MovementClass::impassable : ground_class(*mark.feature, mode);
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
    double length = (to - from) * span;
    if (free_difficult != nullptr && *free_difficult > 0.0 &&
        (worst == MovementClass::difficult || worst == MovementClass::very_difficult)) {
      // ADV-08: Move Through Cover: the first inch of rough ground in an action is free.
      const double free = std::min(*free_difficult, length);
      *free_difficult -= free;
      length -= free;
    }
    result.cost += length * mode_factor(mode, worst);
  }
  return result;
}

bool deep_water_at(const Table& table, const Point& p) {
  for (const int index : table.features_near(p, p)) {
    const TerrainFeature& feature = table.features()[index];
    if (feature.deep && in_feature(feature, p)) return true;
  }
  return false;
}

void level_steps(const Table& table, const Point& a, const Point& b, std::vector<LevelStep>& out) {
  out.clear();
  thread_local std::vector<double> cuts;
  cuts.assign({0.0, 1.0});
  bool near = false;
  for (const int index : table.raised_features()) {
    const TerrainFeature& feature = table.features()[index];
    if (!segment_touches_box(a, b, feature.bounds)) continue;
    near = true;
    for (const auto& piece : feature_intervals(feature, a, b)) {
      cuts.push_back(piece.from);
      cuts.push_back(piece.to);
    }
  }
  if (!near) return;
  // (A leg that only touches a surface at its end has no pieces; the end check below finds it.)
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

}  // namespace detail

using namespace detail;

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
  double free_difficult = mover.move_through_cover ? kMoveThroughCoverFree : 0.0;  // ADV-08
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
  if (request.mode == MoveMode::warp_jump && request.path.size() > 1)
    refuse([] { return std::string("ADV-25: a warp jump is one straight leap, without turns"); });
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
    if (request.mode == MoveMode::warp_jump) {
      // ADV-25: the jump passes over ground, walls, levels and models alike; only where it lands
      // counts (on the table, on ground a model may stand on; bases are checked below).
      report.terrain_cost += leg;
      if (!table.on_table(next))
        refuse([] { return std::string("the move would leave the table"); }, true);
      else if (table.movement_at(next) == MovementClass::impassable || deep_water_at(table, next))
        refuse([] {
          return std::string("ADV-25: a warp jump must land on ground a model can stand on");
        });
      at = next;
      continue;
    }
    const LegCost cost = leg_cost(table, at, next, request.mode, report.dangerous, report.variable,
                                  report.deep_water, report.action_cost, &free_difficult);
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
    if (table.has_agility_ground()) {
      // MOVE-15: agility ground touched by this leg, once per feature, where first entered.
      for (const int index : table.features_near(at, next)) {
        const TerrainFeature& feature = table.features()[index];
        if (feature.agility == Agility::none) continue;
        if (std::any_of(report.agility.begin(), report.agility.end(),
                        [&](const auto& seen) { return seen.first == &feature; }))
          continue;
        const IntervalList inside = feature_intervals(feature, at, next);
        if (!inside.empty())
          report.agility.emplace_back(&feature, report.distance - leg + inside.begin()->from * leg);
        else if (in_feature(feature, next))
          report.agility.emplace_back(&feature, report.distance);
      }
    }
    for (const int index : table.obstacles_near(at, next)) {
      const LinearObstacle& obstacle = table.obstacles()[index];
      for (std::size_t i = 0; i + 1 < obstacle.points.size(); ++i) {
        const double t = segment_intersection(at, next, obstacle.points[i], obstacle.points[i + 1]);
        if (t < 0.0 || obstacle.open) continue;
        if (obstacle.door >= 0) {
          refuse([&] { return fmt::format("ACT-16: the door {} is shut", obstacle.id); }, true);
          continue;
        }
        if (obstacle.height <= free_height + kEpsilon) continue;
        // ADV-07: a leaper goes over anything up to twice its height at no cost.
        if (mover.leaping && obstacle.height <= 2.0 * mover.height + kEpsilon) continue;
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
      for (std::size_t k = 0; k < steps.size(); ++k) {
        const LevelStep& step = steps[k];
        const double height = std::abs(step.rise);
        const double along = report.distance - leg + step.t * leg;
        // MOVE-18: climbing out of deep water onto a raised surface (a jetty, a boat).
        if (step.rise > 0.0 && report.climb_out_at < 0.0 &&
            deep_water_at(table, step.at - (next - at) * (0.01 / leg))) {
          report.climb_out_at = along;
        }
        if (height <= free_height + kEpsilon) continue;  // MOVE-19/23: a small step is free
        // ADV-07: a leaper goes up or down twice its height at no cost and with no test.
        if (mover.leaping && height <= 2.0 * mover.height + kEpsilon) continue;
        // MOVE-16: a drop followed by a rise back to about the same level is a gap to jump.
        if (step.rise < 0.0 && k + 1 < steps.size() && steps[k + 1].rise > 0.0 &&
            std::abs(step.rise + steps[k + 1].rise) <= free_height + kEpsilon &&
            request.mode != MoveMode::crawl && request.mode != MoveMode::swim) {
          const double width = (steps[k + 1].t - step.t) * leg;
          // The free jump equals the free step: 1", or half the Size of larger models.
          if (width <= free_height + kEpsilon) {
            ++k;  // jumped with no penalty: the allowance pays the width, as any ground
            continue;
          }
          // ADV-14: a rope strung across the gap is crossed hand over hand, in any mode that
          // walks, at the difficult-ground rate: no jump, so no test and no widest gap.
          const TerrainFeature* rope =
              height > mover.height + kEpsilon && table.has_ropes()
                  ? table.rope_at(step.at + (steps[k + 1].at - step.at) * 0.5)
                  : nullptr;
          const bool jumps = (request.mode == MoveMode::normal || request.mode == MoveMode::jump) &&
                             request.climb_limit <= 0.0 && height > mover.height + kEpsilon;
          if (rope != nullptr || jumps) {
            report.gaps.push_back({along, width, height,
                                   rope == nullptr && width > request.gap_limit + kEpsilon,
                                   rope != nullptr});
            // In the air the jumper pays an inch an inch, whatever the ground below; on a rope
            // the climber pays as on difficult ground.
            std::vector<const TerrainFeature*> below_dangerous;
            std::vector<const TerrainFeature*> below_variable;
            bool below_deep = false;
            int below_cost = 1;
            const LegCost below = leg_cost(table, step.at, steps[k + 1].at, request.mode,
                                           below_dangerous, below_variable, below_deep, below_cost);
            const double across =
                rope != nullptr
                    ? width * detail::mode_factor(request.mode, MovementClass::difficult)
                    : width;
            if (below.impassable == nullptr) report.terrain_cost += across - below.cost;
            ++k;
            continue;
          }
        }
        const bool jumping = request.mode == MoveMode::jump && step.rise < 0.0;
        const TerrainFeature* ladder = jumping ? nullptr : table.ladder_at(step.at);
        if (ladder != nullptr) {
          // MOVE-28: a ladder is climbed at the normal rate, with no test.
          report.obstacle_cost += height;
          if (ladder->grapple) report.rope_climbs.push_back({along, height});  // ADV-14
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
          if (request.jump_pack && request.mode == MoveMode::jump &&
              height <= kMaxLeapUp + kEpsilon) {
            // MOVE-22: the jump pack lifts the wearer (no allowance); a test to grab hold.
            if (along <= kLeapReach + kEpsilon) {
              report.leap_height = std::max(report.leap_height, height);
              if (report.leap_at < 0.0) report.leap_at = along;
              continue;
            }
            refuse(
                [&] {
                  return fmt::format(
                      "MOVE-22: a jump pack leaps up a face only from within {}\" of its foot "
                      "(this one is {:.1f}\" away)",
                      kLeapReach, along);
                },
                true);
            continue;
          }
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
        if (!jumping && !charge) {
          if (table.rope_at(step.at) != nullptr) {
            // MOVE-24: down a rope at the normal rate; the unit tests once for the action.
            report.obstacle_cost += height;
            report.rope_drop = std::max(report.rope_drop, height);
            if (report.rope_at < 0.0) report.rope_at = along;
            continue;
          }
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

}  // namespace arap::table
