// The tactician's weighing of smoke laid in play (ADV-35 smoke grenades, ADV-50 dischargers): what
// the cloud would hide, measured on the table with it laid, before it is.
#include <fmt/format.h>

#include "ai/tactician_scorer.hpp"

namespace arap::ai::detail {

void Scorer::score_smoke(ScoredAction& out) {
  const Action& a = out.action;
  const int side = a_.side_of(a.unit);
  std::vector<game::Cloud> clouds;
  double p_laid = 1.0;
  if (a.kind == ActionKind::throw_smoke) {
    const game::SmokeOutlook outlook = game::smoke_outlook(s_, a);
    if (!outlook.legal) {
      out.score = kRefused;
      return;
    }
    p_laid = outlook.p_on_target;  // a miss scatters: counted as laying nothing of use
    game::Cloud cloud;
    cloud.centre = {a.dx, a.dy};
    cloud.radius = outlook.weapon->effect_size;
    cloud.side = static_cast<std::int8_t>(side);
    cloud.blind = outlook.weapon->has(data::WeaponProperty::blind);
    clouds.push_back(cloud);
    out.odds["p_on_target"] = p_laid;
  } else {
    for (int m : s_.members(a.unit)) {
      if (!s_.models[m].pose.alive || s_.models[m].smoke_discharged) continue;
      for (const auto* weapon : s_.setup->models[m].group->weapons) {
        if (!weapon->has(data::WeaponProperty::discharger)) continue;
        game::Cloud cloud;
        cloud.centre = s_.models[m].pose.position;
        cloud.radius = weapon->effect_size;
        cloud.side = static_cast<std::int8_t>(side);
        cloud.blind = weapon->has(data::WeaponProperty::blind);
        clouds.push_back(cloud);
        break;
      }
    }
  }
  const table::Table after = game::table_with_clouds(s_, clouds);
  double screened = 0.0;  // expected wounds the enemy's guns no longer deal us
  double blinded = 0.0;   // ... and ours no longer deal them
  for (int u = 0; u < static_cast<int>(s_.units.size()); ++u) {
    const auto& k = a_.unit(u);
    if (!k.on_table || k.routing) continue;
    const bool tactical = s_.units[u].tactical;
    const double saved =
        a_.exposure(u, k.centre, tactical) - a_.exposure_on(after, u, k.centre, tactical);
    if (saved == 0.0) continue;
    (k.side == side ? screened : blinded) += saved * per_wound(u);
  }
  out.score = p_laid * w_.exposure * (w_.own_losses * screened - blinded) - w_.min_gain;
  out.why = fmt::format(
      "smoke hides {:.1f} points of our units from enemy guns, and {:.1f} of theirs from ours",
      screened, blinded);
  out.odds["screened"] = screened;
  out.odds["blinded"] = blinded;
}

}  // namespace arap::ai::detail
