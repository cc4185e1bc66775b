// Game-layer costs: copying a whole state (about 40-50 models; goal <= 1 us) and whole random
// games on the standard scenario without and with the event log, with the share of each game
// spent deciding.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "ai/match.hpp"
#include "ai/search.hpp"
#include "ai/sweep.hpp"
#include "ai/tactician.hpp"
#include "game/engine.hpp"
#include "game/setup.hpp"
#include "game/state.hpp"

namespace {

std::shared_ptr<const arap::game::GameSetup> setup_of(const char* scenario) {
  auto library =
      std::make_shared<const arap::data::Library>(arap::data::Library::load(ARAP_DATA_DIR));
  return arap::game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/" + scenario + ".yaml",
                                library);
}

void state_copy(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  const arap::game::GameState original = arap::game::initial_state(*setup, 1);
  state.counters["models"] = static_cast<double>(original.models.size());
  for (auto _ : state) {
    arap::game::GameState copy = original;
    benchmark::DoNotOptimize(copy.models.data());
  }
}
BENCHMARK(state_copy);

// Where a game's time goes (issue 12): the share of each game's wall time spent choosing actions
// (play_match times every decision; the rest is apply and the match's own bookkeeping), and the
// decisions a game makes. With the CPU time per game these split a game's cost between the door
// (the agents' listings and plans) and the engine's resolution of what was chosen.
class DecisionShare {
 public:
  template <typename Play>
  void play(Play&& game) {
    const auto start = std::chrono::steady_clock::now();
    const arap::ai::MatchResult match = game();
    game_seconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& side : match.decision_times) {
      decisions_ += static_cast<double>(side.seconds.size());
      for (const double t : side.seconds) decide_seconds_ += t;
    }
    benchmark::DoNotOptimize(match.winner);
  }
  void report(benchmark::State& state) const {
    state.counters["decide_share"] = game_seconds_ > 0.0 ? decide_seconds_ / game_seconds_ : 0.0;
    state.counters["decisions_per_game"] =
        decisions_ /
        static_cast<double>(std::max<benchmark::IterationCount>(1, state.iterations()));
  }

 private:
  double game_seconds_ = 0.0;
  double decide_seconds_ = 0.0;
  double decisions_ = 0.0;
};

void random_game(benchmark::State& state) {
  static const auto setup = setup_of("open_ground");
  std::uint64_t seed = 1;
  DecisionShare share;
  for (auto _ : state)
    share.play([&] {
      return arap::ai::play_match(*setup, seed++, {"random", "random"}, state.range(0) != 0, 20000,
                                  arap::ai::Roster::basic(), /*texture=*/false);
    });
  state.SetItemsProcessed(state.iterations());
  share.report(state);
}
BENCHMARK(random_game)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace

namespace {

// The door: legal_actions for an active unit (the decision with the most moves) and one planned
// move, on the ruined town. The states are the first active decisions of a seeded random game.
std::vector<arap::game::GameState> active_states(const arap::game::GameSetup& setup, int count) {
  std::vector<arap::game::GameState> out;
  arap::game::GameState s = arap::game::initial_state(setup, 3);
  arap::dice::Xoshiro256pp pick(5);
  while (static_cast<int>(out.size()) < count && s.phase != arap::game::Phase::game_over) {
    if (s.phase == arap::game::Phase::active) out.push_back(s);
    const auto actions = arap::game::legal_actions(s);
    arap::game::apply(s, actions[pick() % actions.size()], nullptr);
  }
  return out;
}

void legal_actions_active_unit(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto states = active_states(*setup, 16);
  std::size_t i = 0;
  std::size_t listed = 0;
  for (auto _ : state) {
    const auto actions = arap::game::legal_actions(states[i++ % states.size()]);
    listed += actions.size();
    benchmark::DoNotOptimize(actions.data());
  }
  state.counters["actions"] = static_cast<double>(listed) / static_cast<double>(state.iterations());
}
BENCHMARK(legal_actions_active_unit)->Unit(benchmark::kMicrosecond);

// The same listings, all 16 states in each iteration: a fixed amount of work, so that callgrind's
// count of instructions (scripts/count-instructions) is the same from run to run, however many
// iterations the machine's speed allows. Items are listings.
void legal_actions_every_state(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto states = active_states(*setup, 16);
  for (auto _ : state)
    for (const auto& s : states) {
      const auto actions = arap::game::legal_actions(s);
      benchmark::DoNotOptimize(actions.data());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(states.size()));
}
BENCHMARK(legal_actions_every_state)->Unit(benchmark::kMicrosecond);

void plan_move_toward_enemy(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto states = active_states(*setup, 16);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& s = states[i++ % states.size()];
    const int unit = s.active_unit;
    int enemy = 0;
    while (setup->units[enemy].side == setup->units[unit].side || !s.unit_alive(enemy)) ++enemy;
    const auto plan = arap::game::plan_move(s, unit, arap::table::MoveMode::normal,
                                            arap::game::unit_centre(s, enemy));
    benchmark::DoNotOptimize(plan.inches);
  }
}
BENCHMARK(plan_move_toward_enemy)->Unit(benchmark::kMicrosecond);

void greedy_game(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  std::uint64_t seed = 1;
  DecisionShare share;
  for (auto _ : state)
    share.play([&] {
      return arap::ai::play_match(*setup, seed++, {"greedy", "greedy"}, false, 20000,
                                  arap::ai::Roster::basic(), /*texture=*/false);
    });
  state.SetItemsProcessed(state.iterations());
  share.report(state);
}
BENCHMARK(greedy_game)->Unit(benchmark::kMicrosecond);

// Issue 12: how the cost of an action grows with squad size. One Marine squad against one Ork
// mob, each of N rank-and-file models, greedy against greedy (they shoot, charge and fight);
// items are actions applied, so items_per_second compares per-action cost across sizes.
std::shared_ptr<const arap::game::GameSetup> squads_of(int models) {
  auto library =
      std::make_shared<const arap::data::Library>(arap::data::Library::load(ARAP_DATA_DIR));
  const std::string n = std::to_string(models);
  const std::string text =
      "id: squads_" + n + "\nname: Squads of " + n +
      "\ntable: {width: 60, height: 100}\nturn_limit: 6\nvictory: {kind: kill_points}\n"
      "terrain:\n"
      "  - {id: crater, kind: crater, polygon: [[8, 48], [11, 47], [12, 50], [10, 52], [7, 51]]}\n"
      "sides:\n"
      "  - name: Red\n    army: space_marines\n"
      "    deployment: [[0, 0], [60, 0], [60, 40], [0, 40]]\n    units:\n"
      "      - {unit: tactical_squad, at: [30, 26], facing: 0, formation: block, models: {Space "
      "Marine: " +
      n +
      "}}\n"
      "  - name: Blue\n    army: orks\n"
      "    deployment: [[0, 60], [60, 60], [60, 100], [0, 100]]\n    units:\n"
      "      - {unit: slugga_boyz, at: [30, 78], facing: 180, formation: block, models: {Ork "
      "Boy: " +
      n + "}}\n";
  return arap::game::make_setup_from_text(text, "squads_" + n, library);
}

void squad_size_greedy_game(benchmark::State& state) {
  const auto setup = squads_of(static_cast<int>(state.range(0)));
  std::uint64_t seed = 1;
  std::int64_t actions = 0;
  for (auto _ : state) {
    const auto match = arap::ai::play_match(*setup, seed++, {"greedy", "greedy"}, false, 20000,
                                            arap::ai::Roster::basic(), /*texture=*/false);
    actions += static_cast<std::int64_t>(match.record.actions.size());
    benchmark::DoNotOptimize(match.winner);
  }
  state.SetItemsProcessed(actions);
  state.counters["actions_per_game"] =
      static_cast<double>(actions) / static_cast<double>(state.iterations());
}
BENCHMARK(squad_size_greedy_game)->Arg(20)->Arg(80)->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

// Issue 15: the search agent's iterations per CPU second (one thread), from the first active
// decision of a seeded random game on the ruined town, with playouts of N activation rolls played
// by the greedy policy (second argument 0) or the tactician's (1), free moves in the playouts
// (third argument 1, as shipped) or not (0: rollout_free_moves false).
void search_iterations(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto personalities =
      arap::ai::Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  const arap::game::GameState s = active_states(*setup, 1).front();
  arap::ai::SearchSettings settings = personalities.search();
  settings.iterations = 200;
  settings.threads = 1;
  settings.rollout_activations = static_cast<int>(state.range(0));
  settings.rollout_policy = state.range(1) ? arap::ai::SearchSettings::Rollout::tactician
                                           : arap::ai::SearchSettings::Rollout::greedy;
  settings.rollout_free_moves = state.range(2) != 0;
  arap::ai::SearchAgent agent(personalities.get("balanced"), settings);
  arap::dice::Xoshiro256pp rng(1);
  std::int64_t iterations = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(agent.choose(s, rng));
    iterations += agent.last_stats().iterations;
  }
  state.SetItemsProcessed(iterations);
}
BENCHMARK(search_iterations)
    ->Args({1, 0, 1})
    ->Args({4, 0, 1})
    ->Args({1, 1, 1})
    ->Args({4, 1, 1})
    ->Args({1, 1, 0})
    ->Args({4, 1, 0})
    ->Unit(benchmark::kMillisecond);

// The tactician's cost per decision on the same state (every legal action scored).
void tactician_decision(benchmark::State& state) {
  static const auto setup = setup_of("ruined_town");
  static const auto personalities =
      arap::ai::Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  const arap::game::GameState s = active_states(*setup, 1).front();
  arap::ai::TacticianAgent agent(personalities.get("balanced"));
  for (auto _ : state) benchmark::DoNotOptimize(agent.rank(s));
}
BENCHMARK(tactician_decision)->Unit(benchmark::kMicrosecond);

}  // namespace

// Issue 20: what a sweep costs beyond its games — summarising, and a merge's reading of partial
// results — as the number of games grows (rows are made up; only their number matters).
namespace {

arap::ai::SweepPlan sweep_plan(int games) {
  static const auto setup = [] {
    auto library =
        std::make_shared<const arap::data::Library>(arap::data::Library::load(ARAP_DATA_DIR));
    return arap::game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                  library);
  }();
  arap::ai::SweepPlan plan;
  plan.settings = {{setup, "base"}};
  plan.agents = {"random", "random"};
  plan.games = games;
  plan.sprt_delta = 0.0;
  return plan;
}

std::vector<arap::ai::GameRow> made_up_rows(int games) {
  std::vector<arap::ai::GameRow> rows(static_cast<std::size_t>(games));
  for (int t = 0; t < games; ++t) {
    auto& row = rows[static_cast<std::size_t>(t)];
    row.task = t;
    row.seed = static_cast<std::uint64_t>(t) * 2654435761u;
    row.winner = t % 3 - 1;
    row.turns = 4 + t % 3;
    row.score = {t % 2, t % 3};
    row.models_lost = {t % 20, t % 25};
    row.texture.units = 8;
  }
  return rows;
}

void BM_sweep_summarise(benchmark::State& state) {
  const auto plan = sweep_plan(static_cast<int>(state.range(0)));
  const auto header = plan.header();
  const auto rows = made_up_rows(plan.games);
  for (auto _ : state) benchmark::DoNotOptimize(arap::ai::summarise(header, rows).dump());
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_sweep_summarise)->Arg(1000)->Arg(10000)->Arg(100000);

void BM_sweep_merge(benchmark::State& state) {
  const auto plan = sweep_plan(static_cast<int>(state.range(0)));
  const auto header = plan.header();
  const auto rows = made_up_rows(plan.games);
  std::vector<std::string> texts;
  std::vector<std::string> names;
  for (int i = 0; i < 4; ++i) {
    std::vector<arap::ai::GameRow> part;
    for (int t = i; t < plan.games; t += 4) part.push_back(rows[static_cast<std::size_t>(t)]);
    texts.push_back(arap::ai::partial_result(header, i, 4, part).dump());
    names.push_back("part" + std::to_string(i));
  }
  for (auto _ : state) {
    std::vector<nlohmann::json> parts;
    for (const auto& text : texts) parts.push_back(nlohmann::json::parse(text));
    const auto merged = arap::ai::merge_partials(parts, names);
    benchmark::DoNotOptimize(arap::ai::summarise(merged.header, merged.rows).dump());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_sweep_merge)->Arg(1000)->Arg(10000)->Arg(100000);

}  // namespace
