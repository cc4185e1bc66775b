// Hooks for rules that act on vehicles. The engine fields no vehicles yet (the vehicle chapter is
// not supplied), so these give the numbers the rules fix, for the vehicle rules to call.
//
// ADV-48: an area weapon's marker over a vehicle penetrates it at the weapon's Strength when its
// centre hole lies over the vehicle, and at half that Strength (rounded down) on a near miss, when
// only the rest of the marker does. Penetration is that Strength plus a D6.
//
// ADV-56 (optional, option monstrous_creature_bonus): a monstrous creature's close combat blow
// penetrates a vehicle at its Strength plus 2D6.
#pragma once

#include "dice/distribution.hpp"

namespace arap::rules {

// The Strength an area weapon of `strength` penetrates a vehicle at (ADV-48).
int area_penetration_strength(int strength, bool under_centre_hole);
// The penetration total for a D6 showing `d6_face` (ADV-48: Strength + D6).
int area_penetration(int strength, bool under_centre_hole, int d6_face);

// ADV-56: a monstrous creature's blow against a vehicle: Strength + 2D6, from the two faces.
int monstrous_penetration(int strength, int first_d6, int second_d6);
// ADV-56: its distribution (Strength + 2 to Strength + 12).
dice::Distribution monstrous_penetration_distribution(int strength);

}  // namespace arap::rules
