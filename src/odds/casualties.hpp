// SHOOT-23/27, ADV-38: the exact distribution of models slain from the distribution of unsaved
// wounds, for sequential (whole models first) or random per-hit allocation.
#pragma once

#include "dice/distribution.hpp"
#include "rules/attack_resolution.hpp"

namespace arap::odds {

// `damage`: Damage per unsaved wound (values <= 0 do nothing). Throws TooLargeToCompute (a
// std::length_error) when random allocation on multi-wound models would need too many states to
// stay exact.
dice::Distribution slain_distribution(const dice::Distribution& unsaved, int models, int wounds,
                                      const dice::Distribution& damage,
                                      rules::Allocation allocation);

}  // namespace arap::odds
