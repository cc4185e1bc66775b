// ACT-05..07 with SHOOT-29/35: activation value, reading an activation roll (action points,
// bust) for normal, pinned and suppressed units, and the exact odds of each.
#pragma once

#include <cstdint>
#include <span>

#include "dice/dice_source.hpp"
#include "dice/distribution.hpp"

namespace arap::rules {

// ACT-05: I <= 3 (including 0, ruling A-04) -> 3, I 4 -> 4, I >= 5 -> 5.
int activation_value(int initiative);

enum class ActivationCondition : std::uint8_t {
  normal,
  pinned,      // SHOOT-29: two fewer AP than successes (ruling A-18: never below 0)
  suppressed,  // SHOOT-35: needs two successes to activate at all, then one AP fewer
};

struct ActivationResult {
  int successes = 0;
  int failures = 0;
  int action_points = 0;
  bool activated = false;  // false for a suppressed unit with fewer than two successes
  bool bust = false;       // ACT-07: two or more failed dice (never with one die)
};

// ACT-06: a die succeeds when it shows the activation value or less; a 6 always fails.
ActivationResult read_activation(std::span<const int> faces, int value,
                                 ActivationCondition condition = ActivationCondition::normal);
// Rolls `dice` (1..3) D6 and reads them.
ActivationResult roll_activation(dice::DiceSource& dice, int dice_count, int value,
                                 ActivationCondition condition = ActivationCondition::normal);

struct ActivationOdds {
  double p_bust = 0.0;
  double p_not_activated = 0.0;
  dice::Distribution action_points;  // 0..dice_count usable AP (a bust with 1 AP counts 1)
};
ActivationOdds activation_odds(int dice_count, int value,
                               ActivationCondition condition = ActivationCondition::normal);

}  // namespace arap::rules
