// `arap validate`: loads the whole data library and reports the first error precisely.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "data/library.hpp"

namespace arap::app {

void add_validate_command(CLI::App& app, Action& action) {
  auto data = std::make_shared<std::string>();
  auto* command =
      app.add_subcommand("validate", "Check the data library (weapons, creatures, armies)");
  command->add_option("--data", *data,
                      "Data folder (default: $ARAP_DATA or the source tree's data/)");
  command->callback([data, &action] {
    action = [data] {
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
