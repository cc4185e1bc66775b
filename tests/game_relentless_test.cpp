// ADV-29 Relentless details: a Relentless model that fires its heavy weapon (1 AP) may spend its
// spare AP on anything but firing another weapon that player turn; a fixed weapon emplacement
// counts as a Relentless model.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Dreadnought (unit 0, model 0: Relentless, BS4, multi-melta and storm bolter) at (24, 6)
// facing north, with two AP; Blue: Slugga Boyz (unit 1) in the open 14" away.
class RelentlessDetails : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("relentless", "space_marines", "[{unit: dreadnought, at: [24, 6]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 24], facing: 180}]", options),
          7);
    state_.phasing = 0;
    script({1, 1});
    must(activate(0, 2));
    // The multi-melta (heavy) fires for 1 AP and misses (a 6 against BS4).
    script({6});
    must(shoot(0, 1, /*heavy=*/true));
    ASSERT_EQ(state_.action_points, 1);
  }
};

TEST_F(RelentlessDetails, ADV_29_no_other_weapon_fires_with_the_spare_points) {
  arrange("");
  EXPECT_TRUE(state_.models[0].heavy_only);
  const auto refused = refusal(state_, shoot(0, 1));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-29");
  // The spare AP may still move it.
  must(move(0, 0.0, 2.0));
  EXPECT_EQ(state_.action_points, 0);
}

TEST_F(RelentlessDetails, ADV_29_switched_off_the_storm_bolter_fires_with_the_spare_point) {
  arrange("options: {relentless_details: false}\n");
  EXPECT_FALSE(state_.models[0].heavy_only);
  EXPECT_EQ(illegal_reason(state_, shoot(0, 1)), "");
}

}  // namespace
}  // namespace arap::game
