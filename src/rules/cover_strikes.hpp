// SHOOT-15 (optional, option hitting_cover): a direct-fire shot at a target in cover that misses
// its goal by exactly one strikes the cover (or the hostage behind which the target stands)
// instead. Only a single-die goal of 1 to 5 can be missed by one: the face one above it (for a
// goal of 5, the natural 6), so each shot strikes the cover with probability 1/6. Goals of 0 or
// less (DICE-06's second chance) have no such face and never strike it. What a struck piece of
// cover or hostage suffers is the GM's: the engine counts the strikes (the to-hit roll event's
// cover_hits) and the preview their expected number.
#pragma once

#include "dice/dice_source.hpp"

namespace arap::rules {

struct DirectHits {
  int hits = 0;
  int cover_hits = 0;  // SHOOT-15: misses by one that struck the cover
};

// Rolls `shots` to-hit dice against `goal` as dice::roll_low does (DICE-04/06); with
// `cover_counts` (the option on and the target in cover) a die one above a goal of 1 to 5 is a
// cover hit. The dice are the same either way.
DirectHits roll_direct_hits(dice::DiceSource& dice, int shots, int goal, bool cover_counts);

// P(a shot strikes the cover) for `goal`: 1/6 for goals 1 to 5, 0 otherwise.
double cover_strike_chance(int goal);

}  // namespace arap::rules
