// Issue 15: the strength ladder (see ladder.hpp).
#include "ai/ladder.hpp"

#include <atomic>
#include <cmath>
#include <limits>

#include "ai/match.hpp"

namespace arap::ai {

Interval wilson_interval(double score, int n, double z) {
  if (n <= 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double z2 = z * z;
  const double centre = (score + z2 / (2.0 * nn)) / (1.0 + z2 / nn);
  const double half =
      z / (1.0 + z2 / nn) * std::sqrt(score * (1.0 - score) / nn + z2 / (4.0 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double elo_difference(double score) {
  if (score <= 0.0) return -std::numeric_limits<double>::infinity();
  if (score >= 1.0) return std::numeric_limits<double>::infinity();
  return 400.0 * std::log10(score / (1.0 - score));
}

nlohmann::json Pairing::to_json() const {
  const auto finite = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nullptr; };
  return {{"first", first},
          {"second", second},
          {"games", games},
          {"first_wins", first_wins},
          {"second_wins", second_wins},
          {"draws", draws},
          {"first_wins_as_first_side", first_wins_as_first_side},
          {"first_wins_as_second_side", first_wins_as_second_side},
          {"score", score},
          {"score_95", {interval.low, interval.high}},
          {"elo", finite(elo)},
          {"elo_95", {finite(elo_interval.low), finite(elo_interval.high)}},
          {"first_decision_seconds", first_times.to_json()},
          {"second_decision_seconds", second_times.to_json()},
          {"unfinished_games", unfinished}};
}

std::vector<Pairing> run_ladder(const game::GameSetup& setup,
                                const std::vector<std::string>& agents, int games_per_seat,
                                std::uint64_t seed, int jobs,
                                const std::function<void(int, int)>& progress,
                                const Roster& roster) {
  std::vector<Pairing> out;
  const int pairings = static_cast<int>(agents.size() * (agents.size() - 1) / 2);
  const int total = pairings * 2 * games_per_seat;
  std::atomic<int> finished{0};
  for (std::size_t i = 0; i < agents.size(); ++i) {
    for (std::size_t j = i + 1; j < agents.size(); ++j) {
      Pairing p;
      p.first = agents[i];
      p.second = agents[j];
      const int before = finished.load();
      const auto tick = [&](int done) {
        if (progress) progress(before + done, total);
      };
      // The same seed in both seats: game g of each orientation replays dice stream g.
      const SimulationSummary a =
          simulate(setup, games_per_seat, seed, {p.first, p.second}, jobs, false, tick, roster);
      finished += games_per_seat;
      const int middle = finished.load();
      const auto tick2 = [&](int done) {
        if (progress) progress(middle + done, total);
      };
      const SimulationSummary b =
          simulate(setup, games_per_seat, seed, {p.second, p.first}, jobs, false, tick2, roster);
      finished += games_per_seat;
      p.games = 2 * games_per_seat;
      p.first_wins_as_first_side = a.wins[0];
      p.first_wins_as_second_side = b.wins[1];
      p.first_wins = a.wins[0] + b.wins[1];
      p.second_wins = a.wins[1] + b.wins[0];
      p.draws = p.games - p.first_wins - p.second_wins;
      p.score = (p.first_wins + 0.5 * p.draws) / p.games;
      p.interval = wilson_interval(p.score, p.games);
      p.elo = elo_difference(p.score);
      p.elo_interval = {elo_difference(p.interval.low), elo_difference(p.interval.high)};
      // In `a` the first agent sat first, in `b` second.
      if (a.decision_times.size() > 1 && b.decision_times.size() > 1) {
        p.first_times = a.decision_times[0];
        p.first_times.add(b.decision_times[1]);
        p.second_times = a.decision_times[1];
        p.second_times.add(b.decision_times[0]);
      }
      p.unfinished = a.unfinished + b.unfinished;
      out.push_back(p);
    }
  }
  return out;
}

}  // namespace arap::ai
