// SHOOT-12..14, SHOOT-44, ADV-05, ADV-36: the cover a model has against a shooter or a marker
// centre, the cover of a whole unit, and the order casualties are taken in.
#pragma once

#include <span>
#include <vector>

#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

// SHOOT-13 (ruling A-15): more than half of the unit in hard cover -> hard; else more than half
// in any cover -> soft; else none.
Cover unit_cover(int in_open, int in_soft, int in_hard);

// SHOOT-12 / ADV-36 / ADV-05: cover of a model at `target` against fire from `source`:
// - a feature the target stands in gives its cover, unless the source stands in it too;
// - a feature or linear obstacle the line crosses within its cover distance of the target
//   (1.5" for obstacles) gives its cover, unless the source is within `exempt_within` of the
//   target (2" for shooters, ADV-36; 0 for a marker centre, SHOOT-44).
// Hard beats soft.
// With `marker_calls` (ADV-46, optional), features whose soft cover is ruled no shelter from area
// markers (soft_cover_vs_area: false) give none.
Cover model_cover(const Table& table, const Point& source, const Point& target,
                  double exempt_within = 2.0, bool marker_calls = false);

// Cover of every living model of `unit` against `source`, and the unit's cover (SHOOT-13).
struct UnitCover {
  std::vector<int> models;
  std::vector<Cover> cover;  // parallel to `models`
  Cover unit = Cover::none;
};
UnitCover unit_cover_against(const Table& table, std::span<const TableModel> models,
                             const Point& source, int unit);

// SHOOT-14: models in the open first, then soft, then hard cover; ties nearest to `source`
// first (templates fall nearest the firer, markers nearest their centre, SHOOT-27).
std::vector<int> casualty_order(std::span<const TableModel> models, const std::vector<int>& chosen,
                                const std::vector<Cover>& cover, const Point& source);

}  // namespace arap::table
