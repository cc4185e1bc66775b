// The immutable half of a game: the scenario (table, sides, units as placed), the data library
// it refers to, the ruling switches and the scenario options. Shared by every copy of a state.
#pragma once

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "data/library.hpp"
#include "rules/close_combat_kit.hpp"
#include "rules/rulings.hpp"
#include "table/scenario.hpp"

namespace arap::game {

// Options the rules leave to the players or the GM: the scenario's `options:` (DESIGN).
using GameOptions = table::ScenarioOptions;

// ADV-27: the machines whose charge, flight and pursuit rates the optional machine rules fix.
enum class Machine : std::uint8_t { none, robot, dreadnought };

// What the rules need to know about a unit that never changes.
struct UnitInfo {
  std::string id;
  std::string name;
  int side = 0;
  // A squad's models are contiguous in GameState::models; its sub-units (GEN-09) share the range
  // and GameState::members(unit) visits the models standing in the unit now.
  int first_model = 0;
  int model_count = 0;
  // GEN-09 / ADV-19: a sub-unit slot (made at setup, empty until a split fills it) names the
  // squad it belongs to; a squad names its slots, first_slot .. first_slot + slot_count - 1, and
  // the most parts it may stand in (ADV-19: the Initiative of its majority troop type).
  int squad = -1;
  int first_slot = -1;
  int slot_count = 0;
  int part_limit = 1;
  int activation_value = 3;  // ACT-05 from the leader's (or first model's) Initiative
  int leadership = 7;        // the leader's Ld (tests use GameState::leadership, MORALE-03)
  int leader_model = -1;     // the model marked leader, if any
  // The slowest member's current move: its M less its encumbrance (ADV-18), in half inches.
  double move = 4.0;
  bool fearless = false;
  bool dogged = false;  // ADV-43: every model is (GameSetup::dogged weighs the option)
  bool relentless = false;
  bool no_fear = false;               // They Shall Know No Fear (MORALE-05)
  bool never_suppressed = false;      // SHOOT-34
  bool can_move_tactically = true;    // MOVE-13
  int initiative = 3;                 // the leader's I: Initiative tests (DICE-13, MELEE-12)
  bool frenzy = false;                // MORALE-07
  bool need_not_pursue = false;       // slow and purposeful (MELEE-24)
  bool hit_and_run = false;           // MELEE-12
  bool leaping = false;               // ADV-07: +6" to charges
  bool jump_pack = false;             // MOVE-22/25: every model wears one
  bool flesh_hooks = false;           // CHARGE-19
  bool climbing_gear = false;         // ADV-13: every model has climbing gear (or hooks, pads)
  bool any_rope_and_grapple = false;  // ADV-14: a model carries rope and grapple
  bool warp_jump = false;             // ADV-25: every model is a Warp Spider
  bool fleet = false;                 // ADV-06: every model has the fleet rule
  bool energy_scanner = false;        // ADV-10: a model carries one: minefields are 1 in 6
  bool assault_grenades = false;      // CHARGE-16: a majority carries them
  bool defensive_grenades = false;    // CHARGE-17: a majority carries them
  bool has_ranged = false;            // CHARGE-13: something to stand and fire with
  bool weapon_crew = false;           // ADV-28: a support weapon's crew
  bool breathes_underwater = false;   // ADV-12: every model needs no air (it may move submerged)
  std::uint64_t hates = 0;            // MORALE-06: bit v set when it hates unit v
  Machine machine = Machine::none;    // ADV-27: every model is a robot (or a Dreadnought)
  bool emplacement = false;           // ADV-29: a model is a fixed emplacement: it never moves
  bool mob = false;                   // ADV-20: every model belongs to a (civilian) mob
  bool character = false;             // ADV-19: every model is an Independent Character

  // MOVE-12 / ADV-18: the current move in whole inches, rounded down: what the dice that the rules
  // choose by M (the variable-ground die, the Charge's M + 2D6, a flight's rate) are read with.
  int whole_move() const { return static_cast<int>(std::floor(move + 1e-9)); }
};

struct ModelInfo {
  const data::Profile* profile = nullptr;
  const data::ModelGroup* group = nullptr;
  int unit = 0;
  bool leader = false;
  // SHOOT-47: a leader, or a member whose profile or arms differ from the unit's rank and file
  // (the most common kind, when two or more share it; otherwise only the leader counts).
  bool character = false;
  double spotting = 3.0;  // ADV-04: spots hidden enemies this close (I", twice with acute senses)
  double move = 4.0;      // its current move: M less its encumbrance (ADV-18)
  rules::CloseCombatKit kit;  // ADV-57/58/59, MELEE-06a/i/j: the weapons it fights with
  // ADV-22 (option separate_mounts): a rider whose mount is a body of its own has here the rider
  // on foot, as it fights on once the mount falls (an index into GameSetup::on_foot); else -1.
  int on_foot = -1;
};

struct GameSetup {
  std::string scenario_file;
  std::string scenario_text;  // the scenario's YAML, as loaded (saved games carry it)
  std::shared_ptr<const data::Library> library;
  table::Scenario scenario;
  rules::Rulings rulings;
  GameOptions options;
  std::vector<UnitInfo> units;
  std::vector<ModelInfo> models;
  std::vector<ModelInfo> on_foot;  // ADV-22: the riders on foot (ModelInfo::on_foot)
  // SHOOT-55: for each model, how far its banner shows above its head (0: no banner).
  std::vector<double> banners;
  int sides = 2;
  // ACT-16: the table for each way the doors may stand (bit k: door k open), made once here so
  // that a state carries only the bits; empty when the table has no doors.
  std::vector<table::Table> door_tables;
  // ADV-26: some unit of the scenario deep strikes from reserve (else none ever waits to drop,
  // and the activation phase's checks need not look for one).
  bool deep_strike_reserves = false;

  const table::Table& table(unsigned doors_open) const {
    return door_tables.empty() ? scenario.table : door_tables[doors_open];
  }

  // GEN-09: the squad a unit (or sub-unit) belongs to.
  int squad_of(int unit) const { return units[unit].squad >= 0 ? units[unit].squad : unit; }
  // The number of units the scenario placed: the sub-unit slots come after them.
  int squads() const { return static_cast<int>(scenario.units.size()); }
  // ADV-43 (advanced, option dogged_units): whether `unit` is dogged, taking no heavy-casualty or
  // rout test.
  bool dogged(int unit) const { return units[unit].dogged && options.dogged_units; }
  // ADV-27 (optional, option machine_rates): what kind of machine `unit` is under the machine
  // rules (none with the option off).
  Machine machine(int unit) const {
    return options.machine_rates ? units[unit].machine : Machine::none;
  }
};

// Loads the scenario against the library and checks its rulings; throws data::DataError.
std::shared_ptr<const GameSetup> make_setup(const std::string& scenario_file,
                                            std::shared_ptr<const data::Library> library);
// The same from the scenario's text; `name` stands for the file in errors and records.
std::shared_ptr<const GameSetup> make_setup_from_text(const std::string& text,
                                                      const std::string& name,
                                                      std::shared_ptr<const data::Library> library);

}  // namespace arap::game
