// ADV-33 (advanced, option declared_shots): the target is named before anyone measures, so a
// model that sees the target but whose weapon falls short fires anyway and wastes its shot: the
// action is paid for and nothing is rolled. Switched off, a target beyond every weapon is refused
// (SHOOT-01) as before.
#include <algorithm>

#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "ai/agents.hpp"
#include "ai/tactician.hpp"
#include "dice/rng.hpp"
#include "game/context.hpp"
#include "game/record.hpp"
#include "support/personalities.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: an Infantry Squad (unit 0, models 0-9) of which only Guardsmen with lasguns (24") are
// left, at y = 6 facing north. Blue: Slugga Boyz (unit 1, models 10-21) in a loose line whose
// nearest Boy stands `nearest` inches straight ahead of the first Guardsman.
class DeclaredShots : public test::ScriptedGame {
 protected:
  void arrange(double nearest, const std::string& options = "", int guardsmen = 1) {
    begin(test::battle("declared_shots", "imperial_guard", "[{unit: infantry_squad, at: [24, 6]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 40], facing: 180}]", options),
          7);
    for (int m = 0; m < 10; ++m)
      if (m < 1 || m > guardsmen) remove_model(m);
    for (int m = 1; m <= guardsmen; ++m) place(m, 24.0 + 2.0 * (m - 1), 6.0, 0.0);
    // The Nob straight ahead, the Boyz in a row 2" behind him.
    place(10, 24.0, 6.0 + nearest, 180.0);
    for (int k = 1; k < 12; ++k) place(10 + k, 13.0 + 2.0 * k, 8.0 + nearest, 180.0);
    state_.phasing = 0;
    script({1});
    must(activate(0, 1));
  }

  std::vector<Event> of_type(const std::string& type) const {
    std::vector<Event> out;
    for (const auto& e : log_)
      if (e.value("type", "") == type) out.push_back(e);
    return out;
  }
};

TEST_F(DeclaredShots, ADV_33_a_lasgun_declared_at_24_5_inches_is_wasted) {
  arrange(24.5);
  const Action shot = shoot(0, 1);
  ASSERT_EQ(illegal_reason(state_, shot), "");
  // The door lists it (it is legal) and previews it as firing nothing.
  bool listed = false;
  for (const auto& a : legal_actions(state_)) listed = listed || a == shot;
  EXPECT_TRUE(listed);
  EXPECT_TRUE(fire_groups(state_, shot).empty());
  const auto preview = advice::preview(state_, shot);
  ASSERT_EQ(preview.notes.size(), 1u);
  EXPECT_NE(preview.notes[0].find("ADV-33"), std::string::npos);
  EXPECT_EQ(preview.slain.mean(), 0.0);
  // No die is scripted: a to-hit roll would run the script dry and fail the action.
  must(shot);
  EXPECT_TRUE(rolls("SHOOT-10").empty());
  const auto wasted = of_type("shot_wasted");
  ASSERT_EQ(wasted.size(), 1u);
  EXPECT_EQ(wasted[0]["rule"], "ADV-33");
  EXPECT_EQ(wasted[0]["model"], 1);
  EXPECT_EQ(wasted[0]["weapon"], "lasgun");
  EXPECT_NEAR(wasted[0]["range"].get<double>(), 24.5, 1e-12);
  EXPECT_EQ(wasted[0]["reach"], 24.0);
  // The action point is spent: the one-die activation is over, and nobody is hurt.
  EXPECT_EQ(state_.phase, Phase::activation);
  EXPECT_EQ(state_.living_models(1), 12);
}

// Unlogged, a wasted shot that changes nothing (an assault weapon at the action's own price, no
// Reload, nobody hidden) is not even looked for; the state after the action is the logged one.
TEST_F(DeclaredShots, ADV_33_unlogged_the_state_after_a_wasted_shot_is_the_logged_one) {
  arrange(24.5, "", 3);
  GameState unlogged = state_;
  ASSERT_EQ(apply(unlogged, shoot(0, 1), nullptr), "");
  must(shoot(0, 1));
  EXPECT_EQ(of_type("shot_wasted").size(), 3u);
  EXPECT_TRUE(unlogged == state_);
  EXPECT_EQ(state_digest(unlogged), state_digest(state_));
}

TEST_F(DeclaredShots, ADV_33_within_reach_the_shot_is_rolled_as_usual) {
  arrange(23.5);
  // A 6 misses (DICE-04): one to-hit die, nothing wasted.
  script({6});
  must(shoot(0, 1));
  const auto hit = rolls("SHOOT-10");
  ASSERT_EQ(hit.size(), 1u);
  EXPECT_EQ(hit[0]["hits"], 0);
  EXPECT_TRUE(of_type("shot_wasted").empty());
}

TEST_F(DeclaredShots, ADV_33_only_the_guardsman_out_of_reach_wastes_his_shot) {
  // Two Guardsmen: the first 23.5" from the Nob, the second 2" to his right and 1" behind, so
  // sqrt(2^2 + 24.5^2) = 24.58" from the Nob: the first fires, the second wastes his shot.
  arrange(23.5, "", 2);
  place(2, 26.0, 5.0, 0.0);
  script({6});
  must(shoot(0, 1));
  const auto hit = rolls("SHOOT-10");
  ASSERT_EQ(hit.size(), 1u);
  EXPECT_EQ(hit[0]["dice"], std::vector<int>{6});
  const auto wasted = of_type("shot_wasted");
  ASSERT_EQ(wasted.size(), 1u);
  EXPECT_EQ(wasted[0]["model"], 2);
  EXPECT_NEAR(wasted[0]["range"].get<double>(), std::hypot(2.0, 24.5), 1e-12);
}

TEST_F(DeclaredShots, ADV_33_switched_off_a_target_beyond_reach_is_refused) {
  arrange(24.5, "options: {declared_shots: false}\n");
  const std::string reason = illegal_reason(state_, shoot(0, 1));
  EXPECT_NE(reason.find("SHOOT-01"), std::string::npos) << reason;
  EXPECT_NE(reason.find("in range"), std::string::npos) << reason;
}

TEST_F(DeclaredShots, ADV_33_a_target_out_of_sight_is_still_refused) {
  arrange(24.5);
  // Turned about, the Guardsman has the Boyz behind him: nobody to declare a shot at.
  place(1, 24.0, 6.0, 180.0);
  const std::string reason = illegal_reason(state_, shoot(0, 1));
  EXPECT_NE(reason.find("SHOOT-01"), std::string::npos) << reason;
  EXPECT_NE(reason.find("fire arc"), std::string::npos) << reason;
}

TEST_F(DeclaredShots, ADV_33_the_agents_do_not_waste_shots) {
  arrange(24.5);
  dice::Xoshiro256pp rng(3);
  const Action greedy = ai::GreedyAgent().choose(state_, rng);
  EXPECT_NE(greedy.kind, ActionKind::shoot) << describe(greedy);
  ai::TacticianAgent tactician(test::shipped_personalities().get("balanced"));
  const Action chosen = tactician.choose(state_, rng);
  EXPECT_NE(chosen.kind, ActionKind::shoot) << describe(chosen);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

bool listed(const std::vector<Action>& actions, const Action& a) {
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

// The door lists a wasted shot (ADV-33) only when kWastedShots is asked for; everything else in
// the listing stays as it was, and a shot that fires is listed either way.
TEST_F(DeclaredShots, ADV_33_the_listing_leaves_out_wasted_shots_unless_asked) {
  arrange(24.5);
  const auto all = legal_actions(state_);
  const auto without = legal_actions(state_, kAllKinds & ~kWastedShots);
  EXPECT_TRUE(listed(all, shoot(0, 1)));
  EXPECT_FALSE(listed(without, shoot(0, 1)));
  std::vector<Action> expected;
  for (const auto& a : all)
    if (!(a.kind == ActionKind::shoot && fire_groups(state_, a).empty())) expected.push_back(a);
  EXPECT_EQ(without, expected);
  // Within reach the shot fires, and both listings hold it.
  arrange(23.5);
  EXPECT_TRUE(listed(legal_actions(state_), shoot(0, 1)));
  EXPECT_TRUE(listed(legal_actions(state_, kAllKinds & ~kWastedShots), shoot(0, 1)));
}

}  // namespace
}  // namespace arap::game
