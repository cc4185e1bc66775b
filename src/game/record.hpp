// A game on file (docs/game.md): scenario, seed and actions. Loading replays the actions from the
// seeded start, so a saved game always comes back to the identical state. Also the readable
// battle report and the log signature used by `arap bench`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/engine.hpp"

namespace arap::game {

struct GameRecord {
  std::string scenario_file;
  std::uint64_t seed = 0;
  std::vector<Action> actions;
};

nlohmann::json to_json(const GameRecord& record);
GameRecord record_from_json(const nlohmann::json& json);  // throws std::invalid_argument

// Replays `record` from its seeded start; throws std::invalid_argument naming the first illegal
// action (by index) and the rule it breaks.
GameState replay(const GameSetup& setup, const GameRecord& record, EventLog* log = nullptr);

// Readable text of a game's events.
std::string battle_report(const GameSetup& setup, const EventLog& log);

// FNV-1a over the log's compact JSON.
std::uint64_t log_signature(const EventLog& log, std::uint64_t seed = 1469598103934665603ULL);

// A digest of the whole state (positions, wounds, unit states, turn, dice): equal states, equal
// digests.
std::uint64_t state_digest(const GameState& state);

}  // namespace arap::game
