#include "odds/test_odds.hpp"

#include "rules/leadership.hpp"

namespace arap::odds {

nlohmann::json activation_report(int initiative, int dice_count,
                                 rules::ActivationCondition condition) {
  const int value = rules::activation_value(initiative);
  const rules::ActivationOdds odds = rules::activation_odds(dice_count, value, condition);
  nlohmann::json out;
  out["initiative"] = initiative;
  out["value"] = value;
  out["dice"] = dice_count;
  out["condition"] = condition == rules::ActivationCondition::pinned       ? "pinned"
                     : condition == rules::ActivationCondition::suppressed ? "suppressed"
                                                                           : "normal";
  out["p_bust"] = odds.p_bust;
  out["p_not_activated"] = odds.p_not_activated;
  nlohmann::json actions = nlohmann::json::array();
  for (int k = 0; k <= dice_count; ++k) actions.push_back(odds.action_points[k]);
  out["actions"] = actions;
  out["mean_actions"] = odds.action_points.mean();
  return out;
}

nlohmann::json leadership_report(int leadership, int modifier, bool reroll) {
  const int target = rules::leadership_target(leadership, modifier);
  const rules::LeadershipOdds odds = rules::leadership_odds(target, reroll);
  nlohmann::json out;
  out["leadership"] = leadership;
  out["modifier"] = modifier;
  out["target"] = target;
  out["reroll"] = reroll;
  out["p_pass"] = odds.p_pass;
  out["p_fail"] = 1.0 - odds.p_pass;
  out["p_fail_even"] = odds.p_fail_even;
  out["p_fail_odd"] = odds.p_fail_odd;
  return out;
}

}  // namespace arap::odds
