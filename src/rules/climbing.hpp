// MOVE-20/23: a climbing move asks the unit's Initiative test (a low D6, DICE-13). ADV-13: climbing
// gear (or flesh hooks, suction pads) climbs without it; ADV-14: a rope and grapple re-rolls a
// failed one.
#pragma once

namespace arap::rules {

enum class ClimbKit { none, rope_and_grapple, climbing_gear };

// The chance that the unit's climbing test lets it climb.
double climb_pass_chance(int initiative, ClimbKit kit);

}  // namespace arap::rules
