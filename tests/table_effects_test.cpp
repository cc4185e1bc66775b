// SHOOT-12..14, SHOOT-36..46, ADV-36: cover, templates, markers, scatter on the table.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "rules/area_effects.hpp"
#include "support/table_builder.hpp"
#include "table/cover.hpp"
#include "table/effects.hpp"

namespace arap::table {
namespace {

using test::model_at;

TEST(Cover, ADV_36_wall_cover_needs_the_model_close_and_the_shooter_far) {
  Table table(48, 48);
  table.add_obstacle(test::wall("wall", {0, 10}, {48, 10}, 1.5));
  EXPECT_EQ(model_cover(table, {20, 5}, {20, 11.4}), Cover::hard)
      << "1.4\" behind, shooter 6.4\" away";
  EXPECT_EQ(model_cover(table, {20, 9.5}, {20, 11.4}), Cover::none) << "shooter within 2\"";
  EXPECT_EQ(model_cover(table, {20, 5}, {20, 11.6}), Cover::none) << "1.6\" behind the wall";
  EXPECT_EQ(model_cover(table, {20, 15}, {20, 11.4}), Cover::none) << "wall not between";
}

TEST(Cover, SHOOT_12_standing_in_a_feature) {
  Table table(48, 48);
  table.add_feature(
      test::rect_feature("wood", 10, 10, 20, 20, MovementClass::difficult, Cover::soft, 2.0));
  table.add_feature(
      test::rect_feature("ruin", 30, 10, 35, 15, MovementClass::difficult, Cover::hard));
  EXPECT_EQ(model_cover(table, {15, 0}, {15, 11}), Cover::soft);
  EXPECT_EQ(model_cover(table, {12, 12}, {15, 11}), Cover::none) << "both in the wood";
  EXPECT_EQ(model_cover(table, {32, 0}, {32, 11}), Cover::hard);
  EXPECT_EQ(model_cover(table, {15, 0}, {15, 21}), Cover::soft) << "wood just in front";
  EXPECT_EQ(model_cover(table, {15, 0}, {15, 25}), Cover::none) << "wood far in front";
}

TEST(Cover, SHOOT_13_unit_cover_by_the_fifty_percent_rule) {
  Table table(48, 48);
  table.add_feature(
      test::rect_feature("ruin", 0, 20, 48, 30, MovementClass::difficult, Cover::hard));
  std::vector<TableModel> models;
  for (int i = 0; i < 10; ++i) models.push_back(model_at(2.0 + 2 * i, i < 5 ? 25 : 15, 180, 1, 1));
  EXPECT_EQ(unit_cover_against(table, models, {24, 5}, 1).unit, Cover::none) << "5 of 10";
  models[5].position.y = 25;
  const UnitCover six = unit_cover_against(table, models, {24, 5}, 1);
  EXPECT_EQ(six.unit, Cover::hard) << "6 of 10";
  EXPECT_EQ(six.models.size(), 10u);
}

TEST(Cover, SHOOT_14_casualties_from_the_open_first) {
  std::vector<TableModel> models;
  for (int i = 0; i < 6; ++i) models.push_back(model_at(i * 2.0, 0));
  const std::vector<int> chosen = {0, 1, 2, 3, 4, 5};
  const std::vector<Cover> cover = {Cover::soft, Cover::none, Cover::soft,
                                    Cover::soft, Cover::none, Cover::soft};
  const auto order = casualty_order(models, chosen, cover, {0, -5});
  EXPECT_EQ(order[0], 1);
  EXPECT_EQ(order[1], 4);
  EXPECT_EQ(order[2], 0) << "then the covered model nearest the source";
}

TEST(Templates, SHOOT_36_strip_template_coverage) {
  const Table table(48, 48);
  const StripTemplate strip = place_strip(table, {10, 10}, 0, false);
  std::vector<TableModel> models = {model_at(10.9, 17.9), model_at(10, 18.1), model_at(11.6, 14),
                                    model_at(11.2, 14)};
  const auto under = models_under_strip(models, strip);
  EXPECT_EQ(under, (std::vector<int>{0, 3}));
}

TEST(Templates, SHOOT_36_teardrop_coverage) {
  const Polygon drop = teardrop({10, 10}, 0);
  std::vector<TableModel> models = {model_at(10, 16.5), model_at(11.4, 16.5), model_at(10, 18.5),
                                    model_at(12.5, 16.5)};
  EXPECT_EQ(models_under_polygon(models, drop), (std::vector<int>{0, 1}));
}

TEST(Templates, SHOOT_37_bounced_strip_keeps_its_length) {
  Table table(48, 48);
  table.add_obstacle(test::wall("wall", {0, 16}, {48, 16}, 3.0, Cover::hard, true));
  const StripTemplate strip = place_strip(table, {10, 10}, 0, true);
  ASSERT_EQ(strip.path.size(), 3u);
  EXPECT_TRUE(strip.bounced);
  EXPECT_NEAR(distance(strip.path[0], strip.path[1]), 6.0, 1e-6);
  EXPECT_NEAR(distance(strip.path[1], strip.path[2]), 2.0, 1e-6);
  EXPECT_NEAR(strip.path[2].y, 14.0, 1e-6) << "the stream comes back off the wall";
  const StripTemplate stopped = place_strip(table, {10, 10}, 0, false);
  EXPECT_TRUE(stopped.shortened);
  EXPECT_NEAR(distance(stopped.path[0], stopped.path[1]), 6.0, 1e-6);
}

TEST(Markers, SHOOT_46_models_under_a_marker) {
  std::vector<TableModel> models = {model_at(11.6, 10), model_at(12.0, 10), model_at(10, 10)};
  EXPECT_EQ(models_under_marker(models, {10, 10}, 1.5), (std::vector<int>{0, 2}));
}

// ADV-45: a krak counter (radius 0) strikes only a model whose body it lands on, so a near
// miss still catches a big base.
TEST(Markers, ADV_45_a_krak_counter_hits_only_the_body_under_it) {
  std::vector<TableModel> models = {model_at(10.2, 10), model_at(10.4, 10), model_at(10, 11.2)};
  models[0].base_radius = models[1].base_radius = 0.5;  // man-sized: within 0.25"
  models[2].base_radius = 2.5;                          // a big base: within 1.25"
  EXPECT_EQ(models_under_marker(models, {10, 10}, 0.0), (std::vector<int>{0, 2}));
}

TEST(Markers, SHOOT_41_SHOOT_42_scatter_on_the_table) {
  const Table table(48, 48);
  // BS3, dice 3 and 5: 5" in the rolled direction.
  dice::ScriptedDice dice{3, 5, 90};
  const rules::AreaScatter scatter =
      rules::roll_area_scatter(dice, rules::AreaDelivery::fired, 3, 20.0);
  const Point landed = scattered_point(table, {20, 30}, scatter.distance, scatter.bearing_degrees);
  EXPECT_NEAR(landed.x, 25.0, 1e-9);
  EXPECT_NEAR(landed.y, 30.0, 1e-9);
  dice::ScriptedDice capped{6, 5, 180};
  const rules::AreaScatter half =
      rules::roll_area_scatter(capped, rules::AreaDelivery::fired, 2, 8.0);
  EXPECT_DOUBLE_EQ(half.distance, 4.0);
  EXPECT_EQ(scattered_point(table, {1, 1}, 9, 225), (Point{0, 0})) << "clamped to the table";
}

TEST(Markers, SHOOT_45_SHOOT_44_wall_stops_a_scattered_shot) {
  Table table(48, 48);
  table.add_obstacle(test::wall("wall", {0, 20}, {48, 20}, 1.5));
  const Point shooter{24, 2};
  const Point landing{24, 22};
  const Point stopped = intercept_flight(table, {}, shooter, landing, 0);
  EXPECT_NEAR(stopped.x, 24.0, 1e-9);
  EXPECT_LT(stopped.y, 20.0);
  EXPECT_GT(stopped.y, 19.9);
  EXPECT_EQ(intercept_flight(table, {}, shooter, landing, 0, /*lobbed=*/true), landing);
  std::vector<TableModel> models = {model_at(24, 21), model_at(23, 19)};
  const auto under = models_under_marker(models, stopped, 1.5);
  ASSERT_EQ(under.size(), 2u);
  const auto cover = cover_from_centre(table, models, under, stopped);
  EXPECT_EQ(cover[0], Cover::hard) << "behind the wall from the marker's centre";
  EXPECT_EQ(cover[1], Cover::none);
}

TEST(Markers, ADV_46_long_grass_gives_no_cover_against_a_marker) {
  Table table(48, 48);
  TerrainFeature grass =
      test::rect_feature("grass", 10, 10, 20, 20, MovementClass::normal, Cover::soft);
  grass.soft_cover_vs_area = false;  // the GM's call: long grass
  table.add_feature(grass);
  TerrainFeature wood =
      test::rect_feature("wood", 30, 10, 40, 20, MovementClass::difficult, Cover::soft);
  table.add_feature(wood);
  // Each model stands just inside its feature, the marker's centre just outside (a centre in the
  // same feature would leave them no cover anyway, SHOOT-44).
  std::vector<TableModel> models = {model_at(10.8, 15), model_at(30.8, 15)};
  const std::vector<int> in_grass{0};
  const std::vector<int> in_wood{1};
  // With the option's calls honoured, the grass gives nothing (hit automatically, SHOOT-43)...
  EXPECT_EQ(cover_from_centre(table, models, in_grass, {9.8, 15}, true)[0], Cover::none);
  EXPECT_EQ(rules::area_model_goal(Cover::none), 6);
  // ...while the wood still shelters, and without the option the grass does too (5-).
  EXPECT_EQ(cover_from_centre(table, models, in_wood, {29.8, 15}, true)[0], Cover::soft);
  EXPECT_EQ(cover_from_centre(table, models, in_grass, {9.8, 15}, false)[0], Cover::soft);
  // Direct fire still sees the grass's cover.
  EXPECT_EQ(model_cover(table, {15, 2}, models[0].position), Cover::soft);
}

TEST(Markers, SHOOT_44_marker_over_a_trench_catches_the_section) {
  Table table(48, 48);
  TerrainFeature trench =
      test::rect_feature("trench", 10, 10, 30, 11, MovementClass::normal, Cover::hard);
  trench.kind = TerrainKind::trench;
  table.add_feature(trench);
  std::vector<TableModel> models = {model_at(12, 10.5), model_at(14.5, 10.5), model_at(17, 10.5),
                                    model_at(12, 13)};
  const auto under = models_under_area(table, models, {12.5, 10.5}, 1.5);
  EXPECT_EQ(under, (std::vector<int>{0, 1})) << "2 inches along the trench: in the section";
  const auto cover = cover_from_centre(table, models, under, {12.5, 10.5});
  EXPECT_EQ(cover[1], Cover::none) << "hit automatically";
  const auto outside = models_under_area(table, models, {12, 12.2}, 1.5);
  ASSERT_EQ(outside.size(), 2u);
  EXPECT_EQ(cover_from_centre(table, models, outside, {12, 12.2})[0], Cover::hard)
      << "centre outside the trench: occupants hit on 4-";
}

// ADV-47: the catalogue's 4" x 4" room. A marker centred in it reaches the four occupants in its
// corners (2.1" off) only when the room counts as confined; they then have no cover from its walls.
TEST(Markers, ADV_47_a_blast_in_a_room_catches_every_occupant) {
  Table table(48, 48);
  TerrainFeature room =
      test::rect_feature("room", 10, 10, 14, 14, MovementClass::difficult, Cover::hard);
  room.kind = TerrainKind::building;
  room.confined = true;
  table.add_feature(room);
  std::vector<TableModel> models = {model_at(10.5, 10.5), model_at(13.5, 10.5),
                                    model_at(10.5, 13.5), model_at(13.5, 13.5),
                                    model_at(16.5, 12)};  // the last outside, 4.5" off
  const Point centre{12, 12};
  const auto under = models_under_area(table, models, centre, 1.5, true);
  EXPECT_EQ(under, (std::vector<int>{0, 1, 2, 3}));
  for (const Cover cover : cover_from_centre(table, models, under, centre))
    EXPECT_EQ(cover, Cover::none) << "hit automatically";
  EXPECT_TRUE(models_under_area(table, models, centre, 1.5, false).empty())
      << "switched off, only the marker's own reach counts";
  room.confined = false;
  Table open_room(48, 48);
  open_room.add_feature(room);
  EXPECT_TRUE(models_under_area(open_room, models, centre, 1.5, true).empty())
      << "a roofless ruin is no confined space";
}

TEST(Markers, SHOOT_45_models_in_the_way_stop_a_shot) {
  const Table table(48, 48);
  std::vector<TableModel> models = {model_at(24, 2, 0, 0, 0), model_at(24, 15, 180, 1, 1)};
  const Point stopped = intercept_flight(table, models, {24, 2}, {24, 20}, 0);
  EXPECT_NEAR(stopped.y, 15.0 - models[1].base_radius, 0.02);
}

}  // namespace
}  // namespace arap::table
