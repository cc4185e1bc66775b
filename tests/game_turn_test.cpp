// The turn's shape with scripted dice: what follows a bust (ACT-01), units in mêlée activated
// automatically (ACT-11), reactions offered to a charged unit (ACT-12), chained moves (ACT-14) and
// standing up as a sole action (ACT-13), dear ground (ACT-10), and whose Ld a unit tests on
// (MORALE-03).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard squad (unit 0, models 0-9) locked in mêlée with Blue's Lictor (unit 4, model 24),
// two heavy weapons teams (units 1 and 3) and a second Guard squad (unit 2, models 12-21), all
// well away from the fight; Blue's Tactical squad (unit 5) waits at the far edge.
class TurnShape : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle(
              "turn_shape", "imperial_guard",
              "[{unit: infantry_squad, at: [24, 14]}, {unit: heavy_weapons_team, at: [4, "
              "4]}, {unit: infantry_squad, at: [40, 6]}, {unit: heavy_weapons_team, at: "
              "[44, 4]}]",
              "tyranids",
              "[{unit: lictor, at: [24, 24], facing: 180}, {unit: termagant_brood, at: [24, 44], "
              "facing: 180}]"),
          3);
    state_.models[24].pose.position = {24.0, 20.0};
    state_.models[1].pose.position = {24.0, 18.7};  // bases touching the Lictor's
    state_.units[0].locked = std::uint64_t{1} << 4;
    state_.units[4].locked = std::uint64_t{1} << 0;
  }

  test::ConstantDice constant_{6};
};

TEST_F(TurnShape, ACT_01_a_bust_ends_the_activation_phase_and_the_melee_rounds_follow_at_once) {
  script({1});
  must(activate(1, 1));
  must(act(ActionKind::end_activation, 1));
  script({6, 6});  // the second unit to try busts
  must(activate(2, 2));
  ASSERT_EQ(state_.phase, Phase::pick_up);
  must(act(ActionKind::decline_pick_up));
  ASSERT_EQ(state_.phase, Phase::melee_choice) << "the mêlée rounds come straight after";
  EXPECT_EQ(state_.phasing, 0) << "still Red's player turn";
  EXPECT_FALSE(illegal_reason(state_, activate(3, 1)).empty()) << "no third unit activates";
  state_.scripted_dice = &constant_;  // every die a 6: nobody hits, nobody falls
  must(act(ActionKind::fight, 0));
  must(act(ActionKind::fight, 4));
  EXPECT_TRUE(logged("combat_result"));
  EXPECT_FALSE(state_.units[3].own_turn.attempted) << "the unit never tried";
  EXPECT_EQ(state_.phasing, 1) << "the turn passes to Blue";
}

TEST_F(TurnShape, ACT_11_units_in_melee_roll_no_activation_dice_and_choose_how_to_fight) {
  const GameState before = state_;
  const std::string refused = apply(state_, activate(0, 2), &log_);
  EXPECT_NE(refused.find("MELEE-29"), std::string::npos) << refused;
  EXPECT_EQ(state_, before);
  must(act(ActionKind::end_phase));  // no die rolled for the locked squad
  ASSERT_EQ(state_.phase, Phase::melee_choice);
  const Decision d = pending(state_);
  EXPECT_EQ(d.unit, 0) << "the phasing side's unit chooses first";
  EXPECT_EQ(d.side, 0);
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::fight, 0)), "");
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::break_off, 0)), "");
  EXPECT_NE(illegal_reason(state_, act(ActionKind::hit_and_run, 0)).find("MELEE-12"),
            std::string::npos)
      << "Guardsmen have no Hit and Run";
  for (const auto& e : log_) EXPECT_NE(e.value("rule", ""), "ACT-06");
}

TEST_F(TurnShape, ACT_12_a_charged_unit_is_offered_its_reactions) {
  state_.units[0].locked = 0;
  state_.units[4].locked = 0;
  state_.models[24].pose.position = {24.0, 26.0};  // 7.3" from the nearest Guardsman
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(4, 1));
  must(charge(4, 0));
  ASSERT_EQ(state_.phase, Phase::charge_response);
  const Decision d = pending(state_);
  EXPECT_EQ(d.side, 0) << "the charged side reacts";
  EXPECT_EQ(d.unit, 0);
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::hold, 0)), "");
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::run, 0)), "");
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::stand_and_fire, 0)), "");
  EXPECT_FALSE(illegal_reason(state_, act(ActionKind::end_activation, 4)).empty())
      << "the charger waits for the answer";
}

TEST_F(TurnShape, ACT_14_a_four_inch_move_three_times_is_twelve_inches) {
  script({1, 1, 1});
  must(activate(2, 3));
  ASSERT_EQ(pending(state_).action_points, 3);
  const table::Point start = state_.models[12].pose.position;
  for (int i = 0; i < 3; ++i) must(move(2, 0.0, 4.0));
  EXPECT_NEAR(table::distance(start, state_.models[12].pose.position), 12.0, 1e-9);
  EXPECT_EQ(state_.phase, Phase::activation) << "three moves spent the three AP";
}

TEST_F(TurnShape, ACT_14_a_move_beyond_the_basic_move_is_refused) {
  script({1, 1, 1});
  must(activate(2, 3));
  const GameState before = state_;
  const std::string refused = apply(state_, move(2, 0.0, 4.5), &log_);
  EXPECT_NE(refused.find("MOVE-01"), std::string::npos) << refused;
  EXPECT_EQ(state_, before);
}

TEST_F(TurnShape, ACT_13_standing_up_is_a_sole_action_once_a_phase) {
  for (int m = 12; m < 22; ++m) state_.models[m].prone = true;
  script({1, 1, 1});
  must(activate(2, 3));
  must(act(ActionKind::stand_up, 2));
  must(act(ActionKind::go_prone, 2));  // free
  const GameState before = state_;
  const std::string refused = apply(state_, act(ActionKind::stand_up, 2), &log_);
  EXPECT_NE(refused.find("ACT-13"), std::string::npos) << refused;
  EXPECT_EQ(state_, before);
  EXPECT_EQ(pending(state_).action_points, 2) << "the other actions are still open";
  Action crawl = move(2, 0.0, 2.0);
  crawl.mode = table::MoveMode::crawl;
  must(crawl);
  // Blue's turn, then Red's: a new phase, and the squad may stand again.
  must(act(ActionKind::end_activation, 2));
  must(act(ActionKind::end_phase));
  state_.scripted_dice = &constant_;  // the Lictor's fight: nobody hits
  while (state_.phase == Phase::melee_choice) must(act(ActionKind::fight, state_.melee_chooser()));
  must(act(ActionKind::end_phase));
  while (state_.phase == Phase::melee_choice) must(act(ActionKind::fight, state_.melee_chooser()));
  ASSERT_EQ(state_.phasing, 0);
  state_.scripted_dice = &dice_;
  script({1});
  must(activate(2, 1));
  must(act(ActionKind::stand_up, 2));
}

// ACT-10: a slippery slope (action_cost 2) across the table from 2" north of a Guard squad.
class SlipperySlope : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("slippery", "imperial_guard", "[{unit: infantry_squad, at: [24, 8]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                       "terrain:\n  - {id: slope, kind: hill, action_cost: 2, polygon: [[0, 10], "
                       "[48, 10], [48, 30], [0, 30]]}\n"),
          3);
  }
};

TEST_F(SlipperySlope, ACT_10_a_unit_with_three_ap_makes_one_move_on_the_slope) {
  script({1, 1, 1});
  must(activate(0, 3));
  for (int m = 0; m < 10; ++m) ASSERT_LT(state_.models[m].pose.position.y, 10.0);
  must(move(0, 0.0, 4.0));  // onto the slope: 2 AP
  EXPECT_EQ(pending(state_).action_points, 1);
  const GameState before = state_;
  const std::string refused = apply(state_, move(0, 0.0, 2.0), &log_);
  EXPECT_NE(refused.find("ACT-10"), std::string::npos) << refused;
  EXPECT_EQ(state_, before);
  EXPECT_FALSE(is_legal(state_, move(0, 0.0, 2.0)));
}

TEST_F(SlipperySlope, ACT_10_moves_off_the_slope_cost_one) {
  script({1, 1, 1});
  must(activate(0, 3));
  must(move(0, 0.0, -2.0));
  EXPECT_EQ(pending(state_).action_points, 2);
}

// The Guard squad's sergeant (model 0) has Ld 8, its Guardsmen Ld 7.
TEST_F(TurnShape, MORALE_03_the_leader_s_ld_while_he_lives_then_the_squad_s) {
  EXPECT_EQ(state_.leadership(0), 8);
  state_.models[0].pose.alive = false;
  state_.models[0].wounds_left = 0;
  EXPECT_EQ(state_.leadership(0), 7);
  must(act(ActionKind::end_phase));
  script({4, 4});  // 8: would pass on the sergeant's Ld 8, fails on 7
  for (int i = 0; i < 20; ++i) script({6});
  must(act(ActionKind::break_off, 0));
  must(act(ActionKind::fight, 4));
  const Event* test = nullptr;
  for (const auto& e : log_)
    if (e.value("rule", "") == "MELEE-10" && e.value("what", "") == "break off") test = &e;
  ASSERT_NE(test, nullptr);
  EXPECT_EQ(test->at("goal"), 7);
  EXPECT_FALSE(test->at("passed").get<bool>());
}

}  // namespace
}  // namespace arap::game
