// Exact-odds latency: 30 shots against 10 models of W2 with D3 Damage (goal: <= 50 us), how the
// cost grows with shots (issue 14: 1,000 shots <= 100 us) and templates, and the shooting goal
// function on its own.
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

// Shots: a unit of N/2 models firing two shots each at 100 models (W1, Damage 1), or at 100
// models of W2 taking D3 Damage (the chain's band then widens with every wound).
void exact_odds_shots(benchmark::State& state) {
  auto request = thirty_shots();
  request.attacker.models = static_cast<int>(state.range(0)) / 2;
  request.weapon.shots = 2;
  request.weapon.damage =
      state.range(1) == 0 ? arap::data::DamageSpec{0, 6, 1} : arap::data::DamageSpec{1, 3, 0};
  request.target = {100, 4, 3, std::nullopt, state.range(1) == 0 ? 1 : 2};
  for (auto _ : state) {
    const auto report = arap::odds::evaluate_attack(request);
    benchmark::DoNotOptimize(report.slain.mean());
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(exact_odds_shots)
    ->ArgsProduct({{10, 100, 1000, 10000}, {0, 1}})
    ->Unit(benchmark::kMicrosecond);

// Templates: N flamer templates each covering three models, summed by repeated squaring.
void exact_odds_templates(benchmark::State& state) {
  arap::odds::AttackRequest request = thirty_shots();
  request.attacker.models = static_cast<int>(state.range(0));
  request.weapon.type = arap::data::WeaponType::assault;
  request.weapon.shots = 1;
  request.weapon.range = 8;
  request.weapon.effect = arap::data::WeaponEffect::template_teardrop;
  request.weapon.damage = {0, 6, 1};
  request.range = 6;
  request.models_under = arap::rules::CoverCounts{3, 0, 0};
  request.target = {100, 3, 5, std::nullopt, 1};
  for (auto _ : state) {
    const auto report = arap::odds::evaluate_attack(request);
    benchmark::DoNotOptimize(report.slain.mean());
  }
}
BENCHMARK(exact_odds_templates)
    ->Arg(1)
    ->Arg(10)
    ->Arg(100)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

// Issue 17: a squad of 10 with three weapon kinds (8 lasguns, a plasma gun, a D3 launcher) at
// 10 two-wound models, every group summed and carried model by model (goal: <= 100 us).
void exact_odds_squad_three_weapons_at_w2(benchmark::State& state) {
  arap::odds::AttackRequest request = thirty_shots();
  const auto weapon = [](int shots, int strength, int ap, arap::data::DamageSpec damage) {
    arap::data::WeaponProfile w;
    w.type = arap::data::WeaponType::rapid_fire;
    w.shots = shots;
    w.range = 24;
    w.strength = arap::data::StrengthSpec::fixed_at(strength);
    w.ap = ap;
    w.damage = damage;
    return w;
  };
  request.range = 10;
  request.squad = {{"Guardsmen", 8, 3, 3, weapon(1, 3, 6, {0, 6, 1})},
                   {"Plasma", 1, 3, 3, weapon(1, 7, 2, {0, 6, 1})},
                   {"Launcher", 1, 3, 3, weapon(1, 6, 4, {1, 3, 0})}};
  request.target = {10, 4, 3, std::nullopt, 2};
  for (auto _ : state) {
    const auto report = arap::odds::evaluate_attack(request);
    benchmark::DoNotOptimize(report.slain.mean());
  }
}
BENCHMARK(exact_odds_squad_three_weapons_at_w2)->Unit(benchmark::kMicrosecond);

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
