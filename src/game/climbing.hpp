// MOVE-20/23 climbing tests and the gear that eases them (ADV-13, ADV-14), for the engine's roll
// and the AI's odds alike.
#pragma once

#include "game/state.hpp"
#include "rules/climbing.hpp"

namespace arap::game {

// ADV-14: whether a model carries a rope and grapple, or one of its higher-tech kin (a
// rope-launcher, power grapple or handbow: `grapple_launcher`), which does all a rope and grapple
// does.
bool carries_grapple(const data::Profile& profile);

// What `unit` climbs with: climbing gear when every model has it (or flesh hooks) and the option
// climbing_gear is on (ADV-13); a rope and grapple when every living model carries one
// (carries_grapple) and the option rope_and_grapple is on (ADV-14).
rules::ClimbKit climb_kit(const GameState& state, int unit);

namespace detail {

struct Context;

// ADV-14 (option rope_strength_tests): the GM's Strength tests of model `model` of `unit` taking
// hold of a rope: one to start, and one more for each further two levels it climbs on it (a rope
// across a gap: height 0, one). Each is a low D6 against its Strength, so only the weak fail
// often; roll event ADV-14 `what`. Returns whether all were passed; without the option, true.
bool rope_tests_passed(Context& c, int unit, int model, double height, const char* what);

}  // namespace detail

}  // namespace arap::game
