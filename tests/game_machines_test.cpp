// ADV-27 (optional, option machine_rates): robots charge, pursue and break off at exactly their M,
// Dreadnoughts flee and pursue at 2D6, and neither routs. The shipped robot and Dreadnought are
// fearless (they never take a rout test anyway), so the tests add a forge army of machines that
// are not: Servitors (robots, W3, Ld 6, three to a maniple) and a Sentinel, a
// Dreadnought of M8 (as frail as a Servitor, to lose its fight).
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "rules/charge.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

std::shared_ptr<const data::Library> forge_library() {
  static const auto library = test::library_with(
      "machines",
      {{"armies/zz_forge.yaml",
        "army: forge\n"
        "profiles:\n"
        "  - {id: servitor, M: 6, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 2, A: 3, Ld: 6,\n"
        "     special_rules: [robot]}\n"
        "  - {id: sentinel, M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 3, I: 2, A: 3, Ld: 6,\n"
        "     special_rules: [dreadnought]}\n"
        "  - {id: skitarius, M: 8, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
        "units:\n"
        "  - id: servitor_maniple\n"
        "    models:\n"
        "      - {profile: servitor, count: 3, weapons: [close_combat_weapon, laspistol]}\n"
        "  - id: sentinel\n"
        "    models:\n"
        "      - {profile: sentinel, weapons: [close_combat_weapon]}\n"
        "  - id: skitarii\n"
        "    models:\n"
        "      - {profile: skitarius, count: 3, weapons: [lasgun]}\n"}});
  return library;
}

// Red: a Guard infantry squad (unit 0, models 0-9); Blue: the forge's `unit` (unit 1, models
// from 10) on the open 48" table, seed 3.
class Machines : public test::ArrangedFight {
 protected:
  void arrange(const std::string& unit,
               const std::string& options = "options: {machine_rates: true}\n") {
    const std::string text =
        "name: machines\n"
        "table: {width: 48, height: 48}\n"
        "turn_limit: 6\n" +
        options +
        "sides:\n"
        "  - {name: Red, army: imperial_guard, units: [{unit: infantry_squad, at: [24, 14]}]}\n"
        "  - {name: Blue, army: forge, units: [{unit: " +
        unit + ", at: [24, 30], facing: 180}]}\n";
    begin(make_setup_from_text(text, "machines.yaml", forge_library()), 3);
  }

  // Guardsmen X (model 1) and Y (model 2) touch Blue's first model (10); the rest of Blue stand
  // far off. X and Y each hit and wound; model 10's three blows miss; every later die is a 6 (a
  // failed rout test, the longest flinch). Blue loses the round.
  void lose_a_round() {
    place(10, 24.0, 20.0, 180.0);
    const auto& blue = setup_->units[1];
    for (int m = 11; m < blue.first_model + blue.model_count; ++m)
      place(m, 26.0 + 4.0 * (m - 10), 36.0 + 2.0 * (m - 10), 180.0);
    place(1, 24.0, 18.7, 0.0);
    place(2, 25.25, 19.3, 0.0);
    for (const int m : {0, 3, 4, 5, 6, 7, 8, 9}) place(m, 8.0 + 1.5 * m, 6.0, 0.0);
    lock(0, 1);
    script({1, 6, 1, 6});  // X and Y: hit, wound
    script({6, 6, 6});     // model 10 misses three times
    for (int i = 0; i < 40; ++i) script({6});
    fight(0, 1);
  }
};

TEST(MachineRates, ADV_27_a_robot_charges_exactly_its_move) {
  rules::ChargeMove robot;
  robot.move = 6;
  robot.fixed_rate = true;
  dice::ScriptedDice none;  // a die rolled would throw
  const auto roll = rules::roll_charge(none, robot, rules::ChargeDice::by_basic_move);
  EXPECT_EQ(roll.distance, 6);
  EXPECT_EQ(none.used(), 0u);
  const auto spread = rules::charge_distance_distribution(robot, rules::ChargeDice::by_basic_move);
  EXPECT_EQ(spread.lowest(), 6);
  EXPECT_EQ(spread.highest(), 6);
  EXPECT_DOUBLE_EQ(spread[6], 1.0);
  // CHARGE-04: a robot short of its target moves its M toward it.
  const auto failed =
      rules::failed_charge_move_distribution(robot, rules::ChargeDice::by_basic_move);
  EXPECT_DOUBLE_EQ(failed[6], 1.0);
}

TEST_F(Machines, ADV_27_the_door_gives_a_robot_one_charge_distance) {
  arrange("servitor_maniple");
  ASSERT_EQ(setup_->machine(1), Machine::robot);
  ASSERT_EQ(setup_->machine(0), Machine::none);
  const auto move = detail::charge_move_of(state_, 1, 0);
  EXPECT_TRUE(move.fixed_rate);
  EXPECT_EQ(move.move, 6);
  // Blue's turn: the maniple's charge on the Guard 14" off (beyond 6" and the reach of a base)
  // is refused with the exact reach; nearer, the door's preview gives the one distance.
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  EXPECT_NE(illegal_reason(state_, charge(1, 0)).find("CHARGE-02"), std::string::npos);
  for (int m = 10; m < 13; ++m) place(m, 20.0 + 2.0 * (m - 10), 20.0, 180.0);
  const auto reach = charge_reach(state_, charge(1, 0));
  ASSERT_TRUE(reach.legal);
  EXPECT_EQ(reach.roll.lowest(), 6);
  EXPECT_EQ(reach.roll.highest(), 6);
}

TEST_F(Machines, ADV_27_the_option_off_rolls_a_robots_charge) {
  arrange("servitor_maniple", "");
  EXPECT_EQ(setup_->machine(1), Machine::none);
  const auto move = detail::charge_move_of(state_, 1, 0);
  EXPECT_FALSE(move.fixed_rate);
  const auto spread = rules::charge_distance_distribution(move, rules::ChargeDice::by_basic_move);
  EXPECT_EQ(spread.lowest(), 8);  // M 6 + 2D6
  EXPECT_EQ(spread.highest(), 18);
}

TEST_F(Machines, ADV_27_robots_and_dreadnoughts_flee_and_pursue_at_their_rates) {
  arrange("servitor_maniple");
  {
    detail::Context c(state_, &log_);
    EXPECT_EQ(detail::roll_flee_rate(c, 1), 6);  // a robot: its M, no dice
    EXPECT_TRUE(dice_.exhausted());
  }
  arrange("sentinel");
  script({6, 5, 1});
  {
    detail::Context c(state_, &log_);
    EXPECT_EQ(setup_->machine(1), Machine::dreadnought);
    EXPECT_EQ(detail::roll_flee_rate(c, 1), 11);  // 2D6 though its M is 8 (no third die)
    EXPECT_EQ(dice_.remaining(), 1u);
  }
  arrange("skitarii");  // not a machine: M 8 flees at R3D6P2 (MOVE-05)
  script({6, 5});
  {
    detail::Context c(state_, &log_);
    EXPECT_EQ(detail::roll_flee_rate(c, 1), 11);  // the 1 left over, the 6 and the 5: 11
    EXPECT_TRUE(dice_.exhausted());
  }
}

TEST_F(Machines, ADV_27_a_dreadnought_failing_a_rout_test_does_not_rout) {
  arrange("sentinel");
  lose_a_round();
  const auto rout = rolls("MELEE-16");
  ASSERT_EQ(rout.size(), 1u);
  EXPECT_FALSE(rout[0].at("passed").get<bool>());
  EXPECT_TRUE(logged("machine_stands"));
  EXPECT_FALSE(state_.units[1].routing || state_.units[1].rout_pending);
  // A lone model: No Retreat's wounds do not apply (ADV-66); it flinches as a unit that held.
  EXPECT_TRUE(rolls("ADV-66").empty());
  EXPECT_EQ(rolls("MELEE-18").size(), 1u);
}

TEST_F(Machines, ADV_27_robots_that_stand_take_no_retreat_wounds) {
  arrange("servitor_maniple");
  lose_a_round();
  EXPECT_FALSE(state_.units[1].routing || state_.units[1].rout_pending);
  const auto extra = rolls("ADV-66");
  ASSERT_EQ(extra.size(), 1u);
  const auto score = last("combat_result")->at("score");
  EXPECT_EQ(extra[0].at("wounds").get<int>(), score[0].get<int>() - score[1].get<int>());
}

TEST_F(Machines, ADV_27_the_option_off_lets_the_robots_rout) {
  arrange("servitor_maniple", "");
  lose_a_round();
  EXPECT_FALSE(logged("machine_stands"));
  EXPECT_TRUE(rolls("ADV-66").empty());
  EXPECT_TRUE(state_.units[1].routing || state_.units[1].rout_pending);
}

TEST_F(Machines, ADV_27_a_machine_that_fails_to_break_off_fights_on) {
  arrange("servitor_maniple");
  lock(0, 1);
  state_.units[1].melee_choice = MeleeChoice::break_off;
  script({6, 6});  // the Ld test fails
  detail::Context c(state_, &log_);
  detail::leave_combat(c, 1);
  EXPECT_TRUE(logged("machine_stands"));
  EXPECT_EQ(state_.units[1].melee_choice, MeleeChoice::fight);
  EXPECT_NE(state_.units[1].locked, 0u);
  EXPECT_FALSE(state_.units[1].routing || state_.units[1].rout_pending);
}

TEST_F(Machines, ADV_27_a_rout_outside_melee_pins_a_machine_by_default) {
  arrange("servitor_maniple");
  {
    detail::Context c(state_, &log_);
    detail::start_rout(c, 1, "SHOOT-32");
  }
  EXPECT_FALSE(state_.units[1].routing || state_.units[1].rout_pending);
  EXPECT_TRUE(state_.units[1].own_turn.pinned);
  arrange("servitor_maniple", "options: {machine_rates: true}\nrulings: {ruling.ADV-27: holds}\n");
  {
    detail::Context c(state_, &log_);
    detail::start_rout(c, 1, "SHOOT-32");
  }
  EXPECT_FALSE(state_.units[1].routing || state_.units[1].rout_pending);
  EXPECT_FALSE(state_.units[1].own_turn.pinned);
}

TEST_F(Machines, ADV_27_a_machine_never_runs_from_a_charge) {
  arrange("servitor_maniple");
  for (int m = 10; m < 13; ++m) place(m, 20.0 + 2.0 * (m - 10), 24.0, 180.0);
  script({1});
  must(activate(0, 1));
  must(charge(0, 1));
  ASSERT_EQ(state_.phase, Phase::charge_response);  // the maniple may stand and fire
  for (const auto& a : legal_actions(state_)) EXPECT_NE(a.kind, ActionKind::run);
  const auto refusal = illegal_reason(state_, act(ActionKind::run, 1));
  EXPECT_NE(refusal.find("ADV-27"), std::string::npos) << refusal;
}

}  // namespace
}  // namespace arap::game
