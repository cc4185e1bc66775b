#include "odds/casualties.hpp"

#include "odds/work_limit.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

namespace arap::odds {

namespace {

using dice::Distribution;

// Sequential allocation: a Markov chain over (models slain, damage on the model in line). The
// state index slain * wounds + damage only grows (every wound does at least 1 damage or none), so
// only the band of indices that can hold probability is visited: damage 1 costs O(shots).
// Returns the distribution over states after `unsaved` wounds (each of `damage`) from the
// distribution over states `current` (issue 17: groups of a squad follow one another).
std::vector<double> sequential_states(std::vector<double> current, const Distribution& unsaved,
                                      int models, int wounds, const Distribution& damage, int most,
                                      WorkBudget& budget) {
  const int states = (models + 1) * wounds;
  std::vector<double> next(states, 0.0);
  std::vector<double> result(states, 0.0);
  int low = 0;  // lowest index that may hold probability
  while (low < states - 1 && current[low] == 0.0) ++low;
  int high = states - 1;  // highest such index
  while (high > low && current[high] == 0.0) --high;
  const int all_slain = models * wounds;
  const auto accumulate = [&](double weight) {
    if (weight == 0.0) return;
    for (int i = low; i <= high; ++i) result[i] += weight * current[i];
  };
  // Per damage already on the model in line: where each Damage roll leaves it (`stay`: offsets
  // with probability) and the chance the wound slays it (`kill`).
  std::vector<std::vector<std::pair<int, double>>> stay(wounds);
  std::vector<double> kill(wounds, 0.0);
  for (int d = 0; d < wounds; ++d) {
    for (int amount = damage.lowest(); amount <= damage.highest(); ++amount) {
      const double q = damage[amount];
      if (q == 0.0) continue;
      const int total = d + std::max(0, amount);
      if (total >= wounds) {
        kill[d] += q;
      } else {
        stay[d].emplace_back(total - d, q);
      }
    }
  }
  const int span = std::max(1, damage.highest() - damage.lowest() + 1);
  const int step = std::max(0, damage.highest());
  // Every wound does at least 1 damage when the lowest Damage is 1 or more, so after
  // models * wounds unsaved wounds the whole unit is certainly slain: the rest of the unsaved
  // distribution adds straight to "all slain" (exact, and it keeps long volleys O(models)).
  const int certain = damage.lowest() >= 1 ? models * wounds : std::numeric_limits<int>::max();
  for (int n = 0; n <= most; ++n) {
    if (n > certain) {
      double rest = 0.0;
      for (int m = n; m <= most; ++m) rest += unsaved[m];
      result[all_slain] += rest;
      break;
    }
    if (n > 0) {
      budget.spend(static_cast<double>(high - low + 1) * span);
      const int next_high = std::min(states - 1, high + step);
      std::fill(next.begin() + low, next.begin() + next_high + 1, 0.0);
      int d = low % wounds;
      for (int i = low; i <= high; ++i, d = (d + 1 == wounds ? 0 : d + 1)) {
        const double p = current[i];
        if (p == 0.0) continue;
        if (i >= all_slain) {  // nobody left: the wound is lost
          next[i] += p;
          continue;
        }
        for (const auto& [offset, q] : stay[d]) next[i + offset] += p * q;
        next[i - d + wounds] += p * kill[d];  // excess Damage is lost (SHOOT-23)
      }
      std::fill(current.begin() + low, current.begin() + high + 1, 0.0);
      std::swap(current, next);
      high = next_high;
      while (low < high && current[low] == 0.0) ++low;
    }
    accumulate(unsaved[n]);
  }
  return result;
}

// The last number of unsaved wounds with any probability: a binomial's far tail underflows to
// exact zeros, and stepping through them would change nothing.
int last_possible(const Distribution& unsaved) {
  int most = std::max(0, unsaved.highest());
  while (most > 0 && unsaved[most] == 0.0) --most;
  return most;
}

Distribution slain_of_states(const std::vector<double>& states, int models, int wounds) {
  Distribution result(0, std::vector<double>(models + 1, 0.0));
  for (int i = 0; i < static_cast<int>(states.size()); ++i) {
    if (states[i] != 0.0) result.add(i / wounds, states[i]);
  }
  return result;
}

Distribution sequential(const Distribution& unsaved, int models, int wounds,
                        const Distribution& damage, int most) {
  std::vector<double> start((models + 1) * wounds, 0.0);
  start[0] = 1.0;
  WorkBudget budget("the models-slain chain (sequential allocation)");
  return slain_of_states(
      sequential_states(std::move(start), unsaved, models, wounds, damage, most, budget), models,
      wounds);
}

// Random allocation: the state is how many models carry each amount of damage, the dead last,
// packed one byte per damage level into a 64-bit key (so up to 7 wounds a model).
Distribution random(const Distribution& unsaved, int models, int wounds, const Distribution& damage,
                    int most) {
  constexpr std::size_t kMaxStates = 200000;
  if (models > 255 || wounds > 7) {
    throw TooLargeToCompute(
        "random allocation is computed exactly for at most 255 models of at most 7 wounds; use "
        "sequential allocation");
  }
  const auto count = [](std::uint64_t state, int level) {
    return static_cast<int>((state >> (8 * level)) & 0xffu);
  };
  const auto shift = [](int level) { return std::uint64_t{1} << (8 * level); };
  std::unordered_map<std::uint64_t, double> current{{static_cast<std::uint64_t>(models), 1.0}};
  std::unordered_map<std::uint64_t, double> next;
  Distribution result(0, std::vector<double>(models + 1, 0.0));
  const auto accumulate = [&](double weight) {
    if (weight == 0.0) return;
    for (const auto& [state, p] : current) result.add(count(state, wounds), weight * p);
  };
  const int span = std::max(1, damage.highest() - damage.lowest() + 1);
  WorkBudget budget("random allocation");
  // Every wound does at least 1 damage when the lowest Damage is 1 or more, so after
  // models * wounds unsaved wounds the whole unit is certainly slain: the rest of the unsaved
  // distribution adds straight to "all slain" (exact, and it keeps long volleys O(models)).
  const int certain = damage.lowest() >= 1 ? models * wounds : std::numeric_limits<int>::max();
  for (int n = 0; n <= most; ++n) {
    if (n > certain) {
      double rest = 0.0;
      for (int m = n; m <= most; ++m) rest += unsaved[m];
      result.add(models, rest);
      break;
    }
    if (n > 0) {
      budget.spend(static_cast<double>(current.size()) * (wounds * span + 1));
      next.clear();
      for (const auto& [state, p] : current) {
        if (models == 0) {
          next[state] += p;
          continue;
        }
        // The hit lands on a dead model: nothing changes.
        if (count(state, wounds) > 0) next[state] += p * count(state, wounds) / models;
        for (int level = 0; level < wounds; ++level) {
          const int here = count(state, level);
          if (here == 0) continue;
          const double pick = p * here / models;
          for (int amount = damage.lowest(); amount <= damage.highest(); ++amount) {
            const double q = damage[amount];
            if (q == 0.0) continue;
            const int to = std::min(wounds, level + std::max(0, amount));
            next[state - shift(level) + shift(to)] += pick * q;
          }
        }
      }
      if (next.size() > kMaxStates) {
        throw TooLargeToCompute(
            "random allocation on this many multi-wound models is too large to compute exactly; "
            "use sequential allocation");
      }
      std::swap(current, next);
    }
    accumulate(unsaved[n]);
  }
  return result;
}

}  // namespace

Distribution slain_distribution(const Distribution& unsaved, int models, int wounds,
                                const Distribution& damage, rules::Allocation allocation) {
  if (models < 0 || wounds < 1)
    throw std::invalid_argument("target needs models >= 0, wounds >= 1");
  if (unsaved.lowest() < 0) throw std::invalid_argument("unsaved wounds cannot be negative");
  const int most = last_possible(unsaved);
  if (allocation == rules::Allocation::sequential) {
    return sequential(unsaved, models, wounds, damage, most);
  }
  return random(unsaved, models, wounds, damage, most);
}

Distribution slain_by_groups(const std::vector<GroupWounds>& groups, int models, int wounds) {
  if (models < 0 || wounds < 1)
    throw std::invalid_argument("target needs models >= 0, wounds >= 1");
  std::vector<double> states((models + 1) * wounds, 0.0);
  states[0] = 1.0;
  WorkBudget budget("the models-slain chain of a squad (sequential allocation)");
  for (const auto& group : groups) {
    if (group.unsaved.lowest() < 0)
      throw std::invalid_argument("unsaved wounds cannot be negative");
    states = sequential_states(std::move(states), group.unsaved, models, wounds, group.damage,
                               last_possible(group.unsaved), budget);
  }
  return slain_of_states(states, models, wounds);
}

}  // namespace arap::odds
