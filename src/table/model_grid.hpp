// SHOOT-02/20 at scale: which models' bases may meet a sight line, found through a bucket grid of
// the living models by their centres instead of a scan of every model. A shot of a big squad asks
// a line from each firer to each target model, and a scan per line made that cubic in the squad
// size (issue 12); through the grid a line costs the cells it passes and the models in them.
#pragma once

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>
#include <vector>

#include "table/table_model.hpp"

namespace arap::table {

class ModelGrid {
 public:
  explicit ModelGrid(std::span<const TableModel> models);

  // The grid of `models`: the one last made on this thread when the models stand exactly where
  // they stood then (the same places, bases and living models: all a grid depends on), else a new
  // one. A shot asks the same models' lines for each of its firers.
  static std::shared_ptr<const ModelGrid> of(std::span<const TableModel> models);

  // Calls visit(i) once for every living model i whose base could touch the segment a-b, and
  // perhaps for some whose base does not (the caller tests each exactly); in no particular order.
  // Stops as soon as visit returns true.
  template <typename Visit>
  void near_segment(const Point& a, const Point& b, Visit visit) const;

 private:
  int column_of(double x) const { return static_cast<int>(std::floor((x - origin_.x) / cell_)); }
  int row_of(double y) const { return static_cast<int>(std::floor((y - origin_.y) / cell_)); }

  Point origin_;
  double cell_ = 2.0;
  double reach_ = 0.0;  // the widest base radius, with a hair for rounding
  int columns_ = 0;
  int rows_ = 0;
  std::vector<int> start_;  // per cell (row-major), where its models begin in items_
  std::vector<int> items_;
};

template <typename Visit>
void ModelGrid::near_segment(const Point& a, const Point& b, Visit visit) const {
  if (columns_ == 0) return;
  // A base of radius at most reach_ touches the segment only if some point q of it lies within
  // reach_ of the centre on both axes. So a column (centres' x in [x0, x1)) need only look at the
  // rows the segment passes while its x lies in [x0 - reach_, x1 + reach_], widened by reach_.
  // Cells are visited from a's end toward b's: what stands nearest a is met first (a line out of
  // a crowd is blocked by the models around its start, and its search stops there).
  const double r = reach_;
  const int low = std::max(0, column_of(std::min(a.x, b.x) - r));
  const int high = std::min(columns_ - 1, column_of(std::max(a.x, b.x) + r));
  if (low > high) return;
  const double dx = b.x - a.x;
  const double dy = b.y - a.y;
  const int column_step = dx < 0.0 ? -1 : 1;
  const int row_step = dy < 0.0 ? -1 : 1;
  for (int c = column_step > 0 ? low : high; c >= low && c <= high; c += column_step) {
    double y_lo = std::min(a.y, b.y);
    double y_hi = std::max(a.y, b.y);
    if (std::abs(dx) > 1e-12) {
      const double x0 = origin_.x + c * cell_ - r;
      const double x1 = origin_.x + (c + 1) * cell_ + r;
      double t0 = (x0 - a.x) / dx;
      double t1 = (x1 - a.x) / dx;
      if (t0 > t1) std::swap(t0, t1);
      t0 = std::max(t0, 0.0);
      t1 = std::min(t1, 1.0);
      if (t0 > t1) continue;
      const double y0 = a.y + dy * t0;
      const double y1 = a.y + dy * t1;
      y_lo = std::min(y0, y1);
      y_hi = std::max(y0, y1);
    }
    const int top = std::max(0, row_of(y_lo - r));
    const int bottom = std::min(rows_ - 1, row_of(y_hi + r));
    for (int row = row_step > 0 ? top : bottom; row >= top && row <= bottom; row += row_step) {
      const int cell = row * columns_ + c;
      for (int k = start_[cell]; k < start_[cell + 1]; ++k)
        if (visit(items_[k])) return;
    }
  }
}

}  // namespace arap::table
