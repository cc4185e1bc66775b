#include "data/profile.hpp"

#include <algorithm>
#include <array>

namespace arap::data {

namespace {
constexpr std::array<std::string_view, 7> kShieldNames = {
    "none", "buckler", "primitive", "hi_tech", "combat", "power", "storm"};
}  // namespace

std::optional<Shield> shield_from_string(std::string_view text) {
  for (std::size_t i = 0; i < kShieldNames.size(); ++i)
    if (kShieldNames[i] == text) return static_cast<Shield>(i);
  return std::nullopt;
}

std::string_view to_string(Shield shield) {
  return kShieldNames[static_cast<std::size_t>(shield)];
}

std::vector<std::string_view> shield_names() {
  return {kShieldNames.begin() + 1, kShieldNames.end()};
}

std::optional<Bulk> bulk_from_string(std::string_view text) {
  if (text == "normal") return Bulk::normal;
  if (text == "bulky") return Bulk::bulky;
  if (text == "very_bulky") return Bulk::very_bulky;
  if (text == "extremely_bulky") return Bulk::extremely_bulky;
  return std::nullopt;
}

std::string_view to_string(Bulk bulk) {
  switch (bulk) {
    case Bulk::normal:
      return "normal";
    case Bulk::bulky:
      return "bulky";
    case Bulk::very_bulky:
      return "very_bulky";
    case Bulk::extremely_bulky:
      return "extremely_bulky";
  }
  return "normal";
}

bool Profile::has_rule(std::string_view rule) const {
  return std::find(special_rules.begin(), special_rules.end(), rule) != special_rules.end();
}

int UnitDefinition::model_count() const {
  int total = 0;
  for (const auto& group : models) total += group.count;
  return total;
}

const UnitDefinition* Army::find_unit(std::string_view unit_id) const {
  for (const auto& unit : units) {
    if (unit.id == unit_id) return &unit;
  }
  return nullptr;
}

}  // namespace arap::data
