// MOVE-15: the goal of movement saves and agility rolls.
#include "rules/agility.hpp"

#include "dice/probability.hpp"

namespace arap::rules {

int agility_goal(int initiative, double current_move) {
  constexpr double kEpsilon = 1e-9;  // a move of exactly 2" or 4" is in the lower band
  if (current_move <= 2.0 + kEpsilon) return initiative - 1;
  if (current_move <= 4.0 + kEpsilon) return initiative;
  return initiative + 1;
}

double agility_chance(int initiative, double current_move) {
  return dice::p_low(agility_goal(initiative, current_move));
}

}  // namespace arap::rules
