// MOVE-20/23: a climbing move asks the unit's Initiative test (a low D6, DICE-13). ADV-13: climbing
// gear (or flesh hooks, suction pads) climbs without it; ADV-14: a rope and grapple re-rolls a
// failed one. ADV-15: portable ladders: the rate they are carried at and the push that casts an
// occupied one down.
#pragma once

namespace arap::rules {

enum class ClimbKit { none, rope_and_grapple, climbing_gear };

// The chance that the unit's climbing test lets it climb.
double climb_pass_chance(int initiative, ClimbKit kit);

// ADV-15: four human-sized models (bulk, at least 1 each) carry a ladder at full rate; two or three
// at half rate; one at a quarter.
inline constexpr int kLadderBearers = 4;
double ladder_carry_rate(int bearers_bulk);
// ADV-15: at most three models push together at a ladder someone is climbing.
inline constexpr int kMostLadderPushers = 3;
// ADV-15: the D6 that casts down an occupied ladder: a 6, one less for each pusher past the first
// (a high roll, DICE-06): 6, 5 or 4 for one, two or three pushers.
int cast_down_goal(int pushers);
double cast_down_chance(int pushers);

}  // namespace arap::rules
