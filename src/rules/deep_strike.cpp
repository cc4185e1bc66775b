#include "rules/deep_strike.hpp"

#include "dice/rolls.hpp"

namespace arap::rules {

DeepStrikeScatter roll_deep_strike_scatter(dice::DiceSource& dice) {
  // DICE-15 with a double read as a mishap rather than as landing on target.
  const dice::ScatterResult roll = dice::roll_scatter(dice, dice::ScatterDoubles::no_scatter);
  DeepStrikeScatter out;
  out.first = roll.faces[0];
  out.second = roll.faces[1];
  out.mishap = roll.on_target;
  out.inches = roll.on_target ? 0 : roll.distance;
  out.bearing_degrees = roll.bearing_degrees;
  return out;
}

double deep_strike_double_odds() {
  return 6.0 / 36.0;
}

int landing_hazard_triggers(bool difficult, bool very_difficult) {
  if (very_difficult) return 2;
  return difficult ? 1 : 0;
}

}  // namespace arap::rules
