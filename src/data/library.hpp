// The loaded data library: weapons, creature profiles, special rules and armies from data/.
// Owns every definition; profiles, units and models point into it, so it is move-only and its
// elements never move.
#pragma once

#include <cstdint>

#include <deque>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "data/profile.hpp"
#include "data/weapon.hpp"

namespace arap::data {

// ADV-09: a named example of ground from the 2.3 chapters and how hard it is to cross
// (`normal`, `difficult` or `very_difficult`); scenario features name one with `like`.
struct TerrainExample {
  std::string id;
  std::string movement;
  int list = 1;  // which of the chapters' three lists it comes from
};

class Library {
 public:
  Library() = default;
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  Library(Library&&) = default;
  Library& operator=(Library&&) = default;
  ~Library() = default;

  // Loads weapons.yaml, special_rules.yaml, creatures.yaml, terrain_examples.yaml and
  // armies/*.yaml from `data_dir`.
  static Library load(const std::filesystem::path& data_dir);
  // The files `load` reads, in order: special rules, weapons, creatures, terrain examples, then
  // armies/*.yaml.
  static std::vector<std::filesystem::path> files(const std::filesystem::path& data_dir);

  const WeaponProfile* weapon(std::string_view id) const;
  // A creature id ("genestealer") or an army profile as "army/profile" ("orks/boy").
  const Profile* profile(std::string_view id) const;
  const Army* army(std::string_view id) const;
  const std::deque<WeaponProfile>& weapons() const { return weapons_; }
  const std::deque<Army>& armies() const { return armies_; }
  const std::deque<Profile>& profiles() const { return profiles_; }
  bool knows_special_rule(std::string_view rule) const;
  // ADV-09: the named example of ground, or null.
  const TerrainExample* terrain_example(std::string_view id) const;
  const std::deque<TerrainExample>& terrain_examples() const { return terrain_examples_; }
  const std::set<std::string, std::less<>>& special_rules() const { return special_rules_; }
  // FNV-1a over the names and bytes of every file the library was loaded from (0 when built in
  // memory): saved games carry it, so a game is replayed only against the data it was played with.
  std::uint64_t fingerprint() const { return fingerprint_; }
  void set_fingerprint(std::uint64_t fingerprint) { fingerprint_ = fingerprint; }  // caches

  // Building blocks for the loaders; each returns the stored element.
  const WeaponProfile& add_weapon(WeaponProfile weapon);
  const Profile& add_profile(std::string key, Profile profile);
  Army& add_army(Army army);
  void add_special_rule(std::string rule) { special_rules_.insert(std::move(rule)); }
  void add_terrain_example(TerrainExample example) {
    terrain_examples_.push_back(std::move(example));
  }

 private:
  std::uint64_t fingerprint_ = 0;
  std::deque<WeaponProfile> weapons_;
  std::deque<Profile> profiles_;
  std::deque<Army> armies_;
  std::deque<TerrainExample> terrain_examples_;
  std::unordered_map<std::string, const WeaponProfile*> weapon_index_;
  std::unordered_map<std::string, const Profile*> profile_index_;
  std::set<std::string, std::less<>> special_rules_;
};

// FNV-1a over the names and bytes of the files `Library::load` reads (its fingerprint).
std::uint64_t library_fingerprint(const std::filesystem::path& data_dir);

// Loaders (throw DataError naming file, line and field).
void load_special_rules(const std::string& file, Library& library);
void load_weapons(const std::string& file, Library& library);
void load_creatures(const std::string& file, Library& library);
void load_terrain_examples(const std::string& file, Library& library);  // ADV-09
void load_army(const std::string& file, Library& library);
// The same from an army file's text; `name` stands for the file in errors.
void load_army_text(const std::string& text, const std::string& name, Library& library);
// One weapon profile from a YAML/JSON mapping; used by weapons.yaml and by odds requests.
class Field;
WeaponProfile read_weapon(const Field& field);

}  // namespace arap::data
