// ADV-74 (advanced, option coherency): a split unit reforms once none of its parts is in close
// combat. The main body is the part with the squad's leader, else the largest; a smaller part goes
// to the main body, and parts of equal size (no leader in either) go to each other. A smaller part
// held in a firefight (pinned or gone to ground: it cannot come) is gone to by the main body
// instead. Parts merge as they come within 3" of each other (GEN-09, sub_units.cpp).
//
// Rulings (least advantage, documented in docs/game.md): under `ruling.ADV-74: obliged` (the
// default) every move of a part that must go to another ends with its centre nearer that part's
// centre, unless no step straight toward it is open (the way is blocked); the part may still fire,
// hold, hide or charge, which the rule does not speak of. Under `guidance` the rules' "usually"
// is advice and nothing is refused. Mobs (ADV-20) split and merge as their player likes: they
// never must reform. A part away from the table (fled, in reserve) is no part to go to.
#include <algorithm>

#include <fmt/format.h>
#include <boost/container/small_vector.hpp>

#include "game/context.hpp"
#include "table/geometry.hpp"

namespace arap::game::detail {

namespace {

// Whether `unit` is out of close combat: not locked, routing, pursuing or consolidating.
bool out_of_combat(const UnitState& u) {
  return u.locked == 0 && !u.routing && !u.rout_pending && u.pursuing < 0 && u.consolidation == 0;
}

// Whether `unit` stands on the table as a part to go to (not fled, away or in reserve).
bool on_table(const GameState& s, int unit) {
  const UnitState& u = s.units[unit];
  return s.unit_alive(unit) && !u.fled && !u.away && !u.in_reserve;
}

// A part held in a firefight cannot come to the main body: it is pinned or has gone to ground.
bool held(const UnitState& u) {
  return u.own_turn.pinned || u.gone_to_ground();
}

}  // namespace

int reform_target(const GameState& s, int unit) {
  const GameSetup& setup = *s.setup;
  if (!setup.options.coherency || setup.rulings.adv_74() == rules::Reform::guidance) return -1;
  const int squad = setup.squad_of(unit);
  const UnitInfo& info = setup.units[squad];
  if (info.slot_count == 0 || info.mob) return -1;  // ADV-20: a mob reforms as it likes
  if (!on_table(s, unit)) return -1;
  // The squad's parts on the table; none may be in close combat.
  boost::container::small_vector<int, 8> parts;
  const auto consider = [&](int part) {
    if (!on_table(s, part)) return true;
    if (!out_of_combat(s.units[part])) return false;
    parts.push_back(part);
    return true;
  };
  if (!consider(squad)) return -1;
  for (int k = 0; k < info.slot_count; ++k)
    if (!consider(info.first_slot + k)) return -1;
  const int count = static_cast<int>(parts.size());
  if (count < 2) return -1;
  // The main body: the leader's part, else the largest (the lowest unit among equals).
  const int leader = info.leader_model;
  int body = -1;
  if (leader >= 0 && s.models[leader].pose.alive) {
    for (int k = 0; k < count; ++k)
      if (s.models[leader].pose.unit == parts[k]) body = parts[k];
  }
  int largest = 0;
  for (int k = 0; k < count; ++k) largest = std::max(largest, s.living_models(parts[k]));
  if (body < 0)
    for (int k = 0; k < count && body < 0; ++k)
      if (s.living_models(parts[k]) == largest) body = parts[k];
  const bool led = s.leader_of(body) >= 0;
  const table::Point centre = unit_centre(s, unit);
  const auto nearest_of = [&](auto&& wanted) {
    int best = -1;
    double gap = 1e18;
    for (int k = 0; k < count; ++k) {
      const int part = parts[k];
      if (part == unit || !wanted(part)) continue;
      const double d = table::distance(centre, unit_centre(s, part));
      if (d < gap) {
        gap = d;
        best = part;
      }
    }
    return best;
  };
  // Without a leader, parts as large as the main body meet it (and each other) midway.
  const auto equal = [&](int part) { return !led && s.living_models(part) == largest; };
  if (unit != body) {
    if (held(s.units[unit])) return -1;  // the main body comes to it
    if (equal(unit)) return nearest_of(equal);
    return body;
  }
  // The main body goes to a smaller part held in a firefight, or meets an equal one.
  return nearest_of([&](int part) {
    return equal(part) || (s.living_models(part) < largest && held(s.units[part]));
  });
}

std::string reform_move_problem(const GameState& s, const Action& a, bool explain) {
  if (a.dx == 0.0 && a.dy == 0.0) return "";  // no move (closing ranks moves its stragglers only)
  const int target = reform_target(s, a.unit);
  if (target < 0) return "";
  const table::Point from = unit_centre(s, a.unit);
  const table::Point at = unit_centre(s, target);
  const table::Point to{from.x + a.dx, from.y + a.dy};
  const double gap = table::distance(from, at);
  if (gap < 1e-6 || table::distance(to, at) < gap - 1e-6) return "";
  // The way is blocked when not even a short step straight toward the other part is open.
  Action step = a;
  step.mode = table::MoveMode::normal;
  for (int m : s.members(a.unit))
    if (s.models[m].pose.alive && s.models[m].prone) step.mode = table::MoveMode::crawl;
  const double inches = std::min(0.25, gap);
  step.dx = (at.x - from.x) * inches / gap;
  step.dy = (at.y - from.y) * inches / gap;
  if (!move_illegal(s, step, a.kind == ActionKind::free_move, nullptr, false).empty()) return "";
  if (!explain) return "ADV-74";
  return fmt::format(
      "ADV-74: {} is reforming with {} (no part of the unit is in close combat): its moves must "
      "bring it nearer to it",
      s.setup->units[a.unit].name, s.setup->units[target].name);
}

}  // namespace arap::game::detail
