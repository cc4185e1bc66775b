// The dice that set how far models go: MOVE-12 variable ground (ruling A-07), MOVE-04/CHARGE-02
// charge distances (ruling A-27) and MOVE-05 flight, each as a live roll and as its exact
// distribution for the odds.
#include "dice/probability.hpp"
#include "dice/rolls.hpp"
#include "table/movement.hpp"

namespace arap::table {

int variable_die_sides(int move) {
  if (move <= 3) return 3;
  if (move >= 6) return 6;
  return move;
}

namespace {

int roll_variable_die(dice::DiceSource& dice, int sides) {
  if (sides == 3) return dice::roll_d3(dice);
  if (sides == 5) return dice::roll_d5(dice);
  return dice.roll(sides);
}

}  // namespace

int roll_variable_allowance(dice::DiceSource& dice, int move, VariableMode mode,
                            bool move_through_cover) {
  const int sides = variable_die_sides(move);
  // ADV-08: Move Through Cover rolls one die more and keeps the best.
  const int extra = move_through_cover ? 1 : 0;
  const auto best_of = [&](int count) {
    int best = 0;
    for (int d = 0; d < count; ++d) best = std::max(best, roll_variable_die(dice, sides));
    return best;
  };
  switch (mode) {
    case VariableMode::tactical:
      return dice.roll(6);
    case VariableMode::crawl:
    case VariableMode::very_difficult:
      return best_of(1 + extra);
    case VariableMode::normal:
      return best_of(2 + extra);
    case VariableMode::charge:
      return 2 * best_of(2 + extra);
  }
  return 0;
}

dice::Distribution variable_allowance_distribution(int move, VariableMode mode,
                                                   bool move_through_cover) {
  const int sides = variable_die_sides(move);
  const int extra = move_through_cover ? 1 : 0;
  switch (mode) {
    case VariableMode::tactical:
      return dice::die_distribution(6);
    case VariableMode::crawl:
    case VariableMode::very_difficult:
      return dice::pick_distribution(1 + extra, sides, 1);
    case VariableMode::normal:
      return dice::pick_distribution(2 + extra, sides, 1);
    case VariableMode::charge: {
      const dice::Distribution higher = dice::pick_distribution(2 + extra, sides, 1);
      dice::Distribution doubled(2, {0.0});
      for (int v = higher.lowest(); v <= higher.highest(); ++v) doubled.add(2 * v, higher[v]);
      return doubled;
    }
  }
  return dice::Distribution::point(0);
}

int roll_charge_distance(dice::DiceSource& dice, int move, bool prone) {
  if (prone) return move;
  if (move > 6) return move + dice::roll_pick(dice, 3, 6, 2);
  return move + dice.roll(6) + dice.roll(6);
}

dice::Distribution charge_distance_distribution(int move, bool prone) {
  if (prone) return dice::Distribution::point(move);
  return dice::Distribution::point(move).plus(flee_distance_distribution(move));
}

int roll_flee_distance(dice::DiceSource& dice, int move) {
  if (move > 6) return dice::roll_pick(dice, 3, 6, 2);
  return dice.roll(6) + dice.roll(6);
}

dice::Distribution flee_distance_distribution(int move) {
  if (move > 6) return dice::pick_distribution(3, 6, 2);
  return dice::expression_distribution({2, 6, 0});
}

}  // namespace arap::table
