// GEN-04 / SHOOT-01 / CHARGE-02 at scale: the nearest of many models to each of many others
// (range to a unit from each of a squad's firers, the nearest pair of two units), found through
// one unit's models sorted along an axis. From a point, the search walks outward along that axis
// both ways and stops each way where the gap on the axis alone is further than the caller's bound
// (the best found so far): for two units standing apart along that axis a search meets a rank or
// two, where a scan meets every model (issue 12: a big squad's every firer asks this).
#pragma once

#include <algorithm>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "table/geometry.hpp"

namespace arap::table {

class AxisSorted {
 public:
  // Sorted along x when `along_x`, else along y (the axis the two groups lie farther apart on).
  explicit AxisSorted(bool along_x) : along_x_(along_x) {}
  // Whether groups whose centres lie `apart` are best searched along x.
  static bool along_x_for(const Point& apart) { return std::abs(apart.x) >= std::abs(apart.y); }

  void add(const Point& p, int id) { items_.push_back({axis(p), p, id}); }
  void sort() {
    std::sort(items_.begin(), items_.end(),
              [](const Item& a, const Item& b) { return a.at < b.at; });
  }
  bool empty() const { return items_.empty(); }

  // Calls visit(id, point) for every point that may lie within the bound of `from`, those nearest
  // along the axis first each way: a point is passed when its squared gap on the axis exceeds
  // bound_squared(), asked afresh as the search goes (visit may lower it). Points the bound
  // passes are at least as far, so a search for the least distance loses nothing.
  template <typename Visit, typename BoundSquared>
  void search(const Point& from, Visit visit, BoundSquared bound_squared) const {
    const double here = axis(from);
    const auto beyond = [&](double at) { return (at - here) * (at - here) > bound_squared(); };
    const auto first_up = std::lower_bound(items_.begin(), items_.end(), here,
                                           [](const Item& e, double v) { return e.at < v; });
    for (auto it = first_up; it != items_.end() && !beyond(it->at); ++it) visit(it->id, it->p);
    for (auto it = first_up; it != items_.begin();) {
      --it;
      if (beyond(it->at)) break;
      visit(it->id, it->p);
    }
  }

 private:
  struct Item {
    double at;
    Point p;
    int id;
  };
  double axis(const Point& p) const { return along_x_ ? p.x : p.y; }
  bool along_x_;
  boost::container::small_vector<Item, 32> items_;
};

}  // namespace arap::table
