// Dice throughput: a D6 through the DiceSource interface beside the raw 64-bit draw it is built
// on (goal: a D6 costs at most twice a raw draw).
#include <benchmark/benchmark.h>

#include "dice/random_dice.hpp"
#include "dice/rolls.hpp"

namespace {

void raw_64_bit_draw(benchmark::State& state) {
  arap::dice::Xoshiro256pp rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(raw_64_bit_draw);

void d6_through_dice_source(benchmark::State& state) {
  arap::dice::RandomDice random(1);
  arap::dice::DiceSource& dice = random;
  benchmark::DoNotOptimize(&dice);
  for (auto _ : state) benchmark::DoNotOptimize(dice.d6());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(d6_through_dice_source);

void d6_concrete(benchmark::State& state) {
  arap::dice::RandomDice dice(1);
  for (auto _ : state) benchmark::DoNotOptimize(dice.roll(6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(d6_concrete);

void to_hit_roll(benchmark::State& state) {
  arap::dice::RandomDice random(1);
  arap::dice::DiceSource& dice = random;
  for (auto _ : state) benchmark::DoNotOptimize(arap::dice::roll_low(dice, 4));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(to_hit_roll);

void leadership_test(benchmark::State& state) {
  arap::dice::RandomDice random(1);
  arap::dice::DiceSource& dice = random;
  for (auto _ : state) benchmark::DoNotOptimize(arap::dice::roll_leadership(dice, 7).passed);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(leadership_test);

}  // namespace
