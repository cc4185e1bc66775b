// ADV-57 (Double Weapon Skill and free weapons), ADV-58 (Ambidextrous) and ADV-59 (paired
// lightning claws), with MELEE-06a's -1: the kit a model fights with, then fights played through
// the engine with forced dice, then the odds of the same blows.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "dice/probability.hpp"
#include "odds/melee_odds.hpp"
#include "rules/close_combat_kit.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

// A model group carrying the shipped weapons named.
data::ModelGroup carrying(std::initializer_list<const char*> ids) {
  data::ModelGroup group;
  for (const char* id : ids) {
    const auto* weapon = test::shipped_library()->weapon(id);
    EXPECT_NE(weapon, nullptr) << id;
    group.weapons.push_back(weapon);
  }
  return group;
}

data::Profile fighter(std::initializer_list<const char*> rules) {
  data::Profile p;
  p.weapon_skill = 4;
  p.attacks = 1;
  for (const char* rule : rules) p.special_rules.emplace_back(rule);
  return p;
}

// The catalogue's EX-21, step by step.
TEST(TwoWeapons, ADV_57_double_weapon_skill_needs_two_costed_close_combat_weapons) {
  const auto marine = fighter({});
  const rules::KitRules on;
  // A Tactical Marine's bolter is no close combat weapon: he fights with his free knife.
  auto kit = rules::close_combat_kit(marine, carrying({"bolter"}), on);
  EXPECT_EQ(kit.main, nullptr);
  EXPECT_FALSE(kit.improvised);
  EXPECT_FALSE(kit.unarmed);
  EXPECT_EQ(kit.extra_attacks, 0);
  // A bolt pistol bought for him: one costed weapon, no extra attack; he strikes with it.
  kit = rules::close_combat_kit(marine, carrying({"bolter", "bolt_pistol"}), on);
  ASSERT_NE(kit.main, nullptr);
  EXPECT_EQ(kit.main->id, "bolt_pistol");
  EXPECT_EQ(kit.extra_attacks, 0);
  // A chainsword too: Double Weapon Skill, +1 attack, and every attack at -1 (not ambidextrous).
  kit = rules::close_combat_kit(marine, carrying({"bolter", "bolt_pistol", "chainsword"}), on);
  EXPECT_EQ(kit.main->id, "chainsword");
  ASSERT_NE(kit.second, nullptr);
  EXPECT_EQ(kit.second->id, "bolt_pistol");
  EXPECT_EQ(kit.extra_attacks, 1);
  EXPECT_FALSE(kit.ambidextrous);
  // An Assault Marine with the same pair, ambidextrous: +1 attack, no penalty.
  kit = rules::close_combat_kit(fighter({"ambidextrous"}), carrying({"chainsword", "bolt_pistol"}),
                                on);
  EXPECT_EQ(kit.extra_attacks, 1);
  EXPECT_TRUE(kit.ambidextrous);
}

TEST(TwoWeapons, ADV_57_free_natural_and_two_handed_weapons_give_no_extra_attack) {
  const auto p = fighter({});
  const rules::KitRules on;
  // The first plain hand weapon comes with the model; a second one is bought.
  EXPECT_EQ(
      rules::close_combat_kit(p, carrying({"laspistol", "close_combat_weapon"}), on).extra_attacks,
      0);
  EXPECT_EQ(rules::close_combat_kit(p, carrying({"close_combat_weapon", "close_combat_weapon"}), on)
                .extra_attacks,
            0);
  EXPECT_EQ(rules::close_combat_kit(
                p, carrying({"close_combat_weapon", "close_combat_weapon", "laspistol"}), on)
                .extra_attacks,
            1);
  // Two pistols are two weapons.
  EXPECT_EQ(rules::close_combat_kit(p, carrying({"bolt_pistol", "bolt_pistol"}), on).extra_attacks,
            1);
  // Talons are the creature's own: a Hive Tyrant's bonesword is its only weapon.
  EXPECT_EQ(
      rules::close_combat_kit(p, carrying({"bonesword", "scything_talons"}), on).extra_attacks, 0);
  // A two-handed big choppa leaves no hand for the slugga.
  EXPECT_EQ(rules::close_combat_kit(p, carrying({"slugga", "big_choppa"}), on).extra_attacks, 0);
  EXPECT_EQ(rules::close_combat_kit(p, carrying({"slugga", "choppa"}), on).extra_attacks, 1);
}

TEST(TwoWeapons, ADV_57_a_free_hand_weapon_unless_the_profile_says_unarmed) {
  const rules::KitRules on;
  auto kit = rules::close_combat_kit(fighter({"unarmed"}), carrying({"lasgun"}), on);
  EXPECT_TRUE(kit.improvised);  // a rifle butt (MELEE-06i)
  kit = rules::close_combat_kit(fighter({"unarmed"}), carrying({}), on);
  EXPECT_TRUE(kit.unarmed);  // MELEE-06j
  // The option off: the core rules alone, where a pistol is no mêlée weapon.
  const rules::KitRules off{false, true, true};
  kit = rules::close_combat_kit(fighter({}), carrying({"lasgun", "bolt_pistol"}), off);
  EXPECT_EQ(kit.main, nullptr);
  EXPECT_TRUE(kit.improvised);
  kit = rules::close_combat_kit(fighter({}), carrying({"chainsword", "bolt_pistol"}), off);
  EXPECT_EQ(kit.extra_attacks, 0);
}

// ADV-57: a fighter who is not ambidextrous makes the extra attack only when it does not lower
// his expected hits: (a + 1) P(goal - 1) >= a P(goal).
TEST(TwoWeapons, ADV_57_the_extra_attack_is_made_when_it_does_not_lower_the_hits) {
  auto kit = rules::close_combat_kit(fighter({}), carrying({"chainsword", "bolt_pistol"}), {});
  EXPECT_TRUE(rules::takes_extra_attacks(kit, 1, 4));  // 2 x 3/6 >= 1 x 4/6
  EXPECT_TRUE(rules::takes_extra_attacks(kit, 3, 4));  // 4 x 3/6 = 3 x 4/6
  EXPECT_FALSE(rules::takes_extra_attacks(kit, 4, 4));
  EXPECT_FALSE(rules::takes_extra_attacks(kit, 2, 2));  // 3 x 1/6 < 2 x 2/6
  kit.ambidextrous = true;
  EXPECT_TRUE(rules::takes_extra_attacks(kit, 4, 4));
  kit.extra_attacks = 0;
  EXPECT_FALSE(rules::takes_extra_attacks(kit, 1, 4));
}

TEST(TwoWeapons, ADV_59_a_pair_of_lightning_claws_doubles_the_attacks) {
  const auto p = fighter({"ambidextrous"});
  auto kit = rules::close_combat_kit(p, carrying({"lightning_claw", "lightning_claw"}), {});
  EXPECT_TRUE(kit.paired_claws);
  EXPECT_EQ(kit.extra_attacks, 0);
  EXPECT_EQ(rules::kit_attacks(kit, 1), 2);
  EXPECT_EQ(rules::kit_attacks(kit, 2), 4);
  // One claw is one weapon; with the option off two claws are two weapons (ADV-57).
  kit = rules::close_combat_kit(p, carrying({"lightning_claw"}), {});
  EXPECT_FALSE(kit.paired_claws);
  kit = rules::close_combat_kit(p, carrying({"lightning_claw", "lightning_claw"}),
                                {true, true, false});
  EXPECT_FALSE(kit.paired_claws);
  EXPECT_EQ(kit.extra_attacks, 1);
}

// Red's model `striker` (of unit 0) touches Guardsman X (the Guard's second model, unit 1) in
// front; the rest of both units wait well off, so only these two can strike.
class KitFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& army, const std::string& unit, int striker,
               const std::string& extra = "") {
    setup_ = test::battle("kit_fight_" + std::to_string(++count_), army,
                          "[{unit: " + unit + ", at: [24, 14]}]", "imperial_guard",
                          "[{unit: infantry_squad, at: [24, 30], facing: 180}]", extra);
    begin(setup_, 3);
    log_.clear();
    const auto& red = setup_->units[0];
    const auto& blue = setup_->units[1];
    x_ = blue.first_model + 1;
    line_up(red, 4.0, 0.0);
    line_up(blue, 44.0, 180.0);
    place(x_, 24.0, 20.0, 180.0);
    place(red.first_model + striker, 24.0, 18.7, 0.0);
    lock(0, 1);
  }

  Blows red_rolls() const { return blows_of(0); }

  using Rolls = Blows;
  std::shared_ptr<const GameSetup> setup_;
  int x_ = 0;
  int count_ = 0;
};

// An Ork Boy (WS4, A2, slugga and choppa, not ambidextrous): three blows at goal 3 (MELEE-06a).
TEST_F(KitFight, ADV_57_a_boy_with_slugga_and_choppa_strikes_three_times_at_minus_one) {
  arrange("orks", "slugga_boyz", 1);
  state_.scripted_dice = &constant_;  // every die a 6: every blow misses
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{3, 3, 1}}));
}

// MELEE-06a's catalogue case: a WS4 two-weapon fighter charging frontally makes his Charge bonus
// attack at goal 4, the others at goal 3.
TEST_F(KitFight, MELEE_06a_charge_bonus_attacks_escape_the_two_weapon_penalty) {
  arrange("orks", "slugga_boyz", 1);
  state_.units[0].round.first_round = true;
  state_.units[0].round.bonus_attacks = 1;
  state_.scripted_dice = &constant_;
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{3, 2, 0}, {4, 1, 0}, {3, 1, 1}}));
}

TEST_F(KitFight, ADV_57_the_option_off_fights_with_the_choppa_alone) {
  arrange("orks", "slugga_boyz", 1, "options: {two_weapons: false}\n");
  state_.scripted_dice = &constant_;
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{4, 2, 0}}));
}

// ADV-57: the Guardsman's lasgun is no close combat weapon but his free knife is: no -1 for a
// club (MELEE-06i) unless the option is off.
TEST_F(KitFight, ADV_57_a_guardsman_fights_with_his_free_hand_weapon) {
  for (const bool on : {true, false}) {
    arrange("orks", "slugga_boyz", 1, on ? "" : "options: {two_weapons: false}\n");
    state_.scripted_dice = &constant_;
    fight(0, 1);
    const auto guard = rolls("MELEE-05");
    int goal = -99;
    for (const auto& e : guard)
      if (e.at("unit") == 1) goal = e.at("goal").get<int>();
    EXPECT_EQ(goal, on ? 3 : 2) << (on ? "on" : "off");
  }
}

// ADV-58: an Assault Marine (WS4, A1, chainsword and bolt pistol, ambidextrous): two blows at
// goal 4; with the option off he pays the -1 like anyone.
TEST_F(KitFight, ADV_58_an_ambidextrous_fighter_keeps_his_goal_with_two_weapons) {
  arrange("space_marines", "assault_squad", 1);
  state_.scripted_dice = &constant_;
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{4, 2, 1}}));
  arrange("space_marines", "assault_squad", 1, "options: {ambidextrous: false}\n");
  state_.scripted_dice = &constant_;
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{3, 2, 1}}));
}

// ADV-59: a Terminator (A2) with paired lightning claws strikes four times and re-rolls a failed
// wound: hit (1), wound 1 (S4 against T3 needs 3+), re-rolled 6, and AP3 leaves the Guardsman
// no save.
TEST_F(KitFight, ADV_59_paired_claws_strike_twice_the_attacks_and_reroll_failed_wounds) {
  arrange("space_marines", "assault_terminator_squad", 1);
  script({1, 1, 6});
  for (int i = 0; i < 40; ++i) script({6});
  fight(0, 1);
  // Four blows: X fell to the first, the other three went on to the squad's far models (MELEE-08
  // tiers) and missed.
  EXPECT_EQ(red_rolls(), (Rolls{{4, 4, 0}}));
  EXPECT_FALSE(state_.models[x_].pose.alive);
}

TEST_F(KitFight, ADV_59_the_option_off_makes_two_claws_two_weapons) {
  arrange("space_marines", "assault_terminator_squad", 1, "options: {paired_claws: false}\n");
  script({1, 1, 6});  // the 6 is now the second blow, a miss
  for (int i = 0; i < 40; ++i) script({6});
  fight(0, 1);
  EXPECT_EQ(red_rolls(), (Rolls{{4, 3, 1}}));  // A2, and the extra attack of two weapons
  EXPECT_TRUE(state_.models[x_].pose.alive);
}

// The odds follow the same rules: ADV-59's re-roll makes a goal-4 wound 3/4.
TEST(TwoWeaponOdds, ADV_59_a_rerolled_wound_at_goal_4_is_three_quarters) {
  odds::MeleeRequest r;
  r.attacker.weapon_skill = 6;  // goal 5: P(hit) 5/6
  r.attacker.strength = 4;
  r.attacker.initiative = 5;
  r.attacker.attacks = 1;
  r.attacker.reroll_wounds = true;
  r.defender.toughness = 4;  // S4 against T4: 4+
  r.defender.initiative = 1;
  const auto report = odds::evaluate_melee(r);
  EXPECT_NEAR(report.attacker_slain.mean(), 5.0 / 6.0 * 3.0 / 4.0, 1e-12);
}

// ADV-57 with MELEE-06a in the odds: a WS4 Boy charging ten unsaved T3 Guardsmen with A2, one
// Charge bonus and one extra attack: two blows at goal 3, the bonus at goal 4, the extra at
// goal 3; S3 against T3 wounds on 4+.
TEST(TwoWeaponOdds, ADV_57_bonus_and_extra_attacks_strike_at_their_own_goals) {
  odds::MeleeRequest r;
  r.attacker.weapon_skill = 4;
  r.attacker.strength = 3;
  r.attacker.initiative = 4;
  r.attacker.attacks = 2;
  r.attacker.bonus_attacks = 1;
  r.attacker.extra_attacks = 1;
  r.attacker.modifiers = {rules::MeleeModifier::two_weapons};
  r.defender.models = 10;
  r.defender.toughness = 3;
  r.defender.initiative = 1;
  const auto report = odds::evaluate_melee(r);
  const double p3 = dice::p_low(3);
  const double p4 = dice::p_low(4);
  EXPECT_NEAR(report.attacker_slain.mean(), (3 * p3 + p4) * 0.5, 1e-12);
}

// A named unit carries its kit into the odds: Slugga Boyz make the extra attack at -1.
TEST(TwoWeaponOdds, ADV_57_named_slugga_boyz_arm_as_they_fight) {
  const auto& library = *test::shipped_library();
  odds::MeleeSide side;
  const auto* army = library.army("orks");
  const auto& boys = *army->find_unit("slugga_boyz");
  const auto& group = boys.models[1];
  odds::arm_side(side, *group.profile,
                 rules::close_combat_kit(*group.profile, group, rules::KitRules{}), true);
  EXPECT_EQ(side.attacks, 2);
  EXPECT_EQ(side.extra_attacks, 1);
  ASSERT_TRUE(side.extra_blow.has_value());
  EXPECT_EQ(side.extra_blow->strength, 4);  // the slugga's shot keeps its S4
  EXPECT_EQ(side.extra_blow->ap, 6);
  EXPECT_EQ(side.modifiers, std::vector{rules::MeleeModifier::two_weapons});
}

}  // namespace
}  // namespace arap::game
