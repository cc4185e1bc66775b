// `arap sim` and `arap merge` (issue 20): balance sweeps on threads, as shards merged exactly, or
// over MPI ranks; Wilson intervals, swapped seats, two settings compared under an SPRT, per-game
// rows and a chart.
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "ai/sweep.hpp"
#include "ai/sweep_mpi.hpp"
#include "commands.hpp"
#include "game_setup.hpp"
#include "odds_plot.hpp"
#include "progress.hpp"
#include "sweep_plot.hpp"

namespace arap::app {

namespace {

struct SweepOptions {
  std::string scenario;
  std::string data;
  std::string red;
  std::string blue;
  std::uint64_t seed = 1;
  int games = 100;
  int jobs = 1;
  std::optional<double> think;
  std::optional<int> iterations;
  int search_threads = 1;
  std::string shard;  // "i/N"
  bool mpi = false;
  bool swap = false;
  std::vector<std::string> rulings;  // overrides of the scenario: ruling.X=v, option.y=v
  std::string compare;               // a scenario file, or overrides separated by commas
  double sprt_delta = 0.05;
  std::string out;
  std::string games_out;
  std::string plot;
  bool quiet = false;
  std::vector<std::string> parts;  // merge
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ','))
    if (!item.empty()) out.push_back(item);
  return out;
}

// `setup` with each override applied; a bad one is refused naming the option that gave it.
std::shared_ptr<const game::GameSetup> overridden(std::shared_ptr<const game::GameSetup> setup,
                                                  const std::vector<std::string>& overrides,
                                                  const std::string& option) {
  for (const auto& assignment : overrides) {
    try {
      setup = ai::with_override(*setup, assignment);
    } catch (const std::invalid_argument& error) {
      throw std::runtime_error(fmt::format("{} {}: {}", option, assignment, error.what()));
    }
  }
  return setup;
}

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ",") + item;
  return out;
}

void write_out(const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::cout << text;
    std::cout.flush();
    return;
  }
  write_file_atomically(path, text);
}

void write_rows(const std::string& path, const std::vector<ai::GameRow>& rows,
                const std::vector<std::string>& agents) {
  if (path.empty()) return;
  std::string text;
  for (const auto& row : rows) {
    nlohmann::json line = row.to_json();
    line["agents"] = row.swapped ? std::vector<std::string>{agents[1], agents[0]} : agents;
    text += line.dump() + '\n';
  }
  write_file_atomically(path, text);
}

// The summary, the rows and the chart of a finished sweep (or merge).
int finish(const nlohmann::json& header, const std::vector<ai::GameRow>& rows,
           const SweepOptions& o) {
  const nlohmann::json summary = ai::summarise(header, rows);
  write_rows(o.games_out, rows, header.at("agents").get<std::vector<std::string>>());
  if (!o.plot.empty()) write_file_atomically(o.plot, sweep_svg(summary));
  write_out(o.out, summary.dump(2) + '\n');
  return 0;
}

std::pair<int, int> parse_shard(const std::string& text) {
  int index = -1;
  int count = 0;
  char slash = 0;
  std::istringstream in(text);
  if (!(in >> index >> slash >> count) || slash != '/' || !in.eof() || count < 1 || index < 0 ||
      index >= count)
    throw std::runtime_error(
        fmt::format("--shard {}: give i/N with 0 <= i < N (for example 0/4 ... 3/4)", text));
  return {index, count};
}

int run_sim(const SweepOptions& o) {
  check_writable(o.out, "--out");
  check_writable(o.games_out, "--games-out");
  check_writable(o.plot, "--plot");
  if (o.mpi && !o.shard.empty())
    throw std::runtime_error("--mpi and --shard: choose one way of spreading the games");
  if (!o.shard.empty() && !o.plot.empty())
    throw std::runtime_error("--plot: a shard has no summary to draw; give --plot to arap merge");
  const auto base = overridden(load_setup(o.scenario, o.data), o.rulings, "--ruling");
  const ai::Roster roster = roster_for(o.data, o.think, o.iterations, o.search_threads);
  roster.check_seats(base->scenario);
  ai::SweepPlan plan;
  plan.agents = {roster.seat(base->scenario, 0, o.red, "greedy"),
                 roster.seat(base->scenario, 1, o.blue, "greedy")};
  for (const auto& agent : plan.agents) roster.make(agent);  // unknown names fail before play
  plan.settings.push_back({base, o.rulings.empty() ? "base" : join(o.rulings)});
  if (!o.compare.empty()) {
    std::shared_ptr<const game::GameSetup> other;
    if (o.compare.find('=') == std::string::npos) {
      other = overridden(load_setup(o.compare, o.data), o.rulings, "--ruling");
      if (other->scenario.sides.size() != base->scenario.sides.size())
        throw std::runtime_error(fmt::format("--compare {}: it has {} sides, {} has {}", o.compare,
                                             other->scenario.sides.size(), o.scenario,
                                             base->scenario.sides.size()));
    } else {
      other = overridden(base, split_commas(o.compare), "--compare");
    }
    plan.settings.push_back({other, o.compare});
  }
  plan.seed = o.seed;
  plan.games = o.games;
  plan.swap = o.swap;
  plan.sprt_delta = o.compare.empty() ? 0.0 : o.sprt_delta;
  plan.search = {{"think", o.think ? nlohmann::json(*o.think) : nlohmann::json()},
                 {"iterations", o.iterations ? nlohmann::json(*o.iterations) : nlohmann::json()},
                 {"threads", o.search_threads}};
  const nlohmann::json header = plan.header();
  ProgressBar bar(!o.quiet);
  const auto progress = [&bar](int done, int total) { bar(done, total); };
  if (!o.shard.empty()) {
    const auto [index, count] = parse_shard(o.shard);
    const auto rows = ai::run_sweep(plan, ai::shard_tasks(plan.tasks(), index, count), o.jobs,
                                    false, progress, roster);
    write_rows(o.games_out, rows, plan.agents);
    write_out(o.out, ai::partial_result(header, index, count, rows).dump() + '\n');
    return 0;
  }
  if (o.mpi) {
    const ai::MpiSession session;
    const auto rows = ai::run_sweep_mpi(session, plan, o.jobs, progress, roster);
    if (session.rank() != 0) return 0;  // rank 0 speaks for the run (and shows the progress)
    return finish(header, rows, o);
  }
  std::vector<int> all(static_cast<std::size_t>(plan.tasks()));
  for (int t = 0; t < plan.tasks(); ++t) all[static_cast<std::size_t>(t)] = t;
  return finish(header, ai::run_sweep(plan, all, o.jobs, true, progress, roster), o);
}

int run_merge(const SweepOptions& o) {
  check_writable(o.out, "--out");
  check_writable(o.games_out, "--games-out");
  check_writable(o.plot, "--plot");
  std::vector<nlohmann::json> parts;
  for (const auto& path : o.parts) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", path));
    try {
      parts.push_back(nlohmann::json::parse(in));
    } catch (const nlohmann::json::parse_error& error) {
      throw std::runtime_error(fmt::format(
          "{}: not JSON (byte {}): is it a partial result of arap sim --shard?", path, error.byte));
    } catch (const nlohmann::json::exception& error) {  // e.g. a number too large for a double
      throw std::runtime_error(fmt::format("{}: not JSON arap can read: {}", path, error.what()));
    }
  }
  try {
    const ai::MergedSweep merged = ai::merge_partials(parts, o.parts);
    return finish(merged.header, merged.rows, o);
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error(error.what());
  }
}

}  // namespace

void add_sweep_commands(CLI::App& app, Action& action) {
  auto o = std::make_shared<SweepOptions>();
  auto* sim = app.add_subcommand("sim", "Play many games between agents and summarise them");
  sim->add_option("scenario", o->scenario, "Scenario file (YAML)")->required();
  sim->add_option("--games,-n", o->games, "Number of games (in each seating with --swap)")
      ->check(CLI::Range(1, 10000000));
  sim->add_option("--seed", o->seed, "Seed (game g uses stream g)")->check(kSeedCheck);
  sim->add_option("--jobs,-j", o->jobs, "Threads (on each rank with --mpi)")
      ->check(CLI::Range(1, 256));
  add_search_options(sim, o->think, o->iterations, o->search_threads);
  sim->add_option("--red", o->red,
                  "Agent for the first side (default: the scenario's seat, else greedy)");
  sim->add_option("--blue", o->blue, "Agent for the second side (as --red)");
  sim->add_option("--shard", o->shard,
                  "Play only games g with g mod N = i and print a partial result for arap merge")
      ->type_name("i/N");
  sim->add_flag("--mpi", o->mpi,
                "Spread the games over the ranks of mpirun (rank 0 prints the summary)");
  sim->add_flag("--swap", o->swap,
                "Play each seed twice, the second time with the agents' seats exchanged");
  sim->add_option("--ruling", o->rulings,
                  "Override the scenario: ruling.<ID>=<value> or option.<name>=<value> "
                  "(repeatable)");
  sim->add_option("--compare", o->compare,
                  "Play a second setting on the same seeds: a scenario file, or overrides "
                  "(ruling.<ID>=<value>,option.<name>=<value>)");
  sim->add_option("--sprt-delta", o->sprt_delta,
                  "With --compare: the first side's score difference the SPRT looks for; it stops "
                  "the run when settled (0: play every game)")
      ->check(CLI::Range(0.0, 1.0));
  sim->add_option("--out", o->out, "Write the summary (or a shard's partial result) here");
  sim->add_option("--games-out", o->games_out, "Write one JSON line per game here");
  sim->add_option("--plot", o->plot, "Draw win rates, game lengths and casualties as SVG");
  sim->add_flag("--quiet,-q", o->quiet, "No progress bar");
  sim->add_option("--data", o->data, "Data folder");
  sim->callback([o, &action] { action = [o] { return run_sim(*o); }; });

  auto* merge = app.add_subcommand(
      "merge", "Combine the partial results of arap sim --shard into the sweep's summary");
  merge->add_option("parts", o->parts, "Partial results, one per shard")->required();
  merge->add_option("--out", o->out, "Write the summary here");
  merge->add_option("--games-out", o->games_out, "Write one JSON line per game here");
  merge->add_option("--plot", o->plot, "Draw win rates, game lengths and casualties as SVG");
  merge->callback([o, &action] { action = [o] { return run_merge(*o); }; });
}

}  // namespace arap::app
