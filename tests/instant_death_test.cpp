// ADV-39 (optional): instant death. A hit of at least twice a multi-wound creature's Toughness
// that gets past its save slays it outright (an unstoppable one takes D3 wounds instead): the rule
// itself, a shot resolved by the engine with forced dice, and the odds of a shot and of a blow.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "odds/attack_odds.hpp"
#include "odds/melee_odds.hpp"
#include "rules/attack_resolution.hpp"
#include "support/scripted_game.hpp"

namespace arap {
namespace {

rules::WoundingProfile one_wound_profile() {
  rules::WoundingProfile profile;
  profile.damage = {0, 6, 1};
  return profile;
}

TEST(InstantDeath, ADV_39_twice_the_toughness_slays_a_multi_wound_creature) {
  auto profile = one_wound_profile();
  rules::apply_instant_death(profile, 8, 4, 3, false);
  EXPECT_EQ(profile.damage, (dice::DiceExpression{0, 6, 3}));  // all three of its wounds
  auto tough = one_wound_profile();
  rules::apply_instant_death(tough, 8, 5, 3, false);  // 8 < 2 x 5: one wound as usual
  EXPECT_EQ(tough.damage, (dice::DiceExpression{0, 6, 1}));
  auto single = one_wound_profile();
  rules::apply_instant_death(single, 10, 3, 1, false);  // one-wound models: nothing changes
  EXPECT_EQ(single.damage, (dice::DiceExpression{0, 6, 1}));
  auto gargantuan = one_wound_profile();
  gargantuan.damage_best_of_two = true;
  rules::apply_instant_death(gargantuan, 10, 5, 8, true);  // unstoppable: D3 instead
  EXPECT_EQ(gargantuan.damage, (dice::DiceExpression{1, 3, 0}));
  EXPECT_FALSE(gargantuan.damage_best_of_two);
}

// Red: an Ork Warboss (unit 0, model 0: T5 W3 Sv4); Blue: a Space Marine Captain (unit 1,
// model 1: T4 W3, Sv3, Inv4). Each takes one krak missile (S8 AP3, Damage D6) whose wound roll
// is a 6 and save a 1; a Damage die, when one is rolled, shows 1.
class InstantDeathShot : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("instant_death", "orks", "[{unit: warboss, at: [10, 10]}]", "space_marines",
                       "[{unit: captain, at: [30, 30]}]", options),
          1);
  }

  // The wounds the model has left after the hit (`damage_die`: whether a Damage die is rolled).
  int hit(int model, bool damage_die) {
    script({6, 1});
    if (damage_die) script({1});
    game::detail::Context c(state_, &log_);
    game::detail::HitEffect effect;
    std::vector<int> wound_faces;
    std::vector<int> save_faces;
    const auto* missile = setup_->library->weapon("missile_launcher_krak");
    game::detail::resolve_hit_on(c, model, *missile, 4, 20.0, effect, wound_faces, save_faces);
    EXPECT_EQ(effect.unsaved, 1);
    EXPECT_EQ(effect.damage_dice.size(), damage_die ? 1u : 0u);
    return state_.models[model].wounds_left;
  }
};

TEST_F(InstantDeathShot, ADV_39_an_S8_hit_slays_a_T4_captain_but_wounds_a_T5_warboss_once) {
  arrange("options: {instant_death: true}\n");
  EXPECT_EQ(hit(1, false), 0);  // all its wounds: no Damage die
  EXPECT_FALSE(state_.models[1].pose.alive);
  EXPECT_EQ(hit(0, true), 2);
  EXPECT_TRUE(state_.models[0].pose.alive);
}

TEST_F(InstantDeathShot, ADV_39_off_by_default_the_weapons_damage_stands) {
  arrange("");
  EXPECT_EQ(hit(1, true), 2);
}

TEST(InstantDeathOdds, ADV_39_the_odds_of_a_shot_count_the_outright_kill) {
  odds::AttackRequest request;
  request.attacker.skill = 4;  // hits on 4-: 2/3
  request.weapon.strength.value = 8;
  request.weapon.range = 48;
  request.weapon.damage = {0, 6, 1};
  request.range = 30.0;
  request.target.toughness = 4;
  request.target.wounds = 3;
  request.target.save = 4;  // 1/2 saved
  request.instant_death = true;
  const auto report = odds::evaluate_attack(request);
  // Wounds on 2+ (5/6): P(slain) = 2/3 x 5/6 x 1/2 = 5/18.
  ASSERT_GE(report.slain.highest(), 1);
  EXPECT_NEAR(report.slain[1], 5.0 / 18.0, 1e-12);
  request.instant_death = false;
  EXPECT_NEAR(odds::evaluate_attack(request).slain[0], 1.0, 1e-12);  // one wound of three
}

TEST(InstantDeathOdds, ADV_39_the_odds_of_a_blow_count_the_outright_kill) {
  odds::MeleeRequest request;
  auto& fist = request.attacker;
  fist.weapon_skill = 4;
  fist.strength = 8;
  fist.attacks = 1;
  fist.initiative = 1;
  fist.instant_death = true;
  auto& captain = request.defender;
  captain.toughness = 4;
  captain.wounds = 3;
  captain.weapon_skill = 4;
  captain.attacks = 0;
  captain.initiative = 5;
  const auto with = odds::evaluate_melee(request);
  fist.instant_death = false;
  const auto without = odds::evaluate_melee(request);
  // WS4 hits on 4- (2/3), S8 against T4 wounds on 2+ (5/6), no save: 5/9 slain.
  EXPECT_NEAR(with.attacker_slain[1], 5.0 / 9.0, 1e-12);
  EXPECT_NEAR(without.attacker_slain[0], 1.0, 1e-12);
}

}  // namespace
}  // namespace arap
