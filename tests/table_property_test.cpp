// Property tests of the table (RapidCheck): measuring is symmetric, paths never cost less than
// their length, terrain sight is symmetric, and scattered markers stay on the table.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "data/library.hpp"
#include "table/effects.hpp"
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
