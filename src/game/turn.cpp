// ACT-01/02/04/07 and the compulsory phase (MELEE-19/21 for routers): the turn machine between
// activations, the end of a player turn, and the end of the game.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "rules/fire_morale.hpp"
#include "rules/leadership.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

namespace {

void compulsory_phase(Context& c);

struct Flight {
  bool at_edge = false;
  // MELEE-21: how far the flight had gone when one of its models first entered an area of cover
  // (infinite when none did), and where each model started.
  double cover_entry = std::numeric_limits<double>::infinity();
  std::vector<std::pair<int, table::Point>> starts;
};
Flight flee_move(Context& c, int unit);
void no_fear_flinch_move(Context& c, int unit);
bool rally_in_cover(Context& c, int unit, const Flight& flight);
void rally_after_flee(Context& c, int unit, bool at_edge);

}  // namespace

void finish_activation(Context& c) {
  GameState& s = c.state;
  if (s.after_melee) {  // ACT-09: held AP spent; the next such unit, or the end of the turn
    if (c.logging())
      c.event({{"type", "activation_end"},
               {"unit", s.phase == Phase::reaction ? s.reactions[0].unit : s.active_unit}});
    s.reactions[0] = Reaction{};
    s.reaction_count = 0;
    s.active_unit = -1;
    s.action_points = 0;
    spend_held_points(c);
    return;
  }
  if (s.phase == Phase::reaction) {
    // The next pick-up unit acts; after the last, the phasing unit spends its AP (ACT-08).
    for (int i = 1; i < s.reaction_count; ++i) s.reactions[i - 1] = s.reactions[i];
    s.reactions[--s.reaction_count] = Reaction{};
    if (s.reaction_count > 0) return;
    if (s.active_unit >= 0 && s.action_points > 0 && s.unit_alive(s.active_unit) &&
        !s.units[s.active_unit].rout_pending) {
      if (s.units[s.active_unit].locked == 0) {
        s.phase = Phase::active;
        return;
      }
      // ACT-09/ACT-11, MELEE-29: charged by a pick-up unit before it acted, the unit must fight
      // (or disengage) in the mêlée round; its AP wait for the end of that round.
      s.units[s.active_unit].player_turn.held_ap = s.action_points;
    }
  }
  if (c.logging()) c.event({{"type", "activation_end"}, {"unit", s.active_unit}});
  s.active_unit = -1;
  s.action_points = 0;
  s.phase = Phase::activation;
  if (s.bust_pending) {
    s.bust_pending = false;
    ++s.busts;
    if (c.logging()) c.event({{"type", "bust"}, {"rule", "ACT-07"}, {"side", s.phasing}});
    if (s.busts >= c.setup.options.busts_allowed) {
      s.busted_side = s.phasing;
      end_activation_phase(c);
    }
  }
}

void end_player_turn(Context& c) {
  GameState& s = c.state;
  const int side = s.phasing;
  // SHOOT-31 ruling A-19: a unit that was never activated still takes its heavy-casualty test.
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (c.setup.units[u].side == side && !s.units[u].own_turn.attempted && s.unit_alive(u) &&
        !s.units[u].routing && !s.units[u].rout_pending) {
      pre_activation_tests(c, u);
    }
  }
  const bool discharge_each_turn =
      c.setup.rulings.adv_50_uses() == rules::DischargerUses::once_per_turn;
  for (auto& model : s.models) {
    model.fell_over = false;                                  // MOVE-15: "that turn" is over
    model.heavy_only = false;                                 // ADV-29
    if (discharge_each_turn) model.smoke_discharged = false;  // ruling.ADV-50.uses
  }
  disperse_clouds(c, side, false);  // ruling.ADV-50.lasts=throughOwnNextTurn
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    UnitState& unit = s.units[u];
    unit.player_turn = {};  // ACT-09: held AP are gone; ACT-13: a new phase for standing up
    // A failed charge from hiding or down a drop keeps no first-round bonus for later.
    unit.round.ambush_charge = false;
    unit.round.jump_bonus = false;
    unit.round.uphill_crs = false;
    // MELEE-13/14: a unit not in a fight when the turn's rounds are over keeps none of the next
    // round's terms: a charge whose foe died or fled before the round was fought must not lend
    // its +1, or a flank penalty, to a later fight (CHARGE-05/06).
    if (unit.locked == 0) unit.round = {};
    if (c.setup.units[u].side == side) {
      // What the turn leaves for the next (SHOOT-25 strength, SHOOT-11i movement, SHOOT-21
      // corrective aim), then everything of the turn goes (SHOOT-29/35: pins and suppression last
      // for the unit's own player turn).
      unit.strength_at_turn_end = static_cast<std::int16_t>(s.living_models(u));
      unit.moved_last_turn = unit.own_turn.moved_inches;
      unit.stirred_last_turn = unit.own_turn.moved_this_turn;  // ADV-28
      unit.corrective_target =
          unit.own_turn.moved_this_turn ? -1 : unit.own_turn.shot_target_this_turn;
      unit.own_turn = {};
      // ADV-01 ruling A-42: a unit gone to ground gets up when its next player turn ends.
      if (unit.ground_turns > 0) --unit.ground_turns;
      // MELEE-11: the restriction lasts through the unit's next player turn.
      unit.left_combat = unit.left_combat_fresh;
      unit.left_combat_fresh = 0;
    } else {
      unit.picked_up = false;  // ACT-08 ruling: once per opposing player turn
    }
  }
  reveal_fired_units(c);  // ADV-04: firers may be targeted from the next player turn
  if (c.logging()) c.event({{"type", "player_turn_end"}, {"side", side}, {"turn", s.turn}});
  s.phasing = static_cast<std::int8_t>((side + 1) % c.setup.sides);
  s.busts = 0;
  if (s.busted_side == s.phasing) s.busted_side = -1;
  s.ladder_uses = {};  // MOVE-28: counted per player turn
  s.phase = Phase::activation;
  s.active_unit = -1;
  s.action_points = 0;
  if (s.phasing == 0) {
    if (c.setup.options.suppression_points) s_points_wear_off(c);  // ADV-02: a game turn ended
    if (s.turn >= c.setup.scenario.turn_limit) {                   // the last game turn is over
      s.phase = Phase::game_over;
      return;
    }
    ++s.turn;
  }
  if (c.logging()) c.event({{"type", "player_turn_start"}, {"side", s.phasing}, {"turn", s.turn}});
  disperse_clouds(c, s.phasing, true);  // ruling.ADV-50.lasts=untilOwnNextTurn
  if (s.phasing == 0) roll_weather(c);  // ADV-21: a new game turn begins
  compulsory_phase(c);
}

void check_game_end(Context& c) {
  GameState& s = c.state;
  // Whether each side has a unit standing (asked after every action: one found is enough).
  std::array<bool, table::kMaxSides> standing{};
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    bool& side_standing = standing[static_cast<std::size_t>(c.setup.units[u].side)];
    if (!side_standing) side_standing = s.units[u].away || s.units[u].in_reserve || s.unit_alive(u);
  }
  const bool wiped_out = std::find(standing.begin(), standing.begin() + c.setup.sides, false) !=
                         standing.begin() + c.setup.sides;
  if (s.phase != Phase::game_over && !wiped_out) return;
  s.phase = Phase::game_over;
  // Kill points: a unit destroyed or fled is worth one point to every other side (pursuers still
  // off the table after their routers are neither).
  // GEN-09: a squad counts once, destroyed when none of its parts stands.
  s.score.fill(0);
  // ADV-19/20: a squad whose models stand in another unit (a joined character, a merged mob)
  // stands while one of them lives there.
  std::vector<bool> squad_standing(static_cast<std::size_t>(c.setup.squads()), false);
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    const UnitState& unit = s.units[u];
    if (unit.fled) continue;
    for (int m : s.members(u))
      if (s.models[m].pose.alive || unit.away || unit.in_reserve)
        squad_standing[static_cast<std::size_t>(c.setup.models[m].unit)] = true;
  }
  for (int u = 0; u < c.setup.squads(); ++u) {
    if (squad_standing[static_cast<std::size_t>(u)]) continue;
    for (int side = 0; side < c.setup.sides; ++side) {
      if (side != c.setup.units[u].side) ++s.score[side];
    }
  }
  const std::vector<int> kill_points(s.score.begin(), s.score.begin() + c.setup.sides);
  std::vector<int> objective_points(c.setup.sides, 0);
  const auto& victory = c.setup.scenario.victory;
  if (victory.kind == table::Victory::Kind::objectives) {
    std::array<std::int16_t, table::kMaxSides> held{};
    for (const auto& objective : victory.objectives) {
      std::vector<bool> present(c.setup.sides, false);
      for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
        const auto& pose = s.models[m].pose;
        const int unit = c.state.models[m].pose.unit;
        if (!pose.alive || s.units[unit].routing) continue;
        if (table::distance(pose.position, objective.at) <= objective.radius + 1e-9) {
          present[pose.side] = true;
        }
      }
      if (std::count(present.begin(), present.end(), true) == 1) {
        const int side =
            static_cast<int>(std::find(present.begin(), present.end(), true) - present.begin());
        held[side] = static_cast<std::int16_t>(held[side] + objective.points);
      }
    }
    // Objectives decide; kill points only break ties.
    for (int side = 0; side < c.setup.sides; ++side) {
      s.score[side] = static_cast<std::int16_t>(held[side] * 100 + s.score[side]);
      objective_points[side] = held[side];
    }
  }
  int best = -1;
  bool tie = false;
  for (int side = 0; side < c.setup.sides; ++side) {
    if (best < 0 || s.score[side] > s.score[best]) {
      best = side;
      tie = false;
    } else if (s.score[side] == s.score[best]) {
      tie = true;
    }
  }
  s.winner = static_cast<std::int8_t>(tie ? -1 : best);
  if (c.logging()) {
    // The score explained: units still fighting and models lost per side, kill points and (with
    // objectives) the points of the objectives each side holds alone.
    std::vector<int> units_left(c.setup.sides, 0);
    std::vector<int> models_slain(c.setup.sides, 0);
    std::vector<int> models_fled(c.setup.sides, 0);
    for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
      const int side = c.setup.units[u].side;
      if (s.unit_alive(u)) ++units_left[side];
      // A casualty has no wounds left; models off the table with routers or in reserve keep
      // theirs, and only a fled unit's are lost.
      for (int m : c.state.members(u)) {
        if (s.models[m].pose.alive) continue;
        if (s.models[m].wounds_left <= 0) {
          ++models_slain[side];
        } else if (s.units[u].fled) {
          ++models_fled[side];
        }
      }
    }
    c.event({{"type", "game_over"},
             {"winner", s.winner},
             {"turn", s.turn},
             {"score", std::vector<int>(s.score.begin(), s.score.begin() + c.setup.sides)},
             {"kill_points", kill_points},
             {"objective_points", objective_points},
             {"objectives", victory.kind == table::Victory::Kind::objectives},
             {"units_left", units_left},
             {"models_slain", models_slain},
             {"models_fled", models_fled}});
  }
}

namespace {

void compulsory_phase(Context& c) {
  GameState& s = c.state;
  return_pursuers(c);
  // ACT-02 ruling everyPlayerTurn: the phasing player's routers first, then the others'.
  std::vector<int> order;
  for (int pass = 0; pass < c.setup.sides; ++pass) {
    const int side = (s.phasing + pass) % c.setup.sides;
    if (c.setup.rulings.act_02() == rules::RoutersMove::owner_turn_only && side != s.phasing)
      continue;
    for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
      if (c.setup.units[u].side == side) order.push_back(u);
    }
  }
  for (const int u : order) {
    UnitState& unit = s.units[u];
    if (!s.unit_alive(u)) {
      pursue(c, u);  // MELEE-23: destroyed routers end the pursuit, fled ones draw it off-table
      continue;
    }
    if (unit.no_fear_flinch) {
      // ADV-69: the Marines' flinch waits for their own compulsory phase.
      if (c.setup.units[u].side == s.phasing) no_fear_flinch_move(c, u);
      continue;
    }
    if (unit.rout_pending) {
      unit.rout_pending = false;
      unit.routing = true;
    }
    if (!unit.routing) continue;
    // MELEE-23 ruling: rallyFirst moves, rallies, then lets pursuers halt or follow; pursueFirst
    // lets the pursuers follow before the rally test.
    const Flight flight = flee_move(c, u);
    const bool at_edge = flight.at_edge;
    if (rally_in_cover(c, u, flight)) {
      pursue(c, u);
      continue;
    }
    if (c.setup.rulings.melee_23() == rules::PursuitOrder::rally_first) {
      rally_after_flee(c, u, at_edge);
      pursue(c, u);
    } else {
      pursue(c, u);
      if (s.unit_alive(u) && unit.routing) rally_after_flee(c, u, at_edge);
    }
  }
  arrive_reserves(c);  // ACT-02: last in the compulsory phase
  // ADV-70: pursuers that cut down their routers consolidate before any unit activates.
  begin_consolidation(c, /*after_melee=*/false);
}

bool rally_test(Context& c, int unit, const char* what) {
  GameState& s = c.state;
  const auto& info = c.setup.units[unit];
  // MELEE-21: rally on Ld, +1 with no enemy within 8" (undetected hiders do not count, ADV-04).
  const int target = s.leadership(unit) + (enemy_within(s, unit, 8.0, /*seen_only=*/true) ? 0 : 1);
  c.dice.start();
  const auto roll = rules::roll_leadership_test(
      c.dice, target, rules::may_reroll(rules::LdTest::rally, info.no_fear));
  c.roll_event("MELEE-21", what, target, unit, {{"passed", roll.passed}});
  return roll.passed;
}

// How far along the straight move a-b it first enters an area of cover it did not start in, or
// infinity when it enters none.
double cover_entry(const table::Table& table, const table::Point& a, const table::Point& b) {
  double first = std::numeric_limits<double>::infinity();
  for (const auto& feature : table.features()) {
    if (feature.cover == table::Cover::none || !table::segment_touches_box(a, b, feature.bounds) ||
        table::in_feature(feature, a)) {
      continue;
    }
    for (const auto& piece : table::feature_intervals(feature, a, b)) {
      first = std::min(first, std::max(piece.from, 1e-6) * table::distance(a, b));
    }
  }
  return first;
}

// MELEE-19: the router's flee move straight away from the unit that beat it (or the nearest
// enemy).
Flight flee_move(Context& c, int unit) {
  GameState& s = c.state;
  const int enemy = s.units[unit].beaten_by >= 0 && s.unit_alive(s.units[unit].beaten_by)
                        ? s.units[unit].beaten_by
                        : nearest_enemy_unit(s, unit);
  c.dice.start();
  const int distance = roll_flee_rate(c, unit);
  c.roll_event("MOVE-05", "flee distance", 0, unit, {{"inches", distance}});
  const table::Point from = moving_from(c, unit);
  mark_crossfire_start(s, unit);  // ADV-41
  Flight flight;
  if (enemy >= 0 && !fixed_in_place(s, unit)) {  // ADV-29: an emplacement stays put
    const table::Point threat = unit_centre(s, enemy);
    auto models = s.table_models();
    for (int m : c.state.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      const auto plan = table::plan_straight_move(c.state.table(), models, m, threat,
                                                  distance * move_rate(s, unit),
                                                  table::MoveMode::flee, /*away=*/true);  // ADV-21
      if (!plan) continue;
      if (plan->report.left_table) {
        flight.at_edge = true;  // it halts at the edge for its last chance
        continue;
      }
      const table::Point start = s.models[m].pose.position;
      const table::Point end = plan->request.path.back();
      flight.starts.emplace_back(m, start);
      flight.cover_entry = std::min(flight.cover_entry, cover_entry(c.state.table(), start, end));
      s.models[m].pose.position = end;
      s.models[m].pose.facing = plan->report.final_facing;
      models[m] = s.models[m].pose;
    }
  }
  if (c.logging())
    c.event({{"type", "rout_move"}, {"unit", unit}, {"inches", distance}, {"rule", "MELEE-19"}});
  log_unit_moved(c, unit, from, "flee", "MELEE-19");
  return flight;
}

bool rally_test(Context& c, int unit, const char* what);

// ADV-69: 2.3's Marines flinch 2D6" away from the unit that beat them (or the nearest enemy) and
// rally at once: they act this turn as they please, but may not Charge that unit.
void no_fear_flinch_move(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& us = s.units[unit];
  const int enemy =
      us.beaten_by >= 0 && s.unit_alive(us.beaten_by) ? us.beaten_by : nearest_enemy_unit(s, unit);
  c.dice.start();
  const int first = c.dice.roll(6);
  const int inches = first + c.dice.roll(6);
  c.roll_event("ADV-69", "flinch", 0, unit, {{"inches", inches}});
  const table::Point from = moving_from(c, unit);
  // As MELEE-18's flinch: straight away, turning allowed for by ruling.MELEE-18.
  if (enemy >= 0)
    move_away(c, unit, unit_centre(s, enemy), inches,
              c.setup.rulings.melee_18() == rules::FlinchTurning::turn_included);
  log_unit_moved(c, unit, from, "flinch", "ADV-69");
  us.rout_pending = false;
  us.no_fear_flinch = false;
  us.own_turn.no_fear_flinched = true;
  if (c.logging()) c.event({{"type", "rallied"}, {"unit", unit}, {"rule", "ADV-69"}});
}

// ADV-71 (advanced, option rallied_units): a unit that rallies may face any way it likes for
// free. The engine turns it for the player, toward the nearest enemy unit: the threat it has just
// fled is what it wants in front of it, and no action lets a player choose another bearing yet.
void face_the_enemy(Context& c, int unit) {
  GameState& s = c.state;
  const int enemy = nearest_enemy_unit(s, unit);
  if (enemy < 0) return;
  const table::Point threat = unit_centre(s, enemy);
  for (int m : c.state.members(unit)) {
    auto& pose = s.models[m].pose;
    if (pose.alive && table::distance(pose.position, threat) > 1e-9)
      pose.facing = table::bearing(pose.position, threat);
  }
}

void rally(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& us = s.units[unit];
  us.routing = false;
  us.beaten_by = -1;
  if (c.logging()) c.event({{"type", "rallied"}, {"unit", unit}, {"rule", "MELEE-21"}});
  // ADV-71/72: it remembers who was after it; ADV-71: it turns about for free.
  us.own_turn.rallied = true;
  us.rallied_from = 0;
  for (int p = 0; p < static_cast<int>(s.units.size()); ++p)
    if (s.units[p].pursuing == unit && s.unit_alive(p)) us.rallied_from |= std::uint64_t{1} << p;
  if (c.setup.options.rallied_units) face_the_enemy(c, unit);
}

// MELEE-21: a flight through an area of cover earns an extra rally test, taken on entering it;
// by ruling coverStop the rallied unit halts at the entry point (entryPoint) or where its move
// ended (fullMove).
bool rally_in_cover(Context& c, int unit, const Flight& flight) {
  if (!std::isfinite(flight.cover_entry)) return false;
  GameState& s = c.state;
  // The test is taken where the flight entered the cover (the +1 for no enemy within 8" is
  // judged there).
  std::vector<table::Point> ends;
  for (const auto& [m, start] : flight.starts) {
    const table::Point end = s.models[m].pose.position;
    ends.push_back(end);
    // Every model stops as far along its own path as the unit had come when it entered.
    const double length = table::distance(start, end);
    const table::Point at =
        length <= flight.cover_entry ? end : start + (end - start) * (flight.cover_entry / length);
    if (!overlaps_a_base(s, m, at)) s.models[m].pose.position = at;  // else it keeps its end
  }
  const bool passed = rally_test(c, unit, "rally test on entering cover");
  if (!passed || c.setup.rulings.melee_21_cover_stop() == rules::RallyCoverStop::full_move) {
    for (std::size_t k = 0; k < ends.size(); ++k)
      s.models[flight.starts[k].first].pose.position = ends[k];
  }
  if (passed) rally(c, unit);
  return passed;
}

// MELEE-21: the rally test(s) after a flee move; at the table edge a failed last attempt takes
// the unit off the table.
void rally_after_flee(Context& c, int unit, bool at_edge) {
  GameState& s = c.state;
  if (rally_test(c, unit, "rally test")) {
    rally(c, unit);
    return;
  }
  if (!at_edge) return;
  // MELEE-21 ruling testCount: separateEdge gives a final attempt after the failed test.
  if (c.setup.rulings.melee_21_test_count() == rules::RallyTestCount::separate_edge &&
      rally_test(c, unit, "final rally at the table edge")) {
    rally(c, unit);
    return;
  }
  s.units[unit].fled = true;
  for (int m : c.state.members(unit)) s.models[m].pose.alive = false;
  if (c.logging()) c.event({{"type", "fled"}, {"unit", unit}, {"rule", "MELEE-21"}});
}

}  // namespace

}  // namespace arap::game::detail
