// ADV-32 (advanced, option field_of_view): one shooting action's fire split between enemy units by
// model group (the action's `split`), every target in one 90-degree arc seen from the firing
// unit. Dice are scripted.
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "support/scripted_game.hpp"
#include "table/geometry.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: an Infantry Squad (unit 0) cut to its Sergeant (group 0, laspistol) and one Guardsman
// (group 1, lasgun) at (24, 10) facing north. Blue: two Slugga Boyz mobs (units 1 and 2), each cut
// to one Boy, 8" away at `spread`/2 degrees either side of north (unit 1 to the left).
class SplitFire : public test::ScriptedGame {
 protected:
  void arrange(double spread, const std::string& options = "") {
    begin(test::battle("split_fire", "imperial_guard", "[{unit: infantry_squad, at: [24, 8]}]",
                       "orks",
                       "[{unit: slugga_boyz, at: [24, 28], facing: 180}, {unit: slugga_boyz, at: "
                       "[24, 40], facing: 180}]",
                       options),
          3);
    const auto& red = setup_->units[0];
    sergeant_ = red.first_model;
    guardsman_ = red.first_model + 1;
    for (int m = red.first_model + 2; m < red.first_model + red.model_count; ++m) remove_model(m);
    place(sergeant_, 23.5, 10.0, 0.0);
    place(guardsman_, 24.5, 10.0, 0.0);
    for (const int u : {1, 2}) {
      const auto& blue = setup_->units[u];
      for (int m = blue.first_model + 2; m < blue.first_model + blue.model_count; ++m)
        remove_model(m);
      remove_model(blue.first_model);  // the Nob
      boy_[u] = blue.first_model + 1;
      const table::Point at =
          table::Point{24.0, 10.0} + table::heading_vector(u == 1 ? -spread / 2 : spread / 2) * 8.0;
      place(boy_[u], at.x, at.y, 180.0);
    }
    script({1});
    must(activate(0, 1));
  }

  // The Sergeant's group at unit 1, the Guardsman's (group 1) split off at unit 2.
  Action split_shot() const {
    Action a = shoot(0, 1);
    a.pick_count = 1;
    a.picks[0] = {1, 2};
    return a;
  }

  int sergeant_ = -1;
  int guardsman_ = -1;
  int boy_[3] = {-1, -1, -1};
};

TEST_F(SplitFire, ADV_32_each_group_fires_at_its_own_target) {
  arrange(60.0);
  // Sergeant's laspistol (BS3 - 1 at a lone model, SHOOT-11j: goal 2; one shot at 8"): hits on 1,
  // wounds the T4 Boy on 6 (S3: 5 or more), the 6+ save fails on 1. The Guardsman's lasgun (Rapid
  // Fire 1: two shots within half its 24"): both hit on 1, the first wounds on 6 and the save fails
  // on 1; the second finds nobody left.
  script({1, 6, 1, 1, 1, 6, 1});
  must(split_shot());
  EXPECT_TRUE(dice_.exhausted());
  const auto hits = rolls("SHOOT-10");
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_EQ(hits[0].at("target"), 1);
  EXPECT_EQ(hits[0].at("weapon"), "laspistol");
  EXPECT_EQ(hits[1].at("target"), 2);
  EXPECT_EQ(hits[1].at("weapon"), "lasgun");
  EXPECT_FALSE(state_.models[boy_[1]].pose.alive);
  EXPECT_FALSE(state_.models[boy_[2]].pose.alive);
  EXPECT_EQ(state_.action_points, 0) << "one shooting action, 1 AP";
  const Event* shooting = nullptr;
  for (const auto& e : log_)
    if (e.value("type", "") == "shooting") shooting = &e;
  ASSERT_NE(shooting, nullptr);
  EXPECT_EQ(shooting->at("by_unit").size(), 2u);
}

TEST_F(SplitFire, ADV_32_two_units_100_degrees_apart_are_not_both_fired_at) {
  arrange(100.0);
  const std::string reason = illegal_reason(state_, split_shot());
  EXPECT_EQ(reason.rfind("ADV-32: one shooting action's targets lie in one 90-degree arc", 0), 0u)
      << reason;
  EXPECT_NE(reason.find("span 100 degrees"), std::string::npos) << reason;
  // Each alone may still be shot at.
  EXPECT_EQ(illegal_reason(state_, shoot(0, 1)), "");
  EXPECT_EQ(illegal_reason(state_, shoot(0, 2)), "");
}

TEST_F(SplitFire, ADV_32_a_split_is_refused_where_it_makes_no_sense) {
  arrange(60.0);
  Action a = split_shot();
  a.picks[0] = {4, 2};  // Sergeant, Guardsmen, Flamer Guardsman, Grenadier: 0 to 3
  EXPECT_EQ(illegal_reason(state_, a),
            "ADV-32: Infantry Squad has no model group 4 (its groups are 0 to 3)");
  a.picks[0] = {2, 2};  // the Flamer Guardsman is gone
  EXPECT_EQ(
      illegal_reason(state_, a),
      "ADV-32: no model of group 2 of Infantry Squad has a non-heavy weapon to fire at Slugga "
      "Boyz (SHOOT-01)");
  a.picks[0] = {1, 1};
  EXPECT_EQ(illegal_reason(state_, a), "ADV-32: model group 1 is sent at the action's own target");
  a = split_shot();
  a.pick_count = 2;
  a.picks[1] = {1, 2};
  EXPECT_EQ(illegal_reason(state_, a),
            "ADV-32: model group 1 of Infantry Squad fires at one target");
  a = split_shot();
  a.picks[0] = {0, 2};
  a.pick_count = 2;
  a.picks[1] = {1, 2};
  EXPECT_EQ(illegal_reason(state_, a),
            "ADV-32: with its groups sent elsewhere no model of Infantry Squad left fires at "
            "Slugga Boyz (SHOOT-01)");
}

TEST_F(SplitFire, ADV_32_the_option_off_keeps_one_target_an_action) {
  arrange(60.0, "options: {field_of_view: false}\n");
  EXPECT_EQ(illegal_reason(state_, split_shot()),
            "ADV-32: fire is split between units only with the option field_of_view");
}

TEST_F(SplitFire, ADV_32_the_split_is_listed_previewed_and_written_as_json) {
  arrange(60.0);
  const auto actions = legal_actions(state_);
  const Action wanted = split_shot();
  EXPECT_NE(std::find(actions.begin(), actions.end(), wanted), actions.end());
  // Preview: the Sergeant's one laspistol shot at unit 1, the Guardsman's two lasgun shots at 2.
  const advice::Preview p = advice::preview(state_, wanted);
  ASSERT_FALSE(p.refused);
  EXPECT_EQ(p.target, 1);
  ASSERT_EQ(p.groups.size(), 1u);
  EXPECT_EQ(p.groups[0].weapon, "laspistol");
  // Goal 2 (1/3), S3 wounds T4 on 5 or 6 (1/3), the 6+ save fails 5 times in 6: 5/54 a shot.
  const double p_slay = (1.0 / 3.0) * (1.0 / 3.0) * (5.0 / 6.0);
  EXPECT_NEAR(p.slain.at_least(1), p_slay, 1e-12);
  ASSERT_EQ(p.split.size(), 1u);
  EXPECT_EQ(p.split[0].target, 2);
  ASSERT_EQ(p.split[0].groups.size(), 1u);
  EXPECT_EQ(p.split[0].groups[0].weapon, "lasgun");
  EXPECT_NEAR(p.split[0].slain.at_least(1), 1.0 - (1.0 - p_slay) * (1.0 - p_slay), 1e-12);
  const auto json = to_json(wanted);
  EXPECT_EQ(json.at("split"), nlohmann::json::parse(R"([{"group": 1, "target": 2}])"));
  EXPECT_EQ(action_from_json(json), wanted);
  EXPECT_EQ(advice::to_json(p).at("split").size(), 1u);
}

TEST(SplitFireJson, ADV_32_split_belongs_to_shoot_actions_only) {
  EXPECT_THROW(
      action_from_json(nlohmann::json::parse(
          R"({"type": "charge", "unit": 0, "target": 1, "split": [{"group": 1, "target": 2}]})")),
      data::DataError);
  EXPECT_THROW(action_from_json(nlohmann::json::parse(
                   R"({"type": "shoot", "unit": 0, "target": 1, "picks": []})")),
               data::DataError);
  EXPECT_THROW(action_from_json(nlohmann::json::parse(
                   R"({"type": "shoot", "unit": 0, "target": 1, "split": [{"group": 1}]})")),
               data::DataError);
}

}  // namespace
}  // namespace arap::game
