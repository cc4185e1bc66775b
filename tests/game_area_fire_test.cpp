// SHOOT-47 "Look Out, Sir!" as a scenario option: who counts as a character, the D6 that passes a
// template or marker hit to the rank and file, and a character alone keeping it. SHOOT-40: area
// weapons cannot pick out the character either; SHOOT-48: guess range.
#include <gtest/gtest.h>

#include <limits>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Tactical squad (unit 0, models 0-9: sergeant 0, bolters 1-7, flamer 8, missile 9);
// Blue: a Guard squad (unit 1, models 10-19: sergeant 10, lasguns 11-17, flamer 18, grenadier
// 19) and a heavy weapons team (unit 2: gunner 20, loader 21).
class LookOutSir : public test::ScriptedGame {
 protected:
  void arrange(bool option) {
    begin(test::battle(option ? "look_out_sir" : "no_look_out_sir", "space_marines",
                       "[{unit: tactical_squad, at: [24, 8], facing: 0}]", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 40], facing: 180}, {unit: "
                       "heavy_weapons_team, at: [4, 44]}]",
                       option ? "options: {look_out_sir: true}\n" : ""),
          5);
  }

  int nearest_rank_and_file_to(int model) const {
    int best = -1;
    double best_d = std::numeric_limits<double>::infinity();
    for (int m = 11; m <= 17; ++m) {
      const double d =
          table::distance(state_.models[m].pose.position, state_.models[model].pose.position);
      if (d < best_d) {
        best_d = d;
        best = m;
      }
    }
    return best;
  }
};

TEST_F(LookOutSir, SHOOT_47_characters_are_leaders_and_the_differently_armed) {
  arrange(true);
  const auto character = [&](int m) { return setup_->models[m].character; };
  EXPECT_TRUE(character(0)) << "the Marines' sergeant leads";
  for (int m = 1; m <= 7; ++m) EXPECT_FALSE(character(m)) << m;
  EXPECT_TRUE(character(8)) << "the flamer differs from the bolters";
  EXPECT_TRUE(character(9));
  EXPECT_TRUE(character(10));
  for (int m = 11; m <= 17; ++m) EXPECT_FALSE(character(m)) << m;
  EXPECT_TRUE(character(18));
  EXPECT_TRUE(character(19));
  // A team of two different models has no rank and file majority: only its leader counts.
  EXPECT_TRUE(character(20));
  EXPECT_FALSE(character(21));
}

TEST_F(LookOutSir, SHOOT_47_five_or_less_passes_the_hit_a_six_keeps_it) {
  arrange(true);
  detail::Context c(state_, &log_);
  script({5});
  EXPECT_EQ(detail::look_out_sir(c, 10), nearest_rank_and_file_to(10));
  script({6});
  EXPECT_EQ(detail::look_out_sir(c, 10), 10);
  EXPECT_EQ(detail::look_out_sir(c, 11), 11) << "rank and file roll nothing";
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(LookOutSir, SHOOT_47_a_character_with_nobody_to_take_it_keeps_the_hit) {
  arrange(true);
  state_.models[21].pose.alive = false;
  state_.models[21].wounds_left = 0;
  detail::Context c(state_, &log_);
  EXPECT_EQ(detail::look_out_sir(c, 20), 20);
  EXPECT_TRUE(dice_.exhausted()) << "no die is rolled";
}

TEST_F(LookOutSir, SHOOT_47_without_the_option_nobody_looks_out) {
  arrange(false);
  detail::Context c(state_, &log_);
  EXPECT_EQ(detail::look_out_sir(c, 10), 10);
  EXPECT_TRUE(dice_.exhausted());
}

// In play: only the flamer Marine (model 8) is within reach, 6" from the Guard sergeant, who is
// the nearest Guardsman and so under the template; every die a 1 (the hit is passed).
TEST_F(LookOutSir, SHOOT_47_a_flamer_template_on_the_sergeant) {
  arrange(true);
  for (int m = 0; m < 10; ++m) state_.models[m].pose.position = {2.0 + 2.0 * m, 2.0};
  state_.models[8].pose.facing = 0.0;
  const table::Point sergeant = state_.models[10].pose.position;
  state_.models[8].pose.position = {sergeant.x, sergeant.y - 6.0};
  test::ConstantDice ones{1};
  state_.scripted_dice = &ones;
  must(activate(0, 1));
  Action fire = act(ActionKind::shoot, 0);
  fire.target = 1;
  const int expected = nearest_rank_and_file_to(10);
  must(fire);
  const Event* passed = nullptr;
  for (const auto& e : log_)
    if (e.value("rule", "") == "SHOOT-47" && e.at("model") == 10) passed = &e;
  ASSERT_NE(passed, nullptr) << "the sergeant was under the template";
  EXPECT_EQ(passed->at("hit"), expected);
  EXPECT_EQ(passed->at("dice"), Event::array({1}));
}

// SHOOT-40: the Missile Marine (model 9) fires a frag missile at the Guard squad strung out in a
// line with its sergeant (model 10) at the near end: the marker goes to the middle of the squad,
// not to the sergeant. Every die a 1: the missile lands where it was aimed.
TEST_F(LookOutSir, SHOOT_40_an_area_weapon_aims_at_the_middle_of_the_squad) {
  arrange(false);
  for (int k = 0; k < 10; ++k) {
    state_.models[10 + k].pose.position = {20.0 + 2.0 * k, 30.0};
    state_.models[10 + k].pose.facing = 180.0;
  }
  state_.models[9].pose.position = {18.0, 10.0};
  test::ConstantDice ones{1};
  state_.scripted_dice = &ones;
  must(activate(0, 2));
  Action fire = act(ActionKind::shoot, 0);
  fire.target = 1;
  fire.heavy = true;
  must(fire);
  const Event* marker = nullptr;
  for (const auto& e : log_)
    if (e.value("type", "") == "marker") marker = &e;
  ASSERT_NE(marker, nullptr);
  const table::Point at{marker->at("at")[0].get<double>(), marker->at("at")[1].get<double>()};
  EXPECT_GT(table::distance(at, {20.0, 30.0}), 7.9) << "not at the sergeant";
  EXPECT_NEAR(at.x, 28.0, 1e-9) << "the Guardsman nearest the squad's centre (29, 30)";
  EXPECT_NEAR(at.y, 30.0, 1e-9);
}

// SHOOT-48: Marines 5" from a Guard line throw frag grenades at a declared range: the marker goes
// down that far along the line to the aim point; a range beyond the grenade's reach wastes the
// throw. Every die a 1: the throw lands where declared.
class GuessRange : public LookOutSir {
 protected:
  void SetUp() override {
    arrange(false);
    for (int k = 0; k < 10; ++k) {
      state_.models[k].pose.position = {20.0 + 2.0 * k, 25.0};
      state_.models[k].pose.facing = 0.0;
      state_.models[10 + k].pose.position = {20.0 + 2.0 * k, 30.0};
      state_.models[10 + k].pose.facing = 180.0;
    }
    state_.scripted_dice = &ones_;
    must(activate(0, 1));
  }

  Action throw_at(std::optional<double> guess) const {
    Action a = act(ActionKind::throw_grenade, 0);
    a.target = 1;
    a.guess = guess;
    return a;
  }

  std::vector<table::Point> markers() const {
    std::vector<table::Point> out;
    for (const auto& e : log_)
      if (e.value("type", "") == "marker")
        out.push_back({e.at("at")[0].get<double>(), e.at("at")[1].get<double>()});
    return out;
  }

  test::ConstantDice ones_{1};
};

TEST_F(GuessRange, SHOOT_48_the_marker_goes_down_at_the_declared_range) {
  EXPECT_EQ(to_json(throw_at(3.0)).at("guess"), 3.0);
  EXPECT_EQ(action_from_json(to_json(throw_at(3.0))), throw_at(3.0));
  must(throw_at(3.0));
  const auto at = markers();
  ASSERT_FALSE(at.empty());
  // The first thrower (model 0 at 20, 25) aims at the Guardsman at (20, 30).
  EXPECT_NEAR(at[0].x, 20.0, 1e-9);
  EXPECT_NEAR(at[0].y, 28.0, 1e-9);
}

TEST_F(GuessRange, SHOOT_48_a_range_beyond_reach_wastes_the_throw) {
  double reach = 0.0;
  for (const auto* weapon : setup_->models[0].group->weapons)
    if (weapon->id == "frag_grenade") reach = weapon->range;
  ASSERT_GT(reach, 0.0);
  must(throw_at(reach + 1.0));
  EXPECT_TRUE(markers().empty());
  EXPECT_TRUE(logged("guess_out_of_range"));
  EXPECT_EQ(state_.living_models(1), 10);
}

TEST_F(GuessRange, SHOOT_48_only_guess_range_weapons_take_a_declared_range) {
  const GameState before = state_;
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 1;
  shoot.guess = 5.0;
  const std::string refused = apply(state_, shoot, &log_);
  EXPECT_NE(refused.find("SHOOT-48"), std::string::npos) << refused;
  EXPECT_NE(apply(state_, throw_at(-2.0), &log_).find("SHOOT-48"), std::string::npos);
  EXPECT_EQ(state_, before);
}

}  // namespace
}  // namespace arap::game
