// Issue 20: balance sweeps that scale out. A sweep is a numbered list of games ("tasks"); task t
// draws its dice from stream t of the sweep's seed, so any subset of tasks can be played anywhere
// (threads, `--shard i/N` processes, MPI ranks) and the rows, put back in task order, always give
// the same summary. With `swap` the tasks come in pairs on one seed, the second with the agents'
// seats exchanged; with two settings (`--compare`) every task is played under both, on the same
// seed, and a sequential probability ratio test may stop the sweep once the question is settled.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/agents.hpp"
#include "ai/match.hpp"
#include "game/setup.hpp"

namespace arap::ai {

// One rule setting a sweep plays: a scenario as loaded, with any overrides applied.
struct SweepSetting {
  std::shared_ptr<const game::GameSetup> setup;
  std::string label;  // "base", the overrides ("ruling.CHARGE-02=always2D6") or a scenario file
};

// `setup` with one override applied: "ruling.<ID>=<value>" (a ruling switch) or
// "option.<name>=<value>" (a scenario option, as in the scenario's `options:`), written into the
// scenario's text as with_overrides_written does, so what is settled when a game is set up
// (ADV-18's current moves) follows it. Throws std::invalid_argument naming what is allowed.
std::shared_ptr<const game::GameSetup> with_override(const game::GameSetup& setup,
                                                     const std::string& assignment);

// The same overrides (each checked as with_override checks it) written into the scenario's text,
// its `rulings:` and `options:` maps, and loaded from there: a game record made on the result
// carries them, so the game replays with them (arap play --ruling).
std::shared_ptr<const game::GameSetup> with_overrides_written(
    const game::GameSetup& setup, const std::vector<std::string>& assignments);

struct SweepPlan {
  std::vector<SweepSetting> settings;  // one, or two when comparing
  std::vector<std::string> agents;     // the first side's agent, the second's
  std::uint64_t seed = 1;
  int games = 100;           // games (a seating's, with swap)
  bool swap = false;         // each seed again with the agents' seats exchanged
  double sprt_delta = 0.05;  // comparing: the score difference worth detecting; 0: play all
  nlohmann::json search;     // the search agent's budget, recorded so merges can check it

  int tasks() const { return swap ? 2 * games : games; }
  // Everything that decides the games and their summary; shards of one sweep share it.
  nlohmann::json header() const;
};

// One game of a sweep, as `--games-out` writes it (one JSON object a line).
struct GameRow {
  int task = 0;
  int setting = 0;       // index into the plan's settings
  bool swapped = false;  // the second agent held the first side
  std::uint64_t seed = 0;
  int winner = -1;  // side index; -1 a draw
  int turns = 0;
  std::vector<int> score;        // per side
  std::vector<int> models_lost;  // per side, at the end
  Texture texture;

  nlohmann::json to_json() const;
  // Throws std::invalid_argument naming the missing or ill-typed field.
  static GameRow from_json(const nlohmann::json& row);
};

// Task `task` played under every setting on the same seed: one row per setting, in order.
std::vector<GameRow> play_task(const SweepPlan& plan, int task, const Roster& roster);

// Two one-sided sequential probability ratio tests on the per-task score difference
// d = (first side's score under setting b) - (under a), with normal likelihoods (the GSPRT that
// chess engine testers use): H0 mean 0 against H1 mean +delta, and against H1 mean -delta, each
// at alpha = beta = 0.05. It settles when either accepts its H1 (a difference) or both accept H0.
class Sprt {
 public:
  explicit Sprt(double delta) : delta_(delta) {}
  void add(double difference);
  bool settled() const;
  // "b favours <side 0>", "b favours <side 1>", "no difference of delta or more", "undecided".
  std::string verdict(const std::vector<std::string>& sides) const;
  nlohmann::json to_json(const std::vector<std::string>& sides) const;
  int count() const { return n_; }

  static constexpr int kMinimum = 10;            // tasks before the test may settle
  static constexpr double kVarianceFloor = 0.1;  // of a difference in [-1, 1]; see llr()
 private:
  double llr(double mean_h1) const;
  double delta_;
  int n_ = 0;
  double sum_ = 0.0;
  double sum_squares_ = 0.0;
};

// The first side's score in a game: 1 a win, 1/2 a draw, 0 a loss.
double first_side_score(const GameRow& row);

// Hands tasks out in order, gathers their rows and, comparing, stops handing out tasks once the
// SPRT over the finished prefix settles. Thread-safe.
class SweepRun {
 public:
  // `early_stop`: the SPRT may stop the run (a whole sweep's tasks 0, 1, 2, ... in one run; a
  // shard or an MPI rank's chunk never stops by itself).
  SweepRun(const SweepPlan& plan, std::vector<int> tasks, bool early_stop,
           std::function<void(int done, int total)> progress = {});
  // Up to `most` further tasks; none when all are handed out or the test has settled.
  std::vector<int> take(int most);
  void complete(std::vector<GameRow> rows);
  // Every row gathered, in task and setting order.
  std::vector<GameRow> rows() const;
  int total() const { return static_cast<int>(tasks_.size()); }
  int remaining() const;  // tasks not yet handed out

 private:
  const SweepPlan& plan_;
  std::vector<int> tasks_;
  std::function<void(int, int)> progress_;
  mutable std::mutex mutex_;
  std::size_t next_ = 0;
  std::vector<std::vector<GameRow>> done_;  // by position in tasks_
  std::size_t prefix_ = 0;                  // positions finished in order
  Sprt sprt_;
  bool early_stop_ = false;
  bool stopped_ = false;
  int finished_ = 0;
};

// The tasks of shard `index` of `count`: t = index, index + count, ...
std::vector<int> shard_tasks(int tasks, int index, int count);

// Plays `tasks` on `jobs` threads; rows in task order. A failing game stops the sweep and its
// message is thrown.
std::vector<GameRow> run_sweep(const SweepPlan& plan, const std::vector<int>& tasks, int jobs,
                               bool early_stop, const std::function<void(int, int)>& progress,
                               const Roster& roster);
// The worker threads of a run: each takes a task, plays it and hands its rows back until none
// remain. Throws the first failure ("task 12: ...") after every thread has stopped.
void play_on_threads(SweepRun& run, const SweepPlan& plan, int jobs, const Roster& roster);

// The summary of a whole sweep from its header and rows (any order): the same JSON however the
// tasks were played. Comparing, the rows after the task where the SPRT settled are left out, as a
// run that stopped there would have left them. Throws std::invalid_argument when rows are
// missing or repeated.
nlohmann::json summarise(const nlohmann::json& header, std::vector<GameRow> rows);

// A shard's partial result and the merge of several (issue 20's `--shard` and `arap merge`).
nlohmann::json partial_result(const nlohmann::json& header, int shard, int shards,
                              const std::vector<GameRow>& rows);
struct MergedSweep {
  nlohmann::json header;
  std::vector<GameRow> rows;  // in task order
};
// `names[k]` names parts[k] in errors. Refuses parts of different sweeps (naming the field that
// differs), a shard given twice and missing shards.
MergedSweep merge_partials(const std::vector<nlohmann::json>& parts,
                           const std::vector<std::string>& names);

}  // namespace arap::ai
