// SHOOT-38 (templates), SHOOT-41..43 and 50/54/57 (area markers and their scatter).
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "dice/scripted_dice.hpp"
#include "rules/area_effects.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

TEST(Templates, SHOOT_38_hit_chances_at_goal_four_and_three) {
  EXPECT_PROB(p_template_hit(4, Cover::none), frac(5, 6));
  EXPECT_PROB(p_template_hit(4, Cover::soft), frac(2, 3));
  EXPECT_PROB(p_template_hit(4, Cover::hard), frac(4, 9));
  EXPECT_PROB(p_template_hit(3, Cover::none), frac(3, 4));
  EXPECT_PROB(p_template_hit(3, Cover::soft), frac(5, 9));
  EXPECT_PROB(p_template_hit(3, Cover::hard), frac(11, 36));
  Rulings literal;
  literal.set("ruling.SHOOT-38.fallbackOnSuccess", "false");
  EXPECT_PROB(p_template_hit(4, Cover::none, literal), frac(5, 6));
  EXPECT_PROB(p_template_hit(4, Cover::soft, literal), frac(11, 18));
  EXPECT_PROB(p_template_hit(4, Cover::hard, literal), frac(7, 18));
  EXPECT_PROB(p_template_hit(3, Cover::soft, literal), frac(1, 2));
  EXPECT_PROB(p_template_hit(3, Cover::hard, literal), frac(1, 4));
}

TEST(Templates, SHOOT_38_roll_three_against_four_hits_open_and_soft) {
  dice::ScriptedDice dice{3, 1, 2};
  const TemplateHits hits = roll_template_hits(dice, 4, {2, 1, 2});
  EXPECT_EQ(hits.firer_roll, 3);
  EXPECT_EQ(hits.hit.open, 2);
  EXPECT_EQ(hits.hit.soft, 1);
  EXPECT_EQ(hits.hit.hard, 1) << "hard-cover models roll and hit on a 1";
  EXPECT_TRUE(dice.exhausted());
}

TEST(Templates, SHOOT_38_failed_roll_gives_every_model_its_own_roll) {
  // EX-31: G = 4, roll 5: open hit on 3-, hard on 1.
  dice::ScriptedDice dice{5, 3, 4, 1, 2};
  const TemplateHits hits = roll_template_hits(dice, 4, {2, 0, 2});
  EXPECT_EQ(hits.hit.open, 1);
  EXPECT_EQ(hits.hit.hard, 1);
  dice::ScriptedDice low{2};
  EXPECT_EQ(roll_template_hits(low, 4, {1, 1, 1}).hit.total(), 3) << "roll <= G-2 hits all";
}

TEST(AreaWeapons, SHOOT_43_who_is_hit) {
  EXPECT_PROB(p_area_hit(Cover::none), 1.0);
  EXPECT_PROB(p_area_hit(Cover::soft), frac(5, 6));
  EXPECT_PROB(p_area_hit(Cover::hard), frac(2, 3));
  dice::ScriptedDice dice{5, 6, 4};
  const CoverCounts hit = roll_area_hits(dice, {2, 2, 1});
  EXPECT_EQ(hit.open, 2);
  EXPECT_EQ(hit.soft, 1);
  EXPECT_EQ(hit.hard, 1);
  EXPECT_TRUE(dice.exhausted()) << "models in the open roll no dice";
}

TEST(AreaWeapons, SHOOT_41_scatter_distribution_and_examples) {
  const double no_scatter[] = {0,           frac(1, 6),  frac(1, 6), frac(2, 9),
                               frac(5, 18), frac(7, 18), frac(1, 2)};
  for (int bs = 1; bs <= 6; ++bs) {
    EXPECT_PROB(dice::skill_scatter_distribution(bs)[0], no_scatter[bs]) << "BS" << bs;
  }
  const dice::Distribution bs3 = dice::skill_scatter_distribution(3);
  const double expected[] = {frac(2, 9), frac(1, 18), frac(1, 9),  frac(1, 9), frac(1, 6),
                             frac(1, 9), frac(1, 9),  frac(1, 18), frac(1, 18)};
  for (int v = 0; v <= 8; ++v) EXPECT_PROB(bs3[v], expected[v]) << v;
  dice::ScriptedDice eight{3, 5, 90};
  EXPECT_DOUBLE_EQ(roll_area_scatter(eight, AreaDelivery::fired, 3, 24.0).distance, 5.0);
  dice::ScriptedDice wounded{3, 5, 90};
  EXPECT_DOUBLE_EQ(roll_area_scatter(wounded, AreaDelivery::fired, 2, 24.0).distance, 6.0);
  dice::ScriptedDice double_four{4, 4};
  EXPECT_TRUE(roll_area_scatter(double_four, AreaDelivery::fired, 3, 24.0).on_target);
}

TEST(AreaWeapons, SHOOT_42_half_range_cap) {
  dice::ScriptedDice dice{6, 5, 180};
  const AreaScatter scatter = roll_area_scatter(dice, AreaDelivery::fired, 2, 8.0);
  EXPECT_EQ(scatter.roll.distance, 9);
  EXPECT_DOUBLE_EQ(scatter.distance, 4.0);
  dice::ScriptedDice thrown{6, 6, 1, 90};
  EXPECT_DOUBLE_EQ(roll_area_scatter(thrown, AreaDelivery::thrown_grenade, 3, 3.0).distance, 5.0)
      << "SHOOT-51: a thrown grenade's scatter is not capped";
}

TEST(AreaWeapons, SHOOT_50_thrown_grenade_scatters_only_on_a_miss) {
  dice::ScriptedDice hit{2};
  EXPECT_TRUE(roll_area_scatter(hit, AreaDelivery::thrown_grenade, 3, 5.0).on_target);
  dice::ScriptedDice miss{5, 4, 4, 45};
  const AreaScatter scatter = roll_area_scatter(miss, AreaDelivery::thrown_grenade, 3, 5.0);
  EXPECT_FALSE(scatter.on_target);
  EXPECT_DOUBLE_EQ(scatter.distance, 4.0) << "a double scatters one die's value";
}

TEST(AreaWeapons, SHOOT_54_indirect_fire_ignores_bs) {
  dice::ScriptedDice dice{3, 6, 10};
  EXPECT_DOUBLE_EQ(roll_area_scatter(dice, AreaDelivery::indirect, -1, 40.0).distance, 10.0);
  dice::ScriptedDice double_two{2, 2};
  EXPECT_TRUE(roll_area_scatter(double_two, AreaDelivery::indirect, 0, 40.0).on_target);
}

TEST(AreaWeapons, SHOOT_57_hidden_targets_never_on_target) {
  dice::ScriptedDice dice{5, 5, 3, 200};
  EXPECT_DOUBLE_EQ(roll_area_scatter(dice, AreaDelivery::hidden_target, 4, 30.0).distance, 5.0);
  dice::ScriptedDice other{6, 3, 1, 200};
  EXPECT_DOUBLE_EQ(roll_area_scatter(other, AreaDelivery::hidden_target, 4, 30.0).distance, 9.0);
  Rulings any_double;
  any_double.set("ruling.DICE-19", "anyDouble");
  dice::ScriptedDice low_pair{2, 2, 6, 1};
  EXPECT_DOUBLE_EQ(
      roll_area_scatter(low_pair, AreaDelivery::hidden_target, 4, 30.0, any_double).distance, 6.0);
  EXPECT_PROB(dice::three_dice_scatter_distribution(dice::ThreeDiceHit::top_pair_only)[0], 0.0);
  EXPECT_PROB(dice::three_dice_scatter_distribution(dice::ThreeDiceHit::any_double)[1],
              frac(1, 216));
}

}  // namespace
}  // namespace arap::rules
