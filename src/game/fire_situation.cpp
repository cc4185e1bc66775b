// SHOOT-13..19, SHOOT-38/43/58, MOVE-28: the situation the table gives one shot (the shooter's
// skill and posture, the target's cover, size and movement, the modifiers of smoke, ladders,
// ambushes and the GM: ADV-02/28/31/37/75), and a thrown grenade's (SHOOT-11m). Who fires is
// fire_plan.cpp's.
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "table/cover.hpp"

namespace arap::game::detail {

// SHOOT-38/43: against templates and markers, prone and tactically moving models in the open,
// and fleeting models anywhere, count as in soft cover.
table::Cover effect_cover(const GameState& s, int model, table::Cover cover) {
  const UnitState& owner = s.units[s.models[model].pose.unit];
  if (owner.fleeting) return table::Cover::soft;
  if (cover == table::Cover::none && (s.models[model].prone || owner.tactical))
    return table::Cover::soft;
  return cover;
}

rules::ShootingSituation situation(const GameState& s, const std::vector<table::TableModel>& poses,
                                   int unit, int target, const Shot& shot, rules::ShotKind kind) {
  const auto& shooter_model = s.info(shot.model);
  const UnitState& u = s.units[unit];
  const UnitState& t = s.units[target];
  rules::ShootingSituation sit;
  sit.ballistic_skill = shooter_model.profile->ballistic_skill;
  // MOVE-28: on a ladder basic weapons are -1 (pistols fire as usual).
  sit.on_ladder = basic_weapon(*shot.weapon) && on_ladder(s, poses[shot.model].position);
  sit.range = shot.range;
  sit.kind = kind;
  const auto cover =
      table::unit_cover_against(s.table(), poses, poses[shot.model].position, target);
  sit.target_cover = cover.unit;  // SHOOT-13
  bool all_small = true;
  bool all_prone = true;
  int living = 0;
  bool small_models = true;
  for (int m : s.members(target)) {
    if (!poses[m].alive) continue;
    ++living;
    all_small = all_small && poses[m].size <= 1;
    small_models = small_models && poses[m].size <= 2;
    all_prone = all_prone && s.models[m].prone;
  }
  sit.small_target = all_small;
  sit.small_group = living <= 2 && small_models;
  sit.target_prone = all_prone || t.tactical || crew_claims_prone(s, target);  // ADV-28
  sit.fleeting_target = t.fleeting;  // SHOOT-18: in place of its cover
  sit.into_melee = t.locked != 0;    // SHOOT-58
  sit.target_moved_inches = static_cast<int>(t.moved_last_turn);
  sit.tactical_movement = u.tactical;
  sit.aimed = u.own_turn.aimed;
  sit.ambush = u.hidden && !u.ambush_spent;  // SHOOT-19: the first attack from hiding
  sit.corrective_aiming = u.corrective_target == target && !u.own_turn.moved_this_turn &&
                          t.moved_last_turn == 0.0f && !t.own_turn.moved_this_turn;
  sit.laser = shot.weapon->has(data::WeaponProperty::laser);
  sit.through_smoke = shot.through_smoke;                              // SHOOT-17
  sit.through_unit = shot.through_unit;                                // ADV-37
  sit.two_pistols = shot.two_pistols;                                  // ADV-31
  sit.gm_modifier = gm_to_hit(s, unit, *shot.weapon);                  // ADV-75
  if (s.setup->options.suppression_points) sit.s_points = u.s_points;  // ADV-02
  sit.shotgun_at_half_range = shot.weapon->has(data::WeaponProperty::shotgun) &&
                              rules::at_half_range(shot.range, shot.weapon->range);
  return sit;
}

rules::ShootingSituation throw_situation(const GameState& s,
                                         const std::vector<table::TableModel>& poses, int unit,
                                         int target, const Shot& shot) {
  auto sit = situation(s, poses, unit, target, shot, rules::ShotKind::direct);
  sit.hand_grenade = true;                // SHOOT-11m
  sit.target_cover = table::Cover::none;  // the marker's cover is judged at its centre
  sit.target_prone = false;
  sit.small_target = false;
  return sit;
}

}  // namespace arap::game::detail
