// Exact odds of one attack (shooting or mêlée) by a group of identical models on a unit of
// identical models: shots, goals, per-die probabilities and the full distributions of unsaved
// wounds and models slain. Built only on the rules layer's goal functions (DESIGN: one source of
// truth).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "data/weapon.hpp"
#include "dice/distribution.hpp"
#include "rules/area_effects.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/melee_goal.hpp"
#include "rules/rulings.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/weapon_fire.hpp"
#include "rules/wound_save.hpp"

namespace arap::odds {

// An attack the rules do not allow, or a request that makes no sense; the message names the rule.
class OddsError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

enum class AttackKind : std::uint8_t { shooting, melee };
enum class ChargeDirection : std::uint8_t { none, front, flank, rear };
// What happens to an area marker that scatters: assumed to miss everyone (a lower bound), or
// assumed to land on the aim point anyway.
enum class ScatterAssumption : std::uint8_t { misses, on_target };

struct AttackerSpec {
  int models = 1;
  int skill = 3;  // BS (shooting) or WS (mêlée)
  int strength = 3;
  int attacks = 1;
  int bonus_attacks = 0;  // extra mêlée attacks per model other than Charge bonuses
  bool relentless = false;
  bool monstrous = false;  // ADV-56 (optional): in mêlée its blows leave no armour save
};

struct TargetSpec {
  int models = 1;
  int toughness = 3;
  std::optional<int> save;
  std::optional<int> invulnerable;
  int wounds = 1;
  bool unstoppable = false;     // ADV-39: instant death costs it only D3 wounds
  bool gone_to_ground = false;  // ADV-01: its armour save after AP is one step better (shots)
};

// Issue 17: one model group of a squad firing its own weapon (a squad attack).
struct SquadGroup {
  std::string label;  // the group's name in the army file ("Flamer Guardsman")
  int models = 1;
  int skill = 3;
  int strength = 3;
  data::WeaponProfile weapon;
};

struct AttackRequest {
  AttackKind kind = AttackKind::shooting;
  AttackerSpec attacker;
  data::WeaponProfile weapon;
  double range = 0.0;
  int firings = 1;
  rules::SalvoMode salvo = rules::SalvoMode::automatic;
  bool line_of_sight = true;
  rules::ShootingSituation shooting;  // modifier flags (skill, range, kind filled in by evaluate)
  rules::MeleeSituation melee;        // modifier flags
  ChargeDirection charge = ChargeDirection::none;
  std::optional<rules::CoverCounts> models_under;  // templates and area markers
  ScatterAssumption scatter = ScatterAssumption::misses;
  bool instant_death = false;  // ADV-39 (optional): hits of twice the Toughness slay outright
  rules::Allocation allocation = rules::Allocation::sequential;
  TargetSpec target;
  rules::Rulings rulings;
  // Units named by army and unit (issue 17): where their statlines came from, for the report.
  std::vector<std::string> named_units;
  // A squad attack (issue 17): every group fires its own weapon, in this order; `attacker` and
  // `weapon` are then unused.
  std::vector<SquadGroup> squad;
};

// One group's part of a squad attack.
struct SquadRow {
  std::string label;
  std::string weapon;
  int models = 0;
  int shots = 0;
  int hit_goal = 0;
  double p_hit = 0.0;
  double p_wound = 0.0;
  double p_unsaved_per_hit = 0.0;
  double mean_unsaved = 0.0;
};

struct ModifierReport {
  std::string name;
  std::string rule;
  int value = 0;
};

struct AttackGroupReport {
  std::string label;
  int attacks = 0;
  int hit_goal = 0;
  double p_hit = 0.0;
};

struct AttackReport {
  std::string resolution;  // "direct", "template", "area", "indirect", "melee"
  int shots = 0;
  std::optional<int> action_points;
  int hit_goal = 0;
  double p_hit = 0.0;
  int strength = 0;
  rules::WoundGoal wound_goal;
  double p_wound = 0.0;
  std::optional<int> save_goal;
  double p_save = 0.0;
  double p_unsaved_per_hit = 0.0;
  std::optional<double> p_on_target;  // area weapons
  std::vector<AttackGroupReport> groups;
  std::vector<ModifierReport> modifiers;
  dice::Distribution unsaved_wounds;
  dice::Distribution slain;
  std::vector<std::string> notes;
  std::vector<SquadRow> squad;  // a squad attack's groups (issue 17)
};

AttackReport evaluate_attack(const AttackRequest& request);

// The models under each template or marker: as requested, else the whole target unit in the cover
// class its modifiers give it (prone, tactical and fleeting models count as soft cover).
rules::CoverCounts effective_models_under(const AttackRequest& request);
// SHOOT-59: whether Melta's higher-of-two dice apply (mêlée, or a shot at half range or less).
bool melta_applies(const AttackRequest& request);
// What each hit does, from the goals in `report`.
rules::WoundingProfile wounding_profile(const AttackRequest& request, const AttackReport& report);

}  // namespace arap::odds
