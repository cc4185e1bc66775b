// ADV-18 encumbrance: what a model carries takes half inches off its basic move (MOVE-01). The
// result is the model's current move, which the rules read wherever they ask for its move: the
// move allowance, the variable-ground die (rounded down, MOVE-12), the pursuit exemption
// (MELEE-24), agility tests (MOVE-15) and jumps (MOVE-16).
#pragma once

#include "data/profile.hpp"

namespace arap::rules {

// Inches of move a model of `group` loses: its weapons' encumbrance (each item once; none for
// heavy and ordnance weapons when the profile has the heavy_carrier rule: Terminator suits,
// Dreadnoughts, robots), half an inch for each whole 10 kg of other kit and for a shield slung on
// the back (ADV-60), less half an inch per suspensor, never below 0.
double encumbrance(const data::ModelGroup& group);

// The model's current move: its M less `encumbrance(group)`, never below 0.
double encumbered_move(const data::ModelGroup& group);
// The same with `carrier` bearing the group's load (ADV-22: a rider whose mount fell walks on with
// it): the carrier's M and heavy_carrier rule.
double encumbered_move(const data::ModelGroup& group, const data::Profile& carrier);

}  // namespace arap::rules
