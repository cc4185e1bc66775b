// The table drawn as SVG: terrain by trait, models by side with their facing, unit labels. For
// people to see a scenario, and for us to see bugs.
#pragma once

#include <string>

#include "table/scenario.hpp"

namespace arap::table {

// Text made safe inside SVG (or any XML) text and attribute values: & < > " escaped.
std::string xml_escape(const std::string& text);

std::string render_svg(const Scenario& scenario, double pixels_per_inch = 16.0);

}  // namespace arap::table
