// Whole games between agents: one game (with its record and log), and many in parallel with one
// random stream per game so the summary does not depend on the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/agents.hpp"
#include "game/record.hpp"

namespace arap::ai {

// How a game played (issue 15's "texture" goals): charges declared and those under 1-in-3 to
// reach (game::charge_reach at the declaration), units that never did anything but activate or
// end their activation, and whether both sides ever stood on the same objective at once.
struct Texture {
  int charges = 0;
  int long_shot_charges = 0;  // P(reach) < 1/3 when declared
  int units = 0;
  int idle_units = 0;
  bool objective_contested = false;
};

// Issue 15's decision-time goals: how long an agent took to choose (wall time, as a player at the
// table waits), every decision kept so that the order statistics are exact.
struct DecisionTimes {
  std::vector<double> seconds;
  void add(const DecisionTimes& other);
  // The q-quantile by nearest rank (the least time at least a share q of decisions took no longer
  // than); 0 with no decisions.
  double quantile(double q) const;
  double longest() const;
  // {decisions, median, p95, max} in seconds (the times null with no decisions).
  nlohmann::json to_json() const;
};

struct MatchResult {
  Texture texture;
  std::vector<DecisionTimes> decision_times;  // by side
  bool finished = false;  // the game ended; false: it stopped at max_actions (a stall)
  game::GameRecord record;
  game::EventLog log;
  game::GameState final_state;
  int winner = -1;
  int turns = 0;
  std::vector<int> score;
};

// Plays to the end (or `max_actions`). Agents draw from their own streams of `seed`, the dice
// from the game's, so the record replays to the same game. `keep_log` false skips the events;
// with it, an agent that explains itself logs an `ai_choice` event before each action it takes.
// `texture` false leaves MatchResult::texture at zero and spares its measuring (P(charge reaches)
// for every charge, the objectives after every action): the game itself, as the benchmarks time
// it.
MatchResult play_match(const game::GameSetup& setup, std::uint64_t seed,
                       const std::vector<std::string>& agents, bool keep_log = true,
                       int max_actions = 20000, const Roster& roster = Roster::basic(),
                       bool texture = true);

struct SimulationSummary {
  int games = 0;
  std::vector<int> wins;
  int draws = 0;
  int scoreless = 0;  // games every side ended on 0 points
  double mean_turns = 0.0;
  std::vector<double> mean_score;
  std::uint64_t signature = 0;  // of every game's log, in game order
  // Texture over all games.
  int charges = 0;
  int long_shot_charges = 0;
  int unit_games = 0;
  int idle_units = 0;
  int contested_games = 0;
  // By side, over all games, and the games stopped at the action cap: gathered by simulate for
  // the ladder (a sweep's rows do not carry them, so to_json leaves them out).
  std::vector<DecisionTimes> decision_times;
  int unfinished = 0;
  // Counts one game (in game order: the means are summed as games come); finish() turns the
  // sums into means. `sides` sizes the tallies on the first game.
  void add(int winner, int turns, const std::vector<int>& score, const Texture& texture,
           const std::vector<DecisionTimes>& times = {}, bool finished = true);
  void finish();
  nlohmann::json to_json(const std::vector<std::string>& side_names) const;
};

// `progress(done)` is called from worker threads as games finish (may be empty).
SimulationSummary simulate(const game::GameSetup& setup, int games, std::uint64_t seed,
                           const std::vector<std::string>& agents, int jobs, bool sign_logs,
                           const std::function<void(int)>& progress = {},
                           const Roster& roster = Roster::basic());

}  // namespace arap::ai
