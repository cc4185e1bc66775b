// The listing's ground-pass shortcut (DESIGN "the door": every listed action applies) where it is
// most fragile: models whose centres stand on the line of a building's edge (MOVE-03), as a
// model does after a move stopped against the wall, moving along it. The ground pass measures
// one long ray, the legality check a short leg; along an edge the two may round apart, so such
// plans are left to the check (reach_settles in move_planner.cpp).
#include <gtest/gtest.h>

#include <cmath>

#include "game/planner.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

class ListingAlongEdges : public test::ScriptedGame {
 protected:
  // A Guard squad (unit 0) and an impassable square building x 38..42, y 11..17 with a slanted
  // one beside it; the Blue Tactical squad far off.
  void squad_by_buildings() {
    begin(test::battle("listing_edges", "imperial_guard",
                       "[{unit: infantry_squad, at: [30, 32], facing: 90}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 44], facing: 180}]",
                       "terrain:\n"
                       "  - {id: house, kind: building, height: 6, polygon: [[38, 11], [42, 11], "
                       "[42, 17], [38, 17]]}\n"
                       "  - {id: shed, kind: building, height: 6, polygon: [[10, 20], [17, 23.3], "
                       "[15, 28], [8, 25]]}\n"),
          3);
    script({1});
    must(activate(0, 1));
  }

  // Every model of unit 0 in a row along the line through `a` and `b`, the first `along` inches
  // from `a`, 1.1" apart, offset `across` inches off the line (a rounding's worth or none).
  void line_up(const table::Point& a, const table::Point& b, double along, double across,
               double facing) {
    const table::Point d = (b - a) * (1.0 / table::length(b - a));
    const table::Point n{-d.y, d.x};
    const auto& info = setup_->units[0];
    for (int i = 0; i < info.model_count; ++i) {
      auto& pose = state_.models[info.first_model + i].pose;
      pose.position = a + d * (along + 1.1 * i) + n * across;
      pose.facing = facing;
    }
  }

  // Plans every mode the listing uses toward points nearly along `d`, from the squad as it stands,
  // and counts the plans the legality check refuses.
  int refused_plans(const table::Point& d) {
    const detail::MoveNeighbourhood near = detail::move_neighbourhood(state_, 0, 7.0);
    const table::Point centre = unit_centre(state_, 0);
    int refused = 0;
    for (const double tilt : {0.0, 1e-15, -1e-15, 7e-14, -7e-14, 1e-11, -1e-11}) {
      const table::Point along{d.x - tilt * d.y, d.y + tilt * d.x};
      for (const double sign : {1.0, -1.0})
        for (const double inches : {0.074, 0.61, 2.3, 5.9})
          for (const auto mode : {table::MoveMode::normal, table::MoveMode::sidestep,
                                  table::MoveMode::backwards, table::MoveMode::tactical}) {
            const MovePlan plan =
                detail::plan_unit_move(state_, 0, mode, centre + along * (sign * inches), false,
                                       detail::PlanUse::listing, &near);
            if (plan.inches > 0 && !is_legal(state_, plan.action)) {
              ++refused;
              ADD_FAILURE() << "listed but refused: " << describe(plan.action) << ": "
                            << illegal_reason(state_, plan.action);
            }
          }
    }
    return refused;
  }
};

TEST_F(ListingAlongEdges, MOVE_03_a_move_listed_along_a_buildings_edge_is_legal) {
  squad_by_buildings();
  const table::Point west{38, 11};
  const table::Point east{42, 11};
  int refused = 0;
  // The squad's row starts west of the house and runs onto its south edge, and on past it.
  for (int k = 0; k < 40 && refused == 0; ++k)
    for (const double across : {0.0, 1.8e-15, -1.8e-15}) {
      line_up(west, east, -6.3 + 0.1371 * k, across, 90);
      refused += refused_plans({1, 0});
    }
  EXPECT_EQ(refused, 0);
}

TEST_F(ListingAlongEdges, MOVE_03_a_move_listed_along_a_slanted_edge_is_legal) {
  squad_by_buildings();
  const table::Point a{10, 20};
  const table::Point b{17, 23.3};
  const table::Point d = (b - a) * (1.0 / table::length(b - a));
  int refused = 0;
  for (int k = 0; k < 40 && refused == 0; ++k) {
    line_up(a, b, -6.3 + 0.1371 * k, 0.0, table::bearing(a, b));
    refused += refused_plans(d);
  }
  EXPECT_EQ(refused, 0);
}

// MOVE-03: the ground pass passes through no enemy base, however far off the unit's centre line it
// stands. It leaves out, once for the whole unit, the bases clear of the strip its models sweep; an
// enemy model within two base radii (0.984") of the easternmost model's path must still stop the
// move short of it, and one just beyond that lets it go as far as with nobody there.
TEST(ListingGroundPass, MOVE_03_an_enemy_base_at_the_edge_of_the_units_path_stops_it) {
  const auto setup = test::battle(
      "ground_pass_strip", "imperial_guard", "[{unit: infantry_squad, at: [24, 10], facing: 0}]",
      "imperial_guard", "[{unit: infantry_squad, at: [24, 40], facing: 180}]");
  const GameState start = initial_state(*setup, 1);
  int east = -1;  // the easternmost model, the foremost of them
  for (int m : start.members(0)) {
    const table::Point p = start.models[m].pose.position;
    if (east < 0) {
      east = m;
      continue;
    }
    const table::Point q = start.models[east].pose.position;
    if (p.x > q.x || (p.x == q.x && p.y > q.y)) east = m;
  }
  const int blocker = setup->units[1].first_model;
  Action north = make_action(ActionKind::move, 0);
  const table::Point up{0.0, 1.0};
  const auto reach_with_blocker_at = [&](const table::Point& at) {
    GameState s = start;
    s.models[blocker].pose.position = at;
    const auto reach = detail::unit_straight_reach(s, north, up, 6.0, 6.0);
    EXPECT_TRUE(reach.has_value());
    return reach.value_or(-1.0);
  };
  const table::Point from = start.models[east].pose.position;
  const double open = reach_with_blocker_at({2.0, 46.0});  // far away: nothing in the way
  ASSERT_GT(open, 3.0);
  // 0.97" across: the bases (25 mm, 0.984" across two radii, less a hair) would overlap from
  // 2.5" - h onward, h = sqrt(contact^2 - 0.97^2); the pass stops a ten-thousandth short of that.
  const double contact =
      start.models[east].pose.base_radius + start.models[blocker].pose.base_radius - 1e-6;
  ASSERT_GT(contact, 0.98);
  const double half = std::sqrt(contact * contact - 0.97 * 0.97);
  EXPECT_NEAR(reach_with_blocker_at(from + table::Point{0.97, 2.5}), 2.5 - half - 1e-4, 1e-9);
  EXPECT_DOUBLE_EQ(reach_with_blocker_at(from + table::Point{0.99, 2.5}), open);
}

}  // namespace
}  // namespace arap::game
