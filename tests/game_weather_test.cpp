// ADV-21 weather (optional, option weather): the rain's level moves with the GM's D6 at the start
// of each game turn, and each level keeps the effects of those below it (ruling A-49): sight
// (and so shooting) to 12" from level 1, half-rate moves at 2, quarter-rate moves and no swimming
// at 3, no movement and short-range-only laser, flamer, melta and plasma weapons at 4.
// Exact odds and scripted dice.
#include <gtest/gtest.h>

#include <cmath>

#include "data/data_error.hpp"
#include "game/context.hpp"
#include "rules/weather.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

std::string rain(int level) {
  return "options: {weather: true, rain: " + std::to_string(level) + "}\n";
}

TEST(Weather, ADV_21_each_game_turn_the_rain_worsens_on_a_1_and_eases_on_a_6) {
  const auto middle = rules::rain_level_odds(2);
  EXPECT_NEAR(middle[3], 1.0 / 6.0, 1e-12);  // the catalogue: P(rises) = 1/6
  EXPECT_NEAR(middle[1], 1.0 / 6.0, 1e-12);  // P(falls) = 1/6
  EXPECT_NEAR(middle[2], 4.0 / 6.0, 1e-12);
  const auto dry = rules::rain_level_odds(0);
  EXPECT_NEAR(dry[0], 5.0 / 6.0, 1e-12);  // it cannot ease below no rain
  EXPECT_NEAR(dry[1], 1.0 / 6.0, 1e-12);
  const auto storm = rules::rain_level_odds(4);
  EXPECT_NEAR(storm[4], 5.0 / 6.0, 1e-12);  // nor worsen past 4
  EXPECT_NEAR(storm[3], 1.0 / 6.0, 1e-12);
}

TEST(Weather, ADV_21_the_levels_are_cumulative) {
  // Ruling A-49: a heavier level keeps the lighter ones' effects.
  EXPECT_EQ(rules::rain_sight(0), 0.0);
  for (int level = 1; level <= 4; ++level) EXPECT_EQ(rules::rain_sight(level), 12.0);
  EXPECT_EQ(rules::rain_move_rate(1), 1.0);
  EXPECT_EQ(rules::rain_move_rate(2), 0.5);
  EXPECT_EQ(rules::rain_move_rate(3), 0.25);
  EXPECT_EQ(rules::rain_move_rate(4), 0.0);
  EXPECT_FALSE(rules::rivers_swollen(2));
  EXPECT_TRUE(rules::rivers_swollen(3));
  EXPECT_TRUE(rules::rivers_swollen(4));
}

TEST(Weather, ADV_21_laser_flamer_melta_and_plasma_reach_only_short_range_at_level_4) {
  const auto library = test::shipped_library();
  const auto reach = [&](const std::string& id, int level) {
    return rules::rain_reach(*library->weapon(id), level);
  };
  EXPECT_EQ(reach("lasgun", 4), 12.0);       // laser: min(12, half of 24)
  EXPECT_EQ(reach("plasma_gun", 4), 12.0);   // plasma
  EXPECT_EQ(reach("flamer", 4), 4.0);        // flamer: half of 8
  EXPECT_EQ(reach("multi_melta", 4), 12.0);  // melta
  EXPECT_EQ(reach("lascannon", 4), 12.0);
  EXPECT_EQ(reach("bolter", 4), 24.0);  // anything else keeps its range
  EXPECT_EQ(reach("plasma_gun", 3), 24.0);
}

// Red: a Guardsman squad (M4, unit 0, models 0-9) reduced to one Guardsman (model 1) at (10, 10)
// facing north. Blue: a Tactical squad (unit 1, models 10-19) reduced to one Marine (model 11).
class WeatherGame : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options, double blue_y = 40.0) {
    begin(test::battle("weather", "imperial_guard", "[{unit: infantry_squad, at: [10, 10]}]",
                       "space_marines", "[{unit: tactical_squad, at: [10, 40], facing: 180}]",
                       options),
          5);
    for (int m = 0; m < 10; ++m)
      if (m != 1) remove_model(m);
    for (int m = 10; m < 20; ++m)
      if (m != 11) remove_model(m);
    place(1, 10, 10, 0);
    place(11, 10, blue_y, 180);
    ASSERT_EQ(setup_->units[0].move, 4);
  }

  std::string refusal(const Action& a) const { return illegal_reason(state_, a); }

  void red_activates() {
    script({1});
    must(activate(0, 1));
  }
};

TEST_F(WeatherGame, ADV_21_at_level_3_an_M4_unit_moves_1_inch_per_action_in_the_open) {
  arrange(rain(3));
  red_activates();
  EXPECT_NE(refusal(move(0, 0, 1.2)), "");  // a quarter of 4" is 1"
  // The move planner offers the same inch.
  const MovePlan plan = plan_move(state_, 0, table::MoveMode::normal, {10, 30});
  EXPECT_NEAR(plan.allowance, 1.0, 1e-12);
  EXPECT_NEAR(plan.inches, 1.0, 1e-6);
  must(move(0, 0, 1.0));
  EXPECT_NEAR(state_.models[1].pose.position.y, 11.0, 1e-9);
}

TEST_F(WeatherGame, ADV_21_at_level_2_moves_are_at_half_rate_and_at_level_1_at_full) {
  arrange(rain(2));
  red_activates();
  EXPECT_NE(refusal(move(0, 0, 2.2)), "");
  EXPECT_EQ(refusal(move(0, 0, 2.0)), "");
  arrange(rain(1));
  red_activates();
  EXPECT_EQ(refusal(move(0, 0, 4.0)), "");
}

TEST_F(WeatherGame, ADV_21_at_level_4_nothing_moves_or_charges) {
  arrange(rain(4), 14.0);
  red_activates();
  EXPECT_NE(refusal(move(0, 0, 0.5)).find("ADV-21"), std::string::npos) << refusal(move(0, 0, 0.5));
  EXPECT_NE(refusal(charge(0, 1)).find("ADV-21"), std::string::npos) << refusal(charge(0, 1));
  Action swim = move(0, 0, 0.5);
  swim.mode = table::MoveMode::swim;
  EXPECT_NE(refusal(swim).find("ADV-21"), std::string::npos);
}

TEST_F(WeatherGame, ADV_21_from_level_3_nobody_swims_a_swollen_river) {
  arrange(rain(3));
  EXPECT_NE(detail::rain_move_problem(state_, table::MoveMode::swim).find("swollen"),
            std::string::npos);
  EXPECT_EQ(detail::rain_move_problem(state_, table::MoveMode::normal), "");
  arrange(rain(2));
  EXPECT_EQ(detail::rain_move_problem(state_, table::MoveMode::swim), "");
}

TEST_F(WeatherGame, ADV_21_a_Charge_covers_its_roll_at_the_rain_rate) {
  // M4 + 2D6 reaches at most 16" and a man-sized Charger contacts from 2" further: 18" dry, but
  // 16 / 2 + 2 = 10" at level 2.
  arrange(rain(2), 21.0);  // 11" apart
  red_activates();
  EXPECT_NE(refusal(charge(0, 1)).find("CHARGE-02"), std::string::npos) << refusal(charge(0, 1));
  arrange("", 21.0);
  red_activates();
  EXPECT_EQ(refusal(charge(0, 1)), "");
  // 9" apart at level 2: the preview's shortest roll that reaches doubles the dry one's gap.
  arrange(rain(2), 19.0);
  red_activates();
  const ChargeReach wet = charge_reach(state_, charge(0, 1));
  ASSERT_TRUE(wet.legal);
  arrange("", 19.0);
  red_activates();
  const ChargeReach dry = charge_reach(state_, charge(0, 1));
  ASSERT_TRUE(dry.legal);
  EXPECT_GT(wet.shortest_roll, dry.shortest_roll);
  EXPECT_LT(wet.p_reach, dry.p_reach);
}

TEST_F(WeatherGame, ADV_21_in_the_rain_nobody_sees_or_shoots_further_than_12_inches) {
  arrange(rain(1), 30.0);  // 20" apart: in the lasgun's 24"
  red_activates();
  const std::string why = refusal(shoot(0, 1));
  EXPECT_NE(why.find("ADV-21"), std::string::npos) << why;
  EXPECT_EQ(state_.models[1].pose.sight_limit, 12);
  arrange("", 30.0);
  red_activates();
  EXPECT_EQ(refusal(shoot(0, 1)), "");
  arrange(rain(1), 21.5);  // 11.5" apart
  red_activates();
  EXPECT_EQ(refusal(shoot(0, 1)), "");
}

TEST_F(WeatherGame, ADV_21_infra_vision_sees_through_the_rain) {
  arrange(rain(2), 30.0);
  state_.models[1].pose.infra_vision = true;
  detail::set_rain_sight(state_);
  EXPECT_EQ(state_.models[1].pose.sight_limit, 0);
  EXPECT_EQ(state_.models[11].pose.sight_limit, 12);
  red_activates();
  EXPECT_EQ(refusal(shoot(0, 1)), "");
}

TEST_F(WeatherGame, ADV_21_the_GM_rolls_for_the_rain_when_a_game_turn_begins) {
  arrange(rain(0), 30.0);
  EXPECT_EQ(state_.models[1].pose.sight_limit, 0);
  must(act(ActionKind::end_phase));  // Red's player turn ends: no roll within a game turn
  EXPECT_EQ(state_.rain, 0);
  script({1});  // game turn 2 opens: a 1 and the rain comes
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.turn, 2);
  EXPECT_EQ(state_.rain, 1);
  EXPECT_EQ(state_.models[1].pose.sight_limit, 12);
  EXPECT_EQ(state_.models[11].pose.sight_limit, 12);
  ASSERT_EQ(rolls("ADV-21").size(), 1u);
  EXPECT_EQ(rolls("ADV-21")[0].value("rain", -1), 1);
  must(act(ActionKind::end_phase));
  script({6});  // game turn 3: a 6 and it eases again
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.rain, 0);
  EXPECT_EQ(state_.models[1].pose.sight_limit, 0);
  EXPECT_TRUE(invariant_violations(state_).empty());
}

TEST_F(WeatherGame, ADV_21_switched_off_no_roll_and_no_rain) {
  arrange("", 30.0);
  must(act(ActionKind::end_phase));
  must(act(ActionKind::end_phase));  // no die is scripted: none may be rolled
  EXPECT_EQ(state_.turn, 2);
  EXPECT_EQ(state_.rain, 0);
  EXPECT_TRUE(rolls("ADV-21").empty());
}

TEST(Weather, ADV_21_a_rain_level_needs_the_option_and_lies_within_0_to_4) {
  const auto error_of = [](const std::string& options) -> std::string {
    try {
      test::battle("weather_bad", "imperial_guard", "[{unit: infantry_squad, at: [10, 10]}]",
                   "space_marines", "[{unit: tactical_squad, at: [10, 40]}]", options);
    } catch (const data::DataError& e) {
      return e.field() + ": " + e.what();
    }
    return "";
  };
  EXPECT_NE(error_of("options: {rain: 2}\n").find("options.rain"), std::string::npos);
  EXPECT_NE(error_of("options: {rain: 2}\n").find("weather"), std::string::npos);
  EXPECT_NE(error_of("options: {weather: true, rain: 5}\n").find("options.rain"),
            std::string::npos);
  EXPECT_EQ(error_of("options: {weather: true, rain: 4}\n"), "");
}

}  // namespace
}  // namespace arap::game
