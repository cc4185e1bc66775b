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

}  // namespace arap::app
