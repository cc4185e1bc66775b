// ADV-32 (advanced, option field_of_view): a model's field of view is bounded by a line across its
// base (a Size 1-2 target must stand wholly in front of it), and what one model fires at in one
// action lies in one 90-degree fire arc (SHOOT-04 after ACT-15's free pivot).
#include <gtest/gtest.h>

#include "support/scripted_game.hpp"
#include "table/geometry.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game {
namespace {

using test::act;

table::TableModel model_at(double x, double y, double facing = 0.0, int size = 2) {
  table::TableModel m;
  m.position = {x, y};
  m.facing = facing;
  m.size = size;
  return m;
}

TEST(FieldOfView, ADV_32_a_small_target_must_stand_wholly_before_the_line) {
  const table::TableModel viewer = model_at(0.0, 0.0, 0.0);
  const table::Point ahead = table::heading_vector(0.0);
  const table::Point right = table::heading_vector(90.0);
  // The centre 0.3" ahead of the line, the base (0.49") reaching behind it.
  table::TableModel straddling = model_at(0.0, 0.0);
  straddling.position = right * 3.0 + ahead * 0.3;
  EXPECT_TRUE(table::in_field_of_view(viewer, straddling.position));
  EXPECT_FALSE(table::wholly_in_field_of_view(viewer, straddling));
  straddling.position = right * 3.0 + ahead * 0.49;  // touching the line: in view
  EXPECT_TRUE(table::wholly_in_field_of_view(viewer, straddling));
  // A large target (Size 3) is judged by its centre.
  table::TableModel large = straddling;
  large.size = 3;
  large.position = right * 3.0 + ahead * 0.3;
  EXPECT_TRUE(table::wholly_in_field_of_view(viewer, large));
}

TEST(FieldOfView, ADV_32_one_action_fires_into_one_ninety_degree_arc) {
  // The shooter faces north; targets 100, 30 (the nearest) and 60 degrees off it, the first two
  // to its left. Arcs holding the nearest: [-100, -10] holds two, [-30, 60] holds two; the
  // second turns the least (15 degrees against 55).
  std::vector<table::TableModel> models = {model_at(0.0, 0.0, 0.0)};
  for (const auto& [offset, range] :
       std::vector<std::pair<double, double>>{{-100.0, 8.0}, {-30.0, 5.0}, {60.0, 9.0}}) {
    table::TableModel m = model_at(0.0, 0.0);
    m.position = table::heading_vector(offset) * range;
    models.push_back(m);
  }
  EXPECT_EQ(table::within_one_fire_arc(models, 0, {1, 2, 3}), (std::vector<int>{2, 3}));
  // Within 90 degrees of each other they all stay.
  EXPECT_EQ(table::within_one_fire_arc(models, 0, {2, 3}), (std::vector<int>{2, 3}));
  // Both inside the present arc (20 and 40 degrees either way): kept without a turn.
  std::vector<table::TableModel> ahead = {model_at(0.0, 0.0, 0.0)};
  for (const double offset : {-20.0, 40.0}) {
    table::TableModel m = model_at(0.0, 0.0);
    m.position = table::heading_vector(offset) * 6.0;
    ahead.push_back(m);
  }
  EXPECT_EQ(table::within_one_fire_arc(ahead, 0, {1, 2}), (std::vector<int>{1, 2}));
  // Two targets 100 degrees apart: only the nearer one's side.
  EXPECT_EQ(table::within_one_fire_arc(models, 0, {1, 3}), (std::vector<int>{1}));
}

// Red: one Guardsman (unit 0, model 1, a lasgun) at (24, 10) facing north; Blue: two Slugga Boyz
// (unit 1) 50 degrees either side of his facing, the left one nearer; the rest of both squads gone.
class SplitTargets : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("field_of_view", "imperial_guard", "[{unit: infantry_squad, at: [24, 8]}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", options),
          3);
    const auto& red = setup_->units[0];
    const auto& blue = setup_->units[1];
    for (int m = red.first_model; m < red.first_model + red.model_count; ++m)
      if (m != 1) remove_model(m);
    left_ = blue.first_model;
    right_ = blue.first_model + 1;
    for (int m = blue.first_model + 2; m < blue.first_model + blue.model_count; ++m)
      remove_model(m);
    place(1, 24.0, 10.0, 0.0);
    const table::Point at{24.0, 10.0};
    const table::Point l = at + table::heading_vector(-50.0) * 8.0;
    const table::Point r = at + table::heading_vector(50.0) * 10.0;
    place(left_, l.x, l.y, 180.0);
    place(right_, r.x, r.y, 180.0);
    script({1});
    must(activate(0, 1));
  }

  std::vector<int> targets() const {
    Action a = act(ActionKind::shoot, 0);
    a.target = 1;
    const auto groups = fire_groups(state_, a);
    return groups.empty() ? std::vector<int>{} : groups.front().targets;
  }

  int left_ = -1;
  int right_ = -1;
};

TEST_F(SplitTargets, ADV_32_boyz_100_degrees_apart_are_not_both_in_the_arc) {
  arrange("");
  EXPECT_EQ(targets(), (std::vector<int>{left_}));
}

TEST_F(SplitTargets, ADV_32_the_option_off_lets_the_shot_reach_both) {
  arrange("options: {field_of_view: false}\n");
  EXPECT_EQ(targets(), (std::vector<int>{left_, right_}));
}

}  // namespace
}  // namespace arap::game
