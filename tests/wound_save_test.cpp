// DICE-07/08, SHOOT-22/24/59, ADV-40, ADV-54, MELEE-07: wound goals and saves.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/wound_save.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

double p(int toughness, int strength, bool close = false) {
  return p_wound(wound_goal(toughness, strength, close));
}

TEST(WoundSave, DICE_07_wound_goal_table) {
  EXPECT_EQ(wound_goal(4, 4, false).goal, 4);
  EXPECT_PROB(p(4, 4), frac(1, 2));
  EXPECT_PROB(p(4, 3), frac(1, 3));
  EXPECT_PROB(p(3, 4), frac(2, 3));
  EXPECT_EQ(wound_goal(3, 6, false).goal, 2);
  EXPECT_PROB(p(3, 6), frac(5, 6));
  EXPECT_PROB(p(1, 10), frac(5, 6));
  EXPECT_PROB(p(6, 3), frac(1, 12)) << "7 may be rolled at any range";
  EXPECT_PROB(p(7, 3, true), frac(1, 18));
  EXPECT_PROB(p(7, 3, false), 0.0);
  EXPECT_PROB(p(8, 3, true), frac(1, 36));
  EXPECT_PROB(p(9, 3, true), 0.0);
  EXPECT_FALSE(wound_goal(9, 3, true).possible);
}

TEST(WoundSave, DICE_07_short_range_gates_eight_and_nine) {
  EXPECT_PROB(p_wound(wound_goal(7, 3, at_short_range(13.0, 24))), 0.0);
  EXPECT_PROB(p_wound(wound_goal(7, 3, at_short_range(12.0, 24))), frac(1, 18));
  EXPECT_TRUE(wound_goal(7, 3, at_short_range(6.0, 12)).possible) << "pistol at 6\"";
  EXPECT_FALSE(wound_goal(7, 3, at_short_range(7.0, 12)).possible) << "pistol at 7\"";
}

TEST(WoundSave, SHOOT_22_roll_for_damage_uses_the_same_goal) {
  EXPECT_PROB(p_wound(wound_goal(3, 4, false)), dice::p_high(3));
}

TEST(WoundSave, MELEE_07_goal_eight_allowed_in_melee) {
  EXPECT_PROB(p(7, 3, /*close=*/true), frac(1, 18));
}

TEST(WoundSave, SHOOT_24_armour_ap_and_invulnerable) {
  const auto save = [](std::optional<int> armour, std::optional<int> inv, std::optional<int> ap) {
    return save_goal({armour, inv, ap, false, false});
  };
  EXPECT_EQ(save(2, 5, 3), 2);
  EXPECT_PROB(p_save(save(2, 5, 3)), frac(5, 6));
  EXPECT_EQ(save(2, 5, 2), 5);
  EXPECT_PROB(p_save(save(2, 5, 2)), frac(1, 3));
  EXPECT_EQ(save(5, std::nullopt, 5), std::nullopt);
  EXPECT_EQ(save(5, std::nullopt, 6), 5);
  EXPECT_EQ(save(3, std::nullopt, std::nullopt), 3);
  EXPECT_PROB(p_save(save(5, std::nullopt, 6)), frac(1, 3));
  // The catalogue's chain: BS4 hit x S4 vs T4 x failed 3+ save against AP5.
  EXPECT_PROB(dice::p_low(4) * p(4, 4) * (1.0 - p_save(save(3, std::nullopt, 5))), frac(1, 9));
}

TEST(WoundSave, DICE_08_never_better_than_two_plus) {
  EXPECT_EQ(save_goal({1, std::nullopt, std::nullopt, false, false}), 2);
  EXPECT_EQ(save_goal({std::nullopt, 1, std::nullopt, false, false}), 2);
}

TEST(WoundSave, ADV_40_needler_improves_the_save) {
  EXPECT_EQ(save_goal({4, std::nullopt, std::nullopt, true, false}), 3);
  EXPECT_EQ(save_goal({std::nullopt, std::nullopt, std::nullopt, true, false}), 6);
  EXPECT_PROB(p_save(6), frac(1, 6));
  EXPECT_EQ(save_goal({2, std::nullopt, std::nullopt, true, false}), 2);
}

TEST(WoundSave, ADV_54_power_weapons_ignore_armour_not_invulnerable) {
  EXPECT_EQ(save_goal({3, std::nullopt, std::nullopt, false, true}), std::nullopt);
  EXPECT_EQ(save_goal({2, 5, std::nullopt, false, true}), 5);
}

TEST(WoundSave, SHOOT_59_melta_best_of_two) {
  EXPECT_PROB(p_wound(wound_goal(4, 4, false), true), frac(3, 4));
  EXPECT_PROB(dice::p_high_best_of_two(2), frac(35, 36));
  EXPECT_PROB(dice::p_high_best_of_two(6), frac(11, 36));
  EXPECT_PROB(dice::p_high_best_of_two(7), frac(11, 72));
  EXPECT_PROB(p_wound(wound_goal(4, 4, false), false), frac(1, 2));
}

}  // namespace
}  // namespace arap::rules
