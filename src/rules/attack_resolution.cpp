#include "rules/attack_resolution.hpp"

#include <stdexcept>

namespace arap::rules {

CasualtyState::CasualtyState(int models, int wounds_per_model, Allocation allocation)
    : starting_models_(models),
      models_left_(models),
      wounds_per_model_(wounds_per_model),
      allocation_(allocation) {
  if (models < 0 || wounds_per_model < 1) {
    throw std::invalid_argument("a target needs zero or more models of at least 1 wound");
  }
  if (allocation == Allocation::random) damage_taken_.assign(models, 0);
}

bool CasualtyState::apply_damage(int damage) {
  if (models_left_ == 0 || damage <= 0) return false;
  damage_on_current_ += damage;
  if (damage_on_current_ < wounds_per_model_) return false;
  damage_on_current_ = 0;  // the excess is lost (SHOOT-23)
  --models_left_;
  return true;
}

bool CasualtyState::apply_damage_to(int index, int damage) {
  if (!alive(index) || damage <= 0) return false;
  damage_taken_[index] += damage;
  if (damage_taken_[index] < wounds_per_model_) return false;
  --models_left_;
  return true;
}

bool instant_death_applies(int strength, int toughness, int wounds) {
  return wounds > 1 && strength >= 2 * toughness;
}

void apply_instant_death(WoundingProfile& profile, int strength, int toughness, int wounds,
                         bool unstoppable) {
  if (!instant_death_applies(strength, toughness, wounds)) return;
  profile.damage = unstoppable ? dice::DiceExpression{1, 3, 0} : dice::DiceExpression{0, 6, wounds};
  profile.damage_best_of_two = false;
}

int roll_damage(dice::DiceSource& dice, const WoundingProfile& profile) {
  if (!profile.damage_best_of_two || profile.damage.count == 0) {
    return dice::roll_expression(dice, profile.damage);
  }
  int total = profile.damage.bonus;
  for (int i = 0; i < profile.damage.count; ++i) {
    const dice::DiceExpression one{1, profile.damage.sides, 0};
    total += std::max(dice::roll_expression(dice, one), dice::roll_expression(dice, one));
  }
  return total;
}

bool roll_wound(dice::DiceSource& dice, const WoundingProfile& profile) {
  if (!profile.wound.possible) return false;
  const auto roll = [&] {
    return profile.wound_best_of_two ? dice::roll_high_best_of_two(dice, profile.wound.goal)
                                     : dice::roll_high(dice, profile.wound.goal);
  };
  return roll() || (profile.wound_reroll && roll());
}

AttackTally resolve_attacks(dice::DiceSource& dice, int attacks, int hit_goal,
                            const WoundingProfile& profile, CasualtyState& target) {
  int hits = 0;
  for (int i = 0; i < attacks; ++i) hits += dice::roll_low(dice, hit_goal) ? 1 : 0;
  AttackTally tally = resolve_hits(dice, hits, profile, target);
  tally.attacks = attacks;
  return tally;
}

AttackTally resolve_hits(dice::DiceSource& dice, int hits, const WoundingProfile& profile,
                         CasualtyState& target) {
  AttackTally tally;
  tally.attacks = hits;
  tally.hits = hits;
  const int before = target.models_left();
  if (target.allocation() == Allocation::sequential) {
    // SHOOT-26 fast dicing: wound dice for every hit, saves for every wound, then Damage.
    int wounds = 0;
    for (int i = 0; i < hits; ++i) wounds += roll_wound(dice, profile) ? 1 : 0;
    int unsaved = 0;
    for (int i = 0; i < wounds; ++i) {
      if (!(profile.save && dice::roll_high(dice, *profile.save))) ++unsaved;
    }
    tally.wounds = wounds;
    tally.unsaved = unsaved;
    for (int i = 0; i < unsaved && target.models_left() > 0; ++i) {
      target.apply_damage(roll_damage(dice, profile));
    }
  } else {
    // SHOOT-27: each hit goes to a model picked by a die the size of the unit.
    const int size = target.starting_models();
    std::vector<int> recipient(hits, 0);
    for (int i = 0; i < hits && size > 0; ++i) recipient[i] = dice.roll(size) - 1;
    std::vector<bool> wounded(hits, false);
    for (int i = 0; i < hits; ++i) wounded[i] = roll_wound(dice, profile);
    for (int i = 0; i < hits; ++i) {
      if (!wounded[i]) continue;
      ++tally.wounds;
      if (profile.save && dice::roll_high(dice, *profile.save)) continue;
      ++tally.unsaved;
      if (size > 0 && target.alive(recipient[i])) {
        target.apply_damage_to(recipient[i], roll_damage(dice, profile));
      }
    }
  }
  tally.slain = before - target.models_left();
  return tally;
}

}  // namespace arap::rules
