// legal_actions (DESIGN "the door"): the one generator of what whoever decides now may do. The
// discrete decisions are enumerated and filtered by the engine's own legality check; the
// continuous ones (moves) come from the move planner as a finite set with a purpose each
// (legal_moves.cpp). Free moves (MOVE-14) use the same set in the activation phase.
#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <set>
#include <tuple>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/legal_moves.hpp"
#include "game/mounts.hpp"
#include "game/planner.hpp"
#include "table/geometry.hpp"

namespace arap::game {

namespace {

// The list being built: the state, the kinds asked for, and the actions found so far.
struct Listing {
  const GameState& s;
  KindSet kinds;
  std::vector<Action>& out;
  detail::ListingMemo& memo;  // what the listing's checks measure once (fire_plan.hpp)
  bool wants(ActionKind kind) const { return (kinds & kind_bit(kind)) != 0; }
  bool wants_wasted_shots() const { return (kinds & kWastedShots) != 0; }
  bool wants_split_shots() const { return (kinds & kSplitShots) != 0; }
  void push_if_legal(const Action& a) {
    if (wants(a.kind) && is_legal(s, a)) out.push_back(a);
  }
};

void add_pick_ups(Listing& list) {
  const GameState& s = list.s;
  list.push_if_legal(make_action(ActionKind::decline_pick_up));
  if (!list.wants(ActionKind::pick_up)) return;
  // ACT-08: up to three units each roll 1-3 of the failed dice, in the order given (their
  // reactions come in that order).
  std::vector<int> eligible;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    Action probe = make_action(ActionKind::pick_up);
    probe.picks[0] = {u, 1};
    probe.pick_count = 1;
    if (is_legal(s, probe)) eligible.push_back(u);
  }
  const int dice = s.failed_dice;
  Action a = make_action(ActionKind::pick_up);
  const auto recurse = [&](auto&& self, int depth, int left) -> void {
    if (depth > 0) {
      a.pick_count = depth;
      list.push_if_legal(a);
    }
    if (depth == 3 || left == 0) return;
    for (const int u : eligible) {
      bool used = false;
      for (int i = 0; i < depth; ++i) used = used || a.picks[i].first == u;
      if (used) continue;
      for (int d = 1; d <= std::min(3, left); ++d) {
        a.picks[depth] = {u, d};
        self(self, depth + 1, left - d);
      }
    }
    a.picks[depth] = {};
  };
  recurse(recurse, 0, dice);
}

// Whether some weapon of the shooting unit reaches and sees the target (the first test of
// shoot_illegal, SHOOT-01..07): a shot that fails it is legal only as a wasted shot (ADV-33).
bool shot_fires(const GameState& s, const std::vector<table::TableModel>& poses, const Action& a) {
  return !detail::plan_fire(s, poses, a.unit, a.target, a.heavy, true).empty();
}

// ADV-71: a rallied unit's free turn, offered toward each enemy unit (the directions a turn is
// for); any other bearing is legal too.
// ADV-19 / ADV-20: a lone character's unit joining each friendly squad, or a mob merging with
// each friendly mob, and each character of `unit` leaving it. Only characters, mobs and units
// with guests are asked (the rest have none).
void add_joins(Listing& list, int unit) {
  const GameState& s = list.s;
  const UnitInfo& info = s.setup->units[unit];
  if ((info.character || info.mob) && list.wants(ActionKind::join)) {
    Action join = make_action(ActionKind::join, unit);
    for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
      if (v == unit || s.setup->units[v].side != info.side || !s.unit_alive(v)) continue;
      join.target = v;
      list.push_if_legal(join);
    }
  }
  if (s.units[unit].guests != 0 && list.wants(ActionKind::leave)) {
    Action leave = make_action(ActionKind::leave, unit);
    for (std::uint64_t guests = s.units[unit].guests; guests != 0; guests &= guests - 1) {
      leave.target = std::countr_zero(guests);
      list.push_if_legal(leave);
    }
  }
}

void add_free_turns(Listing& list, int unit) {
  const GameState& s = list.s;
  Action face = make_action(ActionKind::face, unit);
  face.facing = 0.0;
  if (!is_legal(s, face)) return;
  const table::Point from = unit_centre(s, unit);
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (s.setup->units[v].side == s.setup->units[unit].side || !s.unit_alive(v)) continue;
    if (s.units[v].away || s.units[v].in_reserve) continue;
    const table::Point to = unit_centre(s, v);
    if (table::distance(from, to) < 1e-9) continue;
    face.facing = table::bearing(from, to);
    if (std::none_of(list.out.begin(), list.out.end(), [&](const Action& a) { return a == face; }))
      list.out.push_back(face);
  }
}

// ADV-32: fire split between units: for each pair of targets the unit may shoot with the same
// kind of weapons, each of its model groups sent at the second while the rest fire at the first
// (one group split off; the action may name up to three). Listed from the plain shots at `from`,
// by split_problem's own tests made once a target: which groups fire at it (firing_groups), and
// the arc of the two targets.
template <typename Poses>
void add_split_shots(Listing& list, int unit, std::size_t from, Poses&& table_poses) {
  const GameState& s = list.s;
  if (!s.setup->options.field_of_view || !list.wants(ActionKind::shoot) ||
      !list.wants_split_shots())
    return;
  const int groups = std::min(detail::group_count(s, unit), detail::kMaxModelGroups);
  if (groups < 2) return;
  std::vector<std::pair<Action, detail::GroupMask>> shots;
  for (std::size_t i = from; i < list.out.size(); ++i)
    if (list.out[i].kind == ActionKind::shoot && list.out[i].unit == unit &&
        list.out[i].pick_count == 0)
      shots.push_back({list.out[i], 0});
  if (shots.size() < 2) return;
  const std::vector<table::TableModel>& poses = table_poses();
  for (auto& [shot, mask] : shots)
    mask = detail::firing_groups(s, poses, unit, shot.target, shot.heavy);
  for (const auto& [main, main_groups] : shots)
    for (const auto& [other, other_groups] : shots) {
      if (other.target == main.target || other.heavy != main.heavy) continue;
      if (detail::targets_span(s, unit, {main.target, other.target}) > 90.0 + 1e-9) continue;
      Action split = main;
      split.pick_count = 1;
      for (int g = 0; g < groups; ++g) {
        const detail::GroupMask bit = detail::GroupMask{1} << g;
        if ((other_groups & bit) == 0 || (main_groups & ~bit) == 0) continue;
        split.picks[0] = {g, other.target};
        list.out.push_back(split);
      }
    }
}

void add_unit_actions(Listing& list, int unit) {
  const GameState& s = list.s;
  std::vector<Action>& out = list.out;
  const auto& setup = *s.setup;
  list.push_if_legal(make_action(ActionKind::end_activation, unit));
  for (const auto kind :
       {ActionKind::aim, ActionKind::go_prone, ActionKind::stand_up, ActionKind::hide,
        ActionKind::go_to_ground, ActionKind::regroup, ActionKind::reload})
    list.push_if_legal(make_action(kind, unit));
  list.push_if_legal(make_action(ActionKind::discharge_smoke, unit));  // ADV-50
  if (list.wants(ActionKind::throw_smoke)) {  // ADV-35: a screen toward each foe, or smoke on it
    Action smoke = make_action(ActionKind::throw_smoke, unit);
    for (const table::Point& at : detail::smoke_aim_points(s, unit)) {
      smoke.dx = at.x;
      smoke.dy = at.y;
      list.push_if_legal(smoke);
    }
  }
  if (list.wants(ActionKind::throw_grapple)) {  // ADV-14: a grapple at each face in reach
    Action grapple = make_action(ActionKind::throw_grapple, unit);
    for (const table::Point& at : detail::grapple_places(s, unit)) {
      grapple.dx = at.x;
      grapple.dy = at.y;
      list.push_if_legal(grapple);
    }
  }
  if (!s.portable_ladders.empty()) {  // ADV-15: set up, take up or cast down a ladder in reach
    Action place = make_action(ActionKind::place_ladder, unit);
    if (list.wants(ActionKind::place_ladder)) {
      for (const table::Point& at : detail::ladder_places(s, unit)) {
        place.dx = at.x;
        place.dy = at.y;
        list.push_if_legal(place);
      }
    }
    if (list.wants(ActionKind::pick_up_ladder) || list.wants(ActionKind::cast_down_ladder)) {
      for (const int k : detail::ladders_in_reach(s, unit)) {
        for (const auto kind : {ActionKind::pick_up_ladder, ActionKind::cast_down_ladder}) {
          Action handle = make_action(kind, unit);
          handle.target = k;
          list.push_if_legal(handle);
        }
      }
    }
  }
  Action use = make_action(ActionKind::use, unit);  // ACT-16: each door and console in reach
  for (use.target = 0; use.target < static_cast<int>(s.table().devices().size()); ++use.target)
    list.push_if_legal(use);
  // The table's models, gathered once (when first asked) for every target's shot test and the
  // split shots (the state does not change while it is listed), and whether any weapon or
  // grenade of the unit reaches a target at all, measured by boxes (the unit's once): most enemy
  // units are out of reach, and each shot and throw check would measure. The listing's memo keeps
  // both, for the legality checks too.
  const auto table_poses = [&]() -> const std::vector<table::TableModel>& {
    return list.memo.poses();
  };
  const auto unit_reach = [&]() -> const detail::UnitReach& { return list.memo.reach(unit); };
  const std::size_t first_shot = out.size();
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (setup.units[v].side == setup.units[unit].side || !s.unit_alive(v)) continue;
    Action a = make_action(ActionKind::shoot, unit);
    a.target = v;
    // Unless wasted shots are listed (ADV-33: declared at any range), a shot needs a weapon that
    // reaches the target (plan_fire would find no firer).
    const bool shots_checked = list.wants(ActionKind::shoot) && !list.wants_wasted_shots();
    const bool out_of_reach = shots_checked && unit_reach().beyond_weapons(s, v);
    for (const bool heavy : {false, true}) {
      a.heavy = heavy;
      if (shots_checked && (out_of_reach || !shot_fires(s, table_poses(), a))) continue;
      const std::size_t before = out.size();
      list.push_if_legal(a);
      // ADV-22 (option separate_mounts): at short range the shots may pick out the riders, or
      // their mounts.
      if (out.size() > before && setup.options.separate_mounts && unit_rides_apart(s, v))
        for (const MountAim aim : {MountAim::rider, MountAim::mount}) {
          Action aimed = a;
          aimed.mount_aim = aim;
          list.push_if_legal(aimed);
        }
    }
    Action grenade = make_action(ActionKind::throw_grenade, unit);
    grenade.target = v;
    // SHOOT-49: throw_illegal refuses a target beyond every thrower's grenades.
    if (list.wants(ActionKind::throw_grenade) && !unit_reach().beyond_grenades(s, v))
      list.push_if_legal(grenade);
    Action charge = make_action(ActionKind::charge, unit);
    charge.target = v;
    // Fire and Charge (CHARGE-11/12) is the Charge with more conditions: refused when the plain
    // Charge is (the same checks, and its AP no fewer).
    const std::size_t listed = out.size();
    list.push_if_legal(charge);
    charge.fire = true;
    if (out.size() > listed) list.push_if_legal(charge);
  }
  add_split_shots(list, unit, first_shot, table_poses);
  // A charge-failed unit may do nothing more (CHARGE-04); the planner would find no legal move.
  if (!s.units[unit].player_turn.charge_failed && list.wants(ActionKind::move))
    detail::add_moves(s, unit, false, out);
}

}  // namespace

std::vector<Action> legal_actions(const GameState& s) {
  return legal_actions(s, kAllKinds);
}

std::vector<Action> legal_actions(const GameState& s, KindSet kinds) {
  std::vector<Action> out;
  // The state stands still while it is listed: the shots' sight lines are asked once each.
  detail::ListingMemo memo(s);
  Listing list{s, kinds, out, memo};
  const auto& setup = *s.setup;
  switch (s.phase) {
    case Phase::activation: {
      // ADV-26: a unit arrived by deep strike aims its marker first: nothing else is open.
      if (const int drop = detail::pending_drop(s); drop >= 0) {
        if (!list.wants(ActionKind::deep_strike)) break;
        for (const table::Point& at : detail::drop_points(s)) {
          Action a = make_action(ActionKind::deep_strike, drop);
          a.dx = at.x;
          a.dy = at.y;
          out.push_back(a);
        }
        break;
      }
      list.push_if_legal(make_action(ActionKind::end_phase));
      for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
        if (setup.units[u].side != s.phasing || !s.unit_alive(u)) continue;
        Action a = make_action(ActionKind::activate, u);
        for (int dice = 1; dice <= 3; ++dice) {
          a.dice = dice;
          list.push_if_legal(a);
        }
        list.push_if_legal(make_action(ActionKind::go_to_ground, u));  // ADV-01
        if (setup.options.coherency && list.wants(ActionKind::split))
          list.push_if_legal(make_action(ActionKind::split, u));    // GEN-09 / ADV-19
        add_joins(list, u);                                         // ADV-19 / ADV-20
        if (list.wants(ActionKind::face)) add_free_turns(list, u);  // ADV-71
        if (s.units[u].pursuing >= 0) {  // MELEE-25: the order it does not have yet
          Action order = make_action(ActionKind::pursuit_order, u);
          order.pursue = !s.units[u].press_pursuit;
          list.push_if_legal(order);
        }
        // A free move is open when a zero-length one would be (MOVE-14's conditions).
        Action probe = make_action(ActionKind::free_move, u);
        bool open = list.wants(ActionKind::free_move) && is_legal(s, probe);
        if (!open && list.wants(ActionKind::free_move) && s.setup->options.coherency) {
          probe.mode = table::MoveMode::close_ranks;  // ADV-19: its free move closes ranks
          open = is_legal(s, probe);
        }
        if (open) detail::add_moves(s, u, true, out);
      }
      break;
    }
    case Phase::pick_up:
      add_pick_ups(list);
      break;
    case Phase::active:
    case Phase::reaction:
      add_unit_actions(list, pending(s).unit);
      break;
    case Phase::charge_response:
      for (const auto kind : {ActionKind::hold, ActionKind::stand_and_fire, ActionKind::run})
        list.push_if_legal(make_action(kind, s.charge_target));
      break;
    case Phase::melee_choice: {
      const int unit = s.melee_chooser();
      for (const auto kind : {ActionKind::fight, ActionKind::break_off, ActionKind::hit_and_run})
        list.push_if_legal(make_action(kind, unit));
      Action krak = make_action(ActionKind::fight, unit);
      krak.krak = true;  // MELEE-26
      list.push_if_legal(krak);
      Action buckler = make_action(ActionKind::fight, unit);
      buckler.buckler = true;  // ADV-60
      list.push_if_legal(buckler);
      Action pursue = make_action(ActionKind::fight, unit);
      pursue.pursue = true;  // MELEE-24: should its foes rout, after them without the test
      list.push_if_legal(pursue);
      if (list.wants(ActionKind::bodyguard) && s.setup->options.bodyguards) {  // ADV-53
        Action guard = make_action(ActionKind::bodyguard, unit);
        for (guard.target = 0; guard.target < setup.units[unit].model_count; ++guard.target)
          list.push_if_legal(guard);
      }
      break;
    }
    case Phase::interception:
      for (const auto kind : {ActionKind::intercept, ActionKind::let_pass})
        list.push_if_legal(make_action(kind, s.charge_progress.interceptor));
      break;
    case Phase::fire_response:  // ADV-01
      for (const auto kind : {ActionKind::go_to_ground, ActionKind::stay_up})
        list.push_if_legal(make_action(kind, s.pending_fire.target));
      break;
    case Phase::consolidation:
      if (list.wants(ActionKind::consolidate)) detail::add_consolidations(s, s.consolidator(), out);
      break;
    case Phase::game_over:
      break;
  }
  return out;
}

}  // namespace arap::game
