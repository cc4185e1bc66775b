// SHOOT-22..27, ADV-38, SHOOT-59: live resolution of a group of identical attacks (SHOOT-26) on a
// unit of identical models: to-hit, wound, save, Damage and casualties, rolled in the fast-dicing
// order. The goals come from the goal functions; nothing here decides a goal.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dice/dice_source.hpp"
#include "dice/rolls.hpp"
#include "rules/wound_save.hpp"

namespace arap::rules {

// How unsaved wounds find models (SHOOT-27 / ADV-38).
enum class Allocation : std::uint8_t {
  sequential,  // one model at a time until it falls (whole models first; Damage never spills)
  random,      // each hit to a random model of the unit, repeats possible (SHOOT-27)
};

struct WoundingProfile {
  WoundGoal wound;
  bool wound_best_of_two = false;  // Melta at half range (SHOOT-59)
  std::optional<int> save;         // from save_goal
  dice::DiceExpression damage{0, 6, 1};
  bool damage_best_of_two = false;  // Melta at half range
  bool wound_reroll = false;        // ADV-59: a failed wound roll is rolled again, once
};

// The target unit: identical models, the damage already on the one taking wounds.
class CasualtyState {
 public:
  CasualtyState(int models, int wounds_per_model, Allocation allocation);

  int models_left() const { return models_left_; }
  int slain() const { return starting_models_ - models_left_; }
  int wounds_per_model() const { return wounds_per_model_; }
  Allocation allocation() const { return allocation_; }

  // Sequential: the next model in line takes `damage` (excess is lost, SHOOT-23). Returns true
  // when it falls.
  bool apply_damage(int damage);
  // Random: model `index` (0-based among the starting models) takes `damage`.
  bool apply_damage_to(int index, int damage);
  bool alive(int index) const { return damage_taken_[index] < wounds_per_model_; }
  int starting_models() const { return starting_models_; }

 private:
  int starting_models_;
  int models_left_;
  int wounds_per_model_;
  int damage_on_current_ = 0;
  Allocation allocation_;
  std::vector<int> damage_taken_;  // random allocation only
};

struct AttackTally {
  int attacks = 0;
  int hits = 0;
  int wounds = 0;
  int unsaved = 0;
  int slain = 0;
};

// One wound roll (DICE-07, SHOOT-59) and one Damage roll (SHOOT-23/59) for a hit.
// ADV-39 (optional): a hit of at least twice the target's Toughness that gets past the save kills
// a multi-wound creature outright (its Damage becomes all its wounds), or deals D3 wounds to an
// `unstoppable` one. One-wound models and weaker hits keep the weapon's Damage.
// ADV-39: whether a hit of `strength` is that blow against a model of `toughness` and `wounds`.
bool instant_death_applies(int strength, int toughness, int wounds);
void apply_instant_death(WoundingProfile& profile, int strength, int toughness, int wounds,
                         bool unstoppable);
bool roll_wound(dice::DiceSource& dice, const WoundingProfile& profile);
int roll_damage(dice::DiceSource& dice, const WoundingProfile& profile);

// Rolls `attacks` to-hit dice against `hit_goal` (a low roll), then resolve_hits.
AttackTally resolve_attacks(dice::DiceSource& dice, int attacks, int hit_goal,
                            const WoundingProfile& profile, CasualtyState& target);
// Hits already scored (templates, area markers): allocation (random), wounds, saves, Damage.
AttackTally resolve_hits(dice::DiceSource& dice, int hits, const WoundingProfile& profile,
                         CasualtyState& target);

}  // namespace arap::rules
