// ADV-15 in play: portable ladders carried (the bearers' rate, no tactical move, their arms), set
// up against a face (place_ladder: reach, height, the 6" section), climbed as a table ladder
// (MOVE-28: no test), taken up again, dropped in mêlée, and cast down (automatically, or on a D6
// of 6 less one a pusher past the first, its climbers falling). Dice are scripted.
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

}  // namespace
}  // namespace arap::game
