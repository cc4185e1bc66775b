// ADV-68 consolidation and ADV-70 pursuit details with scripted dice: the D6" free move of a unit
// that slew all its foes (at least 1" from the enemy, the owner choosing where, held AP after
// it), none after a rout; pursuers that stop in contact with their routers and hack without
// Charge bonuses, that charge a fresh enemy they run into, and that consolidate once they cut
// down their last routers.
#include <gtest/gtest.h>

#include <cmath>

#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// The least gap between the bases of a living model of `a` and one of `b`.
double base_gap(const GameState& s, int a, int b) {
  double best = 1e9;
  const auto& ia = s.setup->units[a];
  const auto& ib = s.setup->units[b];
  for (int m = ia.first_model; m < ia.first_model + ia.model_count; ++m)
    for (int n = ib.first_model; n < ib.first_model + ib.model_count; ++n) {
      const auto& p = s.models[m].pose;
      const auto& q = s.models[n].pose;
      if (p.alive && q.alive)
        best =
            std::min(best, table::distance(p.position, q.position) - p.base_radius - q.base_radius);
    }
  return best;
}

// Red: a Guard infantry squad (unit 0, models 0-9) at y = 14 and another far off (unit 1, models
// 10-19, so Red stays in the game); Blue: an Assault squad (unit 2, models 20-24, WS4 I4) that
// charges the first squad from y = 24.
class Consolidation : public test::ScriptedGame {
 protected:
  void arrange(const std::string& extra = "") {
    begin(test::battle("consolidation", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}, {unit: infantry_squad, at: [24, "
                       "44], facing: 180}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]", extra),
          3);
  }

  // Blue activates with three dice (all successes: 3 AP) and charges (10"), and the Guard hold;
  // then every die shows `face`, the phase ends and both units fight.
  void charge_and_fight(int face) {
    second_side_charges(2, 0, false, 3);
    script({3, 3});
    must(act(ActionKind::hold, 0));
    ASSERT_TRUE(state_.units[2].locked & 1u);
    constant_ = ConstantDice(face);
    state_.scripted_dice = &constant_;
    must(act(ActionKind::end_phase));
    must(act(ActionKind::fight, 2));
    must(act(ActionKind::fight, 0));
  }

  Action consolidate(int unit, double dx, double dy) const {
    Action a = act(ActionKind::consolidate, unit);
    a.dx = dx;
    a.dy = dy;
    return a;
  }

  ConstantDice constant_{6};
};

TEST_F(Consolidation, ADV_68_a_unit_that_slays_all_its_foes_rolls_D6_and_chooses_where) {
  arrange();
  // Fours: the marines (I4) hit and kill every Guardsman before the Guard strike (MELEE-04).
  charge_and_fight(4);
  EXPECT_EQ(state_.living_models(0), 0);
  const auto roll = rolls("ADV-68");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0].at("unit"), 2);
  EXPECT_EQ(roll[0].at("inches"), 4);
  ASSERT_EQ(state_.phase, Phase::consolidation);
  EXPECT_EQ(pending(state_).unit, 2);
  EXPECT_EQ(pending(state_).side, 1);
  EXPECT_EQ(state_.units[2].consolidation, 4);
  // The door lists staying put and planned moves, each within the roll and legal.
  const auto options = legal_actions(state_);
  ASSERT_GE(options.size(), 2u);
  for (const auto& a : options) {
    EXPECT_EQ(a.kind, ActionKind::consolidate);
    EXPECT_LE(std::hypot(a.dx, a.dy), 4.0 + 1e-9);
    EXPECT_EQ(illegal_reason(state_, a), "") << describe(a);
  }
  // Nothing else is open meanwhile.
  EXPECT_NE(illegal_reason(state_, act(ActionKind::end_activation, 2)), "");
}

TEST_F(Consolidation, ADV_68_held_action_points_are_spent_after_the_consolidation) {
  arrange();
  charge_and_fight(4);
  ASSERT_EQ(state_.phase, Phase::consolidation);
  const table::Point before = state_.models[20].pose.position;
  must(consolidate(2, 0.0, -3.0));  // 3" south, over the ground the Guard held
  EXPECT_NEAR(state_.models[20].pose.position.y, before.y - 3.0, 1e-9);
  EXPECT_EQ(state_.units[2].consolidation, 0);
  // ACT-09: the AP the charge left (three less its one) follow the consolidation.
  EXPECT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(state_.active_unit, 2);
  EXPECT_EQ(state_.action_points, 2);
}

TEST_F(Consolidation, ADV_68_the_roll_bounds_the_move_and_it_ends_1_inch_from_the_enemy) {
  arrange();
  charge_and_fight(4);
  ASSERT_EQ(state_.phase, Phase::consolidation);
  // The catalogue's case: a lone marine rolled 5 and the enemy is 5" away: it moves 4" (a hair
  // less: a man-sized model's mêlée radius reaches just past 1" from its base, MELEE-01).
  for (int m = 21; m < 25; ++m) {
    state_.models[m].pose.alive = false;
    state_.models[m].wounds_left = 0;
  }
  state_.units[2].consolidation = 5;
  const auto& marine = state_.models[20].pose;
  for (int m = 11; m < 20; ++m) {
    state_.models[m].pose.alive = false;
    state_.models[m].wounds_left = 0;
  }
  const double gap = 5.0 + marine.base_radius + state_.models[10].pose.base_radius;
  state_.models[10].pose.position = marine.position + table::Point{0.0, gap};
  ASSERT_NEAR(base_gap(state_, 2, 1), 5.0, 1e-9);
  const MovePlan plan =
      plan_move(state_, 2, table::MoveMode::normal, state_.models[10].pose.position);
  ASSERT_TRUE(plan.possible);
  EXPECT_EQ(plan.action.kind, ActionKind::consolidate);
  EXPECT_NEAR(plan.inches, 4.0, 0.03);  // a 2" radius from a 25 mm base reaches 1.02" past it
  EXPECT_LT(plan.inches, 4.0);
  EXPECT_EQ(plan.stop.rule, "ADV-68");
  // Beyond the roll, or nearer than 1": refused with the rule; a 4" move is fine.
  const auto refused = refusal(state_, consolidate(2, 0.0, 4.5));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-68");
  EXPECT_NE(refused->text.find("1\""), std::string::npos) << refused->text;
  const auto too_far = refusal(state_, consolidate(2, -5.5, 0.0));
  ASSERT_TRUE(too_far);
  EXPECT_EQ(too_far->rule, "ADV-68");
  EXPECT_TRUE(refusal(state_, consolidate(2, 0.0, 4.0)));  // engaged at 1" exactly
  must(plan.action);
  EXPECT_NEAR(base_gap(state_, 2, 1), 1.0, 0.03);
  EXPECT_GT(base_gap(state_, 2, 1), 1.0);
  EXPECT_FALSE(detail::units_engaged(state_, 2, 1));  // it is not a Charge
}

TEST_F(Consolidation, ADV_68_staying_put_is_a_consolidation_of_nothing) {
  arrange();
  charge_and_fight(4);
  const table::Point before = state_.models[22].pose.position;
  Action stay = consolidate(2, 0.0, 0.0);
  stay.facing = 90.0;
  must(stay);
  EXPECT_EQ(state_.models[22].pose.position, before);
  EXPECT_EQ(state_.models[22].pose.facing, 90.0);
}

TEST_F(Consolidation, ADV_68_foes_that_rout_give_no_consolidation) {
  arrange();
  charge_and_fight(6);  // every blow misses; the Guard lose on the charge bonus and rout
  EXPECT_TRUE(state_.units[0].rout_pending || state_.units[0].routing);
  EXPECT_TRUE(rolls("ADV-68").empty());
  EXPECT_NE(state_.phase, Phase::consolidation);
}

TEST_F(Consolidation, ADV_68_switched_off_the_victors_stay_where_they_fought) {
  arrange("options: {consolidation: false}\n");
  charge_and_fight(4);
  EXPECT_EQ(state_.living_models(0), 0);
  EXPECT_TRUE(rolls("ADV-68").empty());
  EXPECT_EQ(state_.phase, Phase::active);  // straight on to the held AP (ACT-09)
  EXPECT_EQ(state_.action_points, 2);
}

// Red: a Guard squad (unit 0, Ld 8) routing south from y = 20 and another squad (unit 1);
// Blue: an Assault squad (unit 2, models 20-24) pursuing them from y = 26.
class PursuitDetails : public test::ScriptedGame {
 protected:
  void arrange(const std::string& second_squad_at, const std::string& extra = "") {
    begin(test::battle("pursuit_details", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 20], facing: 180}, {unit: "
                       "infantry_squad, at: " +
                           second_squad_at + "}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 26], facing: 180, spacing: 1.5}]", extra),
          5);
    state_.units[0].routing = true;
    state_.units[0].beaten_by = 2;
    state_.units[2].pursuing = 0;
  }

  // Red ends its phase; in Blue's compulsory phase the routers flee 2" and fail to rally, and
  // the pursuers fail to halt and roll `d1` + `d2` inches.
  void pursue(int d1, int d2) {
    script({1, 1});  // MOVE-05: 2"
    script({6, 6});  // MELEE-21: no rally
    script({6, 6});  // MELEE-25: no halt
    script({d1, d2});
  }

  double router_front() const {  // the northmost router's y
    double y = -1e9;
    for (int m = 0; m < 10; ++m)
      if (state_.models[m].pose.alive) y = std::max(y, state_.models[m].pose.position.y);
    return y;
  }
};

TEST_F(PursuitDetails, ADV_70_pursuers_stop_in_contact_and_hack_without_charge_bonuses) {
  arrange("[40, 44]");
  pursue(5, 5);                              // 10", far more than the gap of about 6"
  for (int i = 0; i < 10; ++i) script({6});  // the hacks miss
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(detail::units_engaged(state_, 0, 2));
  // They did not overtake: every pursuer is still north of the routers' front.
  for (int m = 20; m < 25; ++m) EXPECT_GT(state_.models[m].pose.position.y, router_front());
  // MELEE-22's free hacks, one per pursuer in reach: no Charge's extra attacks.
  const auto hacks = rolls("MELEE-22");
  ASSERT_EQ(hacks.size(), 1u);
  EXPECT_LE(hacks[0].at("attacks").get<int>(), 5);
  EXPECT_GE(hacks[0].at("attacks").get<int>(), 1);
  EXPECT_EQ(state_.units[2].locked, 0u);  // pursuit is not a Charge
  EXPECT_EQ(state_.units[2].round.bonus_attacks, 0);
  EXPECT_EQ(state_.units[2].pursuing, 0);
}

TEST_F(PursuitDetails, ADV_70_a_pursuit_that_runs_into_a_fresh_enemy_charges_it) {
  // The second squad stands across the pursuers' way, between them and the routers.
  arrange("[24, 23.5], facing: 0, spacing: 1.2");
  pursue(5, 5);
  must(act(ActionKind::end_phase));
  const auto charged = [&] {
    for (const auto& e : log_)
      if (e.value("type", "") == "pursuit_charge") return true;
    return false;
  }();
  ASSERT_TRUE(charged);
  EXPECT_TRUE(state_.units[2].locked & 2u);
  EXPECT_EQ(state_.units[2].pursuing, -1);
  // A Charge: the first round's terms, with the Charge's bonus attacks (CHARGE-05).
  EXPECT_TRUE(state_.units[2].round.first_round);
  EXPECT_TRUE(state_.units[1].round.first_round);
  EXPECT_GT(state_.units[2].round.bonus_attacks, 0);
  EXPECT_TRUE(rolls("MELEE-22").empty());  // no hacks at the routers meanwhile
}

TEST_F(PursuitDetails, ADV_70_switched_off_a_fresh_enemy_in_the_way_only_stops_them) {
  arrange("[24, 23.5], facing: 0, spacing: 1.2", "options: {pursuit_details: false}\n");
  pursue(5, 5);
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.units[2].locked & 2u, 0u);
}

TEST_F(PursuitDetails, ADV_70_pursuers_that_cut_down_their_last_routers_consolidate) {
  arrange("[40, 44]");
  // One router is left: the nearest marine's hack hits (1) and wounds (6); a lasgun-armed
  // Guardsman has no save against it.
  for (int m = 1; m < 10; ++m) {
    state_.models[m].pose.alive = false;
    state_.models[m].wounds_left = 0;
  }
  pursue(5, 5);
  script({1, 6});
  script({3});  // ADV-70 / ADV-68: the consolidation roll
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.living_models(0), 0);
  const auto roll = rolls("ADV-70");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0].at("inches"), 3);
  ASSERT_EQ(state_.phase, Phase::consolidation);
  EXPECT_EQ(pending(state_).unit, 2);
  EXPECT_EQ(state_.units[2].pursuing, -1);
  // Once it has moved, Blue's activation phase begins.
  must(act(ActionKind::consolidate, 2));
  EXPECT_EQ(state_.phase, Phase::activation);
  EXPECT_EQ(state_.phasing, 1);
}

}  // namespace
}  // namespace arap::game
