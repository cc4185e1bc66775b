// The engine's contract (DESIGN): what is pending, whether an action is legal (and if not, why,
// in words a player understands), and applying it. An illegal action changes nothing. Every
// applied action appends events (dice with goal and rule, outcomes) to the log.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "dice/dice_source.hpp"
#include "dice/distribution.hpp"
#include "game/actions.hpp"
#include "game/state.hpp"
#include "rules/shooting_goal.hpp"

namespace arap::game {

using Event = nlohmann::json;
using EventLog = std::vector<Event>;

struct Decision {
  Phase phase = Phase::activation;
  int side = 0;   // who decides
  int unit = -1;  // the unit spending AP (active or reaction)
  int action_points = 0;
  int failed_dice = 0;  // pick-up: dice on offer
};

Decision pending(const GameState& state);
// ADV-01: the shot or throw declared and awaiting its target's answer (phase fire_response), as
// the action it will resolve as; none at other times.
std::optional<Action> declared_fire(const GameState& state);

// Every distinct legal decision for whoever decides now (Stockfish's generate<LEGAL>): each one
// applies without refusal, and every kind of decision open now is among them. Continuous moves
// come from the move planner below as a finite, purposeful set (docs/game.md, "the door").
std::vector<Action> legal_actions(const GameState& state);
// The same, limited to the kinds in `kinds` (a set of kind_bit()s): agents that want only some
// kinds (say, every shot and charge, but one planned move) skip planning every move.
using KindSet = std::uint64_t;
constexpr KindSet kind_bit(ActionKind kind) {
  return KindSet{1} << static_cast<int>(kind);
}
inline constexpr KindSet kAllKinds = ~KindSet{0};
// Not a kind but what to list of one: shots no weapon of the unit reaches (ADV-33, declared
// shots: legal, every model that sees the target fires and misses). They are listed only with
// this bit, which kAllKinds holds; an agent that never wastes shots leaves it out and is spared
// the dear part of their test, whether any model sees the target at any distance.
inline constexpr KindSet kWastedShots = KindSet{1} << 63;
// Likewise shots split between units by model group (ADV-32): listed only with this bit, so an
// agent that never splits its fire is spared finding which of a unit's groups reach each target.
inline constexpr KindSet kSplitShots = KindSet{1} << 62;
std::vector<Action> legal_actions(const GameState& state, KindSet kinds);

// What a shoot or throw_grenade action would fire now, group by group (SHOOT-26: identical
// weapons in the same hands roll together), with what the real table gives each: range to the
// nearest target model, cover from the actual sight lines, every to-hit modifier. Empty when the
// action is not legal. Previews (advice/) turn these into exact odds.
struct FireGroup {
  int model = -1;  // the first firer
  int firers = 1;
  const data::WeaponProfile* weapon = nullptr;
  int shots = 0;  // dice to hit (templates and markers: one each)
  double range = 0.0;
  rules::ShotKind kind = rules::ShotKind::direct;
  rules::ShootingSituation situation;
  std::vector<int> targets;    // the target's models the group may hit (SHOOT-27)
  bool indirect = false;       // SHOOT-54
  bool through_smoke = false;  // SHOOT-17: at BS1, a laser 2 Strength down
  bool pins = false;           // SHOOT-28, ADV-42: a casualty calls for a pinning test
};
// ADV-32: a shot split between units has one volley per target: 0 is the action's target, k the
// k-th of its `picks` (a model group sent at another unit).
std::vector<FireGroup> fire_groups(const GameState& state, const Action& action, int volley = 0);

// CHARGE-02/03/07: how a charge would go from here, measured as the live charge does: the lead
// Charger (the one nearest the target) moves toward its nearest enemy by the rolled distance;
// the charge reaches when it ends within its mêlée radius of an enemy model. An obstacle on the
// way needs one Initiative test (CHARGE-07) and a drop MOVE-25's tests, counted in `p_reach`.
// Interceptions, runs and stand-and-fire casualties come later and are not counted.
struct ChargeReach {
  bool legal = false;
  double distance = 0.0;           // from the lead Charger to the nearest target model
  dice::Distribution roll;         // the charge distance (CHARGE-02)
  int shortest_roll = -1;          // the least roll that reaches (-1: none does)
  double p_reach = 0.0;            // P(contact), the tests on the way included
  double p_roll_reaches = 0.0;     // P(the roll alone suffices)
  dice::Distribution failed_move;  // CHARGE-04: the move a failed charge makes
};
ChargeReach charge_reach(const GameState& state, const Action& charge);

// ADV-26: how a deep strike aimed here would go, exactly: every pair of scatter dice and, when
// the marker moves, every one of the 360 bearings, judged as the live drop judges its landing
// (the same mishap reasons, in the same order). The probabilities sum to 1 across p_double,
// p_off_table, p_impassable, p_on_models and p_landed; p_rough_landing is the share of landings
// on difficult, very difficult or dangerous ground (hazards for the models, ADV-26/MOVE-11).
struct DropOutlook {
  bool legal = false;
  double p_double = 0.0;
  double p_off_table = 0.0;
  double p_impassable = 0.0;
  double p_on_models = 0.0;
  double p_mishap = 0.0;  // the four above
  double p_landed = 0.0;
  double p_rough_landing = 0.0;
};
DropOutlook drop_outlook(const GameState& state, const Action& deep_strike);

// ADV-35: how a throw_smoke would go: its thrower (the unit's nearest able model), the grenade,
// the goal of the throw (SHOOT-50: BS - 1 with the thrower's own modifiers) and P(the cloud goes
// down where aimed); a miss scatters by the scatter-only short roll (SHOOT-50).
struct SmokeOutlook {
  bool legal = false;
  int model = -1;
  const data::WeaponProfile* weapon = nullptr;
  int goal = 0;
  double p_on_target = 0.0;
};
SmokeOutlook smoke_outlook(const GameState& state, const Action& throw_smoke);
// ADV-15: how a cast_down_ladder would go: whether anyone is on the ladder, how many of the unit
// push (three at most) and P(it falls): 1 for a ladder nobody is on, else a D6 of 6, one less for
// each pusher past the first.
struct LadderOutlook {
  bool legal = false;
  bool occupied = false;
  int pushers = 0;
  double p_cast_down = 0.0;
};
LadderOutlook ladder_outlook(const GameState& state, const Action& cast_down);
// ADV-14: P(a throw_grapple's hook holds): the thrower's BS + 1 at a roof edge, a low D6; 0 when
// the throw is not legal.
double grapple_chance(const GameState& state, const Action& throw_grapple);
// ADV-14: whether a legal throw_grapple goes across a gap (its rope runs level, from the thrower's
// edge to the far one) rather than up a face.
bool grapple_across_gap(const GameState& state, const Action& throw_grapple);
// ADV-35/50: the table the state stands on with `extra` clouds laid besides its own (what a cloud
// would hide, asked before it is laid).
table::Table table_with_clouds(const GameState& state, std::span<const Cloud> extra);

// The centre of a unit's living models (where plans and previews measure from).
table::Point unit_centre(const GameState& state, int unit);
// GEN-09: whether every living model of `unit` is within 3" (centre to centre) of another, in one
// chain. ADV-19: where its centre stands once it has closed ranks (move mode close_ranks: each
// cut-off model walks toward the rest; its centre now when it may not).
bool unit_coherent(const GameState& state, int unit);
table::Point centre_after_closing_ranks(const GameState& state, int unit);

// Empty when legal; otherwise the rule and the reason ("ACT-09: that costs 2 AP ...").
std::string illegal_reason(const GameState& state, const Action& action);

// A typed refusal: the catalogue ID of the rule the action breaks ("ACT-09", "MOVE-03"; empty
// when the action names something that does not exist rather than breaking a rule) and the reason
// in a player's words.
struct Refusal {
  std::string rule;
  std::string text;
  friend bool operator==(const Refusal&, const Refusal&) = default;
};
// Nothing when legal.
std::optional<Refusal> refusal(const GameState& state, const Action& action);
// Splits a worded reason into its rule and text (the first catalogue ID it names is the rule).
Refusal refusal_of(std::string_view reason);
nlohmann::json to_json(const Refusal& refusal);

// MOVE-01..14: the furthest legal move of `unit` in `mode` toward `point` (its centre heading
// there), clamped to what the unit can afford: turning, difficult ground, obstacles, other bases,
// the table edge, the AP it has left. `free_move` plans a MOVE-14 free move (activation phase).
struct MovePlan {
  bool possible = false;   // false: not even a short move that way is legal (see `stop`)
  Action action;           // the move to apply (kind move or free_move), when possible
  double inches = 0.0;     // length of the unit's displacement
  double wanted = 0.0;     // distance from the unit's centre to `point`
  double cost = 0.0;       // the dearest model's movement cost in inches (MOVE-03/06/07/08/19/21)
  double allowance = 0.0;  // inches the mode allows (tactical: its best roll, 6")
  int action_points = 1;   // AP the move costs (ACT-09/10)
  bool reached = false;    // the centre ends on `point`
  // Why it stops short of `point`: the rule and reason that refuse going further (empty when
  // reached).
  Refusal stop;
};
// With `explain` false the plan is the same but its cost, action points and stop are left
// unmeasured (cheaper: agents that only want the move).
MovePlan plan_move(const GameState& state, int unit, table::MoveMode mode,
                   const table::Point& point, bool free_move = false, bool explain = true);
// Whether illegal_reason would be empty, without wording a refusal (cheaper: for agents and
// searches that try many actions).
bool is_legal(const GameState& state, const Action& action);

// Applies `action` when legal and returns ""; otherwise returns the reason and leaves `state`
// untouched. `log` may be null. The dice are the state's own (seeded by initial_state), or a
// test's scripted dice when `state.scripted_dice` is set.
std::string apply(GameState& state, const Action& action, EventLog* log);

// Safe chance (docs/game.md, "the door"): the same, but every roll comes from `dice`, which the
// caller owns; the state's own dice are neither used nor advanced. A search that applies actions
// to copies either passes its own dice here or reseeds its copies first: a copied state still
// holds the real game's future dice, and replaying them would let a search see the future.
std::string apply(GameState& state, const Action& action, dice::DiceSource& dice, EventLog* log);
// Gives `state` fresh dice from `seed` (a determinization for searches): from here on its rolls
// share nothing with the game it was copied from. Scripted dice, if any, are detached.
void reseed(GameState& state, std::uint64_t seed);

// A digest of every field `==` compares (but the setup and scripted-dice pointers): equal states
// have equal digests, and a change to any field changes it (game/fields.hpp).
std::uint64_t digest(const GameState& state);

// The engine's own consistency checks (OpenSpiel's SPIEL_CHECK, Stockfish's pos_is_ok): every
// broken invariant in words; empty when the state is sound.
std::vector<std::string> invariant_violations(const GameState& state);
// Throws std::logic_error listing the broken invariants. The dev preset (ARAP_CHECK_INVARIANTS)
// runs it after every applied action.
void check_invariants(const GameState& state);

}  // namespace arap::game
