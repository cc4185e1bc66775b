// `arap validate [FILE...]`: loads the whole data library, or checks scenario and army files
// against it, and reports the first error precisely (file, line, field).
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "ai/agents.hpp"
#include "commands.hpp"
#include "data/library.hpp"
#include "data/yaml_reader.hpp"
#include "game/setup.hpp"

namespace arap::app {

void add_validate_command(CLI::App& app, Action& action) {
  auto data = std::make_shared<std::string>();
  auto files = std::make_shared<std::vector<std::string>>();
  auto* command = app.add_subcommand(
      "validate",
      "Check the data library (weapons, creatures, armies), and scenario or army files");
  command->add_option("files", *files,
                      "Scenario or army files to check against the library (docs/data.md)");
  command->add_option("--data", *data,
                      "Data folder (default: $ARAP_DATA or the source tree's data/)");
  command->callback([data, files, &action] {
    action = [data, files] {
      if (!files->empty()) {
        // docs/data.md: a player's new scenario or army, checked as a game would load it.
        for (const auto& file : *files) {
          const data::Field root = data::Field::load_file(file);
          root.expect_map();
          if (root.has("army")) {
            // The shared files, then this army alone (it may be one of the folder's own).
            const std::filesystem::path dir(data_dir(*data));
            data::Library library;
            data::load_special_rules((dir / "special_rules.yaml").string(), library);
            data::load_weapons((dir / "weapons.yaml").string(), library);
            data::load_creatures((dir / "creatures.yaml").string(), library);
            data::load_army(file, library);
            const data::Army& army = library.armies().back();
            fmt::print("ok: {}: army {} ({}), {} units\n", file, army.id, army.name,
                       army.units.size());
          } else {
            auto library =
                std::make_shared<const data::Library>(data::Library::load(data_dir(*data)));
            const auto setup = game::make_setup(file, std::move(library));
            // A seat's `ai:` must name an agent of the folder's roster (issue 15).
            ai::Roster::load(data_dir(*data)).check_seats(setup->scenario);
            fmt::print("ok: {}: scenario {}, {} units, {} terrain features\n", file,
                       setup->scenario.name, setup->scenario.units.size(),
                       setup->scenario.table.features().size());
          }
        }
        return 0;
      }
      const auto library = data::Library::load(data_dir(*data));
      int units = 0;
      for (const auto& army : library.armies()) units += static_cast<int>(army.units.size());
      fmt::print("ok: {} weapons, {} profiles, {} armies, {} units\n", library.weapons().size(),
                 library.profiles().size(), library.armies().size(), units);
      for (const auto& army : library.armies()) {
        fmt::print("  {:<16} {}: {} units\n", army.id, army.name, army.units.size());
      }
      return 0;
    };
  });
}

}  // namespace arap::app
