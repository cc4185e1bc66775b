// CHARGE-02 (and MOVE-12, ACT-15's lead): the nearest pair of models between two units, found
// through the target's models sorted along an axis (table::AxisSorted), is the pair a plain scan of
// every pair finds: the least distance, and of the pairs at it the first by the charger's then the
// target's order. Models stand on a half-inch grid, so ties abound; some are slain.
#include <gtest/gtest.h>

#include <random>

#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "support/game_fixture.hpp"

namespace arap::game {
namespace {

detail::NearestPair plain_nearest_pair(const GameState& s, int unit, int target) {
  detail::NearestPair best;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    for (int n : s.members(target)) {
      if (!s.models[n].pose.alive) continue;
      const double d = table::distance(s.models[m].pose.position, s.models[n].pose.position);
      if (d < best.distance) best = {m, n, d};
    }
  }
  return best;
}

TEST(NearestPair, CHARGE_02_the_sorted_search_finds_the_plain_scans_pair) {
  const auto setup = test::battle(
      "nearest_pair", "space_marines",
      "[{unit: tactical_squad, at: [24, 8], formation: block, models: {Space Marine: 30}}]", "orks",
      "[{unit: slugga_boyz, at: [24, 40], facing: 180, formation: block, models: {Ork Boy: 30}}]");
  GameState s = initial_state(*setup, 1);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> coordinate(0, 96);
  std::uniform_int_distribution<int> die(0, 9);
  int ties = 0;
  for (int trial = 0; trial < 400; ++trial) {
    // Scattered anywhere, or two blocks apart along one axis with their ranks jittered.
    const bool scattered = trial % 2 == 0;
    for (auto& model : s.models) {
      model.pose.alive = die(rng) != 0;
      const table::Point at{coordinate(rng) / 2.0, coordinate(rng) / 2.0};
      model.pose.position =
          scattered ? at : table::Point{at.x, (model.pose.side == 0 ? 0.0 : 20.0) + at.y / 4.0};
    }
    for (const auto& [unit, target] : {std::pair{0, 1}, std::pair{1, 0}}) {
      const auto expected = plain_nearest_pair(s, unit, target);
      const auto found = detail::nearest_pair(s, unit, target);
      EXPECT_EQ(found.own, expected.own) << "trial " << trial;
      EXPECT_EQ(found.enemy, expected.enemy) << "trial " << trial;
      EXPECT_EQ(found.distance, expected.distance) << "trial " << trial;
      // Count the trials where another pair lay at the same distance (the order decided).
      int at_least = 0;
      for (int m : s.members(unit))
        for (int n : s.members(target))
          if (s.models[m].pose.alive && s.models[n].pose.alive &&
              table::distance(s.models[m].pose.position, s.models[n].pose.position) ==
                  expected.distance)
            ++at_least;
      ties += at_least > 1 ? 1 : 0;
    }
  }
  EXPECT_GT(ties, 20);  // the tie-break was tried, not only the plain minimum
}

}  // namespace
}  // namespace arap::game
