// `arap render SCENARIO.yaml -o table.svg`: draws a scenario's table.
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "data/library.hpp"
#include "game/setup.hpp"
#include "table/scenario.hpp"
#include "table/svg.hpp"

namespace arap::app {

void add_render_command(CLI::App& app, Action& action) {
  struct Options {
    std::string scenario;
    std::string output;
    std::string data;
    double scale = 16.0;
  };
  auto options = std::make_shared<Options>();
  auto* command = app.add_subcommand("render", "Draw a scenario's table as SVG");
  command->add_option("scenario", options->scenario, "Scenario file (YAML)")->required();
  command->add_option("-o,--output", options->output, "SVG file to write (default: stdout)");
  command->add_option("--data", options->data, "Data folder");
  command->add_option("--scale", options->scale, "Pixels per inch")->check(CLI::Range(2.0, 100.0));
  command->callback([options, &action] {
    action = [options] {
      auto library =
          std::make_shared<const data::Library>(data::Library::load(data_dir(options->data)));
      // make_setup also checks the scenario's ruling switches by name and value.
      const auto setup = game::make_setup(options->scenario, std::move(library));
      const table::Scenario& scenario = setup->scenario;
      const std::string svg = table::render_svg(scenario, options->scale);
      if (options->output.empty()) {
        std::cout << svg;
      } else {
        std::ofstream out(options->output);
        if (!out)
          throw std::runtime_error(fmt::format("{}: cannot write the file", options->output));
        out << svg;
        std::cerr << fmt::format("wrote {} ({} units, {} terrain features)\n", options->output,
                                 scenario.units.size(), scenario.table.features().size());
      }
      return 0;
    };
  });
}

}  // namespace arap::app
