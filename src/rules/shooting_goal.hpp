// SHOOT-10/11 and their interactions (DICE-04/05, MOVE-10, SHOOT-13, 16, 18, 19, 38, 41, 51, 56,
// 60): the one function that turns a shooter's BS and the situation into a to-hit goal. Live
// resolution and the odds calculator both call it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "rules/rulings.hpp"
#include "table/cover.hpp"

namespace arap::data {
struct WeaponProfile;
}

namespace arap::rules {

// Cover and the SHOOT-13 unit rule are measured on the table.
using table::Cover;
using table::to_string;
using table::unit_cover;

// One row per modifier of the shooting table (SHOOT-11a..x), plus the shotgun row.
enum class ShootingModifier : std::uint8_t {
  soft_cover,              // 11a -1
  hard_cover,              // 11b -2
  small_target,            // 11c -1
  tactical_movement,       // 11d -1 shooter moved tactically this turn
  firing_from_hard_cover,  // 11e +1 infantry only
  fleeting_target,         // 11f -1 in place of cover
  target_prone,            // 11g -1 prone, crawling or moving tactically, beyond 4"
  moving_surface,          // 11h -1
  fast_target,             // 11i -1 per full 12" the target moved
  small_group,             // 11j -1 one or two models, all Size <= 2
  wounded_firer,           // 11k -1 (optional row)
  confused,                // 11l -1
  hand_grenade,            // 11m -1
  improvised_missile,      // 11n -2, replaces 11m
  into_melee,              // 11o -1
  aimed,                   // 11p +1
  ambush,                  // 11q +1
  two_pistols,             // 11r -1
  shotgun,                 // 11s +1 at half range
  corrective_aiming,       // 11t +1
  bounced_template,        // 11u -1
  over_obstacle,           // 11v -1 / -2
  ladder,                  // 11w -1 basic weapon on a ladder
  long_charge,             // 11x -1 stand and fire at a charge over 12"
  through_unit,            // ADV-37 -2 firing past another, non-friendly unit (optional)
  gm_modifier,             // ADV-75 the GM's own modifiers for the scenario, summed (optional)
  s_points,                // ADV-02 -1 per suppression point of the firing unit (optional)
  count_
};

struct ShootingModifierInfo {
  ShootingModifier id;
  std::string_view name;  // snake_case name used in requests and --help
  std::string_view rule;  // catalogue row
  int value;              // per unit (fast_target: per full 12")
  std::string_view summary;
};
std::span<const ShootingModifierInfo> shooting_modifier_table();
std::optional<ShootingModifier> shooting_modifier_from_name(std::string_view name);
const ShootingModifierInfo& info(ShootingModifier modifier);

// How the shot is resolved.
enum class ShotKind : std::uint8_t {
  direct,     // one die per shot against the goal
  template_,  // one die against G, then the margin decides covered models (SHOOT-38)
  area,       // the goal is the skill subtracted from 2D6 scatter (SHOOT-41), uncapped
  indirect,   // area fire without sight: BS is not subtracted, modifiers still are (SHOOT-54)
};

struct ShootingSituation {
  int ballistic_skill = 3;
  double range = 0.0;  // inches to the target (nearest model)
  ShotKind kind = ShotKind::direct;
  Cover target_cover = Cover::none;  // the unit's cover by SHOOT-13
  bool small_target = false;
  bool tactical_movement = false;
  bool firing_from_hard_cover = false;
  bool shooter_is_infantry = true;
  bool fleeting_target = false;
  bool target_prone = false;  // prone, crawling or moving tactically
  bool moving_surface = false;
  int target_moved_inches = 0;
  bool small_group = false;
  bool wounded_firer = false;
  bool confused = false;
  bool hand_grenade = false;
  bool improvised_missile = false;
  bool into_melee = false;
  bool aimed = false;
  bool ambush = false;
  bool two_pistols = false;
  bool corrective_aiming = false;
  bool bounced_template = false;
  double over_obstacle_ratio = 0.0;  // obstacle height / thrower height (SHOOT-51)
  bool on_ladder = false;
  bool long_charge = false;
  bool hidden_target = false;          // SHOOT-56: the shot is taken at BS1
  bool shotgun_at_half_range = false;  // SHOOT-60 (always true in stand and fire / fire and charge)
  bool laser = false;                  // SHOOT-16
  // SHOOT-17: the line to the target passes through smoke; the shot is taken as at a hidden
  // target (BS1, SHOOT-56) and a laser's Strength suffers (strength_through_smoke).
  bool through_smoke = false;
  // ADV-37 (optional): the firers see the target only past the models of another unit that is
  // not their own side's.
  bool through_unit = false;
  // ADV-75 (optional): the sum of the GM's scenario modifiers that apply to this shot.
  int gm_modifier = 0;
  // ADV-02 (optional): the firing unit's suppression points.
  int s_points = 0;
};

struct AppliedModifier {
  ShootingModifier id;
  std::int8_t value;
};

struct ShootingGoal {
  bool allowed = true;
  std::string_view refusal;  // the rule and reason, in words, when not allowed
  int skill = 0;             // BS used (1 against hidden targets)
  int total_modifier = 0;
  // Direct and template shots: min(5, skill + modifiers) (DICE-04/05). Area shots: the uncapped
  // skill + modifiers subtracted from the scatter dice; indirect: modifiers only.
  int goal = 0;
  std::array<AppliedModifier, static_cast<std::size_t>(ShootingModifier::count_)> applied{};
  int applied_count = 0;

  std::span<const AppliedModifier> modifiers() const {
    return {applied.data(), static_cast<std::size_t>(applied_count)};
  }
};

ShootingGoal shooting_hit_goal(const ShootingSituation& situation, const Rulings& rulings = {});

// SHOOT-17: the Strength a weapon of Strength `strength` hits with when it fires through smoke:
// its own, unless it is a laser; a laser of Strength 6 or more loses 2, a weaker one cannot fire
// through smoke at all (nothing).
std::optional<int> strength_through_smoke(int strength, bool laser);

// SHOOT-03: min(12", half the maximum range).
double short_range(double maximum_range);
bool at_short_range(double distance, double maximum_range);
// The uncapped half range of Rapid Fire, Salvo, Shotgun and Melta.
bool at_half_range(double distance, double maximum_range);

}  // namespace arap::rules
