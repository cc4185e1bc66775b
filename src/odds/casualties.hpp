// SHOOT-23/27, ADV-38: the exact distribution of models slain from the distribution of unsaved
// wounds, for sequential (whole models first) or random per-hit allocation.
#pragma once

#include <vector>

#include "dice/distribution.hpp"
#include "rules/attack_resolution.hpp"

namespace arap::odds {

// `damage`: Damage per unsaved wound (values <= 0 do nothing). Throws TooLargeToCompute (a
// std::length_error) when random allocation on multi-wound models would need too many states to
// stay exact.
dice::Distribution slain_distribution(const dice::Distribution& unsaved, int models, int wounds,
                                      const dice::Distribution& damage,
                                      rules::Allocation allocation);

// Issue 17: the wounds of several groups (a squad's weapons) on one unit, one group after
// another in the order given, each wound with its own group's Damage: sequential allocation
// (whole models first, damage carried on the model in line across groups, never spilling from
// one hit to the next model). Exact; refused like the others when too large.
struct GroupWounds {
  dice::Distribution unsaved;
  dice::Distribution damage;
};
dice::Distribution slain_by_groups(const std::vector<GroupWounds>& groups, int models, int wounds);

}  // namespace arap::odds
