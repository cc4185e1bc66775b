// MELEE-23/24/25 in play: the winners' decision to pursue (MELEE-24: a test to stay, the player's
// to take, and none after a fight for a defended feature), and in the compulsory phase pursuers
// test to halt (unless their player presses the pursuit, MELEE-25's choice), follow their routers
// (free hacks on contact, a new fight if the routers rallied), leave the table with routers that
// fled off it, and come back where they left on 4+ in a later turn of their own side.
#include <span>

#include <fmt/format.h>
#include <boost/geometry.hpp>

#include "dice/rolls.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "table/movement.hpp"
#include "table/terrain.hpp"

namespace arap::game::detail {

namespace {

// MELEE-23: routers gone off the table take their pursuers with them; the models wait off the
// table (alive, not on it) until the unit returns.
void leave_with_routers(Context& c, int pursuer, int router) {
  GameState& s = c.state;
  for (int m : c.state.members(pursuer)) s.models[m].pose.alive = false;
  s.units[pursuer].away = true;
  end_pursuit(s.units[pursuer]);
  if (c.logging())
    c.event({{"type", "pursuers_left_table"},
             {"unit", pursuer},
             {"routers", router},
             {"rule", "MELEE-23"}});
}

// Where a returning model stands: where it left, or the nearest clear spot on the table around it
// if another base took that place meanwhile.
table::Point return_point(const GameState& s, int model) {
  return nearest_clear_spot(s, model, s.models[model].pose.position);
}

// ADV-70: a pursuit that runs into an enemy unit other than its routers becomes a Charge against
// it, with the Charge's bonuses from where the pursuers met it (CHARGE-05/06), fought in the next
// rounds; the pursuit ends there. True when it did.
bool charge_into_fresh_enemies(Context& c, int pursuer, int router) {
  GameState& s = c.state;
  const int side = c.setup.units[pursuer].side;
  bool charged = false;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (v == router || c.setup.units[v].side == side || !s.unit_alive(v) || s.units[v].routing ||
        s.units[v].rout_pending || (s.units[pursuer].locked & bit(v)) ||
        !units_engaged(s, pursuer, v))
      continue;
    set_charge_terms(c, pursuer, v, /*no_bonus=*/false);
    lock_units(c, pursuer, v);
    charged = true;
    if (c.logging())
      c.event({{"type", "pursuit_charge"},
               {"unit", pursuer},
               {"target", v},
               {"routers", router},
               {"rule", "ADV-70"}});
  }
  if (charged) end_pursuit(s.units[pursuer]);
  return charged;
}

// MELEE-24 with ruling.MELEE-24 (atFeature): a mêlée was fought for a defended feature (a
// building, strong-point or entrenchment; 2.3 adds walls) when a living model of the winners stands
// in or within 1" of a building, ruin or trench, or within 1" of a wall or barricade. The routers
// have already made their D6" move when the winners decide, so the winners' ground tells.
constexpr double kFeatureReach = 1.0;

bool fought_for_feature(const GameState& s, int unit) {
  if (s.setup->rulings.melee_24() == rules::FeatureFight::never) return false;
  const table::Table& table = s.table();
  for (int m : s.members(unit)) {
    const auto& pose = s.models[m].pose;
    if (!pose.alive) continue;
    const double reach = pose.base_radius + kFeatureReach;
    // Only terrain whose bounds come within reach can count: the table's index gives those.
    const table::Point box{reach + 1e-6, reach + 1e-6};
    const table::Point& p = pose.position;
    for (const int index : table.features_near(p - box, p + box)) {
      const auto& f = table.features()[index];
      if (f.kind != table::TerrainKind::building && f.kind != table::TerrainKind::ruin &&
          f.kind != table::TerrainKind::trench)
        continue;
      if (boost::geometry::distance(table::to_boost(p), f.footprint) <= reach) return true;
    }
    for (const int index : table.obstacles_near(p - box, p + box)) {
      const auto& o = table.obstacles()[index];
      if ((o.kind != table::TerrainKind::wall && o.kind != table::TerrainKind::barricade) ||
          o.door >= 0)
        continue;
      for (std::size_t k = 1; k < o.points.size(); ++k)
        if (table::distance_to_segment(p, o.points[k - 1], o.points[k]) <= reach) return true;
    }
  }
  return false;
}

// MELEE-24/25: the Ld control test of `unit`, about to pursue or pursuing `router` (the test to
// stay, or to halt), -1 against a Hated enemy (MORALE-06); the caller logs it under its rule.
struct ControlTest {
  int target = 0;
  bool passed = false;
};

ControlTest pursuit_control_test(Context& c, int unit, int router) {
  const bool hated = (c.setup.units[unit].hates & bit(router)) != 0;
  const int target = rules::pursuit_control_target(c.state.leadership(unit), hated);
  c.dice.start();
  return {target, rules::roll_leadership_test(c.dice, target).passed};
}

}  // namespace

void decide_pursuit(Context& c, int winner, int router) {
  GameState& s = c.state;
  const auto& info = c.setup.units[winner];
  if (!s.unit_alive(winner) || s.units[winner].routing || s.units[winner].rout_pending) return;
  if (fixed_in_place(s, winner)) return;  // ADV-29: an emplacement does not pursue
  rules::PursuitInputs in;
  in.frenzied = info.frenzy;
  in.terrain_feature = fought_for_feature(s, winner);
  in.basic_move = info.need_not_pursue ? 0.0 : s.unit_move(winner);
  in.still_locked = (s.units[winner].locked & ~bit(router)) != 0;
  const auto decision = rules::pursuit_decision(in);
  if (decision == rules::PursuitDecision::cannot) return;
  // The test to stay is the player's to take: a unit whose fight said `pursue` gives it up and
  // pursues (so does one that need not pursue), and presses the pursuit without halt tests
  // (MELEE-25).
  const bool chosen = s.units[winner].pursue_routers;
  bool pursue = decision == rules::PursuitDecision::must_pursue || chosen;
  if (!pursue && decision == rules::PursuitDecision::test) {
    const auto stay = pursuit_control_test(c, winner, router);
    c.roll_event("MELEE-24", "test not to pursue", stay.target, winner,
                 {{"passed", stay.passed}, {"for_feature", in.terrain_feature}});
    pursue = !stay.passed;
  }
  if (pursue) {
    s.units[winner].pursuing = static_cast<std::int16_t>(router);
    s.units[winner].press_pursuit = chosen;  // MELEE-25
    clear_crossfire(s, winner);              // ADV-41: its moves so far were not pursuit moves
    s.units[winner].ground_turns = 0;        // ADV-01: on the move
    if (c.logging())
      c.event({{"type", "pursuing"},
               {"unit", winner},
               {"target", router},
               {"pressed", chosen},
               {"rule", "MELEE-23"}});
  }
}

void end_pursuit(UnitState& unit) {
  unit.pursuing = -1;
  unit.press_pursuit = false;
}

std::string pursuit_order_illegal(const GameState& s, const Action& a) {
  const auto& info = s.setup->units[a.unit];
  const UnitState& u = s.units[a.unit];
  if (info.side != s.phasing)
    return fmt::format("MELEE-25: {} takes orders in its own side's activation phase", info.name);
  if (u.pursuing < 0) return fmt::format("MELEE-25: {} is not pursuing anybody", info.name);
  if (u.press_pursuit == a.pursue)
    return a.pursue ? fmt::format("MELEE-25: {} already presses its pursuit", info.name)
                    : fmt::format("MELEE-25: {} already tries to halt in each compulsory phase",
                                  info.name);
  return "";
}

void apply_pursuit_order(Context& c, const Action& a) {
  c.state.units[a.unit].press_pursuit = a.pursue;
  if (c.logging())
    c.event(
        {{"type", "pursuit_order"}, {"unit", a.unit}, {"pursue", a.pursue}, {"rule", "MELEE-25"}});
}

// MELEE-23/25 in the compulsory phase, after `router` moved (and, by default, tested to rally).
void pursue(Context& c, int router) {
  GameState& s = c.state;
  for (int p = 0; p < static_cast<int>(s.units.size()); ++p) {
    UnitState& pu = s.units[p];
    if (pu.pursuing != router) continue;
    const bool routers_fled = s.units[router].fled;
    if (!s.unit_alive(p) || (!s.unit_alive(router) && !routers_fled) || pu.locked != 0) {
      end_pursuit(pu);  // routers destroyed, or the pursuers were caught by another enemy
      continue;
    }
    // MELEE-25: the pursuing player may try to halt; a unit whose player presses on does not.
    if (!pu.press_pursuit) {
      const auto halt = pursuit_control_test(c, p, router);
      c.roll_event("MELEE-25", "halt pursuit", halt.target, p, {{"passed", halt.passed}});
      if (halt.passed) {
        end_pursuit(pu);
        continue;
      }
    }
    if (routers_fled) {
      leave_with_routers(c, p, router);
      continue;
    }
    c.dice.start();
    const int inches = roll_flee_rate(c, p);  // ADV-27: machine rates
    c.roll_event("MELEE-23", "pursuit move", 0, p, {{"inches", inches}});
    const table::Point from = moving_from(c, p);
    mark_crossfire_start(s, p);                                                     // ADV-41
    advance_on(c, p, router, inches * move_rate(s, p), /*hold_if_engaged=*/false);  // ADV-21
    log_unit_moved(c, p, from, "pursuit", "MELEE-23");
    if (c.setup.options.pursuit_details && charge_into_fresh_enemies(c, p, router)) continue;
    if (!units_engaged(s, p, router)) {
      if (!s.units[router].routing) end_pursuit(pu);  // rallied and out of reach: it is over
      continue;
    }
    if (s.units[router].routing) {
      free_hacks(c, p, router, /*one_each=*/true, "MELEE-22");  // one per pursuer in reach
      if (!s.unit_alive(router)) {
        // ADV-70: the pursuers cut down the last routers; free unless a fresh enemy holds them.
        end_pursuit(pu);
        if (c.setup.options.consolidation && pu.locked == 0) offer_consolidation(c, p, "ADV-70");
      }
    } else {
      // The routers rallied: meeting them is a new Charge, fought normally.
      end_pursuit(pu);
      lock_units(c, p, router);
      s.units[p].round.first_round = true;
      s.units[router].round.first_round = true;
    }
  }
}

void return_pursuers(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (!s.units[u].away || c.setup.units[u].side != s.phasing) continue;
    c.dice.start();
    const int face = c.dice.roll(6);
    const bool back = face >= 4;
    c.roll_event("MELEE-23", "pursuers return", 4, u, {{"returned", back}});
    if (!back) continue;
    s.units[u].away = false;
    for (int m : c.state.members(u)) {
      if (s.models[m].wounds_left <= 0) continue;  // fell before the unit left
      s.models[m].pose.position = return_point(s, m);
      s.models[m].pose.alive = true;
    }
    if (c.logging()) c.event({{"type", "pursuers_returned"}, {"unit", u}, {"rule", "MELEE-23"}});
  }
}

void arrive_reserves(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < c.setup.squads(); ++u) {  // a sub-unit is never in reserve (GEN-09)
    const auto& placed = c.setup.scenario.units[u];
    if (!s.units[u].in_reserve || placed.side != s.phasing || s.turn < placed.reserve_from)
      continue;
    const auto k = std::min<std::size_t>(static_cast<std::size_t>(s.turn - placed.reserve_from),
                                         placed.reserve_rolls.size() - 1);
    const int needed = placed.reserve_rolls[k];
    c.dice.start();
    const bool arrives = c.dice.roll(6) >= needed;
    c.roll_event("ACT-02", "reserve arrival", needed, u, {{"arrived", arrives}});
    if (!arrives) continue;
    if (placed.deep_strike && c.setup.options.deep_strike) {
      // ADV-26: it stays off the table until its player aims its marker (apply_deep_strike).
      s.units[u].awaiting_drop = true;
      if (c.logging())
        c.event(
            {{"type", "reserves_arrived"}, {"unit", u}, {"rule", "ADV-26"}, {"deep_strike", true}});
      continue;
    }
    s.units[u].in_reserve = false;
    for (int m : c.state.members(u)) {
      s.models[m].pose.position = return_point(s, m);  // its entry point, or the nearest clear
      s.models[m].pose.alive = true;
    }
    if (c.logging()) c.event({{"type", "reserves_arrived"}, {"unit", u}, {"rule", "ACT-02"}});
  }
}

}  // namespace arap::game::detail
