#include "table/drop_zone.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/geometry.hpp>

namespace arap::table {

MarkerGround ground_under_marker(const Table& table, std::span<const TableModel> models,
                                 const Point& centre, double radius) {
  MarkerGround out;
  out.off_table = centre.x - radius < 0.0 || centre.y - radius < 0.0 ||
                  centre.x + radius > table.width() || centre.y + radius > table.height();
  const Point corner{radius, radius};
  for (const int index : table.features_near(centre - corner, centre + corner)) {
    const TerrainFeature& feature = table.features()[static_cast<std::size_t>(index)];
    if (boost::geometry::distance(feature.footprint, to_boost(centre)) > radius) continue;
    if (feature.movement == MovementClass::impassable || feature.deep) out.impassable = true;
    if (feature.movement == MovementClass::difficult) out.difficult = true;
    if (feature.movement == MovementClass::very_difficult) out.very_difficult = true;
    if (feature.dangerous) out.dangerous.push_back(&feature);
  }
  for (const int index : table.obstacles_near(centre - corner, centre + corner)) {
    const LinearObstacle& obstacle = table.obstacles()[static_cast<std::size_t>(index)];
    if (obstacle.door < 0 || obstacle.open) continue;
    for (std::size_t i = 0; i + 1 < obstacle.points.size(); ++i) {
      if (distance_to_segment(centre, obstacle.points[i], obstacle.points[i + 1]) <= radius)
        out.impassable = true;
    }
  }
  for (std::size_t m = 0; m < models.size(); ++m) {
    if (!models[m].alive) continue;
    if (distance(models[m].position, centre) < radius + models[m].base_radius)
      out.models.push_back(static_cast<int>(m));
  }
  return out;
}

std::optional<std::vector<Point>> pack_in_marker(const Point& centre, double radius,
                                                 std::span<const double> radii) {
  if (radii.empty()) return std::vector<Point>{};
  const double widest = *std::max_element(radii.begin(), radii.end());
  const double reach = radius - widest;  // how far from the centre a base's centre may stand
  if (reach < -1e-9) return std::nullopt;
  // A hexagonal lattice with room between neighbouring bases, its points nearest the centre
  // first (ties in a fixed order, so the same unit always stands the same way).
  const double spacing = 2.0 * widest + 0.005;
  const int span = static_cast<int>(std::ceil(reach / spacing)) + 1;
  std::vector<Point> spots;
  for (int row = -span; row <= span; ++row) {
    for (int col = -span; col <= span; ++col) {
      const Point offset{(col + 0.5 * row) * spacing, row * spacing * std::sqrt(3.0) / 2.0};
      if (length(offset) <= reach + 1e-9) spots.push_back(offset);
    }
  }
  if (spots.size() < radii.size()) return std::nullopt;
  std::stable_sort(spots.begin(), spots.end(),
                   [](const Point& a, const Point& b) { return dot(a, a) < dot(b, b) - 1e-9; });
  // The widest bases take the middle.
  std::vector<std::size_t> order(radii.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return radii[a] > radii[b]; });
  std::vector<Point> out(radii.size());
  for (std::size_t k = 0; k < order.size(); ++k) out[order[k]] = centre + spots[k];
  return out;
}

}  // namespace arap::table
