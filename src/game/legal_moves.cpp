// legal_actions' moves (DESIGN "the door"): the continuous decisions as a finite set with a purpose
// each, from the move planner: toward and away from every enemy unit, into the nearest cover of
// every terrain feature and behind every wall, onto every objective, out of the feature the unit
// stands in, sideways and backwards (MOVE-06), and around whatever blocks the straight line; and
// ADV-68/70's consolidations toward the same destinations.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <tuple>

#include <boost/container/small_vector.hpp>

#include "game/context.hpp"
#include "game/legal_moves.hpp"
#include "game/planner.hpp"
#include "table/geometry.hpp"

namespace arap::game {

namespace {

struct Destination {
  table::Point at;
  bool away = false;   // from an enemy: backwards moves make sense
  bool enemy = false;  // toward an enemy or an objective: tactical moves and detours make sense
};

table::Point nearest_on_segment(const table::Point& p, const table::Point& a,
                                const table::Point& b) {
  const table::Point ab = b - a;
  const double len2 = table::dot(ab, ab);
  const double t = len2 > 0 ? std::clamp(table::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return a + ab * t;
}

// The nearest point of a closed ring (or an open polyline) to `p`.
table::Point nearest_on_line(const std::vector<table::Point>& points, const table::Point& p,
                             bool closed) {
  table::Point best = points.empty() ? p : points.front();
  double best_d = 1e18;
  const std::size_t n = points.size();
  const std::size_t legs = closed ? n : (n > 0 ? n - 1 : 0);
  for (std::size_t i = 0; i < legs; ++i) {
    const table::Point q = nearest_on_segment(p, points[i], points[(i + 1) % n]);
    const double d = table::distance(p, q);
    if (d < best_d) {
      best_d = d;
      best = q;
    }
  }
  return best;
}

table::Point ring_centre(const std::vector<table::Point>& ring) {
  table::Point sum;
  for (const auto& p : ring) sum = sum + p;
  return ring.empty() ? sum : sum * (1.0 / static_cast<double>(ring.size()));
}

table::Point toward(const table::Point& from, const table::Point& to, double inches) {
  const table::Point d = to - from;
  const double len = table::length(d);
  return len > 1e-9 ? from + d * (inches / len) : from;
}

bool is_cover_feature(const table::TerrainFeature& f) {
  switch (f.kind) {
    case table::TerrainKind::wood:
    case table::TerrainKind::building:
    case table::TerrainKind::ruin:
    case table::TerrainKind::trench:
    case table::TerrainKind::crater:
    case table::TerrainKind::rubble:
    case table::TerrainKind::barricade:
      return f.movement != table::MovementClass::impassable ||
             f.kind == table::TerrainKind::building;
    default:
      return f.cover != table::Cover::none && f.movement != table::MovementClass::impassable;
  }
}

// Degrees within which two far destinations count as one direction: at two moves' reach (8" for
// M 4) their plans end less than half an inch apart.
constexpr double kTwinBearing = 3.0;

std::vector<Destination> destinations(const GameState& s, int unit) {
  std::vector<Destination> out;
  const auto& setup = *s.setup;
  const auto& table = s.table();
  const table::Point centre = detail::unit_centre(s, unit);
  const double reach = std::max(6.0, 2.0 * s.unit_move(unit));
  const int side = setup.units[unit].side;
  // Toward and away from every enemy unit on the table.
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (setup.units[v].side == side || !s.unit_alive(v)) continue;
    const table::Point enemy = detail::unit_centre(s, v);
    const double range = std::max(1e-9, table::distance(centre, enemy));
    out.push_back({enemy, false, true});
    out.push_back({centre + (centre - enemy) * (reach / range), true, false});
  }
  // Into the nearest cover of every feature within two moves that gives cover or a place to hide
  // (ADV-04), one inch inside its outline; out of the feature the unit stands in, one inch beyond
  // it. (Farther features lie in the directions the enemy and objective moves already cover.)
  // A feature whose bounding box lies beyond reach has its whole outline beyond it: its nearest
  // point is not looked for.
  const auto box_beyond = [&](const table::Box& bounds) {
    return table::distance_to_box(centre, {bounds.min_corner().x(), bounds.min_corner().y()},
                                  {bounds.max_corner().x(), bounds.max_corner().y()}) >
           reach + 1e-6;
  };
  for (const auto& f : table.features()) {
    if (!is_cover_feature(f) || f.ring.size() < 3 || box_beyond(f.bounds)) continue;
    const table::Point edge = nearest_on_line(f.ring, centre, true);
    if (table::distance(edge, centre) > reach) continue;
    const table::Point middle = ring_centre(f.ring);
    if (table::in_feature(f, centre)) {
      out.push_back({toward(edge, middle, -1.0), false});
    } else if (f.movement == table::MovementClass::impassable) {
      out.push_back({toward(edge, centre, 1.0), false});  // ADV-04: close beside a building
    } else {
      out.push_back({toward(edge, middle, 1.0), false});
    }
  }
  // Behind every wall, hedge and fence (ADV-36): close to it on the unit's own side.
  for (const auto& o : table.obstacles()) {
    if (o.points.size() < 2) continue;
    const table::Point at = nearest_on_line(o.points, centre, false);
    if (table::distance(at, centre) > reach) continue;
    out.push_back({toward(at, centre, 0.75), false});
  }
  // Onto every objective.
  for (const auto& objective : setup.scenario.victory.objectives)
    out.push_back({objective.at, false, true});
  // Destinations beyond two moves whose bearings lie within kTwinBearing of one already kept (of
  // the same kind) would plan the same move but for a fraction of an inch: the first stands for
  // both (units deployed side by side are one direction seen from across the table).
  const double same_way = std::cos(kTwinBearing * std::numbers::pi / 180.0);
  std::vector<Destination> kept;
  kept.reserve(out.size());
  for (const auto& d : out) {
    const double far = table::distance(centre, d.at);
    const auto twin = [&](const Destination& k) {
      const double k_far = table::distance(centre, k.at);
      return k.away == d.away && k.enemy == d.enemy && k_far > reach &&
             table::dot(d.at - centre, k.at - centre) > same_way * far * k_far;
    };
    if (far <= reach || std::none_of(kept.begin(), kept.end(), twin)) kept.push_back(d);
  }
  return kept;
}

using MoveKey = std::tuple<int, int, long, long>;

// The moves listed so far, by kind, mode and displacement to a twentieth of an inch (a listing
// holds a few dozen: a flat search costs less than a tree's allocations).
struct MoveSet {
  std::vector<Action>& out;
  boost::container::small_vector<MoveKey, 64> seen;
  void add(const MovePlan& plan) {
    if (!plan.possible) return;
    const MoveKey key{static_cast<int>(plan.action.kind), static_cast<int>(plan.action.mode),
                      std::lround(plan.action.dx * 20.0), std::lround(plan.action.dy * 20.0)};
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) return;
    seen.push_back(key);
    out.push_back(plan.action);
  }
};

}  // namespace

namespace detail {

// ADV-68/70: staying put, and the furthest consolidation toward each destination (the enemy
// units, whose 1" bound stops it short, cover, objectives, away from the enemy).
void add_consolidations(const GameState& s, int unit, std::vector<Action>& out) {
  out.push_back(make_action(ActionKind::consolidate, unit));
  MoveSet set{out, {}};
  for (const auto& target : destinations(s, unit))
    set.add(detail::plan_consolidation(s, unit, target.at, false));
}

}  // namespace detail

namespace {

bool table_has_climbs(const table::Table& table) {
  if (table.has_levels()) return true;
  for (const auto& o : table.obstacles())
    if (o.height > 1.5) return true;
  for (const auto& f : table.features())
    if (f.height > 1.5 && f.movement != table::MovementClass::impassable) return true;
  return false;
}

bool table_has_deep_water(const table::Table& table) {
  for (const auto& f : table.features())
    if (f.deep) return true;
  return false;
}

// The box swept by `unit`'s living models moving up to `inches` toward `at` (an inch to spare).
std::pair<table::Point, table::Point> swept_box(const GameState& s, int unit,
                                                const table::Point& at, double inches) {
  const table::Point centre = detail::unit_centre(s, unit);
  const table::Point shift = toward(centre, at, inches) - centre;
  table::Point lo{1e9, 1e9};
  table::Point hi{-1e9, -1e9};
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    for (const table::Point p : {s.models[m].pose.position, s.models[m].pose.position + shift}) {
      lo = {std::min(lo.x, p.x - 1.0), std::min(lo.y, p.y - 1.0)};
      hi = {std::max(hi.x, p.x + 1.0), std::max(hi.y, p.y + 1.0)};
    }
  }
  return {lo, hi};
}

// MOVE-17: whether deep water (where only a swim goes) lies in the box `unit` sweeps moving up
// to `inches` toward `at`: a swim anywhere else is a walk by another name.
bool deep_water_near(const GameState& s, int unit, const table::Point& at, double inches) {
  const auto& table = s.table();
  const auto [lo, hi] = swept_box(s, unit, at, inches);
  for (const int index : table.features_near(lo, hi))
    if (table.features()[index].deep) return true;
  return false;
}

// ADV-24: whether difficult ground a mounted unit may ride Hell for Leather lies in the box
// `unit` sweeps moving up to `inches` toward `at` (elsewhere that ride is a walk by another name).
bool difficult_ground_near(const GameState& s, int unit, const table::Point& at, double inches) {
  const auto& table = s.table();
  const auto [lo, hi] = swept_box(s, unit, at, inches);
  for (const int index : table.features_near(lo, hi))
    if (table::ridden_at_full_speed(table.features()[index])) return true;
  return false;
}

// Whether anything a climbing move could climb (an obstacle or a raised surface's edge taller
// than the smallest free step, MOVE-19/20/23) lies in the box swept by `unit` moving up to
// `inches` toward `at`.
bool climbable_near(const GameState& s, int unit, const table::Point& at, double inches) {
  const auto& table = s.table();
  const auto [lo, hi] = swept_box(s, unit, at, inches);
  for (const int index : table.obstacles_near(lo, hi))
    if (table.obstacles()[index].height > 1.0) return true;
  for (const int index : table.features_near(lo, hi)) {
    const auto& f = table.features()[index];
    if (f.elevation > 1.0 && f.kind != table::TerrainKind::hill) return true;
  }
  return false;
}

// Whether segments a-b and c-d come within `hair` of each other (crossing, touching or running
// alongside).
bool segments_near(const table::Point& a, const table::Point& b, const table::Point& c,
                   const table::Point& d, double hair) {
  if (table::segment_intersection(a, b, c, d) >= 0.0) return true;
  return std::min({table::distance_to_segment(a, c, d), table::distance_to_segment(b, c, d),
                   table::distance_to_segment(c, a, b), table::distance_to_segment(d, a, b)}) <=
         hair;
}

// MOVE-20/23: a climbing move must climb an obstacle or a change of level taller than the models,
// and those lie only along obstacles and the outlines of raised features (where the level
// changes, MOVE-19) taller than the unit's shortest model. When no model's straight path of up to
// `inches` toward `at` comes within a hair of either, every climb that way is refused (MOVE-20), so
// it is not planned: a plan that fails costs two or three whole legality checks.
bool climb_in_the_way(const GameState& s, int unit, const table::Point& at, double inches) {
  const auto& table = s.table();
  const table::Point centre = detail::unit_centre(s, unit);
  const double wanted = table::distance(centre, at);
  if (wanted < 1e-9) return false;
  const table::Point shift = (at - centre) * (std::min(wanted, inches) / wanted);
  const auto [lo, hi] = swept_box(s, unit, at, inches);
  const auto obstacles = table.obstacles_near(lo, hi);
  const auto features = table.features_near(lo, hi);
  constexpr double kHair = 0.01;
  // Only what stands taller than a model is climbed (no higher than it is stepped over); a
  // change of level at a feature's outline is at most that feature's elevation.
  double shortest = 1e9;
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) shortest = std::min(shortest, s.models[m].pose.height);
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const table::Point a = s.models[m].pose.position;
    const table::Point b = a + shift;
    for (const int index : obstacles) {
      const auto& o = table.obstacles()[index];
      if (o.height <= shortest) continue;
      for (std::size_t i = 0; i + 1 < o.points.size(); ++i)
        if (segments_near(a, b, o.points[i], o.points[i + 1], kHair)) return true;
    }
    for (const int index : features) {
      const auto& f = table.features()[index];
      if (f.elevation <= shortest) continue;
      for (std::size_t i = 0; i < f.ring.size(); ++i)
        if (segments_near(a, b, f.ring[i], f.ring[(i + 1) % f.ring.size()], kHair)) return true;
    }
  }
  return false;
}

}  // namespace

namespace detail {

void add_moves(const GameState& s, int unit, bool free_move, std::vector<Action>& out) {
  const auto& info = s.setup->units[unit];
  bool prone = false;
  for (int m : s.members(unit)) prone = prone || (s.models[m].pose.alive && s.models[m].prone);
  if (free_move && prone) return;  // MOVE-14: a free move is a normal move
  MoveSet set{out, {}};
  // A mode refused for a move of no length (no AP left, locked, a unit that may not move
  // tactically...) is refused for every length: its plans are not worth making.
  const auto mode_open = [&](table::MoveMode mode) {
    Action probe = make_action(free_move ? ActionKind::free_move : ActionKind::move, unit);
    probe.mode = mode;
    return is_legal(s, probe);
  };
  // GEN-09 / ADV-19: a unit out of coherency closes ranks before it makes any other move (they are
  // refused while closing ranks can bring a model nearer): the one move there is.
  if (s.setup->options.coherency && !detail::unit_coherent(s, unit) &&
      mode_open(table::MoveMode::close_ranks)) {
    Action close = make_action(free_move ? ActionKind::free_move : ActionKind::move, unit);
    close.mode = table::MoveMode::close_ranks;
    out.push_back(close);
    return;
  }
  const auto& table = s.table();
  const table::Point centre = detail::unit_centre(s, unit);
  auto targets = destinations(s, unit);
  if (const int reform_to = detail::reform_target(s, unit); reform_to >= 0) {
    // ADV-74: a part reforming goes to the rest of its unit; only the ways that bring it nearer
    // are open (a straight move along a line heading away from that part is refused whatever its
    // length).
    const table::Point body = detail::unit_centre(s, reform_to);
    std::erase_if(targets, [&](const Destination& d) {
      return table::dot(d.at - centre, body - centre) <= 0.0;
    });
    targets.push_back({body, false, true});
  }
  const table::MoveMode main = prone ? table::MoveMode::crawl : table::MoveMode::normal;
  const double allowance = detail::mode_allowance(s, unit, main);
  // ADV-06: a Fleet move costs no AP, so it may be open when nothing else is.
  const bool fleet =
      !free_move && s.setup->options.fleet && info.fleet && mode_open(table::MoveMode::fleet);
  const bool main_open = free_move || mode_open(main);
  if (!main_open && !fleet) return;
  // No plan moves the unit further than its move or a tactical move's best roll (MOVE-13).
  const detail::MoveNeighbourhood near =
      detail::move_neighbourhood(s, unit, std::max(s.unit_move(unit), 6.0) + 1.0);
  const auto plan = [&](table::MoveMode mode, const table::Point& at) {
    return detail::plan_unit_move(s, unit, mode, at, free_move, detail::PlanUse::listing, &near);
  };
  // ADV-06: the Fleet move toward every destination (its best roll, 6").
  if (fleet)
    for (const auto& d : targets) set.add(plan(table::MoveMode::fleet, d.at));
  if (!main_open) return;
  for (const auto& d : targets) {
    const MovePlan p = plan(main, d.at);
    set.add(p);
    // Around what blocks the straight line: when the planned move falls well short of what the
    // unit could afford, bearings 45 and 90 degrees either side are tried too.
    const double could = std::min(p.wanted, allowance / (prone ? 2.0 : 1.0)) - 1.0;
    if (d.enemy && p.inches < 0.5 * could) {
      for (const double turn : {45.0, -45.0, 90.0, -90.0}) {
        const double heading = table::bearing(centre, d.at) + turn;
        set.add(
            plan(main, centre + table::heading_vector(heading) * std::min(p.wanted, allowance)));
      }
    }
  }
  if (prone || free_move) return;
  // MOVE-13 tactical moves (checked at the best roll) toward every destination.
  if (info.can_move_tactically && mode_open(table::MoveMode::tactical))
    for (const auto& d : targets)
      if (d.enemy) set.add(plan(table::MoveMode::tactical, d.at));
  // MOVE-06: backwards from every enemy (facing it), and a sidestep either way.
  if (mode_open(table::MoveMode::backwards))
    for (const auto& d : targets)
      if (d.away) set.add(plan(table::MoveMode::backwards, d.at));
  double facing = 0.0;
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) {
      facing = s.models[m].pose.facing;
      break;
    }
  if (mode_open(table::MoveMode::sidestep))
    for (const double side : {90.0, -90.0})
      set.add(plan(table::MoveMode::sidestep,
                   centre + table::heading_vector(facing + side) * s.unit_move(unit)));
  // MOVE-20/25: climbing and jumping toward every destination, where the table has something to
  // climb or jump from; MOVE-17: swimming where it has deep water.
  // A jump move differs from a normal one only where it jumps down (MOVE-25) or, with jump packs,
  // leaps up (MOVE-22), so it is planned for units standing higher than a free step or wearing
  // jump packs; a climb only where something to climb lies in
  // the box the unit sweeps (MOVE-20/23: anything else is refused).
  if (table_has_climbs(table)) {
    bool raised = false;
    for (int m : s.members(unit)) {
      raised = s.models[m].pose.alive && table.level_at(s.models[m].pose.position) > 1.0;
      if (raised) break;
    }
    // ACT-09: a climb costs 2 AP (the legality check refuses it with fewer, whatever its length).
    Action climb = make_action(ActionKind::move, unit);
    climb.mode = table::MoveMode::climb;
    const bool climb_paid = detail::acting_points(s) >= detail::move_action_points(s, climb);
    for (const auto& d : targets) {
      if (d.away) continue;
      const bool climbable = climbable_near(s, unit, d.at, allowance);
      if (climbable && climb_paid && climb_in_the_way(s, unit, d.at, allowance))
        set.add(plan(table::MoveMode::climb, d.at));
      // MOVE-22: a jump pack also leaps up faces from the ground.
      if (raised || (info.jump_pack && climbable)) set.add(plan(table::MoveMode::jump, d.at));
    }
  }
  if (table_has_deep_water(table))
    for (const auto& d : targets)
      if (deep_water_near(s, unit, d.at, allowance)) set.add(plan(table::MoveMode::swim, d.at));
  // ADV-24 (optional): a mounted unit rides Hell for Leather where difficult ground lies ahead.
  if (s.setup->options.hell_for_leather && mode_open(table::MoveMode::hell_for_leather))
    for (const auto& d : targets)
      if (difficult_ground_near(s, unit, d.at, allowance))
        set.add(plan(table::MoveMode::hell_for_leather, d.at));
  // ADV-25: Warp Spiders leap toward every destination.
  if (info.warp_jump && s.setup->options.warp_jump)
    for (const auto& d : targets)
      if (!d.away) set.add(plan(table::MoveMode::warp_jump, d.at));
}

}  // namespace detail

}  // namespace arap::game
