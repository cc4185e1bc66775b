// Every roll kind of the rules (DICE-01..19), rolled live through a DiceSource. The order in which
// each function asks for dice is part of its contract: scripted tests rely on it.
#pragma once

#include <array>
#include <cstdint>

#include "dice/dice_source.hpp"

namespace arap::dice {

// DICE-10: D3 by the subtract-3 method (4,5,6 read as 1,2,3).
int roll_d3(DiceSource& dice);
// DICE-10 on a face already rolled.
inline int d3_of(int d6_face) {
  return d6_face > 3 ? d6_face - 3 : d6_face;
}
// DICE-10: D5 from a D10 (6..9 lose 5, the "0" face reads as 5).
int roll_d5(DiceSource& dice);
// DICE-10: D2 from a D6 (odd 1, even 2).
int roll_d2(DiceSource& dice);
// DICE-11: D100 from a tens D10 then a units D10; "0,0" is 100.
int roll_d100(DiceSource& dice);
// DICE-11: D66, a tens D6 then a units D6 (11..66).
int roll_d66(DiceSource& dice);
// DICE-12: average die (2,3,3,4,4,5) from a D6.
int roll_average_die(DiceSource& dice);

// DICE-02: RxDyPz, roll `count` D`sides`, sum the `keep` highest (or lowest).
enum class Keep : std::uint8_t { highest, lowest };
constexpr int kMaxPickDice = 8;

// Sorts a handful of faces, best kept first (insertion sort: at most eight dice).
inline void order_faces(int* faces, int count, Keep which) {
  for (int i = 1; i < count; ++i) {
    const int face = faces[i];
    int j = i;
    while (j > 0 && (which == Keep::highest ? faces[j - 1] < face : faces[j - 1] > face)) {
      faces[j] = faces[j - 1];
      --j;
    }
    faces[j] = face;
  }
}
int roll_pick(DiceSource& dice, int count, int sides, int keep, Keep which = Keep::highest);

// A die count, side count and flat bonus, e.g. 2D6, D3+1, or the fixed value 2 (count 0).
struct DiceExpression {
  int count = 0;
  int sides = 6;
  int bonus = 0;
  friend bool operator==(const DiceExpression&, const DiceExpression&) = default;
};
int roll_expression(DiceSource& dice, const DiceExpression& expression);

// DICE-03/04/06/13/14: a low roll succeeds on a face <= goal. A natural 6 fails when
// `six_fails` (to-hit, activation, Initiative and Ld-free tests; not Strength/Toughness tests,
// DICE-14). Goals 0, -1, -2 need a 1 and then a second die of 3-, 2-, 1 (DICE-06); a goal of -3
// or less rolls no dice and fails.
bool roll_low(DiceSource& dice, int goal, bool six_fails = true);

// DICE-03/06/07/08: a high roll succeeds on a face >= goal; a natural 1 always fails; goals below 2
// count as 2; goals 7, 8, 9 need a 6 and then 4+, 5+, 6; 10 or more rolls no dice and fails.
bool roll_high(DiceSource& dice, int goal);
// SHOOT-59: the same high roll with the first die taken as the higher of two D6 (R2D6P1), so a
// natural 1 needs both dice on 1; the confirmation die of a 7..9 goal is a single D6.
bool roll_high_best_of_two(DiceSource& dice, int goal);

// DICE-09: 2D6 against Leadership; a double 1 always passes.
struct LeadershipRoll {
  int first = 0;
  int second = 0;
  int total() const { return first + second; }
  bool snake_eyes() const { return first == 1 && second == 1; }
  bool passed = false;
};
LeadershipRoll roll_leadership(DiceSource& dice, int target);

// DICE-15..19 scatter. Dice are rolled first (pointer die, then the other die, then any third),
// then, only when the marker moves, a bearing as roll(360): whole degrees clockwise from the
// table's "north", 360 read as 0.
enum class ScatterDoubles : std::uint8_t {
  no_scatter,       // standard: a double lands on target
  double_or_seven,  // the GW-equivalent option: a double or a total of 7 lands on target
  scatter_only,     // doubles and 7s move like any other result
};
struct ScatterResult {
  std::array<int, 3> faces{};
  int dice_rolled = 0;
  bool on_target = false;  // the marker does not move
  int distance = 0;        // inches
  int bearing_degrees = 0;
};
// DICE-15: basic double-dice scatter, distance = sum.
ScatterResult roll_scatter(DiceSource& dice, ScatterDoubles doubles = ScatterDoubles::no_scatter);
// DICE-16 / SHOOT-41: distance = sum - skill (BS plus modifiers, uncapped, A-01); a double or a
// result of 0 or less means no scatter.
ScatterResult roll_skill_scatter(DiceSource& dice, int skill);
// DICE-17: short roll, distance = higher - lower; a double is no scatter unless `scatter_only`,
// in which case it moves the value of one die (hand grenades, SHOOT-50).
ScatterResult roll_short_scatter(DiceSource& dice, bool scatter_only);
// DICE-19 / SHOOT-57: three dice, the sum of the two highest; ruling.DICE-19 decides which doubles
// count as a "hit" that moves only one die's value.
enum class ThreeDiceHit : std::uint8_t { top_pair_only, any_double };
ScatterResult roll_three_dice_scatter(DiceSource& dice, ThreeDiceHit rule);

// DICE-18: left and right dice; positive = inches to the left, negative = to the right.
struct Veer {
  int left = 0;
  int right = 0;
  int inches_left() const { return left - right; }
  bool even_double() const { return left == right && left % 2 == 0; }
};
Veer roll_veer(DiceSource& dice);

}  // namespace arap::dice
