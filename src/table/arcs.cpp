// SHOOT-04, ACT-15, ADV-32, MELEE-01/02, CHARGE-05: a model's field of view, fire arc and the arc
// its free pivot reaches, one action's targets in one fire arc, attack arcs, the mêlée radius and
// which quadrant of a unit a charger meets.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "table/line_of_sight.hpp"

namespace arap::table {

namespace {

double off_facing(const TableModel& viewer, const Point& p) {
  return std::abs(turn_between(viewer.facing, bearing(viewer.position, p)));
}

constexpr double kEdge = 1e-9;

}  // namespace

bool in_field_of_view(const TableModel& viewer, const Point& p) {
  return off_facing(viewer, p) <= 90.0 + kEdge;
}

bool wholly_in_field_of_view(const TableModel& viewer, const TableModel& target) {
  if (target.size > 2) return in_field_of_view(viewer, target.position);
  // The base's nearest point to the line across the viewer's base must not lie behind it.
  return dot(target.position - viewer.position, heading_vector(viewer.facing)) >=
         target.base_radius - kEdge;
}

std::vector<int> within_one_fire_arc(std::span<const TableModel> models, int from,
                                     std::vector<int> targets) {
  if (targets.size() < 2) return targets;
  const TableModel& shooter = models[from];
  // The usual case, without a bearing for each: every target well inside the present fire arc
  // (45 degrees either side of the facing, by cosine) is within one arc already.
  const Point ahead = heading_vector(shooter.facing);
  const double edge = std::cos(std::numbers::pi / 4.0) + 1e-9;
  if (std::all_of(targets.begin(), targets.end(), [&](int t) {
        const Point d = models[t].position - shooter.position;
        const double len = length(d);
        return len > 1e-6 && dot(ahead, d) > edge * len;
      }))
    return targets;
  // Each target's bearing off the facing, signed (clockwise positive), and the nearest target.
  std::vector<double> off(targets.size());
  double lo = 180.0;
  double hi = -180.0;
  std::size_t nearest = 0;
  for (std::size_t k = 0; k < targets.size(); ++k) {
    const Point& p = models[targets[k]].position;
    double d = bearing(shooter.position, p) - shooter.facing;
    while (d > 180.0) d -= 360.0;
    while (d <= -180.0) d += 360.0;
    off[k] = d;
    lo = std::min(lo, d);
    hi = std::max(hi, d);
    if (distance(shooter.position, p) <
        distance(shooter.position, models[targets[nearest]].position))
      nearest = k;
  }
  if (hi - lo <= 90.0 + kEdge) return targets;  // one arc holds them all (the usual case)
  // An arc [w, w + 90] is reachable for w in [-135, 45] (a turn of w + 45, at most 90 either
  // way) and holds the nearest target for w in [off - 90, off]. The best arc starts at a target's
  // bearing or ends at one, clamped to those bounds.
  const double first = std::max(-135.0, off[nearest] - 90.0);
  const double last = std::min(45.0, off[nearest]);
  std::vector<double> starts = {first, last};
  for (const double d : off) {
    starts.push_back(std::clamp(d, first, last));
    starts.push_back(std::clamp(d - 90.0, first, last));
  }
  const auto count_in = [&](double w) {
    int n = 0;
    for (const double d : off) n += (d >= w - kEdge && d <= w + 90.0 + kEdge) ? 1 : 0;
    return n;
  };
  double best = starts.front();
  int most = -1;
  for (const double w : starts) {
    const int n = count_in(w);
    if (n > most || (n == most && std::abs(w + 45.0) < std::abs(best + 45.0))) {
      most = n;
      best = w;
    }
  }
  std::vector<int> kept;
  for (std::size_t k = 0; k < targets.size(); ++k)
    if (off[k] >= best - kEdge && off[k] <= best + 90.0 + kEdge) kept.push_back(targets[k]);
  return kept;
}

bool in_fire_arc(const TableModel& shooter, const Point& p) {
  return off_facing(shooter, p) <= 45.0 + kEdge;
}

bool in_arc_after_free_pivot(const TableModel& shooter, const Point& p) {
  return off_facing(shooter, p) <= 135.0 + kEdge;
}

bool in_attack_arc(const TableModel& attacker, const Point& p, AttackArc arc) {
  const double off = off_facing(attacker, p);
  switch (arc) {
    case AttackArc::front:
      return off <= 90.0 + kEdge;
    case AttackArc::front_narrow:
      return off <= 45.0 + kEdge;
    case AttackArc::front_and_sides:
      return off <= 135.0 + kEdge;
    case AttackArc::sides_and_rear:
      return off >= 45.0 - kEdge;
    case AttackArc::all_round:
      return true;
  }
  return false;
}

bool within_melee_radius(const TableModel& attacker, const TableModel& target) {
  // Clearly beyond both reaches by the squared distance, without the root (mêlée asks this of
  // every pair of models in a fight); anything nearer is measured exactly.
  const double reach =
      std::max(attacker.base_radius + target.base_radius, static_cast<double>(attacker.size)) +
      kEdge;
  const Point off = target.position - attacker.position;
  if (dot(off, off) > reach * reach * (1.0 + 1e-9)) return false;
  const double d = distance(attacker.position, target.position);
  const bool touching = d <= attacker.base_radius + target.base_radius + kEdge;
  return touching || d <= attacker.size + kEdge;
}

Quadrant quadrant_of(const Point& unit_centre, double unit_facing, const Point& contact) {
  const double off = std::abs(turn_between(unit_facing, bearing(unit_centre, contact)));
  if (off <= 45.0 + kEdge) return Quadrant::front;
  if (off <= 135.0 + kEdge) return Quadrant::flank;
  return Quadrant::rear;
}

}  // namespace arap::table
