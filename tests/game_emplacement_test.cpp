// ADV-29: a fixed weapon emplacement (the Guard's Sentry Gun, special rule emplacement) is a
// static Relentless model: it fires its heavy bolter for 1 AP, and nothing moves it, neither the
// player (moves, charges, runs, consolidation) nor the dice (a rout, a flinch, a pursuit).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/legality.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: the Sentry Gun (unit 0, model 0) at (24, 10) facing north; Blue: Slugga Boyz (unit 1)
// 14" away.
class SentryGun : public test::ScriptedGame {
 protected:
  void arrange() {
    begin(test::battle("sentry_gun", "imperial_guard", "[{unit: sentry_gun, at: [24, 10]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 24], facing: 180}]"),
          3);
    ASSERT_TRUE(detail::fixed_in_place(state_, 0));
    ASSERT_FALSE(detail::fixed_in_place(state_, 1));
  }
};

TEST_F(SentryGun, ADV_29_an_emplacement_fires_its_heavy_weapon_as_relentless) {
  arrange();
  EXPECT_TRUE(setup_->units[0].relentless);
  script({1, 1});
  must(activate(0, 2));
  script({6, 6, 6});  // three heavy bolter shots, all missing
  must(shoot(0, 1, /*heavy=*/true));
  EXPECT_EQ(state_.action_points, 1);  // SHOOT-09: 1 AP, not 2
}

TEST_F(SentryGun, ADV_29_an_emplacement_never_moves_by_choice) {
  arrange();
  script({1, 1});
  must(activate(0, 2));
  const auto refused = refusal(state_, move(0, 0.0, 0.0));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-29");
  Action near = act(ActionKind::charge, 0);
  near.target = 1;
  state_.models[0].pose.position = {24.0, 20.0};  // the Boyz within a few inches
  const auto no_charge = refusal(state_, near);
  ASSERT_TRUE(no_charge);
  EXPECT_EQ(no_charge->rule, "ADV-29");
  for (const auto& a : legal_actions(state_)) {
    EXPECT_NE(a.kind, ActionKind::move) << describe(a);
    EXPECT_NE(a.kind, ActionKind::charge) << describe(a);
  }
}

TEST_F(SentryGun, ADV_29_a_routed_emplacement_stays_where_it_stands) {
  arrange();
  const table::Point before = state_.models[0].pose.position;
  script({6});  // the rout move's D6
  {
    detail::Context c(state_, &log_);
    detail::start_rout(c, 0, "SHOOT-32");
  }
  EXPECT_TRUE(state_.units[0].rout_pending);
  EXPECT_EQ(state_.models[0].pose.position.x, before.x);
  EXPECT_EQ(state_.models[0].pose.position.y, before.y);
  // The Boyz flee the six inches (less the half inch of turning about, MOVE-07).
  const table::Point boy = state_.models[setup_->units[1].first_model].pose.position;
  script({6});
  {
    detail::Context c(state_, &log_);
    detail::start_rout(c, 1, "SHOOT-32");
  }
  EXPECT_GT(table::distance(boy, state_.models[setup_->units[1].first_model].pose.position), 5.4);
}

TEST_F(SentryGun, ADV_29_an_emplacement_does_not_flinch_or_pursue) {
  arrange();
  const table::Point before = state_.models[0].pose.position;
  {
    detail::Context c(state_, &log_);
    detail::move_away(c, 0, {24.0, 24.0}, 6.0);  // MELEE-18's flinch
    detail::advance_on(c, 0, 1, 6.0, false);     // MELEE-23's pursuit move
  }
  EXPECT_EQ(state_.models[0].pose.position.x, before.x);
  EXPECT_EQ(state_.models[0].pose.position.y, before.y);
}

}  // namespace
}  // namespace arap::game
