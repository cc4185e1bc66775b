// The `arap` command line: each command registers its CLI11 subcommand here.
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace arap::app {

// Exit code for bad input of any kind (DESIGN: errors to stderr, non-zero exit).
constexpr int kInputError = 2;

// The data folder: --data, else $ARAP_DATA, else the source tree's data/.
std::string data_dir(const std::string& option);

// Where a parsed copy of the data library is kept between runs (issue 17): $ARAP_CACHE ("off"
// for none), else $XDG_CACHE_HOME/arap, else ~/.cache/arap; empty when there is nowhere.
std::string cache_dir();

// A command's work; returns the process exit code.
using Action = std::function<int()>;

void add_odds_commands(CLI::App& app, Action& action);
void add_validate_command(CLI::App& app, Action& action);
void add_render_command(CLI::App& app, Action& action);
void add_game_commands(CLI::App& app, Action& action);
void add_sweep_commands(CLI::App& app, Action& action);  // sim, merge
void add_rules_command(CLI::App& app, Action& action);
void add_serve_command(CLI::App& app, Action& action);

}  // namespace arap::app
