// Legality (DESIGN "the door"): whether an action is open now, and a player's reason when it is
// not (ACT-01..16 for the activation phase and the acting unit, each rule area's own check for its
// actions: moves, fire, charges, mêlée, reactions), and whose decision is pending. apply
// (engine.cpp) asks the same check.
#include <fmt/format.h>

#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/planner.hpp"

namespace arap::game {

namespace detail {

int acting_unit(const GameState& s) {
  if (s.phase == Phase::reaction) return s.reactions[0].unit;
  if (s.phase == Phase::active) return s.active_unit;
  if (s.phase == Phase::charge_response) return s.charge_target;
  if (s.phase == Phase::melee_choice) return s.melee_chooser();
  if (s.phase == Phase::interception) return s.charge_progress.interceptor;
  if (s.phase == Phase::consolidation) return s.consolidator();
  if (s.phase == Phase::fire_response) return s.pending_fire.target;
  return -1;
}

bool fixed_in_place(const GameState& s, int unit) {
  return s.setup->units[unit].emplacement;
}

bool can_pick_up(const GameState& s, int unit, int side) {
  const UnitState& u = s.units[unit];
  return s.setup->units[unit].side == side && s.unit_alive(unit) && !u.routing && !u.rout_pending &&
         !u.picked_up && u.locked == 0 && u.pursuing < 0 && !u.gone_to_ground();  // ADV-01
}

}  // namespace detail

using detail::acting_unit;
using detail::can_pick_up;

namespace {

// Without `explain` (is_legal), the rule alone: only its emptiness is asked.
std::string unit_problem(const GameState& s, int unit, bool explain) {
  if (unit < 0 || unit >= static_cast<int>(s.units.size()))
    return explain ? fmt::format("there is no unit {}", unit) : "no unit";
  if (s.units[unit].in_reserve)
    return explain ? fmt::format("ACT-02: {} is still in reserve", s.setup->units[unit].name)
                   : "ACT-02";
  if (s.units[unit].away)
    return explain ? fmt::format("MELEE-23: {} is off the table after its routers",
                                 s.setup->units[unit].name)
                   : "MELEE-23";
  if (!s.unit_alive(unit))
    return explain ? fmt::format("{} has been destroyed", s.setup->units[unit].name) : "destroyed";
  return "";
}

}  // namespace

Decision pending(const GameState& s) {
  Decision d;
  d.phase = s.phase;
  d.side = s.side_deciding();
  d.unit = acting_unit(s);
  d.action_points = detail::acting_points(s);
  d.failed_dice = s.failed_dice;
  return d;
}

namespace detail {

std::string illegal_reason_checked(const GameState& s, const Action& a,
                                   detail::UnitMove* checked_move, bool explain) {
  if (s.phase == Phase::game_over) return "the game is over";
  const auto wrong_phase = [&]() -> std::string {
    if (!explain) return "not open now";
    return fmt::format(
        "{} is not a decision open now (waiting for side {} to {})", describe(a), s.side_deciding(),
        s.phase == Phase::activation        ? "activate a unit or end the phase"
        : s.phase == Phase::pick_up         ? "pick up failed dice or decline"
        : s.phase == Phase::charge_response ? "hold, stand and fire or run"
        : s.phase == Phase::melee_choice    ? "fight, break off or hit and run"
        : s.phase == Phase::interception    ? "intercept the chargers or let them pass"
        : s.phase == Phase::consolidation   ? "consolidate (move up to the rolled inches, or stay)"
        : s.phase == Phase::fire_response   ? "go to ground or stay up under the declared fire"
                                            : "spend the acting unit's action points");
  };
  switch (s.phase) {
    case Phase::activation:
      // ADV-26: a unit arrived by deep strike is placed before anything else of its side moves.
      if (a.kind == ActionKind::deep_strike) return detail::deep_strike_illegal(s, a);
      if (const int drop = detail::pending_drop(s); drop >= 0) {
        if (!explain) return "ADV-26";
        return fmt::format(
            "ADV-26: {} has arrived by deep strike: aim its marker (a deep_strike action) before "
            "anything else",
            s.setup->units[drop].name);
      }
      if (a.kind == ActionKind::end_phase) return "";
      if (a.kind != ActionKind::activate && a.kind != ActionKind::free_move &&
          a.kind != ActionKind::go_to_ground && a.kind != ActionKind::face &&
          a.kind != ActionKind::pursuit_order && a.kind != ActionKind::split &&
          a.kind != ActionKind::join && a.kind != ActionKind::leave)
        return wrong_phase();
      if (auto p = unit_problem(s, a.unit, explain); !p.empty()) return p;
      if (a.kind == ActionKind::split) return detail::split_illegal(s, a);  // GEN-09 / ADV-19
      if (a.kind == ActionKind::join) return detail::join_illegal(s, a);    // ADV-19 / ADV-20
      if (a.kind == ActionKind::leave) return detail::leave_illegal(s, a);  // ADV-19
      if (a.kind == ActionKind::face) return detail::face_illegal(s, a);
      if (a.kind == ActionKind::pursuit_order) return detail::pursuit_order_illegal(s, a);
      if (a.kind == ActionKind::go_to_ground) return detail::ground_illegal(s, a);
      if (s.units[a.unit].gone_to_ground()) {
        if (!explain) return "ADV-01";
        return fmt::format(
            "ADV-01: {} has gone to ground: it is not activated until its next player turn ends",
            s.setup->units[a.unit].name);
      }
      if (a.kind == ActionKind::free_move)
        return detail::move_illegal(s, a, true, checked_move, explain);
      if (s.setup->units[a.unit].side != s.phasing) {
        if (!explain) return "ACT-04";
        const auto& sides = s.setup->scenario.sides;
        const int own = s.setup->units[a.unit].side;
        if (s.busted_side == own)
          return fmt::format(
              "ACT-07: {}'s activation phase ended with a bust; it is {}'s player turn now",
              sides[own].name, sides[s.phasing].name);
        return fmt::format("ACT-04: it is {}'s player turn: only {}'s units activate now",
                           sides[s.phasing].name, sides[s.phasing].name);
      }
      if (s.units[a.unit].routing || s.units[a.unit].rout_pending) {
        return "ACT-03: a routing unit cannot be activated";
      }
      if (s.units[a.unit].own_turn.attempted) {
        return "ACT-04: each unit may try to activate only once per player turn";
      }
      if (s.units[a.unit].locked != 0)
        return "MELEE-29: a unit locked in mêlée fights (or breaks off) at the end of the phase";
      if (s.units[a.unit].pursuing >= 0)
        return "MELEE-23: a pursuing unit follows its routers and cannot be activated";
      if (a.dice < 1 || a.dice > 3) return "ACT-06: roll 1, 2 or 3 dice to activate";
      return "";
    case Phase::pick_up: {
      if (a.kind == ActionKind::decline_pick_up) return "";
      if (a.kind != ActionKind::pick_up) return wrong_phase();
      if (a.pick_count < 1) return "ACT-08: pick up at least one die, or decline";
      int total = 0;
      for (int i = 0; i < a.pick_count; ++i) {
        const auto [unit, dice] = a.picks[i];
        if (auto p = unit_problem(s, unit, explain); !p.empty()) return p;
        if (!can_pick_up(s, unit, s.side_deciding())) {
          if (!explain) return "ACT-08";
          return fmt::format(
              "ACT-08: {} cannot react (not yours, routing, gone to ground, or already picked up "
              "this turn)",
              s.setup->units[unit].name);
        }
        for (int j = 0; j < i; ++j) {
          if (a.picks[j].first == unit) return "ACT-08: each unit rolls its pick-up dice at once";
        }
        if (dice < 1 || dice > 3) return "ACT-08: each unit takes 1 to 3 of the failed dice";
        total += dice;
      }
      if (total > s.failed_dice) {
        if (!explain) return "ACT-08";
        return fmt::format("ACT-08: only {} failed dice are on offer",
                           static_cast<int>(s.failed_dice));
      }
      return "";
    }
    case Phase::reaction:
    case Phase::active: {
      const int unit = acting_unit(s);
      const int points = detail::acting_points(s);
      if (a.kind == ActionKind::end_activation)
        return a.unit == unit || a.unit < 0 ? "" : wrong_phase();
      if (a.unit != unit) {
        if (!explain) return "ACT-09";
        return fmt::format("ACT-09: {} is acting; its actions come first",
                           s.setup->units[unit].name);
      }
      if (s.units[unit].player_turn.charge_failed && a.kind != ActionKind::charge) {
        return "CHARGE-04: after a failed charge the unit may do nothing more this turn";
      }
      // ADV-06: a Fleet move is made instead of firing in the activation.
      const char* fleet_fired =
          "ADV-06: a unit that made its Fleet move fires no more in this activation";
      const auto needs = [&](int cost) -> std::string {
        if (points < cost) {
          if (!explain) return "ACT-09";
          return fmt::format("ACT-09: that costs {} AP and only {} are left", cost, points);
        }
        return "";
      };
      switch (a.kind) {
        case ActionKind::move:
          if (auto p = needs(detail::move_action_points(s, a)); !p.empty()) return p;
          return detail::move_illegal(s, a, false, checked_move, explain);
        case ActionKind::go_prone: {
          // MOVE-09 with 2.3's detail: a vehicle or machine cannot lie down (a horse can).
          if (const int m = detail::living_model_with_rule(s, unit, "cannot_go_prone"); m >= 0)
            return explain ? fmt::format("MOVE-09: the {} cannot go prone", s.info(m).profile->name)
                           : "MOVE-09";
          for (int m : s.members(unit)) {
            if (s.models[m].pose.alive && !s.models[m].prone) return "";
          }
          return "MOVE-09: the unit is already prone";
        }
        case ActionKind::stand_up: {
          if (auto p = needs(1); !p.empty()) return p;
          if (s.units[unit].player_turn.stood_up)
            return "ACT-13: standing up is a sole action: once per phase for a unit";
          if (auto fell = detail::fell_over_problem(s, unit); !fell.empty()) return fell;
          for (int m : s.members(unit)) {
            if (s.models[m].pose.alive && s.models[m].prone) return "";
          }
          return "MOVE-09: nobody in the unit is prone";
        }
        case ActionKind::aim:
          return needs(1);
        case ActionKind::hide:
          return detail::hide_illegal(s, unit, explain);
        case ActionKind::go_to_ground:
          return detail::ground_illegal(s, a);
        case ActionKind::regroup:  // ADV-03
          if (auto p = needs(1); !p.empty()) return p;
          return detail::regroup_illegal(s, unit);
        case ActionKind::reload:  // ADV-30
          if (auto p = needs(1); !p.empty()) return p;
          return detail::reload_illegal(s, unit, explain);
        case ActionKind::use:
          if (auto p = needs(1); !p.empty()) return p;
          return detail::use_illegal(s, a, explain);
        case ActionKind::shoot:
          if (auto p = needs(detail::shooting_cost(s, unit, a.heavy)); !p.empty()) return p;
          if (s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::shoot_illegal(s, a, explain);
        case ActionKind::throw_grenade:
          if (auto p = needs(1); !p.empty()) return p;
          if (s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::throw_illegal(s, a);
        case ActionKind::throw_smoke:  // ADV-35: a grenade throw (SHOOT-49), 1 AP
          if (auto p = needs(1); !p.empty()) return p;
          if (s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::smoke_throw_illegal(s, a);
        case ActionKind::discharge_smoke:  // ADV-50: free, and not shooting
          return detail::discharge_illegal(s, a);
        case ActionKind::place_ladder:  // ADV-15
          if (auto p = needs(1); !p.empty()) return p;
          return detail::place_ladder_illegal(s, a);
        case ActionKind::pick_up_ladder:
          if (auto p = needs(1); !p.empty()) return p;
          return detail::pick_up_ladder_illegal(s, a);
        case ActionKind::cast_down_ladder:
          if (auto p = needs(1); !p.empty()) return p;
          return detail::cast_down_illegal(s, a);
        case ActionKind::throw_grapple:  // ADV-14
          if (auto p = needs(1); !p.empty()) return p;
          return detail::grapple_illegal(s, a);
        case ActionKind::charge:
          if (auto p = needs(1); !p.empty()) return p;
          if (a.fire && s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::charge_illegal(s, a, explain);
        default:
          return wrong_phase();
      }
    }
    case Phase::charge_response:
      if (a.kind != ActionKind::hold && a.kind != ActionKind::stand_and_fire &&
          a.kind != ActionKind::run)
        return wrong_phase();
      return detail::response_illegal(s, a);
    case Phase::melee_choice:
      if (a.kind == ActionKind::bodyguard) return detail::bodyguard_illegal(s, a);  // ADV-53
      if (a.kind != ActionKind::fight && a.kind != ActionKind::break_off &&
          a.kind != ActionKind::hit_and_run)
        return wrong_phase();
      return detail::melee_choice_illegal(s, a);
    case Phase::interception:
      if (a.kind != ActionKind::intercept && a.kind != ActionKind::let_pass) return wrong_phase();
      return detail::interception_illegal(s, a);
    case Phase::consolidation:
      if (a.kind != ActionKind::consolidate) return wrong_phase();
      return detail::consolidation_illegal(s, a, explain, checked_move);
    case Phase::fire_response:
      if (a.kind != ActionKind::go_to_ground && a.kind != ActionKind::stay_up) return wrong_phase();
      return detail::ground_illegal(s, a);
    case Phase::game_over:
      break;
  }
  return "the game is over";
}

}  // namespace detail

using detail::illegal_reason_checked;

std::string illegal_reason(const GameState& s, const Action& a) {
  return illegal_reason_checked(s, a, nullptr, true);
}

std::string detail::illegal_reason_of_move(const GameState& s, const Action& a, UnitMove* checked,
                                           bool explain) {
  return illegal_reason_checked(s, a, checked, explain);
}

bool is_legal(const GameState& s, const Action& a) {
  return illegal_reason_checked(s, a, nullptr, false).empty();
}

}  // namespace arap::game
