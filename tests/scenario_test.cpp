// Scenarios: the shipped ones load and render; bad ones name file, line and field.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "support/scratch.hpp"
#include "table/coherency.hpp"
#include "table/scenario.hpp"
#include "table/svg.hpp"

namespace arap::table {
namespace {

const data::Library& library() {
  static const data::Library loaded = data::Library::load(ARAP_DATA_DIR);
  return loaded;
}

std::string scenario_path(const std::string& name) {
  return std::string(ARAP_DATA_DIR) + "/scenarios/" + name + ".yaml";
}

class ShippedScenario : public ::testing::TestWithParam<std::string> {};

TEST_P(ShippedScenario, loads_places_every_unit_coherently_and_renders) {
  const Scenario scenario = load_scenario(scenario_path(GetParam()), library());
  EXPECT_GE(scenario.sides.size(), 2u);
  EXPECT_GE(scenario.units.size(), 4u);
  const auto models = scenario.table_models();
  for (std::size_t u = 0; u < scenario.units.size(); ++u) {
    std::vector<int> members;
    for (int i = 0; i < static_cast<int>(models.size()); ++i) {
      if (models[i].unit == static_cast<int>(u)) members.push_back(i);
    }
    EXPECT_TRUE(coherent(models, members)) << scenario.units[u].id;
  }
  for (std::size_t i = 0; i < models.size(); ++i) {
    EXPECT_TRUE(scenario.table.on_table(models[i].position));
    EXPECT_NE(scenario.table.movement_at(models[i].position), MovementClass::impassable);
    for (std::size_t j = i + 1; j < models.size(); ++j) {
      EXPECT_GE(distance(models[i].position, models[j].position),
                models[i].base_radius + models[j].base_radius - 1e-9);
    }
  }
  const std::string svg = render_svg(scenario);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find(scenario.units.front().name), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, ShippedScenario,
                         ::testing::Values("open_ground", "ruined_town", "woods_and_river"));

TEST(ScenarioData, town_has_about_thirty_terrain_pieces) {
  const Scenario town = load_scenario(scenario_path("ruined_town"), library());
  EXPECT_GE(town.table.features().size() + town.table.obstacles().size(), 30u);
  EXPECT_EQ(town.victory.kind, Victory::Kind::objectives);
  EXPECT_EQ(town.victory.objectives.size(), 3u);
  // ADV-47: its houses are confined by default, and one ruin kept its roof.
  for (const auto& feature : town.table.features()) {
    if (feature.kind == TerrainKind::building) {
      EXPECT_TRUE(feature.confined) << feature.id;
    }
    if (feature.kind == TerrainKind::ruin) {
      EXPECT_EQ(feature.confined, feature.id == "ruin_4");
    }
  }
}

class BadScenario : public ::testing::Test {
 protected:
  data::DataError error_of(const std::string& text) {
    const auto& dir = test::scratch_dir();
    const auto path =
        (dir / (std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) +
                std::to_string(++written_) + ".yaml"))
            .string();
    std::ofstream(path) << text;
    try {
      load_scenario(path, library());
    } catch (const data::DataError& error) {
      return error;
    }
    ADD_FAILURE() << "expected a DataError";
    return data::DataError({}, "", "");
  }

  int written_ = 0;

  static std::string with(const std::string& terrain, const std::string& unit_at) {
    return "name: Bad\n"
           "table: {width: 24, height: 24}\n"
           "terrain:\n" +
           terrain +
           "sides:\n"
           "  - {name: A, army: orks, units: [{unit: nobz, at: " +
           unit_at +
           "}]}\n"
           "  - {name: B, army: eldar, units: [{unit: dire_avengers, at: [12, 20], facing: "
           "180}]}\n";
  }
};

TEST_F(BadScenario, self_crossing_polygon) {
  const auto error = error_of(
      with("  - {id: bow, kind: wood, polygon: [[0, 0], [4, 4], [4, 0], [0, 4]]}\n", "[12, 4]"));
  EXPECT_EQ(error.field(), "terrain[0].polygon");
  EXPECT_EQ(error.where().line, 4);
}

TEST_F(BadScenario, MOVE_17_only_water_is_deep) {
  const auto error = error_of(
      with("  - {id: pit, kind: crater, deep: true, polygon: [[0, 0], [4, 0], [4, 4], [0, 4]]}\n",
           "[12, 4]"));
  EXPECT_EQ(error.field(), "terrain[0].deep");
  EXPECT_EQ(error.where().line, 4);
}

TEST_F(BadScenario, ADV_46_only_soft_cover_may_be_open_to_area_markers) {
  const auto error = error_of(with(
      "  - {id: rocks, kind: rubble, cover: hard, soft_cover_vs_area: false, polygon: [[0, 0], "
      "[4, 0], [4, 4], [0, 4]]}\n",
      "[12, 4]"));
  EXPECT_EQ(error.field(), "terrain[0].soft_cover_vs_area");
  EXPECT_EQ(error.where().line, 4);
}

TEST_F(BadScenario, ADV_75_gm_modifiers_need_the_option_known_units_and_a_value) {
  const std::string sides =
      "sides:\n"
      "  - {name: A, army: orks, units: [{unit: nobz, at: [12, 4]}]}\n"
      "  - {name: B, army: eldar, units: [{unit: dire_avengers, at: [12, 20], facing: 180}]}\n";
  const std::string head = "name: Bad\ntable: {width: 24, height: 24}\n";
  const auto off = error_of(head +
                            "gm_modifiers:\n"
                            "  - {name: rain, to_hit: -1}\n" +
                            sides);
  EXPECT_EQ(off.field(), "gm_modifiers");
  EXPECT_NE(off.problem().find("gm_modifiers: true"), std::string::npos) << off.problem();
  const std::string on = head + "options: {gm_modifiers: true}\n";
  const auto unit = error_of(on +
                             "gm_modifiers:\n"
                             "  - {name: rain, to_hit: -1, units: [A/nob]}\n" +
                             sides);
  EXPECT_EQ(unit.field(), "gm_modifiers[0].units[0]");
  EXPECT_EQ(unit.where().line, 5);
  EXPECT_NE(unit.problem().find("A/nobz"), std::string::npos) << unit.problem();
  const auto zero = error_of(on +
                             "gm_modifiers:\n"
                             "  - {name: rain, to_hit: 0}\n" +
                             sides);
  EXPECT_EQ(zero.field(), "gm_modifiers[0].to_hit");
  const auto type = error_of(on +
                             "gm_modifiers:\n"
                             "  - {name: rain, to_hit: -1, weapon_types: [melee]}\n" +
                             sides);
  EXPECT_EQ(type.field(), "gm_modifiers[0].weapon_types[0]");
  const auto twice = error_of(on +
                              "gm_modifiers:\n"
                              "  - {name: rain, to_hit: -1}\n"
                              "  - {name: rain, to_hit: -2}\n" +
                              sides);
  EXPECT_EQ(twice.field(), "gm_modifiers[1].name");
}

TEST_F(BadScenario, ADV_47_a_trench_or_a_cloud_is_not_a_confined_room) {
  const auto trench = error_of(with(
      "  - {id: dug, kind: trench, confined: true, polygon: [[0, 0], [4, 0], [4, 1], [0, 1]]}\n",
      "[12, 4]"));
  EXPECT_EQ(trench.field(), "terrain[0].confined");
  EXPECT_EQ(trench.where().line, 4);
  const auto cloud = error_of(with(
      "  - {id: fog, kind: smoke, confined: true, polygon: [[0, 0], [4, 0], [4, 4], [0, 4]]}\n",
      "[12, 4]"));
  EXPECT_EQ(cloud.field(), "terrain[0].confined");
}

TEST_F(BadScenario, options_name_only_known_switches_with_their_ranges) {
  const std::string units =
      "sides:\n"
      "  - {name: A, army: orks, units: [{unit: nobz, at: [12, 4]}]}\n"
      "  - {name: B, army: eldar, units: [{unit: dire_avengers, at: [12, 20], facing: 180}]}\n";
  const auto unknown = error_of(
      "name: Bad\ntable: {width: 24, height: 24}\n"
      "options: {look_out_sir: true, sniping: true}\n" +
      units);
  EXPECT_EQ(unknown.field(), "options.sniping");
  EXPECT_EQ(unknown.where().line, 3);
  const auto busts =
      error_of("name: Bad\ntable: {width: 24, height: 24}\noptions: {busts_allowed: 0}\n" + units);
  EXPECT_EQ(busts.field(), "options.busts_allowed");
}

TEST_F(BadScenario, ACT_10_action_cost_is_one_to_three_ap) {
  const auto error = error_of(with(
      "  - {id: slope, kind: hill, action_cost: 5, polygon: [[0, 0], [4, 0], [4, 4], [0, 4]]}\n",
      "[12, 4]"));
  EXPECT_EQ(error.field(), "terrain[0].action_cost");
  EXPECT_EQ(error.where().line, 4);
}

TEST_F(BadScenario, unit_off_the_table_or_in_a_building) {
  const auto off = error_of(with(
      "  - {id: hut, kind: building, polygon: [[10, 2], [14, 2], [14, 6], [10, 6]]}\n", "[1, 4]"));
  EXPECT_EQ(off.field(), "sides[0].units[0].at");
  EXPECT_NE(off.problem().find("off the table"), std::string::npos);
  const auto inside = error_of(with(
      "  - {id: hut, kind: building, polygon: [[10, 2], [14, 2], [14, 6], [10, 6]]}\n", "[12, 4]"));
  EXPECT_NE(inside.problem().find("impassable"), std::string::npos);
}

TEST_F(BadScenario, unknown_kind_army_and_unit) {
  EXPECT_EQ(
      error_of(with("  - {id: x, kind: lava, polygon: [[0, 0], [4, 0], [4, 4]]}\n", "[12, 4]"))
          .field(),
      "terrain[0].kind");
  const auto army = error_of(
      "name: Bad\ntable: {width: 24, height: 24}\nsides:\n"
      "  - {name: A, army: squats, units: []}\n  - {name: B, army: orks, units: []}\n");
  EXPECT_EQ(army.field(), "sides[0].army");
  const auto unit = error_of(
      "name: Bad\ntable: {width: 24, height: 24}\nsides:\n"
      "  - {name: A, army: orks, units: [{unit: stompa, at: [5, 5]}]}\n"
      "  - {name: B, army: orks, units: []}\n");
  EXPECT_EQ(unit.field(), "sides[0].units[0].unit");
  EXPECT_EQ(unit.where().line, 4);
}

}  // namespace
}  // namespace arap::table

namespace arap::table {
namespace {

// Issue 14: a fifth side once overflowed the score table; now the loader refuses it by line.
TEST(ScenarioLimits, more_sides_than_the_score_table_holds_are_refused) {
  std::string text = "name: crowded\ntable: {width: 48, height: 48}\nturn_limit: 6\nsides:\n";
  for (int s = 0; s < 5; ++s)
    text += "  - {name: Side" + std::to_string(s) +
            ", army: imperial_guard, units: [{unit: infantry_squad, at: [" +
            std::to_string(6 + 9 * s) + ", 24]}]}\n";
  try {
    load_scenario_text(text, "crowded.yaml", library());
    ADD_FAILURE() << "five sides were accepted";
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.field(), "sides");
    EXPECT_EQ(error.where().line, 5);
    EXPECT_NE(error.problem().find("at most 4 sides"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace arap::table

namespace arap::table {
namespace {

// Issue 14, item 5: scenarios that make no sense are refused with the line and field at fault.
class SaneScenario : public ::testing::Test {
 protected:
  static data::DataError error_of(const std::string& text) {
    try {
      load_scenario_text(text, "bad.yaml", library());
    } catch (const data::DataError& error) {
      return error;
    }
    ADD_FAILURE() << "expected a DataError for:\n" << text;
    return data::DataError({}, "", "");
  }
  static std::string two_sides(const std::string& a_units, const std::string& b_units,
                               const std::string& b_name = "B") {
    return "sides:\n  - {name: A, army: orks, deployment: [[0, 0], [24, 0], [24, 8], [0, 8]], "
           "units: " +
           a_units + "}\n  - {name: " + b_name + ", army: eldar, units: " + b_units + "}\n";
  }
  static constexpr const char* kHead = "name: Bad\ntable: {width: 24, height: 24}\n";
  static constexpr const char* kOrks = "[{unit: nobz, at: [12, 4]}]";
  static constexpr const char* kEldar = "[{unit: dire_avengers, at: [12, 20], facing: 180}]";
};

TEST_F(SaneScenario, enemies_on_top_of_each_other) {
  const auto e = error_of(std::string(kHead) +
                          two_sides(kOrks, "[{unit: dire_avengers, at: [12, 4], facing: 180}]"));
  EXPECT_EQ(e.field(), "sides[1].units[0].at");
  EXPECT_EQ(e.where().line, 5);
  EXPECT_NE(e.problem().find("bases overlap"), std::string::npos) << e.what();
}

TEST_F(SaneScenario, a_unit_outside_its_deployment_zone) {
  const auto e = error_of(std::string(kHead) + two_sides("[{unit: nobz, at: [12, 14]}]", kEldar));
  EXPECT_EQ(e.field(), "sides[0].units[0].at");
  EXPECT_NE(e.problem().find("deployment zone"), std::string::npos) << e.what();
}

TEST_F(SaneScenario, a_side_with_no_units_and_two_sides_of_one_name) {
  const auto empty = error_of(std::string(kHead) + two_sides(kOrks, "[]"));
  EXPECT_EQ(empty.field(), "sides[1].units");
  const auto twins = error_of(std::string(kHead) + two_sides(kOrks, kEldar, "A"));
  EXPECT_EQ(twins.field(), "sides[1].name");
  EXPECT_NE(twins.problem().find("two sides are called"), std::string::npos);
}

// Issue 15: a scenario sizes its squads (`models:`); only rank-and-file groups, named exactly.
TEST_F(SaneScenario, squad_sizes_are_set_by_group_and_checked) {
  const auto sized = load_scenario_text(
      std::string(kHead) +
          two_sides(
              "[{unit: slugga_boyz, at: [12, 4], formation: block, models: {Ork Boy: 15}}]",
              "[{unit: dire_avengers, at: [12, 20], facing: 180, models: {Dire Avenger: 2}}]"),
      "sized.yaml", library());
  EXPECT_EQ(sized.units[0].models.size(), 16u);  // the Nob and 15 Boyz
  EXPECT_TRUE(sized.units[0].models[0].leader);
  EXPECT_EQ(sized.units[0].models[15].group->name, "Ork Boy");
  EXPECT_EQ(sized.units[1].models.size(), 3u);  // the Exarch and two Avengers
  const auto typo = error_of(std::string(kHead) +
                             two_sides("[{unit: nobz, at: [12, 4], models: {Nobb: 2}}]", kEldar));
  EXPECT_EQ(typo.field(), "sides[0].units[0].models.Nobb");
  EXPECT_EQ(typo.where().line, 4);
  EXPECT_NE(typo.problem().find("did you mean \"Nob\""), std::string::npos) << typo.what();
  const auto too_many = error_of(
      std::string(kHead) + two_sides("[{unit: nobz, at: [12, 4], models: {Nob: 101}}]", kEldar));
  EXPECT_EQ(too_many.field(), "sides[0].units[0].models.Nob");
  // The Devastators' two weapon groups are both "Space Marine": a size would be ambiguous.
  const auto twins = error_of(std::string(kHead) +
                              "sides:\n  - {name: A, army: space_marines, units: [{unit: "
                              "devastator_squad, at: [12, 4], models: {Space Marine: 1}}]}\n"
                              "  - {name: B, army: eldar, units: " +
                              kEldar + "}\n");
  EXPECT_NE(twins.problem().find("2 groups called"), std::string::npos) << twins.what();
  const auto empty =
      error_of(std::string(kHead) + "sides:\n  - {name: A, army: orks, units: " + kOrks +
               "}\n  - {name: B, army: tyranids, units: [{unit: ripper_swarms, at: "
               "[12, 20], models: {Ripper swarm: 0}}]}\n");
  EXPECT_EQ(empty.field(), "sides[1].units[0].models");
  EXPECT_NE(empty.problem().find("at least one model"), std::string::npos) << empty.what();
}

TEST_F(SaneScenario, ACT_02_a_reserve_that_could_never_arrive) {
  const auto e =
      error_of(std::string(kHead) + "turn_limit: 4\n" +
               two_sides("[{unit: nobz, at: [12, 4], reserve: {from_turn: 5}}]", kEldar));
  EXPECT_EQ(e.field(), "sides[0].units[0].reserve.from_turn");
  EXPECT_EQ(e.where().line, 5);
}

TEST_F(SaneScenario, objectives_off_the_table_or_none) {
  const auto off = error_of(std::string(kHead) +
                            "victory: {kind: objectives, objectives: [{id: hill, at: [30, 5]}]}\n" +
                            two_sides(kOrks, kEldar));
  EXPECT_EQ(off.field(), "victory.objectives[0].at");
  EXPECT_EQ(off.where().line, 3);
  const auto none = error_of(std::string(kHead) + "victory: {kind: objectives, objectives: []}\n" +
                             two_sides(kOrks, kEldar));
  EXPECT_EQ(none.field(), "victory.objectives");
}

TEST_F(SaneScenario, terrain_ids_once_and_walls_with_length) {
  const auto twice =
      error_of(std::string(kHead) +
               "terrain:\n"
               "  - {id: copse, kind: wood, polygon: [[0, 10], [4, 10], [4, 14]]}\n"
               "  - {id: copse, kind: wood, polygon: [[8, 10], [12, 10], [12, 14]]}\n" +
               two_sides(kOrks, kEldar));
  EXPECT_EQ(twice.field(), "terrain[1].id");
  EXPECT_EQ(twice.where().line, 5);
  const auto flat =
      error_of(std::string(kHead) + "obstacles:\n  - {id: wall, points: [[2, 12], [2, 12]]}\n" +
               two_sides(kOrks, kEldar));
  EXPECT_EQ(flat.field(), "obstacles[0].points");
  EXPECT_NE(flat.problem().find("no length"), std::string::npos);
}

TEST_F(SaneScenario, a_key_given_twice_is_refused_not_dropped) {
  // yaml-cpp would keep the first terrain block and drop the second without a word.
  const auto e =
      error_of(std::string(kHead) +
               "terrain:\n  - {id: a, kind: wood, polygon: [[0, 10], [4, 10], [4, 14]]}\n"
               "terrain:\n  - {id: b, kind: wood, polygon: [[8, 10], [12, 10], [12, 14]]}\n" +
               two_sides(kOrks, kEldar));
  EXPECT_EQ(e.field(), "terrain");
  EXPECT_EQ(e.where().line, 5);
  EXPECT_NE(e.problem().find("twice"), std::string::npos);
}

TEST_F(SaneScenario, a_misspelt_key_gets_a_suggestion) {
  const auto e = error_of(std::string(kHead) + "turn_limt: 4\n" + two_sides(kOrks, kEldar));
  EXPECT_EQ(e.field(), "turn_limt");
  EXPECT_NE(e.problem().find("did you mean \"turn_limit\""), std::string::npos) << e.what();
}

}  // namespace
}  // namespace arap::table
