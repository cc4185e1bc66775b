// The rules as the game plays them, with scripted dice: ACT-03..08, MOVE-14, SHOOT-06/10/29/31..35.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "game/context.hpp"
#include "game/engine.hpp"
#include "rules/swimming.hpp"
#include "support/game_fixture.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ScriptedGame;

// Red: Guard infantry (unit 0, value 3, Ld 8) and a lascannon team (unit 1); Blue: a Tactical
// squad (unit 2, value 4) and a veteran-sized Assault squad (unit 3), 24" away.
class GameRules : public ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle(
              "rules", "imperial_guard",
              "[{unit: infantry_squad, at: [24, 10]}, {unit: heavy_weapons_team, at: [10, 8]}]",
              "space_marines",
              "[{unit: tactical_squad, at: [24, 34], facing: 180}, {unit: assault_squad, at: [40, "
              "40], "
              "facing: 180}]"),
          7);
  }
};

TEST_F(GameRules, ACT_07_bust_with_two_dice_ends_the_phase) {
  script({6, 6});
  must(activate(0, 2));
  EXPECT_EQ(state_.phase, Phase::pick_up);
  must(act(ActionKind::decline_pick_up));
  EXPECT_TRUE(logged("bust"));
  EXPECT_EQ(state_.phasing, 1) << "the turn passes to Blue";
  EXPECT_TRUE(dice_.exhausted());
  // Issue 14: Red's next try is refused for the bust (ACT-07), not as "not your unit" (ACT-04).
  const GameState before = state_;
  const std::string why = apply(state_, activate(1, 1), &log_);
  EXPECT_EQ(why.rfind("ACT-07: ", 0), 0u) << why;
  EXPECT_NE(why.find("bust"), std::string::npos) << why;
  EXPECT_EQ(state_, before);
  // Once Blue's turn is over and Red's begins, the bust is forgotten: Red activates again.
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 0);
  EXPECT_EQ(state_.busted_side, -1);
  EXPECT_EQ(illegal_reason(state_, activate(1, 1)), "");
}

TEST_F(GameRules, ACT_07_three_dice_two_failures_still_spend_one_action) {
  script({2, 6, 6});
  must(activate(0, 3));
  must(act(ActionKind::decline_pick_up));
  EXPECT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(pending(state_).action_points, 1);
  must(act(ActionKind::end_activation, 0));
  EXPECT_EQ(state_.phasing, 1);
}

TEST_F(GameRules, ACT_08_pick_up_reacts_first_and_cancels_the_bust) {
  script({1, 5, 6});  // value 3: one success, failures 5 and 6
  must(activate(0, 3));
  ASSERT_EQ(state_.phase, Phase::pick_up);
  EXPECT_EQ(pending(state_).failed_dice, 2);
  EXPECT_EQ(pending(state_).side, 1);
  Action pick = act(ActionKind::pick_up);
  pick.picks[0] = {2, 2};
  pick.pick_count = 1;
  script({2, 4});  // value 4: two AP for the Tactical squad
  must(pick);
  EXPECT_TRUE(logged("bust_cancelled"));
  ASSERT_EQ(state_.phase, Phase::reaction);
  EXPECT_EQ(pending(state_).unit, 2);
  EXPECT_EQ(pending(state_).action_points, 2);
  must(act(ActionKind::end_activation, 2));
  ASSERT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(pending(state_).unit, 0);
  EXPECT_EQ(pending(state_).action_points, 1);
  must(act(ActionKind::end_activation, 0));
  EXPECT_EQ(state_.phase, Phase::activation);
  EXPECT_EQ(state_.phasing, 0) << "no bust: Red's activation phase goes on";
  const GameState before = state_;
  Action again = act(ActionKind::activate, 1);
  again.dice = 1;
  script({6});
  must(again);
  EXPECT_EQ(state_.phase, Phase::pick_up);
  Action second = act(ActionKind::pick_up);
  second.picks[0] = {2, 1};
  second.pick_count = 1;
  EXPECT_NE(illegal_reason(state_, second).find("ACT-08"), std::string::npos)
      << "one pick-up activation per unit per opposing turn";
  (void)before;
}

TEST_F(GameRules, ACT_04_one_attempt_per_unit_and_only_your_own) {
  script({1, 1});
  must(activate(0, 2));
  must(act(ActionKind::end_activation, 0));
  const GameState before = state_;
  EXPECT_NE(apply(state_, activate(0, 1), &log_).find("ACT-04"), std::string::npos);
  const std::string blue = apply(state_, activate(2, 1), &log_);
  EXPECT_EQ(blue.rfind("ACT-04: ", 0), 0u) << blue;
  EXPECT_NE(blue.find("Red's player turn"), std::string::npos) << blue;
  EXPECT_NE(apply(state_, activate(1, 4), &log_).find("ACT-06"), std::string::npos);
  EXPECT_EQ(state_, before);
}

TEST_F(GameRules, ACT_03_routing_units_cannot_activate) {
  state_.units[0].routing = true;
  EXPECT_NE(illegal_reason(state_, activate(0, 2)).find("ACT-03"), std::string::npos);
}

TEST_F(GameRules, SHOOT_29_pinned_unit_gets_two_fewer_action_points) {
  state_.units[0].own_turn.pinned = true;
  script({1, 2, 3});
  must(activate(0, 3));
  EXPECT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(state_.action_points, 1);
  must(act(ActionKind::end_activation, 0));
  state_.units[1].own_turn.pinned = true;
  script({1, 2, 6});
  must(activate(1, 3));
  EXPECT_EQ(state_.phase, Phase::pick_up) << "one failure on offer";
  must(act(ActionKind::decline_pick_up));
  EXPECT_EQ(state_.phase, Phase::activation) << "no AP and no bust";
  EXPECT_FALSE(logged("bust"));
}

TEST_F(GameRules, SHOOT_35_suppressed_unit_needs_two_successes) {
  state_.units[0].own_turn.suppressed = true;
  script({2, 3, 6});
  must(activate(0, 3));
  must(act(ActionKind::decline_pick_up));
  EXPECT_EQ(state_.action_points, 1);
  must(act(ActionKind::end_activation, 0));
  state_.units[1].own_turn.suppressed = true;
  script({2, 6, 6});
  must(activate(1, 3));
  must(act(ActionKind::decline_pick_up));
  EXPECT_TRUE(logged("bust"));
  EXPECT_EQ(state_.phasing, 1);
}

TEST_F(GameRules, SHOOT_32_heavy_casualties_even_failure_pins) {
  state_.units[0].own_turn.casualties_taken = 3;  // 3 of 10: 25% or more
  script({5, 5, 1, 1, 1});  // Ld 8: 10 fails, even -> pinned; then 3 successes - 2
  must(activate(0, 3));
  EXPECT_TRUE(state_.units[0].own_turn.pinned);
  EXPECT_EQ(state_.action_points, 1);
}

TEST_F(GameRules, SHOOT_32_heavy_casualties_odd_failure_routs) {
  state_.units[0].own_turn.casualties_taken = 3;
  const table::Point before = detail::unit_centre(state_, 0);
  script({4, 5, 3});  // 9 fails, odd -> D6" (3) away and rout
  must(activate(0, 3));
  EXPECT_TRUE(state_.units[0].rout_pending);
  EXPECT_EQ(state_.phase, Phase::activation) << "the attempt is spent, no activation roll";
  // 3" less the 1/2" for turning about (MOVE-07).
  EXPECT_NEAR(detail::unit_centre(state_, 0).y, before.y - 2.5, 0.1)
      << "moved away from the Marines";
  EXPECT_TRUE(dice_.exhausted());
  script({3, 3, 6, 6});  // Blue's compulsory phase: flee 2D6 = 6", rally test 12 fails
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[0].routing) << "routs from the next compulsory phase";
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(GameRules, MORALE_04_no_heavy_casualty_or_suppression_test_after_a_failed_pinning_test) {
  state_.units[0].own_turn.casualties_taken = 4;  // 40% lost
  state_.units[0].own_turn.hits_taken = 6;        // and enough hits for a suppression test
  state_.units[0].own_turn.pinning_failed = true;
  script({1, 1});  // only the activation dice are rolled
  must(activate(0, 2));
  EXPECT_EQ(state_.action_points, 2);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(GameRules, MORALE_04_a_heavy_casualty_test_takes_the_place_of_the_suppression_test) {
  state_.units[0].own_turn.casualties_taken = 4;
  state_.units[0].own_turn.hits_taken = 6;
  script({1, 1});  // Ld 8: passed; no suppression test follows
  script({1, 1});
  must(activate(0, 2));
  EXPECT_FALSE(state_.units[0].own_turn.suppressed);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(state_.units[0].own_turn.hazard_checked)
      << "and no dangerous-ground test this turn either";
}

TEST_F(GameRules, SHOOT_31_two_of_ten_lost_is_no_test) {
  state_.units[0].own_turn.casualties_taken = 2;
  script({1, 1});
  must(activate(0, 2));
  EXPECT_EQ(state_.action_points, 2);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(GameRules, SHOOT_33_suppression_thresholds_in_play) {
  // Ten models: three hits force a test, two do not.
  state_.units[0].own_turn.hits_taken = 2;
  script({1, 1});
  must(activate(0, 2));
  EXPECT_TRUE(dice_.exhausted()) << "no test at two hits";
  must(act(ActionKind::end_activation, 0));
  GameState ten = initial_state(*setup_, 7);
  ten.scripted_dice = &dice_;
  ten.units[0].own_turn.hits_taken = 3;
  script({6, 6, 1, 1, 1});  // test failed (12) -> suppressed; then 3 successes - 1
  ASSERT_EQ(apply(ten, activate(0, 3), nullptr), "");
  EXPECT_TRUE(ten.units[0].own_turn.suppressed);
  EXPECT_EQ(ten.action_points, 2);
  // Five models: two hits force a test.
  GameState five = initial_state(*setup_, 7);
  five.scripted_dice = &dice_;
  five.phasing = 1;
  five.units[3].own_turn.hits_taken = 2;
  five.units[3].strength_at_turn_end = 5;
  script({3, 3, 1, 1});  // Ld 9 test passed; activation
  ASSERT_EQ(apply(five, activate(3, 2), nullptr), "");
  EXPECT_FALSE(five.units[3].own_turn.suppressed);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(GameRules, SHOOT_10_SHOOT_06_lascannon_kills_a_marine_once_per_turn) {
  script({1, 1, 1});  // three AP
  must(activate(1, 3));
  Action shoot = act(ActionKind::shoot, 1);
  shoot.target = 2;
  shoot.heavy = true;
  script({1});     // hits (BS3)
  script({3});     // SHOOT-27: a die the size of the eligible models picks the third
  script({6, 4});  // wounds (2+), no save against AP2, Damage 4
  must(shoot);
  EXPECT_EQ(state_.living_models(2), 9);
  EXPECT_FALSE(state_.models[setup_->units[2].first_model + 2].pose.alive);
  EXPECT_EQ(state_.units[2].own_turn.hits_taken, 1);
  EXPECT_EQ(state_.units[2].own_turn.casualties_taken, 1);
  EXPECT_EQ(state_.action_points, 1);
  EXPECT_TRUE(dice_.exhausted());
  const GameState before = state_;
  shoot.heavy = true;
  EXPECT_NE(apply(state_, shoot, &log_), "");
  EXPECT_EQ(state_, before);
}

TEST_F(GameRules, SHOOT_27_SHOOT_14_hits_go_to_random_models_in_the_open_first) {
  // Two of the Tactical squad stand behind a wall (hard cover); the lascannon's hit is randomised
  // among the eight in the open only: a D8.
  const int first = setup_->units[2].first_model;
  begin(test::battle("allocation", "imperial_guard",
                     "[{unit: infantry_squad, at: [24, 10]}, {unit: heavy_weapons_team, at: [10, "
                     "8]}]",
                     "space_marines",
                     "[{unit: tactical_squad, at: [24, 34], facing: 180}, {unit: assault_squad, "
                     "at: [40, 40], facing: 180}]",
                     "obstacles:\n  - {id: wall, kind: wall, height: 1, points: [[0, 33], [22, "
                     "33]]}\n"),
        7);
  std::vector<int> open;
  for (int m = first; m < first + 10; ++m)
    if (state_.models[m].pose.position.x >= 22) open.push_back(m);
  const int behind_wall = 10 - static_cast<int>(open.size());
  ASSERT_GT(behind_wall, 0);
  script({1, 1, 1});
  must(activate(1, 3));
  Action shoot = act(ActionKind::shoot, 1);
  shoot.target = 2;
  shoot.heavy = true;
  script({1});
  script({10 - behind_wall});  // the last of those in the open
  script({6, 4});
  must(shoot);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_FALSE(state_.models[open.back()].pose.alive);
  EXPECT_EQ(state_.living_models(2), 9);
  // A die larger than the open class would have been refused by the scripted source.
  dice_ = {};
  begin(setup_, 7);
  script({1, 1, 1, 1});
  must(activate(1, 3));
  script({10 - behind_wall + 1});
  EXPECT_THROW((void)apply(state_, shoot, &log_), dice::ScriptedDiceError);
}

TEST_F(GameRules, MOVE_14_free_moves_only_far_from_the_enemy) {
  Action free = act(ActionKind::free_move, 1);
  free.dy = 2;  // within the lascannon team's 2.5" (ADV-18)
  must(free);
  EXPECT_NE(illegal_reason(state_, free).find("MOVE-14"), std::string::npos) << "once per turn";
  GameState close = initial_state(*setup_, 7);
  close.models[setup_->units[2].first_model].pose.position = {24, 21};
  Action near = act(ActionKind::free_move, 0);
  near.dy = 2;
  EXPECT_NE(illegal_reason(close, near).find("MOVE-14"), std::string::npos);
}

TEST_F(GameRules, ACT_17_a_free_move_is_not_an_activation) {
  Action free = act(ActionKind::free_move, 1);
  free.dy = 2;  // within the lascannon team's 2.5" (ADV-18)
  must(free);
  script({1, 1});
  must(activate(1, 2));
  EXPECT_EQ(state_.action_points, 2);
}

TEST_F(GameRules, MOVE_13_tactical_move_rolls_its_distance) {
  script({1, 1, 1});
  must(activate(0, 3));
  const double before = detail::unit_centre(state_, 0).y;
  Action dash = act(ActionKind::move, 0);
  dash.mode = table::MoveMode::tactical;
  dash.dy = 6;
  script({2});  // D6 = 2": the move stops short
  must(dash);
  EXPECT_NEAR(detail::unit_centre(state_, 0).y - before, 2.0, 0.01);
  EXPECT_TRUE(state_.units[0].tactical);
}

TEST_F(GameRules, MOVE_09_prone_units_crawl_at_half_rate) {
  script({1, 1, 1});
  must(activate(0, 3));
  must(act(ActionKind::go_prone, 0));
  Action walk = act(ActionKind::move, 0);
  walk.dy = 1;
  EXPECT_NE(illegal_reason(state_, walk).find("MOVE-09"), std::string::npos);
  Action crawl = walk;
  crawl.mode = table::MoveMode::crawl;
  crawl.dy = 2.1;
  EXPECT_NE(illegal_reason(state_, crawl).find("MOVE-01"), std::string::npos);
  crawl.dy = 2;
  must(crawl);
}

TEST_F(GameRules, SHOOT_08_aim_then_shoot_is_plus_one) {
  script({1, 1, 1});
  must(activate(1, 3));
  must(act(ActionKind::aim, 1));
  Action shoot = act(ActionKind::shoot, 1);
  shoot.target = 2;
  shoot.heavy = true;
  script({6});  // BS3 + 1 = 4: a 6 misses
  must(shoot);
  int goal = -99;
  for (const auto& e : log_) {
    if (e.value("what", "") == "to hit") goal = e["goal"].get<int>();
  }
  EXPECT_EQ(goal, 4);
  EXPECT_TRUE(dice_.exhausted());
}

// Every kind of action, when illegal, leaves the state exactly as it was.
TEST_F(GameRules, illegal_actions_change_nothing) {
  const auto refused = [this](const Action& a) {
    const GameState before = state_;
    const auto log_size = log_.size();
    const std::string reason = apply(state_, a, &log_);
    EXPECT_NE(reason, "") << describe(a);
    EXPECT_EQ(state_, before) << describe(a);
    EXPECT_EQ(log_.size(), log_size);
  };
  refused(activate(2, 2));
  Action far_free = act(ActionKind::free_move, 0);
  far_free.dy = 3;  // enemy within 12"? no: but 24" away, so make it too long instead
  far_free.dy = 30;
  refused(far_free);
  refused(act(ActionKind::pick_up));
  refused(act(ActionKind::decline_pick_up));
  refused(act(ActionKind::end_activation, 0));
  Action move = act(ActionKind::move, 0);
  move.dy = 2;
  refused(move);  // not active
  script({1, 1, 1});
  must(activate(0, 3));
  Action too_far = act(ActionKind::move, 0);
  too_far.dy = 4.5;
  refused(too_far);
  Action other_unit = act(ActionKind::move, 1);
  other_unit.dy = 1;
  refused(other_unit);
  refused(act(ActionKind::stand_up, 0));
  refused(act(ActionKind::end_phase));
  Action out_of_range = act(ActionKind::throw_grenade, 0);
  out_of_range.target = 2;
  refused(out_of_range);
  Action own_side = act(ActionKind::shoot, 0);
  own_side.target = 1;
  refused(own_side);
  Action no_heavy = act(ActionKind::shoot, 0);
  no_heavy.target = 2;
  no_heavy.heavy = true;
  refused(no_heavy);
  must(act(ActionKind::go_prone, 0));
  refused(act(ActionKind::go_prone, 0));
  Action walk_prone = act(ActionKind::move, 0);
  walk_prone.dy = 1;
  refused(walk_prone);  // MOVE-09: prone models crawl
  must(act(ActionKind::aim, 0));
  must(act(ActionKind::aim, 0));
  must(act(ActionKind::stand_up, 0));
  refused(act(ActionKind::aim, 0));  // no AP left: the activation is over
}

// Guard infantry (unit 0) and a Tactical squad (unit 1) with terrain between them.
class GroundRules : public ScriptedGame {
 protected:
  void start(const std::string& name, const std::string& terrain) {
    begin(test::battle(name, "imperial_guard", "[{unit: infantry_squad, at: [24, 10]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 34], facing: 180}]",
                       "terrain:\n" + terrain),
          3);
  }
  Action activate3(int unit) { return activate(unit, 3); }
  Action forward(int unit, double dy) {
    Action a = test::act(ActionKind::move, unit);
    a.dy = dy;
    return a;
  }
};

TEST_F(GroundRules, MORALE_08_losses_to_dangerous_ground_force_a_check) {
  start("mines",
        "  - {id: mines, kind: minefield, polygon: [[10, 11], [38, 11], [38, 13], [10, 13]]}\n");
  script({1, 1, 1});
  must(activate3(0));
  // Ten hazard tests: the first three models set off mines and fail their saves.
  script({1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6, 6});
  script({5, 5});  // the MORALE-08 check at Ld 8: 10, an even failure
  must(forward(0, 3));
  EXPECT_EQ(state_.living_models(0), 7);
  EXPECT_EQ(state_.units[0].own_turn.casualties_taken, 0) << "not losses to fire (SHOOT-31)";
  EXPECT_TRUE(state_.units[0].own_turn.pinned);
  EXPECT_EQ(state_.phase, Phase::activation) << "3 AP - 1 for the move - 2 for the pin";
  EXPECT_TRUE(dice_.exhausted());
}

// MOVE-20: a 2" wall 1" in front of the Guard (I3, M4, 1.5" tall): taller than the models, so
// only a climbing move gets them over it.
class ClimbingWall : public ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("climb", "imperial_guard", "[{unit: infantry_squad, at: [24, 10]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 40], facing: 180}]",
                       "obstacles:\n  - {id: wall, kind: wall, height: 2, points: [[4, 11], [44, "
                       "11]]}\n"),
          3);
  }
  Action over(table::MoveMode mode, double dy) {
    Action a = test::act(ActionKind::move, 0);
    a.mode = mode;
    a.dy = dy;
    return a;
  }
};

TEST_F(ClimbingWall, MOVE_20_a_wall_taller_than_the_models_needs_a_climbing_move) {
  script({1, 1, 1});
  must(activate(0, 3));
  const GameState before = state_;
  EXPECT_NE(apply(state_, over(table::MoveMode::normal, 2.0), &log_).find("MOVE-20"),
            std::string::npos);
  EXPECT_EQ(state_, before);
  // Nothing to climb on the way back: a climbing move is refused there.
  EXPECT_NE(illegal_reason(state_, over(table::MoveMode::climb, -2.0)).find("MOVE-20"),
            std::string::npos);
  // 2" of move and 2" of wall (MOVE-21: the height counted once) fill the M4 allowance; 2.5"
  // would not fit.
  EXPECT_NE(illegal_reason(state_, over(table::MoveMode::climb, 2.5)), "");
  script({3});  // the Initiative test (I3): passed
  must(over(table::MoveMode::climb, 2.0));
  EXPECT_NEAR(state_.models[0].pose.position.y, 12.0, 1e-9);
  EXPECT_EQ(state_.action_points, 1) << "a climbing move costs 2 AP";
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(ClimbingWall, MOVE_20_a_failed_test_leaves_the_unit_at_the_foot_of_the_wall) {
  script({1, 1});
  must(activate(0, 2));
  script({4});  // I3: failed
  must(over(table::MoveMode::climb, 2.0));
  EXPECT_NEAR(state_.models[0].pose.position.y, 10.0, 1e-9);
  EXPECT_EQ(state_.phase, Phase::activation) << "both AP spent";
}

TEST_F(ClimbingWall, MOVE_20_one_ap_is_not_enough) {
  script({1});
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, over(table::MoveMode::climb, 2.0)).find("ACT-09"),
            std::string::npos);
}

// MOVE-17: a deep river 1" in front of the Guard squad (y = 11 to 15).
class DeepRiver : public ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("river", "imperial_guard", "[{unit: infantry_squad, at: [24, 10]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 40], facing: 180}]",
                       "terrain:\n  - {id: river, kind: water, deep: true, polygon: [[0, 11], [48, "
                       "11], [48, 15], [0, 15]]}\n"),
          3);
    script({1, 1});
    must(activate(0, 2));
  }
  Action into(table::MoveMode mode, double dy) {
    Action a = test::act(ActionKind::move, 0);
    a.mode = mode;
    a.dy = dy;
    return a;
  }
};

TEST_F(DeepRiver, MOVE_17_only_a_swim_move_enters_deep_water) {
  const GameState before = state_;
  EXPECT_NE(apply(state_, into(table::MoveMode::normal, 3.0), &log_).find("MOVE-17"),
            std::string::npos);
  EXPECT_EQ(state_, before);
  EXPECT_NE(illegal_reason(state_, into(table::MoveMode::swim, -3.0)).find("MOVE-17"),
            std::string::npos)
      << "no water that way";
}

TEST_F(DeepRiver, MOVE_17_swimmers_cover_d3_plus_one_inches) {
  script({6});  // D3 = 3: 4"
  must(into(table::MoveMode::swim, 3.0));
  EXPECT_NEAR(state_.models[0].pose.position.y, 13.0, 1e-9);
  script({4});  // D3 = 1: 2" of the 3" asked for
  must(into(table::MoveMode::swim, 3.0));
  EXPECT_NEAR(state_.models[0].pose.position.y, 15.0, 1e-4);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(DeepRiver, MOVE_17_a_one_puts_d6_swimmers_out_of_action) {
  script({1, 3});  // out of action: three of the squad
  must(into(table::MoveMode::swim, 3.0));
  EXPECT_EQ(state_.living_models(0), 7);
  EXPECT_NEAR(state_.models[0].pose.position.y, 10.0, 1e-9) << "nobody swims this action";
}

TEST(Swimming, MOVE_17_odds) {
  const auto odds = rules::swim_odds();
  EXPECT_NEAR(odds[0], 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(odds[1], 0.0, 1e-12);
  EXPECT_NEAR(odds[2], 1.0 / 6.0, 1e-12);  // face 4
  EXPECT_NEAR(odds[3], 1.0 / 3.0, 1e-12);  // faces 2 and 5
  EXPECT_NEAR(odds[4], 1.0 / 3.0, 1e-12);  // faces 3 and 6
  EXPECT_TRUE(rules::read_swim(1).out_of_action);
  EXPECT_EQ(rules::read_swim(5).inches, 3);
}

TEST_F(GroundRules, SHOOT_18_a_dash_between_covers_makes_a_fleeting_target) {
  start("fleeting",
        "  - {id: rubble_a, kind: rubble, movement: normal, polygon: [[10, 8], [38, 8], [38, 12], "
        "[10, 12]]}\n"
        "  - {id: rubble_b, kind: rubble, movement: normal, polygon: [[10, 13], [38, 13], [38, "
        "16], [10, 16]]}\n");
  script({1, 1, 1});
  must(activate3(0));
  must(forward(0, 4));
  EXPECT_TRUE(state_.units[0].fleeting);
  must(test::act(ActionKind::end_activation, 0));
  must(test::act(ActionKind::end_phase));
  script({1, 1, 1});
  must(activate3(1));
  Action shoot = test::act(ActionKind::shoot, 1);
  shoot.target = 0;
  script({6, 6, 6, 6, 6, 6, 6});  // seven bolters at 20": all miss
  must(shoot);
  int goal = -99;
  for (const auto& e : log_) {
    if (e.value("what", "") == "to hit") goal = e["goal"].get<int>();
  }
  EXPECT_EQ(goal, 3) << "BS4 with the fleeting -1 in place of hard cover's -2";
  EXPECT_TRUE(dice_.exhausted());
}

}  // namespace
}  // namespace arap::game
