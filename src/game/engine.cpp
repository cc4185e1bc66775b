#include "game/engine.hpp"

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/planner.hpp"
#include "rules/activation.hpp"

namespace arap::game {

using detail::Context;

namespace detail {

int acting_points(const GameState& s) {
  if (s.phase == Phase::reaction) return s.reactions[0].action_points;
  if (s.phase == Phase::active) return s.action_points;
  return 0;
}

void Context::roll_event(const char* rule, std::string_view what, int goal, int unit,
                         EventFields extra) {
  const std::vector<int>& faces = dice.stop();
  if (log == nullptr) return;
  Event e = Event::object();
  for (const auto& [key, value] : extra) e[key] = value;
  e["type"] = "roll";
  e["rule"] = rule;
  e["what"] = what;
  e["goal"] = goal;
  if (unit >= 0) e["unit"] = unit;
  e["dice"] = faces;
  // Wound, save and Damage dice rolled under the same event (mêlée), each in its own list.
  if (!dice.side(Channel::wound).empty()) e["wound_dice"] = dice.side(Channel::wound);
  if (!dice.side(Channel::save).empty()) e["save_dice"] = dice.side(Channel::save);
  if (!dice.side(Channel::damage).empty()) e["damage_dice"] = dice.side(Channel::damage);
  log->push_back(std::move(e));
}

}  // namespace detail

namespace {

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

bool can_pick_up(const GameState& s, int unit, int side) {
  const UnitState& u = s.units[unit];
  return s.setup->units[unit].side == side && s.unit_alive(unit) && !u.routing && !u.rout_pending &&
         !u.picked_up && u.locked == 0 && u.pursuing < 0 && !u.gone_to_ground();  // ADV-01
}

std::string unit_problem(const GameState& s, int unit) {
  if (unit < 0 || unit >= static_cast<int>(s.units.size()))
    return fmt::format("there is no unit {}", unit);
  if (s.units[unit].in_reserve)
    return fmt::format("ACT-02: {} is still in reserve", s.setup->units[unit].name);
  if (s.units[unit].away)
    return fmt::format("MELEE-23: {} is off the table after its routers",
                       s.setup->units[unit].name);
  if (!s.unit_alive(unit)) return fmt::format("{} has been destroyed", s.setup->units[unit].name);
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

namespace {

// Without `explain` only whether the action is legal matters: refusals are not worded in full.
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
          a.kind != ActionKind::go_to_ground && a.kind != ActionKind::face)
        return wrong_phase();
      if (auto p = unit_problem(s, a.unit); !p.empty()) return p;
      if (a.kind == ActionKind::face) return detail::face_illegal(s, a);
      if (a.kind == ActionKind::go_to_ground) return detail::ground_illegal(s, a);
      if (s.units[a.unit].gone_to_ground())
        return fmt::format(
            "ADV-01: {} has gone to ground: it is not activated until its next player turn ends",
            s.setup->units[a.unit].name);
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
        if (auto p = unit_problem(s, unit); !p.empty()) return p;
        if (!can_pick_up(s, unit, s.side_deciding())) {
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
          const auto& info = s.setup->units[unit];
          for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
            if (s.models[m].pose.alive && !s.models[m].prone) return "";
          }
          return "MOVE-09: the unit is already prone";
        }
        case ActionKind::stand_up: {
          if (auto p = needs(1); !p.empty()) return p;
          if (s.units[unit].player_turn.stood_up)
            return "ACT-13: standing up is a sole action: once per phase for a unit";
          if (auto fell = detail::fell_over_problem(s, unit); !fell.empty()) return fell;
          const auto& info = s.setup->units[unit];
          for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
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
          return detail::reload_illegal(s, unit);
        case ActionKind::use:
          if (auto p = needs(1); !p.empty()) return p;
          return detail::use_illegal(s, a, explain);
        case ActionKind::shoot:
          if (auto p = needs(detail::shooting_cost(s, unit, a.heavy)); !p.empty()) return p;
          if (s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::shoot_illegal(s, a);
        case ActionKind::throw_grenade:
          if (auto p = needs(1); !p.empty()) return p;
          if (s.units[unit].player_turn.fleet_moved) return fleet_fired;
          return detail::throw_illegal(s, a);
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

}  // namespace

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

namespace {

// ADV-06: with its AP spent, a unit that may still make its Fleet move stays active for it (or
// to end its activation).
bool spent_out(const GameState& s, int points, int unit) {
  return points <= 0 && !(s.setup->options.fleet && detail::fleet_problem(s, unit).empty());
}

void spend(Context& c, int points) {
  GameState& s = c.state;
  if (s.phase == Phase::reaction) {
    s.reactions[0].action_points = static_cast<std::int8_t>(s.reactions[0].action_points - points);
    const int unit = s.reactions[0].unit;
    if (spent_out(s, s.reactions[0].action_points, unit) || !s.unit_alive(unit) ||
        s.units[unit].rout_pending) {
      detail::finish_activation(c);
    }
  } else if (s.phase == Phase::active) {
    s.action_points = static_cast<std::int8_t>(s.action_points - points);
    if (spent_out(s, s.action_points, s.active_unit) || !s.unit_alive(s.active_unit) ||
        s.units[s.active_unit].rout_pending) {
      detail::finish_activation(c);
    }
  }
}

void set_prone(Context& c, int unit, bool prone) {
  const auto& info = c.setup.units[unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (c.state.models[m].pose.alive) c.state.models[m].prone = prone;
  }
  if (c.logging())
    c.event({{"type", prone ? "prone" : "stand_up"}, {"unit", unit}, {"rule", "MOVE-09"}});
}

void activate(Context& c, int unit, int dice_count);
void pick_up(Context& c, const Action& a);

// A shot or throw of `unit`, resolved and paid for (SHOOT-05..07, SHOOT-49).
void resolve_fire(Context& c, const Action& a, int unit) {
  GameState& s = c.state;
  s.units[unit].player_turn.fired = true;  // ADV-06: no Fleet move after it
  int cost = 1;
  if (a.kind == ActionKind::shoot) {
    cost = detail::apply_shoot(c, a);
  } else {
    detail::apply_throw(c, a);
  }
  s.units[unit].own_turn.aimed = false;
  spend(c, cost);
}

}  // namespace

namespace {

std::string apply_with(GameState& s, const Action& a, dice::DiceSource* caller_dice, EventLog* log);

}  // namespace

std::string apply(GameState& s, const Action& a, EventLog* log) {
  return apply_with(s, a, nullptr, log);
}

std::string apply(GameState& s, const Action& a, dice::DiceSource& dice, EventLog* log) {
  return apply_with(s, a, &dice, log);
}

void reseed(GameState& s, std::uint64_t seed) {
  // A stream of its own, so a reseed with the game's seed still differs from the game's dice.
  s.dice = dice::RandomDice(seed, 0x5ea4c4ULL);
  s.scripted_dice = nullptr;
}

namespace {

std::string apply_with(GameState& s, const Action& a, dice::DiceSource* caller_dice,
                       EventLog* log) {
  detail::UnitMove checked_move;
  std::string reason = illegal_reason_checked(s, a, &checked_move, true);
  if (!reason.empty()) return reason;
  Context c = caller_dice != nullptr ? Context(s, log, *caller_dice) : Context(s, log);
  if (c.logging())
    c.event({{"type", "action"}, {"side", s.side_deciding()}, {"action", to_json(a)}});
  const int unit = acting_unit(s);
  switch (a.kind) {
    case ActionKind::activate:
      activate(c, a.unit, a.dice);
      break;
    case ActionKind::free_move:
      detail::apply_move(c, a, true, &checked_move);
      break;
    case ActionKind::end_phase:
      detail::end_activation_phase(c);
      break;
    case ActionKind::deep_strike:
      detail::apply_deep_strike(c, a);
      break;
    case ActionKind::face:  // ADV-71
      detail::apply_face(c, a);
      break;
    case ActionKind::pick_up:
      pick_up(c, a);
      break;
    case ActionKind::decline_pick_up:
      s.failed_dice = 0;
      if (s.action_points > 0) {
        s.phase = Phase::active;
      } else {
        detail::finish_activation(c);
      }
      break;
    case ActionKind::move: {
      bool moves = true;
      if (a.mode == table::MoveMode::climb && c.setup.options.climbing_gear &&
          c.setup.units[unit].climbing_gear) {
        // ADV-13: climbing gear (or hooks, pads) climbs up and down without the test.
        if (c.logging()) c.event({{"type", "climbing_gear"}, {"unit", unit}, {"rule", "ADV-13"}});
      } else if (a.mode == table::MoveMode::climb) {
        // MOVE-20: an Initiative test for the unit; failed, it stays at the foot.
        const int initiative = c.setup.units[unit].initiative;
        c.dice.start();
        moves = dice::roll_low(c.dice, initiative);
        c.roll_event("MOVE-20", "climbing test", initiative, unit, {{"passed", moves}});
      } else if (std::any_of(checked_move.reports.begin(), checked_move.reports.end(),
                             [](const auto& r) { return r.second.rope_drop > 0.0; })) {
        // MOVE-24: rappelling costs the one AP of a move and an Initiative test for the unit;
        // failed, it stays at the top and D6 of the rappellers fall (as a failed climb down).
        const int initiative = c.setup.units[unit].initiative;
        c.dice.start();
        moves = dice::roll_low(c.dice, initiative);
        c.roll_event("MOVE-24", "rappelling test", initiative, unit, {{"passed", moves}});
      }
      const int cost = a.mode == table::MoveMode::fleet
                           ? 0
                           : std::max(detail::move_action_points(s, a),
                                      checked_move.action_cost);  // ACT-10
      if (moves) {
        detail::apply_move(c, a, false, &checked_move);
      } else {
        detail::climb_down_failed(c, unit, checked_move, table::Point{a.dx, a.dy});
      }
      s.units[unit].own_turn.aimed = false;
      spend(c, cost);
      break;
    }
    case ActionKind::go_prone:
      set_prone(c, unit, true);
      // ADV-28: a change of posture counts as moving (no corrective aim, no stationary crew).
      if (c.setup.options.prone_crews) s.units[unit].own_turn.moved_this_turn = true;
      spend(c, 0);  // ADV-06: prone, a unit with no AP left has no Fleet move to wait for
      break;
    case ActionKind::stand_up:
      set_prone(c, unit, false);
      s.units[unit].player_turn.stood_up = true;
      if (c.setup.options.prone_crews) s.units[unit].own_turn.moved_this_turn = true;  // ADV-28
      s.units[unit].own_turn.aimed = false;
      spend(c, 1);
      break;
    case ActionKind::hide:
      detail::apply_hide(c, unit);
      spend(c, 0);  // free, but it may end an activation kept open only for a Fleet move
      break;
    case ActionKind::use:
      detail::apply_use(c, a);
      s.units[unit].own_turn.aimed = false;  // SHOOT-08: the aim was for a shot next
      spend(c, 1);
      break;
    case ActionKind::regroup:  // ADV-03: the unit neither moves nor fires in it
      detail::apply_regroup(c, unit);
      s.units[unit].own_turn.aimed = false;
      spend(c, 1);
      break;
    case ActionKind::reload:  // ADV-30
      detail::apply_reload(c, unit);
      s.units[unit].own_turn.aimed = false;  // SHOOT-08: the aim was for a shot next
      spend(c, 1);
      break;
    case ActionKind::aim:
      s.units[unit].own_turn.aimed = true;
      if (c.logging()) c.event({{"type", "aim"}, {"unit", unit}, {"rule", "SHOOT-08"}});
      spend(c, 1);
      break;
    case ActionKind::shoot:
    case ActionKind::throw_grenade:
      // ADV-01: the target may go to ground before any dice of the fire are rolled.
      if (detail::fire_response_due(s, a)) {
        detail::declare_fire(c, a);
      } else {
        resolve_fire(c, a, unit);
      }
      break;
    case ActionKind::go_to_ground:
    case ActionKind::stay_up:
      if (s.phase == Phase::fire_response) {
        const Action fire = detail::answer_fire(c, a);
        resolve_fire(c, fire, fire.unit);
      } else {
        // ADV-01: instead of activating (its one attempt, ACT-04), or ending its activation.
        detail::go_to_ground(c, a.unit);
        if (s.phase == Phase::activation) {
          s.units[a.unit].own_turn.attempted = true;
        } else {
          detail::finish_activation(c);
        }
      }
      break;
    case ActionKind::end_activation:
      detail::finish_activation(c);
      break;
    case ActionKind::charge:
      if (a.fire) s.units[unit].player_turn.fired = true;  // ADV-06: Fire and Charge fires
      detail::apply_charge(c, a);
      break;
    case ActionKind::hold:
    case ActionKind::stand_and_fire:
    case ActionKind::run:
      detail::apply_response(c, a);
      break;
    case ActionKind::fight:
    case ActionKind::break_off:
    case ActionKind::hit_and_run:
      detail::apply_melee_choice(c, a);
      break;
    case ActionKind::bodyguard:  // ADV-53
      detail::apply_bodyguard(c, a);
      break;
    case ActionKind::intercept:
    case ActionKind::let_pass:
      detail::apply_interception(c, a);
      break;
    case ActionKind::consolidate:
      detail::apply_consolidation(c, a, checked_move);
      break;
  }
  ++s.actions_applied;
  detail::spot_hidden_units(c);
  detail::check_game_end(c);
#ifdef ARAP_CHECK_INVARIANTS
  check_invariants(s);
#endif
  return "";
}

}  // namespace

namespace {

rules::ActivationCondition condition_of(const UnitState& u) {
  if (u.own_turn.pinned) return rules::ActivationCondition::pinned;
  if (u.own_turn.suppressed) return rules::ActivationCondition::suppressed;
  return rules::ActivationCondition::normal;
}

void activate(Context& c, int unit, int dice_count) {
  GameState& s = c.state;
  UnitState& u = s.units[unit];
  u.own_turn.attempted = true;
  u.tactical = false;  // the tactical -1 lasts until the unit's next activation
  u.fleeting = false;  // SHOOT-18: shots after its previous turn's move have been taken
  detail::pre_activation_tests(c, unit);
  if (u.rout_pending || !s.unit_alive(unit)) return;  // SHOOT-32: the odd failure ends it
  c.dice.start();
  const rules::ActivationResult result =
      rules::roll_activation(c.dice, dice_count, s.activation_value(unit), condition_of(u));
  c.roll_event("ACT-06", "activation", s.activation_value(unit), unit,
               {{"action_points", result.action_points},
                {"bust", result.bust},
                {"activated", result.activated},
                {"condition", u.own_turn.pinned       ? "pinned"
                              : u.own_turn.suppressed ? "suppressed"
                                                      : "normal"}});
  s.active_unit = static_cast<std::int16_t>(unit);
  s.action_points = static_cast<std::int8_t>(result.action_points);
  s.bust_pending = result.bust;
  s.failed_dice = static_cast<std::int8_t>(result.failures);
  bool offer = false;
  if (result.failures > 0) {
    const int other = (s.phasing + 1) % c.setup.sides;
    for (int v = 0; v < static_cast<int>(s.units.size()) && !offer; ++v) {
      offer = can_pick_up(s, v, other);
    }
  }
  if (offer) {
    s.phase = Phase::pick_up;
  } else if (s.action_points > 0) {
    s.phase = Phase::active;
  } else {
    detail::finish_activation(c);
  }
}

void pick_up(Context& c, const Action& a) {
  GameState& s = c.state;
  s.reaction_count = 0;
  for (int i = 0; i < a.pick_count; ++i) {
    const auto [unit, dice_count] = a.picks[i];
    UnitState& u = s.units[unit];
    u.picked_up = true;
    c.dice.start();
    const rules::ActivationResult result =
        rules::roll_activation(c.dice, dice_count, s.activation_value(unit), condition_of(u));
    // ACT-08 ruling: failures on a pick-up roll never bust.
    c.roll_event("ACT-08", "pick-up activation", s.activation_value(unit), unit,
                 {{"action_points", result.action_points}});
    if (result.action_points > 0) {
      s.reactions[s.reaction_count++] = {static_cast<std::int16_t>(unit),
                                         static_cast<std::int8_t>(result.action_points)};
    }
  }
  s.failed_dice = 0;
  if (s.bust_pending)
    if (c.logging()) c.event({{"type", "bust_cancelled"}, {"rule", "ACT-08"}});
  s.bust_pending = false;  // ACT-08: any pick-up cancels the bust
  if (s.reaction_count > 0) {
    s.phase = Phase::reaction;
  } else if (s.action_points > 0) {
    s.phase = Phase::active;
  } else {
    detail::finish_activation(c);
  }
}

}  // namespace

}  // namespace arap::game
