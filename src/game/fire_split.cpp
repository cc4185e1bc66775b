// ADV-32 (field of view and splitting fire): a unit's model groups, which of them can fire at a
// target, how wide an arc a split's targets span, the volleys of a split shoot action; and
// fire_groups, the door's view of a shot or throw (who fires what, in what situation) for previews.
#include <algorithm>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "table/geometry.hpp"

namespace arap::game::detail {

int group_index(const GameState& s, int m) {
  const auto groups = model_groups(*s.setup, s.setup->models[m].unit);
  return static_cast<int>(std::find(groups.begin(), groups.end(), s.setup->models[m].group) -
                          groups.begin());
}

int group_count(const GameState& s, int unit) {
  return static_cast<int>(model_groups(*s.setup, unit).size());
}

double targets_span(const GameState& s, int unit, const std::vector<int>& targets) {
  const table::Point from = unit_centre(s, unit);
  std::vector<double> bearings;
  for (const int t : targets)
    bearings.push_back(table::normalise_bearing(table::bearing(from, unit_centre(s, t))));
  std::sort(bearings.begin(), bearings.end());
  if (bearings.size() < 2) return 0.0;
  // The smallest arc holding every bearing is 360 less the widest gap between neighbours.
  double widest = 360.0 - (bearings.back() - bearings.front());
  for (std::size_t i = 1; i < bearings.size(); ++i)
    widest = std::max(widest, bearings[i] - bearings[i - 1]);
  return 360.0 - widest;
}

GroupMask firing_groups(const GameState& s, const std::vector<table::TableModel>& poses, int unit,
                        int target, bool heavy) {
  GroupMask out = 0;
  const int groups = std::min(group_count(s, unit), kMaxModelGroups);
  for (int g = 0; g < groups; ++g) {
    const GroupMask bit = GroupMask{1} << g;
    if (!plan_fire(s, poses, unit, target, heavy, true, nullptr, FireBudget::acting_points, bit)
             .empty() ||
        !wasted_shots(s, poses, unit, target, heavy, {}, true, bit).empty())
      out |= bit;
  }
  return out;
}

std::vector<Volley> volleys_of(const Action& a) {
  std::vector<Volley> out;
  Volley main{a.target, kAllGroups};
  for (int i = 0; i < a.pick_count; ++i) main.groups &= ~(GroupMask{1} << a.picks[i].first);
  out.push_back(main);
  for (int i = 0; i < a.pick_count; ++i)
    out.push_back({a.picks[i].second, GroupMask{1} << a.picks[i].first});
  return out;
}

}  // namespace arap::game::detail

namespace arap::game {

std::vector<FireGroup> fire_groups(const GameState& s, const Action& a, int volley) {
  std::vector<FireGroup> out;
  if ((a.kind != ActionKind::shoot && a.kind != ActionKind::throw_grenade) || !is_legal(s, a))
    return out;
  const auto poses = s.table_models();
  if (a.kind == ActionKind::shoot) {
    const auto volleys = detail::volleys_of(a);
    if (volley < 0 || volley >= static_cast<int>(volleys.size())) return out;
    const int target = volleys[volley].target;
    for (const auto& shot :
         detail::plan_fire(s, poses, a.unit, target, a.heavy, false, nullptr,
                           detail::FireBudget::acting_points, volleys[volley].groups)) {
      FireGroup g;
      g.model = shot.model;
      g.firers = shot.firers;
      g.weapon = shot.weapon;
      g.shots = shot.firing.shots;
      g.range = shot.range;
      g.kind = shot.weapon->is_area()       ? rules::ShotKind::area
               : shot.weapon->is_template() ? rules::ShotKind::template_
                                            : rules::ShotKind::direct;
      g.situation = detail::situation(s, poses, a.unit, target, shot, g.kind);
      g.targets = shot.targets;
      g.indirect = shot.indirect;
      g.through_smoke = shot.through_smoke;
      g.pins = detail::pinning_fire(s, a.unit, *shot.weapon, shot.range, shot.indirect);
      out.push_back(std::move(g));
    }
    return out;
  }
  // SHOOT-49: a quarter of the unit throws, each its first blast grenade that reaches (as
  // apply_throw does); each thrower's marker is one group.
  int allowed = detail::throwing_places_left(s, a.unit);
  for (int m : s.members(a.unit)) {
    if (!(allowed > 0)) break;
    auto shot = detail::grenade_throw(s, poses, m, a.target);
    if (!shot) continue;
    FireGroup g;
    g.model = m;
    g.weapon = shot->weapon;
    g.shots = 1;
    g.range = shot->range;
    g.kind = rules::ShotKind::area;
    g.situation = detail::throw_situation(s, poses, a.unit, a.target, *shot);
    g.situation.kind = rules::ShotKind::area;
    g.targets = std::move(shot->targets);
    g.through_smoke = shot->through_smoke;
    g.pins = detail::pinning_fire(s, a.unit, *shot->weapon, shot->range, false);
    out.push_back(std::move(g));
    --allowed;
  }
  return out;
}

}  // namespace arap::game
