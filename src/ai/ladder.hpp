// Issue 15: a strength ladder. Every pairing of agents plays the same number of games in each
// seat, the n-th game of each seat from the same seed (paired seeds: the two orientations see the
// same dice streams), and is summarised as a score with a 95 % Wilson interval and an Elo
// difference, as chess engine testers do.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/agents.hpp"
#include "ai/match.hpp"
#include "game/setup.hpp"

namespace arap::ai {

struct Interval {
  double low = 0.0;
  double high = 1.0;
};

// Wilson's score interval for a proportion `score` of `n` trials at normal quantile `z`
// (1.96: 95 %); draws count as half a win, the usual convention for game scores.
Interval wilson_interval(double score, int n, double z = 1.96);
// The Elo difference a score implies: 400 log10(s / (1 - s)); +-inf at 1 and 0.
double elo_difference(double score);

struct Pairing {
  std::string first;  // agent names
  std::string second;
  int games = 0;       // in both seats together
  int first_wins = 0;  // counting both seats
  int second_wins = 0;
  int draws = 0;
  int first_wins_as_first_side = 0;  // seat by seat, to show a side advantage
  int first_wins_as_second_side = 0;
  double score = 0.0;  // first's: (wins + draws / 2) / games
  Interval interval;   // 95 % Wilson
  double elo = 0.0;    // first minus second
  Interval elo_interval;
  DecisionTimes first_times;  // each agent's decisions, both seats
  DecisionTimes second_times;
  int unfinished = 0;  // games stopped at the action cap (a stall), both seats
  nlohmann::json to_json() const;
};

// Plays `games_per_seat` games of each pairing in each seat (2 x games_per_seat a pairing).
// `progress(done, total)` is called as games finish, possibly from worker threads.
std::vector<Pairing> run_ladder(const game::GameSetup& setup,
                                const std::vector<std::string>& agents, int games_per_seat,
                                std::uint64_t seed, int jobs,
                                const std::function<void(int, int)>& progress = {},
                                const Roster& roster = Roster::basic());

}  // namespace arap::ai
