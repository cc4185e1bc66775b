// arap: the Gemini-ARAP 2.4 engine's command line.
#include <cstdlib>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "rules/rulings.hpp"

namespace arap::app {

std::string data_dir(const std::string& option) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("ARAP_DATA"); env != nullptr && *env != '\0') return env;
  return ARAP_DEFAULT_DATA_DIR;
}

std::string cache_dir() {
  if (const char* env = std::getenv("ARAP_CACHE"); env != nullptr)
    return std::string(env) == "off" ? std::string() : std::string(env);
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg == '/')
    return std::string(xdg) + "/arap";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    return std::string(home) + "/.cache/arap";
  return {};
}

namespace {

void add_rulings_command(CLI::App& app, Action& action) {
  auto* command =
      app.add_subcommand("rulings", "List every catalogue ruling switch and its values");
  command->callback([&action] {
    action = [] {
      for (const auto& info : rules::all_rulings()) {
        std::string values;
        for (int i = 0; i < info.value_count; ++i) {
          values +=
              fmt::format("{}{}{}", i ? ", " : "", info.values[i], i == 0 ? " (default)" : "");
        }
        fmt::print("{}\n    {}\n    values: {}\n", info.name, info.summary, values);
      }
      return 0;
    };
  });
}

}  // namespace

}  // namespace arap::app

int main(int argc, char** argv) {
  CLI::App app{"arap: rules engine, referee and odds calculator for Gemini-ARAP 2.4"};
  app.require_subcommand(1);
  arap::app::Action action;
  arap::app::add_odds_commands(app, action);
  arap::app::add_validate_command(app, action);
  arap::app::add_render_command(app, action);
  arap::app::add_game_commands(app, action);
  arap::app::add_sweep_commands(app, action);
  arap::app::add_rulings_command(app, action);
  arap::app::add_rules_command(app, action);
  arap::app::add_serve_command(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return arap::app::kInputError;
  }
  try {
    return action ? action() : 0;
  } catch (const std::exception& error) {
    std::cerr << "arap: " << error.what() << '\n';
    return arap::app::kInputError;
  }
}
