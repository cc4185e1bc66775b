// Exact-odds latency: 30 shots against 10 models of W2 with D3 Damage (goal: <= 50 us), and the
// shooting goal function on its own.
#include <benchmark/benchmark.h>

#include "odds/attack_odds.hpp"

namespace {

arap::odds::AttackRequest thirty_shots() {
  arap::odds::AttackRequest request;
  request.attacker.models = 10;
  request.attacker.skill = 4;
  request.weapon.type = arap::data::WeaponType::assault;
  request.weapon.shots = 3;
  request.weapon.range = 24;
  request.weapon.strength = arap::data::StrengthSpec::fixed_at(5);
  request.weapon.ap = 4;
  request.weapon.damage = {1, 3, 0};
  request.range = 18;
  request.target = {10, 4, 3, std::nullopt, 2};
  return request;
}

void exact_odds_30_shots_10_models_w2_d3(benchmark::State& state) {
  const auto request = thirty_shots();
  for (auto _ : state) {
    const auto report = arap::odds::evaluate_attack(request);
    benchmark::DoNotOptimize(report.slain.mean());
  }
}
BENCHMARK(exact_odds_30_shots_10_models_w2_d3)->Unit(benchmark::kMicrosecond);

void exact_odds_random_allocation(benchmark::State& state) {
  auto request = thirty_shots();
  request.allocation = arap::rules::Allocation::random;
  for (auto _ : state) {
    const auto report = arap::odds::evaluate_attack(request);
    benchmark::DoNotOptimize(report.slain.mean());
  }
}
BENCHMARK(exact_odds_random_allocation)->Unit(benchmark::kMicrosecond);

void shooting_goal(benchmark::State& state) {
  arap::rules::ShootingSituation s;
  s.ballistic_skill = 4;
  s.range = 14;
  s.target_cover = arap::rules::Cover::soft;
  s.target_moved_inches = 13;
  for (auto _ : state) {
    benchmark::DoNotOptimize(arap::rules::shooting_hit_goal(s).goal);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(shooting_goal);

}  // namespace
