#include "rules/charge.hpp"

#include <algorithm>

#include "dice/probability.hpp"

namespace arap::rules {

namespace {

bool three_dice(const ChargeMove& move, ChargeDice rule) {
  return rule == ChargeDice::by_basic_move && move.move > 6;
}

int leap(const ChargeMove& move) {
  return move.leaping ? 6 : 0;
}

// MOVE-12: the better of two variable-terrain dice; ADV-08: Move Through Cover rolls a third.
int variable_dice(const ChargeMove& move) {
  return move.move_through_cover ? 3 : 2;
}

// CHARGE-02 (prone) and ADV-27 (robots): the Charge covers exactly M and rolls nothing.
bool exact_move(const ChargeMove& move) {
  return move.prone || move.fixed_rate;
}

}  // namespace

ChargeRoll roll_charge(dice::DiceSource& dice, const ChargeMove& move, ChargeDice rule) {
  if (exact_move(move)) return {move.move, move.move};
  if (move.variable_sides) {
    int best = 0;
    for (int d = 0; d < variable_dice(move); ++d)
      best = std::max(best, dice.roll(*move.variable_sides));
    return {2 * best + leap(move), best};
  }
  if (three_dice(move, rule)) {
    int faces[3] = {dice.roll(6), dice.roll(6), dice.roll(6)};
    std::sort(faces, faces + 3);
    return {move.move + faces[1] + faces[2] + leap(move), faces[2]};
  }
  const int a = dice.roll(6);
  const int b = dice.roll(6);
  return {move.move + a + b + leap(move), std::max(a, b)};
}

dice::Distribution charge_distance_distribution(const ChargeMove& move, ChargeDice rule) {
  if (exact_move(move)) return dice::Distribution::point(move.move);
  if (move.variable_sides) {
    const dice::Distribution best =
        dice::pick_distribution(variable_dice(move), *move.variable_sides, 1);
    dice::Distribution out;
    for (int v = best.lowest(); v <= best.highest(); ++v) out.add(2 * v + leap(move), best[v]);
    return out;
  }
  const dice::Distribution dice_part = three_dice(move, rule)
                                           ? dice::pick_distribution(3, 6, 2)
                                           : dice::expression_distribution({2, 6, 0});
  return dice::Distribution::point(move.move + leap(move)).plus(dice_part);
}

int charge_distance_longest(const ChargeMove& move, ChargeDice rule) {
  if (exact_move(move)) return move.move;
  if (move.variable_sides) return 2 * *move.variable_sides + leap(move);
  static_cast<void>(rule);  // 2D6 and the best two of 3D6 both top out at 12
  return move.move + 12 + leap(move);
}

dice::Distribution failed_charge_move_distribution(const ChargeMove& move, ChargeDice rule) {
  if (exact_move(move)) return dice::Distribution::point(move.move);
  const int sides = move.variable_sides.value_or(6);
  const int count = move.variable_sides ? variable_dice(move) : three_dice(move, rule) ? 3 : 2;
  return dice::pick_distribution(count, sides, 1);
}

std::string_view to_string(Approach approach) {
  switch (approach) {
    case Approach::front:
      return "front";
    case Approach::flank:
      return "flank";
    case Approach::rear:
      return "rear";
  }
  return "front";
}

ChargeBonus charge_bonus(Approach approach, bool denied, ChargeCrs rule) {
  ChargeBonus bonus;
  if (denied) {
    if (rule == ChargeCrs::table_only) bonus.charger_crs = 1;
    return bonus;
  }
  bonus.charger_crs = 1;
  bonus.extra_attacks = approach == Approach::front ? 1 : 2;
  bonus.rear_to_hit = approach == Approach::rear;
  bonus.charged_crs_penalty = approach == Approach::front ? 0 : 1;
  return bonus;
}

bool firing_during_charge_allowed(double start_distance, double charger_move) {
  return start_distance > charger_move + 1e-9;
}

int roll_stand_and_fire(dice::DiceSource& dice, int activation_value) {
  int successes = 0;
  for (int i = 0; i < 2; ++i) successes += dice.roll(6) <= activation_value ? 1 : 0;
  return successes;
}

dice::Distribution stand_and_fire_distribution(int activation_value) {
  const double p = std::clamp(activation_value, 0, 6) / 6.0;
  return dice::Distribution::binomial(2, p);
}

int charge_reaction_shots(const data::WeaponProfile& weapon, int successes, bool relentless,
                          bool fire_and_charge) {
  using data::WeaponType;
  if (weapon.is_melee() || weapon.type == WeaponType::grenade || weapon.type == WeaponType::bomb)
    return 0;  // CHARGE-12/15: hand grenades are not thrown as shooting
  if (fire_and_charge) {
    return weapon.type == WeaponType::pistol || weapon.type == WeaponType::assault ? 1 : 0;
  }
  if (successes <= 0) return 0;
  switch (weapon.type) {
    case WeaponType::pistol:
    case WeaponType::assault:
    case WeaponType::rapid_fire:
      return 1;
    case WeaponType::heavy:
      // Relentless models fire heavy weapons normally on one success; others need two.
      return successes >= 2 || relentless ? std::max(1, weapon.shots) : 0;
    case WeaponType::salvo:  // "other weapons": once, and only on two successes
    case WeaponType::slow:
    case WeaponType::ordnance:
    case WeaponType::primary:
      return successes >= 2 ? 1 : 0;
    default:
      return 0;
  }
}

double reaction_template_range(double start_distance) {
  return std::min(7.0, start_distance);
}

double reaction_area_range(double start_distance, double maximum_range) {
  return std::min(start_distance, maximum_range);
}

}  // namespace arap::rules
