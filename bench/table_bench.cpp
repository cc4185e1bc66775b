// Table queries on the ruined town (29 terrain polygons, 6 walls): line of sight between random
// points (goal: <= 1 us a query) and the cost of a two-leg move.
#include <benchmark/benchmark.h>

#include <vector>

#include "data/library.hpp"
#include "dice/rng.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"
#include "table/scenario.hpp"

namespace {

using arap::table::Point;

const arap::table::Scenario& town() {
  static const arap::data::Library library = arap::data::Library::load(ARAP_DATA_DIR);
  static const arap::table::Scenario scenario = arap::table::load_scenario(
      std::string(ARAP_DATA_DIR) + "/scenarios/ruined_town.yaml", library);
  return scenario;
}

std::vector<Point> random_points(std::size_t count) {
  arap::dice::Xoshiro256pp rng(5);
  std::vector<Point> points;
  for (std::size_t i = 0; i < count; ++i) {
    points.push_back(
        {static_cast<double>(rng() % 4800) / 100.0, static_cast<double>(rng() % 4800) / 100.0});
  }
  return points;
}

void line_of_sight_town(benchmark::State& state) {
  const auto& table = town().table;
  const auto points = random_points(1024);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto sight =
        arap::table::terrain_sight(table, points[i & 1023], points[(i + 511) & 1023]);
    benchmark::DoNotOptimize(sight.blocker);
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(line_of_sight_town);

void model_cover_town(benchmark::State& state) {
  const auto& table = town().table;
  const auto points = random_points(1024);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        arap::table::model_cover(table, points[i & 1023], points[(i + 511) & 1023]));
    ++i;
  }
}
BENCHMARK(model_cover_town);

// A typical move: two legs of up to 4" from where the model stands.
void path_cost_town(benchmark::State& state) {
  const auto& scenario = town();
  auto models = scenario.table_models();
  const auto points = random_points(1024);
  arap::table::MoveRequest request;
  request.model = 0;
  request.allowance = 12;
  std::size_t i = 0;
  for (auto _ : state) {
    const Point start = points[i & 1023];
    models[0].position = start;
    const Point step = points[(i + 7) & 1023] - start;
    const double scale = 4.0 / std::max(1.0, arap::table::length(step));
    request.path = {start + step * scale, start + step * (2 * scale) + Point{1, 0}};
    const auto report = arap::table::check_move(scenario.table, models, request);
    benchmark::DoNotOptimize(report.total_cost());
    ++i;
  }
}
BENCHMARK(path_cost_town);

}  // namespace

namespace {

// Cover as terrain grows: a 48" table strewn with N 2" ruins (soft cover, see-through), queries
// between random points 8-14" apart (a shot's usual length). With the spatial index the cost
// should barely grow with N.
arap::table::Table strewn_table(int features) {
  arap::table::Table table(48.0, 48.0);
  arap::dice::Xoshiro256pp rng(9);
  for (int k = 0; k < features; ++k) {
    const double x = static_cast<double>(rng() % 4400) / 100.0;
    const double y = static_cast<double>(rng() % 4400) / 100.0;
    arap::table::TerrainFeature f;
    f.id = "ruin" + std::to_string(k);
    f.kind = arap::table::TerrainKind::ruin;
    f.cover = arap::table::Cover::soft;
    f.movement = arap::table::MovementClass::difficult;
    f.footprint = arap::table::make_polygon({{x, y}, {x, y + 2}, {x + 2, y + 2}, {x + 2, y}});
    table.add_feature(std::move(f));
  }
  return table;
}

void model_cover_by_features(benchmark::State& state) {
  const auto table = strewn_table(static_cast<int>(state.range(0)));
  arap::dice::Xoshiro256pp rng(11);
  std::vector<std::pair<Point, Point>> shots;
  for (int i = 0; i < 1024; ++i) {
    const Point from{4.0 + static_cast<double>(rng() % 4000) / 100.0,
                     4.0 + static_cast<double>(rng() % 4000) / 100.0};
    const double angle = static_cast<double>(rng() % 360);
    const double length = 8.0 + static_cast<double>(rng() % 600) / 100.0;
    shots.push_back({from, table.clamp(from + arap::table::heading_vector(angle) * length)});
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [from, to] = shots[i++ & 1023];
    benchmark::DoNotOptimize(arap::table::model_cover(table, from, to));
  }
}
BENCHMARK(model_cover_by_features)->Arg(10)->Arg(40)->Arg(160);

}  // namespace
