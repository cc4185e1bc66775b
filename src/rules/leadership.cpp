#include "rules/leadership.hpp"

#include "dice/probability.hpp"

namespace arap::rules {

bool is_morale_check(LdTest test) {
  switch (test) {
    case LdTest::pinning:
    case LdTest::heavy_casualty:
    case LdTest::suppression:
    case LdTest::rout:
    case LdTest::dangerous_ground:
    case LdTest::poor_resolve:
      return true;
    case LdTest::break_off:
    case LdTest::rally:
    case LdTest::not_pursuing:
    case LdTest::halt_pursuit:
      return false;
  }
  return false;
}

std::optional<int> poor_resolve_target(int leadership, int strength, int before, int lost) {
  if (before <= 0 || lost * 4 < before) return std::nullopt;
  const int left = before - lost;
  return leadership_target(leadership, left * 2 < strength ? -1 : 0);
}

MoraleOutcome morale_outcome(const dice::LeadershipRoll& roll) {
  if (roll.passed) return MoraleOutcome::passed;
  return roll.total() % 2 == 0 ? MoraleOutcome::pinned : MoraleOutcome::routed;
}

LeadershipOdds leadership_odds(int target, bool reroll) {
  LeadershipOdds odds;
  odds.target = target;
  const double pass = dice::p_leadership(target);
  const double even = dice::p_leadership_fail_even(target);
  const double odd = dice::p_leadership_fail_odd(target);
  if (!reroll) {
    odds.p_pass = pass;
    odds.p_fail_even = even;
    odds.p_fail_odd = odd;
    return odds;
  }
  const double fail = 1.0 - pass;
  odds.p_pass = pass + fail * pass;
  odds.p_fail_even = fail * even;
  odds.p_fail_odd = fail * odd;
  return odds;
}

dice::LeadershipRoll roll_leadership_test(dice::DiceSource& dice, int target, bool reroll) {
  dice::LeadershipRoll roll = dice::roll_leadership(dice, target);
  if (!roll.passed && reroll) roll = dice::roll_leadership(dice, target);
  return roll;
}

}  // namespace arap::rules
