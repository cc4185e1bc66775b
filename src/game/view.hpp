// What a client sees of a game (issue 16; docs/server.md): the pending decision, the table and
// every unit's state as JSON, for the server and the browser's table. Read-only views: nothing
// here changes a state, and every field is added to, never renamed (docs/game.md contract).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "game/engine.hpp"

namespace arap::game {

// "activation", "pick_up", "reaction", "active", "charge_response", "melee_choice",
// "interception", "consolidation", "game_over" (as `arap legal --json` prints them).
std::string_view phase_name(Phase phase);

// {"phase", "side", "unit"?, "action_points"?, "failed_dice"?}
nlohmann::json to_json(const Decision& decision);

// The table as scenario data gives it: size, terrain (footprint, kind, height, cover, movement),
// obstacles, objectives, sides with their deployment zones, doors and consoles (ACT-16). It
// never changes during a game: the doors stand here as the scenario sets them, and the state's
// `open_doors` says which stand open now.
nlohmann::json table_view(const GameSetup& setup);

// The state a player sees: turn, phase, whose turn, score, winner, and each unit with its badges
// (pinned, suppressed, routing, hidden, locked, ...) and models (position, facing, base, wounds).
nlohmann::json state_view(const GameState& state);

}  // namespace arap::game
