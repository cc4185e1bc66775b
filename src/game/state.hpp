// The mutable half of a game: every model's and unit's state, whose turn it is and which decision
// is pending, and the dice. Plain data, cheap to copy (AI search clones it), compared with ==.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dice/random_dice.hpp"
#include "game/setup.hpp"
#include "table/table_model.hpp"

namespace arap::game {

struct ModelState {
  table::TableModel pose;  // pose.alive is false once the model is removed
  std::int16_t wounds_left = 1;
  bool prone = false;
  friend bool operator==(const ModelState&, const ModelState&) = default;
};

struct UnitState {
  bool attempted = false;          // ACT-04: one activation attempt per player turn
  bool picked_up = false;          // ACT-08 ruling: one pick-up activation per opposing player turn
  bool free_moved = false;         // MOVE-14 ruling A-09: once per player turn
  bool pinned = false;             // SHOOT-29
  bool suppressed = false;         // SHOOT-35
  bool routing = false;            // MELEE-19
  bool rout_pending = false;       // SHOOT-32: routs from the next compulsory phase
  bool tactical = false;           // MOVE-13: -1 to be hit beyond 4"; -1 to its own shooting
  bool aimed = false;              // SHOOT-08: the last action was Aim
  bool heavy_fired = false;        // SHOOT-06 this turn
  bool pinning_failed = false;     // SHOOT-31: no heavy-casualty test after a failed pinning test
  bool morale_checked = false;     // SHOOT-31/33, MORALE-04: one such test per turn
  bool fled = false;               // left the table while routing
  bool blast_hit = false;          // SHOOT-33: hit by an effect of 5\" diameter or more
  bool fleeting = false;           // SHOOT-18: its last move went from one cover to another
  bool hazard_checked = false;     // MORALE-08: one dangerous-ground check per player turn
  std::int16_t hazard_losses = 0;  // MORALE-08: models lost to dangerous ground this turn
  bool moved_this_turn = false;
  std::int16_t strength_at_turn_end = 0;  // SHOOT-25: models at the end of its last turn
  std::int16_t hits_taken = 0;            // SHOOT-33: shooting hits since its last turn
  std::int16_t casualties_taken = 0;      // SHOOT-31: casualties to fire since its last turn
  std::int16_t throwers_used = 0;         // SHOOT-49 this turn
  std::int16_t corrective_target = -1;    // SHOOT-21: unit shot at last turn without moving
  std::int16_t shot_target_this_turn = -1;
  float moved_last_turn = 0.0f;  // SHOOT-11i: inches moved in its previous turn
  float moved_inches = 0.0f;     // this turn
  friend bool operator==(const UnitState&, const UnitState&) = default;
};

enum class Phase : std::uint8_t {
  activation,  // the phasing player picks a unit, makes a free move or ends the phase
  pick_up,     // the next player may pick up failed activation dice (ACT-08)
  reaction,    // a pick-up unit spends its action points
  active,      // the activated unit spends its action points
  game_over,
};

struct Reaction {
  std::int16_t unit = -1;
  std::int8_t action_points = 0;
  friend bool operator==(const Reaction&, const Reaction&) = default;
};

struct GameState {
  const GameSetup* setup = nullptr;
  dice::RandomDice dice{0};
  // Tests put scripted dice here; every roll then comes from them instead (not owned).
  dice::DiceSource* scripted_dice = nullptr;
  std::vector<ModelState> models;
  std::vector<UnitState> units;
  std::int16_t turn = 1;    // game turn
  std::int8_t phasing = 0;  // side whose player turn it is
  Phase phase = Phase::activation;
  std::int16_t active_unit = -1;
  std::int8_t action_points = 0;
  std::int8_t busts = 0;                // ACT-07 busts this player turn
  bool bust_pending = false;            // the current activation busted (a pick-up cancels it)
  std::int8_t failed_dice = 0;          // dice the next player may pick up
  std::array<Reaction, 3> reactions{};  // pick-up units still to act, in order
  std::int8_t reaction_count = 0;
  std::int8_t winner = -1;  // -1 while playing or after a draw
  std::array<std::int16_t, 4> score{};
  std::uint32_t actions_applied = 0;

  friend bool operator==(const GameState&, const GameState&) = default;

  int side_deciding() const;
  bool unit_alive(int unit) const;
  int living_models(int unit) const;
  std::vector<table::TableModel> table_models() const;
};

GameState initial_state(const GameSetup& setup, std::uint64_t seed);

}  // namespace arap::game
