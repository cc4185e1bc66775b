// ADV-63 (optional): Tyranid War Veterans land krak attacks on Tyranids on 4 or less, where
// anyone else needs a 1 (MELEE-26).
#include <gtest/gtest.h>

#include "rules/combat_resolution.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

TEST(KrakVeterans, ADV_63_success_on_4_or_less_is_two_chances_in_three) {
  const int goal = rules::krak_success_goal(true);
  EXPECT_EQ(goal, 4);
  EXPECT_EQ(rules::krak_success_goal(false), 1);
  int hits = 0;
  for (int face = 1; face <= 6; ++face)
    hits += rules::read_krak_attack(face, true, goal) == rules::KrakResult::hit ? 1 : 0;
  EXPECT_EQ(hits * 3, 6 * 2) << "P(success) = 4/6 = 2/3";
  // A 6 against a fighter still goes off in the veteran's hand.
  EXPECT_EQ(rules::read_krak_attack(6, true, goal), rules::KrakResult::self_hit);
  EXPECT_EQ(rules::read_krak_attack(5, true, goal), rules::KrakResult::miss);
}

// Red: Tyranid War Veterans (unit 0; the Veteran Sergeant, model 0, is one) with krak grenades;
// Blue: a Termagant Brood (unit 1). The sergeant touches a Termagant; everyone else waits far
// off. Every die a 4.
class KrakVeteranFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& blue_army, const std::string& blue_unit,
               const std::string& extra) {
    setup_ = test::battle("krak_veterans_" + std::to_string(++count_), "space_marines",
                          "[{unit: tyranid_war_veterans, at: [24, 14]}]", blue_army,
                          "[{unit: " + blue_unit + ", at: [24, 30], facing: 180}]", extra);
    begin(setup_, 3);
    log_.clear();
    const auto& red = setup_->units[0];
    const auto& blue = setup_->units[1];
    line_up(red, 4.0, 0.0);
    line_up(blue, 44.0, 180.0);
    place(blue.first_model, 24.0, 20.0, 180.0);
    place(0, 24.0, 19.0, 0.0);
    lock(0, 1);
    state_.scripted_dice = &four_;
    must(act(ActionKind::end_phase));
    Action krak = act(ActionKind::fight, 0);
    krak.krak = true;
    must(krak);
    must(act(ActionKind::fight, 1));
  }

  // The veterans' first mêlée roll: the sergeant's krak attack (I1, MELEE-26).
  Event red_krak() const {
    for (const auto& e : rolls("MELEE-05"))
      if (e.at("unit") == 0) return e;
    ADD_FAILURE() << "no mêlée roll of the veterans";
    return {};
  }

  std::shared_ptr<const GameSetup> setup_;
  test::ConstantDice four_{4};
  int count_ = 0;
};

TEST_F(KrakVeteranFight, ADV_63_a_veteran_lands_a_krak_grenade_on_a_Termagant_with_a_4) {
  arrange("tyranids", "termagant_brood", "options: {krak_veterans: true}\n");
  EXPECT_EQ(red_krak().at("goal"), 4);
  EXPECT_EQ(red_krak().at("attacks"), 1);
  EXPECT_EQ(red_krak().at("hits"), 1);
}

TEST_F(KrakVeteranFight, ADV_63_off_or_against_others_a_4_misses) {
  arrange("tyranids", "termagant_brood", "");
  EXPECT_EQ(red_krak().at("goal"), 1);
  EXPECT_EQ(red_krak().at("hits"), 0);
  arrange("imperial_guard", "infantry_squad", "options: {krak_veterans: true}\n");
  EXPECT_EQ(red_krak().at("goal"), 1) << "only against Tyranids";
  EXPECT_EQ(red_krak().at("hits"), 0);
}

}  // namespace
}  // namespace arap::game
