// `arap sim --plot` and `arap merge --plot` (issue 20): a sweep's summary drawn as one SVG — each
// side's win share and the draws with 95 % Wilson whiskers, the distribution of game lengths and
// of models lost by each side; comparing two settings, a and b side by side.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arap::app {

std::string sweep_svg(const nlohmann::json& summary);

}  // namespace arap::app
