// ADV-18 encumbrance (see encumbrance.hpp).
#include "rules/encumbrance.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace arap::rules {

namespace {

constexpr double kStep = 0.5;           // every penalty and relief comes in half inches
constexpr double kKitKgPerStep = 10.0;  // each whole 10 kg of armour or kit costs one step

bool heavy(const data::WeaponProfile& weapon) {
  return weapon.type == data::WeaponType::heavy || weapon.type == data::WeaponType::ordnance;
}

}  // namespace

namespace {

double load(const data::ModelGroup& group, const data::Profile* carrier) {
  const bool heavy_carrier = carrier != nullptr && carrier->has_rule("heavy_carrier");
  std::vector<std::string> items;  // a launcher's two loads are one thing carried
  double inches = 0.0;
  for (const data::WeaponProfile* weapon : group.weapons) {
    if (weapon->encumbrance <= 0.0 || (heavy_carrier && heavy(*weapon))) continue;
    const std::string& item = weapon->item.empty() ? weapon->id : weapon->item;
    if (std::find(items.begin(), items.end(), item) != items.end()) continue;
    items.push_back(item);
    inches += weapon->encumbrance;
  }
  inches += kStep * std::floor(group.kit_kg / kKitKgPerStep + 1e-9);
  // A shield on the arm weighs nothing; one slung on the back is bulky (ADV-18 / ADV-60).
  if (group.shield_on_back && group.shield != data::Shield::none) inches += kStep;
  inches -= kStep * group.suspensors;
  return std::max(0.0, inches);
}

}  // namespace

double encumbrance(const data::ModelGroup& group) {
  return load(group, group.profile);
}

double encumbered_move(const data::ModelGroup& group) {
  const double basic = group.profile != nullptr ? group.profile->move : 0.0;
  return std::max(0.0, basic - encumbrance(group));
}

double encumbered_move(const data::ModelGroup& group, const data::Profile& carrier) {
  return std::max(0.0, carrier.move - load(group, &carrier));
}

}  // namespace arap::rules
