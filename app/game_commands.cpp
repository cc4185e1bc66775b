// `arap play`, `arap replay`, `arap sim` and `arap bench`: whole games from the command line.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>

#include <fmt/format.h>

#include "ai/agents.hpp"
#include "ai/match.hpp"
#include "commands.hpp"
#include "game/record.hpp"

namespace arap::app {

namespace {

struct GameOptionsCli {
  std::string scenario;
  std::string data;
  std::string red = "greedy";
  std::string blue = "greedy";
  std::uint64_t seed = 1;
  std::string actions;
  std::string save;
  bool report = false;
  bool json = false;
  int games = 100;
  int jobs = 1;
  std::string record;
};

std::shared_ptr<const game::GameSetup> load_setup(const std::string& scenario,
                                                  const std::string& data) {
  auto library = std::make_shared<const data::Library>(data::Library::load(data_dir(data)));
  return game::make_setup(scenario, std::move(library));
}

std::vector<game::Action> read_actions(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", path));
  std::vector<game::Action> actions;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      actions.push_back(game::action_from_json(nlohmann::json::parse(line)));
    } catch (const std::exception& error) {
      throw std::runtime_error(fmt::format("{}:{}: {}", path, number, error.what()));
    }
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

int run_play(const GameOptionsCli& o) {
  const auto setup = load_setup(o.scenario, o.data);
  game::GameRecord record;
  record.scenario_file = o.scenario;
  record.seed = o.seed;
  game::EventLog log;
  game::GameState state = game::initial_state(*setup, o.seed);
  if (!o.actions.empty()) {
    const auto actions = read_actions(o.actions);
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const std::string reason = game::apply(state, actions[i], &log);
      if (!reason.empty()) {
        throw std::runtime_error(fmt::format("{}: action {} ({}) is illegal: {}", o.actions, i + 1,
                                             game::describe(actions[i]), reason));
      }
      record.actions.push_back(actions[i]);
    }
  }
  const std::vector<std::string> agents = {o.red, o.blue};
  std::vector<std::unique_ptr<ai::Agent>> players;
  for (const auto& name : agents) players.push_back(ai::make_agent(name));
  dice::Xoshiro256pp choices = dice::Xoshiro256pp::for_stream(o.seed, 0x5eedULL);
  for (int i = 0; i < 20000 && state.phase != game::Phase::game_over; ++i) {
    const game::Action action = players[state.side_deciding() % 2]->choose(state, choices);
    const std::string reason = game::apply(state, action, &log);
    if (!reason.empty()) throw std::logic_error("agent chose an illegal action: " + reason);
    record.actions.push_back(action);
  }
  if (!o.save.empty()) {
    std::ofstream out(o.save);
    out << game::to_json(record).dump(1) << '\n';
  }
  print_result(*setup, state, log, record, o.json);
  return 0;
}

int run_replay(const GameOptionsCli& o) {
  std::ifstream in(o.record);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", o.record));
  const game::GameRecord record = game::record_from_json(nlohmann::json::parse(in));
  const auto setup = load_setup(record.scenario_file, o.data);
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

int run_sim(const GameOptionsCli& o) {
  const auto setup = load_setup(o.scenario, o.data);
  const bool terminal = isatty(fileno(stderr)) != 0;
  const auto start = std::chrono::steady_clock::now();
  std::mutex print;
  const auto progress = [&](int done) {
    if (!terminal) return;
    std::lock_guard lock(print);
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double eta = done > 0 ? elapsed / done * (o.games - done) : 0.0;
    const int width = 30;
    const int filled = width * done / std::max(1, o.games);
    fmt::print(stderr, "\r[{:<{}}] {}/{} games, ETA {:.0f}s ", std::string(filled, '#'), width,
               done, o.games, eta);
    if (done == o.games) fmt::print(stderr, "\n");
  };
  const auto summary =
      ai::simulate(*setup, o.games, o.seed, {o.red, o.blue}, o.jobs, false, progress);
  std::vector<std::string> names;
  for (const auto& side : setup->scenario.sides) names.push_back(side.name);
  nlohmann::json out = summary.to_json(names);
  out["scenario"] = setup->scenario.name;
  out["seed"] = o.seed;
  out["agents"] = {o.red, o.blue};
  std::cout << out.dump(2) << '\n';
  return 0;
}

int run_bench(const GameOptionsCli& o) {
  const std::string scenario =
      o.scenario.empty() ? data_dir(o.data) + "/scenarios/open_ground.yaml" : o.scenario;
  const auto setup = load_setup(scenario, o.data);
  const auto start = std::chrono::steady_clock::now();
  const auto summary = ai::simulate(*setup, o.games, 20261122, {"random", "random"}, 1, true);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("games: {}\nsignature: {:016x}\ngames/s: {:.0f}\n", o.games, summary.signature,
             o.games / seconds);
  return 0;
}

}  // namespace

void add_game_commands(CLI::App& app, Action& action) {
  auto o = std::make_shared<GameOptionsCli>();
  auto* play = app.add_subcommand("play", "Play a battle between agents (and/or scripted actions)");
  play->add_option("scenario", o->scenario, "Scenario file (YAML)")->required();
  play->add_option("--red", o->red, "Agent for the first side: random or greedy");
  play->add_option("--blue", o->blue, "Agent for the second side: random or greedy");
  play->add_option("--seed", o->seed, "Seed of the game's dice");
  play->add_option("--actions", o->actions, "JSON-lines file of actions to play first");
  play->add_option("--save", o->save, "Write the game (scenario, seed, actions) to this file");
  play->add_flag("--report", o->report, "Print the battle report (the default)");
  play->add_flag("--json", o->json, "Print the game record and its events as JSON");
  play->add_option("--data", o->data, "Data folder");
  play->callback([o, &action] { action = [o] { return run_play(*o); }; });

  auto* replay = app.add_subcommand("replay", "Replay a saved game and print its report");
  replay->add_option("game", o->record, "Saved game (JSON)")->required();
  replay->add_flag("--json", o->json, "Print the final state's digest as JSON");
  replay->add_option("--data", o->data, "Data folder");
  replay->callback([o, &action] { action = [o] { return run_replay(*o); }; });

  auto* sim = app.add_subcommand("sim", "Play many games between agents and summarise them");
  sim->add_option("scenario", o->scenario, "Scenario file (YAML)")->required();
  sim->add_option("--games,-n", o->games, "Number of games")->check(CLI::Range(1, 10000000));
  sim->add_option("--seed", o->seed, "Seed (game g uses stream g)");
  sim->add_option("--jobs,-j", o->jobs, "Threads")->check(CLI::Range(1, 256));
  sim->add_option("--red", o->red, "Agent for the first side");
  sim->add_option("--blue", o->blue, "Agent for the second side");
  sim->add_option("--data", o->data, "Data folder");
  sim->callback([o, &action] { action = [o] { return run_sim(*o); }; });

  auto* bench = app.add_subcommand("bench", "Fixed seeded random games: log signature and games/s");
  bench->add_option("--games,-n", o->games, "Number of games (default 100)");
  bench->add_option("--scenario", o->scenario, "Scenario (default: open ground)");
  bench->add_option("--data", o->data, "Data folder");
  bench->callback([o, &action] { action = [o] { return run_bench(*o); }; });
}

}  // namespace arap::app
