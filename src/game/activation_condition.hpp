// ACT-06, SHOOT-29/35: how a unit's activation roll is read (pinned and suppressed units roll
// differently). The engine's live roll, the preview's odds and the tactician share this one test.
#pragma once

#include "game/state.hpp"
#include "rules/activation.hpp"

namespace arap::game {

inline rules::ActivationCondition activation_condition(const GameState& s, int unit) {
  const auto& u = s.units[unit];
  if (u.own_turn.pinned) return rules::ActivationCondition::pinned;
  if (u.own_turn.suppressed) return rules::ActivationCondition::suppressed;
  return rules::ActivationCondition::normal;
}

}  // namespace arap::game
