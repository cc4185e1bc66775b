// ADV-11 swimming with armour and equipment (option swimming_kit, ruling.ADV-11) and MOVE-17's
// character who rolls again. The Orks' Feral Orks (hides, 6+ primitive armour; their Nob's iron
// plate, 4+, and a primitive shield) and Feral Ork Spearmen cross a deep river.
#include <gtest/gtest.h>

#include "game/view.hpp"
#include "rules/swimming.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr const char* kRiver =
    "terrain:\n  - {id: river, kind: water, deep: true, polygon: [[0, 11], [48, 11], [48, 15], "
    "[0, 15]]}\n";

// Red's `unit` (unit 0) stands at y = 10 with the river just north of it; Blue's Slugga Boyz are
// far off.
class ArmouredSwimmers : public test::ScriptedGame {
 protected:
  void arrange(const std::string& unit, const std::string& extra = "") {
    begin_lone_unit("swimmers_" + std::to_string(++count_), "orks", unit, extra + kRiver);
  }
  Action swim(double dy) const {
    Action a = move(0, 0.0, dy);
    a.mode = table::MoveMode::swim;
    return a;
  }
  int nob() const { return setup_->units[0].first_model; }
  double y_of(int m) const { return state_.models[m].pose.position.y; }

  int count_ = 0;
};

TEST(Swimming, ADV_11_light_primitive_armour_swims_the_d3_only) {
  // The catalogue's line: out of action 1 in 6; else 1" (face 4), 2" (2, 5) or 3" (3, 6).
  const auto odds = rules::swim_odds(/*d3_only=*/true);
  EXPECT_NEAR(odds[0], 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(odds[1], 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(odds[2], 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(odds[3], 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(odds[4], 0.0, 1e-12);
  EXPECT_TRUE(rules::read_swim(1, true).out_of_action) << "the ruling: a 1 still drowns";
  EXPECT_EQ(rules::read_swim(4, true).inches, 1);
  EXPECT_EQ(rules::read_swim(6, true).inches, 3);
}

TEST_F(ArmouredSwimmers, ADV_11_hides_leave_the_d3_and_iron_plate_is_shed_on_an_initiative_test) {
  arrange("feral_orks");
  const int boy = nob() + 1;
  const double start = y_of(boy);
  EXPECT_EQ(state_.armour_save(nob()), 4);
  EXPECT_EQ(state_.shield(nob()), data::Shield::primitive);
  script({3, 6});  // the Nob's Initiative test (I3): shed; the swim die: D3 = 3, no +1
  must(swim(3.0));
  const auto shed = rolls("ADV-11");
  ASSERT_EQ(shed.size(), 1u);
  EXPECT_EQ(shed[0]["model"], nob());
  EXPECT_EQ(shed[0]["shed"], true);
  EXPECT_EQ(state_.armour_save(nob()), std::nullopt) << "no armour save for the rest of the game";
  EXPECT_EQ(state_.shield(nob()), data::Shield::none) << "the shield is let go of, no test";
  EXPECT_TRUE(logged("shield_dropped"));
  EXPECT_EQ(state_.armour_save(boy), 6) << "hides are kept";
  const auto swum = rolls("MOVE-17");
  ASSERT_EQ(swum.size(), 1u);
  EXPECT_EQ(swum[0]["inches"], 3);
  EXPECT_EQ(swum[0]["d3_only"], true);
  EXPECT_NEAR(y_of(boy) - start, 3.0, 1e-4);
  EXPECT_NE(illegal_reason(state_, swim(3.5)).find("3.00\" allowance"), std::string::npos)
      << "the D3 is the most there is";
  const auto view = state_view(state_);
  EXPECT_EQ(view["units"][0]["models"][0].value("armour_shed", false), true);
  EXPECT_EQ(view["units"][0]["models"][0].value("shield_dropped", false), true);

  script({4});  // the next swim: no second test for the Nob; face 4 is a D3 of 1
  must(swim(3.0));
  EXPECT_EQ(rolls("ADV-11").size(), 1u);
  EXPECT_NEAR(y_of(boy) - start, 4.0, 1e-4);
}

TEST_F(ArmouredSwimmers, ADV_11_iron_plate_not_shed_sinks_its_wearer) {
  arrange("feral_orks");
  const double start = y_of(nob() + 1);
  script({4, 5});  // the Nob's test fails (4 > I3): he sinks; the swim die: D3 = 2
  must(swim(3.0));
  EXPECT_FALSE(state_.models[nob()].pose.alive);
  EXPECT_EQ(state_.living_models(0), 9);
  EXPECT_NEAR(y_of(nob() + 1) - start, 2.0, 1e-4) << "the hides swim the D3";
  EXPECT_EQ(rolls("MOVE-17")[0]["inches"], 2);
}

TEST_F(ArmouredSwimmers, ADV_11_with_the_option_off_armour_does_not_weigh) {
  arrange("feral_orks", "options: {swimming_kit: false}\n");
  script({4});  // no test; the swim die: D3 + 1 = 2
  must(swim(3.0));
  EXPECT_TRUE(rolls("ADV-11").empty());
  EXPECT_EQ(rolls("MOVE-17")[0]["inches"], 2);
  EXPECT_EQ(state_.armour_save(nob()), 4);
  EXPECT_EQ(state_.shield(nob()), data::Shield::primitive);
}

TEST_F(ArmouredSwimmers, ADV_11_spears_are_not_taken_swimming) {
  arrange("feral_spearmen");
  const GameState before = state_;
  const std::string reason = apply(state_, swim(3.0), &log_);
  EXPECT_NE(reason.find("ADV-11"), std::string::npos) << reason;
  EXPECT_NE(reason.find("Spear"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
}

TEST_F(ArmouredSwimmers, ADV_11_the_gm_may_allow_spears_in_the_water) {
  arrange("feral_spearmen", "rulings: {ruling.ADV-11: gmAllows}\n");
  script({6});  // hides: D3 = 3
  must(swim(3.0));
  EXPECT_EQ(rolls("MOVE-17")[0]["inches"], 3);
}

// MOVE-17 (2.3 detail): a character the loss falls on rolls again; saved on 2+, lost on a 1.
TEST_F(ArmouredSwimmers, MOVE_17_a_character_in_the_water_rolls_again) {
  arrange("warboss");
  const int boss = nob();
  const double start = y_of(boss);
  script({1, 2, 2});  // the swim die 1: D6 = 2 lost; the Warboss rolls 2: saved
  must(swim(3.0));
  EXPECT_TRUE(state_.models[boss].pose.alive);
  EXPECT_NEAR(y_of(boss), start, 1e-9) << "saved, he does not move this action";
  const auto saved = rolls("MOVE-17");
  ASSERT_EQ(saved.size(), 3u);
  EXPECT_EQ(saved[2]["saved"], true);
  script({1, 1, 1});  // again: lost D6 = 1; the Warboss rolls 1: drowned (1 in 36 a swim)
  must(swim(3.0));
  EXPECT_FALSE(state_.models[boss].pose.alive);
}

// ADV-12: Marines walk the river's bed, missile launcher and all.
TEST_F(ArmouredSwimmers, ADV_11_underwater_walkers_take_their_heavy_weapons) {
  begin_lone_unit("swimmers_marines", "space_marines", "tactical_squad", kRiver);
  EXPECT_EQ(illegal_reason(state_, swim(3.0)), "");
}

}  // namespace
}  // namespace arap::game
