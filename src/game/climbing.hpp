// MOVE-20/23 climbing tests and the gear that eases them (ADV-13, ADV-14), for the engine's roll
// and the AI's odds alike.
#pragma once

#include "game/state.hpp"
#include "rules/climbing.hpp"

namespace arap::game {

// What `unit` climbs with: climbing gear when every model has it (or flesh hooks) and the option
// climbing_gear is on (ADV-13); a rope and grapple when every living model carries one
// (`rope_and_grapple` in its special rules) and the option rope_and_grapple is on (ADV-14).
rules::ClimbKit climb_kit(const GameState& state, int unit);

}  // namespace arap::game
