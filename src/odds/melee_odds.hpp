// MELEE-04/05/07/08/13..17 exactly: one mêlée round between two units of identical models, every
// model fighting (all engaged), wounds applied one at a time to whole models (MELEE-08
// sequential), then combat resolution and the loser's rout test. `arap odds melee` (docs/odds.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dice/dice_source.hpp"
#include "dice/distribution.hpp"
#include "dice/rolls.hpp"
#include "odds/named_unit.hpp"
#include "rules/close_combat_kit.hpp"
#include "rules/melee_goal.hpp"
#include "rules/rulings.hpp"

namespace arap::odds {

// A weapon's blow in mêlée: the attack's Strength (weapon applied), AP and Damage.
struct MeleeBlow {
  int strength = 3;
  std::optional<int> ap;
  bool power_weapon = false;
  dice::DiceExpression damage{0, 6, 1};
};

struct MeleeSide {
  int models = 1;
  int weapon_skill = 3;
  int strength = 3;  // the attack's Strength (weapon applied)
  int toughness = 3;
  int wounds = 1;
  int initiative = 3;  // the Initiative it strikes at (I1 when charging into cover, etc.)
  int attacks = 1;
  int bonus_attacks = 0;                        // CHARGE-05 (i) first-round attacks per model
  std::vector<rules::MeleeModifier> modifiers;  // MELEE-06 rows (e.g. rear_charge)
  int leadership = 7;
  std::optional<int> save;
  std::optional<int> invulnerable;
  std::optional<int> ap;
  bool power_weapon = false;
  bool monstrous = false;  // ADV-56 (optional): a monstrous creature's blows leave no armour save
  dice::DiceExpression damage{0, 6, 1};
  int crs_modifier = 0;           // MELEE-14 total
  int wounds_already_dealt = 0;   // CHARGE-12/15 reaction fire counted toward this round's WD
  bool reroll_morale = false;     // MORALE-05
  bool fearless = false;          // never takes the rout test
  bool assault_grenades = false;  // CHARGE-16: charging into cover without the I1 penalty
  bool pinned = false;            // MELEE-28: Chargers into this unit's cover are not slowed
  bool in_smoke = false;          // ADV-62: its blows are struck in a cloud, at skill 1
  // ADV-57: a second weapon's extra attacks per model, made (add the two_weapons modifier when
  // they cost the side MELEE-06a's -1), and that weapon's blow (none: as the main weapon's).
  int extra_attacks = 0;
  std::optional<MeleeBlow> extra_blow;
  bool reroll_wounds = false;        // ADV-59: paired lightning claws re-roll failed wound rolls
  bool instant_death = false;        // ADV-39 (optional): its blows of twice the foe's T slay
  bool unstoppable = false;          // ADV-39: instant death costs its models only D3 wounds
  bool typed_bonus_attacks = false;  // the request gave bonus_attacks / crs itself
  bool typed_crs = false;
};

struct MeleeRequest {
  MeleeSide attacker;
  MeleeSide defender;
  rules::RoutCap rout_cap = rules::RoutCap::negative_only;
  bool no_retreat =
      true;  // ADV-66 (an advanced rule, on unless the request says "no_retreat": false)
  std::vector<std::string> named_units;  // where named units' statlines came from (issue 17)
};

struct MeleeReport {
  dice::Distribution wound_difference;  // the attacker's WD (MELEE-13)
  dice::Distribution attacker_slain;    // defender models the attacker removed
  dice::Distribution defender_slain;    // attacker models the defender removed
  double attacker_wins = 0.0;           // the defender lost the round (or was wiped out)
  double defender_wins = 0.0;
  double draw = 0.0;            // equal scores (or both wiped out): fight on
  double attacker_routs = 0.0;  // lost and failed the rout test
  double defender_routs = 0.0;
  double attacker_wiped_out = 0.0;
  double defender_wiped_out = 0.0;
};

// A side of `models` models with `profile`'s statline (WS, S, T, W, I, A, Ld, saves) and its
// ADV-39 special rule; the caller adds the unit's morale rules, state and kit (arm_side).
MeleeSide statline_side(const data::Profile& profile, int models);

// ADV-55/57/58/59: a side armed as a model with `kit` fights: its main weapon's blow, its attacks
// (twice them with paired claws, re-rolling failed wounds), MELEE-06i/j, and a second weapon's
// extra attacks with MELEE-06a's -1 when the model would make them (rules::takes_extra_attacks,
// with the modifiers already on the side); ADV-60: its shield's save, with the optional Shield
// bonus when `shield_bonus` (a fighter on foot under option shield_bonus).
void arm_side(MeleeSide& side, const data::Profile& profile, const rules::CloseCombatKit& kit,
              bool better_strength, bool shield_bonus = false);

// Throws TooLargeToCompute (a std::length_error) when the round is too big to stay exact.
MeleeReport evaluate_melee(const MeleeRequest& request);

// One live round with the same rules, for the statistical cross-check and `--simulate`.
struct MeleeOutcome {
  int wound_difference = 0;  // attacker's
  int attacker_slain = 0;
  int defender_slain = 0;
  int winner = 0;  // 1 attacker, -1 defender, 0 draw
  bool attacker_routs = false;
  bool defender_routs = false;
};
MeleeOutcome simulate_melee(dice::DiceSource& dice, const MeleeRequest& request);

MeleeRequest parse_melee_request(const std::string& text, const std::string& source_name);
// Sides may name units of the data library ({"army", "unit", "models"}), read via `library`.
MeleeRequest parse_melee_request(const std::string& text, const std::string& source_name,
                                 const LibraryLoader& library);
nlohmann::json to_json(const MeleeReport& report);

}  // namespace arap::odds
