// GEN-09 (unit coherency) with ADV-19's way of mending it: a unit whose models have drifted more
// than 3" (centre to centre) from the rest, after casualties, a charge or a fight, closes ranks
// with its next move instead of splitting (the catalogue's ADV-19: a split caused by casualties or
// access limits is avoided when the next move restores coherency). The largest connected part
// stands; each model cut off from it walks straight toward the nearest model of that part (or of
// those already rejoined) until 2.5" from it, as far as the ground and its move allow. While the
// option `coherency` is on and such a move can bring a model nearer, the unit's other moves are
// refused, unless the unit splits into its parts instead (sub_units.cpp: GEN-09's sub-units).
#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/planner.hpp"
#include "table/coherency.hpp"
#include "table/geometry.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

namespace {

// A rejoining model stops this far from the model it walks toward: inside the 3" chain with room
// for the rounding of its path.
constexpr double kCloseUpDistance = table::kCoherencyDistance - 0.5;

struct Parts {
  std::vector<int> main;     // the largest connected part (models of the unit)
  std::vector<int> cut_off;  // the rest, nearest the main part first
};

// The living models of `unit` split into connected parts under the 3" chain (GEN-09, the
// table's coherent_groups): the largest (among equals the one holding the lowest-numbered model)
// and the rest, nearest it first; `cut_off` is empty when the unit is coherent.
Parts parts_of(const GameState& s, int unit) {
  std::vector<int> alive;
  std::vector<table::TableModel> poses;
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) {
      alive.push_back(m);
      poses.push_back(s.models[m].pose);
    }
  std::vector<int> slots(alive.size());
  std::iota(slots.begin(), slots.end(), 0);
  const auto groups = table::coherent_groups(poses, slots);
  Parts parts;
  if (groups.empty()) return parts;
  for (const int k : groups[0]) parts.main.push_back(alive[k]);
  // The rest in model order, then by their distance from the main part (ties keep that order).
  std::vector<std::pair<double, int>> rest;
  for (std::size_t g = 1; g < groups.size(); ++g)
    for (const int k : groups[g]) {
      double gap = 1e18;
      for (const int main : groups[0])
        gap = std::min(gap, table::distance(poses[k].position, poses[main].position));
      rest.emplace_back(gap, alive[k]);
    }
  std::sort(rest.begin(), rest.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
  std::stable_sort(rest.begin(), rest.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [gap, m] : rest) parts.cut_off.push_back(m);
  return parts;
}

// Each model's displacement as the cut-off models of `parts` close ranks with `allowance` inches,
// indexed by model over the whole game (a unit's members may come from more than one squad's
// range: ADV-19 guests).
std::vector<table::Point> shifts_of(const GameState& s, int unit, const Parts& parts,
                                    double allowance) {
  std::vector<table::Point> shifts(s.models.size());
  if (parts.cut_off.empty()) return shifts;
  std::vector<table::Point> anchors;  // where the models of the joined part stand (or will)
  for (const int m : parts.main) anchors.push_back(s.models[m].pose.position);
  // The other units' models, for the table's check of each path (slot 0: the mover).
  std::vector<table::TableModel> others(1);
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m)
    if (s.models[m].pose.alive && s.models[m].pose.unit != unit) others.push_back(s.models[m].pose);
  // The unit's own models where they will stand (slot 0: the mover), for the bases a rejoining
  // model must not overlap.
  std::vector<table::TableModel> own(1);
  std::vector<int> slot_of(s.models.size(), 0);
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) {
      slot_of[static_cast<std::size_t>(m)] = static_cast<int>(own.size());
      own.push_back(s.models[m].pose);
    }
  table::MoveRequest request;
  request.mode = table::MoveMode::normal;
  request.allowance = allowance;
  request.path.resize(1);
  request.model = 0;
  for (const int m : parts.cut_off) {
    const table::Point from = s.models[m].pose.position;
    std::size_t nearest = 0;
    for (std::size_t k = 1; k < anchors.size(); ++k)
      if (table::distance(from, anchors[k]) < table::distance(from, anchors[nearest])) nearest = k;
    const double gap = table::distance(from, anchors[nearest]);
    if (gap <= table::kCoherencyDistance + 1e-9) {  // an earlier model's move brought it back
      anchors.push_back(from);
      continue;
    }
    const table::Point direction = (anchors[nearest] - from) * (1.0 / gap);
    // Clear of its own unit's bases (its own place left out) ...
    auto& own_place = own[slot_of[static_cast<std::size_t>(m)]];
    own[0] = s.models[m].pose;
    own_place.alive = false;
    double length =
        table::furthest_clear_end(own, 0, direction, std::min(gap - kCloseUpDistance, allowance));
    own_place.alive = true;
    // ... and the longest legal length of its straight path (MOVE-01..08: ground, obstacles,
    // bases, edge).
    others[0] = s.models[m].pose;
    const auto legal = [&](double d) {
      request.path[0] = from + direction * d;
      return table::check_move(s.table(), others, request, false).legal;
    };
    if (length > 0.0 && !legal(length)) length = furthest_legal(0.0, length, 24, legal).first;
    if (length < 0.05) continue;  // it cannot get nearer: it stays (and the unit stays split)
    const table::Point to = from + direction * length;
    shifts[static_cast<std::size_t>(m)] = to - from;
    own_place.position = to;
    if (table::distance(to, anchors[nearest]) <= table::kCoherencyDistance + 1e-9)
      anchors.push_back(to);
  }
  return shifts;
}

// close_ranks_problem with the parts and their shifts measured once.
std::string problem_of(const GameState& s, const Parts& parts,
                       const std::vector<table::Point>& shifts) {
  if (!s.setup->options.coherency)
    return "ADV-19: closing ranks is switched off in this scenario (option coherency)";
  if (parts.cut_off.empty())
    return "GEN-09: every model is within 3\" of another: there are no ranks to close";
  if (std::all_of(shifts.begin(), shifts.end(),
                  [](const table::Point& p) { return p.x == 0.0 && p.y == 0.0; }))
    return fmt::format(
        "GEN-09: the {} model(s) cut off from the rest cannot get any nearer to it (the way is "
        "blocked)",
        parts.cut_off.size());
  return "";
}

}  // namespace

std::vector<table::Point> close_ranks_shifts(const GameState& s, int unit, double allowance) {
  return shifts_of(s, unit, parts_of(s, unit), allowance);
}

std::string close_ranks_problem(const GameState& s, int unit, double allowance) {
  if (!s.setup->options.coherency) return problem_of(s, {}, {});
  const Parts parts = parts_of(s, unit);
  return problem_of(s, parts, shifts_of(s, unit, parts, allowance));
}

std::string coherency_move_problem(const GameState& s, int unit, double allowance) {
  if (!s.setup->options.coherency || unit_coherent(s, unit)) return "";
  const Parts parts = parts_of(s, unit);
  if (!problem_of(s, parts, shifts_of(s, unit, parts, allowance)).empty()) return "";
  return fmt::format(
      "ADV-19: {} of the unit's models are more than 3\" from the rest (GEN-09): its next move "
      "must close ranks (mode close_ranks)",
      parts.cut_off.size());
}

}  // namespace arap::game::detail

namespace arap::game {

bool unit_coherent(const GameState& s, int unit) {
  // Every move's legality asks this (ADV-19), so it walks the chain in reused buffers and compares
  // squared distances: no allocation, no square root.
  thread_local std::vector<int> waiting;
  thread_local std::vector<int> frontier;
  waiting.clear();
  frontier.clear();
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) (frontier.empty() ? frontier : waiting).push_back(m);
  constexpr double kReach = (table::kCoherencyDistance + 1e-9) * (table::kCoherencyDistance + 1e-9);
  while (!frontier.empty() && !waiting.empty()) {
    const table::Point p = s.models[frontier.back()].pose.position;
    frontier.pop_back();
    for (std::size_t i = 0; i < waiting.size();) {
      const table::Point d = s.models[waiting[i]].pose.position - p;
      if (d.x * d.x + d.y * d.y <= kReach) {
        frontier.push_back(waiting[i]);
        waiting[i] = waiting.back();
        waiting.pop_back();
      } else {
        ++i;
      }
    }
  }
  return waiting.empty();
}

table::Point centre_after_closing_ranks(const GameState& s, int unit) {
  const table::Point centre = unit_centre(s, unit);
  if (unit < 0 || unit >= static_cast<int>(s.units.size()) || !s.unit_alive(unit)) return centre;
  const double allowance = detail::mode_allowance(s, unit, table::MoveMode::close_ranks);
  const detail::Parts parts = detail::parts_of(s, unit);
  const auto shifts = detail::shifts_of(s, unit, parts, allowance);
  if (!detail::problem_of(s, parts, shifts).empty()) return centre;
  table::Point sum;
  int n = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    sum = sum + s.models[m].pose.position + shifts[static_cast<std::size_t>(m)];
    ++n;
  }
  return n > 0 ? sum * (1.0 / n) : centre;
}

}  // namespace arap::game
