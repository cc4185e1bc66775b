#include "rules/melee_goal.hpp"

#include <algorithm>
#include <array>

namespace arap::rules {

namespace {

using M = MeleeModifier;

constexpr std::array<MeleeModifierInfo, static_cast<std::size_t>(M::count_)> kTable = {{
    {M::two_weapons, "two_weapons", "MELEE-06a", -1,
     "fighting with more than one weapon (not Charge-bonus attacks)"},
    {M::uphill, "uphill", "MELEE-06b", +1,
     "attacker higher on a slope, stair or rampart, or standing over a prone model"},
    {M::barricade, "barricade", "MELEE-06c", -1, "both fighters within 1\" of an obstacle"},
    {M::planting_charges, "planting_charges", "MELEE-06d", -1, "attaching grenades or bombs"},
    {M::rear_charge, "rear_charge", "MELEE-06e", +1, "first round after charging the rear"},
    {M::ambush, "ambush", "MELEE-06f", +1, "first round after charging from ambush"},
    {M::jumping_down, "jumping_down", "MELEE-06g", +1, "first round after jumping down"},
    {M::blocking, "blocking", "MELEE-06h", +1, "blocking a door, ladder or bridge (optional)"},
    {M::improvised_weapon, "improvised_weapon", "MELEE-06i", -1, "no close combat weapon"},
    {M::unarmed, "unarmed", "MELEE-06j", -2, "no weapon at all"},
}};

}  // namespace

std::span<const MeleeModifierInfo> melee_modifier_table() {
  return kTable;
}

std::optional<MeleeModifier> melee_modifier_from_name(std::string_view name) {
  for (const auto& row : kTable) {
    if (row.name == name) return row.id;
  }
  return std::nullopt;
}

MeleeGoal melee_hit_goal(const MeleeSituation& s) {
  MeleeGoal result;
  if (s.free_hack) {
    result.skill = 4;
    result.goal = 4;
    return result;
  }
  // ADV-62: in a cloud every fighter's skill is 1 whatever its WS (prone too); the modifiers still
  // apply, down to goals of 0 or less (DICE-06).
  result.skill = s.in_cloud         ? 1
                 : s.attacker_prone ? std::max(1, (s.weapon_skill + 1) / 2)
                                    : s.weapon_skill;
  int total = 0;
  if (s.two_weapons && !s.charge_bonus_attack) total -= 1;
  // MOVE-09: a standing attacker against a prone model counts as uphill; the row applies once.
  if (s.uphill || (s.target_prone && !s.attacker_prone)) total += 1;
  if (s.barricade) total -= 1;
  if (s.planting_charges) total -= 1;
  if (s.rear_charge) total += 1;
  if (s.ambush) total += 1;
  if (s.jumping_down) total += 1;
  if (s.blocking) total += 1;
  if (s.unarmed) {
    total -= 2;
  } else if (s.improvised_weapon) {
    total -= 1;
  }
  result.total_modifier = total;
  result.goal = std::min(5, result.skill + total);
  return result;
}

}  // namespace arap::rules
