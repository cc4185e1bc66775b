// Reads data/weapons.yaml and data/special_rules.yaml (catalogue §3.2), and ADV-09's
// data/terrain_examples.yaml.
#include <array>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "data/library.hpp"
#include "data/yaml_reader.hpp"

namespace arap::data {

std::optional<AttackType> attack_type_from_string(std::string_view text) {
  static constexpr std::array<std::string_view, 7> kNames = {"hand", "stomp", "tentacle", "bite",
                                                             "gore", "claw",  "tail"};
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (text == kNames[i]) return static_cast<AttackType>(i);
  return std::nullopt;
}

WeaponProfile read_weapon(const Field& field) {
  field.allow_only({"id", "name", "type", "shots", "shots_full", "range", "strength", "ap",
                    "damage", "properties", "template", "torrent", "area", "attack_type", "attacks",
                    "encumbrance", "item"});
  WeaponProfile weapon;
  weapon.id = field.has("id") ? field["id"].as_string() : "";
  weapon.name = field.has("name") ? field["name"].as_string() : weapon.id;
  const std::string type_text = field["type"].as_string();
  const auto type = weapon_type_from_string(type_text);
  if (!type) {
    field["type"].fail(fmt::format(
        "unknown weapon type \"{}\" (expected rapid_fire, assault, heavy, pistol, salvo, slow, "
        "ordnance, primary, grenade, bomb or melee)",
        type_text));
  }
  weapon.type = *type;
  if (field.has("shots")) weapon.shots = field["shots"].as_int(1, 20);
  if (weapon.type == WeaponType::salvo) {
    if (!field.has("shots_full")) field.fail("a salvo weapon needs shots_full (its n2)");
    weapon.shots_full = field["shots_full"].as_int(1, 20);
  } else if (field.has("shots_full")) {
    field["shots_full"].fail("only salvo weapons have shots_full");
  }
  if (weapon.type == WeaponType::melee) {
    if (field.has("range")) field["range"].fail("a mêlée weapon has no range");
  } else if (weapon.type == WeaponType::pistol && !field.has("range")) {
    weapon.range = 12.0;  // SHOOT-05: a pistol reaches 12" unless it says otherwise
  } else if (weapon.type == WeaponType::grenade && !field.has("range")) {
    weapon.range = 6.0;  // SHOOT-49: thrown grenades reach 6"
  } else {
    weapon.range = field["range"].as_number(0.5, 1000.0);
  }
  if (field.has("properties")) {
    const Field list = field["properties"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = list.at(i).as_string();
      const auto property = weapon_property_from_string(name);
      if (!property) {
        list.at(i).fail(fmt::format("unknown weapon property \"{}\"{}", name,
                                    did_you_mean(name, weapon_property_names())));
      }
      weapon.set(*property);
    }
  }
  // ADV-35/50: a smoke grenade or discharger lays a cloud and wounds nobody: no Strength, AP or
  // Damage to state.
  const bool smoke = weapon.has(WeaponProperty::smoke);
  if (smoke) {
    for (const char* name : {"strength", "ap", "damage"})
      if (field.has(name))
        field[name].fail("ADV-35: a smoke weapon lays a cloud and wounds nobody");
  } else {
    const Field strength = field["strength"];
    const auto spec = parse_strength(strength.as_string());
    if (!spec) strength.fail("expected a Strength 1..10, \"user\", \"user+N\" or \"xN\"");
    weapon.strength = *spec;
  }
  if (field.has("ap")) {
    const Field ap = field["ap"];
    if (ap.is_null() || ap.as_string() == "-") {
      weapon.ap.reset();
    } else {
      weapon.ap = ap.as_int(1, 6);
    }
  }
  if (field.has("damage")) {
    const Field damage = field["damage"];
    const auto expression = parse_dice_expression(damage.as_string());
    if (!expression || (expression->count == 0 && expression->bonus < 1)) {
      damage.fail("expected a Damage such as 1, 2, D3, D6 or D3+1");
    }
    weapon.damage = *expression;
  }
  int effects = 0;
  if (field.has("template")) {
    ++effects;
    const std::string shape = field["template"].as_string();
    if (shape == "teardrop") {
      weapon.effect = WeaponEffect::template_teardrop;
    } else if (shape == "strip") {
      weapon.effect = WeaponEffect::template_strip;
    } else {
      field["template"].fail("expected teardrop or strip");
    }
  }
  if (field.has("torrent")) {
    ++effects;
    weapon.effect = WeaponEffect::torrent;
    weapon.effect_size = field["torrent"].as_number(1.0, 48.0);
  }
  if (field.has("area")) {
    ++effects;
    weapon.effect = WeaponEffect::area;
    // ADV-45: a marker of unstated size is the 1.5" default; a krak missile or grenade has no
    // marker, only a counter at the impact point, so it strikes only a model it lands on.
    const Field area = field["area"];
    const std::string text = area.is_scalar() ? area.as_string() : "";
    if (text == "default") {
      weapon.effect_size = kDefaultAreaRadius;
    } else if (text == "counter") {
      weapon.effect_size = 0.0;
    } else if (!text.empty() && (std::isdigit(static_cast<unsigned char>(text.front())) != 0 ||
                                 text.front() == '.')) {
      weapon.effect_size = area.as_number(0.5, 12.0);
    } else {
      area.fail(
          "expected a marker radius in inches (0.5 to 12), default (the 1.5\" marker, ADV-45) "
          "or counter (a krak counter, ADV-45)");
    }
  }
  if (effects > 1) field.fail("a weapon has at most one of template, torrent and area");
  if (smoke &&
      (weapon.type != WeaponType::grenade || !weapon.is_area() || weapon.effect_size <= 0.0))
    field.fail(
        "ADV-35: a smoke weapon is a grenade (type: grenade) whose area is the cloud's radius");
  if (weapon.has(WeaponProperty::blind) && !smoke)
    field["properties"].fail("ADV-35: only a smoke weapon (property smoke) lays a blind cloud");
  if (weapon.has(WeaponProperty::discharger) && !smoke)
    field["properties"].fail("ADV-50: a discharger lays smoke (property smoke)");
  if (field.has("encumbrance")) {  // ADV-18: half inches off the carrier's basic move
    const Field encumbrance = field["encumbrance"];
    weapon.encumbrance = encumbrance.as_number(0.0, 6.0);
    if (std::fmod(weapon.encumbrance * 2.0, 1.0) != 0.0)
      encumbrance.fail("ADV-18: encumbrance comes in half inches (0.5, 1, 1.5, ...)");
  }
  if (field.has("item")) weapon.item = field["item"].as_string();  // ADV-18: weighed once
  if (field.has("attack_type")) {
    if (weapon.type != WeaponType::melee) field["attack_type"].fail("only mêlée weapons have one");
    const std::string text = field["attack_type"].as_string();
    const auto attack = attack_type_from_string(text);
    if (!attack) {
      field["attack_type"].fail(fmt::format(
          "unknown attack type \"{}\" (expected hand, stomp, tentacle, bite, gore, claw or tail)",
          text));
    }
    weapon.attack_type = *attack;
  }
  if (field.has("attacks")) {
    if (weapon.type != WeaponType::melee) field["attacks"].fail("only mêlée weapons have attacks");
    weapon.attacks = field["attacks"].as_int(1, 10);
  }
  return weapon;
}

void load_weapons(const std::string& file, Library& library) {
  const Field root = Field::load_file(file);
  root.allow_only({"weapons"});
  const Field list = root["weapons"];
  list.expect_sequence();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Field entry = list.at(i);
    entry.expect_map();
    WeaponProfile weapon = read_weapon(entry);
    if (weapon.id.empty()) entry["id"].fail("missing (required)");
    if (library.weapon(weapon.id) != nullptr) {
      entry["id"].fail(fmt::format("weapon \"{}\" is defined twice", weapon.id));
    }
    library.add_weapon(std::move(weapon));
  }
}

void load_terrain_examples(const std::string& file, Library& library) {
  const Field root = Field::load_file(file);
  root.allow_only({"terrain_examples"});
  const Field list = root["terrain_examples"];
  list.expect_sequence();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Field entry = list.at(i);
    entry.allow_only({"id", "movement", "list"});
    TerrainExample example;
    example.id = entry["id"].as_string();
    if (library.terrain_example(example.id) != nullptr)
      entry["id"].fail("\"" + example.id + "\" is listed twice");
    example.movement = entry["movement"].as_string();
    if (example.movement != "normal" && example.movement != "difficult" &&
        example.movement != "very_difficult")
      entry["movement"].fail("expected normal, difficult or very_difficult");
    example.list = entry["list"].as_int(1, 3);
    library.add_terrain_example(std::move(example));
  }
}

void load_special_rules(const std::string& file, Library& library) {
  const Field root = Field::load_file(file);
  root.allow_only({"special_rules"});
  const Field list = root["special_rules"];
  list.expect_sequence();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Field entry = list.at(i);
    entry.allow_only({"id", "summary", "rules"});
    library.add_special_rule(entry["id"].as_string());
  }
}

}  // namespace arap::data
