#include "dice/distribution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arap::dice {

Distribution::Distribution(int lowest, std::vector<double> probabilities)
    : lowest_(lowest), p_(std::move(probabilities)) {
  if (p_.empty()) throw std::invalid_argument("a distribution needs at least one value");
}

Distribution Distribution::uniform(int lowest, int highest) {
  const int count = highest - lowest + 1;
  return Distribution(lowest, std::vector<double>(count, 1.0 / count));
}

Distribution Distribution::binomial(int trials, double p) {
  const auto certain = [trials](int value) {
    std::vector<double> row(std::max(trials, 0) + 1, 0.0);
    row[value] = 1.0;
    return Distribution(0, std::move(row));
  };
  if (trials <= 0 || p <= 0.0) return certain(0);
  if (p >= 1.0) return certain(trials);
  // O(n): from the mode, where the terms are largest, outward by the ratio of neighbouring
  // terms, P(k+1)/P(k) = (n-k)/(k+1) * p/(1-p); the row is normalised at the end, so no factorial
  // is ever formed and the relative error stays a few ulps per step.
  std::vector<double> row(trials + 1, 0.0);
  const int mode = std::min(trials, static_cast<int>(std::floor((trials + 1) * p)));
  const double odds = p / (1.0 - p);
  row[mode] = 1.0;
  for (int k = mode; k < trials; ++k) {
    row[k + 1] = row[k] * (static_cast<double>(trials - k) / (k + 1)) * odds;
    if (row[k + 1] < 1e-300) break;  // the rest underflow to nothing
  }
  for (int k = mode; k > 0; --k) {
    row[k - 1] = row[k] * (static_cast<double>(k) / (trials - k + 1)) / odds;
    if (row[k - 1] < 1e-300) break;
  }
  double sum = 0.0;
  for (const double v : row) sum += v;
  for (double& v : row) v /= sum;
  return Distribution(0, std::move(row));
}

double Distribution::operator[](int value) const {
  const int index = value - lowest_;
  if (index < 0 || index >= static_cast<int>(p_.size())) return 0.0;
  return p_[index];
}

double Distribution::at_least(int value) const {
  double sum = 0.0;
  for (int v = std::max(value, lowest_); v <= highest(); ++v) sum += p_[v - lowest_];
  return sum;
}

double Distribution::mean() const {
  double sum = 0.0;
  for (std::size_t i = 0; i < p_.size(); ++i) sum += p_[i] * (lowest_ + static_cast<int>(i));
  return sum;
}

double Distribution::total() const {
  double sum = 0.0;
  for (const double p : p_) sum += p;
  return sum;
}

Distribution Distribution::plus(const Distribution& other) const {
  std::vector<double> out(p_.size() + other.p_.size() - 1, 0.0);
  for (std::size_t i = 0; i < p_.size(); ++i) {
    if (p_[i] == 0.0) continue;
    for (std::size_t j = 0; j < other.p_.size(); ++j) out[i + j] += p_[i] * other.p_[j];
  }
  return Distribution(lowest_ + other.lowest_, std::move(out));
}

void Distribution::add(int value, double probability) {
  if (value < lowest_) {
    p_.insert(p_.begin(), static_cast<std::size_t>(lowest_ - value), 0.0);
    lowest_ = value;
  }
  const auto index = static_cast<std::size_t>(value - lowest_);
  if (index >= p_.size()) p_.resize(index + 1, 0.0);
  p_[index] += probability;
}

void Distribution::trim() {
  std::size_t first = 0;
  while (first + 1 < p_.size() && p_[first] == 0.0) ++first;
  std::size_t last = p_.size();
  while (last > first + 1 && p_[last - 1] == 0.0) --last;
  p_ = std::vector<double>(p_.begin() + static_cast<std::ptrdiff_t>(first),
                           p_.begin() + static_cast<std::ptrdiff_t>(last));
  lowest_ += static_cast<int>(first);
}

}  // namespace arap::dice
