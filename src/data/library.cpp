#include "data/library.hpp"

#include <fstream>
#include <sstream>

#include <algorithm>
#include <vector>

#include "data/data_error.hpp"

namespace arap::data {

std::vector<std::filesystem::path> Library::files(const std::filesystem::path& data_dir) {
  std::vector<std::filesystem::path> army_files;
  const auto armies_dir = data_dir / "armies";
  if (std::filesystem::is_directory(armies_dir)) {
    for (const auto& entry : std::filesystem::directory_iterator(armies_dir)) {
      if (entry.path().extension() == ".yaml") army_files.push_back(entry.path());
    }
  }
  std::sort(army_files.begin(), army_files.end());
  std::vector<std::filesystem::path> files = {
      data_dir / "special_rules.yaml", data_dir / "weapons.yaml", data_dir / "creatures.yaml",
      data_dir / "terrain_examples.yaml"};
  files.insert(files.end(), army_files.begin(), army_files.end());
  return files;
}

std::uint64_t library_fingerprint(const std::filesystem::path& data_dir) {
  // Each file's name within the folder and its bytes, in load order (FNV-1a).
  std::uint64_t hash = 1469598103934665603ULL;
  const auto mix = [&hash](std::string_view bytes) {
    for (const unsigned char c : bytes) {
      hash ^= c;
      hash *= 1099511628211ULL;
    }
  };
  for (const auto& file : Library::files(data_dir)) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    mix(std::filesystem::relative(file, data_dir).generic_string());
    mix(std::string_view("\0", 1));
    mix(text.str());
  }
  return hash;
}

Library Library::load(const std::filesystem::path& data_dir) {
  if (!std::filesystem::is_directory(data_dir)) {
    throw DataError({data_dir.string(), 0, 0}, "", "data folder not found");
  }
  Library library;
  load_special_rules((data_dir / "special_rules.yaml").string(), library);
  load_weapons((data_dir / "weapons.yaml").string(), library);
  load_creatures((data_dir / "creatures.yaml").string(), library);
  load_terrain_examples((data_dir / "terrain_examples.yaml").string(), library);
  const auto files = Library::files(data_dir);
  for (std::size_t i = 4; i < files.size(); ++i) load_army(files[i].string(), library);
  library.fingerprint_ = library_fingerprint(data_dir);
  // MORALE-06: a hated foe names an army, or one of its units as "army/unit".
  for (const auto& army : library.armies()) {
    for (const auto& unit : army.units) {
      for (const auto& foe : unit.hates) {
        const auto slash = foe.id.find('/');
        const Army* hated = library.army(foe.id.substr(0, slash));
        if (hated != nullptr &&
            (slash == std::string::npos || hated->find_unit(foe.id.substr(slash + 1)) != nullptr))
          continue;
        throw DataError(
            foe.where, foe.field,
            "no army or unit \"" + foe.id + "\" to hate (write an army id or army/unit)");
      }
    }
  }
  return library;
}

const WeaponProfile* Library::weapon(std::string_view id) const {
  const auto found = weapon_index_.find(std::string(id));
  return found == weapon_index_.end() ? nullptr : found->second;
}

const Profile* Library::profile(std::string_view id) const {
  const auto found = profile_index_.find(std::string(id));
  return found == profile_index_.end() ? nullptr : found->second;
}

const Army* Library::army(std::string_view id) const {
  for (const auto& army : armies_) {
    if (army.id == id) return &army;
  }
  return nullptr;
}

const TerrainExample* Library::terrain_example(std::string_view id) const {
  for (const auto& example : terrain_examples_)
    if (example.id == id) return &example;
  return nullptr;
}

bool Library::knows_special_rule(std::string_view rule) const {
  return special_rules_.find(rule) != special_rules_.end();
}

const WeaponProfile& Library::add_weapon(WeaponProfile weapon) {
  const WeaponProfile& stored = weapons_.emplace_back(std::move(weapon));
  weapon_index_[stored.id] = &stored;
  return stored;
}

const Profile& Library::add_profile(std::string key, Profile profile) {
  const Profile& stored = profiles_.emplace_back(std::move(profile));
  profile_index_[std::move(key)] = &stored;
  return stored;
}

Army& Library::add_army(Army army) {
  return armies_.emplace_back(std::move(army));
}

}  // namespace arap::data
