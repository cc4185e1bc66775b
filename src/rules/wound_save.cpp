#include "rules/wound_save.hpp"

#include <algorithm>

#include "dice/probability.hpp"

namespace arap::rules {

WoundGoal wound_goal(int toughness, int strength, bool close) {
  WoundGoal result;
  result.goal = std::max(2, toughness + 4 - strength);
  result.possible = result.goal <= 7 || (result.goal <= 9 && close);
  return result;
}

double p_wound(const WoundGoal& goal, bool best_of_two) {
  if (!goal.possible) return 0.0;
  return best_of_two ? dice::p_high_best_of_two(goal.goal) : dice::p_high(goal.goal);
}

std::optional<int> save_goal(const SaveInputs& in) {
  std::optional<int> armour;
  if (!in.ignores_armour) {
    if (in.armour && (!in.ap || *in.ap > *in.armour)) armour = in.armour;
    // ADV-40: a needler improves the allowed armour save one step; a model left without one
    // (none on its profile, or none after AP) saves on 6+.
    if (in.needler) armour = armour ? *armour - 1 : 6;
    // ADV-01: going to ground improves what AP left, so a 4+ save against AP4 becomes 6+, not 3+;
    // an invulnerable save is unchanged (ruling A-42) and the better of the two is rolled.
    if (in.gone_to_ground) armour = armour ? *armour - 1 : 6;
  }
  std::optional<int> best = armour;
  if (in.invulnerable && (!best || *in.invulnerable < *best)) best = in.invulnerable;
  if (best) best = std::max(2, *best);
  return best;
}

double p_save(std::optional<int> goal) {
  return goal ? dice::p_high(*goal) : 0.0;
}

}  // namespace arap::rules
