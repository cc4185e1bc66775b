// `arap ladder --plot FILE.svg` (issue 15): each pairing's score as a bar with its 95 % Wilson
// interval as a whisker and the even line at 50 %, so strengths can be compared at a glance.
#pragma once

#include <string>
#include <vector>

#include "ai/ladder.hpp"

namespace arap::app {

std::string ladder_svg(const std::string& title, const std::vector<ai::Pairing>& pairings);

}  // namespace arap::app
