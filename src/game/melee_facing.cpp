// ADV-52 (advanced, option melee_facing): facing in mêlée. At the start of every round each model
// with enemies about it (within either one's mêlée radius, MELEE-01) turns toward the most
// numerous threat, the most potent (weapon skill) among equals: the Charged face their Chargers
// once the Charge's direction has fixed its bonuses (CHARGE-05, kept in the units' round state),
// and a fighter beset from several sides faces the larger group, so its front-arc blows reach the
// others only through MELEE-08's later tiers.
#include <algorithm>
#include <cmath>
#include <limits>

#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "table/geometry.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

namespace {

struct Threat {
  int model = -1;
  double bearing = 0.0;  // from the model that turns
};

// How a facing meets the threats: how many lie in the front arc, their summed weapon skill.
struct Covered {
  int count = 0;
  int skill = 0;
  bool operator>(const Covered& o) const {
    return count != o.count ? count > o.count : skill > o.skill;
  }
};

Covered covered(const GameState& s, table::TableModel me, double facing,
                const std::vector<Threat>& threats) {
  me.facing = facing;
  Covered out;
  for (const Threat& t : threats)
    if (table::in_attack_arc(me, s.models[t.model].pose.position, table::AttackArc::front)) {
      ++out.count;
      out.skill += s.info(t.model).profile->weapon_skill;
    }
  return out;
}

}  // namespace

std::vector<int> face_threats(GameState& s, const std::vector<int>& units) {
  std::vector<int> turned;
  std::vector<Threat> threats;
  for (const int u : units) {
    const std::uint64_t foes = s.units[u].locked;
    // The box of the living foes, their widest base and largest size: a model farther from it
    // than either's mêlée radius could stretch has no threat about it, and the table is not
    // scanned for it (in a big unit, most models stand well back from the fight).
    table::Point lo{std::numeric_limits<double>::infinity(),
                    std::numeric_limits<double>::infinity()};
    table::Point hi = lo * -1.0;
    double widest = 0.0;
    double largest = 0.0;
    bool any_foe = false;
    for (const auto& model : s.models) {
      const auto& them = model.pose;
      if (!them.alive || !(foes & bit(them.unit))) continue;
      any_foe = true;
      lo = {std::min(lo.x, them.position.x), std::min(lo.y, them.position.y)};
      hi = {std::max(hi.x, them.position.x), std::max(hi.y, them.position.y)};
      widest = std::max(widest, them.base_radius);
      largest = std::max(largest, static_cast<double>(them.size));
    }
    if (!any_foe) continue;  // nobody turns
    for (int m : s.members(u)) {
      const auto& me = s.models[m].pose;
      if (!me.alive) continue;
      // MELEE-01's radius either way round, widened far beyond rounding.
      const double radius =
          std::max({me.base_radius + widest, static_cast<double>(me.size), largest}) * 1.000001 +
          1e-6;
      if (table::distance_to_box(me.position, lo, hi) > radius) continue;
      threats.clear();
      for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
        const auto& them = s.models[n].pose;
        if (!them.alive || !(foes & bit(s.models[n].pose.unit))) continue;
        if (table::within_melee_radius(me, them) || table::within_melee_radius(them, me))
          threats.push_back({n, table::bearing(me.position, them.position)});
      }
      if (threats.empty()) continue;
      // The facings worth trying: squarely at each threat. The model keeps its own unless one of
      // them covers more (or as many, more potent) threats.
      const Covered now = covered(s, me, me.facing, threats);
      Covered best = now;
      double best_facing = me.facing;
      for (const Threat& t : threats) {
        const Covered c = covered(s, me, t.bearing, threats);
        if (c > best) {
          best = c;
          best_facing = t.bearing;
        }
      }
      if (!(best > now)) continue;
      // Squarely at the group it chose: the mean of their bearings, where that keeps them all.
      table::Point sum;
      table::TableModel probe = me;
      probe.facing = best_facing;
      for (const Threat& t : threats)
        if (table::in_attack_arc(probe, s.models[t.model].pose.position, table::AttackArc::front))
          sum = sum + table::heading_vector(t.bearing);
      if (table::length(sum) > 1e-9) {
        const double mean = table::normalise_bearing(table::bearing(table::Point{}, sum));
        if (!(best > covered(s, me, mean, threats))) best_facing = mean;
      }
      s.models[m].pose.facing = table::normalise_bearing(best_facing);
      turned.push_back(m);
    }
  }
  return turned;
}

}  // namespace arap::game::detail
