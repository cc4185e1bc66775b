// DICE-09 / MORALE-01..05: Leadership tests, the heavy-casualty outcome split (SHOOT-32) and the
// They Shall Know No Fear re-roll, live and exact.
#pragma once

#include <cstdint>
#include <optional>

#include "dice/dice_source.hpp"
#include "dice/rolls.hpp"

namespace arap::rules {

// MORALE-01: every Ld test the rules call for. Morale checks answer fire, losses and defeat;
// control tests are the unit's own attempts (breaking off, rallying, holding back from pursuit).
enum class LdTest : std::uint8_t {
  pinning,           // SHOOT-28
  heavy_casualty,    // SHOOT-31
  suppression,       // SHOOT-33/35
  rout,              // MELEE-16
  dangerous_ground,  // MORALE-08
  poor_resolve,      // ADV-65
  break_off,         // MELEE-10
  rally,             // MELEE-21
  not_pursuing,      // MELEE-24
  halt_pursuit,      // MELEE-25
};
bool is_morale_check(LdTest test);

// MORALE-02: units that pass morale checks automatically (fearless) still roll control tests.
inline bool passes_automatically(LdTest test, bool fearless) {
  return fearless && is_morale_check(test);
}

// MORALE-05: They Shall Know No Fear re-rolls a failed rout or rally test or any morale check.
inline bool may_reroll(LdTest test, bool no_fear) {
  return no_fear && (is_morale_check(test) || test == LdTest::rally);
}

// The modified Ld a test is rolled against (DICE-09: modifiers add to Ld).
inline int leadership_target(int leadership, int modifier) {
  return leadership + modifier;
}

// ADV-65 (optional): a unit of poor resolve that had `before` models when charge-time fire began
// and lost `lost` of them tests against the Ld returned, at -1 when fewer than half its full
// `strength` are left; nothing when it lost under a quarter.
std::optional<int> poor_resolve_target(int leadership, int strength, int before, int lost);

// SHOOT-32 (also MORALE-08): a passed test, an even failure (pinned) or an odd failure (rout).
enum class MoraleOutcome : std::uint8_t { passed, pinned, routed };
MoraleOutcome morale_outcome(const dice::LeadershipRoll& roll);

struct LeadershipOdds {
  int target = 0;
  double p_pass = 0.0;
  double p_fail_even = 0.0;  // SHOOT-32: pinned
  double p_fail_odd = 0.0;   // SHOOT-32: D6" move and rout
};
// `reroll`: MORALE-05, a failed test is taken once more and the second result stands.
LeadershipOdds leadership_odds(int target, bool reroll = false);

// Rolls a test, re-rolling one failure when `reroll` (MORALE-05).
dice::LeadershipRoll roll_leadership_test(dice::DiceSource& dice, int target, bool reroll = false);

}  // namespace arap::rules
