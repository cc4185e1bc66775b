// MOVE-17: swimming. One D6 per swim move (for a whole unit): a 1 and the swimmer is out of
// action (for a unit, D6 of its members), otherwise it swims D3+1" (the D3 read from the same die
// by DICE-10).
// ADV-11: what a swimmer wears and carries. Primitive armour of 5+ or 6+ leaves it only the D3
// (a 1 still drowns it: the catalogue's ruling); primitive armour of 4+ or better sinks it unless
// an Initiative test lets it shed the armour first; shields are let go without a test; heavy
// weapons, spears, polearms and two-handed mêlée weapons cannot be taken swimming unless the GM
// says so (ruling.ADV-11).
#pragma once

#include <array>

namespace arap::data {
struct Profile;
struct WeaponProfile;
}  // namespace arap::data

namespace arap::rules {

struct SwimRoll {
  bool out_of_action = false;
  int inches = 0;
};
// `d3_only`: ADV-11's swimmer in light primitive armour, who gets no +1.
SwimRoll read_swim(int d6_face, bool d3_only = false);

// The chances of each reading: index 0 out of action, index n the chance of swimming n inches.
std::array<double, 5> swim_odds(bool d3_only = false);

// ADV-11: how a model's armour weighs on it in deep water.
enum class SwimArmour {
  none,   // no primitive armour (or none at all)
  light,  // primitive armour of 5+ or 6+: it swims the D3 only
  heavy,  // primitive armour of 4+ or better: it sinks unless it sheds it
};
SwimArmour swim_armour(const data::Profile& profile);

// ADV-11: gear a swimmer cannot usually take into deep water (heavy weapons, spears and
// polearms, two-handed mêlée weapons).
bool hinders_swimming(const data::WeaponProfile& weapon);

}  // namespace arap::rules
