// ADV-10 dangerous ground details, as the game plays them: a minefield sets off on 3 or less
// (1 in 2), on a 1 for a unit with an energy scanner or once the GM says it was cleared; a model
// that moved more than 6" in the action rolls two dice and either may set it off.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/expect.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::frac;

TEST(DangerousGround, ADV_10_the_odds) {
  EXPECT_NEAR(table::hazard_probability(table::kMinefieldTriggers, 1), frac(1, 2), 1e-12);
  EXPECT_NEAR(table::hazard_probability(table::kClearedMinefieldTriggers, 1), frac(1, 6), 1e-12);
  EXPECT_NEAR(table::hazard_probability(1, 2), frac(11, 36), 1e-12);  // a 1-in-6 hazard, 8" moved
}

// Red: a Guard infantry squad (unit 0) and a Veteran squad (unit 1, its sergeant carries an
// energy scanner); Blue: Orks far off. Two minefields: `mines` with the rule's odds and `swept`,
// cleared by explosives.
class Minefields : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = "") {
    begin(
        test::battle("mines_" + std::to_string(++count_), "imperial_guard",
                     "[{unit: infantry_squad, at: [12, 10]}, {unit: veteran_squad, at: [36, "
                     "10]}]",
                     "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                     options + "terrain:\n"
                               "  - {id: mines, kind: minefield, polygon: [[0, 11], [48, 11], [48, "
                               "13], [0, 13]]}\n"
                               "  - {id: swept, kind: minefield, dangerous: {cleared: true}, "
                               "polygon: [[0, 30], [48, 30], [48, 32], [0, 32]]}\n"),
        2);
  }
  const table::TerrainFeature* feature(const std::string& id) const {
    for (const auto& f : setup_->scenario.table.features())
      if (f.id == id) return &f;
    return nullptr;
  }
  // One model's hazard tests for `id` after moving `moved` inches.
  void cross(int unit, const std::string& id, double moved) {
    detail::Context c(state_, &log_);
    detail::hazard_tests(c, unit, setup_->units[unit].first_model + 1, {feature(id)}, moved);
  }
  bool hurt() const {
    for (auto e = log_.rbegin(); e != log_.rend(); ++e)
      if (e->value("what", "") == "hazard test") return e->at("hurt");
    ADD_FAILURE() << "no hazard test";
    return false;
  }
  static inline int count_ = 0;
};

TEST_F(Minefields, ADV_10_a_minefield_goes_off_on_3_or_less) {
  arrange();
  script({3, 6});  // a 3 sets it off; the Guardsman's 5+ save (a 6) holds
  cross(0, "mines", 3.0);
  EXPECT_TRUE(hurt());
  const auto tests = rolls("ADV-10");
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0]["goal"], 3);
  script({4});
  cross(0, "mines", 3.0);
  EXPECT_FALSE(hurt());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Minefields, ADV_10_an_energy_scanner_or_a_cleared_field_makes_it_1_in_6) {
  arrange();
  script({2});
  cross(1, "mines", 3.0);  // the Veterans' scanner
  EXPECT_FALSE(hurt());
  script({2});
  cross(0, "swept", 3.0);
  EXPECT_FALSE(hurt());
  script({1, 6});
  cross(0, "swept", 3.0);
  EXPECT_TRUE(hurt());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Minefields, ADV_10_a_model_moving_over_6_inches_rolls_two_dice) {
  arrange();
  script({4, 2, 6});  // the second die sets it off; the save holds
  cross(0, "mines", 8.0);
  EXPECT_TRUE(hurt());
  EXPECT_EQ(rolls("ADV-10").back()["dice"].size(), 2u) << "both faces are logged";
  script({4});  // exactly 6": one die
  cross(0, "mines", 6.0);
  EXPECT_FALSE(hurt());
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Minefields, ADV_10_switched_off_a_minefield_keeps_the_core_odds) {
  arrange("options: {dangerous_ground_details: false}\n");
  script({3});
  cross(0, "mines", 8.0);  // one die, sets off on a 1
  EXPECT_FALSE(hurt());
  EXPECT_EQ(rolls("MOVE-11").back()["goal"], 1);
  EXPECT_TRUE(dice_.exhausted());
}

TEST(DangerousGroundData, ADV_10_only_a_minefield_with_the_rules_odds_can_be_cleared) {
  try {
    test::battle("mines_bad", "imperial_guard", "[{unit: infantry_squad, at: [12, 10]}]", "orks",
                 "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                 "terrain:\n  - {id: mines, kind: minefield, dangerous: {triggers_on: 2, cleared: "
                 "true}, polygon: [[0, 11], [48, 11], [48, 13], [0, 13]]}\n");
    ADD_FAILURE() << "accepted";
  } catch (const std::exception& error) {
    EXPECT_NE(std::string(error.what()).find("ADV-10"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("cleared"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace arap::game
