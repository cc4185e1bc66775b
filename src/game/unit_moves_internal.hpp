// What unit_actions.cpp (checking and planning moves) and move_action.cpp (playing them) share.
// Not for use outside src/game.
#pragma once

#include <vector>

#include "game/context.hpp"

namespace arap::game::detail {

// GEN-09 / ADV-19: each model's own displacement (in the unit's model order) when `action` closes
// ranks at `fraction` of `allowance`; empty for a move as a body (every model takes the action's).
std::vector<table::Point> own_shifts_of(const GameState& s, const Action& action, double allowance,
                                        double fraction);

}  // namespace arap::game::detail
