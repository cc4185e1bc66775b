// The engine's contract (DESIGN): what is pending, whether an action is legal (and if not, why,
// in words a player understands), and applying it. An illegal action changes nothing. Every
// applied action appends events (dice with goal and rule, outcomes) to the log.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/actions.hpp"
#include "game/state.hpp"

namespace arap::game {

using Event = nlohmann::json;
using EventLog = std::vector<Event>;

struct Decision {
  Phase phase = Phase::activation;
  int side = 0;   // who decides
  int unit = -1;  // the unit spending AP (active or reaction)
  int action_points = 0;
  int failed_dice = 0;  // pick-up: dice on offer
};

Decision pending(const GameState& state);

// Empty when legal; otherwise the rule and the reason.
std::string illegal_reason(const GameState& state, const Action& action);
// Whether illegal_reason would be empty, without wording a refusal (cheaper: for agents and
// searches that try many actions).
bool is_legal(const GameState& state, const Action& action);

// Applies `action` when legal and returns ""; otherwise returns the reason and leaves `state`
// untouched. `log` may be null.
std::string apply(GameState& state, const Action& action, EventLog* log);

}  // namespace arap::game
