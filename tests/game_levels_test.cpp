// Levels as the game plays them: MOVE-23 (drops taller than the model), MOVE-25 (jumping down),
// MOVE-26 (jumping down into mêlée), MOVE-27 (falls) and MOVE-28 (ladders), with MELEE-14b.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// A platform `elevation` inches high covers y 20..28; `extra_terrain` adds to the terrain list.
std::string platform(double elevation, const std::string& extra_terrain = "") {
  return "terrain:\n  - {id: platform, kind: ground, elevation: " + std::to_string(elevation) +
         ", polygon: [[4, 20], [44, 20], [44, 28], [4, 28]]}\n" + extra_terrain;
}

class Levels : public test::ScriptedGame {
 protected:
  // Red: a Guard infantry squad in a line near the platform's edge (y = `squad_y`) and a heavy
  // weapons team (unit 1) at `team_y`; Blue: a Tactical squad far off.
  void guard_on_platform(double elevation, const std::string& extra = "", double team_y = 40,
                         double squad_y = 21.5, const std::string& options = "") {
    begin(test::battle("levels", "imperial_guard",
                       "[{unit: infantry_squad, at: [20, " + std::to_string(squad_y) +
                           "], facing: 180}, {unit: heavy_weapons_team, facing: 180, at: [40, " +
                           std::to_string(team_y) + "]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 46], facing: 180}]",
                       options + platform(elevation, extra)),
          9);
  }

  ConstantDice ones_{1};
  ConstantDice sixes_{6};
};

TEST_F(Levels, MOVE_23_a_drop_taller_than_the_model_needs_a_climb_or_a_jump) {
  guard_on_platform(4);
  EXPECT_DOUBLE_EQ(setup_->scenario.table.level_at(state_.models[0].pose.position), 4.0);
  script({1});
  must(activate(0, 1));
  const GameState before = state_;
  const std::string reason = apply(state_, move(0, 0, -4), &log_);
  EXPECT_NE(reason.find("MOVE-23"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
}

TEST_F(Levels, MOVE_23_a_step_no_taller_than_the_model_costs_its_height) {
  guard_on_platform(1.5);  // a Size 2 humanoid is 1.5" tall (MOVE-19 ruling)
  script({1});
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, move(0, 0, -3)).find("MOVE-01"), std::string::npos)
      << "3\" + 1.5\" down is more than M4";
  must(move(0, 0, -2.5));  // 2.5" + 1.5" = 4"
  EXPECT_NEAR(state_.models[0].pose.position.y, 19.0, 1e-9);
}

TEST_F(Levels, MOVE_25_a_jump_down_costs_no_allowance_and_two_tests_for_four_inches) {
  guard_on_platform(4);
  script({1});
  must(activate(0, 1));
  state_.scripted_dice = &ones_;  // every Initiative test passed
  must(jump(0, 0, -4));
  const auto jumps = rolls("MOVE-25");
  ASSERT_EQ(jumps.size(), 10u);
  for (const auto& e : jumps) {
    EXPECT_EQ(e.at("tests"), 2);
    EXPECT_EQ(e.at("dice").size(), 2u);
    EXPECT_TRUE(e.at("safe").get<bool>());
  }
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 17.5, 1e-9);
    EXPECT_FALSE(state_.models[m].prone);
  }
  EXPECT_TRUE(rolls("MOVE-27").empty());
}

TEST_F(Levels, MOVE_25_a_drop_over_six_inches_is_no_jump) {
  guard_on_platform(7);
  script({1});
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, jump(0, 0, -4)).find("MOVE-23"), std::string::npos);
}

TEST_F(Levels, MOVE_27_a_failed_jump_is_a_fall_from_the_top_landing_prone_at_the_foot) {
  // The core rule: every save counts (ADV-16, on by default, would deny the Guard's flak).
  guard_on_platform(4, "", 40, 21.5, "options: {fall_saves: false}\n");
  script({1});
  must(activate(0, 1));
  state_.scripted_dice = &sixes_;  // a 6 fails every Initiative test and passes every save
  must(jump(0, 0, -4));
  const auto falls = rolls("MOVE-27");
  ASSERT_EQ(falls.size(), 10u);
  for (const auto& e : falls) {
    EXPECT_EQ(e.at("strength"), 4);
    EXPECT_EQ(e.at("goal"), 3) << "S4 against T3 wounds on 3+";
    EXPECT_EQ(e.at("hits"), 3) << "a D3 read from a 6";
    EXPECT_EQ(e.at("unsaved"), 0);
  }
  for (int m = 0; m < 10; ++m) {
    EXPECT_TRUE(state_.models[m].prone) << "a fall of more than 3\"";
    EXPECT_LT(state_.models[m].pose.position.y, 20.0);
    EXPECT_GT(state_.models[m].pose.position.y, 19.0) << "it lands at the foot of the drop";
  }
}

TEST_F(Levels, MOVE_28_a_ladder_is_climbed_at_the_normal_rate_by_four_models_a_turn) {
  // A 3" storey with a ladder along its whole south edge.
  // The team climbs as an M4 unit: without encumbrance (ADV-18) its lascannon would hold it to
  // 2.5", short of the 4" the ladder takes.
  guard_on_platform(
      3, "  - {id: ladder, kind: ladder, polygon: [[4, 19], [44, 19], [44, 21], [4, 21]]}\n", 20.5,
      20.5, "options: {encumbrance: false}\n");
  script({1, 1});
  must(activate(1, 2));
  must(move(1, 0, -1));  // 1" + the 3" ladder = 4"
  EXPECT_EQ(state_.ladder_uses[0], 2);
  must(act(ActionKind::end_activation, 1));
  script({1});
  must(activate(0, 1));
  const GameState before = state_;
  const std::string reason = apply(state_, move(0, 0, -1), &log_);
  EXPECT_NE(reason.find("MOVE-28"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
}

// Blue's Assault squad stands on a 4" platform's edge and charges the Guard 6" below its front.
class JumpDown : public Levels {
 protected:
  void SetUp() override {
    begin(test::battle("jump_down", "imperial_guard", "[{unit: infantry_squad, at: [24, 15]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 21], facing: 180, spacing: 1.5}]",
                       platform(4)),
          3);
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
  }
};

TEST_F(JumpDown, MOVE_26_MELEE_14b_a_jump_into_melee_keeps_the_charge_and_adds_uphill) {
  state_.scripted_dice = &ones_;  // 1s: the tests pass; every blow hits, none wounds
  must(charge(1, 0));
  if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 0));
  const auto jumps = rolls("MOVE-26");
  ASSERT_EQ(jumps.size(), 1u);
  EXPECT_EQ(jumps[0].at("tests"), 2);
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(state_.units[1].round.jump_bonus);
  EXPECT_TRUE(state_.units[1].round.uphill_crs);
  if (state_.phase != Phase::activation) must(act(ActionKind::end_activation, 1));
  must(act(ActionKind::end_phase));
  must(act(ActionKind::fight, 1));
  must(act(ActionKind::fight, 0));
  const Event* result = nullptr;
  for (const auto& e : log_)
    if (e.value("type", "") == "combat_result") result = &e;
  ASSERT_NE(result, nullptr);
  const auto& units = result->at("units");
  const std::size_t blue = units[0] == 1 ? 0 : 1;
  // MELEE-14a +1 for charging, MELEE-14b +1 from uphill; nobody wounded.
  EXPECT_EQ(result->at("score")[blue], 2);
  EXPECT_EQ(result->at("score")[1 - blue], 0);
}

TEST_F(JumpDown, MOVE_26_a_failed_jump_is_a_fall_and_a_failed_charge) {
  state_.scripted_dice = &sixes_;  // the long charge reaches, the tests fail, the saves pass
  must(charge(1, 0));
  if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_TRUE(logged("charge_halted"));
  EXPECT_EQ(rolls("MOVE-27").size(), 1u);
}

}  // namespace
}  // namespace arap::game
