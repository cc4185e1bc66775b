// SHOOT-15 (optional, option hitting_cover): a shot that misses a target in cover by exactly one
// strikes the cover instead. The rules function with every face, then a Guardsman's lasgun shot
// at Slugga Boyz standing in a wood (soft cover), with forced dice.
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "dice/scripted_dice.hpp"
#include "rules/cover_strikes.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

TEST(HittingCover, SHOOT_15_a_miss_by_one_strikes_the_cover) {
  // The catalogue's case: goal 2, a 3 strikes the cover, a 4 misses clean, a 2 hits.
  {
    dice::ScriptedDice dice{3, 4, 2};
    const auto rolled = rules::roll_direct_hits(dice, 3, 2, true);
    EXPECT_EQ(rolled.hits, 1);
    EXPECT_EQ(rolled.cover_hits, 1);
  }
  // Every goal from 1 to 5 has exactly one such face (for 5, the natural 6): P = 1/6 exactly.
  for (int goal = 1; goal <= 5; ++goal) {
    int struck = 0;
    for (int face = 1; face <= 6; ++face) {
      dice::ScriptedDice dice{face};
      const auto rolled = rules::roll_direct_hits(dice, 1, goal, true);
      EXPECT_EQ(rolled.hits, face <= goal ? 1 : 0) << goal << " " << face;
      struck += rolled.cover_hits;
      if (rolled.cover_hits == 1) {
        EXPECT_EQ(face, goal + 1);
      }
    }
    EXPECT_EQ(struck, 1) << "goal " << goal;
    EXPECT_EQ(rules::cover_strike_chance(goal), 1.0 / 6.0);
  }
  // DICE-06's second-chance goals cannot be missed by one; without cover nothing is struck.
  EXPECT_EQ(rules::cover_strike_chance(0), 0.0);
  EXPECT_EQ(rules::cover_strike_chance(-2), 0.0);
  dice::ScriptedDice second_chance{1, 4};  // goal 0: a 1, then 3 or less on the second die
  EXPECT_EQ(rules::roll_direct_hits(second_chance, 1, 0, true).cover_hits, 0);
  dice::ScriptedDice open_ground{3};
  EXPECT_EQ(rules::roll_direct_hits(open_ground, 1, 2, false).cover_hits, 0);
}

// Red: a Guard squad (unit 0) of which only Guardsman 1 (a lasgun) stands; Blue: Slugga Boyz
// (unit 1) in a rank 20" away, in a wood unless `open`.
class CoverStrikes : public test::ScriptedGame {
 protected:
  void deploy(const std::string& options, bool open = false) {
    const std::string wood = open ? ""
                                  : "terrain:\n  - {id: wood, kind: wood, polygon: [[10, 27], [38, "
                                    "27], [38, 40], [10, 40]]}\n";
    begin(test::battle("cover_strikes", "imperial_guard", "[{unit: infantry_squad, at: [24, 8]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", options + wood),
          3);
    for (int m = 0; m < 10; ++m)
      if (m != 1) remove_model(m);
    place(1, 24.0, 8.0, 0.0);
    // The Boyz in a rank 1" inside the wood's edge: in its cover, not yet hidden by it (ADV-05).
    const auto& boyz = setup_->units[1];
    for (int k = 0; k < boyz.model_count; ++k)
      place(boyz.first_model + k, 16.0 + 1.2 * k, 28.0, 180.0);
    script({1});
    must(activate(0, 1));
  }

  const Event* to_hit() const {
    for (const auto& e : log_)
      if (e.value("type", "") == "roll" && e.value("rule", "") == "SHOOT-10") return &e;
    return nullptr;
  }
};

TEST_F(CoverStrikes, SHOOT_15_a_lasgun_shot_that_misses_by_one_strikes_the_wood) {
  deploy("options: {hitting_cover: true}\n");
  const auto outlook = advice::preview(state_, shoot(0, 1));
  ASSERT_EQ(outlook.groups.size(), 1u);
  EXPECT_EQ(outlook.groups[0].cover, "soft");
  const int goal = outlook.groups[0].report.hit_goal;
  ASSERT_GE(goal, 1);
  ASSERT_LE(goal, 4);
  ASSERT_TRUE(outlook.groups[0].expected_cover_hits.has_value());
  EXPECT_NEAR(*outlook.groups[0].expected_cover_hits, outlook.groups[0].report.shots / 6.0, 1e-12);
  script({goal + 1});
  must(shoot(0, 1));
  const Event* roll = to_hit();
  ASSERT_NE(roll, nullptr);
  EXPECT_EQ(roll->at("goal"), goal);
  EXPECT_EQ(roll->at("hits"), 0);
  EXPECT_EQ(roll->at("cover_hits"), 1);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(CoverStrikes, SHOOT_15_off_by_default_and_never_in_the_open) {
  deploy("");
  EXPECT_FALSE(advice::preview(state_, shoot(0, 1)).groups[0].expected_cover_hits.has_value());
  script({6});
  must(shoot(0, 1));
  ASSERT_NE(to_hit(), nullptr);
  EXPECT_FALSE(to_hit()->contains("cover_hits"));
  log_.clear();
  deploy("options: {hitting_cover: true}\n", /*open=*/true);
  EXPECT_EQ(advice::preview(state_, shoot(0, 1)).groups[0].cover, "open");
  EXPECT_FALSE(advice::preview(state_, shoot(0, 1)).groups[0].expected_cover_hits.has_value());
  script({6});
  must(shoot(0, 1));
  ASSERT_NE(to_hit(), nullptr);
  EXPECT_FALSE(to_hit()->contains("cover_hits"));
}

}  // namespace
}  // namespace arap::game
