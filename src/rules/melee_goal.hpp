// MELEE-05/06 with MOVE-09 and MELEE-22: the one function for a mêlée attack's to-hit goal.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace arap::rules {

enum class MeleeModifier : std::uint8_t {
  two_weapons,        // 06a -1 (not on Charge-bonus attacks)
  uphill,             // 06b +1 (also a standing attacker against a prone model, MOVE-09)
  barricade,          // 06c -1
  planting_charges,   // 06d -1
  rear_charge,        // 06e +1 first round
  ambush,             // 06f +1 first round
  jumping_down,       // 06g +1 first round
  blocking,           // 06h +1 (optional)
  improvised_weapon,  // 06i -1
  unarmed,            // 06j -2
  count_
};

struct MeleeModifierInfo {
  MeleeModifier id;
  std::string_view name;
  std::string_view rule;
  int value;
  std::string_view summary;
};
std::span<const MeleeModifierInfo> melee_modifier_table();
std::optional<MeleeModifier> melee_modifier_from_name(std::string_view name);

struct MeleeSituation {
  int weapon_skill = 3;
  bool two_weapons = false;
  bool uphill = false;
  bool target_prone = false;    // MOVE-09: counts as uphill for a standing attacker
  bool attacker_prone = false;  // MOVE-09: fights at half WS rounded up, at least 1
  bool barricade = false;
  bool planting_charges = false;
  bool rear_charge = false;
  bool ambush = false;
  bool jumping_down = false;
  bool blocking = false;
  bool improvised_weapon = false;
  bool unarmed = false;
  bool charge_bonus_attack = false;  // MELEE-06a exempts these from the two-weapon -1
  bool free_hack = false;            // MELEE-22: fixed goal 4, no modifiers
  bool in_cloud = false;  // ADV-62: blows struck in smoke or a blind cloud start from skill 1
};

struct MeleeGoal {
  int skill = 0;
  int total_modifier = 0;
  int goal = 0;  // min(5, skill + modifiers) (MELEE-05), or 4 for a free hack
};

MeleeGoal melee_hit_goal(const MeleeSituation& situation);

}  // namespace arap::rules
