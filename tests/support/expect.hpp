// Shared test helpers: exact probabilities to 1e-12, and a chi-square check of live dice against
// exact odds.
#pragma once

#include <cmath>
#include <map>
#include <vector>

#include <gtest/gtest.h>

#include "dice/distribution.hpp"

#define EXPECT_PROB(actual, expected) EXPECT_NEAR((actual), (expected), 1e-12)

namespace arap::test {

inline double frac(int numerator, int denominator) {
  return static_cast<double>(numerator) / denominator;
}

// The chi-square statistic's critical value at a 1-in-10^4 false-alarm rate (Wilson-Hilferty),
// so fixed-seed tests stay green while any real bias of a few percent is caught.
inline double chi_square_critical(int degrees_of_freedom) {
  const double k = degrees_of_freedom;
  const double z = 3.719;
  const double term = 1.0 - 2.0 / (9.0 * k) + z * std::sqrt(2.0 / (9.0 * k));
  return k * term * term * term;
}

// Asserts that `observed` counts (value -> count over `samples` draws) fit `expected`. Cells with
// an expected count below 5 are pooled.
inline void expect_fits(const std::map<int, long>& observed, const dice::Distribution& expected,
                        long samples) {
  double statistic = 0.0;
  int cells = 0;
  double pooled_expected = 0.0;
  double pooled_observed = 0.0;
  long seen = 0;
  for (int v = expected.lowest(); v <= expected.highest(); ++v) {
    const double e = expected[v] * static_cast<double>(samples);
    const auto found = observed.find(v);
    const double o = found == observed.end() ? 0.0 : static_cast<double>(found->second);
    seen += found == observed.end() ? 0 : found->second;
    if (e < 5.0) {
      pooled_expected += e;
      pooled_observed += o;
      continue;
    }
    statistic += (o - e) * (o - e) / e;
    ++cells;
  }
  if (pooled_expected >= 1.0) {
    statistic +=
        (pooled_observed - pooled_expected) * (pooled_observed - pooled_expected) / pooled_expected;
    ++cells;
  }
  EXPECT_EQ(seen, samples) << "a live result fell outside the exact distribution's range";
  ASSERT_GE(cells, 2);
  EXPECT_LT(statistic, chi_square_critical(cells - 1)) << "live dice do not fit the exact odds";
}

}  // namespace arap::test
