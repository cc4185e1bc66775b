// The data library: the shipped files load, the movement table is right (MOVE-02), strength and
// damage notations parse (GEN-10, SHOOT-23), and every kind of bad input names file, line, field.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "data/yaml_reader.hpp"
#include "support/scratch.hpp"

namespace arap::data {
namespace {

const Library& shipped() {
  static const Library library = Library::load(ARAP_DATA_DIR);
  return library;
}

TEST(DataLibrary, shipped_data_loads_with_four_or_more_armies) {
  const Library& library = shipped();
  EXPECT_GE(library.armies().size(), 4u);
  EXPECT_GE(library.weapons().size(), 40u);
  for (const auto* id : {"bolter",
                         "lasgun",
                         "autogun",
                         "shotgun",
                         "bolt_pistol",
                         "laspistol",
                         "flamer",
                         "heavy_flamer",
                         "meltagun",
                         "plasma_gun",
                         "missile_launcher_frag",
                         "missile_launcher_krak",
                         "heavy_bolter",
                         "autocannon",
                         "lascannon",
                         "grenade_launcher_frag",
                         "frag_grenade",
                         "krak_grenade",
                         "sniper_rifle",
                         "chainsword",
                         "power_sword",
                         "power_axe",
                         "power_fist"}) {
    EXPECT_NE(library.weapon(id), nullptr) << id;
  }
  for (const auto& army : library.armies()) {
    EXPECT_GE(army.units.size(), 4u) << army.id;
    for (const auto& unit : army.units) {
      EXPECT_GE(unit.model_count(), 1) << unit.id;
      for (const auto& group : unit.models) EXPECT_NE(group.profile, nullptr);
    }
  }
}

TEST(DataLibrary, MOVE_02_movement_allowances) {
  const Library& library = shipped();
  const std::pair<const char*, int> expected[] = {{"human", 4},
                                                  {"squat", 3},
                                                  {"halfling", 3},
                                                  {"eldar", 5},
                                                  {"eldar_dark_reaper", 4},
                                                  {"eldar_harlequin", 6},
                                                  {"eldar_avatar", 6},
                                                  {"animal_swarm", 3},
                                                  {"ogryn", 6},
                                                  {"dreadnought", 6},
                                                  {"enslaver", 6},
                                                  {"astral_hound", 6},
                                                  {"zoat", 7},
                                                  {"crusader_robot", 8},
                                                  {"horse", 8},
                                                  {"genestealer", 6},
                                                  {"genestealer_patriarch", 5},
                                                  {"genestealer_hybrid", 4},
                                                  {"tyranid_warrior", 6},
                                                  {"hive_tyrant", 6},
                                                  {"termagant", 5},
                                                  {"greater_daemon", 6},
                                                  {"lesser_daemon", 4},
                                                  {"chaos_hound", 6},
                                                  {"flesh_hound_of_khorne", 10},
                                                  {"juggernaut_of_khorne", 7},
                                                  {"fiend_of_slaanesh", 6},
                                                  {"steed_of_slaanesh", 12},
                                                  {"great_unclean_one", 4},
                                                  {"nurgling", 4},
                                                  {"beast_of_nurgle", 3},
                                                  {"lord_of_change", 8},
                                                  {"flamer_of_tzeentch", 9},
                                                  {"pink_horror", 4},
                                                  {"blue_horror", 4},
                                                  {"disc_of_tzeentch", 12}};
  for (const auto& [id, move] : expected) {
    const Profile* profile = library.profile(id);
    ASSERT_NE(profile, nullptr) << id;
    EXPECT_EQ(profile->move, move) << id;
  }
}

TEST(DataLibrary, army_profiles_are_qualified_and_units_resolve_weapons) {
  const Library& library = shipped();
  const Profile* marine = library.profile("space_marines/marine");
  ASSERT_NE(marine, nullptr);
  EXPECT_EQ(marine->save, 3);
  EXPECT_TRUE(marine->has_rule("they_shall_know_no_fear"));
  const Army* marines = library.army("space_marines");
  ASSERT_NE(marines, nullptr);
  const UnitDefinition* tactical = marines->find_unit("tactical_squad");
  ASSERT_NE(tactical, nullptr);
  EXPECT_EQ(tactical->model_count(), 10);
  EXPECT_TRUE(tactical->models[0].leader);
  EXPECT_EQ(tactical->models[1].weapons[0]->id, "bolter");
}

TEST(DataLibrary, GEN_10_strength_notation) {
  EXPECT_EQ(parse_strength("7")->resolve(3), 7);
  EXPECT_EQ(parse_strength("user")->resolve(3), 3);
  EXPECT_EQ(parse_strength("user+1")->resolve(3), 4);
  EXPECT_EQ(parse_strength("+2")->resolve(3), 5);
  EXPECT_EQ(parse_strength("x2")->resolve(4), 8);
  EXPECT_EQ(parse_strength("x2")->resolve(6), 10) << "ADV-54: doubled Strength caps at 10";
  EXPECT_FALSE(parse_strength("11"));
  EXPECT_FALSE(parse_strength("strong"));
  EXPECT_FALSE(parse_strength("x9"));
}

TEST(DataLibrary, SHOOT_23_damage_notation) {
  EXPECT_EQ(*parse_dice_expression("2"), (DamageSpec{0, 6, 2}));
  EXPECT_EQ(*parse_dice_expression("D3"), (DamageSpec{1, 3, 0}));
  EXPECT_EQ(*parse_dice_expression("2D6"), (DamageSpec{2, 6, 0}));
  EXPECT_EQ(*parse_dice_expression("D3+1"), (DamageSpec{1, 3, 1}));
  EXPECT_FALSE(parse_dice_expression("D"));
  EXPECT_FALSE(parse_dice_expression("3x"));
  EXPECT_EQ(to_text(DamageSpec{1, 3, 1}), "D3+1");
}

class BadData : public ::testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const auto path = (test::scratch_dir() / name).string();
    std::ofstream(path) << text;
    return path;
  }

  // Runs `load` and returns the DataError it must throw.
  template <typename Load>
  DataError error_of(Load&& load) {
    try {
      load();
    } catch (const DataError& error) {
      return error;
    }
    ADD_FAILURE() << "expected a DataError";
    return DataError({}, "", "");
  }

  Library library;
};

TEST_F(BadData, weapon_with_bad_strength_names_line_and_field) {
  const auto path = write("weapons_bad_strength.yaml",
                          "weapons:\n"
                          "  - {id: bolter, range: 24, type: rapid_fire, strength: 4, ap: 5}\n"
                          "  - id: gun\n"
                          "    range: 24\n"
                          "    type: assault\n"
                          "    strength: mighty\n");
  const DataError error = error_of([&] { load_weapons(path, library); });
  EXPECT_EQ(error.where().file, path);
  EXPECT_EQ(error.where().line, 6);
  EXPECT_EQ(error.field(), "weapons[1].strength");
  EXPECT_NE(std::string(error.what()).find(path + ":6:"), std::string::npos) << error.what();
}

TEST_F(BadData, unknown_weapon_type_and_unknown_key) {
  const auto type_path =
      write("weapons_bad_type.yaml",
            "weapons:\n  - {id: gun, range: 24, type: laser_beam, strength: 4}\n");
  const DataError type_error = error_of([&] { load_weapons(type_path, library); });
  EXPECT_EQ(type_error.field(), "weapons[0].type");
  EXPECT_NE(type_error.problem().find("laser_beam"), std::string::npos);
  const auto key_path = write("weapons_bad_key.yaml",
                              "weapons:\n  - {id: gun, range: 24, type: assault, strenght: 4}\n");
  const DataError key_error = error_of([&] { load_weapons(key_path, library); });
  EXPECT_EQ(key_error.field(), "weapons[0].strenght");
  EXPECT_NE(key_error.problem().find("unknown key"), std::string::npos);
}

TEST_F(BadData, MELEE_02_attack_types_are_checked) {
  const auto path = write("weapons_bad_attack.yaml",
                          "weapons:\n  - {id: wing, type: melee, strength: user, attack_type: "
                          "wing, attacks: 1}\n");
  const DataError error = error_of([&] { load_weapons(path, library); });
  EXPECT_EQ(error.field(), "weapons[0].attack_type");
  EXPECT_NE(error.problem().find("wing"), std::string::npos);
  const auto ranged = write("weapons_ranged_attack.yaml",
                            "weapons:\n  - {id: gun, range: 24, type: assault, strength: 4, "
                            "attacks: 2}\n");
  EXPECT_EQ(error_of([&] { load_weapons(ranged, library); }).field(), "weapons[0].attacks");
}

TEST_F(BadData, missing_required_field_and_out_of_range_values) {
  const auto path = write("weapons_missing.yaml", "weapons:\n  - {id: gun, type: assault}\n");
  const DataError missing = error_of([&] { load_weapons(path, library); });
  EXPECT_EQ(missing.field(), "weapons[0].range");
  EXPECT_EQ(missing.where().line, 2);
  const auto ap_path = write(
      "weapons_ap.yaml", "weapons:\n  - {id: gun, range: 24, type: assault, strength: 4, ap: 9}\n");
  const DataError ap = error_of([&] { load_weapons(ap_path, library); });
  EXPECT_EQ(ap.field(), "weapons[0].ap");
  EXPECT_NE(ap.problem().find("1..6"), std::string::npos);
}

TEST_F(BadData, ADV_45_area_marker_sizes_default_counter_and_errors) {
  const auto path = write("weapons_area.yaml",
                          "weapons:\n"
                          "  - {id: lobber, range: 24, type: assault, strength: 3, area: default}\n"
                          "  - {id: krak_lobber, range: 24, type: assault, strength: 6, area: "
                          "counter}\n"
                          "  - {id: big, range: 72, type: ordnance, strength: 8, area: 2.5}\n");
  load_weapons(path, library);
  EXPECT_TRUE(library.weapon("lobber")->is_area());
  EXPECT_DOUBLE_EQ(library.weapon("lobber")->effect_size, 1.5) << "the default marker";
  EXPECT_TRUE(library.weapon("krak_lobber")->is_area());
  EXPECT_DOUBLE_EQ(library.weapon("krak_lobber")->effect_size, 0.0) << "a counter, no marker";
  EXPECT_DOUBLE_EQ(library.weapon("big")->effect_size, 2.5);
  Library other;
  const auto bad = write("weapons_area_bad.yaml",
                         "weapons:\n"
                         "  - {id: gun, range: 24, type: assault, strength: 4, area: big}\n");
  const DataError error = error_of([&] { load_weapons(bad, other); });
  EXPECT_EQ(error.field(), "weapons[0].area");
  EXPECT_EQ(error.where().line, 2);
  EXPECT_NE(error.problem().find("default"), std::string::npos) << error.problem();
  const auto tiny = write("weapons_area_tiny.yaml",
                          "weapons:\n"
                          "  - {id: gun, range: 24, type: assault, strength: 4, area: 0.1}\n");
  EXPECT_EQ(error_of([&] { load_weapons(tiny, other); }).field(), "weapons[0].area");
}

TEST_F(BadData, invalid_yaml_reports_the_parser_line) {
  const auto path = write("broken.yaml", "weapons:\n  - {id: gun, range: [24\n");
  const DataError error = error_of([&] { load_weapons(path, library); });
  EXPECT_GT(error.where().line, 0);
  EXPECT_NE(error.problem().find("not valid YAML"), std::string::npos);
}

TEST_F(BadData, MELEE_02_natural_attacks_never_exceed_the_profile) {
  load_special_rules(std::string(ARAP_DATA_DIR) + "/special_rules.yaml", library);
  load_weapons(std::string(ARAP_DATA_DIR) + "/weapons.yaml", library);
  const auto path =
      write("army_too_many_attacks.yaml",
            "army: test\n"
            "profiles:\n"
            "  - {id: beast, M: 6, WS: 3, BS: 0, S: 5, T: 5, W: 3, I: 2, A: 3, Ld: 7}\n"
            "units:\n"
            "  - id: beast\n"
            "    models:\n"
            "      - {profile: beast, weapons: [gore, stomp, tail_lash]}\n");
  const DataError error = error_of([&] { load_army(path, library); });
  EXPECT_EQ(error.field(), "units[0].models[0].weapons");
  EXPECT_EQ(error.where().line, 7);
  EXPECT_NE(error.problem().find("4 attacks"), std::string::npos) << error.problem();
}

TEST_F(BadData, ADV_53_bodyguards_guard_a_leader_and_are_not_it) {
  load_special_rules(std::string(ARAP_DATA_DIR) + "/special_rules.yaml", library);
  load_weapons(std::string(ARAP_DATA_DIR) + "/weapons.yaml", library);
  const std::string head =
      "army: test\n"
      "profiles:\n"
      "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
      "units:\n"
      "  - id: retinue\n"
      "    models:\n";
  const auto leader_guard = write("army_leader_guard.yaml",
                                  head + "      - {profile: man, leader: true, bodyguard: true}\n");
  const DataError own = error_of([&] { load_army(leader_guard, library); });
  EXPECT_EQ(own.field(), "units[0].models[0].bodyguard");
  EXPECT_EQ(own.where().line, 7);
  EXPECT_NE(own.problem().find("ADV-53"), std::string::npos) << own.problem();
  const auto no_leader =
      write("army_no_principal.yaml", "army: test2" + head.substr(head.find('\n')) +
                                          "      - {profile: man, count: 3, bodyguard: true}\n");
  const DataError none = error_of([&] { load_army(no_leader, library); });
  EXPECT_EQ(none.field(), "units[0].models");
  EXPECT_NE(none.problem().find("leader: true"), std::string::npos) << none.problem();
}

TEST_F(BadData, ADV_60_a_shield_is_worn_on_the_arm_or_the_back_and_must_be_carried) {
  load_special_rules(std::string(ARAP_DATA_DIR) + "/special_rules.yaml", library);
  load_weapons(std::string(ARAP_DATA_DIR) + "/weapons.yaml", library);
  const std::string head =
      "profiles:\n"
      "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
      "units:\n"
      "  - id: warband\n"
      "    models:\n";
  const auto slung = write("army_slung.yaml", "army: slung\n" + head +
                                                  "      - {profile: man, leader: true, shield: "
                                                  "primitive, shield_worn: back}\n");
  load_army(slung, library);
  const auto& group = library.army("slung")->units.front().models.front();
  EXPECT_TRUE(group.shield_on_back);
  EXPECT_EQ(group.shield, Shield::primitive);
  const auto nothing =
      write("army_no_shield.yaml",
            "army: bare\n" + head + "      - {profile: man, leader: true, shield_worn: back}\n");
  const DataError bare = error_of([&] { load_army(nothing, library); });
  EXPECT_EQ(bare.field(), "units[0].models[0].shield_worn");
  EXPECT_EQ(bare.where().line, 7);
  EXPECT_NE(bare.problem().find("ADV-60"), std::string::npos) << bare.problem();
  const auto hip = write("army_hip.yaml", "army: hip\n" + head +
                                              "      - {profile: man, leader: true, shield: "
                                              "buckler, shield_worn: hip}\n");
  const DataError where = error_of([&] { load_army(hip, library); });
  EXPECT_EQ(where.field(), "units[0].models[0].shield_worn");
  EXPECT_NE(where.problem().find("arm or back"), std::string::npos) << where.problem();
}

TEST_F(BadData, ADV_30_a_reload_weapon_sits_among_a_models_first_sixteen) {
  load_special_rules(std::string(ARAP_DATA_DIR) + "/special_rules.yaml", library);
  load_weapons(std::string(ARAP_DATA_DIR) + "/weapons.yaml", library);
  const auto weapons = write("reload_weapons.yaml",
                             "weapons:\n"
                             "  - {id: crossbow, range: 18, type: assault, strength: 4, ap: 6,\n"
                             "     properties: [reload]}\n");
  load_weapons(weapons, library);
  std::string kit = "[";
  for (int k = 0; k < 16; ++k) kit += "laspistol, ";
  kit += "crossbow]";
  const auto path = write("army_armoury.yaml",
                          "army: test\n"
                          "profiles:\n"
                          "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
                          "units:\n"
                          "  - id: armoury\n"
                          "    models:\n"
                          "      - {profile: man, weapons: " +
                              kit + "}\n");
  const DataError error = error_of([&] { load_army(path, library); });
  EXPECT_EQ(error.field(), "units[0].models[0].weapons[16]");
  EXPECT_NE(error.problem().find("ADV-30"), std::string::npos) << error.problem();
}

TEST_F(BadData, MORALE_06_a_hated_foe_must_be_an_army_or_one_of_its_units) {
  const auto dir = test::scratch_dir() / "hates";
  std::filesystem::remove_all(dir);
  std::filesystem::copy(ARAP_DATA_DIR, dir, std::filesystem::copy_options::recursive);
  const auto path = (dir / "armies" / "zz_grudges.yaml").string();
  std::ofstream(path) << "army: grudges\n"
                         "profiles:\n"
                         "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
                         "units:\n"
                         "  - id: squad\n"
                         "    hates: [orks, orks/nobz, necrons]\n"
                         "    models:\n"
                         "      - {profile: man, count: 5, weapons: [lasgun]}\n";
  const DataError error = error_of([&] { (void)Library::load(dir); });
  EXPECT_EQ(error.where().file, path);
  EXPECT_EQ(error.where().line, 6);
  EXPECT_EQ(error.field(), "units[0].hates[2]");
  EXPECT_NE(error.problem().find("necrons"), std::string::npos) << error.problem();
  std::ofstream(path, std::ios::trunc) << "army: grudges\n"
                                          "profiles: []\n"
                                          "units:\n"
                                          "  - id: squad\n"
                                          "    hates: [orks/squats]\n"
                                          "    models:\n"
                                          "      - {profile: orks/boy, weapons: [choppa]}\n";
  EXPECT_EQ(error_of([&] { (void)Library::load(dir); }).field(), "units[0].hates[0]");
  std::filesystem::remove_all(dir);
}

TEST_F(BadData, army_with_unknown_weapon_profile_or_rule) {
  load_special_rules(std::string(ARAP_DATA_DIR) + "/special_rules.yaml", library);
  load_weapons(std::string(ARAP_DATA_DIR) + "/weapons.yaml", library);
  const auto weapon_path =
      write("army_bad_weapon.yaml",
            "army: test\n"
            "profiles:\n"
            "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
            "units:\n"
            "  - id: squad\n"
            "    models:\n"
            "      - {profile: man, count: 5, weapons: [lasgun, death_ray]}\n");
  const DataError weapon = error_of([&] { load_army(weapon_path, library); });
  EXPECT_EQ(weapon.field(), "units[0].models[0].weapons[1]");
  EXPECT_EQ(weapon.where().line, 7);
  const auto rule_path =
      write("army_bad_rule.yaml",
            "army: test2\n"
            "profiles:\n"
            "  - {id: man, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7,\n"
            "     special_rules: [invincible]}\n"
            "units: []\n");
  const DataError rule = error_of([&] { load_army(rule_path, library); });
  EXPECT_EQ(rule.field(), "profiles[0].special_rules[0]");
  const auto ws_path =
      write("army_bad_ws.yaml",
            "army: test3\n"
            "profiles:\n"
            "  - {id: man, M: 4, WS: 11, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7}\n"
            "units: []\n");
  const DataError ws = error_of([&] { load_army(ws_path, library); });
  EXPECT_EQ(ws.field(), "profiles[0].WS");
  EXPECT_EQ(ws.where().line, 3);
}

TEST_F(BadData, missing_folder_or_file_is_an_error_not_a_crash) {
  EXPECT_THROW(Library::load("/nonexistent/arap"), DataError);
  EXPECT_THROW(load_weapons("/nonexistent/weapons.yaml", library), DataError);
}

}  // namespace
}  // namespace arap::data
