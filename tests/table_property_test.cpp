// Property tests of the table (RapidCheck): measuring is symmetric, paths never cost less than
// their length, terrain sight is symmetric, and scattered markers stay on the table.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <limits>

#include <boost/geometry.hpp>

#include "data/library.hpp"
#include "table/axis_sorted.hpp"
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

// A squad in ranks shooting at a crowd (SHOOT-02/20): the lines out of its rear ranks run through
// the ranks before it, and eligible_targets tries to prove them all blocked at once
// (detail::shadowed_by_models) before drawing them. Wherever it claims a proof, every line to the
// unit must be blocked, and whatever it claims, the answers (the free functions' and those of one
// SightLines asked for every model) must be line_of_sight's. Ranks are packed tight or loose, the
// target stands near or far, square to the ranks or off to a side, with bystanders between.
RC_GTEST_PROP(TableProperties, rear_ranks_hidden_by_the_ranks_before_them_see_nothing, ()) {
  static const Table open(72, 72);
  const Table& table = *rc::gen::element(0, 0, 1) == 0 ? open : town().table;
  const int files = *rc::gen::inRange(3, 11);
  const int ranks = *rc::gen::inRange(2, 7);
  const double spacing = *rc::gen::element(1.0, 1.1, 1.25, 1.5, 2.0);
  const double facing = 45.0 * *rc::gen::inRange(0, 8);
  const Point forward = heading_vector(facing);
  const Point across{forward.y, -forward.x};
  const Point corner{*rc::gen::inRange(20, 30) * 1.0, *rc::gen::inRange(20, 30) * 1.0};
  std::vector<TableModel> models;
  const auto add = [&](const Point& at, int unit, int side, double model_facing) {
    TableModel model;
    model.position = at;
    model.facing = model_facing;
    model.base_radius = 0.49;
    model.size = *rc::gen::element(2, 2, 2, 2, 1, 3);
    model.unit = unit;
    model.side = side;
    model.alive = *rc::gen::inRange(0, 12) != 0;
    model.engaged = *rc::gen::inRange(0, 20) == 0;
    models.push_back(model);
  };
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f)
      add(corner + across * (f * spacing) - forward * (r * spacing), 0, 0, facing);
  // The target: a crowd ahead, square or off to a side, near or far.
  const double away = *rc::gen::element(4.0, 9.0, 18.0, 30.0);
  const double aside = *rc::gen::element(0.0, 0.0, 6.0, -10.0);
  const Point crowd = corner + forward * away + across * aside;
  const int crowd_size = *rc::gen::inRange(1, 30);
  for (int k = 0; k < crowd_size; ++k)
    add(crowd + across * ((k % 6) * 1.5) + forward * ((k / 6) * 1.5), 1, 1, facing + 180.0);
  // Bystanders of a third unit somewhere between.
  const int bystanders = *rc::gen::inRange(0, 6);
  for (int k = 0; k < bystanders; ++k)
    add(corner + forward * (*rc::gen::inRange(1, 12) * 1.0) +
            across * (*rc::gen::inRange(-4, 16) * 1.0),
        2, *rc::gen::inRange(0, 2), 0.0);
  const int count = static_cast<int>(models.size());
  const double range = *rc::gen::element(12.0, 24.0, 1e9);
  SightLines lines(table, models);
  int proved = 0;
  for (int from = 0; from < files * ranks; ++from) {
    if (!models[from].alive) continue;
    for (int unit = 1; unit < 3; ++unit) {
      std::vector<int> expected;
      bool any_line = false;  // to any living member, at any range or bearing
      for (int i = 0; i < count; ++i) {
        if (!models[i].alive || models[i].unit != unit) continue;
        const Sight sight = line_of_sight(open, models, from, i);
        any_line = any_line || sight.clear();
        if (distance(models[from].position, models[i].position) > range + 1e-9) continue;
        if (!in_arc_after_free_pivot(models[from], models[i].position)) continue;
        if (line_of_sight(table, models, from, i).clear()) expected.push_back(i);
      }
      // A proof says no line to the unit is clear of models (on open ground: models alone).
      if (detail::shadowed_by_models(models, from, unit)) {
        RC_ASSERT(!any_line);
        ++proved;
      }
      RC_ASSERT(eligible_targets(table, models, from, unit, range) == expected);
      RC_ASSERT(any_eligible_target(table, models, from, unit, range) == !expected.empty());
      RC_ASSERT(lines.eligible_targets(from, unit, range) == expected);
      RC_ASSERT(lines.any_eligible_target(from, unit, range) == !expected.empty());
    }
  }
  RC_CLASSIFY(proved > 0, "some rear rank proved hidden");
}

// The proof above is no proof of nothing: a rear rank packed behind two ranks of comrades is
// proved hidden from a mob across the table, a front rank is not, and neither is a rear rank
// whose ranks stand far enough apart to be seen between.
TEST(TableProperties, a_packed_rear_rank_is_proved_hidden_and_a_front_rank_is_not) {
  const auto squad = [](double spacing) {
    std::vector<TableModel> models;
    for (int r = 0; r < 3; ++r)
      for (int f = 0; f < 10; ++f) {
        TableModel model;
        model.position = {10.0 + f * spacing, 10.0 - r * spacing};
        model.unit = 0;
        models.push_back(model);
      }
    for (int k = 0; k < 20; ++k) {
      TableModel model;
      model.position = {8.0 + (k % 10) * 1.5, 40.0 + (k / 10) * 1.5};
      model.facing = 180.0;
      model.unit = 1;
      model.side = 1;
      models.push_back(model);
    }
    return models;
  };
  const auto packed = squad(1.0);
  const int front_middle = 5;
  const int rear_middle = 25;
  EXPECT_TRUE(detail::shadowed_by_models(packed, rear_middle, 1));
  EXPECT_FALSE(detail::shadowed_by_models(packed, front_middle, 1));
  EXPECT_TRUE(eligible_targets(Table(48, 60), packed, rear_middle, 1, 1e9).empty());
  EXPECT_FALSE(eligible_targets(Table(48, 60), packed, front_middle, 1, 1e9).empty());
  const auto loose = squad(3.0);
  EXPECT_FALSE(detail::shadowed_by_models(loose, rear_middle, 1));
}

// AxisSorted's search (GEN-04 ranges, CHARGE-02's nearest pair) finds the least squared distance a
// plain scan finds, for points on a half-inch grid (ties and equal coordinates abound), along
// either axis whatever the groups' layout.
RC_GTEST_PROP(TableProperties, an_axis_sorted_search_finds_the_nearest_a_scan_finds, ()) {
  const auto points = [](int count) {
    std::vector<Point> out;
    for (int k = 0; k < count; ++k)
      out.push_back({*rc::gen::inRange(0, 60) / 2.0, *rc::gen::inRange(0, 100) / 2.0});
    return out;
  };
  const auto targets = points(*rc::gen::inRange(1, 60));
  const auto askers = points(*rc::gen::inRange(1, 20));
  AxisSorted sorted(*rc::gen::arbitrary<bool>());
  for (std::size_t k = 0; k < targets.size(); ++k) sorted.add(targets[k], static_cast<int>(k));
  sorted.sort();
  for (const Point& from : askers) {
    double plain = std::numeric_limits<double>::infinity();
    for (const Point& p : targets) plain = std::min(plain, dot(p - from, p - from));
    double found = std::numeric_limits<double>::infinity();
    int visited = 0;
    sorted.search(
        from,
        [&](int id, const Point& p) {
          RC_ASSERT(p == targets[static_cast<std::size_t>(id)]);
          found = std::min(found, dot(p - from, p - from));
          ++visited;
        },
        [&] { return found; });
    RC_ASSERT(found == plain);
    RC_ASSERT(visited >= 1);
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
