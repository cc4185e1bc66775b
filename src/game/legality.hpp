// Internal to the game layer: what the legality check (legality.cpp) and apply (engine.cpp) share.
#pragma once

#include <string>

#include "game/state.hpp"

namespace arap::game::detail {

// The unit whose decision is pending (the acting, charged, choosing, intercepting, consolidating
// or fired-at unit), or -1 when a side decides (activation, pick-up).
int acting_unit(const GameState& s);
// ACT-08/ADV-01: whether `unit` of `side` may pick up the failed dice now.
bool can_pick_up(const GameState& s, int unit, int side);
// ADV-29: a unit with a fixed weapon emplacement among its models (special rule emplacement)
// never moves: it may not move, charge, run or consolidate, and moves the dice would make (a
// rout, a flight, a flinch, a break-off, a pursuit) leave it where it stands.
bool fixed_in_place(const GameState& s, int unit);
struct UnitMove;
// The one legality check: "" when `a` is open now, else the rule and a reason. Without `explain`
// only legal or not matters (refusals are not worded in full); a legal move or free move fills
// `checked_move` (when given) with what the check measured, so apply need not measure it again.
std::string illegal_reason_checked(const GameState& s, const Action& a, UnitMove* checked_move,
                                   bool explain);

}  // namespace arap::game::detail
