// An exact discrete distribution over a range of integers: the currency of the odds calculator
// and of the dice tests (DICE-02, DICE-15..19 state theirs as such tables).
#pragma once

#include <vector>

namespace arap::dice {

class Distribution {
 public:
  // The certain value 0.
  Distribution() = default;
  Distribution(int lowest, std::vector<double> probabilities);

  static Distribution point(int value) { return Distribution(value, {1.0}); }
  static Distribution uniform(int lowest, int highest);
  // Number of successes in `trials` independent trials of probability `p`.
  static Distribution binomial(int trials, double p);

  int lowest() const { return lowest_; }
  int highest() const { return lowest_ + static_cast<int>(p_.size()) - 1; }
  const std::vector<double>& probabilities() const { return p_; }

  double operator[](int value) const;
  double at_least(int value) const;
  double at_most(int value) const { return 1.0 - at_least(value + 1); }
  double mean() const;
  double total() const;

  // The distribution of X + Y for independent X (this) and Y.
  Distribution plus(const Distribution& other) const;
  // Adds `probability` of `value` (widening the range as needed): for building tables.
  void add(int value, double probability);
  // Drops zero-probability values at both ends.
  void trim();

 private:
  int lowest_ = 0;
  std::vector<double> p_{1.0};
};

}  // namespace arap::dice
