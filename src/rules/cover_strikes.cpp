#include "rules/cover_strikes.hpp"

#include "dice/rolls.hpp"

namespace arap::rules {

namespace {

bool single_die_goal(int goal) {
  return goal >= 1 && goal <= 5;
}

}  // namespace

DirectHits roll_direct_hits(dice::DiceSource& dice, int shots, int goal, bool cover_counts) {
  DirectHits out;
  if (!cover_counts || !single_die_goal(goal)) {
    for (int k = 0; k < shots; ++k) out.hits += dice::roll_low(dice, goal) ? 1 : 0;
    return out;
  }
  for (int k = 0; k < shots; ++k) {
    // One die, as roll_low rolls it for a goal of 1 to 5 (a 6 always misses, DICE-04).
    const int face = dice.roll(6);
    if (face <= goal)
      ++out.hits;
    else if (face == goal + 1)
      ++out.cover_hits;
  }
  return out;
}

double cover_strike_chance(int goal) {
  return single_die_goal(goal) ? 1.0 / 6.0 : 0.0;
}

}  // namespace arap::rules
