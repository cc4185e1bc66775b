// Live resolution: SHOOT-23 (Damage), SHOOT-26 (fast dicing), SHOOT-27 (allocation), ADV-38.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "rules/attack_resolution.hpp"

namespace arap::rules {
namespace {

WoundingProfile profile(int wound_goal, std::optional<int> save,
                        dice::DiceExpression damage = {0, 6, 1}) {
  WoundingProfile p;
  p.wound = {wound_goal, true};
  p.save = save;
  p.damage = damage;
  return p;
}

TEST(AttackResolution, SHOOT_26_fast_dicing_example) {
  // EX-30: five shots at 4-: 1,1,3,5,6 hit three times; wounds on 3+: 2,4,5; saves 4+: 1,4.
  dice::ScriptedDice dice{1, 1, 3, 5, 6, 2, 4, 5, 1, 4};
  CasualtyState target(10, 1, Allocation::sequential);
  const AttackTally tally = resolve_attacks(dice, 5, 4, profile(3, 4), target);
  EXPECT_EQ(tally.hits, 3);
  EXPECT_EQ(tally.wounds, 2);
  EXPECT_EQ(tally.unsaved, 1);
  EXPECT_EQ(tally.slain, 1);
  EXPECT_TRUE(dice.exhausted());
}

TEST(AttackResolution, SHOOT_23_damage_never_spills) {
  // EX-10: three unsaved D2 hits on W1 models slay at most three even if 6 damage is rolled.
  dice::ScriptedDice dice{6, 6, 6, 2, 4, 6};
  CasualtyState target(5, 1, Allocation::sequential);
  const AttackTally tally = resolve_hits(dice, 3, profile(2, std::nullopt, {1, 2, 0}), target);
  EXPECT_EQ(tally.slain, 3);
  // A D3 hit rolling 3 on a W2 model: it dies, one point is lost.
  dice::ScriptedDice d3{6, 6, 3, 1};
  CasualtyState big(2, 2, Allocation::sequential);
  resolve_hits(d3, 2, profile(2, std::nullopt, {1, 3, 0}), big);
  EXPECT_EQ(big.slain(), 1);
  EXPECT_EQ(big.models_left(), 1);
}

TEST(AttackResolution, ADV_38_whole_models_first) {
  // EX-20: five wounds on W2 models: two removed, one wound on a third.
  CasualtyState target(5, 2, Allocation::sequential);
  for (int i = 0; i < 5; ++i) target.apply_damage(1);
  EXPECT_EQ(target.slain(), 2);
  EXPECT_EQ(target.models_left(), 3);
  target.apply_damage(1);
  EXPECT_EQ(target.slain(), 3);
}

TEST(AttackResolution, SHOOT_27_random_allocation_repeats_and_surplus_is_lost) {
  // Eight models, three hits; the D8 gives 5, 5, 2: model 5 takes two hits.
  dice::ScriptedDice dice{5, 5, 2, 6, 6, 6};
  CasualtyState target(8, 1, Allocation::random);
  const AttackTally tally = resolve_hits(dice, 3, profile(2, std::nullopt), target);
  EXPECT_EQ(tally.unsaved, 3);
  EXPECT_EQ(tally.slain, 2);
  // Five unsaved wounds on a unit of three: three casualties, the rest lost.
  dice::ScriptedDice more{6, 6, 6, 6, 6};
  CasualtyState small(3, 1, Allocation::sequential);
  EXPECT_EQ(resolve_hits(more, 5, profile(2, std::nullopt), small).slain, 3);
}

TEST(AttackResolution, impossible_wounds_roll_no_dice) {
  dice::ScriptedDice none;
  CasualtyState target(3, 1, Allocation::sequential);
  WoundingProfile p = profile(10, std::nullopt);
  p.wound.possible = false;
  EXPECT_EQ(resolve_hits(none, 4, p, target).wounds, 0);
}

}  // namespace
}  // namespace arap::rules
