// Odds on the real table (DESIGN "advice"): preview(state, action) gives the exact outcome
// distribution of an action from where the models actually stand, built on the game door's view
// of the action (fire_groups, charge_reach, pending) and the odds layer's exact calculators.
// The AI weighs these numbers and the browser shows them; both see the same ones.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game/engine.hpp"
#include "odds/attack_odds.hpp"

namespace arap::advice {

// One weapon group of a shot or throw (SHOOT-26): what it fires and its own exact odds.
struct GroupPreview {
  std::string weapon;
  int firers = 1;
  int shots = 0;
  double range = 0.0;
  std::string cover;  // the target unit's cover against this group (SHOOT-13)
  // Direct fire is exact on this table. Templates and markers are not yet: the odds layer counts
  // the whole unit under them and a scattered marker as a miss, where the table would place them.
  bool exact = true;
  odds::AttackReport report;
  // SHOOT-15 (optional, option hitting_cover): the shots expected to strike the target's cover
  // instead (direct fire at a target in cover); absent with the option off.
  std::optional<double> expected_cover_hits;
};

struct Preview {
  std::string action;                    // the action's kind
  std::optional<game::Refusal> refused;  // set when the action is not legal now
  // Shots and throws.
  int target = -1;  // the unit these shots are at (ADV-32: each split has its own)
  std::vector<GroupPreview> groups;
  dice::Distribution unsaved_wounds;  // on the target unit, all groups together
  dice::Distribution slain;           // models slain, wounds carried model to model
  int target_models = 0;
  double p_pinning_test = 0.0;      // SHOOT-28: a Pinning weapon slays at least one model
  double p_auto_pinned = 0.0;       // SHOOT-30: a weapon that pins outright slays at least one
  double p_heavy_casualties = 0.0;  // SHOOT-31: the unit's losses to fire reach 25 %
  double p_wiped_out = 0.0;
  bool exact = true;  // every group's numbers are exact on this table
  std::vector<std::string> notes;
  // Charges.
  std::optional<game::ChargeReach> charge;
  // Activations (ACT-05..07) and pick-ups (ACT-08).
  std::optional<double> p_bust;
  std::optional<double> p_no_action_points;
  std::optional<dice::Distribution> action_points;
  // Deep strikes (ADV-26): where the marker may come down, exactly.
  std::optional<game::DropOutlook> drop;
  // Smoke grenades (ADV-35): the throw's goal and P(the cloud goes down where aimed).
  std::optional<game::SmokeOutlook> smoke;
  // Ladders cast down (ADV-15): whether anyone is on it, the pushers and P(it falls).
  std::optional<game::LadderOutlook> ladder;
  // ADV-32: a shot split between units: the odds of each volley sent at another unit (its
  // `target`), after this preview's own volley at the action's target.
  std::vector<Preview> split;
};

Preview preview(const game::GameState& state, const game::Action& action);
nlohmann::json to_json(const Preview& preview);

}  // namespace arap::advice
