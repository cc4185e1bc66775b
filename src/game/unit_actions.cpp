// MOVE-01..14: a unit's movement actions checked and planned. The unit moves as a body: every
// living model takes the same displacement (keeping coherency), each checked on the table with the
// unit's move; a unit closing ranks (GEN-09 / ADV-19, coherency.cpp) moves only its cut-off models,
// each its own way. move_action.cpp plays a move out (MOVE-12 variable ground, hazards).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "game/planner.hpp"
#include "game/unit_moves_internal.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

int living_model_with_rule(const GameState& s, int unit, std::string_view rule) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && s.info(m).profile->has_rule(rule)) return m;
  return -1;
}

// ACT-09 costs of a move action: climbing 2 AP (MOVE-20); swimming 1, or 2 for a unit with a
// poor swimmer in it (ACT-10); a Fleet move none (ADV-06); any other move 1.
int move_action_points(const GameState& s, const Action& a) {
  if (a.mode == table::MoveMode::climb) return 2;
  if (a.mode == table::MoveMode::fleet) return 0;  // ADV-06
  if (a.mode == table::MoveMode::swim && living_model_with_rule(s, a.unit, "poor_swimmer") >= 0)
    return 2;
  return 1;
}

std::vector<table::Point> own_shifts_of(const GameState& s, const Action& a, double allowance,
                                        double fraction) {
  if (a.mode != table::MoveMode::close_ranks) return {};
  auto shifts = close_ranks_shifts(s, a.unit, allowance);
  for (auto& p : shifts) p = p * fraction;
  return shifts;
}

namespace {

constexpr double kMargin = 3.0;  // more than any two bases' radii

bool within_margin(const table::Point& p, double lo_x, double lo_y, double hi_x, double hi_y) {
  return p.x >= lo_x - kMargin && p.x <= hi_x + kMargin && p.y >= lo_y - kMargin &&
         p.y <= hi_y + kMargin;
}

// The box the living models of `unit` span at their places and `shift` away, widened by `grow`.
struct SweptBox {
  double lo_x = 1e9, lo_y = 1e9, hi_x = -1e9, hi_y = -1e9;
};
SweptBox swept_box(const GameState& s, int unit, const table::Point& shift, double grow = 0.0) {
  SweptBox box;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    for (const table::Point p : {s.models[m].pose.position, s.models[m].pose.position + shift}) {
      box.lo_x = std::min(box.lo_x, p.x - grow);
      box.lo_y = std::min(box.lo_y, p.y - grow);
      box.hi_x = std::max(box.hi_x, p.x + grow);
      box.hi_y = std::max(box.hi_y, p.y + grow);
    }
  }
  return box;
}

// The models other than `unit`'s within reach of the box a move sweeps: slot 0 is left for the
// model being checked; the unit's other models move with it, so they crowd nobody and are left
// out.
void gather_nearby(const GameState& s, int unit, double lo_x, double lo_y, double hi_x, double hi_y,
                   std::vector<table::TableModel>& nearby) {
  nearby.resize(1);
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const auto& pose = s.models[m].pose;
    if (pose.unit == unit) continue;
    if (pose.alive && within_margin(pose.position, lo_x, lo_y, hi_x, hi_y)) nearby.push_back(pose);
  }
}

// The table's move request for one model of a unit move (its model is slot 0 of the nearby list).
// `with_path`: room for the model's end (a ground pass along a ray, straight_reach, needs none).
table::MoveRequest unit_request(const GameState& s, const Action& a, double allowance,
                                bool with_path = true) {
  table::MoveRequest request;
  // Tactical, climbing and Fleet moves cross the ground as a normal move does (MOVE-13/20, ADV-06).
  request.mode = a.mode == table::MoveMode::tactical || a.mode == table::MoveMode::climb ||
                         a.mode == table::MoveMode::fleet || a.mode == table::MoveMode::close_ranks
                     ? table::MoveMode::normal
                     : a.mode;
  request.allowance = allowance;
  // MOVE-20: a climbing move gets over obstacles up to the unit's basic move high.
  if (a.mode == table::MoveMode::climb) request.climb_limit = s.unit_move(a.unit);
  // MOVE-16: gaps up to the basic move less 1" may be tried; MOVE-22: jump packs leap up.
  request.gap_limit = std::max(0.0, s.unit_move(a.unit) - 1.0);
  request.jump_pack = s.setup->units[a.unit].jump_pack;
  request.final_facing = a.facing;
  if (with_path) request.path.resize(1);
  request.model = 0;
  return request;
}

// unit_request for a move of the whole body by `shift`: a check that explains nothing (a
// listing's) takes the move's bearing once for all models (MOVE-07).
table::MoveRequest body_request(const GameState& s, const Action& a, double allowance,
                                const table::Point& shift, bool explain) {
  table::MoveRequest request = unit_request(s, a, allowance);
  if (!explain && (shift.x != 0.0 || shift.y != 0.0))
    request.leg_heading = table::bearing(table::Point{}, shift);
  return request;
}

// The models of a listing's neighbourhood near a box (slot 0 left for the model checked), as
// gather_nearby finds them on the whole table.
void gather_from(const MoveNeighbourhood& near, double lo_x, double lo_y, double hi_x, double hi_y,
                 std::vector<table::TableModel>& nearby) {
  nearby.resize(1);
  for (std::size_t i = 1; i < near.models.size(); ++i)
    if (within_margin(near.models[i].position, lo_x, lo_y, hi_x, hi_y))
      nearby.push_back(near.models[i]);
}

// Only models near the unit's path can block or crowd it, so the table check sees just those.
// Kept internal (the hot path of every move check); check_unit_move below exports it.
UnitMove unit_move_check(const GameState& s, const Action& a, double allowance, double fraction,
                         bool explain = true) {
  UnitMove result;
  const auto& info = s.setup->units[a.unit];
  const table::Point shift = table::Point{a.dx, a.dy} * fraction;
  // Closing ranks moves each cut-off model its own way (the box takes the longest; the rest
  // stand).
  const std::vector<table::Point> own_shifts = own_shifts_of(s, a, allowance, fraction);
  double longest = 0.0;
  for (const auto& p : own_shifts) longest = std::max(longest, table::length(p));
  const SweptBox box = own_shifts.empty() ? swept_box(s, a.unit, shift)
                                          : swept_box(s, a.unit, table::Point{}, longest);
  // Reused buffer: every proposed move of every unit comes through here.
  thread_local std::vector<table::TableModel> nearby;
  gather_nearby(s, a.unit, box.lo_x, box.lo_y, box.hi_x, box.hi_y, nearby);
  table::MoveRequest request = body_request(s, a, allowance, shift, explain);
  result.reports.reserve(static_cast<std::size_t>(info.model_count));
  request.model = 0;
  for (int m : s.members(a.unit)) {
    if (!s.models[m].pose.alive) continue;
    nearby[0] = s.models[m].pose;
    request.path[0] = s.models[m].pose.position +
                      (own_shifts.empty() ? shift : own_shifts[static_cast<std::size_t>(m)]);
    table::MoveReport report = table::check_move(s.table(), nearby, request, explain);
    if (!report.legal) {
      result.reason =
          explain ? fmt::format("{}: {}", s.info(m).profile->name, report.reason) : "MOVE";
      result.reports.clear();
      return result;
    }
    result.action_cost = std::max(result.action_cost, report.action_cost);
    result.reports.emplace_back(m, std::move(report));
  }
  return result;
}

}  // namespace

UnitMove check_unit_move(const GameState& s, const Action& a, double allowance, double fraction,
                         bool explain) {
  return unit_move_check(s, a, allowance, fraction, explain);
}

bool model_move_refused(const GameState& s, const Action& a, int m, const MoveNeighbourhood* near) {
  // The request, path and bearing unit_move_check makes for a listing's check (no explanation),
  // and the other units' models near this model's way (unit_move_check gathers those near the
  // whole unit's: more of them, but a model beyond kMargin of the way touches nothing on it).
  const table::Point shift{a.dx, a.dy};
  if (a.mode == table::MoveMode::close_ranks || !s.models[m].pose.alive) return false;
  thread_local std::vector<table::TableModel> nearby;
  const table::Point from = s.models[m].pose.position;
  const table::Point to = from + shift;
  const double lo_x = std::min(from.x, to.x), lo_y = std::min(from.y, to.y);
  const double hi_x = std::max(from.x, to.x), hi_y = std::max(from.y, to.y);
  if (near != nullptr)  // those near this model's own way (within_margin: beyond any contact)
    gather_from(*near, lo_x, lo_y, hi_x, hi_y, nearby);
  else
    gather_nearby(s, a.unit, lo_x, lo_y, hi_x, hi_y, nearby);
  table::MoveRequest request =
      body_request(s, a, mode_allowance(s, a.unit, a.mode, near), shift, /*explain=*/false);
  nearby[0] = s.models[m].pose;
  request.path[0] = to;
  return !table::check_move(s.table(), nearby, request, false).legal;
}

MoveNeighbourhood move_neighbourhood(const GameState& s, int unit, double reach) {
  // The box of the unit's models, and it grown by `reach` (subtracting from the least and adding
  // to the greatest keeps their order: swept_box's grown box exactly).
  const SweptBox members = swept_box(s, unit, table::Point{});
  const SweptBox box{members.lo_x - reach, members.lo_y - reach, members.hi_x + reach,
                     members.hi_y + reach};
  MoveNeighbourhood near;
  gather_nearby(s, unit, box.lo_x, box.lo_y, box.hi_x, box.hi_y, near.models);
  near.reform_to = reform_target(s, unit);
  near.members_lo = {members.lo_x, members.lo_y};
  near.members_hi = {members.hi_x, members.hi_y};
  near.rate = move_rate(s, unit);
  near.centre = unit_centre(s, unit);
  const auto& table = s.table();
  near.terrain = table.terrain_near({box.lo_x, box.lo_y}, {box.hi_x, box.hi_y});
  const auto note_line = [&](const table::Point& a, const table::Point& b) {
    const table::Point along = b - a;
    const double length = table::length(along);
    if (length < 1e-12) return;
    const table::Point unit_along = along * (1.0 / length);
    for (int m : s.members(unit)) {
      if (!s.models[m].pose.alive) continue;
      if (std::abs(table::cross(s.models[m].pose.position - a, unit_along)) < 1e-7) {
        near.edge_lines.push_back(unit_along);
        return;
      }
    }
  };
  for (const int index : near.terrain.features) {
    const auto& ring = table.features()[index].ring;
    for (std::size_t i = 0; i < ring.size(); ++i) note_line(ring[i], ring[(i + 1) % ring.size()]);
  }
  for (const int index : near.terrain.obstacles) {
    const auto& points = table.obstacles()[index].points;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) note_line(points[i], points[i + 1]);
  }
  return near;
}

std::optional<double> unit_straight_reach(const GameState& s, const Action& a,
                                          const table::Point& direction, double limit,
                                          double allowance, double* level_step_at,
                                          const MoveNeighbourhood* near, int* level_step_model) {
  // The box the move sweeps: the neighbourhood's box of the unit's models, and it shifted (adding
  // the shift keeps the order of coordinates, so this is swept_box's answer exactly).
  const table::Point shift = direction * limit;
  const auto [lo_x, lo_y, hi_x, hi_y] =
      near == nullptr ? swept_box(s, a.unit, shift)
                      : SweptBox{std::min(near->members_lo.x, near->members_lo.x + shift.x),
                                 std::min(near->members_lo.y, near->members_lo.y + shift.y),
                                 std::max(near->members_hi.x, near->members_hi.x + shift.x),
                                 std::max(near->members_hi.y, near->members_hi.y + shift.y)};
  table::MoveRequest request = unit_request(s, a, allowance, false);
  request.leg_heading = table::bearing(table::Point{}, direction);  // the same for every model
  // The models and terrain this move can meet: from the listing's neighbourhood when there is one
  // (the part of it near the box the move sweeps), else from the whole table.
  thread_local std::vector<table::TableModel> nearby;
  thread_local table::NearbyTerrain terrain;
  const auto& table = s.table();
  if (near == nullptr) {
    // The terrain in the box the whole unit sweeps, asked of the table's index once rather than
    // for each model's ray (each pass still tests every feature against its own ray, so the
    // larger set changes no answer).
    gather_nearby(s, a.unit, lo_x, lo_y, hi_x, hi_y, nearby);
    terrain = table.terrain_near({lo_x, lo_y}, {hi_x, hi_y});
  } else {
    gather_from(*near, lo_x, lo_y, hi_x, hi_y, nearby);
    terrain.features.clear();
    for (const int index : near->terrain.features) {
      const auto& bounds = table.features()[index].bounds;
      if (bounds.min_corner().x() <= hi_x && bounds.max_corner().x() >= lo_x &&
          bounds.min_corner().y() <= hi_y && bounds.max_corner().y() >= lo_y)
        terrain.features.push_back(index);
    }
    terrain.obstacles = near->terrain.obstacles;
  }
  const auto& raised = table.raised_features();  // ascending, as the table lists them
  terrain.levels = std::any_of(terrain.features.begin(), terrain.features.end(), [&](int index) {
    return std::binary_search(raised.begin(), raised.end(), index);  // MOVE-19
  });
  request.terrain = &terrain;
  // Of those bases, only the ones near the strip the unit's models sweep can stop them (no enemy
  // base is passed through) or crowd their ends: the rest are left out once for every model, with
  // a thousandth of an inch to spare. A base behind every model, or beyond the furthest reach,
  // rules nothing out either.
  constexpr double kInf = std::numeric_limits<double>::infinity();
  double along_lo = kInf, along_hi = -kInf, across_lo = kInf, across_hi = -kInf, widest = 0.0;
  if (nearby.size() > 1)  // (with no other base near, there is no strip to find)
    for (int m : s.members(a.unit)) {
      const auto& pose = s.models[m].pose;
      if (!pose.alive) continue;
      const double along = table::dot(pose.position, direction);
      const double across = table::cross(direction, pose.position);
      along_lo = std::min(along_lo, along), along_hi = std::max(along_hi, along);
      across_lo = std::min(across_lo, across), across_hi = std::max(across_hi, across);
      widest = std::max(widest, pose.base_radius);
    }
  thread_local std::vector<table::TableModel> corridor;
  corridor.resize(1);
  for (std::size_t i = 1; i < nearby.size(); ++i) {
    const table::TableModel& other = nearby[i];
    const double margin = other.base_radius + widest + 1e-3;
    const double along = table::dot(other.position, direction);
    const double across = table::cross(direction, other.position);
    if (across < across_lo - margin || across > across_hi + margin) continue;
    if (along < along_lo - margin || along > along_hi + limit + margin) continue;
    corridor.push_back(other);
  }
  double reach = limit;
  for (int m : s.members(a.unit)) {
    if (!(reach > 0.0)) break;
    if (!s.models[m].pose.alive) continue;
    corridor[0] = s.models[m].pose;
    double step = 1e18;
    const auto r = table::straight_reach(table, corridor, request, direction, reach,
                                         level_step_at != nullptr ? &step : nullptr);
    if (!r) return std::nullopt;
    reach = std::min(reach, *r);
    if (level_step_at != nullptr && step < *level_step_at) {
      *level_step_at = step;
      if (level_step_model != nullptr) *level_step_model = m;
    }
  }
  // Every model's end clear of the bases of other units (none when the strip holds none); backing
  // one off may crowd another. The stretches of its line that other bases rule out are measured
  // once for each model (they do not depend on how far the unit goes), and asked again at each
  // shorter reach.
  if (!(reach > 0.0) || corridor.size() == 1) return reach;
  thread_local std::vector<std::vector<table::BlockedStretch>> stretches;
  std::size_t living = 0;
  for (int m : s.members(a.unit)) {
    if (!s.models[m].pose.alive) continue;
    if (stretches.size() <= living) stretches.resize(living + 1);
    corridor[0] = s.models[m].pose;
    table::blocked_stretches(corridor, 0, direction, stretches[living++]);
  }
  for (bool moved = true; moved && reach > 0.0;) {
    moved = false;
    for (std::size_t k = 0; k < living; ++k) {
      const double clear = table::furthest_clear_end(stretches[k], reach);
      if (clear < reach) {
        reach = clear;
        moved = true;
      }
    }
  }
  return reach;
}

std::string fleet_problem(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  const UnitState& u = s.units[unit];
  if (!s.setup->options.fleet) return "ADV-06: Fleet moves are switched off in this scenario";
  if (!info.fleet)
    return "ADV-06: only units whose every model has the fleet rule make Fleet moves";
  if (u.player_turn.fleet_moved) return "ADV-06: one Fleet move per activation";
  if (u.player_turn.fired)
    return "ADV-06: a unit that fired in this activation makes no Fleet move";
  if (u.player_turn.charge_failed)
    return "CHARGE-04: after a failed charge the unit may do nothing more this turn";
  if (u.locked != 0) return "MELEE-29: a unit locked in mêlée fights or breaks off";
  for (int m : s.members(unit)) {
    const auto& model = s.models[m];
    if (!model.pose.alive) continue;
    if (model.prone) return "ADV-06: prone or crawling models make no Fleet move";
    if (model.wounds_left < s.info(m).profile->wounds)
      return "ADV-06: a unit with a wounded model makes no Fleet move";
  }
  return "";
}

std::string move_illegal(const GameState& s, const Action& a, bool free_move, UnitMove* checked,
                         bool explain) {
  if (a.unit < 0 || a.unit >= static_cast<int>(s.units.size()) || !s.unit_alive(a.unit)) {
    return "there is no such unit on the table";
  }
  const auto& info = s.setup->units[a.unit];
  const UnitState& u = s.units[a.unit];
  if (fixed_in_place(s, a.unit))
    return "ADV-29: a fixed weapon emplacement never moves (its crew stay with it)";
  if (!std::isfinite(a.dx) || !std::isfinite(a.dy) || std::hypot(a.dx, a.dy) > 40.0) {
    return "a move is a displacement of at most 40\"";
  }
  if (free_move) {
    if (info.side != s.phasing) return "MOVE-14: only the phasing player makes free moves";
    if (u.own_turn.free_moved) return "MOVE-14: one free move per unit per turn";
    if (u.player_turn.charge_failed)
      return "CHARGE-04: after a failed charge the unit may do nothing more this turn";
    if (u.routing || u.rout_pending) return "ACT-03: routing units flee, they make no free moves";
    if (u.locked != 0) return "MELEE-29: a unit locked in mêlée cannot move away freely";
    if (u.pursuing >= 0) return "MELEE-23: a pursuing unit follows its routers";
    if (a.mode != table::MoveMode::normal && a.mode != table::MoveMode::close_ranks)
      return "MOVE-14: a free move is a normal move (or one that closes ranks, ADV-19)";
    if (enemy_within(s, a.unit, 12.0)) return "MOVE-14: an enemy is within 12\"";
  }
  bool prone = false;
  for (int m : s.members(a.unit)) {
    prone = prone || (s.models[m].pose.alive && s.models[m].prone);
  }
  if (auto fell = fell_over_problem(s, a.unit); !fell.empty()) return fell;
  if (auto rain = rain_move_problem(s, a.mode); !rain.empty()) return rain;  // ADV-21
  switch (a.mode) {
    case table::MoveMode::charge:
      return "CHARGE-01: a charge is its own action (\"charge\" with a target), not a move mode";
    case table::MoveMode::flee:
      return "MOVE-05: only routing units flee";
    case table::MoveMode::crawl: {
      // MOVE-08: vehicles, horses (ADV-22's riders with them) and the like cannot crawl.
      if (const int m = living_model_with_rule(s, a.unit, "cannot_crawl"); m >= 0)
        return explain ? fmt::format("MOVE-08: the {} cannot crawl", s.info(m).profile->name)
                       : "MOVE-08";
      break;
    }
    case table::MoveMode::hell_for_leather:  // ADV-24
      if (auto p = hell_for_leather_problem(s, a.unit); !p.empty()) return p;
      if (prone) return "MOVE-09: prone models may only crawl (stand up first)";
      break;
    case table::MoveMode::warp_jump:
      if (!s.setup->options.warp_jump)
        return "ADV-25: warp jumps are switched off in this scenario";
      if (!info.warp_jump)
        return "ADV-25: only Warp Spiders (every model with the warp_jump rule) make warp jumps";
      if (prone) return "MOVE-09: prone models may only crawl (stand up first)";
      break;
    case table::MoveMode::fleet:
      if (auto p = fleet_problem(s, a.unit); !p.empty()) return p;
      break;
    case table::MoveMode::close_ranks:  // GEN-09 / ADV-19
      if (a.dx != 0.0 || a.dy != 0.0)
        return "ADV-19: a unit closing ranks moves only its cut-off models (dx and dy are 0)";
      if (prone) return "MOVE-09: prone models may only crawl (stand up first)";
      if (auto p = close_ranks_problem(s, a.unit, mode_allowance(s, a.unit, a.mode)); !p.empty())
        return p;
      break;
    case table::MoveMode::tactical:
      if (!info.can_move_tactically) return "MOVE-13: this unit cannot move tactically";
      if (!s.portable_ladders.empty() && carried_ladder(s, a.unit) >= 0)
        return "MOVE-13 / ADV-15: a unit carrying a ladder cannot move tactically";
      [[fallthrough]];
    default:
      if (prone) return "MOVE-09: prone models may only crawl (stand up first)";
  }
  // GEN-09 / ADV-19: a unit out of coherency closes ranks before it moves on.
  if (a.mode != table::MoveMode::close_ranks && s.setup->options.coherency) {
    if (auto p =
            coherency_move_problem(s, a.unit, mode_allowance(s, a.unit, table::MoveMode::normal));
        !p.empty())
      return explain ? p : "ADV-19";
  }
  // MELEE-11: not toward the unit it broke off from (or that broke off from it).
  for (int v = 0; u.left_combat != 0 && v < static_cast<int>(s.units.size()); ++v) {
    if (!(u.left_combat & bit(v)) || !s.unit_alive(v)) continue;
    const table::Point from = unit_centre(s, a.unit);
    const table::Point foe = unit_centre(s, v);
    const table::Point to{from.x + a.dx, from.y + a.dy};
    if (table::distance(to, foe) < table::distance(from, foe) - 1e-6)
      return "MELEE-11: this unit may not move toward the unit it parted from in mêlée this turn";
  }
  // ADV-74: a part of a split unit out of close combat goes to the rest to reform.
  if (a.mode != table::MoveMode::close_ranks)
    if (auto p = reform_move_problem(s, a, explain); !p.empty()) return p;
  // A tactical or Fleet move is checked against its best roll, a swim against its best (MOVE-17:
  // 4"); the roll itself may cut any of them short. ADV-21: the rain slows every one alike.
  const double allowance = mode_allowance(s, a.unit, a.mode);
  UnitMove move = unit_move_check(s, a, allowance, 1.0, explain);
  std::string reason = std::move(move.reason);
  if (reason.empty() && a.mode == table::MoveMode::swim) {
    bool wet = false;
    for (const auto& [m, report] : move.reports) wet = wet || report.deep_water;
    if (!wet) reason = "MOVE-17: a swim move starts in or crosses deep water (use a move)";
    if (reason.empty()) reason = swimming_gear_problem(s, move);  // ADV-11
  }
  if (reason.empty() && a.mode == table::MoveMode::climb) {
    bool climbs = false;
    for (const auto& [m, report] : move.reports) climbs = climbs || report.climb_at >= 0.0;
    if (!climbs)
      reason =
          "MOVE-20: a climbing move must cross an obstacle or drop taller than the models (use a "
          "move)";
  }
  if (reason.empty()) reason = ladder_problem(s, move);  // MOVE-28
  if (reason.empty() && a.mode == table::MoveMode::fleet && move.action_cost > 1) {
    // ACT-10 with ADV-06: the Fleet move spends no AP, so it has none to pay for dear ground.
    reason = "ADV-06: a Fleet move spends no AP and cannot cross ground that costs more (ACT-10)";
  }
  if (reason.empty() && !free_move && a.mode != table::MoveMode::fleet) {
    // ACT-10: ground the scenario marks as dear (a slippery slope) raises the action's cost.
    const int points = acting_points(s);
    if (move.action_cost > points) {
      reason = explain ? fmt::format(
                             "ACT-10: moving over that ground costs {} AP and only {} are "
                             "left",
                             move.action_cost, points)
                       : "ACT-10";
    }
  }
  if (checked != nullptr && reason.empty()) {
    checked->action_cost = move.action_cost;
    // A tactical, Fleet or swim move is measured again once its allowance is rolled.
    if (a.mode != table::MoveMode::tactical && a.mode != table::MoveMode::swim &&
        a.mode != table::MoveMode::fleet)
      *checked = std::move(move);
  }
  return reason;
}

}  // namespace arap::game::detail
