// ADV-06 (optional, option fleet), as the catalogue rules it for 2.4: once in an activation a unit
// whose every model has the fleet rule may make one extra move of a rolled D6" that spends no
// AP, if it fires nothing in that activation (and fires nothing after it); never while prone or
// with a wounded model. With its AP spent the unit stays active for that move.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Genestealer brood (unit 0: six M6 models with the fleet rule) at y = 10 facing north, or
// a Harlequin troupe (five fleet models with shuriken pistols, 12"). Blue: Slugga Boyz (unit 1)
// facing south, about 10" off (in pistol range) or far off.
class Fleet : public test::ScriptedGame {
 protected:
  void arrange(const std::string& unit, double boyz_y, const std::string& options, int dice = 2) {
    begin(
        test::battle("fleet_" + std::to_string(++count_),
                     unit == "genestealer_brood" ? "tyranids" : "eldar",
                     "[{unit: " + unit + ", at: [24, 10], facing: 0}]", "orks",
                     "[{unit: slugga_boyz, at: [24, " + std::to_string(boyz_y) + "], facing: 180}]",
                     options),
        5);
    state_.phasing = 0;
    for (int i = 0; i < dice; ++i) script({1});
    must(activate(0, dice));
  }

  Action fleet(double dx, double dy) const {
    Action a = move(0, dx, dy);
    a.mode = table::MoveMode::fleet;
    return a;
  }

  table::Point first_model() const { return state_.models[0].pose.position; }

  int count_ = 0;
};

TEST_F(Fleet, ADV_06_two_moves_then_the_free_d6_goes_12_plus_the_roll) {
  arrange("genestealer_brood", 44.0, "options: {fleet: true}\n");
  const table::Point start = first_model();
  must(move(0, 0.0, 6.0));
  must(move(0, 0.0, 6.0));
  // Its two AP are spent, yet it stays active: the Fleet move, or ending the activation.
  ASSERT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(state_.action_points, 0);
  bool listed = false;
  for (const auto& a : legal_actions(state_)) {
    EXPECT_TRUE(a.kind == ActionKind::end_activation || a.kind == ActionKind::go_prone ||
                a.kind == ActionKind::hide ||
                (a.kind == ActionKind::move && a.mode == table::MoveMode::fleet))
        << describe(a);
    listed = listed || (a.kind == ActionKind::move && a.mode == table::MoveMode::fleet);
  }
  EXPECT_TRUE(listed);
  EXPECT_NE(illegal_reason(state_, move(0, 0.0, 1.0)).find("ACT-09"), std::string::npos);
  // The D6 shows 3: 3" of the 6" asked for, no AP spent, and the activation is over.
  script({3});
  must(fleet(0.0, 6.0));
  const auto roll = rolls("ADV-06");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 3);
  EXPECT_NEAR(first_model().y - start.y, 15.0, 1e-9);
  EXPECT_NEAR(first_model().x, start.x, 1e-9);
  EXPECT_NE(state_.phase, Phase::active);
}

TEST_F(Fleet, ADV_06_a_unit_that_fired_makes_no_fleet_move) {
  arrange("harlequin_troupe", 20.0, "options: {fleet: true}\n");
  // Every die a 6 from here: each pistol misses (DICE-04).
  test::ConstantDice sixes(6);
  state_.scripted_dice = &sixes;
  must(shoot(0, 1));
  const std::string reason = illegal_reason(state_, fleet(0.0, 6.0));
  EXPECT_NE(reason.find("ADV-06"), std::string::npos) << reason;
  EXPECT_NE(reason.find("fired"), std::string::npos) << reason;
}

TEST_F(Fleet, ADV_06_after_the_fleet_move_the_unit_fires_no_more) {
  arrange("harlequin_troupe", 20.0, "options: {fleet: true}\n");
  script({1});  // a 1" Fleet move
  must(fleet(0.0, 6.0));
  EXPECT_EQ(state_.action_points, 2) << "the Fleet move spends no AP";
  const std::string reason = illegal_reason(state_, shoot(0, 1));
  EXPECT_NE(reason.find("ADV-06"), std::string::npos) << reason;
  EXPECT_NE(illegal_reason(state_, fleet(0.0, 6.0)).find("one Fleet move"), std::string::npos);
  EXPECT_EQ(illegal_reason(state_, move(0, 0.0, 2.0)), "");
}

TEST_F(Fleet, ADV_06_not_while_prone_nor_switched_off_nor_for_units_without_the_rule) {
  arrange("genestealer_brood", 44.0, "options: {fleet: true}\n");
  state_.models[2].prone = true;
  EXPECT_NE(illegal_reason(state_, fleet(0.0, 6.0)).find("prone"), std::string::npos);

  arrange("genestealer_brood", 44.0, "");
  EXPECT_NE(illegal_reason(state_, fleet(0.0, 6.0)).find("switched off"), std::string::npos);
  // Without the option a unit whose AP are spent ends its activation as before.
  must(move(0, 0.0, 6.0));
  must(move(0, 0.0, 6.0));
  EXPECT_NE(state_.phase, Phase::active);

  begin(test::battle("fleet_none", "orks", "[{unit: slugga_boyz, at: [24, 10]}]", "orks",
                     "[{unit: nobz, at: [24, 44], facing: 180}]", "options: {fleet: true}\n"),
        5);
  state_.phasing = 0;
  script({1});
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, fleet(0.0, 6.0)).find("fleet rule"), std::string::npos);
}

TEST_F(Fleet, ADV_06_a_failed_charge_ends_the_activation_fleet_or_not) {
  // One AP: a charge at the Boyz 14" off, its 2D6 showing 1 and 1 (6 + 2 = 8"), the Boyz holding:
  // the charge fails (CHARGE-04), the AP is spent and nothing more is open, a Fleet move included.
  arrange("genestealer_brood", 24.0, "options: {fleet: true}\n", 1);
  script({1, 1});
  must(charge(0, 1));
  if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 1));
  while (state_.phase == Phase::interception) must(act(ActionKind::let_pass, pending(state_).unit));
  ASSERT_TRUE(state_.units[0].player_turn.charge_failed);
  EXPECT_NE(state_.phase, Phase::active);
}

TEST_F(Fleet, ADV_06_a_wounded_model_keeps_the_unit_from_its_fleet_move) {
  // No shipped Fleet model has more than one wound, so the wound is taken off by hand: the check
  // reads a living model's wounds left against its profile's.
  arrange("genestealer_brood", 44.0, "options: {fleet: true}\n");
  state_.models[1].wounds_left = 0;
  EXPECT_NE(illegal_reason(state_, fleet(0.0, 6.0)).find("wounded"), std::string::npos);
}

}  // namespace
}  // namespace arap::game
