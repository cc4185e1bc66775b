// What the game commands (play, sim, ladder, merge ...) share: loading a scenario against the
// data folder, the agents with the command line's search budget, and the seed check.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "ai/agents.hpp"
#include "game/setup.hpp"

namespace arap::app {

std::shared_ptr<const game::GameSetup> load_setup(const std::string& scenario,
                                                  const std::string& data);

// The agents of the data folder, with the search budget the command line gives.
ai::Roster roster_for(const std::string& data, std::optional<double> think,
                      std::optional<int> iterations, int search_threads);

// Issue 14: a seed is a whole number from 0 up (CLI11 would wrap -1 round to 2^64-1).
extern const CLI::Validator kSeedCheck;

// --think, --iterations and --search-threads: the search agent's budget, as every command that
// plays games offers it.
void add_search_options(CLI::App* command, std::optional<double>& think,
                        std::optional<int>& iterations, int& search_threads);

// Refuses an output path that names a folder (`option` names it in the message), so a file
// nobody can write is found before the games, not after them. Empty: nothing asked for.
void check_writable(const std::string& path, const char* option);

}  // namespace arap::app
