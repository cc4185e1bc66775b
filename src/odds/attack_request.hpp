// The `arap odds attack` request and report formats (docs/odds.md): JSON in, JSON out. Requests
// are read with the YAML reader (JSON is YAML), so every complaint names line and field.
#pragma once

#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "data/library.hpp"
#include "odds/attack_odds.hpp"
#include "odds/named_unit.hpp"

namespace arap::odds {

// `library` resolves weapons given by id ("weapon": "bolter"); may be null.
AttackRequest parse_attack_request(const std::string& text, const std::string& source_name,
                                   const data::Library* library);
// As above, but the library is asked for only when the request names a weapon or a unit, so an
// inline request never pays for loading the data folder (issue 14: ≤ 3 ms per process).
AttackRequest parse_attack_request(const std::string& text, const std::string& source_name,
                                   const LibraryLoader& library);
nlohmann::json to_json(const AttackReport& report);
// A distribution as the array of P(0), P(1), ..., P(highest) the reports use.
nlohmann::json distribution_json(const dice::Distribution& distribution);

// Names accepted in "modifiers", with rule and summary, for --help.
std::string modifier_help();

}  // namespace arap::odds
