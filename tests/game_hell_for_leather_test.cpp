// ADV-24 (optional, option hell_for_leather): mounted models ride difficult ground at full speed,
// a D6 for each on entering it, a 1 losing horse and rider with no save; the GM may rule a
// feature out (hell_for_leather: false). The Guard's Rough Riders (ADV-22) ride through woods.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: Rough Riders (unit 0, five M8 riders) in a row at y = 10 facing north, woods (difficult)
// from y = 12 to 16; Blue: Slugga Boyz far off.
class HellForLeather : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options, const std::string& woods_extra = "",
               const std::string& unit = "rough_riders") {
    begin_lone_unit("hell_" + std::to_string(++count_), "imperial_guard", unit,
                    options +
                        "terrain:\n  - {id: woods, kind: wood, movement: difficult, polygon: [[0, "
                        "12], [48, 12], [48, 16], [0, 16]]" +
                        woods_extra + "}\n");
    start_.clear();
    for (int m = 0; m < setup_->units[0].model_count; ++m)
      start_.push_back(state_.models[m].pose.position);
  }
  Action ride(double dy) const {
    Action a = move(0, 0.0, dy);
    a.mode = table::MoveMode::hell_for_leather;
    return a;
  }
  double moved(int m) const { return state_.models[m].pose.position.y - start_[m].y; }

  int count_ = 0;
  std::vector<table::Point> start_;
};

TEST_F(HellForLeather, ADV_24_riders_cross_difficult_ground_at_full_speed) {
  arrange("options: {hell_for_leather: true}\n");
  ASSERT_EQ(setup_->units[0].model_count, 5);
  EXPECT_NE(illegal_reason(state_, move(0, 0.0, 8.0)).find("of a 8.00\" allowance"),
            std::string::npos)
      << "a walk pays double in the woods";
  script({2, 3, 4, 5, 6});  // one D6 a rider as it enters the woods: none is a 1
  must(ride(8.0));
  for (int m = 0; m < 5; ++m) EXPECT_NEAR(moved(m), 8.0, 1e-9);
  const auto rolled = rolls("ADV-24");
  ASSERT_EQ(rolled.size(), 5u);
  for (const auto& r : rolled) {
    EXPECT_EQ(r["lost"], false);
    EXPECT_EQ(r["feature"], "woods");
  }
  EXPECT_EQ(state_.living_models(0), 5);
}

TEST_F(HellForLeather, ADV_24_a_one_loses_horse_and_rider_with_no_save) {
  arrange("options: {hell_for_leather: true}\n");
  script({2, 1, 2, 2, 2});  // the second rider's D6 is a 1
  must(ride(8.0));
  EXPECT_FALSE(state_.models[1].pose.alive);
  EXPECT_EQ(state_.living_models(0), 4);
  EXPECT_TRUE(rolls("SHOOT-24").empty()) << "no save";
  EXPECT_EQ(state_.units[0].own_turn.hazard_losses, 1) << "the ground's loss (MORALE-08)";
  EXPECT_EQ(state_.units[0].own_turn.casualties_taken, 0) << "not a fire casualty";
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(HellForLeather, ADV_24_riders_already_in_the_woods_roll_nothing_more) {
  arrange("options: {hell_for_leather: true}\n");
  script({2, 2, 2, 2, 2});
  must(ride(4.0));  // into the woods
  ASSERT_EQ(rolls("ADV-24").size(), 5u);
  must(ride(4.0));  // on through them and out: no new entry
  EXPECT_EQ(rolls("ADV-24").size(), 5u);
  EXPECT_NEAR(moved(0), 8.0, 1e-9);
}

TEST_F(HellForLeather, ADV_24_ground_the_gm_rules_out_is_ridden_at_half_speed) {
  arrange("options: {hell_for_leather: true}\n", ", hell_for_leather: false");
  EXPECT_NE(illegal_reason(state_, ride(8.0)).find("of a 8.00\" allowance"), std::string::npos);
  must(ride(5.0));  // 2" of open ground and 3" of woods at double: all 8"
  EXPECT_TRUE(rolls("ADV-24").empty());
  EXPECT_NEAR(moved(0), 5.0, 1e-9);
}

TEST_F(HellForLeather, ADV_24_needs_the_option_and_mounted_models) {
  arrange("");
  EXPECT_NE(
      illegal_reason(state_, ride(8.0)).find("ADV-24: riding Hell for Leather is switched off"),
      std::string::npos);
  arrange("options: {hell_for_leather: true}\n", "", "infantry_squad");
  EXPECT_NE(illegal_reason(state_, ride(4.0)).find("on foot"), std::string::npos);
}

TEST_F(HellForLeather, ADV_24_the_door_offers_the_ride) {
  arrange("options: {hell_for_leather: true}\n");
  const auto actions = legal_actions(state_);
  const auto rides = std::count_if(actions.begin(), actions.end(), [](const Action& a) {
    return a.kind == ActionKind::move && a.mode == table::MoveMode::hell_for_leather;
  });
  EXPECT_GT(rides, 0);
  for (const Action& a : actions)
    if (a.mode == table::MoveMode::hell_for_leather) {
      GameState trial = state_;
      trial.scripted_dice = nullptr;
      EXPECT_EQ(apply(trial, a, nullptr), "") << describe(a);
    }
  EXPECT_EQ(action_from_json(to_json(ride(8.0))), ride(8.0));
  EXPECT_EQ(to_json(ride(8.0))["mode"], "hell_for_leather");
}

TEST(HellForLeatherData, ADV_24_only_difficult_ground_may_be_ruled_out) {
  try {
    test::battle("hell_bad", "imperial_guard", "[{unit: rough_riders, at: [24, 10]}]", "orks",
                 "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                 "terrain:\n  - {id: field, kind: rubble, movement: normal, polygon: [[0, 12], "
                 "[48, 12], [48, 16], [0, 16]], hell_for_leather: false}\n");
    FAIL() << "accepted";
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.field(), "terrain[0].hell_for_leather");
    EXPECT_NE(std::string(error.what()).find("ADV-24"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace arap::game
