// Issue 15: the ladder's statistics (Wilson interval, Elo) and its bookkeeping over both seats.
#include <cmath>

#include <gtest/gtest.h>

#include "ai/ladder.hpp"
#include "ai/match.hpp"
#include "dice/rng.hpp"
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

// Issue 15's decision-time goals are read from these: exact nearest-rank order statistics.
TEST(Ladder, decision_times_are_nearest_rank_order_statistics) {
  DecisionTimes t;
  t.seconds = {0.5, 0.1, 0.3, 0.2, 0.4};
  EXPECT_EQ(t.quantile(0.5), 0.3);   // the 3rd of 5 (rank ceil(2.5))
  EXPECT_EQ(t.quantile(0.95), 0.5);  // the 5th (rank ceil(4.75))
  EXPECT_EQ(t.quantile(0.2), 0.1);   // exactly one in five: the 1st
  EXPECT_EQ(t.longest(), 0.5);
  DecisionTimes twenty;
  for (int i = 20; i >= 1; --i) twenty.seconds.push_back(i);
  EXPECT_EQ(twenty.quantile(0.95), 19.0);  // 19 of 20 took no longer
  EXPECT_EQ(twenty.quantile(0.5), 10.0);
  t.add(twenty);
  EXPECT_EQ(t.seconds.size(), 25u);
  EXPECT_EQ(t.longest(), 20.0);
  const auto json = t.to_json();
  EXPECT_EQ(json.at("decisions"), 25);
  EXPECT_EQ(json.at("max"), 20.0);
  const auto none = DecisionTimes{}.to_json();
  EXPECT_EQ(none.at("decisions"), 0);
  EXPECT_TRUE(none.at("p95").is_null());
}

// Every decision of every game is timed, for the side that made it, and a game cut off at the
// action cap is counted as unfinished (a stall), not as a draw that ended.
TEST(Ladder, every_decision_is_timed_and_stalls_are_counted) {
  const auto setup = game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                      test::shipped_library());
  const MatchResult cut = play_match(*setup, 5, {"random", "greedy"}, false, 12);
  EXPECT_FALSE(cut.finished);
  ASSERT_EQ(cut.decision_times.size(), 2u);
  EXPECT_EQ(cut.decision_times[0].seconds.size() + cut.decision_times[1].seconds.size(), 12u);
  const MatchResult whole = play_match(*setup, 5, {"random", "greedy"}, false);
  EXPECT_TRUE(whole.finished);
  std::size_t decisions = 0;
  for (const auto& times : whole.decision_times) {
    decisions += times.seconds.size();
    for (const double t : times.seconds) EXPECT_GE(t, 0.0);
  }
  EXPECT_EQ(decisions, whole.record.actions.size());

  // The ladder: each agent's decisions in both seats, and the games that stopped unfinished.
  const auto pairing = run_ladder(*setup, {"random", "greedy"}, 2, 7, 1)[0];
  std::size_t random_decisions = 0;
  std::size_t greedy_decisions = 0;
  for (const bool swapped : {false, true})
    for (std::uint64_t g = 0; g < 2; ++g) {
      const std::uint64_t seed = dice::Xoshiro256pp::for_stream(7, g)();
      const auto match = play_match(*setup, seed,
                                    swapped ? std::vector<std::string>{"greedy", "random"}
                                            : std::vector<std::string>{"random", "greedy"},
                                    false);
      random_decisions += match.decision_times[swapped ? 1 : 0].seconds.size();
      greedy_decisions += match.decision_times[swapped ? 0 : 1].seconds.size();
    }
  EXPECT_EQ(pairing.first_times.seconds.size(), random_decisions);
  EXPECT_EQ(pairing.second_times.seconds.size(), greedy_decisions);
  EXPECT_EQ(pairing.unfinished, 0);
  EXPECT_EQ(pairing.to_json().at("first_decision_seconds").at("decisions"), random_decisions);
}

}  // namespace
}  // namespace arap::ai
