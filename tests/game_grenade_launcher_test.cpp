// ADV-49: a weapon-mounted grenade launcher takes one of the unit's SHOOT-49 throwing places (a
// quarter of its models, rounded up) each time it fires; with none left it stays silent.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Devastator squad of five (unit 0: the sergeant, model 0, with an auxiliary grenade
// launcher (18") under his bolter (24"); four heavy weapons Marines, who have only bolt pistols
// (12") outside a heavy action) in a row at y = 6. A quarter of five, rounded up, is two throwing
// places, as for the catalogue's eight. Blue: one Ork Nob (unit 1, model 5; the other Boyz are
// gone) 16" away, out of reach of everything but the sergeant's launcher and bolter.
class GrenadeLauncher : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("launcher_" + std::to_string(++count_), "space_marines",
                       "[{unit: devastator_squad, at: [24, 6]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", options),
          7);
    const auto& red = setup_->units[0];
    ASSERT_EQ(red.model_count, 5);
    ASSERT_EQ(setup_->models[0].group->weapons.front()->id, "auxiliary_grenade_launcher");
    for (int k = 0; k < red.model_count; ++k) place(k, 20.0 + 2.0 * k, 6.0, 0.0);
    nob_ = setup_->units[1].first_model;
    for (int m = nob_ + 1; m < nob_ + setup_->units[1].model_count; ++m) remove_model(m);
    place(nob_, 24.0, 22.0, 180.0);
    state_.phasing = 0;
    script({1, 1});
    must(activate(0, 2));
  }

  int nob_ = 0;
  int count_ = 0;
};

TEST_F(GrenadeLauncher, ADV_49_a_launcher_shot_leaves_one_of_two_throwing_places) {
  arrange("");
  EXPECT_EQ(detail::throwing_places_left(state_, 0), 2) << "a quarter of five, rounded up";
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].model, 0);
  EXPECT_EQ(groups[0].weapon->id, "auxiliary_grenade_launcher");
  // The marker lands on target (a double), covers the Nob in the open (hit at once), and the S3
  // hit fails to wound him (a 1).
  script({3, 3, 1});
  must(shoot(0, 1));
  EXPECT_EQ(state_.units[0].own_turn.throwers_used, 1);
  EXPECT_EQ(detail::throwing_places_left(state_, 0), 1);
  // The Nob steps within 6" of the squad: one grenade may still be thrown, not two.
  place(nob_, 24.0, 10.0, 180.0);
  Action throw_grenade = act(ActionKind::throw_grenade, 0);
  throw_grenade.target = 1;
  EXPECT_EQ(fire_groups(state_, throw_grenade).size(), 1u);
}

TEST_F(GrenadeLauncher, ADV_49_with_no_place_left_the_sergeant_fires_his_bolter) {
  arrange("");
  state_.units[0].own_turn.throwers_used = 2;  // two of the five have thrown this turn
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].model, 0);
  EXPECT_EQ(groups[0].weapon->id, "bolter");
}

TEST_F(GrenadeLauncher, ADV_49_switched_off_the_launcher_takes_no_place) {
  arrange("options: {launcher_grenade_limit: false}\n");
  state_.units[0].own_turn.throwers_used = 2;
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].weapon->id, "auxiliary_grenade_launcher");
  state_.units[0].own_turn.throwers_used = 0;
  script({3, 3, 1});
  must(shoot(0, 1));
  EXPECT_EQ(state_.units[0].own_turn.throwers_used, 0);
  place(nob_, 24.0, 10.0, 180.0);
  Action throw_grenade = act(ActionKind::throw_grenade, 0);
  throw_grenade.target = 1;
  EXPECT_EQ(fire_groups(state_, throw_grenade).size(), 2u);
}

}  // namespace
}  // namespace arap::game
