// MOVE-15: movement saves and agility rolls. Both are Initiative tests (a low D6 roll, a natural 6
// failing) whose goal follows the model's current move: slow models find them harder, fast ones
// easier.
#pragma once

namespace arap::rules {

// The goal: Initiative less 1 for a current move of 2" or less, Initiative up to 4", Initiative
// plus 1 beyond. The current move is what terrain or load leaves of the basic move.
int agility_goal(int initiative, double current_move);

// The chance of passing (DICE-13: a low roll, a natural 6 fails).
double agility_chance(int initiative, double current_move);

}  // namespace arap::rules
