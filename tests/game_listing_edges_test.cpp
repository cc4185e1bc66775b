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

}  // namespace
}  // namespace arap::game
