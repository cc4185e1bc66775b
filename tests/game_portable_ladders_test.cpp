// ADV-15 in play: portable ladders carried (the bearers' rate, no tactical move, their arms), set
// up against a face (place_ladder: reach, height, the 6" section), climbed as a table ladder
// (MOVE-28: no test), taken up again, dropped in mêlée, and cast down (automatically, or on a D6
// of 6 less one a pusher past the first, its climbers falling); and ADV-14's thrown grapples, which
// share the machinery (a BS + 1 throw, one climber a turn, cast down on a 4+). Dice are scripted.
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "game/context.hpp"
#include "game/planner.hpp"
#include "rules/climbing.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// A raised surface 3" up (`rise`) north of y = 14, across the table.
std::string wall_top(double rise, const std::string& more = "") {
  return "terrain:\n  - {id: roof, kind: ground, elevation: " + std::to_string(rise) +
         ", polygon: [[4, 14], [44, 14], [44, 22], [4, 22]]}\n" + more;
}

// Red: a Guard infantry squad (unit 0, ten models) carrying a ladder, in a column up x = 24 from
// y = 12.5 south (1.1" apart); Blue: Slugga Boyz (unit 1) far off at (24, 44).
class PortableLadders : public test::ScriptedGame {
 protected:
  void start(double rise = 3.0, const std::string& more = "", const std::string& unit = "",
             int dice = 2) {
    const std::string red =
        unit.empty() ? "[{unit: infantry_squad, at: [24, 8], facing: 0, ladder: true}]" : unit;
    begin(test::battle("portable_ladders", "imperial_guard", red, "orks",
                       "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", wall_top(rise, more)),
          5);
    const auto& info = setup_->units[0];
    for (int i = 0; i < info.model_count; ++i) place(info.first_model + i, 24.0, 12.5 - 1.1 * i, 0);
    state_.phasing = 0;
    for (int i = 0; i < dice; ++i) script({1});
    must(activate(0, dice));
  }
  Action place_at(double x, double y) const {
    Action a = act(ActionKind::place_ladder, 0);
    a.dx = x;
    a.dy = y;
    return a;
  }
  Action handle(ActionKind kind, int ladder) const {
    Action a = act(kind, 0);
    a.target = ladder;
    return a;
  }
  // Stands ladder 0 at (x, 14) for `side`, as if set up earlier.
  void stand_ladder(double x, int side) {
    PortableLadder& ladder = state_.portable_ladders[0];
    ladder = PortableLadder{};
    ladder.at = {x, 14.0};
    ladder.up = {0.0, 1.0};
    ladder.rise = 3.0f;
    ladder.side = static_cast<std::int8_t>(side);
    ladder.standing = true;
    detail::refresh_laid_table(state_);
  }
  const Event* first(const std::string& type) const {
    for (const auto& e : log_)
      if (e.value("type", "") == type) return &e;
    return nullptr;
  }
  double allowance() const { return detail::mode_allowance(state_, 0, table::MoveMode::normal); }
};

TEST(PortableLadderOdds, ADV_15_three_pushers_cast_an_occupied_ladder_down_half_the_time) {
  EXPECT_NEAR(rules::cast_down_chance(3), 1.0 / 2.0, 1e-12);
  EXPECT_NEAR(rules::cast_down_chance(2), 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(rules::cast_down_chance(1), 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(rules::cast_down_chance(5), 1.0 / 2.0, 1e-12) << "no more than three push";
  EXPECT_EQ(rules::cast_down_goal(3), 4);
}

TEST_F(PortableLadders, ADV_15_four_bearers_carry_at_full_rate_two_at_half_one_at_a_quarter) {
  start();
  ASSERT_EQ(state_.portable_ladders.size(), 1u);
  EXPECT_EQ(state_.portable_ladders[0].carrier, 0);
  EXPECT_DOUBLE_EQ(allowance(), 4.0);
  const auto& info = setup_->units[0];
  for (int i = 3; i < info.model_count; ++i) remove_model(info.first_model + i);
  EXPECT_DOUBLE_EQ(allowance(), 2.0) << "three bearers: half rate";
  remove_model(info.first_model + 2);
  EXPECT_DOUBLE_EQ(allowance(), 2.0) << "two bearers: half rate";
  remove_model(info.first_model + 1);
  EXPECT_DOUBLE_EQ(allowance(), 1.0) << "one bearer staggers at a quarter";
  // The move itself is held to it.
  EXPECT_NE(illegal_reason(state_, move(0, 1.5, 0.0)), "");
  must(move(0, 1.0, 0.0));
}

TEST_F(PortableLadders, ADV_15_a_unit_carrying_a_ladder_cannot_move_tactically) {
  start();
  Action tactical = move(0, 0, -2);
  tactical.mode = table::MoveMode::tactical;
  EXPECT_NE(illegal_reason(state_, tactical).find("ADV-15"), std::string::npos)
      << illegal_reason(state_, tactical);
}

TEST_F(PortableLadders, ADV_15_set_up_against_the_face_it_is_climbed_as_a_ladder_with_no_test) {
  start();
  const int lead = setup_->units[0].first_model;
  place(lead, 24.0, 13.5, 0);
  // Without a ladder the 3" face is a climb (MOVE-20), not a normal move.
  EXPECT_NE(illegal_reason(state_, move(0, 0, 1.0)), "");
  must(place_at(24.0, 14.0));
  const PortableLadder& ladder = state_.portable_ladders[0];
  EXPECT_TRUE(ladder.standing);
  EXPECT_EQ(ladder.carrier, -1);
  EXPECT_FLOAT_EQ(ladder.rise, 3.0f);
  EXPECT_EQ(ladder.side, 0);
  EXPECT_EQ(state_.action_points, 1) << "setting a ladder up is one action";
  EXPECT_EQ(state_.table().ladder_count(), 1);
  ASSERT_NE(first("ladder_placed"), nullptr);
  EXPECT_EQ(first("ladder_placed")->at("rule"), "ADV-15");
  EXPECT_DOUBLE_EQ(allowance(), 4.0);
  // The lead model goes up it: 1" of ground and 3" of ladder (MOVE-28), and no die is rolled.
  must(move(0, 0, 1.0));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_DOUBLE_EQ(state_.table().level_at(state_.models[lead].pose.position), 3.0);
  EXPECT_EQ(state_.ladder_uses[0], 1) << "one of the four a turn (MOVE-28)";
}

TEST_F(PortableLadders, ADV_15_a_ladder_is_set_up_only_from_near_the_foot_of_a_face_it_reaches) {
  start();
  EXPECT_NE(illegal_reason(state_, place_at(24.0, 12.0)).find("on none"), std::string::npos);
  EXPECT_NE(illegal_reason(state_, place_at(40.0, 14.0)).find("within 2\""), std::string::npos)
      << illegal_reason(state_, place_at(40.0, 14.0));
  start(9.0);
  EXPECT_NE(illegal_reason(state_, place_at(24.0, 14.0)).find("no higher than the top of level 2"),
            std::string::npos)
      << illegal_reason(state_, place_at(24.0, 14.0));
}

TEST_F(PortableLadders, ADV_15_no_more_than_three_ladders_to_six_inches_of_face) {
  const std::string ladders =
      "  - {id: l1, kind: ladder, polygon: [[19.75, 13], [21.25, 13], [21.25, 15], [19.75, 15]]}\n"
      "  - {id: l2, kind: ladder, polygon: [[21.75, 13], [23.25, 13], [23.25, 15], [21.75, 15]]}\n"
      "  - {id: l3, kind: ladder, polygon: [[25.25, 13], [26.75, 13], [26.75, 15], [25.25, 15]]}\n";
  start(3.0, ladders);
  EXPECT_NE(illegal_reason(state_, place_at(24.2, 14.0)).find("at most 3 ladders"),
            std::string::npos)
      << illegal_reason(state_, place_at(24.2, 14.0));
  EXPECT_NE(illegal_reason(state_, place_at(22.8, 14.0)).find("another ladder stands there"),
            std::string::npos);
}

TEST_F(PortableLadders, ADV_15_an_enemy_ladder_nobody_is_on_is_pushed_over_without_a_roll) {
  start();
  stand_ladder(24.0, 1);
  EXPECT_EQ(state_.table().ladder_count(), 1);
  const auto outlook = ladder_outlook(state_, handle(ActionKind::cast_down_ladder, 0));
  ASSERT_TRUE(outlook.legal);
  EXPECT_FALSE(outlook.occupied);
  EXPECT_DOUBLE_EQ(outlook.p_cast_down, 1.0);
  must(handle(ActionKind::cast_down_ladder, 0));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_FALSE(state_.portable_ladders[0].standing);
  EXPECT_EQ(state_.table().ladder_count(), 0);
  EXPECT_EQ(first("ladder_cast_down")->at("automatic"), true);
  // Lying at the foot, it may be taken up (1 AP).
  must(handle(ActionKind::pick_up_ladder, 0));
  EXPECT_EQ(state_.portable_ladders[0].carrier, 0);
  EXPECT_EQ(state_.action_points, 0);
}

TEST_F(PortableLadders, ADV_15_the_side_s_own_ladder_is_taken_down_not_cast_down) {
  start();
  stand_ladder(24.0, 0);
  EXPECT_NE(illegal_reason(state_, handle(ActionKind::cast_down_ladder, 0)).find("by the enemy"),
            std::string::npos);
  must(handle(ActionKind::pick_up_ladder, 0));
  EXPECT_EQ(state_.portable_ladders[0].carrier, 0);
  EXPECT_EQ(state_.laid.table, nullptr);
}

TEST_F(PortableLadders, ADV_15_an_occupied_ladder_falls_on_a_four_with_three_pushers) {
  start();
  stand_ladder(24.0, 1);
  const int boy = setup_->units[1].first_model;
  place(boy, 24.0, 13.6, 180);  // on the ladder's foot
  const int red = setup_->units[0].first_model;
  place(red, 22.6, 12.5, 0);
  place(red + 1, 25.4, 12.5, 0);
  place(red + 2, 24.0, 11.9, 0);
  const auto outlook = ladder_outlook(state_, handle(ActionKind::cast_down_ladder, 0));
  ASSERT_TRUE(outlook.legal);
  EXPECT_TRUE(outlook.occupied);
  EXPECT_EQ(outlook.pushers, 3);
  EXPECT_NEAR(outlook.p_cast_down, 0.5, 1e-12);
  script({4});     // the push: a 4, with three pushers (6 - 2)
  script({1, 1});  // the fall (MOVE-27): D3 = 1 hit at S2 (half the 3"), which fails
  script({1, 1});  // the Boyz's rout test: 2 on 2D6, passed
  must(handle(ActionKind::cast_down_ladder, 0));
  const auto push = rolls("ADV-15");
  ASSERT_GE(push.size(), 1u);
  EXPECT_EQ(push[0].at("goal"), 4);
  EXPECT_EQ(push[0].at("cast_down"), true);
  EXPECT_FALSE(state_.portable_ladders[0].standing);
  const auto falls = rolls("MOVE-27");
  ASSERT_EQ(falls.size(), 1u);
  EXPECT_EQ(falls[0].at("model"), boy);
  EXPECT_DOUBLE_EQ(falls[0].at("height").get<double>(), 1.5);
  ASSERT_EQ(push.size(), 2u) << "the survivors' rout test";
  EXPECT_EQ(push[1].at("passed"), true);
  EXPECT_LT(state_.models[boy].pose.position.y, 13.5) << "it lands at the foot";
}

TEST_F(PortableLadders, ADV_15_two_pushers_need_a_five) {
  start();
  stand_ladder(24.0, 1);
  const int boy = setup_->units[1].first_model;
  place(boy, 24.0, 13.6, 180);
  const int red = setup_->units[0].first_model;
  const auto& info = setup_->units[0];
  for (int i = 0; i < info.model_count; ++i) place(red + i, 10.0 + 1.1 * i, 6.0, 0);
  place(red, 22.6, 12.5, 0);
  place(red + 1, 25.4, 12.5, 0);
  script({4});
  must(handle(ActionKind::cast_down_ladder, 0));
  EXPECT_EQ(rolls("ADV-15").at(0).at("goal"), 5);
  EXPECT_TRUE(state_.portable_ladders[0].standing) << "a 4 is not enough for two";
}

TEST_F(PortableLadders, ADV_15_bearers_fire_no_heavy_weapon) {
  start(3.0, "", "[{unit: heavy_weapons_team, at: [24, 8], facing: 0, ladder: true}]");
  const int gunner = setup_->units[0].first_model;
  EXPECT_TRUE(detail::bears_ladder(state_, gunner)) << "two models: both bear it";
  EXPECT_DOUBLE_EQ(allowance(), 2.5 * 0.5);
  EXPECT_FALSE(is_legal(state_, shoot(0, 1, true)));
  state_.portable_ladders[0] = PortableLadder{};
  state_.portable_ladders[0].at = {30, 5};
  EXPECT_TRUE(is_legal(state_, shoot(0, 1, true))) << illegal_reason(state_, shoot(0, 1, true));
}

TEST_F(PortableLadders, ADV_15_bearers_locked_in_melee_drop_the_ladder) {
  start();
  const auto& info = setup_->units[0];
  const int boyz = setup_->units[1].first_model;
  for (int i = 0; i < setup_->units[1].model_count; ++i) place(boyz + i, 10.0 + 1.1 * i, 2.0, 0);
  for (int i = 0; i < info.model_count; ++i) place(info.first_model + i, 10.0 + 1.1 * i, 5.0, 180);
  for (int i = 0; i < 40; ++i) script({6});
  must(charge(0, 1));
  if (state_.phase == Phase::charge_response) must(act(ActionKind::hold, 1));
  EXPECT_NE(state_.units[0].locked, 0u);
  EXPECT_EQ(state_.portable_ladders[0].carrier, -1);
  ASSERT_NE(first("ladder_dropped"), nullptr);
}

TEST_F(PortableLadders, ADV_15_the_legal_list_offers_setting_up_and_the_option_switches_it_off) {
  start();
  bool offered = false;
  for (const auto& a : legal_actions(state_))
    offered = offered || a.kind == ActionKind::place_ladder;
  EXPECT_TRUE(offered);
  begin(test::battle("portable_ladders_off", "imperial_guard",
                     "[{unit: infantry_squad, at: [24, 8], facing: 0, ladder: true}]", "orks",
                     "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                     "options: {portable_ladders: false}\n" + wall_top(3.0)),
        5);
  EXPECT_TRUE(state_.portable_ladders.empty());
}

// ADV-14: the Guard Veterans (unit 0, all with rope and grapple) in a column below the face.
class Grapples : public PortableLadders {
 protected:
  void start_veterans(int dice = 3) {
    start(3.0, "", "[{unit: veteran_squad, at: [24, 8], facing: 0}]", dice);
  }
  Action throw_at(double x, double y) const {
    Action a = act(ActionKind::throw_grapple, 0);
    a.dx = x;
    a.dy = y;
    return a;
  }
  // A grapple of `side` (thrown by unit `owner`) holding at (x, 14).
  void hang_hook(double x, int side, int owner) {
    PortableLadder hook;
    hook.at = {x, 14.0};
    hook.up = {0.0, 1.0};
    hook.rise = 3.0f;
    hook.side = static_cast<std::int8_t>(side);
    hook.owner = static_cast<std::int16_t>(owner);
    hook.standing = true;
    hook.hook = true;
    state_.portable_ladders.push_back(hook);
    detail::refresh_laid_table(state_);
  }
};

TEST_F(Grapples, ADV_14_a_thrown_grapple_holds_on_the_thrower_s_BS_plus_one) {
  start_veterans();
  // The Veteran Sergeant (BS3) stands nearest the foot: 3 + 1 at a roof edge = 4.
  EXPECT_NEAR(grapple_chance(state_, throw_at(24.0, 14.0)), 4.0 / 6.0, 1e-12);
  script({4});
  must(throw_at(24.0, 14.0));
  const auto throws = rolls("ADV-14");
  ASSERT_EQ(throws.size(), 1u);
  EXPECT_EQ(throws[0].at("goal"), 4);
  ASSERT_EQ(state_.portable_ladders.size(), 1u);
  const PortableLadder& hook = state_.portable_ladders[0];
  EXPECT_TRUE(hook.hook);
  EXPECT_TRUE(hook.standing);
  EXPECT_EQ(hook.owner, 0);
  EXPECT_EQ(state_.table().ladder_count(), 1);
  ASSERT_NE(first("grapple_hooked"), nullptr);
  EXPECT_EQ(state_.action_points, 2) << "a throw is one action";
}

TEST_F(Grapples, ADV_14_a_missed_throw_leaves_no_rope) {
  start_veterans();
  script({5});
  must(throw_at(24.0, 14.0));
  EXPECT_TRUE(state_.portable_ladders.empty());
  EXPECT_EQ(state_.action_points, 2);
  EXPECT_EQ(state_.laid.table, nullptr);
}

TEST_F(Grapples, ADV_14_one_model_a_turn_climbs_a_grapple_s_rope_with_no_test) {
  start_veterans();
  const int lead = setup_->units[0].first_model;
  place(lead, 24.0, 13.5, 0);
  place(lead + 1, 24.0, 12.45, 0);  // the next Veteran right behind him
  script({4});
  must(throw_at(24.0, 14.0));
  must(move(0, 0, 1.0));  // the sergeant goes up: 1" and the 3" rope at the normal rate
  EXPECT_TRUE(dice_.exhausted()) << "no climbing test";
  EXPECT_DOUBLE_EQ(state_.table().level_at(state_.models[lead].pose.position), 3.0);
  const std::string second = illegal_reason(state_, move(0, 0, 1.0));
  EXPECT_NE(second.find("ADV-14: at most 1 model a turn"), std::string::npos) << second;
}

TEST_F(Grapples, ADV_14_under_the_GM_s_Strength_tests_a_climber_takes_hold_on_his_Strength) {
  for (const int die : {3, 4}) {  // the sergeant's S3: a 3 holds, a 4 does not
    log_.clear();
    start(3.0, "options: {rope_strength_tests: true}\n",
          "[{unit: veteran_squad, at: [24, 8], facing: 0}]", 3);
    const int lead = setup_->units[0].first_model;
    place(lead, 24.0, 13.5, 0);
    script({4});
    must(throw_at(24.0, 14.0));
    script({die});
    must(move(0, 0, 1.0));
    const auto tests = rolls("ADV-14");
    ASSERT_EQ(tests.size(), 2u) << "the throw, then one Strength test for a 3\" rope";
    EXPECT_EQ(tests[1].at("goal"), 3);
    EXPECT_EQ(tests[1].at("tests"), 1);
    EXPECT_EQ(tests[1].at("held").get<bool>(), die == 3);
    EXPECT_TRUE(dice_.exhausted());
    const auto& at = state_.models[lead].pose.position;
    EXPECT_DOUBLE_EQ(state_.table().level_at(at), die == 3 ? 3.0 : 0.0);
    if (die == 4) EXPECT_NEAR(at.y, 13.5, 1e-9) << "he stays where he took hold; no fall";
    EXPECT_TRUE(rolls("MOVE-27").empty());
  }
}

TEST_F(Grapples, ADV_14_an_attended_grapple_is_cast_down_on_a_four_and_is_gone) {
  start(3.0, "", "", 3);
  hang_hook(24.0, 1, 1);
  const int boy = setup_->units[1].first_model;
  place(boy, 24.0, 13.6, 180);
  const auto outlook = ladder_outlook(state_, handle(ActionKind::cast_down_ladder, 1));
  ASSERT_TRUE(outlook.legal);
  EXPECT_NEAR(outlook.p_cast_down, 0.5, 1e-12);
  script({3});
  must(handle(ActionKind::cast_down_ladder, 1));
  EXPECT_EQ(state_.portable_ladders.size(), 2u) << "a 3 holds (the squad's ladder and the hook)";
  script({4});
  script({1, 1});  // the fall: one hit at S2, which fails to wound
  must(handle(ActionKind::cast_down_ladder, 1));
  ASSERT_EQ(state_.portable_ladders.size(), 1u) << "the hook is gone";
  EXPECT_EQ(state_.portable_ladders[0].carrier, 0) << "the squad still carries its own ladder";
  EXPECT_EQ(rolls("MOVE-27").size(), 1u);
  EXPECT_TRUE(rolls("ADV-15").empty()) << "no rout test after a grapple's fall";
  EXPECT_EQ(state_.table().ladder_count(), 0);
}

TEST_F(Grapples, ADV_14_only_rope_and_grapple_units_throw_and_four_hold_to_six_inches) {
  start(3.0, "", "", 2);
  EXPECT_NE(illegal_reason(state_, throw_at(24.0, 14.0)).find("rope_and_grapple"),
            std::string::npos);
  start_veterans();
  place(setup_->units[0].first_model, 26.0, 12.6, 0);
  for (const double x : {20.5, 22.0, 23.5, 25.0}) hang_hook(x, 0, 0);
  const std::string fifth = illegal_reason(state_, throw_at(26.5, 14.0));
  EXPECT_NE(fifth.find("at most 4 grapples"), std::string::npos) << fifth;
  EXPECT_NE(illegal_reason(state_, throw_at(25.4, 14.0)).find("already hangs there"),
            std::string::npos);
}

// ADV-14 (ruling A-47): a hand throws a grapple to the top of level 2, 6" up, and no higher. The
// Veteran Sergeant's power grapple (grapple_launcher) throws as a hand does under the default
// ruling.ADV-14 (asThrown).
TEST_F(Grapples, ADV_14_a_hand_throws_a_grapple_to_the_top_of_level_two) {
  start(6.0, "", "[{unit: veteran_squad, at: [24, 8], facing: 0}]", 3);
  EXPECT_EQ(illegal_reason(state_, throw_at(24.0, 14.0)), "") << "a 6-inch face";
  EXPECT_NEAR(grapple_chance(state_, throw_at(24.0, 14.0)), 4.0 / 6.0, 1e-12);
  start(7.5, "", "[{unit: veteran_squad, at: [24, 8], facing: 0}]", 3);
  const std::string high = illegal_reason(state_, throw_at(24.0, 14.0));
  EXPECT_NE(high.find("ADV-14: a grapple reaches no higher than the top of level 2"),
            std::string::npos)
      << high;
  EXPECT_EQ(grapple_chance(state_, throw_at(24.0, 14.0)), 0.0);
}

// ADV-14, ruling.ADV-14 anyHeight: a launcher sends its hook up a face of any height; the plain
// ropes of the other Veterans still reach no higher than a hand throws them.
TEST_F(Grapples, ADV_14_a_launcher_reaches_any_height_under_the_ruling_anyHeight) {
  start(7.5, "rulings: {ruling.ADV-14: anyHeight}\n",
        "[{unit: veteran_squad, at: [24, 8], facing: 0}]", 3);
  const int sergeant = setup_->units[0].first_model;
  ASSERT_TRUE(setup_->models[sergeant].profile->has_rule("grapple_launcher"));
  EXPECT_NEAR(grapple_chance(state_, throw_at(24.0, 14.0)), 4.0 / 6.0, 1e-12) << "BS3 + 1";
  script({4});
  must(throw_at(24.0, 14.0));
  ASSERT_EQ(state_.portable_ladders.size(), 1u);
  EXPECT_NEAR(state_.portable_ladders[0].rise, 7.5f, 1e-6);
  // Without the sergeant by the foot, a Veteran's hand throw cannot reach it.
  start(7.5, "rulings: {ruling.ADV-14: anyHeight}\n",
        "[{unit: veteran_squad, at: [24, 8], facing: 0}]", 3);
  place(sergeant, 40.0, 6.0, 0);
  const std::string plain = illegal_reason(state_, throw_at(24.0, 14.0));
  EXPECT_NE(plain.find("no model of Veteran Squad with a grapple launcher"), std::string::npos)
      << plain;
}

// ADV-14 (EX-32): a hook thrown at a window holds on the thrower's BS, at an arrow loophole on BS
// less one (a roof edge, the default, at BS + 1: above).
TEST_F(Grapples, ADV_14_a_window_holds_on_BS_and_a_loophole_on_BS_less_one) {
  const auto keep = [&](const std::string& hold) {
    log_.clear();
    begin(test::battle("grapple_" + hold, "imperial_guard",
                       "[{unit: veteran_squad, at: [24, 8], facing: 0}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                       "terrain:\n  - {id: tower, kind: ground, elevation: 3, grapple_hold: " +
                           hold + ", polygon: [[4, 14], [44, 14], [44, 22], [4, 22]]}\n"),
          5);
    const auto& info = setup_->units[0];
    for (int i = 0; i < info.model_count; ++i) place(info.first_model + i, 24.0, 12.5 - 1.1 * i, 0);
    state_.phasing = 0;
    script({1, 1, 1});
    must(activate(0, 3));
  };
  keep("window");
  EXPECT_NEAR(grapple_chance(state_, throw_at(24.0, 14.0)), 3.0 / 6.0, 1e-12) << "BS3";
  script({3});
  must(throw_at(24.0, 14.0));
  EXPECT_EQ(rolls("ADV-14").at(0).at("goal"), 3);
  EXPECT_EQ(state_.portable_ladders.size(), 1u) << "a 3 holds at a window";
  keep("loophole");
  EXPECT_NEAR(grapple_chance(state_, throw_at(24.0, 14.0)), 2.0 / 6.0, 1e-12) << "BS3 - 1";
  script({3});
  must(throw_at(24.0, 14.0));
  EXPECT_EQ(rolls("ADV-14").at(0).at("goal"), 2);
  EXPECT_TRUE(state_.portable_ladders.empty()) << "a 3 misses a loophole";
}

// ADV-14: the loader takes a grapple hold only on a raised surface, and only the three kinds.
TEST(GrappleHolds, ADV_14_the_loader_refuses_a_hold_that_is_not_one_or_not_raised) {
  const auto refusal = [](const std::string& feature) {
    try {
      test::battle("bad_hold", "imperial_guard", "[{unit: veteran_squad, at: [24, 8], facing: 0}]",
                   "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                   "terrain:\n  - " + feature + "\n");
    } catch (const std::exception& error) {
      return std::string(error.what());
    }
    return std::string();
  };
  const std::string door = refusal(
      "{id: keep, kind: ground, elevation: 3, grapple_hold: door, polygon: [[4, 14], [44, 14], "
      "[44, 22], [4, 22]]}");
  EXPECT_NE(door.find("expected roof_edge, window or loophole"), std::string::npos) << door;
  EXPECT_NE(door.find("grapple_hold"), std::string::npos) << door;
  const std::string flat = refusal(
      "{id: yard, kind: ground, grapple_hold: window, polygon: [[4, 14], [44, 14], [44, 22], "
      "[4, 22]]}");
  EXPECT_NE(flat.find("give the feature an elevation"), std::string::npos) << flat;
}

}  // namespace
}  // namespace arap::game
