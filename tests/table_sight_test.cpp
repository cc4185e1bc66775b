// GEN-04/06, SHOOT-01/02/04/17/20, ACT-15, MELEE-01/02, CHARGE-05: measuring, arcs and sight.
#include <gtest/gtest.h>

#include "support/table_builder.hpp"
#include "table/coherency.hpp"
#include "table/line_of_sight.hpp"

namespace arap::table {
namespace {

using test::model_at;

TEST(Measuring, GEN_04_distances_are_inclusive) {
  std::vector<TableModel> models = {model_at(0, 0), model_at(3, 0), model_at(24, 0, 0, 1, 1)};
  EXPECT_TRUE(coherent(models, {0, 1}));
  EXPECT_DOUBLE_EQ(range_to_unit(models, 0, 1), 24.0);
  const Table table(48, 48);
  EXPECT_EQ(eligible_targets(table, models, 1, 1, 21.0).size(), 1u) << "21.0\" away: in range";
  EXPECT_TRUE(eligible_targets(table, models, 1, 1, 20.9).empty());
}

TEST(Measuring, SHOOT_01_range_to_the_nearest_member) {
  std::vector<TableModel> models = {model_at(0, 0), model_at(0, 24, 180, 1, 1),
                                    model_at(0, 30, 180, 1, 1)};
  EXPECT_DOUBLE_EQ(range_to_unit(models, 0, 1), 24.0);
  models[1].alive = false;
  EXPECT_DOUBLE_EQ(range_to_unit(models, 0, 1), 30.0);
}

TEST(Measuring, GEN_06_MELEE_01_melee_radius_is_size) {
  const TableModel dreadnought = model_at(0, 0, 0, 0, 0, 3);
  EXPECT_TRUE(within_melee_radius(dreadnought, model_at(3.0, 0)));
  EXPECT_FALSE(within_melee_radius(dreadnought, model_at(3.1, 0)));
  EXPECT_TRUE(within_melee_radius(model_at(0, 0), model_at(2.0, 0)));
  EXPECT_FALSE(within_melee_radius(model_at(0, 0), model_at(2.1, 0)));
  EXPECT_TRUE(within_melee_radius(dreadnought, model_at(2.5, 0)));
  EXPECT_FALSE(within_melee_radius(model_at(2.5, 0), dreadnought));
}

TEST(Measuring, GEN_09_coherency_and_sub_units) {
  std::vector<TableModel> models = {model_at(0, 0), model_at(2.5, 0), model_at(1.25, -3.4)};
  const auto groups = coherent_groups(models, {0, 1, 2});
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[1], std::vector<int>{2});
  models[2].position = {2.5, -3.0};
  EXPECT_TRUE(coherent(models, {0, 1, 2}));
}

TEST(Arcs, SHOOT_04_field_of_view_and_fire_arc) {
  const TableModel shooter = model_at(0, 0, 0);
  const auto at_angle = [](double degrees) { return heading_vector(degrees) * 10.0; };
  EXPECT_TRUE(in_fire_arc(shooter, at_angle(44)));
  EXPECT_FALSE(in_fire_arc(shooter, at_angle(46)));
  EXPECT_TRUE(in_field_of_view(shooter, at_angle(46)));
  EXPECT_FALSE(in_field_of_view(shooter, at_angle(95)));
  EXPECT_TRUE(in_arc_after_free_pivot(shooter, at_angle(95)));
}

TEST(Arcs, ACT_15_free_pivot_reaches_135_degrees) {
  const TableModel shooter = model_at(0, 0, 0);
  EXPECT_TRUE(in_arc_after_free_pivot(shooter, heading_vector(80) * 5.0));
  EXPECT_TRUE(in_arc_after_free_pivot(shooter, heading_vector(-100) * 5.0));
  EXPECT_FALSE(in_arc_after_free_pivot(shooter, heading_vector(136) * 5.0));
}

TEST(Arcs, MELEE_02_attack_arcs_by_attack_kind) {
  const TableModel beast = model_at(0, 0, 0);
  const Point front = heading_vector(10), flank = heading_vector(90), rear = heading_vector(170);
  EXPECT_TRUE(in_attack_arc(beast, front, AttackArc::front));
  EXPECT_FALSE(in_attack_arc(beast, rear, AttackArc::front));
  EXPECT_TRUE(in_attack_arc(beast, front, AttackArc::front_narrow));
  EXPECT_FALSE(in_attack_arc(beast, flank, AttackArc::front_narrow));
  EXPECT_TRUE(in_attack_arc(beast, flank, AttackArc::front_and_sides));
  EXPECT_FALSE(in_attack_arc(beast, rear, AttackArc::front_and_sides));
  EXPECT_FALSE(in_attack_arc(beast, front, AttackArc::sides_and_rear));
  EXPECT_TRUE(in_attack_arc(beast, rear, AttackArc::sides_and_rear));
  EXPECT_TRUE(in_attack_arc(beast, rear, AttackArc::all_round));
}

TEST(Arcs, CHARGE_05_quadrant_contacted_with_corners) {
  const Point centre{10, 10};
  EXPECT_EQ(quadrant_of(centre, 0, centre + heading_vector(20) * 2), Quadrant::front);
  EXPECT_EQ(quadrant_of(centre, 0, centre + heading_vector(45) * 2), Quadrant::front);
  EXPECT_EQ(quadrant_of(centre, 0, centre + heading_vector(100) * 2), Quadrant::flank);
  EXPECT_EQ(quadrant_of(centre, 0, centre + heading_vector(135) * 2), Quadrant::flank);
  EXPECT_EQ(quadrant_of(centre, 0, centre + heading_vector(170) * 2), Quadrant::rear);
}

TEST(Sight, SHOOT_02_buildings_block_and_occupants_see_out) {
  Table table(48, 48);
  table.add_feature(
      test::rect_feature("house", 10, 10, 14, 14, MovementClass::impassable, Cover::hard, 0.0));
  EXPECT_FALSE(terrain_sight(table, {12, 5}, {12, 20}).clear());
  EXPECT_TRUE(terrain_sight(table, {5, 5}, {5, 20}).clear());
  EXPECT_TRUE(terrain_sight(table, {12, 12}, {12, 20}).clear()) << "at the window";
}

// SHOOT-17: a smoke cloud hides what is beyond it and, unlike a building, those inside it too; a
// solid blocker is reported before the smoke, so only a line smoke alone stops may be fired down.
// A smoke cloud (SHOOT-17) over a rectangle; `blind` for a blind-grenade cloud (ADV-35).
TerrainFeature smoke_cloud(std::string id, double x0, double y0, double x1, double y1,
                           bool blind = false) {
  auto cloud = test::rect_feature(std::move(id), x0, y0, x1, y1, MovementClass::normal);
  cloud.kind = TerrainKind::smoke;
  cloud.see_through = 0.0;
  cloud.blind = blind;
  return cloud;
}

TEST(Sight, SHOOT_17_smoke_hides_its_occupants_and_what_lies_beyond) {
  Table table(48, 48);
  table.add_feature(smoke_cloud("cloud", 10, 10, 14, 14));
  auto house =
      test::rect_feature("house", 20, 10, 24, 14, MovementClass::impassable, Cover::hard, 0.0);
  house.kind = TerrainKind::building;
  table.add_feature(house);
  EXPECT_TRUE(table.has_smoke());
  EXPECT_TRUE(terrain_sight(table, {5, 12}, {18, 12}).smoke_only()) << "across the cloud";
  EXPECT_TRUE(terrain_sight(table, {12, 12}, {12, 30}).smoke_only()) << "out of the cloud";
  EXPECT_TRUE(terrain_sight(table, {11, 11}, {13, 13}).smoke_only()) << "within the cloud";
  EXPECT_TRUE(terrain_sight(table, {5, 5}, {5, 30}).clear()) << "beside it";
  const Sight both = terrain_sight(table, {5, 12}, {30, 12});
  EXPECT_FALSE(both.smoke_only()) << "the house behind the cloud decides";
  EXPECT_EQ(both.feature->id, "house");
  EXPECT_TRUE(terrain_sight(table, {22, 12}, {22, 30}).clear()) << "a house's occupant sees out";
  // Models: a line smoke alone stops gives smoke-screened targets, not eligible ones.
  std::vector<TableModel> models = {model_at(12, 2, 0), model_at(12, 24, 180, 1, 1)};
  EXPECT_TRUE(eligible_targets(table, models, 0, 1, 24).empty());
  EXPECT_EQ(smoke_screened_targets(table, models, 0, 1, 24), std::vector<int>{1});
  EXPECT_TRUE(smoke_screened_targets(table, models, 0, 1, 21).empty()) << "out of range";
  models[1].position = {2, 24};  // in the open, seen past the cloud
  EXPECT_EQ(eligible_targets(table, models, 0, 1, 30), std::vector<int>{1});
  EXPECT_TRUE(smoke_screened_targets(table, models, 0, 1, 30).empty());
}

// ADV-35: infra-vision sees through smoke as if it were not there, but not through a blind cloud.
TEST(Sight, ADV_35_infra_vision_sees_through_smoke_but_not_blind_clouds) {
  Table table(48, 48);
  table.add_feature(smoke_cloud("cloud", 10, 10, 14, 14));
  std::vector<TableModel> models = {model_at(12, 2, 0), model_at(12, 24, 180, 1, 1)};
  EXPECT_TRUE(line_of_sight(table, models, 0, 1).smoke_only());
  models[0].infra_vision = true;
  EXPECT_TRUE(line_of_sight(table, models, 0, 1).clear());
  EXPECT_EQ(eligible_targets(table, models, 0, 1, 24), std::vector<int>{1});
  EXPECT_TRUE(line_of_sight(table, models, 1, 0).smoke_only()) << "the target has no such eyes";
  models.push_back(model_at(12, 18, 0, 2, 1, 3));  // a big model of another unit in the way
  EXPECT_EQ(line_of_sight(table, models, 0, 1).blocker, Sight::Blocker::model);
  models.pop_back();
  table.add_feature(smoke_cloud("blind", 10, 15, 14, 16, true));
  EXPECT_TRUE(line_of_sight(table, models, 0, 1).smoke_only()) << "a blind cloud beyond";
}

TEST(Sight, ADV_05_woods_hide_what_is_deep_inside) {
  Table table(48, 48);
  table.add_feature(
      test::rect_feature("wood", 10, 10, 20, 20, MovementClass::difficult, Cover::soft, 2.0));
  EXPECT_TRUE(terrain_sight(table, {15, 0}, {15, 11.5}).clear()) << "1.5\" inside";
  EXPECT_FALSE(terrain_sight(table, {15, 0}, {15, 13}).clear()) << "3\" inside";
  EXPECT_FALSE(terrain_sight(table, {15, 0}, {15, 30}).clear()) << "through 10\" of wood";
}

TEST(Sight, SHOOT_20_fire_past_one_comrade_not_two) {
  const Table table(48, 48);
  std::vector<TableModel> models = {model_at(10, 10), model_at(10, 11.5), model_at(10, 13),
                                    model_at(10, 20, 180, 1, 1)};
  // Column facing the enemy: 2 (front) and 1 (behind it) may fire, 0 (third rank) may not.
  EXPECT_TRUE(line_of_sight(table, models, 2, 3).clear());
  EXPECT_TRUE(line_of_sight(table, models, 1, 3).clear());
  const Sight third = line_of_sight(table, models, 0, 3);
  EXPECT_FALSE(third.clear());
  EXPECT_EQ(third.blocker, Sight::Blocker::model);
}

TEST(Sight, SHOOT_20_bigger_or_mounted_comrades_and_other_units_block) {
  const Table table(48, 48);
  std::vector<TableModel> models = {model_at(10, 10), model_at(10, 12, 0, 0, 0, 3),
                                    model_at(10, 20, 180, 1, 1, 2)};
  EXPECT_FALSE(line_of_sight(table, models, 0, 2).clear()) << "behind a Size 3 comrade";
  models[1].size = 2;
  EXPECT_TRUE(line_of_sight(table, models, 0, 2).clear()) << "behind an Ogryn-sized comrade";
  models[1].mounted = true;
  EXPECT_FALSE(line_of_sight(table, models, 0, 2).clear()) << "behind a mounted comrade";
  models[1].mounted = false;
  models[1].unit = 5;
  EXPECT_FALSE(line_of_sight(table, models, 0, 2).clear()) << "through another friendly unit";
  models[1].unit = 0;
  models[1].engaged = true;
  EXPECT_FALSE(line_of_sight(table, models, 0, 2).clear()) << "past a comrade in mêlée";
  models[1] = model_at(10, 12, 0, 9, 0, 1);
  EXPECT_TRUE(line_of_sight(table, models, 0, 2).clear()) << "a Size 1 model hides no man";
}

// The sight memo (terrain_sight keeps recent answers per thread) must never hand one table's
// answer to another, nor an old answer to a table that has since changed.
TEST(Sight, SHOOT_02_remembered_sight_follows_the_table_that_asks) {
  Table open_ground(48, 48);
  Table walled(48, 48);
  walled.add_feature(
      test::rect_feature("house", 10, 10, 14, 14, MovementClass::impassable, Cover::hard, 0.0));
  const Point a{12, 5};
  const Point b{12, 20};
  for (int again = 0; again < 2; ++again) {
    EXPECT_TRUE(terrain_sight(open_ground, a, b).clear()) << "asked " << again + 1 << " times";
    const Sight blocked = terrain_sight(walled, b, a);
    ASSERT_FALSE(blocked.clear());
    EXPECT_EQ(blocked.feature, &walled.features()[0]) << "the blocker of the table that asks";
  }
  // The same table, changed after it was asked: the new wall is seen.
  open_ground.add_feature(
      test::rect_feature("wall", 10, 12, 14, 13, MovementClass::impassable, Cover::hard, 0.0));
  EXPECT_FALSE(terrain_sight(open_ground, a, b).clear());
  // A copy answers as its original does, naming its own features.
  const Table copy = walled;
  EXPECT_EQ(terrain_sight(copy, a, b).feature, &copy.features()[0]);
}

}  // namespace
}  // namespace arap::table
