// SHOOT-02/20 at scale: the bucket grid of living models that sight lines are asked across.
#include "table/model_grid.hpp"

#include <limits>

namespace arap::table {

ModelGrid::ModelGrid(std::span<const TableModel> models) {
  Point lo{std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  Point hi{-lo.x, -lo.y};
  int living = 0;
  for (const TableModel& m : models) {
    if (!m.alive) continue;
    ++living;
    lo = {std::min(lo.x, m.position.x), std::min(lo.y, m.position.y)};
    hi = {std::max(hi.x, m.position.x), std::max(hi.y, m.position.y)};
    reach_ = std::max(reach_, m.base_radius);
  }
  if (living == 0) return;
  // A hair over the widest base, so that rounding in the sweep never misses a base the exact test
  // would count; cells of 2" (a few 25 mm bases each), fewer on a sprawling table.
  reach_ += 1e-6;
  cell_ = std::max({2.0, (hi.x - lo.x) / 64.0, (hi.y - lo.y) / 64.0});
  origin_ = lo;
  columns_ = column_of(hi.x) + 1;
  rows_ = row_of(hi.y) + 1;
  start_.assign(static_cast<std::size_t>(columns_) * rows_ + 1, 0);
  const auto cell_of = [&](const Point& p) {
    return std::min(row_of(p.y), rows_ - 1) * columns_ + std::min(column_of(p.x), columns_ - 1);
  };
  for (const TableModel& m : models)
    if (m.alive) ++start_[cell_of(m.position) + 1];
  for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
  items_.resize(living);
  std::vector<int> fill(start_.begin(), start_.end() - 1);
  for (int i = 0; i < static_cast<int>(models.size()); ++i)
    if (models[i].alive) items_[fill[cell_of(models[i].position)]++] = i;
}

std::shared_ptr<const ModelGrid> ModelGrid::of(std::span<const TableModel> models) {
  struct Place {
    Point position;
    double base_radius;
    bool alive;
    bool operator==(const Place&) const = default;
  };
  thread_local std::vector<Place> places;
  thread_local std::shared_ptr<const ModelGrid> last;
  const bool same = last && places.size() == models.size() &&
                    std::equal(models.begin(), models.end(), places.begin(),
                               [](const TableModel& m, const Place& p) {
                                 return Place{m.position, m.base_radius, m.alive} == p;
                               });
  if (same) return last;
  places.clear();
  for (const TableModel& m : models) places.push_back({m.position, m.base_radius, m.alive});
  last = std::make_shared<const ModelGrid>(models);
  return last;
}

}  // namespace arap::table
