// ADV-74: a unit split into parts (GEN-09 / ADV-19) of which only one is in a mêlée: the round's
// result and the rout test are that part's, on its own strength and Ld, and only it routs.
#include <gtest/gtest.h>

#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard squad (unit 0): Guardsmen 1-4 in a chain 2.5" apart by a Lictor (Blue, unit 1,
// model 10, facing south at (24, 20)), Guardsman 1 touching it; the Sergeant (model 0, Ld 8) and
// Guardsmen 5-9 twelve inches off. Red splits the squad in its activation phase: the Sergeant's
// six keep unit 0, the four go to the squad's first sub-unit slot, which is locked with the Lictor.
class SplitFight : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("split_fight", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "tyranids", "[{unit: lictor, at: [24, 24], facing: 180}]"),
          3);
    state_.phasing = 0;
    place(10, 24.0, 20.0, 180.0);
    place(1, 24.0, 18.7, 0.0);  // touching the Lictor
    place(2, 25.3, 18.7, 0.0);  // within its reach, not touching
    place(3, 27.8, 18.7, 0.0);
    place(4, 30.3, 18.7, 0.0);
    int k = 0;
    for (const int m : {0, 5, 6, 7, 8, 9}) place(m, 4.0 + 2.0 * k++, 6.0, 0.0);
    must(act(ActionKind::split, 0));
    part_ = setup_->units[0].first_slot;
    ASSERT_EQ(state_.models[1].pose.unit, part_);
    ASSERT_EQ(state_.models[0].pose.unit, 0) << "the main body is the Sergeant's part";
    lock(part_, 1);
  }
  int part_ = -1;
};

TEST_F(SplitFight, ADV_74_the_four_in_the_fight_lose_and_rout_and_the_six_are_unaffected) {
  // The Lictor's three attacks: on Guardsman 1 hit, wound, saved (6); again, unsaved: he falls;
  // on Guardsman 2 hit, wound, unsaved. Every later die is a 6: the Guard's blows miss, their
  // rout test (6 + 6) fails.
  script({1, 6, 6, 1, 6, 1, 1, 6, 1});
  for (int i = 0; i < 40; ++i) script({6});
  fight(part_, 1);
  // In unit order: the Lictor (unit 1) +2, the part (the slot after it) -2.
  EXPECT_EQ(last("combat_result")->at("wound_difference"), nlohmann::json({2, -2}));
  const auto rout_tests = rolls("MELEE-16");
  ASSERT_EQ(rout_tests.size(), 1u);
  EXPECT_EQ(rout_tests[0].at("unit"), part_);
  // The part's own Ld (the Guardsmen's 7: the Sergeant is in the other part) less 2.
  EXPECT_EQ(rout_tests[0].at("goal"), 5);
  EXPECT_EQ(rout_tests[0].at("passed"), false);
  EXPECT_TRUE(state_.units[part_].routing || state_.units[part_].rout_pending);
  // The six: no test, not routing, not locked, every model standing where it stood.
  EXPECT_FALSE(state_.units[0].routing);
  EXPECT_FALSE(state_.units[0].rout_pending);
  EXPECT_EQ(state_.units[0].locked, 0u);
  EXPECT_EQ(state_.living_models(0), 6);
  for (const auto& e : log_) {
    if (e.value("type", "") == "roll") {
      EXPECT_NE(e.value("unit", -1), 0) << e.dump();
    }
  }
  // Routing, the part does not merge back with the squad (GEN-09 waits until it is at rest).
  EXPECT_EQ(state_.models[3].pose.unit, part_);
}

}  // namespace
}  // namespace arap::game
