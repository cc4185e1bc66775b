// apply (DESIGN "the door"): an action checked by the one legality check (legality.cpp), then
// resolved by its rule area with the dice the caller gives or the game's own, every roll and
// outcome logged as events; also reseed (safe chance), the activation roll and the pick-up of
// failed dice (ACT-01..08).
#include "game/engine.hpp"

#include <fmt/format.h>

#include "game/activation_condition.hpp"
#include "game/climbing.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/planner.hpp"
#include "rules/activation.hpp"

namespace arap::game {

using detail::acting_unit;
using detail::can_pick_up;
using detail::Context;
using detail::illegal_reason_checked;

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
  for (int m : c.state.members(unit)) {
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
    case ActionKind::split:  // GEN-09 / ADV-19
      detail::apply_split(c, a);
      break;
    case ActionKind::join:  // ADV-19 / ADV-20
      detail::apply_join(c, a);
      break;
    case ActionKind::leave:  // ADV-19
      detail::apply_leave(c, a);
      break;
    case ActionKind::pursuit_order:  // MELEE-25
      detail::apply_pursuit_order(c, a);
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
      const rules::ClimbKit kit =
          a.mode == table::MoveMode::climb ? climb_kit(s, unit) : rules::ClimbKit::none;
      if (kit == rules::ClimbKit::climbing_gear) {
        // ADV-13: climbing gear (or hooks, pads) climbs up and down without the test.
        if (c.logging()) c.event({{"type", "climbing_gear"}, {"unit", unit}, {"rule", "ADV-13"}});
      } else if (a.mode == table::MoveMode::climb) {
        // MOVE-20: an Initiative test for the unit; failed, it stays at the foot.
        const int initiative = c.setup.units[unit].initiative;
        c.dice.start();
        moves = dice::roll_low(c.dice, initiative);
        c.roll_event("MOVE-20", "climbing test", initiative, unit, {{"passed", moves}});
        if (!moves && kit == rules::ClimbKit::rope_and_grapple) {
          // ADV-14: a rope and grapple lets the climbers roll the failed test again.
          c.dice.start();
          moves = dice::roll_low(c.dice, initiative);
          c.roll_event("ADV-14", "climbing test again (rope and grapple)", initiative, unit,
                       {{"passed", moves}});
        }
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
    case ActionKind::throw_smoke:  // ADV-35: a shooting action (ADV-06: no Fleet move after it)
      s.units[unit].player_turn.fired = true;
      detail::apply_smoke_throw(c, a);
      s.units[unit].own_turn.aimed = false;  // SHOOT-08: the aim was spent on the throw
      spend(c, 1);
      break;
    case ActionKind::place_ladder:  // ADV-15
      detail::apply_place_ladder(c, a);
      s.units[unit].own_turn.aimed = false;  // SHOOT-08: the aim was for a shot next
      spend(c, 1);
      break;
    case ActionKind::pick_up_ladder:
      detail::apply_pick_up_ladder(c, a);
      s.units[unit].own_turn.aimed = false;
      spend(c, 1);
      break;
    case ActionKind::throw_grapple:  // ADV-14
      detail::apply_grapple(c, a);
      s.units[unit].own_turn.aimed = false;
      spend(c, 1);
      break;
    case ActionKind::cast_down_ladder:
      detail::apply_cast_down(c, a);
      if (s.unit_alive(unit)) s.units[unit].own_turn.aimed = false;
      spend(c, 1);
      break;
    case ActionKind::discharge_smoke:  // ADV-50
      detail::apply_discharge(c, a);
      spend(c, 0);  // free, but it may end an activation kept open only for a Fleet move
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
  detail::merge_parts(c);  // GEN-09: parts back within 3" of each other are one unit again
  detail::spot_hidden_units(c);
  detail::check_game_end(c);
#ifdef ARAP_CHECK_INVARIANTS
  check_invariants(s);
#endif
  return "";
}

}  // namespace

namespace {

void activate(Context& c, int unit, int dice_count) {
  GameState& s = c.state;
  UnitState& u = s.units[unit];
  u.own_turn.attempted = true;
  u.tactical = false;  // the tactical -1 lasts until the unit's next activation
  u.fleeting = false;  // SHOOT-18: shots after its previous turn's move have been taken
  detail::pre_activation_tests(c, unit);
  if (u.rout_pending || !s.unit_alive(unit)) return;  // SHOOT-32: the odd failure ends it
  c.dice.start();
  const rules::ActivationResult result = rules::roll_activation(
      c.dice, dice_count, s.activation_value(unit), activation_condition(s, unit));
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
    const rules::ActivationResult result = rules::roll_activation(
        c.dice, dice_count, s.activation_value(unit), activation_condition(s, unit));
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
