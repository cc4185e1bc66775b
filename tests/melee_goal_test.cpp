// MELEE-05/06, MOVE-09 (prone fighters), MELEE-22 (free hacks) and ADV-62 (fighting in clouds).
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "rules/melee_goal.hpp"
#include "support/expect.hpp"

namespace arap::rules {
namespace {

using test::frac;

MeleeSituation ws(int skill) {
  MeleeSituation s;
  s.weapon_skill = skill;
  return s;
}

TEST(MeleeGoal, MELEE_05_ws_plus_modifiers_capped_at_five) {
  EXPECT_PROB(dice::p_low(melee_hit_goal(ws(4)).goal), frac(2, 3));
  MeleeSituation six = ws(6);
  six.barricade = true;
  EXPECT_EQ(melee_hit_goal(six).goal, 5);
  MeleeSituation unarmed = ws(1);
  unarmed.unarmed = true;
  EXPECT_EQ(melee_hit_goal(unarmed).goal, -1);
  EXPECT_PROB(dice::p_low(-1), frac(1, 18));
  MeleeSituation rear = ws(3);
  rear.rear_charge = true;
  EXPECT_EQ(melee_hit_goal(rear).goal, 4);
}

TEST(MeleeGoal, MELEE_06_rows) {
  const auto single = [](auto&& set) {
    MeleeSituation s = ws(3);
    set(s);
    return melee_hit_goal(s).goal - 3;
  };
  EXPECT_EQ(single([](auto& s) { s.two_weapons = true; }), -1);        // 06a
  EXPECT_EQ(single([](auto& s) { s.uphill = true; }), +1);             // 06b
  EXPECT_EQ(single([](auto& s) { s.barricade = true; }), -1);          // 06c
  EXPECT_EQ(single([](auto& s) { s.planting_charges = true; }), -1);   // 06d
  EXPECT_EQ(single([](auto& s) { s.rear_charge = true; }), +1);        // 06e
  EXPECT_EQ(single([](auto& s) { s.ambush = true; }), +1);             // 06f
  EXPECT_EQ(single([](auto& s) { s.jumping_down = true; }), +1);       // 06g
  EXPECT_EQ(single([](auto& s) { s.blocking = true; }), +1);           // 06h
  EXPECT_EQ(single([](auto& s) { s.improvised_weapon = true; }), -1);  // 06i
  EXPECT_EQ(single([](auto& s) { s.unarmed = true; }), -2);            // 06j
}

TEST(MeleeGoal, MELEE_06_two_weapons_spares_charge_bonus_attacks) {
  MeleeSituation s = ws(4);
  s.two_weapons = true;
  EXPECT_EQ(melee_hit_goal(s).goal, 3);
  s.charge_bonus_attack = true;
  EXPECT_EQ(melee_hit_goal(s).goal, 4);
  MeleeSituation uphill_barricade = ws(3);
  uphill_barricade.uphill = true;
  uphill_barricade.barricade = true;
  EXPECT_EQ(melee_hit_goal(uphill_barricade).goal, 3);
}

TEST(MeleeGoal, MOVE_09_prone_fighters) {
  MeleeSituation prone = ws(3);
  prone.attacker_prone = true;
  EXPECT_EQ(melee_hit_goal(prone).goal, 2);
  prone.weapon_skill = 1;
  EXPECT_EQ(melee_hit_goal(prone).goal, 1);
  MeleeSituation standing = ws(4);
  standing.target_prone = true;
  EXPECT_EQ(melee_hit_goal(standing).goal, 5);
  standing.uphill = true;
  EXPECT_EQ(melee_hit_goal(standing).goal, 5) << "one uphill row, applied once";
}

TEST(MeleeGoal, MELEE_22_free_hacks_hit_on_four) {
  for (const int skill : {1, 3, 6, 10}) {
    MeleeSituation s = ws(skill);
    s.free_hack = true;
    s.unarmed = true;
    EXPECT_EQ(melee_hit_goal(s).goal, 4);
  }
  EXPECT_PROB(dice::p_low(4), frac(2, 3));
}

TEST(MeleeGoal, MELEE_03_the_defender_never_enters_the_goal) {
  // The situation has no defender WS or facing: a WS3 attacker needs 3 or less from any side,
  // +1 only for a rear Charge's first round.
  MeleeSituation rear = ws(3);
  EXPECT_EQ(melee_hit_goal(rear).goal, 3);
  rear.rear_charge = true;
  EXPECT_EQ(melee_hit_goal(rear).goal, 4);
  // The exception: free hacks on routers and breakers-off hit on 4 (MELEE-22).
  MeleeSituation hack = ws(3);
  hack.free_hack = true;
  EXPECT_EQ(melee_hit_goal(hack).goal, 4);
}

TEST(MeleeGoal, MELEE_27_prone_fighters_and_their_attackers) {
  MeleeSituation prone = ws(4);
  prone.attacker_prone = true;
  EXPECT_EQ(melee_hit_goal(prone).goal, 2);  // half WS4
  prone.weapon_skill = 3;
  EXPECT_EQ(melee_hit_goal(prone).goal, 2);  // half WS3, rounded up
  MeleeSituation against_prone = ws(3);
  against_prone.target_prone = true;
  EXPECT_EQ(melee_hit_goal(against_prone).goal, 4);  // uphill +1
  EXPECT_PROB(dice::p_low(melee_hit_goal(against_prone).goal), frac(2, 3));
}

TEST(MeleeGoal, ADV_62_in_a_cloud_every_fighter_starts_from_one) {
  MeleeSituation s = ws(5);
  s.in_cloud = true;
  EXPECT_EQ(melee_hit_goal(s).goal, 1);
  EXPECT_PROB(dice::p_low(melee_hit_goal(s).goal), frac(1, 6));
  s.two_weapons = true;  // -1: goal 0, a 1 then a 4- on the second die (DICE-06)
  EXPECT_EQ(melee_hit_goal(s).goal, 0);
  EXPECT_PROB(dice::p_low(melee_hit_goal(s).goal), frac(1, 12));
  s = ws(5);
  s.in_cloud = true;
  s.attacker_prone = true;  // half of WS or not, the cloud's 1 stands
  EXPECT_EQ(melee_hit_goal(s).goal, 1);
}

}  // namespace
}  // namespace arap::rules
