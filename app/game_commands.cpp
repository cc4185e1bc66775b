// `arap play`, `arap replay`, `arap sim` and `arap bench`: whole games from the command line.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "advice/preview.hpp"
#include "ai/agents.hpp"
#include "ai/ladder.hpp"
#include "ai/match.hpp"
#include "ai/sweep.hpp"
#include "commands.hpp"
#include "game/record.hpp"
#include "game/view.hpp"
#include "game_setup.hpp"
#include "ladder_plot.hpp"
#include "odds_plot.hpp"
#include "progress.hpp"

namespace arap::app {

namespace {

struct GameOptionsCli {
  std::string scenario;
  std::string data;
  std::string red;  // empty: the scenario seat's `ai:`, else greedy
  std::string blue;
  std::uint64_t seed = 1;
  std::string actions;
  std::string save;
  bool report = false;
  bool json = false;
  bool explain = false;
  std::optional<double> think;    // the search agent's seconds per decision
  std::optional<int> iterations;  // ... or exactly this many iterations
  int search_threads = 1;
  int games = 100;
  int jobs = 1;
  std::string record;
  std::string action_json;
  std::string plot;                  // ladder --plot FILE.svg
  std::vector<std::string> agents;   // ladder
  std::vector<std::string> rulings;  // play: ruling.<ID>=<value>, option.<name>=<value>
};

// A saved game and the setup it replays on (its own scenario text and data fingerprint when it
// carries them, so it replays from any folder); errors name the file.
std::pair<game::GameRecord, std::shared_ptr<const game::GameSetup>> load_record(
    const std::string& path, const std::string& data) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  // Strict reading (issue 14): data::DataError names the file, line and field itself.
  game::GameRecord record = game::record_from_text(text.str(), path);
  try {
    auto library = std::make_shared<const data::Library>(data::Library::load(data_dir(data)));
    auto setup = game::setup_for_record(record, std::move(library));
    return {std::move(record), std::move(setup)};
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error(fmt::format("{}: {}", path, error.what()));
  }
}

// The actions of an --actions file (one JSON object a line) with their line numbers.
std::vector<std::pair<int, game::Action>> read_actions(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", path));
  std::vector<std::pair<int, game::Action>> actions;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    actions.emplace_back(number, game::action_from_text(line, path, number));
  }
  return actions;
}

void print_result(const game::GameSetup& setup, const game::GameState& state,
                  const game::EventLog& log, const game::GameRecord& record, bool json) {
  if (json) {
    nlohmann::json out = game::to_json(record);
    out["events"] = log;
    out["winner"] = state.winner;
    out["turn"] = state.turn;
    out["score"] = std::vector<int>(state.score.begin(), state.score.begin() + setup.sides);
    std::cout << out.dump() << '\n';
    return;
  }
  std::cout << game::battle_report(setup, log);
}

// Writes the saved game beside its destination and renames it into place, so a failure never
// leaves a half-written file and an existing one is replaced whole or not at all (issue 14).
void save_record(const std::string& path, const game::GameRecord& record) {
  namespace fs = std::filesystem;
  std::error_code ec;
  check_writable(path, "--save");
  const std::string part = path + ".part";
  {
    std::ofstream out(part, std::ios::trunc);
    if (!out)
      throw std::runtime_error(
          fmt::format("--save {}: cannot write there ({})", path, std::strerror(errno)));
    out << game::to_json(record).dump(1) << '\n';
    out.flush();
    if (!out) {
      fs::remove(part, ec);
      throw std::runtime_error(fmt::format("--save {}: writing failed", path));
    }
  }
  fs::rename(part, path, ec);
  if (ec) {
    fs::remove(part, ec);
    throw std::runtime_error(fmt::format("--save {}: cannot put the file in place", path));
  }
}

ai::Roster roster_for(const GameOptionsCli& o) {
  return app::roster_for(o.data, o.think, o.iterations, o.search_threads);
}

int run_play(const GameOptionsCli& o) {
  std::shared_ptr<const game::GameSetup> setup = load_setup(o.scenario, o.data);
  if (!o.rulings.empty()) {
    // Written into the game's scenario text, so that --save keeps them for replays.
    try {
      setup = ai::with_overrides_written(*setup, o.rulings);
    } catch (const std::invalid_argument& error) {
      throw std::runtime_error(fmt::format("--ruling: {}", error.what()));
    }
  }
  game::GameRecord record = game::record_for(*setup, o.seed);
  game::EventLog log;
  game::GameState state = game::initial_state(*setup, o.seed);
  if (!o.actions.empty()) {
    // Issue 14: an illegal line stops the script, not the run: the player gets the reason, the
    // game so far (report, --json) and its --save, and the exit code says it failed.
    for (const auto& [line, action] : read_actions(o.actions)) {
      const std::string reason = game::apply(state, action, &log);
      if (!reason.empty()) {
        if (!o.save.empty()) {
          record.digest = game::state_digest(state);
          record.digest_actions = record.actions.size();
          save_record(o.save, record);
        }
        print_result(*setup, state, log, record, o.json);
        fmt::print(stderr, "{}:{}: {} is illegal: {}\n", o.actions, line, game::describe(action),
                   reason);
        return kInputError;
      }
      record.actions.push_back(action);
    }
  }
  const ai::Roster roster = roster_for(o);
  roster.check_seats(setup->scenario);
  const std::vector<std::string> agents = {roster.seat(setup->scenario, 0, o.red, "greedy"),
                                           roster.seat(setup->scenario, 1, o.blue, "greedy")};
  std::vector<std::unique_ptr<ai::Agent>> players;
  for (const auto& name : agents) players.push_back(roster.make(name));
  dice::Xoshiro256pp choices = dice::Xoshiro256pp::for_stream(o.seed, 0x5eedULL);
  for (int i = 0; i < 20000 && state.phase != game::Phase::game_over; ++i) {
    ai::Agent& agent = *players[state.side_deciding() % 2];
    const game::Action action = agent.choose(state, choices);
    // Issue 15: --explain logs why each choice was made (the report prints it).
    if (o.explain) {
      if (auto why = agent.explanation(); !why.is_null()) log.push_back(std::move(why));
    }
    const std::string reason = game::apply(state, action, &log);
    if (!reason.empty()) throw std::logic_error("agent chose an illegal action: " + reason);
    record.actions.push_back(action);
  }
  if (!o.save.empty()) {
    record.digest = game::state_digest(state);
    record.digest_actions = record.actions.size();
    save_record(o.save, record);
  }
  print_result(*setup, state, log, record, o.json);
  return 0;
}

int run_replay(const GameOptionsCli& o) {
  const auto [record, setup] = load_record(o.record, o.data);
  game::EventLog log;
  const game::GameState state = game::replay(*setup, record, &log);
  if (o.json) {
    std::cout << nlohmann::json{{"digest", fmt::format("{:016x}", game::state_digest(state))},
                                {"winner", state.winner},
                                {"turn", state.turn},
                                {"actions", record.actions.size()}}
                     .dump()
              << '\n';
  } else {
    std::cout << game::battle_report(*setup, log);
  }
  return 0;
}

// `arap legal GAME.json`: the pending decision after the record's actions and every legal action.
int run_legal(const GameOptionsCli& o) {
  const auto [record, setup] = load_record(o.record, o.data);
  const game::GameState state = game::replay(*setup, record);
  const game::Decision d = game::pending(state);
  const auto actions = game::legal_actions(state);
  const std::string_view phase = game::phase_name(d.phase);
  if (o.json) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& a : actions) list.push_back(game::to_json(a));
    std::cout << nlohmann::json{{"pending", game::to_json(d)},
                                {"digest", fmt::format("{:016x}", game::state_digest(state))},
                                {"actions", list}}
                     .dump()
              << '\n';
    return 0;
  }
  fmt::print("{} decides: {}", setup->scenario.sides[d.side].name, phase);
  if (d.unit >= 0) fmt::print(" ({}, {} AP)", setup->units[d.unit].name, d.action_points);
  fmt::print("\n{} legal actions:\n", actions.size());
  for (const auto& a : actions) fmt::print("  {}\n", game::to_json(a).dump());
  return 0;
}

// `arap preview GAME.json --action JSON`: the exact odds of one action after the record's actions.
int run_preview(const GameOptionsCli& o) {
  const auto [record, setup] = load_record(o.record, o.data);
  const game::GameState state = game::replay(*setup, record);
  const game::Action action = game::action_from_text(o.action_json, "--action");
  const advice::Preview p = advice::preview(state, action);
  if (o.json) {
    std::cout << advice::to_json(p).dump() << '\n';
    return p.refused ? 2 : 0;
  }
  if (p.refused) {
    fmt::print(stderr, "refused: {}{}{}\n", p.refused->rule, p.refused->rule.empty() ? "" : ": ",
               p.refused->text);
    return 2;
  }
  fmt::print("{}\n", game::describe(action));
  for (const auto& g : p.groups)
    fmt::print(
        "  {:<20} {} firer(s), {} shot(s) at {:.1f}\", cover {}: hit {:.4f}, slain mean {:.3f}\n",
        g.weapon, g.firers, g.shots, g.range, g.cover, g.report.p_hit, g.report.slain.mean());
  if (!p.groups.empty()) {
    fmt::print("  models slain (of {}):", p.target_models);
    for (int k = 0; k <= p.slain.highest(); ++k) fmt::print(" {}: {:.4f}", k, p.slain[k]);
    fmt::print(
        "\n  P(at least one) {:.4f}  P(wiped out) {:.4f}  P(pinning test) {:.4f}  "
        "P(heavy-casualty test) {:.4f}\n",
        p.slain.at_least(1), p.p_wiped_out, p.p_pinning_test, p.p_heavy_casualties);
  }
  if (p.charge)
    fmt::print(
        "  {:.2f}\" to the nearest target; the least roll that reaches: {}; P(reach) {:.4f}\n",
        p.charge->distance, p.charge->shortest_roll, p.charge->p_reach);
  if (p.action_points) {
    fmt::print("  P(bust) {:.4f}  action points:", *p.p_bust);
    for (int k = 0; k <= p.action_points->highest(); ++k)
      fmt::print(" {}: {:.4f}", k, (*p.action_points)[k]);
    fmt::print("\n");
  }
  for (const auto& note : p.notes) fmt::print("  note: {}\n", note);
  return 0;
}

// `arap ladder`: every pairing, both seats, paired seeds; a table or JSON (issue 15).
int run_ladder(const GameOptionsCli& o) {
  const auto setup = load_setup(o.scenario, o.data);
  if (setup->scenario.sides.size() != 2)
    throw std::runtime_error("ladder: the scenario must have two sides");
  if (o.agents.size() < 2) throw std::runtime_error("ladder: give two or more agents");
  const ai::Roster roster = roster_for(o);
  for (std::size_t i = 0; i < o.agents.size(); ++i) {
    roster.make(o.agents[i]);  // unknown names fail before play
    for (std::size_t j = 0; j < i; ++j)
      if (o.agents[j] == o.agents[i])
        throw std::runtime_error(
            fmt::format("ladder: {} is listed twice (each agent plays every other)", o.agents[i]));
  }
  ProgressBar bar(true);
  const auto progress = [&bar](int done, int total) { bar(done, total); };
  check_writable(o.plot, "--plot");
  const auto pairings = ai::run_ladder(*setup, o.agents, o.games, o.seed, o.jobs, progress, roster);
  if (!o.plot.empty())
    write_file_atomically(o.plot, ladder_svg(setup->scenario.name + ": agent ladder", pairings));
  if (o.json) {
    nlohmann::json out{{"scenario", setup->scenario.name},
                       {"seed", o.seed},
                       {"games_per_seat", o.games},
                       {"pairings", nlohmann::json::array()}};
    for (const auto& p : pairings) out["pairings"].push_back(p.to_json());
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  const auto elo = [](double x) {
    return std::isfinite(x) ? fmt::format("{:+.0f}", x) : std::string(x > 0 ? "+inf" : "-inf");
  };
  fmt::print("{}: {} games a pairing, both seats, paired seeds from {}\n", setup->scenario.name,
             2 * o.games, o.seed);
  fmt::print("{:<10} {:<10} {:>5} {:>5} {:>5} {:>5}  {:>7}  {:>15}  {:>5}  {:>12}\n", "first",
             "second", "games", "wins", "draws", "losses", "score", "95 % (Wilson)", "Elo",
             "Elo 95 %");
  for (const auto& p : pairings) {
    fmt::print(
        "{:<10} {:<10} {:>5} {:>5} {:>5} {:>6} {:>7.1f}%  {:>6.1f}%-{:>6.1f}%  {:>5}  "
        "{:>5}..{:<5}\n",
        p.first, p.second, p.games, p.first_wins, p.draws, p.second_wins, 100.0 * p.score,
        100.0 * p.interval.low, 100.0 * p.interval.high, elo(p.elo), elo(p.elo_interval.low),
        elo(p.elo_interval.high));
  }
  // Issue 15: how long each agent kept its opponent waiting, over every pairing it played.
  std::map<std::string, ai::DecisionTimes> times;
  int unfinished = 0;
  for (const auto& p : pairings) {
    times[p.first].add(p.first_times);
    times[p.second].add(p.second_times);
    unfinished += p.unfinished;
  }
  fmt::print("\ndecision time, wall-clock milliseconds, every decision in both seats:\n");
  fmt::print("{:<16} {:>9} {:>8} {:>8} {:>8}\n", "agent", "decisions", "median", "p95", "max");
  for (const auto& name : o.agents) {
    const auto& t = times[name];
    fmt::print("{:<16} {:>9} {:>8.3f} {:>8.3f} {:>8.3f}\n", name, t.seconds.size(),
               1e3 * t.quantile(0.5), 1e3 * t.quantile(0.95), 1e3 * t.longest());
  }
  fmt::print("games stopped unfinished at the action cap: {}\n", unfinished);
  return 0;
}

// Stockfish's habit: fixed seeded games over every shipped scenario, random and greedy agents,
// each with the signature of its logs; the rate is per CPU second (wall time swings with load).
int run_bench(const GameOptionsCli& o) {
  std::vector<std::string> scenarios;
  if (!o.scenario.empty()) {
    scenarios.push_back(o.scenario);
  } else {
    for (const auto* name : {"open_ground", "ruined_town", "woods_and_river"})
      scenarios.push_back(data_dir(o.data) + "/scenarios/" + name + ".yaml");
  }
  std::uint64_t all = 1469598103934665603ULL;
  for (const auto& scenario : scenarios) {
    const auto setup = load_setup(scenario, o.data);
    for (const auto* agent : {"random", "greedy"}) {
      const std::clock_t start = std::clock();
      const auto summary = ai::simulate(*setup, o.games, 20261122, {agent, agent}, 1, true);
      const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
      fmt::print("{:<16} {:<7} games: {:>4}  signature: {:016x}  games/cpu-s: {:.0f}\n",
                 setup->scenario.name, agent, o.games, summary.signature,
                 o.games / std::max(seconds, 1e-9));
      all = (all ^ summary.signature) * 1099511628211ULL;
    }
  }
  fmt::print("signature: {:016x}\n", all);
  return 0;
}

}  // namespace

std::shared_ptr<const game::GameSetup> load_setup(const std::string& scenario,
                                                  const std::string& data) {
  auto library = std::make_shared<const data::Library>(data::Library::load(data_dir(data)));
  return game::make_setup(scenario, std::move(library));
}

ai::Roster roster_for(const std::string& data, std::optional<double> think,
                      std::optional<int> iterations, int search_threads) {
  ai::Roster roster = ai::Roster::load(data_dir(data));
  roster.set_search(think, iterations, search_threads);
  return roster;
}

const CLI::Validator kSeedCheck(
    [](std::string& text) -> std::string {
      const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
        return ch >= '0' && ch <= '9';
      });
      return digits ? "" : "a seed is a whole number from 0 up, not " + text;
    },
    "SEED");

void add_search_options(CLI::App* command, std::optional<double>& think,
                        std::optional<int>& iterations, int& search_threads) {
  command->add_option("--think", think, "The search agent's seconds per decision (data: 0.5)")
      ->check(CLI::Range(0.001, 600.0));
  command
      ->add_option("--iterations", iterations,
                   "The search agent's iterations per decision (reproducible; overrides --think)")
      ->check(CLI::Range(1, 100000000));
  command->add_option("--search-threads", search_threads, "Threads for each search decision")
      ->check(CLI::Range(1, 256));
}

void check_writable(const std::string& path, const char* option) {
  std::error_code ec;  // a path that cannot be looked at is for the writing to report
  if (!path.empty() && std::filesystem::is_directory(path, ec))
    throw std::runtime_error(
        fmt::format("{} {}: that is a folder; give a file name", option, path));
}

void add_game_commands(CLI::App& app, Action& action) {
  auto o = std::make_shared<GameOptionsCli>();
  auto* play = app.add_subcommand("play", "Play a battle between agents (and/or scripted actions)");
  play->add_option("scenario", o->scenario, "Scenario file (YAML)")->required();
  play->add_option("--red", o->red,
                   "Agent for the first side: easy, normal, hard, random, greedy, "
                   "tactician[:personality], search[:personality] (default: the scenario's "
                   "seat, else greedy)");
  play->add_option("--blue", o->blue, "Agent for the second side (as --red)");
  add_search_options(play, o->think, o->iterations, o->search_threads);
  play->add_flag("--explain", o->explain,
                 "Log each AI choice with its runners-up and odds (ai_choice events)");
  play->add_option("--seed", o->seed, "Seed of the game's dice")->check(kSeedCheck);
  play->add_option("--actions", o->actions, "JSON-lines file of actions to play first");
  play->add_option("--save", o->save, "Write the game (scenario, seed, actions) to this file");
  play->add_flag("--report", o->report, "Print the battle report (the default)");
  play->add_flag("--json", o->json, "Print the game record and its events as JSON");
  play->add_option("--data", o->data, "Data folder");
  play->add_option("--ruling", o->rulings,
                   "Override the scenario: ruling.<ID>=<value> or option.<name>=<value> "
                   "(e.g. option.look_out_sir=true); repeatable; kept by --save");
  play->callback([o, &action] { action = [o] { return run_play(*o); }; });

  auto* replay = app.add_subcommand("replay", "Replay a saved game and print its report");
  replay->add_option("game", o->record, "Saved game (JSON)")->required();
  replay->add_flag("--json", o->json, "Print the final state's digest as JSON");
  replay->add_option("--data", o->data, "Data folder");
  replay->callback([o, &action] { action = [o] { return run_replay(*o); }; });

  auto* legal = app.add_subcommand(
      "legal", "Replay a saved game and list the pending decision and every legal action");
  legal->add_option("game", o->record, "Saved game (JSON)")->required();
  legal->add_flag("--json", o->json, "Print them as JSON");
  legal->add_option("--data", o->data, "Data folder");
  legal->callback([o, &action] { action = [o] { return run_legal(*o); }; });

  auto* preview = app.add_subcommand(
      "preview", "Replay a saved game and give the exact odds of one action on its table");
  preview->add_option("game", o->record, "Saved game (JSON)")->required();
  preview->add_option("--action", o->action_json, "The action, as in docs/game.md (JSON)")
      ->required();
  preview->add_flag("--json", o->json, "Print the preview as JSON");
  preview->add_option("--data", o->data, "Data folder");
  preview->callback([o, &action] { action = [o] { return run_preview(*o); }; });

  auto* ladder = app.add_subcommand(
      "ladder", "Every pairing of agents in both seats: score, 95 % interval and Elo difference");
  ladder->add_option("scenario", o->scenario, "Scenario file (YAML)")->required();
  ladder
      ->add_option("--agents", o->agents, "Agents, e.g. random,greedy,tactician,tactician:cautious")
      ->delimiter(',')
      ->required();
  ladder->add_option("--games,-n", o->games, "Games a pairing plays in each seat")
      ->check(CLI::Range(1, 1000000));
  ladder->add_option("--seed", o->seed, "Seed (game g of each seat uses stream g)")
      ->check(kSeedCheck);
  ladder->add_option("--jobs,-j", o->jobs, "Threads")->check(CLI::Range(1, 256));
  ladder->add_option("--plot", o->plot, "Also draw the scores and intervals as an SVG chart");
  add_search_options(ladder, o->think, o->iterations, o->search_threads);
  ladder->add_flag("--json", o->json, "Print JSON");
  ladder->add_option("--data", o->data, "Data folder");
  ladder->callback([o, &action] { action = [o] { return run_ladder(*o); }; });

  auto* bench = app.add_subcommand("bench",
                                   "Fixed seeded random and greedy games on every scenario: "
                                   "signatures and games per CPU second");
  bench->add_option("--games,-n", o->games, "Games per scenario and agent (default 20)")
      ->check(CLI::Range(1, 1000000));
  bench->add_option("--scenario", o->scenario, "One scenario (default: all three shipped)");
  bench->add_option("--data", o->data, "Data folder");
  bench->callback([o, bench, &action] {
    if (bench->count("--games") == 0) o->games = 20;
    action = [o] { return run_bench(*o); };
  });
}

}  // namespace arap::app
