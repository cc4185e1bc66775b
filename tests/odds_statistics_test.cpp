// Live dice against exact odds: many live resolutions of each attack, with the random source and
// the same goals, must fit the exact distribution of models slain (chi-square).
#include <gtest/gtest.h>

#include "data/library.hpp"
#include "dice/random_dice.hpp"
#include "odds/attack_request.hpp"
#include "odds/attack_simulation.hpp"
#include "support/expect.hpp"

namespace arap::odds {
namespace {

const data::Library& library() {
  static const data::Library loaded = data::Library::load(ARAP_DATA_DIR);
  return loaded;
}

void check_live_against_exact(const std::string& json, std::uint64_t seed, long samples = 40000) {
  const AttackRequest request = parse_attack_request(json, "stat.json", &library());
  const AttackReport report = evaluate_attack(request);
  dice::RandomDice dice(seed);
  std::map<int, long> slain;
  std::map<int, long> unsaved;
  for (long i = 0; i < samples; ++i) {
    const SimulatedAttack live = simulate_attack(request, report, dice);
    ++slain[live.slain];
    ++unsaved[live.unsaved];
  }
  SCOPED_TRACE(json);
  test::expect_fits(slain, report.slain, samples);
  test::expect_fits(unsaved, report.unsaved_wounds, samples);
}

TEST(LiveAgainstExact, bolters_against_guardsmen_in_cover) {
  check_live_against_exact(R"({"attacker": {"models": 5, "skill": 4}, "weapon": "bolter",
      "range": 10, "modifiers": ["soft_cover"], "target": {"models": 10, "toughness": 3, "save": 5}})",
                           11);
}

TEST(LiveAgainstExact, autocannon_d3_damage_against_multi_wound_models) {
  check_live_against_exact(R"({"attacker": {"models": 3, "skill": 4}, "weapon":
      {"type": "heavy", "shots": 2, "range": 48, "strength": 7, "ap": 4, "damage": "D3"},
      "range": 30, "target": {"models": 3, "toughness": 5, "save": 4, "wounds": 3}})",
                           12);
}

TEST(LiveAgainstExact, random_allocation_on_two_wound_models) {
  check_live_against_exact(R"({"attacker": {"models": 6, "skill": 3}, "weapon": "shoota",
      "range": 9, "allocation": "random",
      "target": {"models": 4, "toughness": 4, "save": 4, "wounds": 2}})",
                           13);
}

TEST(LiveAgainstExact, melta_at_half_range_against_a_monster) {
  check_live_against_exact(R"({"attacker": {"models": 3, "skill": 4}, "weapon": "meltagun",
      "range": 5, "target": {"models": 2, "toughness": 7, "save": 3, "wounds": 6}})",
                           14);
}

TEST(LiveAgainstExact, flamers_into_mixed_cover) {
  check_live_against_exact(R"({"attacker": {"models": 2, "skill": 4}, "weapon": "heavy_flamer",
      "range": 6, "models_under": {"open": 2, "soft": 2, "hard": 1},
      "target": {"models": 8, "toughness": 3, "save": 5}})",
                           15);
}

TEST(LiveAgainstExact, frag_missile_that_may_scatter) {
  check_live_against_exact(R"({"attacker": {"models": 2, "skill": 4},
      "weapon": "missile_launcher_frag", "range": 30, "models_under": {"open": 3, "hard": 2},
      "target": {"models": 10, "toughness": 3, "save": 5}})",
                           16);
}

TEST(LiveAgainstExact, charging_power_fists_with_two_weapons) {
  check_live_against_exact(R"({"kind": "melee", "attacker": {"models": 3, "skill": 4,
      "strength": 4, "attacks": 2}, "weapon": "power_fist", "charge": "flank",
      "modifiers": ["two_weapons"],
      "target": {"models": 6, "toughness": 4, "save": 3, "invulnerable": 5, "wounds": 2}})",
                           17);
}

}  // namespace
}  // namespace arap::odds
