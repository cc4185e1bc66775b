// Readable (non-JSON) renderings of odds reports.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "odds/attack_odds.hpp"

namespace arap::app {

std::string attack_table(const odds::AttackRequest& request, const odds::AttackReport& report);
std::string activation_table(const nlohmann::json& report);
std::string leadership_table(const nlohmann::json& report);

}  // namespace arap::app
