// Exact odds from the live rule itself: `for_each_outcome` calls a function that rolls dice once
// for every sequence of faces it can roll, with that sequence's probability (OpenSpiel's explicit
// chance, walked depth first). The number of dice may depend on earlier faces, not on anything
// else. Used where a rule's roll and its side results (the highest die of a Charge) must agree.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "dice/dice_source.hpp"

namespace arap::dice {

class OutcomeWalker final : public DiceSource {
 public:
  int roll(int sides) override {
    if (sides < 1) throw std::invalid_argument("a die needs at least one face");
    if (next_ < path_.size()) {
      if (path_[next_].second != sides)
        throw std::logic_error("for_each_outcome: the dice rolled changed between outcomes");
      return path_[next_++].first;
    }
    path_.emplace_back(1, sides);
    ++next_;
    return 1;
  }
  double probability() const {
    double p = 1.0;
    for (const auto& die : path_) p /= die.second;
    return p;
  }
  // Moves to the next sequence of faces; false after the last one.
  bool advance() {
    path_.resize(next_);  // dice never reached this time are not part of the outcome
    while (!path_.empty() && path_.back().first == path_.back().second) path_.pop_back();
    next_ = 0;
    if (path_.empty()) return false;
    ++path_.back().first;
    return true;
  }

 private:
  std::vector<std::pair<int, int>> path_;  // (face, sides)
  std::size_t next_ = 0;
};

// use(roll(dice), probability) for every outcome of `roll`.
template <typename Roll, typename Use>
void for_each_outcome(Roll&& roll, Use&& use) {
  OutcomeWalker walker;
  do {
    auto result = roll(static_cast<DiceSource&>(walker));
    use(result, walker.probability());
  } while (walker.advance());
}

}  // namespace arap::dice
