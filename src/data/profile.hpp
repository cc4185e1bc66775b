// Model profiles, unit and army definitions (catalogue §3.1, GEN-06..08): immutable data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_error.hpp"
#include "data/weapon.hpp"

namespace arap::data {

// GEN-07: how many places a model takes in a transport or a narrow opening.
enum class Bulk : std::uint8_t { normal = 1, bulky = 2, very_bulky = 3, extremely_bulky = 5 };
std::optional<Bulk> bulk_from_string(std::string_view text);
std::string_view to_string(Bulk bulk);

// ADV-60: the shield a model carries (none, or one of the catalogue's six kinds).
enum class Shield : std::uint8_t { none, buckler, primitive, hi_tech, combat, power, storm };
std::optional<Shield> shield_from_string(std::string_view text);
std::string_view to_string(Shield shield);
std::vector<std::string_view> shield_names();  // every kind but none

struct Profile {
  std::string id;
  std::string name;
  int move = 4;  // M, inches (MOVE-01/02)
  int weapon_skill = 3;
  int ballistic_skill = 3;
  int strength = 3;
  int toughness = 3;
  int wounds = 1;
  int initiative = 3;
  int attacks = 1;
  int leadership = 7;
  std::optional<int> save;          // armour save n+, none when absent
  std::optional<int> invulnerable;  // invulnerable save n+
  int size = 2;                     // GEN-06: 1..4, also the mêlée radius in inches
  Bulk bulk = Bulk::normal;
  double height = 1.5;  // inches with base; MOVE-19 ruling for a Size 2 humanoid
  int base_mm = 25;
  std::vector<std::string> special_rules;

  bool has_rule(std::string_view rule) const;
};

struct ModelGroup {
  std::string name;
  const Profile* profile = nullptr;
  int count = 1;
  bool leader = false;
  // SHOOT-55: a back banner or standard showing this many inches above the model's head (0: none).
  double banner = 0.0;
  Shield shield = Shield::none;  // ADV-60
  // ADV-18 / ADV-60: the shield is slung on the back (army field shield_worn: back): it weighs
  // half an inch of move and, not on the arm, guards nothing and strikes nothing.
  bool shield_on_back = false;
  // ADV-53: these models guard the unit's leader (the Principal): in mêlée one within 3" may
  // trade places with it.
  bool bodyguard = false;
  // ADV-18: the suspensors these models carry (each lifts half an inch of encumbrance) and the
  // weight of their armour and other kit in kg (each whole 10 kg costs half an inch of move).
  int suspensors = 0;
  double kit_kg = 0.0;
  std::vector<const WeaponProfile*> weapons;
  // ADV-22: when `profile` is a rider and its mount as one model (data::ridden), the two apart.
  const Profile* rider = nullptr;
  const Profile* mount = nullptr;
};

// MORALE-06: a foe a unit hates, as an army id ("orks") or one of its units ("orks/nobz").
struct HatedFoe {
  std::string id;
  SourceLocation where;
  std::string field;  // the field path, for complaints
};

struct UnitDefinition {
  std::string id;
  std::string name;
  std::vector<ModelGroup> models;
  std::vector<HatedFoe> hates;
  bool weapon_crew = false;  // ADV-28: the crew of a support weapon (a heavy weapons team)

  int model_count() const;
};

struct Army {
  std::string id;
  std::string name;
  std::string file;
  std::vector<const Profile*> profiles;
  std::vector<UnitDefinition> units;

  const UnitDefinition* find_unit(std::string_view unit_id) const;
};

}  // namespace arap::data
