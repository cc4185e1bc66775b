// ADV-67, Last Man Standing (an optional rule), played through the engine with forced dice: a
// squad brought down to one model by a round tests its Leadership before each later round of that
// fight, and routs on a failure.
#include <gtest/gtest.h>

#include <string>

#include "dice/probability.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

// Red: a Guard squad (unit 0) of which Guardsmen 1 and 2 stand, base to base with Tactical
// Marines 11 and 12 (unit 1); everyone else has fallen. The units are locked.
class LastMan : public test::ArrangedFight {
 protected:
  // ADV-57 off: the marines club with their bolters, as these dice were written for.
  void arrange(
      const std::string& extra = "options: {last_man_standing: true, two_weapons: false}\n") {
    begin(test::battle("last_man_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 10]}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 30], facing: 180}]", extra),
          3);
    for (int m = 0; m < 20; ++m) {
      const bool standing = m == 1 || m == 2 || m == 11 || m == 12;
      state_.models[m].pose.alive = standing;
      state_.models[m].wounds_left = standing ? 1 : 0;
    }
    place(1, 24.0, 20.0, 0.0);
    place(2, 25.0, 20.0, 0.0);
    place(11, 24.0, 21.2, 180.0);
    place(12, 25.0, 21.2, 180.0);
    lock(0, 1);
  }

  // Guardsman 2 is gone too: the last man of his squad, marked as a round would have left him.
  void last_guardsman() {
    state_.models[2].pose.alive = false;
    state_.models[2].wounds_left = 0;
    state_.units[0].last_man = true;
  }

  int count_ = 0;
};

TEST_F(LastMan, ADV_67_the_last_guardsman_fights_on_when_he_passes) {
  arrange();
  last_guardsman();
  script({3, 4});  // 7 against his Ld 7: he holds
  for (int i = 0; i < 60; ++i) script({6});
  fight(0, 1);
  const auto tests = rolls("ADV-67");
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0].at("unit"), 0);
  EXPECT_EQ(tests[0].at("goal"), 7);
  EXPECT_EQ(tests[0].at("passed"), true);
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_NE(last("melee_round"), nullptr);
  EXPECT_TRUE(state_.units[0].last_man);  // still alone in the fight: he tests again next round
}

TEST_F(LastMan, ADV_67_the_last_guardsman_routs_when_he_fails) {
  arrange();
  last_guardsman();
  script({4, 4});  // 8 against Ld 7
  for (int i = 0; i < 60; ++i) script({6});
  fight(0, 1);
  const auto tests = rolls("ADV-67");
  ASSERT_EQ(tests.size(), 2u);  // the test, then the rout move, cited to ADV-67 too
  EXPECT_EQ(tests[0].at("what"), "last man standing");
  EXPECT_EQ(tests[0].at("passed"), false);
  EXPECT_EQ(tests[1].at("what"), "rout move");
  EXPECT_TRUE(state_.units[0].routing || state_.units[0].rout_pending);
  EXPECT_EQ(state_.units[0].locked, 0u);
  EXPECT_FALSE(state_.units[0].last_man);
  EXPECT_EQ(last("melee_round"), nullptr);  // he left before any blow
}

TEST_F(LastMan, ADV_67_the_chance_he_fights_on_is_seven_in_twelve) {
  EXPECT_NEAR(dice::p_leadership(7), 7.0 / 12.0, 1e-12);
}

TEST_F(LastMan, ADV_67_a_round_that_leaves_one_model_marks_the_squad) {
  // The marines strike first (I4): Marine 11 hits (1), wounds (6) and Guardsman 1 fails his save
  // (1); Marine 12 misses (6). Guardsman 2 hits (1), wounds (6), Marine 12 fails his save (1).
  // One casualty each: a drawn round, no rout test, and each squad is down to one model.
  arrange();
  script({1, 6, 1, 6, 1, 6, 1});
  for (int i = 0; i < 60; ++i) script({6});
  fight(0, 1);
  const auto* result = last("combat_result");
  ASSERT_NE(result, nullptr);
  EXPECT_TRUE(rolls("MELEE-16").empty());
  EXPECT_EQ(state_.living_models(0), 1);
  EXPECT_EQ(state_.living_models(1), 1);
  EXPECT_TRUE(state_.units[0].last_man);
  EXPECT_TRUE(state_.units[1].last_man);
}

TEST_F(LastMan, ADV_67_the_option_off_marks_nobody) {
  arrange("options: {two_weapons: false}\n");
  script({1, 6, 1, 6, 1, 6, 1});
  for (int i = 0; i < 60; ++i) script({6});
  fight(0, 1);
  EXPECT_EQ(state_.living_models(0), 1);
  EXPECT_FALSE(state_.units[0].last_man);
  EXPECT_FALSE(state_.units[1].last_man);
}

}  // namespace
}  // namespace arap::game
