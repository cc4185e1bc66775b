#include "odds/casualties.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

namespace arap::odds {

namespace {

using dice::Distribution;

// Sequential allocation: a Markov chain over (models slain, damage on the model in line).
Distribution sequential(const Distribution& unsaved, int models, int wounds,
                        const Distribution& damage) {
  const int states = (models + 1) * wounds;
  const auto index = [wounds](int slain, int on_current) { return slain * wounds + on_current; };
  std::vector<double> current(states, 0.0);
  std::vector<double> next(states, 0.0);
  current[index(0, 0)] = 1.0;
  Distribution result(0, std::vector<double>(models + 1, 0.0));
  const auto accumulate = [&](double weight) {
    if (weight == 0.0) return;
    for (int slain = 0; slain <= models; ++slain) {
      double p = 0.0;
      for (int d = 0; d < wounds; ++d) p += current[index(slain, d)];
      result.add(slain, weight * p);
    }
  };
  const int most = std::max(0, unsaved.highest());
  for (int n = 0; n <= most; ++n) {
    if (n > 0) {
      std::fill(next.begin(), next.end(), 0.0);
      for (int slain = 0; slain <= models; ++slain) {
        for (int d = 0; d < wounds; ++d) {
          const double p = current[index(slain, d)];
          if (p == 0.0) continue;
          if (slain == models) {  // nobody left: the wound is lost
            next[index(slain, d)] += p;
            continue;
          }
          for (int amount = damage.lowest(); amount <= damage.highest(); ++amount) {
            const double q = damage[amount];
            if (q == 0.0) continue;
            const int total = d + std::max(0, amount);
            if (total >= wounds) {
              next[index(slain + 1, 0)] += p * q;  // excess Damage is lost (SHOOT-23)
            } else {
              next[index(slain, total)] += p * q;
            }
          }
        }
      }
      std::swap(current, next);
    }
    accumulate(unsaved[n]);
  }
  return result;
}

// Random allocation: the state is how many models carry each amount of damage, the dead last,
// packed one byte per damage level into a 64-bit key (so up to 7 wounds a model).
Distribution random(const Distribution& unsaved, int models, int wounds,
                    const Distribution& damage) {
  constexpr std::size_t kMaxStates = 200000;
  if (models > 255 || wounds > 7) {
    throw std::length_error(
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
  const int most = std::max(0, unsaved.highest());
  for (int n = 0; n <= most; ++n) {
    if (n > 0) {
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
        throw std::length_error(
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
  if (allocation == rules::Allocation::sequential) {
    return sequential(unsaved, models, wounds, damage);
  }
  return random(unsaved, models, wounds, damage);
}

}  // namespace arap::odds
