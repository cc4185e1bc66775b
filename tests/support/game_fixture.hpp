// Small battles for game tests: a scenario written on the fly, loaded against the shipped data.
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "data/library.hpp"
#include "game/engine.hpp"
#include "game/setup.hpp"
#include "support/scratch.hpp"

namespace arap::test {

inline std::shared_ptr<const data::Library> shipped_library() {
  static const auto library =
      std::make_shared<const data::Library>(data::Library::load(ARAP_DATA_DIR));
  return library;
}

// The shipped data with text appended to some of its files (a file that does not exist is
// created): for rules no shipped army exercises. `additions` pairs a path under the data folder
// with its text. The copy is loaded, then deleted.
inline std::shared_ptr<const data::Library> library_with(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& additions) {
  const auto dir = scratch_dir() / ("data_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::copy(ARAP_DATA_DIR, dir, std::filesystem::copy_options::recursive);
  for (const auto& [file, text] : additions) std::ofstream(dir / file, std::ios::app) << text;
  auto loaded = std::make_shared<const data::Library>(data::Library::load(dir.string()));
  std::filesystem::remove_all(dir);
  return loaded;
}

// Two sides on an open 48" table: `red_units` and `blue_units` are YAML flow lists of units.
inline std::shared_ptr<const game::GameSetup> battle(
    const std::string& name, const std::string& red_army, const std::string& red_units,
    const std::string& blue_army, const std::string& blue_units, const std::string& extra = "") {
  const auto path = (scratch_dir() / (name + ".yaml")).string();
  std::ofstream(path) << "name: " << name << "\n"
                      << "table: {width: 48, height: 48}\n"
                      << "turn_limit: 6\n"
                      << extra << "sides:\n"
                      << "  - {name: Red, army: " << red_army << ", units: " << red_units << "}\n"
                      << "  - {name: Blue, army: " << blue_army << ", units: " << blue_units
                      << "}\n";
  return game::make_setup(path, shipped_library());
}

inline game::Action act(game::ActionKind kind, int unit = -1) {
  return game::make_action(kind, unit);
}

}  // namespace arap::test
