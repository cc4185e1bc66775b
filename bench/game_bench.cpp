// Game-layer costs: copying a whole state (about 40-50 models; goal <= 1 us) and whole random
// games on the standard scenario without and with the event log.
#include <benchmark/benchmark.h>

#include <memory>

#include "ai/match.hpp"
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

void random_game(benchmark::State& state) {
  static const auto setup = setup_of("open_ground");
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const auto match =
        arap::ai::play_match(*setup, seed++, {"random", "random"}, state.range(0) != 0);
    benchmark::DoNotOptimize(match.winner);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(random_game)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
