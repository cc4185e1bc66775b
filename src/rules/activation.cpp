// ACT-05/06/07, SHOOT-29/35: the activation roll (one to three dice against the activation value,
// a bust on two failures; pinned and suppressed units lose AP) and its exact odds.
#include "rules/activation.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace arap::rules {

int activation_value(int initiative) {
  if (initiative >= 5) return 5;
  if (initiative == 4) return 4;
  return 3;
}

ActivationResult read_activation(std::span<const int> faces, int value,
                                 ActivationCondition condition) {
  ActivationResult result;
  for (const int face : faces) {
    if (face != 6 && face <= value) {
      ++result.successes;
    } else {
      ++result.failures;
    }
  }
  result.bust = result.failures >= 2;
  switch (condition) {
    case ActivationCondition::normal:
      result.activated = true;
      result.action_points = result.successes;
      break;
    case ActivationCondition::pinned:
      result.activated = true;
      result.action_points = std::max(0, result.successes - 2);
      break;
    case ActivationCondition::suppressed:
      result.activated = result.successes >= 2;
      result.action_points = result.activated ? result.successes - 1 : 0;
      break;
  }
  return result;
}

ActivationResult roll_activation(dice::DiceSource& dice, int dice_count, int value,
                                 ActivationCondition condition) {
  if (dice_count < 1 || dice_count > 3) {
    throw std::invalid_argument("ACT-06: an activation roll uses 1, 2 or 3 dice");
  }
  std::array<int, 3> faces{};
  for (int i = 0; i < dice_count; ++i) faces[i] = dice.d6();
  return read_activation(std::span<const int>(faces.data(), dice_count), value, condition);
}

namespace {

// Every outcome of the roll, weighed (6^dice_count of them).
ActivationOdds enumerate_activation(int dice_count, int value, ActivationCondition condition) {
  ActivationOdds odds;
  odds.action_points = dice::Distribution(0, std::vector<double>(dice_count + 1, 0.0));
  std::array<int, 3> faces{1, 1, 1};
  double outcome = 1.0;
  for (int i = 0; i < dice_count; ++i) outcome /= 6.0;
  while (true) {
    const auto result =
        read_activation(std::span<const int>(faces.data(), dice_count), value, condition);
    if (result.bust) odds.p_bust += outcome;
    if (!result.activated) odds.p_not_activated += outcome;
    odds.action_points.add(result.action_points, outcome);
    int position = 0;
    while (position < dice_count && faces[position] == 6) faces[position++] = 1;
    if (position == dice_count) break;
    ++faces[position];
  }
  return odds;
}

}  // namespace

ActivationOdds activation_odds(int dice_count, int value, ActivationCondition condition) {
  if (dice_count < 1 || dice_count > 3) {
    throw std::invalid_argument("ACT-06: an activation roll uses 1, 2 or 3 dice");
  }
  // A face succeeds only at or below the value and never on a 6 (read_activation), so every value
  // from 5 up reads alike, as does every value from 0 down: 3 x 6 x 3 rolls in all, enumerated
  // once (the tactician asks these odds for every activation and pick-up it weighs).
  constexpr int kValues = 6;
  constexpr int kConditions = 3;
  static const std::vector<ActivationOdds> table = [] {
    std::vector<ActivationOdds> all;
    all.reserve(3 * kValues * kConditions);
    for (int dice = 1; dice <= 3; ++dice)
      for (int v = 0; v < kValues; ++v)
        for (int c = 0; c < kConditions; ++c)
          all.push_back(enumerate_activation(dice, v, static_cast<ActivationCondition>(c)));
    return all;
  }();
  const int c = static_cast<int>(condition);
  if (c < 0 || c >= kConditions) return enumerate_activation(dice_count, value, condition);
  const int v = std::clamp(value, 0, kValues - 1);
  return table[((dice_count - 1) * kValues + v) * kConditions + c];
}

}  // namespace arap::rules
