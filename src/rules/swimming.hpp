// MOVE-17: swimming. One D6 per swim move (for a whole unit): a 1 and the swimmer is out of
// action (for a unit, D6 of its members), otherwise it swims D3+1" (the D3 read from the same die
// by DICE-10).
#pragma once

#include <array>

namespace arap::rules {

struct SwimRoll {
  bool out_of_action = false;
  int inches = 0;
};
SwimRoll read_swim(int d6_face);

// The chances of each reading: index 0 out of action, index n the chance of swimming n inches.
std::array<double, 5> swim_odds();

}  // namespace arap::rules
