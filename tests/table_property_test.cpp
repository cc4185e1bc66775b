// Property tests of the table (RapidCheck): measuring is symmetric, paths never cost less than
// their length, terrain sight is symmetric, and scattered markers stay on the table.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <boost/geometry.hpp>

#include "data/library.hpp"
#include "table/effects.hpp"
#include "table/geometry.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"
#include "table/scenario.hpp"

namespace arap::table {
namespace {

const Scenario& town() {
  static const data::Library library = data::Library::load(ARAP_DATA_DIR);
  static const Scenario scenario =
      load_scenario(std::string(ARAP_DATA_DIR) + "/scenarios/ruined_town.yaml", library);
  return scenario;
}

Point any_point(double width, double height) {
  return {*rc::gen::inRange(0, static_cast<int>(width * 10)) / 10.0,
          *rc::gen::inRange(0, static_cast<int>(height * 10)) / 10.0};
}

RC_GTEST_PROP(TableProperties, distances_and_bearings_are_symmetric, ()) {
  const Point a = any_point(48, 48);
  const Point b = any_point(48, 48);
  RC_ASSERT(distance(a, b) == distance(b, a));
  if (!(a == b)) {
    RC_ASSERT(std::abs(std::abs(turn_between(bearing(a, b), bearing(b, a))) - 180.0) < 1e-9);
  }
}

RC_GTEST_PROP(TableProperties, a_path_never_costs_less_than_its_length, ()) {
  const Table& table = town().table;
  std::vector<TableModel> models(1);
  models[0].position = any_point(48, 48);
  models[0].facing = *rc::gen::inRange(0, 360);
  MoveRequest request;
  request.path = {any_point(48, 48), any_point(48, 48)};
  request.mode =
      *rc::gen::element(MoveMode::normal, MoveMode::backwards, MoveMode::crawl, MoveMode::sidestep);
  request.allowance = 1000;
  const MoveReport report = check_move(table, models, request);
  RC_ASSERT(report.total_cost() + 1e-9 >= report.distance);
}

// straight_reach is the planners' one pass over the ground (MOVE-01/03/06/07/08/21, ADV-08): the
// length it gives is affordable and unbarred by check_move's own measure, and a little further is
// not (unless the ray's end was reached). Enemy bases stand about to bar the way too.
RC_GTEST_PROP(TableProperties, straight_reach_is_the_furthest_affordable_unbarred_length, ()) {
  const Table& table = town().table;
  std::vector<TableModel> models(1 + *rc::gen::inRange(0, 4));
  for (std::size_t i = 0; i < models.size(); ++i) {
    models[i].position = any_point(48, 48);
    models[i].side = i == 0 ? 0 : 1;
  }
  models[0].facing = *rc::gen::inRange(0, 360);
  models[0].move_through_cover = *rc::gen::arbitrary<bool>();  // ADV-08: both measure it alike
  MoveRequest request;
  request.mode =
      *rc::gen::element(MoveMode::normal, MoveMode::backwards, MoveMode::crawl, MoveMode::sidestep);
  request.allowance = *rc::gen::inRange(2, 13);
  request.path.resize(1);
  const Point direction = heading_vector(*rc::gen::inRange(0, 360));
  const double limit = *rc::gen::inRange(1, 40) / 2.0;
  const auto reach = straight_reach(table, models, request, direction, limit);
  RC_PRE(reach.has_value());  // a change of level: left to trial moves
  RC_ASSERT(*reach >= 0.0);
  RC_ASSERT(*reach <= limit + 1e-12);
  const auto report_at = [&](double d) {
    request.path[0] = models[0].position + direction * d;
    return check_move(table, models, request, false);
  };
  if (*reach > 1e-6) {
    const MoveReport at = report_at(*reach);
    RC_ASSERT(!at.path_blocked);
    RC_ASSERT(at.total_cost() <= request.allowance + 1e-6);
  }
  if (*reach < limit - 0.01) {
    const MoveReport beyond = report_at(*reach + 0.01);
    RC_ASSERT(beyond.path_blocked || beyond.total_cost() > request.allowance + 1e-6);
  }
}

RC_GTEST_PROP(TableProperties, terrain_sight_is_symmetric, ()) {
  const Table& table = town().table;
  const Point a = any_point(48, 48);
  const Point b = any_point(48, 48);
  RC_ASSERT(terrain_sight(table, a, b).clear() == terrain_sight(table, b, a).clear());
}

RC_GTEST_PROP(TableProperties, scattered_markers_stay_on_the_table, ()) {
  const Table& table = town().table;
  const Point aim = any_point(48, 48);
  const Point landed =
      scattered_point(table, aim, *rc::gen::inRange(0, 40), *rc::gen::inRange(0, 360));
  RC_ASSERT(table.on_table(landed));
  const Point stopped = intercept_flight(table, {}, any_point(48, 48), landed, -1);
  RC_ASSERT(table.on_table(stopped));
}

}  // namespace
}  // namespace arap::table

namespace arap::table {
namespace {

// The hot-path crossing test agrees with Boost.Geometry's intersection on every town feature.
RC_GTEST_PROP(TableProperties, fast_intervals_match_boost_geometry, ()) {
  const Table& table = town().table;
  const Point a = any_point(48, 48);
  const Point b = any_point(48, 48);
  for (const auto& feature : table.features()) {
    double boost_total = 0.0;
    for (const auto& piece : inside_intervals(feature.footprint, a, b))
      boost_total += piece.to - piece.from;
    RC_ASSERT(std::abs(feature_intervals(feature, a, b).total() - boost_total) < 1e-9);
  }
}

}  // namespace
}  // namespace arap::table

namespace arap::table {
namespace {

// Found by the properties above: a line through rubble_2's corner (28, 15) exactly. Boost.Geometry
// once reported the whole line inside, and sight traced in the two directions rounded apart.
TEST(TableProperties, a_line_through_a_corner_stays_outside_and_sees_both_ways) {
  const Table& table = town().table;
  const Point a{26.7, 14.0};
  const Point b{37.1, 22.0};
  for (const auto& feature : table.features()) {
    if (feature.id != "rubble_2") continue;
    double boost_total = 0.0;
    for (const auto& piece : inside_intervals(feature.footprint, a, b))
      boost_total += piece.to - piece.from;
    EXPECT_NEAR(boost_total, 0.0, 1e-12);
    EXPECT_NEAR(feature_intervals(feature, a, b).total(), 0.0, 1e-12);
  }
  EXPECT_EQ(terrain_sight(table, a, b).clear(), terrain_sight(table, b, a).clear());
}

}  // namespace
}  // namespace arap::table

namespace arap::table {
namespace {

// eligible_targets (SHOOT-01/02/20, ACT-15) answers sight yes-or-no with a search that stops
// early (through a grid of the models once it has asked a few lines) and an arc test by cosines;
// both must agree exactly with line_of_sight and the bearing-based arc. Models stand on a half-inch
// grid facing multiples of 45 degrees, so bases graze sight lines and targets sit exactly on the
// arc's edge, where a rounding difference would show.
RC_GTEST_PROP(TableProperties, eligible_targets_match_line_of_sight_and_the_arc, ()) {
  static const Table open(48, 48);  // most lines in the open: the models decide
  const Table& table = *rc::gen::element(0, 0, 1) == 0 ? open : town().table;
  // Up to 120 models: past 48 the lines go through the model grid (LineModels), and a crowd
  // spread further makes long lines through many of its cells.
  const int count = *rc::gen::inRange(2, 120);
  const int spread = *rc::gen::element(40, 90);
  std::vector<TableModel> models(static_cast<std::size_t>(count));
  for (auto& model : models) {
    model.position = {*rc::gen::inRange(10, spread) / 2.0, *rc::gen::inRange(10, spread) / 2.0};
    model.facing = 45.0 * *rc::gen::inRange(0, 8);
    model.base_radius = *rc::gen::element(0.49, 0.5, 1.0);
    model.size = *rc::gen::element(2, 2, 2, 1, 3);  // mostly alike: comrades and blockers
    model.unit = *rc::gen::inRange(0, 3);
    model.side = model.unit == 2 ? 1 : 0;
    model.alive = *rc::gen::inRange(0, 8) != 0;
    model.engaged = *rc::gen::inRange(0, 6) == 0;
    model.mounted = *rc::gen::inRange(0, 6) == 0;
  }
  const double range = *rc::gen::element(6.0, 12.0, 24.0, 1e9);
  for (int from = 0; from < count; ++from) {
    for (int unit = 0; unit < 3; ++unit) {
      std::vector<int> expected;
      for (int i = 0; i < count; ++i) {
        if (!models[i].alive || models[i].unit != unit) continue;
        if (distance(models[from].position, models[i].position) > range + 1e-9) continue;
        if (!in_arc_after_free_pivot(models[from], models[i].position)) continue;
        if (line_of_sight(table, models, from, i).clear()) expected.push_back(i);
      }
      RC_ASSERT(eligible_targets(table, models, from, unit, range) == expected);
      RC_ASSERT(any_eligible_target(table, models, from, unit, range) == !expected.empty());
    }
  }
}

// table::inside answers as Boost.Geometry's covered_by (the border counts as inside) for every
// point: anywhere on the table, on an edge or a corner of a feature, and a hair either side of one.
RC_GTEST_PROP(TableProperties, inside_agrees_with_covered_by, ()) {
  const auto& features = town().table.features();
  const auto& feature = features[*rc::gen::inRange<std::size_t>(0, features.size())];
  const auto& ring = feature.ring;
  Point p = any_point(48, 48);
  switch (*rc::gen::inRange(0, 4)) {
    case 0:
      break;  // anywhere
    case 1:
      p = ring[*rc::gen::inRange<std::size_t>(0, ring.size())];  // a corner
      break;
    default: {  // on an edge, or a hair off it either way
      const std::size_t i = *rc::gen::inRange<std::size_t>(0, ring.size());
      const Point a = ring[i];
      const Point b = ring[(i + 1) % ring.size()];
      const Point along = b - a;
      const Point normal = Point{-along.y, along.x} * (1.0 / std::max(1e-12, length(along)));
      const double off = *rc::gen::element(0.0, 1e-9, -1e-9, 1e-7, -1e-7, 2e-7, -2e-7, 1e-3, -1e-3);
      p = a + along * (*rc::gen::inRange(0, 1001) / 1000.0) + normal * off;
    }
  }
  RC_ASSERT(inside(feature.footprint, p) ==
            boost::geometry::covered_by(BoostPoint(p.x, p.y), feature.footprint));
}

}  // namespace
}  // namespace arap::table
