#include "odds/attack_simulation.hpp"

namespace arap::odds {

SimulatedAttack simulate_attack(const AttackRequest& request, const AttackReport& report,
                                dice::DiceSource& dice) {
  rules::CasualtyState target(request.target.models, request.target.wounds, request.allocation);
  const rules::WoundingProfile profile = wounding_profile(request, report);
  SimulatedAttack result;
  const auto add = [&](const rules::AttackTally& tally) { result.unsaved += tally.unsaved; };
  if (report.resolution == "direct" || report.resolution == "melee") {
    for (const auto& group : report.groups) {
      add(rules::resolve_attacks(dice, group.attacks, group.hit_goal, profile, target));
    }
  } else if (report.resolution == "template") {
    const rules::CoverCounts under = effective_models_under(request);
    for (int t = 0; t < report.shots; ++t) {
      const auto hits = rules::roll_template_hits(dice, report.hit_goal, under, request.rulings);
      add(rules::resolve_hits(dice, hits.hit.total(), profile, target));
    }
  } else {
    const rules::CoverCounts under = effective_models_under(request);
    for (int m = 0; m < report.shots; ++m) {
      bool on_target = true;
      if (request.scatter == ScatterAssumption::misses) {
        rules::AreaDelivery delivery = rules::AreaDelivery::fired;
        if (report.resolution == "thrown") delivery = rules::AreaDelivery::thrown_grenade;
        if (report.resolution == "indirect") delivery = rules::AreaDelivery::indirect;
        if (report.resolution == "hidden") delivery = rules::AreaDelivery::hidden_target;
        on_target = rules::roll_area_scatter(dice, delivery, report.hit_goal, request.range,
                                             request.rulings)
                        .on_target;
      }
      if (!on_target) continue;
      add(rules::resolve_hits(dice, rules::roll_area_hits(dice, under).total(), profile, target));
    }
  }
  result.slain = target.slain();
  return result;
}

}  // namespace arap::odds
