#include "table/coherency.hpp"

#include <algorithm>
#include <numeric>

#include "table/geometry.hpp"

namespace arap::table {

std::vector<std::vector<int>> coherent_groups(std::span<const TableModel> models,
                                              const std::vector<int>& members) {
  const std::size_t n = members.size();
  std::vector<std::size_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&parent](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double d = distance(models[members[i]].position, models[members[j]].position);
      if (d <= kCoherencyDistance + 1e-9) parent[find(i)] = find(j);
    }
  }
  std::vector<std::vector<int>> groups;
  std::vector<int> group_of(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t root = find(i);
    if (group_of[root] < 0) {
      group_of[root] = static_cast<int>(groups.size());
      groups.emplace_back();
    }
    groups[group_of[root]].push_back(members[i]);
  }
  std::stable_sort(groups.begin(), groups.end(),
                   [](const auto& a, const auto& b) { return a.size() > b.size(); });
  return groups;
}

bool coherent(std::span<const TableModel> models, const std::vector<int>& members) {
  return coherent_groups(models, members).size() <= 1;
}

}  // namespace arap::table
