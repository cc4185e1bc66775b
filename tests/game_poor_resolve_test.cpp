// ADV-65 (optional): a unit of poor resolve that loses a quarter or more to charge-time fire tests
// Ld at once (at -1 below half strength) and, failing, routs instead of going in.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "rules/leadership.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

TEST(PoorResolve, ADV_65_eight_conscripts_test_at_Ld6_or_at_Ld5_below_half) {
  // The catalogue's case: Ld 6, eight strong; two lost: Ld 6, P(fail) = 7/12.
  const auto two = rules::poor_resolve_target(6, 8, 8, 2);
  ASSERT_TRUE(two);
  EXPECT_EQ(*two, 6);
  EXPECT_NEAR(1.0 - dice::p_leadership(*two), 7.0 / 12.0, 1e-12);
  // Five lost, three left (under half): Ld 5, P(fail) = 13/18.
  const auto five = rules::poor_resolve_target(6, 8, 8, 5);
  ASSERT_TRUE(five);
  EXPECT_EQ(*five, 5);
  EXPECT_NEAR(1.0 - dice::p_leadership(*five), 13.0 / 18.0, 1e-12);
  // One of eight is under a quarter: no test. Four left of eight is half, not under it.
  EXPECT_FALSE(rules::poor_resolve_target(6, 8, 8, 1));
  EXPECT_EQ(rules::poor_resolve_target(6, 8, 8, 4), 6);
  // The quarter counts from the strength when the fire began: two of six already is a third.
  EXPECT_EQ(rules::poor_resolve_target(6, 8, 6, 2), 6);
}

// Red: a Guard Conscript Squad (unit 0: eight of Ld 6, poor_resolve); Blue: Slugga Boyz.
class PoorResolveCheck : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("poor_resolve_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: conscript_squad, at: [24, 6]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", options),
          7);
    ASSERT_EQ(setup_->units[0].model_count, 8);
  }

  // The losses of a volley, then the test through the engine.
  bool holds_after(int lost) {
    for (int m = 0; m < lost; ++m) remove_model(7 - m);
    detail::Context c(state_, &log_);
    return detail::poor_resolve_holds(c, 0, 8);
  }

  int count_ = 0;
};

TEST_F(PoorResolveCheck, ADV_65_two_lost_a_7_fails_the_Ld6_test) {
  arrange("options: {poor_resolve: true}\n");
  script({4, 3});
  EXPECT_FALSE(holds_after(2));
  const auto test = rolls("ADV-65");
  ASSERT_EQ(test.size(), 1u);
  EXPECT_EQ(test[0]["goal"], 6);
  EXPECT_EQ(test[0]["passed"], false);
}

TEST_F(PoorResolveCheck, ADV_65_five_lost_a_6_fails_at_Ld5_and_one_lost_takes_no_test) {
  arrange("options: {poor_resolve: true}\n");
  script({3, 3});
  EXPECT_FALSE(holds_after(5));
  ASSERT_EQ(rolls("ADV-65").size(), 1u);
  EXPECT_EQ(rolls("ADV-65")[0]["goal"], 5);
  arrange("options: {poor_resolve: true}\n");
  log_.clear();
  EXPECT_TRUE(holds_after(1));
  EXPECT_TRUE(rolls("ADV-65").empty());
}

TEST_F(PoorResolveCheck, ADV_65_switched_off_no_test) {
  arrange("");
  EXPECT_TRUE(holds_after(5));
  EXPECT_TRUE(rolls("ADV-65").empty());
}

}  // namespace
}  // namespace arap::game
