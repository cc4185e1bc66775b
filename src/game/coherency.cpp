// GEN-09 (unit coherency) with ADV-19's way of mending it: a unit whose models have drifted more
// than 3" (centre to centre) from the rest, after casualties, a charge or a fight, closes ranks
// with its next move instead of splitting (the catalogue's ADV-19: a split caused by casualties or
// access limits is avoided when the next move restores coherency). The largest connected part
// stands; each model cut off from it walks straight toward the nearest model of that part (or of
// those already rejoined) until 2.5" from it, as far as the ground and its move allow. While the
// option `coherency` is on and such a move can bring a model nearer, the unit's other moves are
// refused: the engine has no sub-units (units that split and act apart are not built).
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

// The living models of `unit` split into connected parts under the 3" chain (GEN-09); `cut_off`
// is empty when the unit is coherent.
Parts parts_of(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  std::vector<int> alive;
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (s.models[m].pose.alive) alive.push_back(m);
  const std::size_t n = alive.size();
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&parent](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (table::distance(s.models[alive[i]].pose.position, s.models[alive[j]].pose.position) <=
          table::kCoherencyDistance + 1e-9)
        parent[find(i)] = find(j);
  std::vector<int> size(n, 0);
  for (std::size_t i = 0; i < n; ++i) ++size[find(i)];
  // The largest part; among equals the one holding the lowest-numbered model.
  std::size_t best = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (size[find(i)] > size[find(best)]) best = i;
  Parts parts;
  const std::size_t root = n > 0 ? find(best) : 0;
  for (std::size_t i = 0; i < n; ++i)
    (find(i) == root ? parts.main : parts.cut_off).push_back(alive[i]);
  const auto gap = [&](int m) {
    double d = 1e18;
    for (const int k : parts.main)
      d = std::min(d, table::distance(s.models[m].pose.position, s.models[k].pose.position));
    return d;
  };
  std::stable_sort(parts.cut_off.begin(), parts.cut_off.end(),
                   [&](int a, int b) { return gap(a) < gap(b); });
  return parts;
}

}  // namespace

std::vector<table::Point> close_ranks_shifts(const GameState& s, int unit, double allowance) {
  const auto& info = s.setup->units[unit];
  std::vector<table::Point> shifts(static_cast<std::size_t>(info.model_count));
  const Parts parts = parts_of(s, unit);
  if (parts.cut_off.empty()) return shifts;
  std::vector<table::Point> anchors;  // where the models of the joined part stand (or will)
  for (const int m : parts.main) anchors.push_back(s.models[m].pose.position);
  // The other units' models near the unit, for the table's check of each path (slot 0: the mover).
  std::vector<table::TableModel> others(1);
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m)
    if (s.models[m].pose.alive &&
        (m < info.first_model || m >= info.first_model + info.model_count))
      others.push_back(s.models[m].pose);
  // The unit's own models where they will stand, for the bases a rejoining model must not overlap.
  std::vector<table::TableModel> own(1);
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (s.models[m].pose.alive) own.push_back(s.models[m].pose);
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
    double length = std::min(gap - kCloseUpDistance, allowance);
    // Its own unit's bases where they will stand (its own place left out).
    own[0] = s.models[m].pose;
    for (int k = info.first_model, slot = 1; k < info.first_model + info.model_count; ++k) {
      if (!s.models[k].pose.alive) continue;
      own[slot].position = s.models[k].pose.position + shifts[k - info.first_model];
      if (k == m) own[slot].alive = false;
      ++slot;
    }
    length = table::furthest_clear_end(own, 0, direction, length);
    for (auto& pose : own) pose.alive = true;
    // The longest legal length of its straight path (MOVE-01..08: ground, obstacles, bases, edge).
    others[0] = s.models[m].pose;
    const auto legal = [&](double d) {
      request.path[0] = from + direction * d;
      return table::check_move(s.table(), others, request, false).legal;
    };
    if (length > 0.0 && !legal(length)) {
      double lo = 0.0;
      double hi = length;
      for (int i = 0; i < 24; ++i) {
        const double mid = 0.5 * (lo + hi);
        (legal(mid) ? lo : hi) = mid;
      }
      length = lo;
    }
    if (length < 0.05) continue;  // it cannot get nearer: it stays (and the unit stays split)
    shifts[m - info.first_model] = direction * length;
    const table::Point to = from + direction * length;
    if (table::distance(to, anchors[nearest]) <= table::kCoherencyDistance + 1e-9)
      anchors.push_back(to);
  }
  return shifts;
}

std::string close_ranks_problem(const GameState& s, int unit, double allowance) {
  if (!s.setup->options.coherency)
    return "ADV-19: closing ranks is switched off in this scenario (option coherency)";
  const Parts parts = parts_of(s, unit);
  if (parts.cut_off.empty())
    return "GEN-09: every model is within 3\" of another: there are no ranks to close";
  const auto shifts = close_ranks_shifts(s, unit, allowance);
  if (std::all_of(shifts.begin(), shifts.end(),
                  [](const table::Point& p) { return p.x == 0.0 && p.y == 0.0; }))
    return fmt::format(
        "GEN-09: the {} model(s) cut off from the rest cannot get any nearer to it (the way is "
        "blocked)",
        parts.cut_off.size());
  return "";
}

std::string coherency_move_problem(const GameState& s, int unit, double allowance) {
  if (!s.setup->options.coherency || unit_coherent(s, unit)) return "";
  const Parts parts = parts_of(s, unit);
  if (parts.cut_off.empty() || !close_ranks_problem(s, unit, allowance).empty()) return "";
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
  const auto& info = s.setup->units[unit];
  thread_local std::vector<int> waiting;
  thread_local std::vector<int> frontier;
  waiting.clear();
  frontier.clear();
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
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
  if (!detail::close_ranks_problem(s, unit, allowance).empty()) return centre;
  const auto& info = s.setup->units[unit];
  const auto shifts = detail::close_ranks_shifts(s, unit, allowance);
  table::Point sum;
  int n = 0;
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    sum = sum + s.models[m].pose.position + shifts[m - info.first_model];
    ++n;
  }
  return n > 0 ? sum * (1.0 / n) : centre;
}

}  // namespace arap::game
