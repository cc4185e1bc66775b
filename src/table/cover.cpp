#include "table/cover.hpp"

#include <algorithm>
#include <numeric>

namespace arap::table {

Cover unit_cover(int in_open, int in_soft, int in_hard) {
  const int total = in_open + in_soft + in_hard;
  if (2 * in_hard > total) return Cover::hard;
  if (2 * (in_soft + in_hard) > total) return Cover::soft;
  return Cover::none;
}

Cover model_cover(const Table& table, const Point& source, const Point& target,
                  double exempt_within, bool marker_calls) {
  Cover best = Cover::none;
  const auto claim = [&best](Cover cover) { best = std::max(best, cover); };
  const double span = distance(source, target);
  const bool close_source = span <= exempt_within;
  for (const int index : table.features_near(source, target)) {
    const TerrainFeature& feature = table.features()[index];
    if (feature.cover == Cover::none) continue;
    if (marker_calls && !feature.soft_cover_vs_area) continue;  // ADV-46: long grass
    const bool target_in = in_feature(feature, target);
    const bool source_in = in_feature(feature, source);
    if (target_in) {
      if (!source_in) claim(feature.cover);
      continue;
    }
    if (close_source || source_in || !segment_touches_box(source, target, feature.bounds)) {
      continue;
    }
    // The feature stands between, close in front of the target.
    const double near_target = span > 0 ? 1.0 - 1.5 / span : 0.0;
    for (const auto& piece : feature_intervals(feature, source, target)) {
      if (piece.to >= near_target) claim(feature.cover);
    }
  }
  if (!close_source) {
    for (const int index : table.obstacles_near(source, target)) {
      const LinearObstacle& obstacle = table.obstacles()[index];
      if (obstacle.cover == Cover::none) continue;
      const double t = obstacle.first_crossing(target, source);  // measured from the target
      if (t >= 0.0 && t * span <= obstacle.cover_distance + 1e-9) claim(obstacle.cover);
    }
  }
  return best;
}

UnitCover unit_cover_against(const Table& table, std::span<const TableModel> models,
                             const Point& source, int unit) {
  UnitCover result;
  int counts[3] = {0, 0, 0};
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    if (!models[i].alive || models[i].unit != unit) continue;
    const Cover cover = model_cover(table, source, models[i].position);
    result.models.push_back(i);
    result.cover.push_back(cover);
    ++counts[static_cast<int>(cover)];
  }
  result.unit = unit_cover(counts[0], counts[1], counts[2]);
  return result;
}

std::vector<int> casualty_order(std::span<const TableModel> models, const std::vector<int>& chosen,
                                const std::vector<Cover>& cover, const Point& source) {
  std::vector<std::size_t> order(chosen.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (cover[a] != cover[b]) return cover[a] < cover[b];
    return distance(models[chosen[a]].position, source) <
           distance(models[chosen[b]].position, source);
  });
  std::vector<int> result;
  for (const auto index : order) result.push_back(chosen[index]);
  return result;
}

}  // namespace arap::table
