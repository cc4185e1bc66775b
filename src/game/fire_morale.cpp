// SHOOT-28..35, MORALE-02..05 and ADV-43/44: the morale tests fire forces, when they are taken
// (never a heavy-casualty test for the dogged, never a pinning test in mêlée) and what their
// failures do; also the shared helpers for casualties and positions.
#include <algorithm>
#include <cmath>
#include <limits>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "rules/fire_morale.hpp"
#include "rules/leadership.hpp"
#include "table/movement.hpp"

namespace arap::game {

table::Point unit_centre(const GameState& s, int unit) {
  table::Point sum;
  int n = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    sum = sum + s.models[m].pose.position;
    ++n;
  }
  return n > 0 ? sum * (1.0 / n) : sum;
}

}  // namespace arap::game

namespace arap::game::detail {

table::Point moving_from(const Context& c, int unit) {
  return c.logging() && c.state.unit_alive(unit) ? unit_centre(c.state, unit) : table::Point{};
}

void log_unit_moved(Context& c, int unit, const table::Point& from, const char* why,
                    const char* rule) {
  if (!c.logging()) return;
  const GameState& s = c.state;
  Event e{{"type", "unit_moved"},     {"unit", unit},  {"why", why},       {"rule", rule},
          {"from", {from.x, from.y}}, {"to", nullptr}, {"facing", nullptr}};
  if (s.unit_alive(unit)) {
    const table::Point to = unit_centre(s, unit);
    e["to"] = {to.x, to.y};
    for (int m : c.state.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      e["facing"] = s.models[m].pose.facing;
      break;
    }
  }
  c.event(std::move(e));
}

int nearest_enemy_unit(const GameState& s, int unit, double* range) {
  const auto& info = s.setup->units[unit];
  int best = -1;
  double best_range = std::numeric_limits<double>::infinity();
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const auto& pose = s.models[m].pose;
    if (!pose.alive || pose.side == info.side) continue;
    for (int own : s.members(unit)) {
      if (!s.models[own].pose.alive) continue;
      const table::Point apart = pose.position - s.models[own].pose.position;
      const double squared = table::dot(apart, apart);  // compare squares: no square roots
      if (squared < best_range) {
        best_range = squared;
        best = s.models[m].pose.unit;
      }
    }
  }
  if (range != nullptr) *range = std::sqrt(best_range);
  return best;
}

bool enemy_within(const GameState& s, int unit, double inches, bool seen_only) {
  const auto& info = s.setup->units[unit];
  const double reach_sq = (inches + 1e-9) * (inches + 1e-9);
  // The unit's bounding box, grown by the reach: a foe outside it is farther than `inches` from
  // every model, so only the foes inside are measured against each (every free move asks this).
  double lo_x = 1e18, lo_y = 1e18, hi_x = -1e18, hi_y = -1e18;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const table::Point& p = s.models[m].pose.position;
    lo_x = std::min(lo_x, p.x);
    lo_y = std::min(lo_y, p.y);
    hi_x = std::max(hi_x, p.x);
    hi_y = std::max(hi_y, p.y);
  }
  const double grow = inches + 1e-6;
  for (int e = 0; e < static_cast<int>(s.models.size()); ++e) {
    const auto& other = s.models[e];
    if (!other.pose.alive || other.pose.side == info.side) continue;
    const table::Point& q = other.pose.position;
    if (q.x < lo_x - grow || q.x > hi_x + grow || q.y < lo_y - grow || q.y > hi_y + grow) continue;
    if (seen_only && s.units[s.models[e].pose.unit].hidden) continue;
    for (int m : s.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      const table::Point d = other.pose.position - s.models[m].pose.position;
      if (table::dot(d, d) <= reach_sq) return true;
    }
  }
  return false;
}

void remove_casualty(Context& c, int model) {
  GameState& s = c.state;
  s.models[model].pose.alive = false;
  s.models[model].wounds_left = 0;
  const int unit = c.state.models[model].pose.unit;
  ++s.units[unit].own_turn.casualties_taken;
  if (c.logging()) c.event({{"type", "casualty"}, {"unit", unit}, {"model", model}});
  // ADV-15: a unit wiped out drops its ladder where its last model fell.
  if (!s.portable_ladders.empty() && !s.unit_alive(unit))
    drop_ladder(c, unit, s.models[model].pose.position, "its bearers are gone");
}

// An acting unit that is pinned mid-activation loses two of its unspent AP (SHOOT-29 ruling (3)).
void pin(Context& c, int unit, const char* rule) {
  GameState& s = c.state;
  s.units[unit].own_turn.pinned = true;
  s.units[unit].own_turn.suppressed = false;  // SHOOT-29: never both
  clear_s_points(c, unit, "pinned");          // ADV-02
  if (c.logging()) c.event({{"type", "pinned"}, {"unit", unit}, {"rule", rule}});
  if (c.setup.rulings.shoot_29_timing() != rules::PinTiming::immediate) return;
  if (s.phase == Phase::active && s.active_unit == unit) {
    s.action_points = static_cast<std::int8_t>(std::max(0, s.action_points - 2));
  }
  if (s.phase == Phase::reaction && s.reactions[0].unit == unit) {
    s.reactions[0].action_points =
        static_cast<std::int8_t>(std::max(0, s.reactions[0].action_points - 2));
  }
}

namespace {

// A morale check (SHOOT-32 outcomes) with MORALE-05's re-roll.
rules::MoraleOutcome morale_check(Context& c, int unit, rules::LdTest test, int modifier,
                                  const char* rule, const char* what) {
  const auto& info = c.setup.units[unit];
  // ADV-02: each S-point is -1 Ld on the unit's fire and ground tests.
  const int target = rules::leadership_target(c.state.leadership(unit),
                                              modifier + s_point_ld_modifier(c.state, unit, test));
  c.dice.start();
  const auto roll =
      rules::roll_leadership_test(c.dice, target, rules::may_reroll(test, info.no_fear));
  const auto outcome = rules::morale_outcome(roll);
  // Only the heavy-casualty test (and the dangerous-ground check that shares it, MORALE-08)
  // reads a failure's total as pinned (even) or routed (odd): SHOOT-32. A failed pinning or
  // suppression test is just that.
  const bool even_odd =
      test == rules::LdTest::heavy_casualty || test == rules::LdTest::dangerous_ground;
  c.roll_event(rule, what, target, unit,
               {{"total", roll.total()},
                {"outcome", outcome == rules::MoraleOutcome::passed   ? "passed"
                            : !even_odd                               ? "failed"
                            : outcome == rules::MoraleOutcome::pinned ? "pinned"
                                                                      : "routed"}});
  return outcome;
}

}  // namespace

void start_rout(Context& c, int unit, const char* rule) {
  GameState& s = c.state;
  // ADV-27: a machine never routs; ruling.ADV-27 pins it instead (or lets it be).
  if (machine_stands(c, unit, rule)) {
    if (c.setup.rulings.adv_27() == rules::MachineRout::pinned) pin(c, unit, "ADV-27");
    return;
  }
  s.units[unit].rallied_from = 0;  // ADV-72: a new flight, new pursuers
  reveal(c, unit, "routed");       // ADV-04: a fleeing unit is in plain view
  c.dice.start();
  const int inches = c.dice.roll(6);
  c.roll_event(rule, "rout move", 0, unit, {{"inches", inches}});
  const table::Point from = moving_from(c, unit);
  mark_crossfire_start(s, unit);  // ADV-41
  const int enemy = nearest_enemy_unit(s, unit);
  if (enemy >= 0 && !fixed_in_place(s, unit)) {  // ADV-29: an emplacement stays put
    const table::Point threat = unit_centre(s, enemy);
    auto models = s.table_models();
    for (int m : c.state.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      const auto plan =
          table::plan_straight_move(c.state.table(), models, m, threat, inches * move_rate(s, unit),
                                    table::MoveMode::flee, true);  // ADV-21
      if (!plan || plan->report.left_table) continue;
      s.models[m].pose.position = plan->request.path.back();
      s.models[m].pose.facing = plan->report.final_facing;
      models[m] = s.models[m].pose;
    }
  }
  log_unit_moved(c, unit, from, "rout", rule);
  s.units[unit].rout_pending = true;  // SHOOT-32: routs from the next compulsory phase
  s.units[unit].ground_turns = 0;     // ADV-01: routers are up and running
  if (c.logging()) c.event({{"type", "rout"}, {"unit", unit}, {"rule", rule}});
}

void pre_activation_tests(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& u = s.units[unit];
  const auto& info = c.setup.units[unit];
  // MORALE-04: no heavy-casualty or suppression test for a pinned unit or after a failed
  // pinning test, and one of them per turn.
  if (u.own_turn.morale_checked || u.own_turn.pinned || u.own_turn.pinning_failed || u.routing ||
      u.rout_pending)
    return;
  // SHOOT-31, SHOOT-33/34: units charging, charged or in mêlée this player turn take neither,
  // even when the mêlée is over by the time the turn's untested units are tested.
  if (u.locked != 0 || u.player_turn.engaged) return;
  // MORALE-02: the fearless skip both (the suppression test too: SHOOT-34).
  if (rules::passes_automatically(rules::LdTest::heavy_casualty, info.fearless)) return;
  const auto check =
      rules::heavy_casualty_check(u.strength_at_turn_end, u.own_turn.casualties_taken);
  // ADV-43: the dogged take no heavy-casualty test (a suppression test still).
  if (check.due && !u.own_turn.hazard_checked && !c.setup.dogged(unit)) {
    u.own_turn.morale_checked = true;
    u.own_turn.hazard_checked =
        true;  // MORALE-04: one heavy-casualty test a turn, whatever the cause
    const int modifier =
        (check.half_lost && c.setup.options.heavy_casualty_minus_one_at_half) ? -1 : 0;
    const auto outcome = morale_check(c, unit, rules::LdTest::heavy_casualty, modifier, "SHOOT-31",
                                      "heavy casualty test");
    clear_s_points(c, unit, "heavy_casualty_test");  // ADV-02: the test sheds them all
    if (outcome == rules::MoraleOutcome::pinned) pin(c, unit, "SHOOT-32");
    if (outcome == rules::MoraleOutcome::routed) start_rout(c, unit, "SHOOT-32");
    return;
  }
  // SHOOT-34; ADV-02: S-points replace the suppression test.
  if (info.never_suppressed || c.setup.options.suppression_points) return;
  const int threshold =
      rules::suppression_threshold(u.strength_at_turn_end, c.setup.rulings.shoot_33());
  if (u.own_turn.hits_taken >= threshold || u.own_turn.blast_hit) {
    u.own_turn.morale_checked = true;
    const auto outcome =
        morale_check(c, unit, rules::LdTest::suppression, 0, "SHOOT-33", "suppression test");
    if (outcome != rules::MoraleOutcome::passed) {
      u.own_turn.suppressed = true;
      if (c.logging()) c.event({{"type", "suppressed"}, {"unit", unit}, {"rule", "SHOOT-35"}});
    }
  }
}

void hazard_morale_check(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& u = s.units[unit];
  const auto& info = c.setup.units[unit];
  // MORALE-04: one heavy-casualty test a turn (shooting's or this), none for a pinned unit or
  // after a failed pinning test; MORALE-02: the fearless pass.
  if (u.own_turn.hazard_checked || u.own_turn.pinned || u.own_turn.pinning_failed || u.routing ||
      u.rout_pending ||
      rules::passes_automatically(rules::LdTest::dangerous_ground, info.fearless) ||
      c.setup.dogged(unit) || !s.unit_alive(unit))  // ADV-43: nor the dogged, a heavy-casualty test
    return;
  if (!rules::heavy_casualty_check(u.strength_at_turn_end, u.own_turn.hazard_losses).due) return;
  u.own_turn.hazard_checked = true;
  const auto outcome = morale_check(c, unit, rules::LdTest::dangerous_ground, 0, "MORALE-08",
                                    "dangerous ground check");
  clear_s_points(c, unit, "heavy_casualty_test");  // ADV-02: a 25% test like SHOOT-31's
  if (outcome == rules::MoraleOutcome::pinned) pin(c, unit, "MORALE-08");         // unspent AP - 2
  if (outcome == rules::MoraleOutcome::routed) start_rout(c, unit, "MORALE-08");  // ends it
}

bool s_point_test_failed(Context& c, int unit) {
  return morale_check(c, unit, rules::LdTest::suppression, 0, "ADV-02", "suppression point test") !=
         rules::MoraleOutcome::passed;
}

void pinning_test(Context& c, int unit, bool multiple_battery) {
  GameState& s = c.state;
  UnitState& u = s.units[unit];
  // SHOOT-28: routers pass; SHOOT-29: a pinned unit takes no more; MORALE-02: the fearless pass;
  // ADV-44 (advanced, option no_pinning_in_melee): nor does a unit locked in mêlée test.
  // ADV-01: nor a unit gone to ground.
  if (u.routing || u.rout_pending || u.own_turn.pinned || u.gone_to_ground() ||
      (u.locked != 0 && c.setup.options.no_pinning_in_melee) ||
      rules::passes_automatically(rules::LdTest::pinning, c.setup.units[unit].fearless) ||
      !s.unit_alive(unit))
    return;
  const auto outcome =
      morale_check(c, unit, rules::LdTest::pinning, rules::pinning_test_modifier(multiple_battery),
                   "SHOOT-28", "pinning test");
  if (outcome != rules::MoraleOutcome::passed) {
    u.own_turn.pinning_failed = true;
    pin(c, unit, "SHOOT-28");
  }
}

}  // namespace arap::game::detail
