// Firing into a close combat in play (SHOOT-58): -1 to hit, and each hit goes to one side or the
// other on a D6, with scripted dice.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard squad (unit 0, models 0-9) locked with Blue's Assault squad (unit 2, models 11-15),
// and a Commissar (unit 1, model 10, BS4, bolt pistol) 8" east of the Assault squad.
class MeleeFire : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("melee_fire", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 18]}, {unit: commissar, at: [34, 24], "
                       "facing: 270}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
    state_.units[0].locked = 1u << 2;
    state_.units[2].locked = 1u << 0;
    script({1});
    must(activate(1, 1));
  }

  Action shoot_assault_squad() const {
    Action a = act(ActionKind::shoot, 1);
    a.target = 2;
    return a;
  }

  int to_hit_goal() const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("rule", "") == "SHOOT-10") return it->at("goal").get<int>();
    return -99;
  }
};

TEST_F(MeleeFire, SHOOT_58_a_four_to_six_sends_the_hit_to_the_other_side) {
  script({1});     // to hit
  script({4});     // the side die: 4-6 is the other side, Red's own Guard
  script({7});     // SHOOT-27: a D10 among the ten Guardsmen picks the seventh
  script({6, 1});  // wounds (S4 v T3), the 5+ save fails
  must(shoot_assault_squad());
  EXPECT_EQ(state_.living_models(0), 9);
  EXPECT_FALSE(state_.models[6].pose.alive);
  EXPECT_EQ(state_.living_models(2), 5);
  ASSERT_TRUE(logged("melee_fire_split"));
  for (const auto& e : log_) {
    if (e.value("type", "") != "melee_fire_split") continue;
    EXPECT_EQ(e.at("other"), 0);
    EXPECT_EQ(e.at("target_side_on"), 3);  // no side clearly nearer
  }
}

TEST_F(MeleeFire, SHOOT_58_a_one_to_three_hits_the_target) {
  script({1});     // to hit
  script({3});     // the side die: the Assault squad
  script({6, 1});  // wounds, the 3+ save fails
  must(shoot_assault_squad());
  EXPECT_EQ(state_.living_models(0), 10);
  EXPECT_EQ(state_.living_models(2), 4);
}

TEST_F(MeleeFire, SHOOT_58_firing_into_a_fight_is_minus_one_to_hit) {
  const GameState free_state = [&] {
    GameState copy = state_;
    copy.units[0].locked = 0;
    copy.units[2].locked = 0;
    return copy;
  }();
  script({6});  // a miss
  must(shoot_assault_squad());
  const int locked_goal = to_hit_goal();
  state_ = free_state;
  log_.clear();
  script({6});
  must(shoot_assault_squad());
  EXPECT_EQ(locked_goal, to_hit_goal() - 1);
}

TEST(MeleeFireSplit, SHOOT_58_a_clearly_nearer_side_is_hit_on_two_in_three) {
  // The Commissar stands beside the Guard: the nearer half of the fight is mostly Guard, so the
  // Assault squad (the target) takes hits on 1-2 only and the Guard on 3-6.
  const auto setup = test::battle(
      "melee_fire_near", "imperial_guard",
      "[{unit: infantry_squad, at: [24, 18]}, {unit: commissar, at: "
      "[24, 10], facing: 0}]",
      "space_marines", "[{unit: assault_squad, at: [24, 22], facing: 180, spacing: 1.5}]");
  GameState s = initial_state(*setup, 3);
  s.units[0].locked = 1u << 2;
  s.units[2].locked = 1u << 0;
  // The split is private to the fire code; its effect is logged with the shot.
  dice::ScriptedDice dice;
  s.scripted_dice = &dice;
  for (const int f : {1, 1}) dice.push(f);  // activation, to hit
  for (const int f : {3, 1, 6, 1})
    dice.push(f);  // side 3 -> the Guard (D10: the first); wound;
                   // save fails
  EventLog log;
  Action activate = act(ActionKind::activate, 1);
  activate.dice = 1;
  ASSERT_EQ(apply(s, activate, &log), "");
  Action shoot = act(ActionKind::shoot, 1);
  shoot.target = 2;
  ASSERT_EQ(apply(s, shoot, &log), "");
  bool split_seen = false;
  for (const auto& e : log) {
    if (e.value("type", "") != "melee_fire_split") continue;
    split_seen = true;
    EXPECT_EQ(e.at("target_side_on"), 2);
  }
  EXPECT_TRUE(split_seen);
  EXPECT_EQ(s.living_models(0), 9);
  EXPECT_EQ(s.living_models(2), 5);
}

}  // namespace
}  // namespace arap::game
