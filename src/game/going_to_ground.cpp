// ADV-01 (optional, option going_to_ground): Going to Ground. A unit throws itself flat as a free
// action of its own turn (instead of activating, or as the end of its activation), or as its
// answer when enemy fire is declared at it, before any dice of that fire are rolled. Gone to
// ground, it takes no pinning tests (SHOOT-28, fire_morale.cpp), its armour save after AP is one
// step better (6+ with none, never better than 2+: rules::save_goal, fire.cpp), Chargers keep
// their Initiative against it in cover (CHARGE-10, charge.cpp), and it cannot be activated (nor
// pick up dice, ACT-08) until the end of its next player turn (ruling A-42, turn.cpp). Its Ld
// tests are taken as ever.
//
// The declared fire waits in GameState::pending_fire while the target answers, then resolves by
// the ordinary shooting rules (engine.cpp). A unit pinned by fire may go to ground when the next
// fire is declared at it; the rest of the fire that pinned it has landed by then (the 2.3 detail
// of ADV-01), since an action's fire resolves whole.
#include <fmt/format.h>

#include "game/context.hpp"

namespace arap::game::detail {

namespace {

// Why `unit` cannot go to ground at all, whatever the phase; empty when it may.
std::string ground_problem(const GameState& s, int unit) {
  const UnitState& u = s.units[unit];
  if (!s.setup->options.going_to_ground)
    return "ADV-01: going to ground is switched off in this scenario (option going_to_ground)";
  if (u.gone_to_ground()) return "ADV-01: the unit has already gone to ground";
  if (u.routing || u.rout_pending) return "ADV-01: a routing unit cannot go to ground";
  // Engine reading: pursuers and units in a fight are swept along by the mêlée (MELEE-23/29); a
  // charged unit fights normally, so going to ground is no way out of one.
  if (u.pursuing >= 0) return "ADV-01: a pursuing unit follows its routers: it cannot go to ground";
  if (u.locked != 0) return "ADV-01: a unit locked in mêlée fights on: it cannot go to ground";
  return "";
}

}  // namespace

bool fire_response_due(const GameState& s, const Action& a) {
  if (!s.setup->options.going_to_ground) return false;
  if (a.kind != ActionKind::shoot && a.kind != ActionKind::throw_grenade) return false;
  return ground_problem(s, a.target).empty();
}

std::string ground_illegal(const GameState& s, const Action& a) {
  switch (s.phase) {
    case Phase::activation: {
      if (s.setup->units[a.unit].side != s.phasing)
        return "ADV-01: a unit goes to ground in its own player turn, or when fire is declared at "
               "it";
      if (s.units[a.unit].own_turn.attempted)
        return "ADV-01: the unit has already tried to activate this player turn (ACT-04)";
      return ground_problem(s, a.unit);
    }
    case Phase::active:
      return ground_problem(s, a.unit);
    case Phase::reaction:
      return "ADV-01: a unit acting on picked-up dice is in the enemy's turn: it goes to ground "
             "only in its own turn, or when fire is declared at it";
    case Phase::fire_response:
      if (a.unit != s.pending_fire.target)
        return fmt::format("ADV-01: the fire was declared at {}: only it answers",
                           s.setup->units[s.pending_fire.target].name);
      return a.kind == ActionKind::stay_up ? "" : ground_problem(s, a.unit);
    default:
      return "";
  }
}

void go_to_ground(Context& c, int unit) {
  GameState& s = c.state;
  // Ruling A-42: down until its next player turn ends, so a unit that goes down in its own turn
  // stays down through that turn's end too.
  const bool own_turn = c.setup.units[unit].side == s.phasing;
  s.units[unit].ground_turns = static_cast<std::int8_t>(own_turn ? 2 : 1);
  // The activated unit, shot at by a pick-up unit before it acted (ACT-08), gives up its AP: it
  // is not activated while down.
  if (unit == s.active_unit) s.action_points = 0;
  if (c.logging()) c.event({{"type", "gone_to_ground"}, {"unit", unit}, {"rule", "ADV-01"}});
}

void declare_fire(Context& c, const Action& a) {
  GameState& s = c.state;
  auto& fire = s.pending_fire;
  fire.unit = static_cast<std::int16_t>(a.unit);
  fire.target = static_cast<std::int16_t>(a.target);
  fire.grenade = a.kind == ActionKind::throw_grenade;
  fire.heavy = a.heavy;
  fire.guessed = a.guess.has_value();
  fire.guess = a.guess.value_or(0.0);
  fire.back = s.phase;
  s.phase = Phase::fire_response;
  if (c.logging())
    c.event({{"type", "fire_declared"},
             {"unit", a.unit},
             {"target", a.target},
             {"grenade", fire.grenade},
             {"rule", "ADV-01"}});
}

Action answer_fire(Context& c, const Action& answer) {
  GameState& s = c.state;
  const Action fire = declared_fire(s).value();
  if (answer.kind == ActionKind::go_to_ground) go_to_ground(c, answer.unit);
  s.phase = s.pending_fire.back;
  s.pending_fire = {};
  return fire;
}

}  // namespace arap::game::detail

namespace arap::game {

std::optional<Action> declared_fire(const GameState& s) {
  const auto& fire = s.pending_fire;
  if (fire.unit < 0) return std::nullopt;
  Action a = make_action(fire.grenade ? ActionKind::throw_grenade : ActionKind::shoot, fire.unit);
  a.target = fire.target;
  a.heavy = fire.heavy;
  if (fire.guessed) a.guess = fire.guess;
  return a;
}

}  // namespace arap::game
