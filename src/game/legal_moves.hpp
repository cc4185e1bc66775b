// Internal to the game layer (legal_moves.cpp): the moves and consolidations legal_actions lists,
// each a purposeful plan of the move planner (DESIGN "the door").
#pragma once

#include <vector>

#include "game/engine.hpp"

namespace arap::game::detail {

// MOVE-01..14 (and MOVE-14's free move): the furthest legal move toward each destination in
// each mode the unit may use, deduplicated, appended to `out`.
void add_moves(const GameState& state, int unit, bool free_move, std::vector<Action>& out);
// ADV-68/70: staying put, and the furthest consolidation toward each destination.
void add_consolidations(const GameState& state, int unit, std::vector<Action>& out);

}  // namespace arap::game::detail
