// ADV-46 (optional): soft cover ruled no shelter from area markers. A Marine sergeant throws a
// frag grenade at three Boyz: two in the open, one just inside a patch of long grass (soft cover,
// soft_cover_vs_area: false) on the far side of the marker's centre. Every die is a 1: the throw
// lands on target, every cover die hits, every wound roll fails.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a tactical squad (unit 0) of which only the sergeant (model 0, frag grenades) is left, at
// (24, 10), within the grenade's 6" of all three. Blue: Slugga Boyz (unit 1, models 10-21) of which
// three Boyz are left: models 11 and 12 in the open at (24, 14) and (22.8, 14), model 13 at
// (24.8, 15.2) in the grass (y 15 to 20), seen past model 11.
class BlastCover : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("blast_cover", "space_marines", "[{unit: tactical_squad, at: [24, 4]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 40], facing: 180}]",
                       "terrain:\n  - {id: long_grass, kind: ground, cover: soft, "
                       "soft_cover_vs_area: false, polygon: [[10, 15], [38, 15], [38, 20], [10, "
                       "20]]}\n" +
                           options),
          7);
    for (int m = 1; m < 10; ++m) remove_model(m);
    for (int m = 10; m < 22; ++m)
      if (m < 11 || m > 13) remove_model(m);
    place(0, 24.0, 10.0, 0.0);
    place(11, 24.0, 14.0, 180.0);  // nearest the three's centre: the aim point
    place(12, 22.8, 14.0, 180.0);
    place(13, 24.8, 15.2, 180.0);
    state_.phasing = 0;
    state_.scripted_dice = &ones_;
    must(activate(0, 1));
    Action a = act(ActionKind::throw_grenade, 0);
    a.target = 1;
    must(a);
  }

  // The marker event of the throw.
  const game::Event& marker() const {
    for (const auto& e : log_)
      if (e.value("type", "") == "marker") return e;
    throw std::logic_error("no marker was laid");
  }

  test::ConstantDice ones_{1};
};

TEST_F(BlastCover, ADV_46_long_grass_leaves_the_boy_in_it_hit_automatically) {
  arrange("options: {area_cover_calls: true}\n");
  const auto& e = marker();
  EXPECT_NEAR(e.at("at")[0].get<double>(), 24.0, 1e-9);
  EXPECT_NEAR(e.at("at")[1].get<double>(), 14.0, 1e-9);
  EXPECT_EQ(e.at("under"), 3);
  EXPECT_TRUE(e.at("cover_dice").empty()) << "all three in the open: no cover die";
}

TEST_F(BlastCover, ADV_46_off_by_default_the_grass_gives_its_soft_cover) {
  arrange("");
  const auto& e = marker();
  EXPECT_EQ(e.at("under"), 3);
  EXPECT_EQ(e.at("cover_dice"), (std::vector<int>{1})) << "the Boy in the grass rolls (5-)";
}

}  // namespace
}  // namespace arap::game
