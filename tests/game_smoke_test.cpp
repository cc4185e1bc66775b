// SHOOT-17 in play: a smoke cloud on the table between a Guard lascannon team and a Space Marine
// Dreadnought (T7, Sv3); shots through it are taken at BS1 (SHOOT-56) and lasers lose 2
// Strength or cannot fire at all. Dice are scripted.
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr const char* kCloud =
    "terrain:\n  - {id: cloud, kind: smoke, polygon: [[18, 16], [30, 16], [30, 20], [18, "
    "20]]}\n";

// Red: the lascannon team (unit 0) at (24, 8); Blue: the Dreadnought (unit 1) `distance` inches
// up the table, with the cloud between them unless `clear`.
class SmokeScreen : public test::ScriptedGame {
 protected:
  void deploy(double distance, bool clear = false) {
    const std::string blue =
        "[{unit: dreadnought, at: [24, " + std::to_string(8.0 + distance) + "], facing: 180}]";
    begin(test::battle("smoke", "imperial_guard", "[{unit: heavy_weapons_team, at: [24, 8]}]",
                       "space_marines", blue, clear ? "" : kCloud),
          3);
  }

  Action fire(bool heavy) const {
    Action a = act(ActionKind::shoot, 0);
    a.target = 1;
    a.heavy = heavy;
    return a;
  }

  const Event* first(const std::string& type, const std::string& rule = "") const {
    for (const auto& e : log_)
      if (e.value("type", "") == type && (rule.empty() || e.value("rule", "") == rule)) return &e;
    return nullptr;
  }

  int dreadnought_wounds() const { return state_.models[setup_->units[1].first_model].wounds_left; }
};

TEST_F(SmokeScreen, SHOOT_17_a_lascannon_fires_through_smoke_at_bs1_and_strength_7) {
  deploy(20);
  script({1, 1});
  must(activate(0, 2));  // 2 AP: the lascannon is heavy
  // To hit 1 (BS1 hits on 1 only), to wound 3: S9 would need 2+, S7 against T7 needs 4+.
  script({1, 3});
  must(fire(true));
  EXPECT_TRUE(dice_.exhausted());
  const Event* smoke = first("through_smoke");
  ASSERT_NE(smoke, nullptr);
  EXPECT_EQ(smoke->at("rule"), "SHOOT-17");
  EXPECT_EQ(smoke->at("weapon"), "lascannon");
  EXPECT_EQ(smoke->at("strength_change"), -2);
  const Event* hit = first("roll", "SHOOT-10");
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->at("hits"), 1);
  EXPECT_EQ(dreadnought_wounds(), 5) << "a 3 does not wound at S7 against T7";
}

TEST_F(SmokeScreen, SHOOT_17_without_the_cloud_the_same_dice_wound) {
  deploy(20, true);
  script({1, 1});
  must(activate(0, 2));
  script({1, 3, 1});  // hit, wound on 2+, one Damage (D6) on a 1; AP2 leaves Sv3 no save
  must(fire(true));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_EQ(first("through_smoke"), nullptr);
  EXPECT_EQ(dreadnought_wounds(), 4);
}

TEST_F(SmokeScreen, SHOOT_17_a_two_on_the_to_hit_die_misses_through_smoke) {
  deploy(20);
  script({1, 1});
  must(activate(0, 2));
  script({2});
  must(fire(true));
  EXPECT_TRUE(dice_.exhausted()) << "no wound die: BS1 hits on a 1 only";
  EXPECT_EQ(first("roll", "SHOOT-10")->at("hits"), 0);
}

// ADV-35: with infra-vision the gunner shoots as if the cloud were not there: BS3 (a 2 hits) and
// the lascannon's full S9 (a 3 wounds T7 on 2+).
TEST_F(SmokeScreen, ADV_35_infra_vision_shoots_through_smoke_as_normal) {
  deploy(20);
  state_.models[setup_->units[0].first_model].pose.infra_vision = true;
  script({1, 1});
  must(activate(0, 2));
  script({2, 3, 1});
  must(fire(true));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_EQ(first("through_smoke"), nullptr);
  EXPECT_EQ(first("roll", "SHOOT-10")->at("goal"), 3);
  EXPECT_EQ(dreadnought_wounds(), 4);
}

TEST_F(SmokeScreen, SHOOT_17_laspistols_cannot_fire_through_smoke) {
  deploy(10);
  script({1});
  must(activate(0, 1));
  const GameState before = state_;
  EXPECT_NE(apply(state_, fire(false), &log_), "") << "S3 lasers";
  EXPECT_EQ(state_, before);
  deploy(10, true);
  script({1});
  must(activate(0, 1));
  EXPECT_EQ(illegal_reason(state_, fire(false)), "") << "in the open they may";
}

TEST_F(SmokeScreen, SHOOT_17_legal_actions_and_preview_offer_the_shot_through_smoke) {
  deploy(20);
  script({1, 1});
  must(activate(0, 2));
  bool listed = false;
  for (const Action& a : legal_actions(state_))
    listed = listed || (a.kind == ActionKind::shoot && a.heavy && a.target == 1);
  EXPECT_TRUE(listed);
  const auto view = advice::preview(state_, fire(true));
  ASSERT_FALSE(view.refused) << view.refused->text;
  ASSERT_EQ(view.groups.size(), 1u);
  EXPECT_EQ(view.groups[0].report.strength, 7);
  EXPECT_EQ(view.groups[0].report.hit_goal, 1);
  // Hit on a 1 (1/6), wound on 4+ (1/2), no save, then D6 Damage of 5 or more (1/3) fells it.
  EXPECT_NEAR(view.slain[1], 1.0 / 36.0, 1e-12);
}

}  // namespace
}  // namespace arap::game
