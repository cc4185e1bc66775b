// preview(state, action) (DESIGN "advice"): exact odds on the real table. The combination across
// weapon groups is checked exactly against the groups' own distributions; the whole preview is
// checked against the live engine, playing the same action thousands of times on reseeded copies.
#include <gtest/gtest.h>

#include <cmath>

#include "advice/preview.hpp"
#include "rules/activation.hpp"
#include "support/game_fixture.hpp"

namespace arap::advice {
namespace {

using game::Action;
using game::ActionKind;
using game::GameState;

// A Red tactical squad facing an Imperial Guard squad `gap` inches up the table, Red's unit
// activated with some AP (found by reseeding until an activation succeeds).
GameState facing_off(const std::string& name, double gap) {
  static std::vector<std::shared_ptr<const game::GameSetup>> keep;
  keep.push_back(test::battle(
      name, "space_marines", "[{unit: tactical_squad, at: [24, 8], facing: 0}]", "imperial_guard",
      "[{unit: infantry_squad, at: [24, " + std::to_string(8 + gap) + "], facing: 180}]"));
  GameState s = game::initial_state(*keep.back(), 1);
  Action activate = game::make_action(ActionKind::activate, 0);
  activate.dice = 3;
  for (std::uint64_t seed = 1; seed < 100; ++seed) {
    GameState trial = s;
    game::reseed(trial, seed);
    EXPECT_EQ(game::apply(trial, activate, nullptr), "");
    while (trial.phase == game::Phase::pick_up)
      EXPECT_EQ(game::apply(trial, game::make_action(ActionKind::decline_pick_up), nullptr), "");
    if (trial.phase == game::Phase::active && trial.action_points >= 2) return trial;
  }
  ADD_FAILURE() << "no activation succeeded";
  return s;
}

// Live frequencies against exact probabilities: within 4.5 standard errors (and 0.002).
void expect_matches(const std::vector<int>& counts, int trials, const dice::Distribution& exact) {
  for (int k = 0; k < static_cast<int>(counts.size()) || k <= exact.highest(); ++k) {
    const double p = k <= exact.highest() ? exact[k] : 0.0;
    const double seen = k < static_cast<int>(counts.size()) ? counts[k] : 0;
    const double sigma = std::sqrt(std::max(p * (1 - p), 1e-9) / trials);
    EXPECT_NEAR(seen / trials, p, 4.5 * sigma + 0.002) << "k = " << k;
  }
}

TEST(Preview, shots_combine_groups_exactly_and_match_the_live_dice) {
  const GameState s = facing_off("preview_fire", 16.0);
  int checked_live = 0;
  for (const bool heavy : {false, true}) {
    SCOPED_TRACE(heavy ? "heavy weapons" : "other weapons");
    Action shoot = game::make_action(ActionKind::shoot, 0);
    shoot.target = 1;
    shoot.heavy = heavy;
    if (!game::is_legal(s, shoot)) continue;
    const Preview p = preview(s, shoot);
    ASSERT_FALSE(p.refused.has_value());
    ASSERT_FALSE(p.groups.empty());
    EXPECT_EQ(p.target_models, s.living_models(1));
    // One-wound Guardsmen: slain = min(models, the groups' unsaved wounds added up), exactly.
    dice::Distribution sum = dice::Distribution::point(0);
    for (const auto& g : p.groups) sum = sum.plus(g.report.unsaved_wounds);
    for (int k = 0; k <= p.target_models; ++k) {
      const double expected = k < p.target_models ? sum[k] : sum.at_least(k);
      EXPECT_NEAR(p.slain[k], expected, 1e-12) << k;
    }
    EXPECT_NEAR(p.slain.total(), 1.0, 1e-12);
    bool direct = true;
    for (const auto& g : p.groups) direct = direct && g.exact;
    EXPECT_EQ(p.exact, direct);
    // Templates and markers (the missile launcher's frag blast) are flagged, not claimed exact.
    if (!direct) {
      EXPECT_TRUE(heavy);
      continue;
    }
    // The live engine, 4,000 times on reseeded copies.
    const int trials = 4000;
    std::vector<int> counts(p.target_models + 1, 0);
    for (int t = 0; t < trials; ++t) {
      GameState copy = s;
      game::reseed(copy, 1000 + t);
      const int before = copy.living_models(1);
      ASSERT_EQ(game::apply(copy, shoot, nullptr), "");
      ++counts[before - copy.living_models(1)];
    }
    expect_matches(counts, trials, p.slain);
    ++checked_live;
  }
  EXPECT_EQ(checked_live, 1) << "the bolters' volley is direct fire";
}

TEST(Preview, charge_reach_matches_the_live_charges) {
  const GameState s = facing_off("preview_charge", 12.0);
  Action charge = game::make_action(ActionKind::charge, 0);
  charge.target = 1;
  ASSERT_TRUE(game::is_legal(s, charge)) << game::illegal_reason(s, charge);
  const Preview p = preview(s, charge);
  ASSERT_TRUE(p.charge.has_value());
  EXPECT_GT(p.charge->p_reach, 0.05);
  EXPECT_LT(p.charge->p_reach, 0.95);
  EXPECT_NEAR(p.charge->p_reach, p.charge->roll.at_least(p.charge->shortest_roll), 1e-12)
      << "open ground: every roll from the shortest that reaches on reaches";
  const int trials = 3000;
  int reached = 0;
  for (int t = 0; t < trials; ++t) {
    GameState copy = s;
    game::reseed(copy, 5000 + t);
    ASSERT_EQ(game::apply(copy, charge, nullptr), "");
    ASSERT_EQ(copy.phase, game::Phase::charge_response);
    ASSERT_EQ(game::apply(copy, game::make_action(ActionKind::hold, 1), nullptr), "");
    reached += copy.locked(0) ? 1 : 0;
  }
  std::vector<int> counts = {trials - reached, reached};
  expect_matches(counts, trials,
                 dice::Distribution(0, {1.0 - p.charge->p_reach, p.charge->p_reach}));
}

TEST(Preview, activation_odds_and_refusals) {
  const auto setup = test::battle("preview_activation", "space_marines",
                                  "[{unit: tactical_squad, at: [24, 8], facing: 0}]",
                                  "imperial_guard", "[{unit: infantry_squad, at: [24, 40]}]");
  const GameState s = game::initial_state(*setup, 1);
  Action activate = game::make_action(ActionKind::activate, 0);
  activate.dice = 3;
  const Preview p = preview(s, activate);
  const auto exact = rules::activation_odds(3, setup->units[0].activation_value);
  ASSERT_TRUE(p.p_bust.has_value());
  EXPECT_NEAR(*p.p_bust, exact.p_bust, 1e-15);
  for (int k = 0; k <= 3; ++k) EXPECT_NEAR((*p.action_points)[k], exact.action_points[k], 1e-15);
  activate.unit = 1;  // Blue's: not Red's to activate
  const Preview refused = preview(s, activate);
  ASSERT_TRUE(refused.refused.has_value());
  EXPECT_EQ(refused.refused->rule, "ACT-04");
  EXPECT_EQ(to_json(refused)["refused"]["rule"], "ACT-04");
}

}  // namespace
}  // namespace arap::advice
