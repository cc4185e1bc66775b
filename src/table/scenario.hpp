// Scenarios (data/scenarios/*.yaml): the table, its terrain, the sides with their armies and
// where each unit stands, the turn limit, victory conditions and ruling switches.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "table/gm_modifiers.hpp"
#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

struct PlacedModel {
  const data::Profile* profile = nullptr;
  const data::ModelGroup* group = nullptr;
  bool leader = false;
  TableModel pose;
};

struct PlacedUnit {
  std::string id;  // unique in the scenario: side name + "/" + unit id (+ "#n" when repeated)
  std::string name;
  int side = 0;
  const data::UnitDefinition* definition = nullptr;
  std::vector<PlacedModel> models;
  // ACT-02 step 6: a unit held in reserve arrives at its `at` point, from game turn `reserve_from`
  // on, when a D6 at the end of its side's compulsory phase shows reserve_rolls[k] or more (k
  // counts the turns since reserve_from; the last entry repeats). reserve_from 0: on the table.
  int reserve_from = 0;
  std::vector<int> reserve_rolls;
  // ADV-26: `reserve: {deep_strike: true}`: on arrival its player aims a deep strike marker
  // rather than bringing it on at `at` (every model has the deep_strike special rule).
  bool deep_strike = false;
  // ADV-15: `ladder: true`: the unit carries a portable ladder (one at most).
  bool ladder = false;
};

struct Side {
  std::string name;
  const data::Army* army = nullptr;
  std::optional<Polygon> deployment;
  // Issue 15: the agent that plays this side unless the players name one (`ai: hard`,
  // `ai: tactician:aggressive`); empty when the scenario leaves it to them. Checked against the
  // agents known when a game is set up (`ai_where`/`ai_field` name it in the refusal).
  std::string ai;
  data::SourceLocation ai_where;
  std::string ai_field;
};

struct Objective {
  std::string id;
  Point at;
  double radius = 3.0;
  int points = 1;
};

struct Victory {
  enum class Kind : std::uint8_t { kill_points, objectives };
  Kind kind = Kind::kill_points;
  std::vector<Objective> objectives;
};

// A ruling switch as written in the scenario; the game layer checks name and value.
struct ScenarioRuling {
  std::string name;
  std::string value;
  data::SourceLocation where;
};

// Options the rules leave to the players or the GM, set in a scenario's `options:` map; each is
// off (or the rules' usual value) unless the scenario says otherwise.
struct ScenarioOptions {
  bool heavy_casualty_minus_one_at_half = false;  // SHOOT-31 optional -1 at 50% losses
  int busts_allowed = 1;                          // ACT-07 scenario parameter
  bool recharge_after_failed_charge = false;      // CHARGE-04 optional re-Charge
  bool look_out_sir = false;                      // SHOOT-47 optional "Look Out, Sir!"
  bool hiding = true;                             // ADV-04 (advanced, on unless switched off)
  bool better_strength = true;                    // ADV-55 (advanced)
  bool fighting_in_smoke = true;                  // ADV-62 (advanced)
  bool smoke_in_play = true;                      // ADV-35/50 (advanced): clouds laid in play
  bool no_retreat = true;                         // ADV-66 (advanced)
  bool mass_attacks = true;                       // ADV-61 (advanced)
  bool dogged_units = true;                       // ADV-43 (advanced)
  bool no_pinning_in_melee = true;                // ADV-44 (advanced)
  bool charge_fire_order = true;                  // ADV-64 (advanced)
  bool last_man_standing = false;                 // ADV-67 (optional)
  bool monstrous_creature_bonus = false;          // ADV-56 (optional)
  bool rallied_units = true;                      // ADV-71 (advanced)
  bool rallied_know_pursuers = true;              // ADV-72 (advanced)
  bool two_weapons = true;                        // ADV-57 (advanced)
  bool ambidextrous = true;                       // ADV-58 (advanced)
  bool paired_claws = true;                       // ADV-59 (advanced)
  bool shields = true;                            // ADV-60 (advanced)
  bool consolidation = true;                      // ADV-68 (advanced)
  bool pursuit_details = true;                    // ADV-70 (advanced)
  bool instant_death = false;                     // ADV-39 (optional)
  bool shooting_through_units = false;            // ADV-37 (optional)
  bool two_pistols = true;                        // ADV-31 (advanced)
  bool relentless_details = true;                 // ADV-29 (advanced)
  bool area_cover_calls = false;                  // ADV-46 (optional)
  bool launcher_grenade_limit = true;             // ADV-49 (advanced)
  bool krak_veterans = false;                     // ADV-63 (optional)
  bool gm_modifiers = false;                      // ADV-75 (optional)
  bool charge_known_enemies = true;               // ADV-51 (advanced)
  bool blind_charges = false;                     // ADV-51's GM allowance (optional)
  bool confined_blasts = true;                    // ADV-47 (advanced)
  bool tidy_up = true;                            // ADV-73 (advanced)
  bool poor_resolve = false;                      // ADV-65 (optional)
  bool move_through_cover = true;                 // ADV-08 (advanced)
  bool dangerous_ground_details = true;           // ADV-10 (advanced)
  bool climbing_gear = true;                      // ADV-13 (advanced)
  bool fall_saves = true;                         // ADV-16 (advanced)
  bool diving_charge_height = true;               // ADV-17 (advanced)
  bool warp_jump = true;                          // ADV-25 (advanced)
  bool declared_shots = true;                     // ADV-33 (advanced)
  bool melee_facing = true;                       // ADV-52 (advanced)
  bool fleet = false;                             // ADV-06 (optional)
  bool firing_wild_limits = true;                 // ADV-34 (advanced)
  bool crossfire = true;                          // ADV-41 (advanced)
  bool pinning_guidance = false;                  // ADV-42 (optional)
  bool no_fear_roll_off = false;                  // ADV-69 (optional)
  bool going_to_ground = false;                   // ADV-01 (optional)
  bool suppression_points = false;                // ADV-02/03 (optional)
  bool weather = false;                           // ADV-21 (optional)
  bool prone_crews = true;                        // ADV-28 (advanced)
  bool deep_strike = true;                        // ADV-26 (advanced)
  bool underwater = true;                         // ADV-12 (advanced)
  bool reload_weapons = true;                     // ADV-30 (advanced)
  bool bodyguards = true;                         // ADV-53 (advanced)
  bool machine_rates = false;                     // ADV-27 (optional)
  bool hitting_cover = false;                     // SHOOT-15 (optional)
  bool field_of_view = true;                      // ADV-32 (advanced)
  bool encumbrance = true;                        // ADV-18 (advanced)
  bool swimming_kit = true;                       // ADV-11 (advanced)
  bool hell_for_leather = false;                  // ADV-24 (optional)
  bool coherency = true;                          // ADV-19 (advanced): closing ranks
  bool mobs = true;                               // ADV-20 (advanced): mobs merge
  bool rope_and_grapple = true;                   // ADV-14 (advanced)
  bool rope_strength_tests = false;               // ADV-14: the GM's Strength tests on ropes
  bool portable_ladders = true;                   // ADV-15 (advanced)
  bool shield_bonus = false;                      // ADV-60 (optional): the Shield bonus in mêlée
  bool separate_mounts = false;  // ADV-22's second way (the GM's): rider and mount two targets
  int rain = 0;                  // ADV-21: the rain level the game opens with
};

// The most sides a battle may have: each side's score is kept in a fixed table.
inline constexpr std::size_t kMaxSides = 4;

struct Scenario {
  std::string id;
  std::string name;
  std::string description;
  Table table;
  std::vector<Side> sides;
  std::vector<PlacedUnit> units;
  int turn_limit = 6;
  Victory victory;
  std::vector<ScenarioRuling> rulings;
  ScenarioOptions options;
  std::vector<GmModifier> gm_modifiers;  // ADV-75: honoured with options.gm_modifiers

  // Every model of every unit as the table sees it (unit = index into `units`).
  std::vector<TableModel> table_models() const;
};

// Throws data::DataError naming file, line and field.
Scenario load_scenario(const std::string& file, const data::Library& library);
// The same from the scenario's YAML text (a saved game carries it); errors name `name`.
Scenario load_scenario_text(const std::string& text, const std::string& name,
                            const data::Library& library);

}  // namespace arap::table
