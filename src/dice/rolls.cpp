#include "dice/rolls.hpp"

#include <algorithm>
#include <stdexcept>

namespace arap::dice {

int roll_d3(DiceSource& dice) {
  return d3_of(dice.roll(6));
}

int roll_d5(DiceSource& dice) {
  const int face = dice.roll(10);
  return face > 5 ? face - 5 : face;  // faces 6..9 lose 5; the "0" face (10) reads as 5
}

int roll_d2(DiceSource& dice) {
  return dice.roll(6) % 2 == 1 ? 1 : 2;
}

int roll_d100(DiceSource& dice) {
  const int tens = dice.roll(10) % 10;
  const int units = dice.roll(10) % 10;
  const int value = tens * 10 + units;
  return value == 0 ? 100 : value;
}

int roll_d66(DiceSource& dice) {
  const int tens = dice.roll(6);
  return tens * 10 + dice.roll(6);
}

int roll_average_die(DiceSource& dice) {
  const int face = dice.roll(6);
  if (face == 1) return 3;
  if (face == 6) return 4;
  return face;
}

int roll_pick(DiceSource& dice, int count, int sides, int keep, Keep which) {
  if (count < 1 || count > kMaxPickDice || keep < 1 || keep > count) {
    throw std::invalid_argument("pick roll needs 1 <= keep <= count <= 8");
  }
  std::array<int, kMaxPickDice> faces{};
  for (int i = 0; i < count; ++i) faces[i] = dice.roll(sides);
  order_faces(faces.data(), count, which);
  int sum = 0;
  for (int i = 0; i < keep; ++i) sum += faces[i];
  return sum;
}

int roll_expression(DiceSource& dice, const DiceExpression& expression) {
  int sum = expression.bonus;
  for (int i = 0; i < expression.count; ++i) {
    if (expression.sides == 3) {
      sum += roll_d3(dice);
    } else if (expression.sides == 2) {
      sum += roll_d2(dice);
    } else if (expression.sides == 5) {
      sum += roll_d5(dice);
    } else {
      sum += dice.roll(expression.sides);
    }
  }
  return sum;
}

bool roll_low(DiceSource& dice, int goal, bool six_fails) {
  if (goal <= -3) return false;  // DICE-06: cannot be rolled
  const int face = dice.roll(6);
  if (goal >= 1) {
    if (face == 6 && six_fails) return false;
    return face <= goal;
  }
  if (face != 1) return false;
  return dice.roll(6) <= goal + 3;  // 0 -> 3-, -1 -> 2-, -2 -> 1
}

namespace {

bool high_after_first(DiceSource& dice, int goal, int first_face) {
  if (goal <= 6) return first_face != 1 && first_face >= goal;
  if (first_face != 6) return false;
  return dice.roll(6) >= goal - 3;  // 7 -> 4+, 8 -> 5+, 9 -> 6
}

}  // namespace

bool roll_high(DiceSource& dice, int goal) {
  goal = std::max(goal, 2);
  if (goal >= 10) return false;
  return high_after_first(dice, goal, dice.roll(6));
}

bool roll_high_best_of_two(DiceSource& dice, int goal) {
  goal = std::max(goal, 2);
  if (goal >= 10) return false;
  const int first = dice.roll(6);
  const int second = dice.roll(6);
  return high_after_first(dice, goal, std::max(first, second));
}

LeadershipRoll roll_leadership(DiceSource& dice, int target) {
  LeadershipRoll result;
  result.first = dice.roll(6);
  result.second = dice.roll(6);
  result.passed = result.snake_eyes() || result.total() <= target;
  return result;
}

namespace {

void roll_bearing(DiceSource& dice, ScatterResult& result) {
  if (result.distance <= 0) {
    result.on_target = true;
    result.distance = 0;
    return;
  }
  result.bearing_degrees = dice.roll(360) % 360;
}

ScatterResult two_dice(DiceSource& dice) {
  ScatterResult result;
  result.faces[0] = dice.roll(6);
  result.faces[1] = dice.roll(6);
  result.dice_rolled = 2;
  return result;
}

}  // namespace

ScatterResult roll_scatter(DiceSource& dice, ScatterDoubles doubles) {
  ScatterResult result = two_dice(dice);
  const int sum = result.faces[0] + result.faces[1];
  const bool is_double = result.faces[0] == result.faces[1];
  bool stays = false;
  if (doubles == ScatterDoubles::no_scatter) stays = is_double;
  if (doubles == ScatterDoubles::double_or_seven) stays = is_double || sum == 7;
  result.distance = stays ? 0 : sum;
  roll_bearing(dice, result);
  return result;
}

ScatterResult roll_skill_scatter(DiceSource& dice, int skill) {
  ScatterResult result = two_dice(dice);
  const bool is_double = result.faces[0] == result.faces[1];
  result.distance = is_double ? 0 : std::max(0, result.faces[0] + result.faces[1] - skill);
  roll_bearing(dice, result);
  return result;
}

ScatterResult roll_short_scatter(DiceSource& dice, bool scatter_only) {
  ScatterResult result = two_dice(dice);
  const int difference = std::abs(result.faces[0] - result.faces[1]);
  result.distance = (difference == 0 && scatter_only) ? result.faces[0] : difference;
  roll_bearing(dice, result);
  return result;
}

ScatterResult roll_three_dice_scatter(DiceSource& dice, ThreeDiceHit rule) {
  ScatterResult result;
  for (int i = 0; i < 3; ++i) result.faces[i] = dice.roll(6);
  result.dice_rolled = 3;
  std::array<int, 3> sorted = result.faces;
  std::sort(sorted.begin(), sorted.end(), std::greater<>());
  const bool top_pair = sorted[0] == sorted[1];
  const bool any_double = top_pair || sorted[1] == sorted[2];
  if (rule == ThreeDiceHit::top_pair_only) {
    result.distance = top_pair ? sorted[0] : sorted[0] + sorted[1];
  } else {
    result.distance = any_double ? sorted[0] : sorted[0] + sorted[1];
  }
  roll_bearing(dice, result);
  return result;
}

Veer roll_veer(DiceSource& dice) {
  Veer veer;
  veer.left = dice.roll(6);
  veer.right = dice.roll(6);
  return veer;
}

}  // namespace arap::dice
