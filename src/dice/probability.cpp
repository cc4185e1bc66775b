#include "dice/probability.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace arap::dice {

double p_low(int goal, bool six_fails) {
  if (goal <= -3) return 0.0;
  if (goal <= 0) return (1.0 / 6.0) * ((goal + 3) / 6.0);
  const int best = six_fails ? 5 : 6;
  return std::min(goal, best) / 6.0;
}

double p_high(int goal) {
  goal = std::max(goal, 2);
  if (goal >= 10) return 0.0;
  if (goal <= 6) return (7 - goal) / 6.0;
  return (1.0 / 6.0) * ((10 - goal) / 6.0);  // 7 -> 4+, 8 -> 5+, 9 -> 6
}

double p_high_best_of_two(int goal) {
  goal = std::max(goal, 2);
  if (goal >= 10) return 0.0;
  const auto both_below = [](int face) { return (face - 1) * (face - 1) / 36.0; };
  if (goal <= 6) return 1.0 - both_below(goal);
  const double first_six = 1.0 - both_below(6);
  return first_six * ((10 - goal) / 6.0);
}

namespace {

// Number of 2D6 outcomes with each total, 2..12.
constexpr std::array<int, 13> kTwoDiceWays = {0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1};

}  // namespace

double p_leadership(int target) {
  int ways = 1;  // the double 1 always passes
  for (int total = 3; total <= 12; ++total) {
    if (total <= target) ways += kTwoDiceWays[total];
  }
  return ways / 36.0;
}

namespace {

double fail_with_parity(int target, int parity) {
  int ways = 0;
  for (int total = 3; total <= 12; ++total) {
    if (total > target && total % 2 == parity) ways += kTwoDiceWays[total];
  }
  return ways / 36.0;
}

}  // namespace

double p_leadership_fail_even(int target) {
  return fail_with_parity(target, 0);
}
double p_leadership_fail_odd(int target) {
  return fail_with_parity(target, 1);
}

Distribution die_distribution(int sides) {
  return Distribution::uniform(1, sides);
}

Distribution d100_distribution() {
  return Distribution::uniform(1, 100);
}

Distribution d66_distribution() {
  Distribution result(11, {0.0});
  for (int tens = 1; tens <= 6; ++tens) {
    for (int units = 1; units <= 6; ++units) result.add(tens * 10 + units, 1.0 / 36.0);
  }
  return result;
}

Distribution average_die_distribution() {
  return Distribution(2, {1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0});
}

namespace {

// Calls visit(faces, probability) for every outcome of `count` D`sides`.
template <typename Visit>
void for_each_outcome(int count, int sides, Visit&& visit) {
  std::array<int, kMaxPickDice> faces{};
  faces.fill(1);
  double probability = 1.0;
  for (int i = 0; i < count; ++i) probability /= sides;
  while (true) {
    visit(faces, probability);
    int position = 0;
    while (position < count && faces[position] == sides) faces[position++] = 1;
    if (position == count) return;
    ++faces[position];
  }
}

}  // namespace

Distribution pick_distribution(int count, int sides, int keep, Keep which) {
  if (count < 1 || count > 6 || keep < 1 || keep > count) {
    throw std::invalid_argument("pick distribution needs 1 <= keep <= count <= 6");
  }
  Distribution result(keep, {0.0});
  const int n = std::min(count, kMaxPickDice);  // (checked above; tells the optimiser too)
  for_each_outcome(count, sides, [&](std::array<int, kMaxPickDice> faces, double p) {
    order_faces(faces.data(), n, which);
    int sum = 0;
    for (int i = 0; i < std::min(keep, n); ++i) sum += faces[i];
    result.add(sum, p);
  });
  return result;
}

Distribution expression_distribution(const DiceExpression& expression) {
  Distribution result = Distribution::point(expression.bonus);
  const Distribution die = die_distribution(expression.sides);
  for (int i = 0; i < expression.count; ++i) result = result.plus(die);
  return result;
}

Distribution expression_best_of_two_distribution(const DiceExpression& expression) {
  Distribution result = Distribution::point(expression.bonus);
  const Distribution die = pick_distribution(2, expression.sides, 1, Keep::highest);
  for (int i = 0; i < expression.count; ++i) result = result.plus(die);
  return result;
}

Distribution scatter_distribution(ScatterDoubles doubles) {
  Distribution result(0, {0.0});
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) {
      bool stays = false;
      if (doubles == ScatterDoubles::no_scatter) stays = a == b;
      if (doubles == ScatterDoubles::double_or_seven) stays = a == b || a + b == 7;
      result.add(stays ? 0 : a + b, 1.0 / 36.0);
    }
  }
  return result;
}

Distribution skill_scatter_distribution(int skill) {
  Distribution result(0, {0.0});
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) result.add(a == b ? 0 : std::max(0, a + b - skill), 1.0 / 36.0);
  }
  result.trim();
  return result;
}

Distribution short_scatter_distribution(bool scatter_only) {
  Distribution result(0, {0.0});
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) {
      const int difference = std::abs(a - b);
      result.add(difference == 0 && scatter_only ? a : difference, 1.0 / 36.0);
    }
  }
  result.trim();
  return result;
}

Distribution three_dice_scatter_distribution(ThreeDiceHit rule) {
  Distribution result(0, {0.0});
  for_each_outcome(3, 6, [&](std::array<int, kMaxPickDice> faces, double p) {
    std::sort(faces.begin(), faces.begin() + 3, std::greater<>());
    const bool top_pair = faces[0] == faces[1];
    const bool any_double = top_pair || faces[1] == faces[2];
    const bool hit = rule == ThreeDiceHit::top_pair_only ? top_pair : any_double;
    result.add(hit ? faces[0] : faces[0] + faces[1], p);
  });
  result.trim();
  return result;
}

}  // namespace arap::dice
