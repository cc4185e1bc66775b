// The mutable half of a game: every model's and unit's state, whose turn it is and which decision
// is pending, and the dice. Plain data, cheap to copy (AI search clones it), compared with ==.
#pragma once

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "dice/random_dice.hpp"
#include "game/setup.hpp"
#include "table/table_model.hpp"

namespace arap::game {

struct ModelState {
  table::TableModel pose;  // pose.alive is false once the model is removed
  std::int16_t wounds_left = 1;
  bool prone = false;
  // MOVE-15: it failed an agility roll and fell over: it neither moves nor attacks until the
  // player turn ends.
  bool fell_over = false;
  // ADV-29: a Relentless model that fired its heavy weapon this player turn fires no other weapon
  // (nor throws a grenade) until the turn ends.
  bool heavy_only = false;
  // ADV-41: while set, the model's last move was a flee, rout or pursuit move that began at
  // crossfire_from (straight on to where it stands), for shots at it as it passed.
  bool crossfire_path = false;
  // ADV-11: it shed its primitive armour to swim (no armour save for the rest of the game) and let
  // go of its shield.
  bool armour_shed = false;
  bool shield_dropped = false;
  // ADV-50: its smoke dischargers have fired (once a game; once a player turn under
  // ruling.ADV-50.uses=oncePerTurn).
  bool smoke_discharged = false;
  // ADV-30: bit i set when weapon i of the model's loadout has the Reload rule, has fired, and has
  // not been reloaded since (a reload action clears them all). It lasts across turns. Setup
  // refuses a Reload weapon beyond the 16th of a loadout.
  std::uint16_t unloaded = 0;
  // ADV-22 (option separate_mounts): the wounds its mount has left while it rides one that is a
  // body of its own (0 otherwise); `dismounted` once that mount has fallen: the model is then
  // the rider on foot (GameState::info).
  std::int16_t mount_wounds_left = 0;
  bool dismounted = false;
  table::Point crossfire_from;
  friend bool operator==(const ModelState&, const ModelState&) = default;
};

// MELEE-29 step 1: what a locked unit chose for the coming round.
enum class MeleeChoice : std::uint8_t { undecided, fight, break_off, hit_and_run };

struct UnitState {
  // Reset when the unit's own player turn ends (SHOOT-25/29/35: what lasts "until its next turn"
  // is counted from there).
  struct OwnTurn {
    bool attempted = false;          // ACT-04: one activation attempt per player turn
    bool free_moved = false;         // MOVE-14 ruling A-09: once per player turn
    bool pinned = false;             // SHOOT-29
    bool suppressed = false;         // SHOOT-35
    bool aimed = false;              // SHOOT-08: the last action was Aim
    bool pinning_failed = false;     // SHOOT-31: no heavy-casualty test after a failed pinning test
    bool morale_checked = false;     // SHOOT-31/33, MORALE-04: one such test per turn
    bool blast_hit = false;          // SHOOT-33: hit by an effect of 5\" diameter or more
    bool hazard_checked = false;     // MORALE-08: one dangerous-ground check per player turn
    bool rallied = false;            // ADV-71: it rallied at the start of this turn
    bool faced = false;              // ADV-71: it has taken its free turn to face a new way
    bool no_fear_flinched = false;   // ADV-69: it flinched and rallied: no Charge at beaten_by
    std::int16_t hazard_losses = 0;  // MORALE-08: models lost to dangerous ground this turn
    bool moved_this_turn = false;
    std::int16_t hits_taken = 0;        // SHOOT-33: shooting hits since its last turn
    std::int16_t casualties_taken = 0;  // SHOOT-31: casualties to fire since its last turn
    std::int16_t throwers_used = 0;     // SHOOT-49 this turn
    std::int16_t shot_target_this_turn = -1;
    float moved_inches = 0.0f;  // this turn
    friend bool operator==(const OwnTurn&, const OwnTurn&) = default;
  } own_turn;
  // Reset when any player turn ends (ACT-09, ACT-13).
  struct PlayerTurn {
    bool stood_up = false;    // ACT-13: standing up is a sole action, once per phase
    std::int8_t held_ap = 0;  // ACT-09: AP it had left on entering a mêlée this turn
    bool engaged = false;     // SHOOT-31/33: charged, charging or in mêlée this player turn
    // Per player turn, so a reaction in the opponent's turn is not carried into the unit's own
    // (CHARGE-04) and Stand and Fire counts against the turn's heavy shots (SHOOT-06).
    bool heavy_fired = false;       // SHOOT-06: a once-per-turn weapon has fired
    std::int8_t charges = 0;        // CHARGE-01: Charge actions this player turn
    bool may_charge_again = false;  // CHARGE-01/08: its target ran out of reach
    bool charge_failed = false;     // CHARGE-04: no further actions this player turn
    bool fell = false;              // ADV-16: one of its models fell: it may not hide
    // ADV-06: a unit activates at most once a player turn (ACT-04, ACT-08's one pick-up), so
    // these hold for its activation: it made its Fleet move, or it fired (which forbids it).
    bool fleet_moved = false;
    bool fired = false;
    // ADV-02 (optional): the enemy unit whose fire at this unit is being counted this player turn
    // (a unit's fire in a turn comes in one run: it activates once, ACT-04/08), its hits so far,
    // whether one came from a 5" or larger effect, and whether it has given its S-point test.
    bool tally_blast = false;
    bool tally_done = false;
    std::int16_t tally_firer = -1;
    std::int16_t tally_hits = 0;
    friend bool operator==(const PlayerTurn&, const PlayerTurn&) = default;
  } player_turn;
  // The next mêlée round's terms (CHARGE-05/06/10/19, MELEE-06f/13/14, MOVE-26): reset once the
  // round is fought.
  struct Round {
    bool ambush_charge = false;  // SHOOT-19 / MELEE-06f: charged from hiding, +1 to hit first round
    bool jump_bonus = false;     // MOVE-26: jumped down into this fight: +1 S, +1 to hit 1st round
    bool uphill_crs = false;     // MELEE-14b: charged from uphill (or jumped down) this round
    bool first_round = false;    // CHARGE-06: the next round is the first of the series
    bool charged_into_cover = false;   // CHARGE-10: strikes at I1 in the first round
    bool simultaneous = false;         // CHARGE-19: flesh hooks make the first round simultaneous
    std::int8_t bonus_attacks = 0;     // CHARGE-05 (i), first round
    bool rear_bonus = false;           // CHARGE-05 (ii) / MELEE-06e, first round
    std::int8_t charge_crs = 0;        // CHARGE-05 (iii) / MELEE-14a, first round
    std::int8_t flank_penalty = 0;     // CHARGE-05 (iv) / MELEE-14d, first round
    std::int16_t round_inflicted = 0;  // MELEE-13: unsaved wounds dealt toward this round's WD
    std::int16_t round_taken = 0;      // MELEE-13: unsaved wounds taken toward this round's WD
    bool bodyguard_swapped = false;    // ADV-53: a bodyguard traded places with its Principal
    friend bool operator==(const Round&, const Round&) = default;
  } round;
  // Lifetimes of their own (each reset where its rule says).
  bool picked_up = false;     // ACT-08 ruling: one pick-up activation per opposing player turn
  bool routing = false;       // MELEE-19
  bool rout_pending = false;  // SHOOT-32: routs from the next compulsory phase
  // ADV-69 (with rout_pending): the pending rout is 2.3's They Shall Know No Fear flinch, a 2D6"
  // move away and a rally in the unit's own next compulsory phase.
  bool no_fear_flinch = false;
  // ADV-69: it lost the roll-off and fights on: No Retreat (ADV-66) instead of the next round's
  // rout test.
  bool no_retreat_round = false;
  bool tactical = false;    // MOVE-13: -1 to be hit beyond 4"; -1 to its own shooting
  bool fled = false;        // left the table while routing
  bool away = false;        // MELEE-23: off the table after its routers, may come back
  bool in_reserve = false;  // ACT-02: not yet arrived from reserve (its models wait off)
  // ADV-26 (with in_reserve): it arrived by deep strike and waits for its marker to be aimed.
  bool awaiting_drop = false;
  bool fleeting = false;      // SHOOT-18: its last move went from one cover to another
  bool hidden = false;        // ADV-04: cannot be targeted until spotted or revealed
  bool revealing = false;     // ADV-04: fired while hidden: revealed when this player turn ends
  bool ambush_spent = false;  // SHOOT-19: its first attack from hiding has made the foe aware
  std::int16_t strength_at_turn_end = 0;  // SHOOT-25: models at the end of its last turn
  std::int8_t krak_attackers = 0;         // MELEE-26: models making krak attacks this round
  bool bucklers_strike = false;           // ADV-60: its bucklers strike this round, not guard
  bool pursue_routers = false;  // MELEE-24: it chose to pursue this round's routers untested
  // ADV-68/70: the inches of a consolidation move it has rolled and not yet made (0: none).
  std::int8_t consolidation = 0;
  std::int16_t corrective_target = -1;  // SHOOT-21: unit shot at last turn without moving
  // ADV-01 (optional): while above 0 the unit has gone to ground; the ends of its own player
  // turns still to pass before it gets up (2 when it went down in its own turn, 1 in the enemy's:
  // ruling A-42, until the end of its next player turn).
  std::int8_t ground_turns = 0;
  // ADV-02 (optional): suppression points: each is -1 to hit on the unit's shooting and -1 Ld on
  // its fire and ground tests.
  std::int8_t s_points = 0;
  // Close combat.
  std::uint64_t locked = 0;       // CHARGE-03: bit u set when locked in mêlée with unit u
  std::int16_t pursuing = -1;     // MELEE-23: the routers this unit pursues
  bool press_pursuit = false;     // MELEE-25: (while pursuing) it does not try to halt
  std::uint64_t left_combat = 0;  // MELEE-11: bit u: it parted from unit u (until its next turn)
  std::uint64_t left_combat_fresh = 0;  // MELEE-11: those set in its own turn: kept one more
  std::uint64_t recent_foes = 0;        // CHARGE-06: units it fought in its last round
  std::int16_t recent_turn = 0;         // CHARGE-06: the game turn of that round
  std::int16_t beaten_by = -1;          // MELEE-19/20: routers flee away from this unit
  // ADV-71/72: bit u set when unit u was pursuing it as it rallied; cleared when it next routs or
  // fights.
  std::uint64_t rallied_from = 0;
  // ADV-19 / ADV-20: bit q set when models of squad q (another squad) stand in this unit: a
  // joined Independent Character or a merged mob (see UnitMembers).
  std::uint64_t guests = 0;
  bool no_break_off = false;  // MELEE-12: a failed Hit and Run forbids breaking off next round
  bool last_man = false;      // ADV-67: a squad brought down to one model by this mêlée's rounds
  MeleeChoice melee_choice = MeleeChoice::undecided;  // MELEE-29 step 1
  // ADV-28: it moved, or went prone or stood up, in its previous turn (not stationary).
  bool stirred_last_turn = false;
  float moved_last_turn = 0.0f;  // SHOOT-11i: inches moved in its previous turn
  bool gone_to_ground() const { return ground_turns > 0; }  // ADV-01
  friend bool operator==(const UnitState&, const UnitState&) = default;
};

enum class Phase : std::uint8_t {
  activation,       // the phasing player picks a unit, makes a free move or ends the phase
  pick_up,          // the next player may pick up failed activation dice (ACT-08)
  reaction,         // a pick-up unit spends its action points
  active,           // the activated unit spends its action points
  charge_response,  // the charged unit holds, stands and fires or runs (CHARGE-08/13)
  melee_choice,     // each locked unit fights, breaks off or hits and runs (MELEE-29)
  interception,     // a unit the Chargers pass may intercept them (CHARGE-09)
  consolidation,    // a unit that slew all its foes makes its free move (ADV-68/70)
  fire_response,    // ADV-01: the unit fire was declared at goes to ground or stays up
  game_over,
};

struct Reaction {
  std::int16_t unit = -1;
  std::int8_t action_points = 0;
  friend bool operator==(const Reaction&, const Reaction&) = default;
};

// ADV-35/50: a cloud laid in play by a smoke grenade or discharger: a circle of smoke (a blind
// cloud, when `blind`) that hides what is in and behind it until it disperses (ruling.ADV-50).
struct Cloud {
  table::Point centre;
  double radius = 0.0;
  // The player turn it was laid in, counted from 0: (game turn - 1) x sides + the phasing side.
  std::int16_t laid_in = 0;
  std::int8_t side = 0;  // the side whose model laid it
  bool blind = false;
  friend bool operator==(const Cloud&, const Cloud&) = default;
};

// ADV-15: a portable ladder: carried by a unit, lying where it was dropped or cast down, or
// standing against a raised surface's face, where it is a ladder of the table (MOVE-28) like the
// scenario's.
struct PortableLadder {
  table::Point at;    // lying: where it lies; standing: the middle of its foot on the face's edge
  table::Point up;    // standing: the unit vector from the foot across the edge toward the top
  float rise = 0.0f;  // standing: the height it spans, in inches
  // ADV-14: a grapple's rope strung across a gap rather than up a face: it runs `span` inches from
  // `at` (on the thrower's edge) along `up` to where the hook holds on the far edge; 0: up a face.
  float span = 0.0f;
  std::int16_t carrier = -1;  // the unit carrying it, or -1
  // ADV-14: a thrown grapple's rope rather than a ladder: it always stands (once cast down it is
  // gone), `owner` is the unit that threw it, and one model a turn climbs it.
  std::int16_t owner = -1;
  std::int8_t side = -1;  // standing: the side that set it up
  bool standing = false;
  bool hook = false;
  bool carried() const { return carrier >= 0; }
  friend bool operator==(const PortableLadder&, const PortableLadder&) = default;
};

// The table with the clouds laid in play (and the portable ladders standing) added to the setup's
// (for the doors as they stand): built again whenever the clouds or the doors change, shared by
// copies of the state. It is derived from `clouds` and `doors_open`, so states compare and hash by
// those, never by this pointer.
struct LaidTable {
  std::shared_ptr<const table::Table> table;
  friend bool operator==(const LaidTable&, const LaidTable&) { return true; }
};

// GEN-09 / ADV-19 / ADV-20: the models now in a unit. A squad's models stand together in
// GameState::models (UnitInfo::first_model, model_count); its sub-units share that range, and a
// model belongs to the unit its pose names (`pose.unit`), so a squad that never split visits its
// whole range as before. A unit may also hold guests: an Independent Character that joined it
// (ADV-19) or a mob merged into it (ADV-20). Their squads' ranges are visited after its own, in
// squad order (UnitState::guests names them), filtered the same way.
class UnitMembers {
 public:
  class iterator {
   public:
    iterator(const ModelState* models, const UnitInfo* squads, int m, int end, std::uint64_t guests,
             int unit)
        : models_(models), squads_(squads), m_(m), end_(end), guests_(guests), unit_(unit) {
      skip();
    }
    int operator*() const { return m_; }
    iterator& operator++() {
      ++m_;
      skip();
      return *this;
    }
    bool operator!=(const iterator& other) const { return m_ != other.m_; }
    bool operator==(const iterator& other) const { return m_ == other.m_; }

   private:
    void skip() {
      for (;;) {
        while (m_ < end_ && models_[m_].pose.unit != unit_) ++m_;
        if (m_ < end_) return;
        if (guests_ == 0) {
          m_ = end_ = -1;  // past the last range: the end iterator
          return;
        }
        const int squad = std::countr_zero(guests_);
        guests_ &= guests_ - 1;
        m_ = squads_[squad].first_model;
        end_ = m_ + squads_[squad].model_count;
      }
    }
    const ModelState* models_;
    const UnitInfo* squads_;
    int m_, end_;
    std::uint64_t guests_;
    int unit_;
  };
  UnitMembers(const ModelState* models, const UnitInfo* squads, int first, int count,
              std::uint64_t guests, int unit)
      : models_(models),
        squads_(squads),
        first_(first),
        end_(first + count),
        guests_(guests),
        unit_(unit) {}
  iterator begin() const { return {models_, squads_, first_, end_, guests_, unit_}; }
  iterator end() const { return {models_, squads_, -1, -1, 0, unit_}; }
  bool empty() const { return !(begin() != end()); }

 private:
  const ModelState* models_;
  const UnitInfo* squads_;
  int first_, end_;
  std::uint64_t guests_;
  int unit_;
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
  std::int8_t busts = 0;      // ACT-07 busts this player turn
  bool bust_pending = false;  // the current activation busted (a pick-up cancels it)
  // ACT-07: the side whose activation phase its busts ended, until its next player turn (so a
  // refusal can say why its units may not activate); -1 when none.
  std::int8_t busted_side = -1;
  std::int8_t failed_dice = 0;  // dice the next player may pick up
  bool after_melee = false;     // ACT-09: a unit spends AP it held through the mêlée rounds
  // ADV-68: the consolidation moves came from the mêlée rounds (held AP are spent after them)
  // rather than from a pursuit in the compulsory phase (the activation phase follows them).
  bool consolidation_after_melee = false;
  std::array<Reaction, 3> reactions{};  // pick-up units still to act, in order
  std::int8_t reaction_count = 0;
  // CHARGE-01: the charge awaiting the charged unit's response.
  std::int16_t charging_unit = -1;
  std::int16_t charge_target = -1;
  bool fire_and_charge = false;
  Phase charge_return = Phase::active;  // whose AP the charge spent (active or reaction)
  // CHARGE-09: a Charge paused where its path passed an enemy that may intercept it.
  struct ChargeInProgress {
    float distance = 0.0f;  // the rolled Charge distance
    std::int8_t highest_die = 0;
    bool denied = false;      // CHARGE-17 / ADV-51: defensive grenades or a blind charge
    bool hard_cover = false;  // CHARGE-10: the target had hard cover against the start
    bool climbed = false;     // CHARGE-07: the Chargers crossed an obstacle with a test
    bool hazardous = false;   // CHARGE-07: ... or dangerous ground
    bool jumped = false;      // MOVE-26: the lead Charger jumped down into the fight
    bool ladder = false;      // MOVE-28: the Chargers came by a ladder: no Charge bonuses
    bool uphill = false;      // MELEE-14b: the Chargers started above their target
    std::int16_t wounds_taken = 0;
    std::int16_t wounds_dealt = 0;
    std::int16_t interceptor = -1;  // the unit deciding now
    std::uint64_t passed_by = 0;    // units that let the Chargers pass
    friend bool operator==(const ChargeInProgress&, const ChargeInProgress&) = default;
  } charge_progress;
  // ADV-01: a shot or throw declared and awaiting its target's answer (go to ground or not). It
  // resolves, by the same rules as ever, once the target has answered.
  struct FireInProgress {
    std::int16_t unit = -1;  // -1: none pending
    std::int16_t target = -1;
    bool grenade = false;  // a throw_grenade rather than a shoot
    bool heavy = false;
    bool guessed = false;        // SHOOT-48: a declared guess range in `guess`
    Phase back = Phase::active;  // whose AP the fire spends (active or reaction)
    double guess = 0.0;
    friend bool operator==(const FireInProgress&, const FireInProgress&) = default;
  } pending_fire;
  std::int8_t winner = -1;  // -1 while playing or after a draw
  std::array<std::int16_t, table::kMaxSides> score{};
  std::uint32_t actions_applied = 0;
  // MOVE-28: bulk that got on or off each ladder this player turn (at most four).
  std::array<std::uint8_t, table::kMaxLadders> ladder_uses{};
  // ACT-16: the doors standing open, bit k for door k (the setup keeps a table for each).
  std::uint8_t doors_open = 0;
  std::int8_t rain = 0;       // ADV-21 (option weather): the rain level, 0 (none) to 4
  std::vector<Cloud> clouds;  // ADV-35/50: the clouds laid in play, oldest first
  // ADV-15: the portable ladders, one for each unit the scenario gives one (in unit order); then
  // ADV-14's grapple ropes, as they are thrown.
  std::vector<PortableLadder> portable_ladders;
  LaidTable laid;  // the table with the clouds and standing ladders (empty while there are none)

  friend bool operator==(const GameState&, const GameState&) = default;

  // The table as it stands now (ACT-16: with the doors open or shut).
  // ADV-35/50: with the clouds laid in play; ADV-15: with the portable ladders standing.
  const table::Table& table() const { return laid.table ? *laid.table : setup->table(doors_open); }

  int side_deciding() const;
  // GEN-09: the models now in `unit` (see UnitMembers).
  UnitMembers members(int unit) const {
    const UnitInfo& info = setup->units[unit];
    return {models.data(),    setup->units.data(), info.first_model,
            info.model_count, units[unit].guests,  unit};
  }
  bool unit_alive(int unit) const;
  int living_models(int unit) const;
  // The box around where `unit`'s living models stand: in this state, or as `poses` (a check's
  // copy of the table's models, possibly moved) place them. Empty when none lives. Reach bounds
  // (shots, throws, charges) measure between such boxes before measuring model to model.
  table::PointBox living_box(int unit) const;
  table::PointBox living_box(int unit, const std::vector<table::TableModel>& poses) const;
  // MORALE-03: the Ld a unit tests on: its leader's while the leader lives, else the most common
  // Ld among its living models (a tie goes to the lower).
  int leadership(int unit) const;
  int activation_value(int unit) const;  // ACT-05, from the living models
  // The unit's leader while he lives and stands in it (GEN-09: not in another part), or -1.
  int leader_of(int unit) const;
  bool locked(int unit) const { return units[unit].locked != 0; }
  // MELEE-29: the first locked unit still to choose (the phasing side's first), or -1.
  int melee_chooser() const;
  // ADV-68/70: the first unit with a consolidation move to make (the phasing side's first), or -1.
  int consolidator() const;
  std::vector<table::TableModel> table_models() const;
  // What model `m` is now: its setup's, or the rider on foot once its mount fell (ADV-22).
  const ModelInfo& info(int m) const {
    return models[m].dismounted ? setup->on_foot[setup->models[m].on_foot] : setup->models[m];
  }
  // The unit's move now: its slowest member's (ADV-22: a rider whose mount fell walks).
  double unit_move(int unit) const;
  int unit_whole_move(int unit) const {
    return static_cast<int>(std::floor(unit_move(unit) + 1e-9));
  }
  // A model's armour save and shield as they stand now: its profile's and its kit's, unless it
  // shed the armour or let go of the shield to swim (ADV-11).
  std::optional<int> armour_save(int model) const;
  data::Shield shield(int model) const;
  // The same poses copied into `out`, reusing its storage (for checks run many times).
  void table_models(std::vector<table::TableModel>& out) const;
};

GameState initial_state(const GameSetup& setup, std::uint64_t seed);

}  // namespace arap::game
