// A game on file (docs/game.md): scenario, seed and actions. Loading replays the actions from the
// seeded start, so a saved game always comes back to the identical state. Also the readable
// battle report and the log signature used by `arap bench`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/engine.hpp"

namespace arap::game {

struct GameRecord {
  std::string scenario_file;
  std::uint64_t seed = 0;
  std::vector<Action> actions;
  // A record that travels: the scenario's text (so it replays from any folder) and the
  // fingerprint of the data library it was played with (0: unknown, records from before).
  std::string scenario_text;
  std::uint64_t data_fingerprint = 0;
  // The state's digest after the first `digest_actions` actions, when saved (checked on replay).
  std::optional<std::uint64_t> digest;
  std::size_t digest_actions = 0;
};

// An empty record of a game on `setup` from `seed`, carrying the scenario and data fingerprint.
GameRecord record_for(const GameSetup& setup, std::uint64_t seed);

nlohmann::json to_json(const GameRecord& record);
// Strict readers (issue 14): throw data::DataError naming the source, line and field; scenario
// text that does not match its saved hash is refused.
GameRecord record_from_field(const data::Field& root);
GameRecord record_from_json(const nlohmann::json& json);
GameRecord record_from_text(const std::string& text, const std::string& source);

// The setup a record replays on: its own scenario text when it carries one (refused, with both
// fingerprints named, when `library` is not the data it was played with), else its scenario file.
std::shared_ptr<const GameSetup> setup_for_record(const GameRecord& record,
                                                  std::shared_ptr<const data::Library> library);

// Replays `record` from its seeded start; throws std::invalid_argument naming the first illegal
// action (by index) and the rule it breaks, or when the replayed state's digest differs from the
// one saved.
GameState replay(const GameSetup& setup, const GameRecord& record, EventLog* log = nullptr);

// Readable text of a game's events.
std::string battle_report(const GameSetup& setup, const EventLog& log);

// FNV-1a over a scenario's text: a saved game's `scenario_hash`, a sweep's scenario fingerprint.
std::uint64_t scenario_hash(const std::string& scenario_text);

// FNV-1a over the log's compact JSON.
std::uint64_t log_signature(const EventLog& log, std::uint64_t seed = 1469598103934665603ULL);

// A digest of every field of the state (game/fields.hpp; digest.cpp): equal states have equal
// digests, and states that differ in any field differ in digest (up to 64-bit collisions).
std::uint64_t state_digest(const GameState& state);

}  // namespace arap::game
