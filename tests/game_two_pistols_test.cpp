// ADV-31 "John Woo": a fighter with the two_pistols rule fires a pistol in each hand in one
// shooting action, each at -1 to hit; with the option off it fires one, as anyone else does.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "rules/shooting_goal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: Scout Snipers (unit 0) of which only the Scout Sergeant (model 0: BS4, two bolt pistols,
// two_pistols) is left, at (24, 6) facing north. Blue: Slugga Boyz (unit 1, models 5-16: the Nob,
// then T4 Sv6 Boyz) in the open 10" away.
class TwoPistols : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("two_pistols", "space_marines", "[{unit: scout_snipers, at: [24, 6]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", options),
          7);
    for (int m = 1; m < 5; ++m) remove_model(m);
    place(0, 24.0, 6.0, 0.0);
    for (int k = 0; k < 12; ++k) place(5 + k, 19.0 + 1.5 * (k % 6), 16.0 + 1.5 * (k / 6), 180.0);
    state_.phasing = 0;
    script({1});
    must(activate(0, 1));
  }
};

TEST_F(TwoPistols, ADV_31_both_pistols_fire_at_minus_1_each) {
  arrange("");
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].weapon->id, "bolt_pistol");
  EXPECT_EQ(groups[0].shots, 2);
  EXPECT_TRUE(groups[0].situation.two_pistols);
  // The catalogue's case: BS4 less 1 for a pistol in each hand: hits on 3 or less, 1/2 a shot.
  EXPECT_EQ(rules::shooting_hit_goal(groups[0].situation, setup_->rulings).goal, 3);
  // Through the engine: a 3 hits and a 4 misses; the allocation die (2) picks a Boy (not the
  // two-wound Nob), the hit wounds on a 6 (S4 against T4), his 6+ save fails on a 1, and the
  // Boyz pass their pinning test.
  script({3, 4, 2, 6, 1, 1, 1});
  must(shoot(0, 1));
  const auto hit = rolls("SHOOT-10");
  ASSERT_EQ(hit.size(), 1u);
  EXPECT_EQ(hit[0]["goal"], 3);
  EXPECT_EQ(hit[0]["dice"], (std::vector<int>{3, 4}));
  EXPECT_EQ(hit[0]["hits"], 1);
  EXPECT_EQ(state_.living_models(1), 11);
}

TEST_F(TwoPistols, ADV_31_switched_off_one_pistol_fires_without_the_penalty) {
  arrange("options: {two_pistols: false}\n");
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].shots, 1);
  EXPECT_FALSE(groups[0].situation.two_pistols);
  EXPECT_EQ(rules::shooting_hit_goal(groups[0].situation, setup_->rulings).goal, 4);
}

}  // namespace
}  // namespace arap::game
