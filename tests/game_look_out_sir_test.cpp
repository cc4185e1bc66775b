// SHOOT-47 "Look Out, Sir!" as a scenario option: who counts as a character, the D6 that passes a
// template or marker hit to the rank and file, and a character alone keeping it.
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

}  // namespace
}  // namespace arap::game
