// ADV-26 (advanced, option deep_strike): deep strike. A unit whose models all have the deep_strike
// special rule and that the scenario holds in reserve with `deep_strike: true` arrives by the
// reserves roll (ACT-02: turn 2 on 4+, turn 3 on 3+, later on 2+); its player then aims a 5"
// marker anywhere on the table and rolls two D6 and a bearing (DICE-15). A double is a mishap
// (the dice are rolled even when the marker would land on target); otherwise the marker moves the
// sum in inches. It is a mishap too when any part of the marker lands on impassable ground (deep
// water and the table's edge count as such), or on any model. Otherwise the unit is set up inside
// the marker: difficult ground under it is a 1-in-6 hazard to every model, very difficult 2 in 6,
// and dangerous ground makes every model take that ground's hazard test. The unit then acts as
// usual, counting as having moved for its shooting.
#pragma once

#include <string_view>

#include "dice/dice_source.hpp"

namespace arap::rules {

// The marker's size and the ground under it are table::kDeepStrikeMarker and table/drop_zone.hpp.

struct DeepStrikeScatter {
  int first = 0;        // the pointer die
  int second = 0;       // the other die
  bool mishap = false;  // a double
  int inches = 0;       // the sum, when not a double
  int bearing_degrees = 0;
};
// Rolls the two dice, then (when they are not a double) the bearing as roll(360) (DICE-15).
DeepStrikeScatter roll_deep_strike_scatter(dice::DiceSource& dice);
// P(the scatter dice show a double): the mishap every drop risks before the ground is looked at.
double deep_strike_double_odds();

// The hazard a landing marker touching ground of this roughness deals each model: it is hurt on a
// D6 of this or less (difficult 1, very difficult 2; 0: none).
int landing_hazard_triggers(bool difficult, bool very_difficult);
// What a mishap does is ruling.ADV-26 (rules::DeepStrikeMishap).

}  // namespace arap::rules
