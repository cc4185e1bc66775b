// DICE-07/08, SHOOT-22..24, SHOOT-59, ADV-40, ADV-54: wound goals and saves, one function each.
#pragma once

#include <optional>

namespace arap::rules {

struct WoundGoal {
  int goal = 0;           // (T + 4) - S, never below 2
  bool possible = false;  // false for 10+, and for 8 or 9 beyond short range outside mêlée
};

// `close`: the attack is in mêlée or a shot at short range (SHOOT-03); only then may goals 8 and 9
// be attempted.
WoundGoal wound_goal(int toughness, int strength, bool close);
// P(wound) for a goal; `best_of_two` for Melta at half range (SHOOT-59).
double p_wound(const WoundGoal& goal, bool best_of_two = false);

struct SaveInputs {
  std::optional<int> armour;        // n+
  std::optional<int> invulnerable;  // n+
  std::optional<int> ap;            // none = "-"
  bool needler = false;             // ADV-40
  bool ignores_armour = false;      // power weapons (ADV-54)
  bool gone_to_ground = false;      // ADV-01: the target has gone to ground (fire only)
};
// SHOOT-24: the armour save is lost when AP <= save value; invulnerable saves ignore AP; one roll
// at the better allowed value; never better than 2+. nullopt = no save. ADV-01: gone to
// ground, the armour save left after AP is one step better (6+ when none is left).
std::optional<int> save_goal(const SaveInputs& inputs);
double p_save(std::optional<int> goal);

}  // namespace arap::rules
