// JSON reports for `arap odds activation` (ACT-05..07, SHOOT-29/35) and `arap odds leadership`
// (DICE-09, SHOOT-32, MORALE-05).
#pragma once

#include <nlohmann/json.hpp>

#include "rules/activation.hpp"

namespace arap::odds {

nlohmann::json activation_report(int initiative, int dice_count,
                                 rules::ActivationCondition condition);
nlohmann::json leadership_report(int leadership, int modifier, bool reroll);

}  // namespace arap::odds
