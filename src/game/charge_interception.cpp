// CHARGE-09 in play: units the Chargers pass may intercept them. Also the lead Charger's move
// into contact (CHARGE-03), shared by the live charge (charge.cpp) and charge_reach, the door's
// view of a charge for previews.
#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "rules/charge.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

LeadMove lead_move(const GameState& s, const std::vector<table::TableModel>& poses,
                   const NearestPair& pair, int goal_unit, double inches, double climb) {
  LeadMove lead;
  lead.plan = table::plan_straight_move(s.table(), poses, pair.own, poses[pair.enemy].position,
                                        inches, table::MoveMode::charge, false, climb);
  if (!lead.plan) return lead;
  lead.moved = poses[pair.own];
  lead.moved.position = lead.plan->request.path.back();
  for (int n : s.members(goal_unit)) {
    lead.contact = poses[n].alive && table::within_melee_radius(lead.moved, poses[n]);
    if (lead.contact) break;
  }
  return lead;
}

bool can_intercept(const GameState& s, int unit, int charger, int target) {
  const UnitState& u = s.units[unit];
  return unit != target && s.setup->units[unit].side != s.setup->units[charger].side &&
         s.unit_alive(unit) && !u.own_turn.pinned && u.locked == 0 && !u.routing &&
         !u.rout_pending && u.pursuing < 0 && (s.charge_progress.passed_by >> unit & 1u) == 0;
}

struct Interception {
  int unit = -1;
  int lead = -1;
  table::Point from;
  table::Point at;  // where the lead Charger first comes within the interceptor's radius
};

// CHARGE-09: the first unit along the lead Charger's path whose mêlée radius the path enters
// (bases touching count too), among those still free to intercept.
Interception first_interceptor(const Context& c) {
  const GameState& s = c.state;
  const int charger = s.charging_unit;
  const int target = s.charge_target;
  Interception found;
  if (!s.unit_alive(charger) || !s.unit_alive(target)) return found;
  const NearestPair pair = nearest_pair(s, charger, target);
  auto poses = s.table_models();
  const auto plan =
      table::plan_straight_move(c.state.table(), poses, pair.own, poses[pair.enemy].position,
                                s.charge_progress.distance, table::MoveMode::charge);
  if (!plan) return found;
  const table::Point from = poses[pair.own].position;
  const table::Point to = plan->request.path.back();
  const double length = table::distance(from, to);
  double first = 1e18;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (!can_intercept(s, v, charger, target)) continue;
    for (int n : c.state.members(v)) {
      if (!poses[n].alive) continue;
      const double reach = std::max(static_cast<double>(poses[n].size),
                                    poses[n].base_radius + poses[pair.own].base_radius) +
                           1e-9;
      double t = 0.0;
      const double gap = table::distance_to_segment(poses[n].position, from, to, &t);
      if (gap > reach) continue;
      const double along = std::max(0.0, t * length - std::sqrt(reach * reach - gap * gap));
      if (along < first) {
        first = along;
        found = {v, pair.own, from, length > 0.0 ? from + (to - from) * (along / length) : from};
      }
    }
  }
  return found;
}

// The Chargers move: an interception offer pauses them (CHARGE-09); otherwise they reach the
// target (CHARGE-03) or fail (CHARGE-04).
void continue_charge(Context& c) {
  GameState& s = c.state;
  const int charger = s.charging_unit;
  const int target = s.charge_target;
  if (const Interception offer = first_interceptor(c); offer.unit >= 0) {
    s.charge_progress.interceptor = static_cast<std::int16_t>(offer.unit);
    s.phase = Phase::interception;
    if (c.logging())
      c.event({{"type", "interception_offered"},
               {"unit", offer.unit},
               {"chargers", charger},
               {"rule", "CHARGE-09"}});
    return;
  }
  s.charging_unit = -1;
  s.charge_target = -1;
  switch (make_contact(c, charger, target, s.charge_progress.distance)) {
    case Contact::made:
      engage(c, charger, target);
      break;
    case Contact::missed:
      fail_charge(c, charger, target, s.charge_progress.highest_die);
      break;
    case Contact::halted:
      halt_charge(c, charger);
      break;
  }
}

// CHARGE-09: the interceptors meet the Chargers where their path entered the interceptors' reach;
// neither side has any Charge bonus.
void intercept(Context& c, int interceptor) {
  GameState& s = c.state;
  const int charger = s.charging_unit;
  const Interception at = first_interceptor(c);
  s.charging_unit = -1;
  s.charge_target = -1;
  s.charge_progress.interceptor = -1;
  auto poses = s.table_models();
  step_toward(c, poses, at.lead, at.at, table::distance(at.from, at.at) + 1e-6,
              table::MoveMode::charge);
  place_chargers(c, charger, interceptor, at.lead, s.charge_progress.distance);
  // The interceptors close in with their move (their automatic activation, CHARGE-09).
  advance_on(c, interceptor, charger, c.state.unit_move(interceptor),
             /*hold_if_engaged=*/true);
  UnitState& cu = s.units[charger];
  UnitState& vu = s.units[interceptor];
  cu.own_turn.moved_this_turn = true;
  cu.round.first_round = true;
  vu.round.first_round = true;
  cu.round.round_inflicted =
      static_cast<std::int16_t>(cu.round.round_inflicted + s.charge_progress.wounds_dealt);
  cu.round.round_taken =
      static_cast<std::int16_t>(cu.round.round_taken + s.charge_progress.wounds_taken);
  lock_units(c, charger, interceptor);
  if (c.logging())
    c.event({{"type", "intercepted"},
             {"unit", interceptor},
             {"chargers", charger},
             {"engaged", units_engaged(s, charger, interceptor)},
             {"rule", "CHARGE-09"}});
  finish_charge(c, charger);
}

std::string interception_illegal(const GameState& s, const Action& a) {
  if (a.unit != s.charge_progress.interceptor) {
    return fmt::format("CHARGE-09: {} decides first whether to intercept",
                       s.setup->units[s.charge_progress.interceptor].name);
  }
  return "";
}

void apply_interception(Context& c, const Action& a) {
  GameState& s = c.state;
  if (a.kind == ActionKind::intercept) {
    reveal(c, a.unit, "intercepted");  // ADV-04: it leaves its hiding place to fight
    intercept(c, a.unit);
    return;
  }
  s.charge_progress.passed_by |= std::uint64_t{1} << a.unit;
  s.charge_progress.interceptor = -1;
  s.phase = s.charge_return;
  if (c.logging()) c.event({{"type", "let_pass"}, {"unit", a.unit}, {"rule", "CHARGE-09"}});
  continue_charge(c);
}

}  // namespace arap::game::detail

namespace arap::game {

ChargeReach charge_reach(const GameState& s, const Action& a) {
  using namespace detail;
  ChargeReach out;
  if (a.kind != ActionKind::charge || !is_legal(s, a)) return out;
  out.legal = true;
  const auto& ci = s.setup->units[a.unit];
  const NearestPair pair = nearest_pair(s, a.unit, a.target);
  out.distance = pair.distance;
  const rules::ChargeMove move = charge_move_of(s, a.unit, a.target);
  out.roll = rules::charge_distance_distribution(move, s.setup->rulings.charge_02());
  out.failed_move = rules::failed_charge_move_distribution(move, s.setup->rulings.charge_02());
  const auto poses = s.table_models();
  // The lead ends no nearer any target model than the pair's distance less the roll, and contact
  // (CHARGE-03) needs it within a base's or its size's reach: shorter rolls need no plan.
  const auto& lead_pose = poses[pair.own];
  double contact_reach = lead_pose.size;
  for (int n : s.members(a.target))
    if (poses[n].alive)
      contact_reach = std::max(contact_reach, lead_pose.base_radius + poses[n].base_radius);
  const auto& rolls = out.roll.probabilities();
  const double rain = move_rate(s, a.unit);  // ADV-15/21: the roll covered at the rain's rate
  for (int i = 0; i < static_cast<int>(rolls.size()); ++i) {
    const int rolled = out.roll.lowest() + i;
    const double inches = rolled * rain;
    if (rolls[i] <= 0.0 || inches <= 0.0) continue;
    if (pair.distance - inches > contact_reach + 0.01) continue;
    // As make_contact: the lead's furthest straight move toward its nearest enemy.
    const LeadMove lead = lead_move(s, poses, pair, a.target, inches, s.unit_move(a.unit));
    if (!lead.contact) continue;
    const auto& plan = lead.plan;
    if (out.shortest_roll < 0) out.shortest_roll = rolled;
    out.p_roll_reaches += rolls[i];
    double p = rolls[i];
    for (std::size_t t = 0; t < plan->report.climbs_at.size(); ++t)
      p *= dice::p_low(ci.initiative);  // CHARGE-07: a test at each obstacle
    if (plan->report.jump_drop > 0.0 && !ci.jump_pack) {
      // MOVE-25/26: one Initiative test per full 2" of the drop, all to be passed (none with a
      // jump pack).
      const int tests = static_cast<int>(std::floor(plan->report.jump_drop / 2.0 + 1e-9));
      for (int t = 0; t < tests; ++t) p *= dice::p_low(ci.initiative);
    }
    out.p_reach += p;
  }
  return out;
}

}  // namespace arap::game
