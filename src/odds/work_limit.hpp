// Issue 14: exact odds stay exact, and a request whose exact answer would take minutes is
// refused up front (or as soon as the work passes the limit) with a message that says what to
// shrink, instead of running silently. The limit bounds CPU, not accuracy: nothing is truncated.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace arap::odds {

// The request is valid but too large to compute exactly within the work limit.
class TooLargeToCompute : public std::length_error {
 public:
  using std::length_error::length_error;
};

// About a second of CPU on the machines we measure on (one unit is one multiply-add).
inline constexpr double kWorkLimit = 1.5e9;

// Counts the multiply-adds of one computation and refuses when they pass kWorkLimit.
class WorkBudget {
 public:
  explicit WorkBudget(std::string what) : what_(std::move(what)) {}
  void spend(double units) {
    used_ += units;
    if (used_ > kWorkLimit) refuse(used_);
  }
  // Refuses before starting when the estimate alone is over the limit.
  void expect(double units) const {
    if (used_ + units > kWorkLimit) refuse(used_ + units);
  }

 private:
  [[noreturn]] void refuse(double units) const {
    throw TooLargeToCompute(fmt::format(
        "{} is too large to compute exactly (over {:.1e} steps; the limit is {:.1e}): ask for "
        "fewer models, shots or firings, or a smaller target",
        what_, units, kWorkLimit));
  }
  std::string what_;
  double used_ = 0.0;
};

}  // namespace arap::odds
