// Property tests (RapidCheck): exact distributions are distributions, goals stay in their ranges,
// the two allocation methods are ordered, and random streams are reproducible.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "dice/probability.hpp"
#include "dice/random_dice.hpp"
#include "odds/attack_odds.hpp"
#include "odds/casualties.hpp"
#include "rules/melee_goal.hpp"
#include "rules/shooting_goal.hpp"

namespace arap {
namespace {

RC_GTEST_PROP(Properties, low_and_high_rolls_are_monotonic, (int raw)) {
  const int goal = raw % 16 - 4;
  RC_ASSERT(dice::p_low(goal) <= dice::p_low(goal + 1) + 1e-15);
  RC_ASSERT(dice::p_high(goal) + 1e-15 >= dice::p_high(goal + 1));
  RC_ASSERT(dice::p_high_best_of_two(goal) + 1e-15 >= dice::p_high(goal));
  RC_ASSERT(dice::p_leadership(goal) <= dice::p_leadership(goal + 1) + 1e-15);
}

RC_GTEST_PROP(Properties, direct_shooting_goals_never_exceed_five, ()) {
  rules::ShootingSituation s;
  s.ballistic_skill = *rc::gen::inRange(1, 11);
  s.range = *rc::gen::inRange(0, 49);
  s.aimed = *rc::gen::arbitrary<bool>();
  s.ambush = *rc::gen::arbitrary<bool>();
  s.corrective_aiming = *rc::gen::arbitrary<bool>();
  s.small_target = *rc::gen::arbitrary<bool>();
  s.target_moved_inches = *rc::gen::inRange(0, 60);
  s.target_cover = static_cast<rules::Cover>(*rc::gen::inRange(0, 3));
  s.target_prone = *rc::gen::arbitrary<bool>();
  s.fleeting_target = *rc::gen::arbitrary<bool>();
  const rules::ShootingGoal goal = rules::shooting_hit_goal(s);
  RC_ASSERT(goal.allowed);
  RC_ASSERT(goal.goal <= 5);
  int sum = 0;
  for (const auto& applied : goal.modifiers()) sum += applied.value;
  RC_ASSERT(sum == goal.total_modifier);
  // Concealment never counts twice (MOVE-10, SHOOT-18).
  int concealment = 0;
  for (const auto& applied : goal.modifiers()) {
    using M = rules::ShootingModifier;
    if (applied.id == M::soft_cover || applied.id == M::hard_cover ||
        applied.id == M::fleeting_target || applied.id == M::target_prone) {
      ++concealment;
    }
  }
  RC_ASSERT(concealment <= 1);
}

RC_GTEST_PROP(Properties, melee_goals_never_exceed_five, ()) {
  rules::MeleeSituation s;
  s.weapon_skill = *rc::gen::inRange(0, 11);
  s.uphill = *rc::gen::arbitrary<bool>();
  s.rear_charge = *rc::gen::arbitrary<bool>();
  s.ambush = *rc::gen::arbitrary<bool>();
  s.unarmed = *rc::gen::arbitrary<bool>();
  RC_ASSERT(rules::melee_hit_goal(s).goal <= 5);
}

RC_GTEST_PROP(Properties, casualty_distributions_sum_to_one_and_respect_unit_size, ()) {
  const int shots = *rc::gen::inRange(0, 25);
  const double p = *rc::gen::inRange(0, 101) / 100.0;
  const int models = *rc::gen::inRange(1, 8);
  const int wounds = *rc::gen::inRange(1, 4);
  const int sides = *rc::gen::element(1, 2, 3, 6);
  const dice::Distribution unsaved = dice::Distribution::binomial(shots, p);
  const dice::Distribution damage =
      sides == 1 ? dice::Distribution::point(1) : dice::expression_distribution({1, sides, 0});
  const auto sequential =
      odds::slain_distribution(unsaved, models, wounds, damage, rules::Allocation::sequential);
  const auto random =
      odds::slain_distribution(unsaved, models, wounds, damage, rules::Allocation::random);
  RC_ASSERT(std::abs(sequential.total() - 1.0) < 1e-9);
  RC_ASSERT(std::abs(random.total() - 1.0) < 1e-9);
  RC_ASSERT(sequential.highest() <= models);
  RC_ASSERT(random.highest() <= models);
  // Whole models first never slays fewer on average than spreading hits at random.
  RC_ASSERT(random.mean() <= sequential.mean() + 1e-9);
  // No model falls without an unsaved wound.
  RC_ASSERT(sequential.mean() <= unsaved.mean() + 1e-9);
}

RC_GTEST_PROP(Properties, same_seed_and_stream_same_dice,
              (std::uint64_t seed, std::uint32_t stream)) {
  dice::RandomDice a(seed, stream);
  dice::RandomDice b(seed, stream);
  for (int i = 0; i < 50; ++i) {
    const int sides = 2 + i % 19;
    const int x = a.roll(sides);
    RC_ASSERT(x == b.roll(sides));
    RC_ASSERT(x >= 1 && x <= sides);
  }
}

}  // namespace
}  // namespace arap
