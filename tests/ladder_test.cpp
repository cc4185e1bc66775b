// Issue 15: the ladder's statistics (Wilson interval, Elo) and its bookkeeping over both seats.
#include <cmath>

#include <gtest/gtest.h>

#include "ai/ladder.hpp"
#include "support/expect.hpp"
#include "support/game_fixture.hpp"

namespace arap::ai {
namespace {

TEST(Ladder, wilson_interval_matches_the_formula) {
  // 8 of 10 at 95 %: centre (0.8 + 1.96^2/20) / (1 + 1.96^2/10), half-width as in Wilson (1927).
  const double z = 1.96;
  const double centre = (0.8 + z * z / 20.0) / (1.0 + z * z / 10.0);
  const double half = z / (1.0 + z * z / 10.0) * std::sqrt(0.8 * 0.2 / 10.0 + z * z / 400.0);
  const Interval i = wilson_interval(0.8, 10);
  EXPECT_PROB(i.low, centre - half);
  EXPECT_PROB(i.high, centre + half);
  EXPECT_NEAR(i.low, 0.4902, 5e-5);
  EXPECT_NEAR(i.high, 0.9433, 5e-5);
  // A clean sweep still has a lower bound below 1, and nothing leaves [0, 1].
  const Interval sweep = wilson_interval(1.0, 20);
  EXPECT_PROB(sweep.high, 1.0);
  EXPECT_LT(sweep.low, 1.0);
  EXPECT_GT(sweep.low, 0.8);
}

TEST(Ladder, elo_difference_of_a_score) {
  EXPECT_PROB(elo_difference(0.5), 0.0);
  EXPECT_PROB(elo_difference(0.75), 400.0 * std::log10(3.0));
  EXPECT_PROB(elo_difference(0.25), -400.0 * std::log10(3.0));
  EXPECT_TRUE(std::isinf(elo_difference(1.0)));
}

TEST(Ladder, both_seats_with_paired_seeds) {
  const auto setup = game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                      test::shipped_library());
  const auto one = run_ladder(*setup, {"random", "greedy"}, 3, 7, 1);
  ASSERT_EQ(one.size(), 1u);
  const Pairing& p = one[0];
  EXPECT_EQ(p.games, 6);
  EXPECT_EQ(p.first_wins + p.second_wins + p.draws, 6);
  EXPECT_EQ(p.first_wins, p.first_wins_as_first_side + p.first_wins_as_second_side);
  EXPECT_PROB(p.score, (p.first_wins + 0.5 * p.draws) / 6.0);
  // The same games seen from the other agent: scores add to one, draws agree.
  const auto other = run_ladder(*setup, {"greedy", "random"}, 3, 7, 2);
  EXPECT_PROB(p.score + other[0].score, 1.0);
  EXPECT_EQ(p.draws, other[0].draws);
  EXPECT_EQ(p.first_wins, other[0].second_wins);
  EXPECT_EQ(p.second_wins, other[0].first_wins);
}

}  // namespace
}  // namespace arap::ai
