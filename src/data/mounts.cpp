// ADV-22 riding animals (see mounts.hpp).
#include "data/mounts.hpp"

#include <algorithm>

namespace arap::data {

namespace {

constexpr int kNoSave = 7;  // ADV-22: no save counts as 7 in the average

int average_up(int a, int b) {
  return (a + b + 1) / 2;
}

}  // namespace

Profile ridden(const Profile& rider, const Profile& mount) {
  Profile pair = rider;
  pair.id = rider.id + "_on_" + mount.id;
  pair.name = rider.name + " on " + mount.name;
  pair.move = mount.move;
  pair.toughness = average_up(rider.toughness, mount.toughness);
  // Rounded to the worse: the higher goal.
  const int save = average_up(rider.save.value_or(kNoSave), mount.save.value_or(kNoSave));
  pair.save = save >= kNoSave ? std::nullopt : std::optional<int>(save);
  pair.size = std::max(rider.size, mount.size);
  pair.bulk = std::max({rider.bulk, mount.bulk, Bulk::very_bulky});
  pair.height = std::max(rider.height, mount.height);
  pair.base_mm = mount.base_mm;
  for (const auto& rule : mount.special_rules)
    if (!pair.has_rule(rule)) pair.special_rules.push_back(rule);
  if (!pair.has_rule("mounted")) pair.special_rules.push_back("mounted");
  return pair;
}

}  // namespace arap::data
