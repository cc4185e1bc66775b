#include "rules/shooting_goal.hpp"

#include <algorithm>
#include <cmath>

namespace arap::rules {

namespace {

using M = ShootingModifier;

constexpr std::array<ShootingModifierInfo, static_cast<std::size_t>(M::count_)> kTable = {{
    {M::soft_cover, "soft_cover", "SHOOT-11a", -1, "target behind soft cover"},
    {M::hard_cover, "hard_cover", "SHOOT-11b", -2, "target behind hard cover"},
    {M::small_target, "small_target", "SHOOT-11c", -1, "Size 1 or under 30 cm"},
    {M::tactical_movement, "tactical_movement", "SHOOT-11d", -1,
     "shooter moved tactically this turn"},
    {M::firing_from_hard_cover, "firing_from_hard_cover", "SHOOT-11e", +1,
     "infantry shooting from hard cover"},
    {M::fleeting_target, "fleeting_target", "SHOOT-11f", -1,
     "target moved from cover to cover (instead of its cover)"},
    {M::target_prone, "target_prone", "SHOOT-11g", -1,
     "target prone, crawling or moving tactically, beyond 4\" (not with cover)"},
    {M::moving_surface, "moving_surface", "SHOOT-11h", -1, "shooter on a moving surface"},
    {M::fast_target, "fast_target", "SHOOT-11i", -1,
     "per full 12\" the target moved last turn (lasers ignore it)"},
    {M::small_group, "small_group", "SHOOT-11j", -1, "target unit of one or two Size 1-2 models"},
    {M::wounded_firer, "wounded_firer", "SHOOT-11k", -1, "shooter has unhealed wounds (optional)"},
    {M::confused, "confused", "SHOOT-11l", -1, "shooter confused, drunk or similar"},
    {M::hand_grenade, "hand_grenade", "SHOOT-11m", -1, "throwing a hand grenade"},
    {M::improvised_missile, "improvised_missile", "SHOOT-11n", -2,
     "throwing rocks or bricks (replaces the grenade -1)"},
    {M::into_melee, "into_melee", "SHOOT-11o", -1, "firing into a close combat"},
    {M::aimed, "aimed", "SHOOT-11p", +1, "the previous action was Aim"},
    {M::ambush, "ambush", "SHOOT-11q", +1, "target unaware of the hidden shooter"},
    {M::two_pistols, "two_pistols", "SHOOT-11r", -1, "a pistol in each hand"},
    {M::shotgun, "shotgun", "SHOOT-11s", +1, "shotgun at half range or less"},
    {M::corrective_aiming, "corrective_aiming", "SHOOT-11t", +1,
     "second consecutive turn at the same stationary target"},
    {M::bounced_template, "bounced_template", "SHOOT-11u", -1, "strip template bounced off a wall"},
    {M::over_obstacle, "over_obstacle", "SHOOT-11v", -1,
     "grenade over an object 2x (-1) or 3x (-2) the thrower's height"},
    {M::ladder, "ladder", "SHOOT-11w", -1, "basic weapon fired from a ladder"},
    {M::long_charge, "long_charge", "SHOOT-11x", -1, "stand and fire at a charge of over 12\""},
    {M::through_unit, "through_unit", "ADV-37", -2,
     "firing past another, non-friendly unit at one beyond (optional)"},
    {M::gm_modifier, "gm_modifier", "ADV-75", 0,
     "the GM's own modifiers for the scenario, summed (optional; give the value)"},
    {M::s_points, "s_points", "ADV-02", -1,
     "per suppression point of the firing unit (optional; give the points)"},
}};

}  // namespace

std::span<const ShootingModifierInfo> shooting_modifier_table() {
  return kTable;
}

std::optional<ShootingModifier> shooting_modifier_from_name(std::string_view name) {
  for (const auto& row : kTable) {
    if (row.name == name) return row.id;
  }
  return std::nullopt;
}

const ShootingModifierInfo& info(ShootingModifier modifier) {
  return kTable[static_cast<std::size_t>(modifier)];
}

double short_range(double maximum_range) {
  return std::min(12.0, maximum_range / 2.0);
}

bool at_short_range(double distance, double maximum_range) {
  return distance <= short_range(maximum_range);
}

bool at_half_range(double distance, double maximum_range) {
  return distance <= maximum_range / 2.0;
}

std::optional<int> strength_through_smoke(int strength, bool laser) {
  if (!laser) return strength;
  if (strength < 6) return std::nullopt;
  return strength - 2;
}

ShootingGoal shooting_hit_goal(const ShootingSituation& s, const Rulings& rulings) {
  ShootingGoal result;
  if (s.ballistic_skill <= 0) {
    result.allowed = false;
    result.refusal = "SHOOT-10: a model with BS 0 makes no ranged attacks";
    return result;
  }
  std::array<std::int8_t, static_cast<std::size_t>(M::count_)> value{};
  const auto apply = [&](M modifier, int amount) {
    value[static_cast<std::size_t>(modifier)] = static_cast<std::int8_t>(amount);
  };

  const bool area_like = s.kind == ShotKind::area || s.kind == ShotKind::indirect;
  const bool is_template = s.kind == ShotKind::template_;
  // SHOOT-38 ruling (1): shooterOnly keeps the target-side rows out of a template's goal.
  const bool target_rows =
      !(is_template && rulings.shoot_38_goal_mods() == TemplateGoalMods::shooter_only);
  const bool prone_counts = s.target_prone && s.range > 4.0;  // MOVE-10

  if (s.kind == ShotKind::direct) {
    // Cover, fleeting and prone are one concealment modifier: MOVE-10 and SHOOT-18.
    const bool cover_claimed = s.target_cover != Cover::none;
    if (s.fleeting_target &&
        (rulings.shoot_18() == FleetingRule::replaces_cover || !cover_claimed)) {
      apply(M::fleeting_target, -1);
    } else if (s.target_cover == Cover::hard) {
      apply(M::hard_cover, -2);
    } else if (s.target_cover == Cover::soft) {
      apply(M::soft_cover, -1);
    } else if (prone_counts) {
      apply(M::target_prone, -1);
    }
  } else if (area_like && rulings.shoot_41_soft_cover_mods_in_scatter()) {
    // A-58's literal alternative: 11f and 11g widen scatter too.
    if (s.fleeting_target) {
      apply(M::fleeting_target, -1);
    } else if (prone_counts) {
      apply(M::target_prone, -1);
    }
  }
  // SHOOT-11c: area weapons ignore small targets; templates take it (SHOOT-38 ruling (1)).
  if (s.small_target && !area_like && target_rows) apply(M::small_target, -1);
  if (target_rows) {
    if (s.target_moved_inches >= 12 && !s.laser) {  // SHOOT-16: lasers ignore speed
      apply(M::fast_target, -(s.target_moved_inches / 12));
    }
    if (s.small_group) apply(M::small_group, -1);
  }
  if (s.tactical_movement) apply(M::tactical_movement, -1);
  if (s.firing_from_hard_cover && s.shooter_is_infantry) apply(M::firing_from_hard_cover, +1);
  if (s.moving_surface) apply(M::moving_surface, -1);
  if (s.wounded_firer) apply(M::wounded_firer, -1);
  if (s.confused) apply(M::confused, -1);
  if (s.improvised_missile) {
    apply(M::improvised_missile, -2);  // replaces the grenade -1
  } else if (s.hand_grenade) {
    apply(M::hand_grenade, -1);
  }
  if (s.into_melee) apply(M::into_melee, -1);
  if (s.aimed) apply(M::aimed, +1);
  if (s.ambush) apply(M::ambush, +1);
  if (s.two_pistols) apply(M::two_pistols, -1);
  if (s.shotgun_at_half_range) apply(M::shotgun, +1);
  if (s.corrective_aiming) apply(M::corrective_aiming, +1);  // stacks with Aim
  if (s.bounced_template) apply(M::bounced_template, -1);
  if (s.over_obstacle_ratio > 1.0) {
    // SHOOT-51: up to 2x -1, up to 3x -2; beyond that only with `extend`.
    const int multiple = static_cast<int>(std::ceil(s.over_obstacle_ratio - 1e-9));
    if (multiple > 3 && rulings.shoot_51_over_height() == OverHeight::bands) {
      result.allowed = false;
      result.refusal =
          "SHOOT-51: a grenade cannot be thrown over an object more than three times the "
          "thrower's height";
      return result;
    }
    apply(M::over_obstacle, -(multiple - 1));
  }
  if (s.on_ladder) apply(M::ladder, -1);
  if (s.long_charge) apply(M::long_charge, -1);
  if (s.through_unit) apply(M::through_unit, -2);
  if (s.gm_modifier != 0) apply(M::gm_modifier, s.gm_modifier);  // ADV-75
  if (s.s_points > 0) apply(M::s_points, -s.s_points);           // ADV-02

  // SHOOT-56; SHOOT-17: smoke hides the target, so a shot through it is taken the same way.
  result.skill = s.hidden_target || s.through_smoke ? 1 : s.ballistic_skill;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == 0) continue;
    result.applied[result.applied_count++] = {static_cast<M>(i), value[i]};
    result.total_modifier += value[i];
  }
  switch (s.kind) {
    case ShotKind::direct:
    case ShotKind::template_:
      result.goal = std::min(5, result.skill + result.total_modifier);
      break;
    case ShotKind::area:
      result.goal = result.skill + result.total_modifier;
      break;
    case ShotKind::indirect:
      result.goal = result.total_modifier;
      break;
  }
  return result;
}

}  // namespace arap::rules
