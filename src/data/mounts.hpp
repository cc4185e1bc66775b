// ADV-22 riding animals: a rider (not a character) and its mount fought and shot at as one model.
// The pair moves at the mount's M; its Toughness is the two's average rounded up; its armour save
// the two's average rounded to the worse (a save of none counts as 7); it is very bulky at the
// least (GEN-06: a human on horseback), stands on the mount's base at the taller one's height, and
// has both special rules and the mounted rule (SHOOT-20: it screens comrades on foot). Everything
// else is the rider's. A hit that gets through takes both: they are one model.
#pragma once

#include "data/profile.hpp"

namespace arap::data {

Profile ridden(const Profile& rider, const Profile& mount);

}  // namespace arap::data
