// Internal to the game layer: the state being changed, the log, and dice that remember their
// faces so every roll can be logged with its goal and rule.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "data/weapon.hpp"
#include "dice/dice_source.hpp"
#include "game/engine.hpp"
#include "rules/leadership.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

// Records the faces rolled between start() and stop() for the log; without a log it records
// nothing (the faces serve only the log). Faces go to the current channel: the main one (what
// stop() returns, the event's `dice`) unless a DiceChannel sends wound, save or Damage dice
// elsewhere (issue 13: a mêlée event's `dice` are its to-hit rolls only).
enum class Channel : std::uint8_t { main, wound, save, damage };
class RecordingDice final : public dice::DiceSource {
 public:
  RecordingDice(dice::DiceSource& inner, bool enabled) : inner_(inner), enabled_(enabled) {}
  int roll(int sides) override {
    const int face = inner_.roll(sides);
    if (recording_) faces_[static_cast<std::size_t>(channel_)].push_back(face);
    return face;
  }
  void start() {
    for (auto& faces : faces_) faces.clear();
    channel_ = Channel::main;
    recording_ = enabled_;
  }
  const std::vector<int>& stop() {
    recording_ = false;
    return faces_[0];
  }
  // The faces of a side channel since start() (read after stop()).
  const std::vector<int>& side(Channel channel) const {
    return faces_[static_cast<std::size_t>(channel)];
  }
  Channel channel() const { return channel_; }
  void set_channel(Channel channel) { channel_ = channel; }
  // A die rolled in the middle of another event's dice that its own event logs (ADV-22: whom of a
  // rider and its mount a hit strikes), kept out of the faces being recorded.
  int roll_apart(int sides) { return inner_.roll(sides); }

 private:
  dice::DiceSource& inner_;
  std::array<std::vector<int>, 4> faces_;
  Channel channel_ = Channel::main;
  bool enabled_;
  bool recording_ = false;
};

// Sends the faces rolled while it lives to `channel` (see RecordingDice).
class DiceChannel {
 public:
  DiceChannel(RecordingDice& dice, Channel channel) : dice_(dice), previous_(dice.channel()) {
    dice_.set_channel(channel);
  }
  ~DiceChannel() { dice_.set_channel(previous_); }
  DiceChannel(const DiceChannel&) = delete;
  DiceChannel& operator=(const DiceChannel&) = delete;

 private:
  RecordingDice& dice_;
  Channel previous_;
};

struct Context {
  GameState& state;
  const GameSetup& setup;
  EventLog* log;
  RecordingDice dice;

  Context(GameState& s, EventLog* l)
      : state(s),
        setup(*s.setup),
        log(l),
        dice(s.scripted_dice != nullptr ? *s.scripted_dice : static_cast<dice::DiceSource&>(s.dice),
             l != nullptr) {}
  // Safe chance: the caller's dice instead of the state's.
  Context(GameState& s, EventLog* l, dice::DiceSource& caller_dice)
      : state(s), setup(*s.setup), log(l), dice(caller_dice, l != nullptr) {}

  bool logging() const { return log != nullptr; }
  void event(Event e) {
    if (log != nullptr) log->push_back(std::move(e));
  }
  // Logs the dice rolled since start(): rule, goal, faces and what came of them.
  // The extra fields are a plain list so that nothing is built when there is no log.
  using EventFields = std::initializer_list<std::pair<const char*, Event>>;
  void roll_event(const char* rule, std::string_view what, int goal, int unit,
                  EventFields extra = {});
};

// ACT-09: the action points left to the unit acting now (active or reaction; 0 otherwise).
int acting_points(const GameState& state);

// Turn machine (turn.cpp).
void finish_activation(Context& c);
void end_player_turn(Context& c);
void check_game_end(Context& c);

// Morale from fire (fire_morale.cpp).
void pre_activation_tests(Context& c, int unit);
void pinning_test(Context& c, int unit, bool multiple_battery);
// SHOOT-29: the unit is pinned (an acting unit loses two unspent AP at once, ruling (3)).
void pin(Context& c, int unit, const char* rule);
void start_rout(Context& c, int unit, const char* rule);
// ADV-27 (machines.cpp): MOVE-05's flee rate for the unit's flights, runs, pursuits and
// break-offs, at the machine rates when the option is on.
int roll_flee_rate(Context& c, int unit);
// ADV-27: true (and an event naming `rule`, the rout it escapes) when the unit is a machine that
// never routs under the option machine_rates.
bool machine_stands(Context& c, int unit, const char* rule);
// ADV-41 (fire_plan.cpp): every model of `unit` starts a flee, rout or pursuit move where it
// stands (a no-op while the option crossfire is off); clear_crossfire forgets such a move (new
// pursuers have not moved as pursuers yet).
void mark_crossfire_start(GameState& s, int unit);
void clear_crossfire(GameState& s, int unit);
// MORALE-08: losses of 25% or more to dangerous ground in the unit's own turn.
void hazard_morale_check(Context& c, int unit);
void remove_casualty(Context& c, int model);
using ::arap::game::unit_centre;  // engine.hpp
// Issue 13: a move the dice make (a run, flinch, rout, pursuit, break-off, charge) is logged with
// where the unit stood and where it ends, so a replay can be drawn from the log alone. Take
// `moving_from` before the move and pass it to `log_unit_moved` after: {"type": "unit_moved",
// unit, why, rule, from, to (null when no model is left on the table), facing}.
table::Point moving_from(const Context& c, int unit);
void log_unit_moved(Context& c, int unit, const table::Point& from, const char* why,
                    const char* rule);
int nearest_enemy_unit(const GameState& state, int unit, double* range = nullptr);
// Whether a living enemy model stands within `inches` of a living model of `unit`; with
// `seen_only`, enemies of hidden units (ADV-04) do not count.
bool enemy_within(const GameState& state, int unit, double inches, bool seen_only = false);

// Unit actions (unit_actions.cpp) and fire (fire.cpp): legality and effect.
// A unit move checked model by model: the legality check hands it to the move so it is measured
// once.
struct UnitMove {
  std::string reason;  // empty when every model may move
  std::vector<std::pair<int, table::MoveReport>> reports;
  int action_cost = 1;  // ACT-10: the dearest ground any model's path touches
};
// ADV-06 (optional, option fleet): empty, or why `unit` may not make its Fleet move now.
std::string fleet_problem(const GameState& state, int unit);
// Without `explain` a refusal's wording is cut short (only whether it is legal is wanted).
std::string move_illegal(const GameState& state, const Action& action, bool free_move,
                         UnitMove* checked = nullptr, bool explain = true);
void apply_move(Context& c, const Action& action, bool free_move, UnitMove* checked = nullptr);
// GEN-09 / ADV-19 (coherency.cpp; unit_coherent is engine.hpp's). Each model's displacement
// (indexed by model over the whole game; zero for those that stay) when the unit closes ranks with
// `allowance` inches each; empty, or why it may not close ranks now; empty, or why (with option
// coherency) a move other than closing ranks is refused: the unit is out of coherency and closing
// ranks could bring a model nearer.
using ::arap::game::unit_coherent;  // engine.hpp
std::vector<table::Point> close_ranks_shifts(const GameState& state, int unit, double allowance);
std::string close_ranks_problem(const GameState& state, int unit, double allowance);
std::string coherency_move_problem(const GameState& state, int unit, double allowance);
// ADV-74 (reform.cpp): the part of `unit`'s split squad that `unit` must move toward to reform,
// or -1 (not split, a part in close combat, a mob, ruling.ADV-74 guidance, nothing to go to);
// empty, or why a move is refused for not bringing the part nearer.
int reform_target(const GameState& state, int unit);
std::string reform_move_problem(const GameState& state, const Action& action, bool explain);
// The first living model of `unit` whose profile has the special rule `rule`, or -1.
int living_model_with_rule(const GameState& state, int unit, std::string_view rule);
// MOVE-17 with ADV-11 (swimming.cpp). Whether the unit swims the D3 only (a swimmer in light
// primitive armour); empty, or why the swimmers' gear keeps them out of the water; before the swim
// die, shields let go of and heavy primitive armour shed (an Initiative test) or sunk with, saying
// whether the D3 only is left; after a 1 on it, D6 swimmers lost (a character rolls again).
bool swims_d3_only(const GameState& state, int unit);
std::string swimming_gear_problem(const GameState& state, const UnitMove& move);
// `wet`: the swim measured at its best roll, once for both.
bool ready_to_swim(Context& c, const Action& action, const UnitMove& wet);
void lose_swimmers(Context& c, const Action& action, const UnitMove& wet);
// ADV-24 (hell_for_leather.cpp): empty, or why `unit` may not ride Hell for Leather; after such
// a move (`from`: where every model began, model_positions), a D6 for each model and difficult
// feature its path entered, a 1 losing it.
std::string hell_for_leather_problem(const GameState& state, int unit);
void hell_for_leather_tests(Context& c, int unit, const std::vector<table::Point>& from);
// MOVE-11: hazard tests for model `m` of `unit` that crossed the `dangerous` features.
// ADV-10: `moved` is how far the model went in the action (more than 6" rolls two dice).
void hazard_tests(Context& c, int unit, int m,
                  const std::vector<const table::TerrainFeature*>& dangerous, double moved = 0.0);
// MOVE-11: what a hazard that caught model `m` does: one wound, saved by its armour as usual.
void hazard_wound(Context& c, int unit, int m);
// `explain` false (a legality test) answers a shot no model can fire with its rule alone, without
// looking for the player's reason.
std::string shoot_illegal(const GameState& state, const Action& action, bool explain = true);
// Resolves the shot and returns the AP it costs (its dearest firing, SHOOT-05..07, ADV-30).
int apply_shoot(Context& c, const Action& action);
std::string throw_illegal(const GameState& state, const Action& action);
void apply_throw(Context& c, const Action& action);
// ADV-35/50 (smoke.cpp): clouds laid in play. The table with the state's clouds, built again
// whenever they or the doors change; a throw_smoke and a discharge_smoke; the clouds of `side`
// that go as its player turn starts or ends (ruling.ADV-50.lasts); where a listing aims smoke.
int player_turn_ordinal(const GameState& state);
void refresh_laid_table(GameState& state);
bool has_smoke_grenades(const GameState& state, int unit);
std::string smoke_throw_illegal(const GameState& state, const Action& action);
int smoke_throw_goal(const GameState& state, int unit, int model, const data::WeaponProfile& weapon,
                     double range);
void apply_smoke_throw(Context& c, const Action& action);
std::string discharge_illegal(const GameState& state, const Action& action);
void apply_discharge(Context& c, const Action& action);
void disperse_clouds(Context& c, int side, bool starting);
std::vector<table::Point> smoke_aim_points(const GameState& state, int unit);
// The least a shooting action of this kind costs (SHOOT-05/09); a dearer weapon raises it.
int shooting_cost(const GameState& state, int unit, bool heavy);
// CHARGE-12/14/15: Stand and Fire (`successes` from the roll) or Fire and Charge shots of `unit`
// at `target`, at BS1; returns the unsaved wounds (they count toward the first round's WD).
// `fired_from`, when given, is the table before the other side's charge-time fire: the two fire
// at once (ADV-64 ties), so a model of `unit` slain by that fire still shoots.
int reaction_fire(Context& c, int unit, int target, int successes, bool fire_and_charge,
                  bool long_charge, double start_distance,
                  const std::vector<table::TableModel>* fired_from = nullptr);

// SHOOT-47 (scenario option `look_out_sir`, look_out_sir.cpp): the model that takes a template or
// marker hit that fell on `model`. A character passes it on a D6 of 5 or less to the nearest
// living rank-and-file member of its unit; alone, or without the option, it keeps it.
int look_out_sir(Context& c, int model);

// Hiding (hiding.cpp): ADV-04, SHOOT-19, SHOOT-61.
// Whether the model stands where it may hide: in woods, a building, a ruin or a ditch, or within
// 1.5" of a wall, hedge, fence or building.
bool in_hiding_place(const GameState& state, int model);
// Whether an enemy model is within its spotting distance of a living model of `unit`.
bool unit_spotted(const GameState& state, int unit);
// ACT-16 (devices.cpp): using a door or console.
std::string use_illegal(const GameState& state, const Action& a, bool explain);
void apply_use(Context& c, const Action& a);
std::string hide_illegal(const GameState& state, int unit, bool explain);
void apply_hide(Context& c, int unit);
void reveal(Context& c, int unit, const char* why);
// ADV-12: whether `unit` (its every model needing no air, option underwater) has every living
// model in deep water: hidden and not to be spotted.
bool submerged(const GameState& state, int unit);
// After a move of a hidden unit: a dash, climb or swim, or an end in the open, reveals it; a
// move that leaves a unit submerged (ADV-12) hides it.
void after_hidden_move(Context& c, int unit, table::MoveMode mode);
// Hidden units an enemy has come within spotting distance of are revealed (after every action).
void spot_hidden_units(Context& c);
// A hidden unit fired something that gives it away: revealed when the player turn ends.
void note_fired_while_hidden(Context& c, int unit);
void reveal_fired_units(Context& c);

// Weather (weather.cpp): ADV-21 (optional, option weather).
// Every model's sight_limit from the rain level and its infra-vision.
void set_rain_sight(GameState& state);
// The GM's start-of-game-turn roll: the rain may worsen or ease a level.
void roll_weather(Context& c);
// The part of its distance any move or Charge covers now (1 without the option).
double rain_rate(const GameState& state);
// Why the rain forbids a move in `mode` now (level 4: any; level 3 on: a swim); empty if not.
std::string rain_move_problem(const GameState& state, table::MoveMode mode);
// How far `weapon` reaches now: its range, or only its short range in the heaviest rain.
double weapon_reach(const GameState& state, const data::WeaponProfile& weapon);

// Going to Ground (going_to_ground.cpp): ADV-01 (optional, option going_to_ground).
// Whether declared fire (a shoot or throw_grenade) waits for its target to answer first.
bool fire_response_due(const GameState& state, const Action& action);
// Why `action` (go_to_ground or stay_up, its unit checked) is refused now; empty when legal.
std::string ground_illegal(const GameState& state, const Action& action);
void go_to_ground(Context& c, int unit);
// The fire waits in pending_fire (phase fire_response) for its target's answer.
void declare_fire(Context& c, const Action& action);
// The target's answer: it goes to ground or not, the phase returns to the firer's, and the
// declared fire is handed back to be resolved.
Action answer_fire(Context& c, const Action& answer);

// Suppression points (suppression_points.cpp): ADV-02/03 (optional, option suppression_points).
// The Ld modifier a unit's S-points put on a test of kind `test` (0 without the option).
int s_point_ld_modifier(const GameState& state, int unit, rules::LdTest test);
// `hits` from enemy unit `firer`'s `weapon` landed on `unit`: the S-point test or points due.
void tally_suppression(Context& c, int firer, int unit, int hits,
                       const data::WeaponProfile& weapon);
// The unit loses every S-point (pinned, a heavy-casualty test, locked in mêlée).
void clear_s_points(Context& c, int unit, const char* why);
std::string regroup_illegal(const GameState& state, int unit);
// Reload weapons and free turns (reload.cpp). ADV-30: whether model `m`'s `weapon` may fire
// (a Reload weapon that fired stays silent until the unit reloads); spend_load marks it fired.
bool weapon_loaded(const GameState& state, int m, const data::WeaponProfile& weapon);
void spend_load(GameState& state, int m, const data::WeaponProfile& weapon);
std::string reload_illegal(const GameState& state, int unit, bool explain = true);
void apply_reload(Context& c, int unit);
// ADV-71: the free turn of a unit that rallied this turn, before it tries to activate.
std::string face_illegal(const GameState& state, const Action& a);
void apply_face(Context& c, const Action& a);

// GEN-09 / ADV-19 sub-units (sub_units.cpp): a unit out of coherency splits into its parts; parts
// of a squad that come back within 3" merge once at rest (after every action).
std::string split_illegal(const GameState& state, const Action& a);
void apply_split(Context& c, const Action& a);
void merge_parts(Context& c);
// ADV-19 / ADV-20 (sub_units.cpp): an Independent Character joins a squad within 3", and leaves it
// again; a mob merges with another mob within 3".
std::string join_illegal(const GameState& state, const Action& a);
void apply_join(Context& c, const Action& a);
std::string leave_illegal(const GameState& state, const Action& a);
void apply_leave(Context& c, const Action& a);
// ADV-53 (bodyguards.cpp): a bodyguard trades places with its engaged Principal.
std::string bodyguard_illegal(const GameState& state, const Action& a);
void apply_bodyguard(Context& c, const Action& a);
void apply_regroup(Context& c, int unit);
// The end of a game turn: every unit loses one S-point.
void s_points_wear_off(Context& c);
// fire_morale.cpp: the S-point Ld test; true when it failed.
bool s_point_test_failed(Context& c, int unit);

// ADV-15 (ladders.cpp): portable ladders. The standing ones go into the laid table after the
// clouds; carried_ladder is the unit's ladder (-1: none); the bearers are a bit set over the
// unit's members (bit i: the i-th members() visits), `bulk` their bulk; move_rate is the rain's
// rate (ADV-21) times the ladder's (every move the unit makes); ladder_face is the face of a raised
// surface whose edge passes within 0.1" of `p`.
struct LadderFace {
  table::Point at;  // on the edge
  table::Point up;  // the unit vector across the edge toward the higher level
  double foot_level = 0.0;
  double rise = 0.0;
  int feature = -1;  // the raised feature whose edge it is (ADV-14: where a hook catches)
};
void add_standing_ladders(const GameState& state, table::Table& out);
int carried_ladder(const GameState& state, int unit);
std::uint64_t ladder_bearers(const GameState& state, int unit, int* bulk);
double ladder_rate(const GameState& state, int unit);
double move_rate(const GameState& state, int unit);
bool bears_ladder(const GameState& state, int model);
void drop_ladder(Context& c, int unit, const table::Point& at, const char* why);
void drop_ladder_in_melee(Context& c, int unit);
std::optional<LadderFace> ladder_face(const table::Table& table, const table::Point& p);
std::string place_ladder_illegal(const GameState& state, const Action& action);
void apply_place_ladder(Context& c, const Action& action);
std::string pick_up_ladder_illegal(const GameState& state, const Action& action);
void apply_pick_up_ladder(Context& c, const Action& action);
std::string cast_down_illegal(const GameState& state, const Action& action);
void apply_cast_down(Context& c, const Action& action);
// For the legal-action list: points of faces within reach of a unit carrying a ladder; the ladders
// (lying or standing) within reach of one of its models.
std::vector<table::Point> ladder_places(const GameState& state, int unit);
std::vector<int> ladders_in_reach(const GameState& state, int unit);
// ADV-14: the thrown grapple (a BS throw at a face's top; the hook that holds is a rope that one
// model a turn climbs at the normal rate); the faces a listing aims at.
std::string grapple_illegal(const GameState& state, const Action& action);
void apply_grapple(Context& c, const Action& action);
int grapple_goal(const GameState& state, const Action& action);
std::vector<table::Point> grapple_places(const GameState& state, int unit);

// Levels (levels.cpp): MOVE-23/25/27/28.
// MOVE-25: the Initiative tests for jumping down `drop` inches (one per full 2"), rolled until the
// first failure; `tests` gets how many were due. True when all passed.
bool jump_tests_passed(Context& c, int initiative, double drop, int& tests);
// MOVE-27: model `model` falls `height` inches: D3 hits at that Strength (ruling.MOVE-27), prone
// after more than 3". ADV-16 (option fall_saves): only armour that allows_fall_save (and
// invulnerable saves) saves; the model `beneath` it lands on takes the same hits; the unit may
// not hide this player turn.
void fall(Context& c, int model, double height, int beneath = -1);
// Moves `model` back along its path from `start` toward `end` to just past the edge it dropped
// over `drop_at` inches along (where a faller lands). A base in the way there: core rules, the
// model stays put; ADV-16 (option fall_saves), it lands beside it. Returns the model whose base
// was in the way (-1 for none).
int land_at_foot(Context& c, int model, const table::Point& start, const table::Point& end,
                 double drop_at);
// After a move, each model takes the tests its path met, in path order, until one fails: MOVE-25
// jumps down (a fall at the foot), MOVE-16 gaps (a fall into the gap), MOVE-22 jump-pack leaps (a
// fall from the face), MOVE-18 climbs out of water (the model stays in it). `from` holds every
// model's starting position (model_positions); the models stand where the move took them.
void level_tests(Context& c, int unit, const UnitMove& move, const std::vector<table::Point>& from);
// Where every model of the game stands, indexed by model: the starting points a move's tests read
// (a unit's members may come from more than one squad's range: GEN-09 parts, ADV-19/20 guests).
std::vector<table::Point> model_positions(const GameState& state);
// MOVE-23/24: after a failed climbing or rappelling test, if the move went down a drop, D6 of the
// climbers fall.
void climb_down_failed(Context& c, int unit, const UnitMove& move, const table::Point& shift);
// MOVE-28: empty, or why the move would put more than four models on a ladder this turn.
std::string ladder_problem(const GameState& s, const UnitMove& move);
void note_ladders(GameState& s, const UnitMove& move);

// Charges (charge.cpp).
std::string charge_illegal(const GameState& state, const Action& action, bool explain = true);
void apply_charge(Context& c, const Action& action);
std::string response_illegal(const GameState& state, const Action& action);
void apply_response(Context& c, const Action& action);
std::string interception_illegal(const GameState& state, const Action& action);
void apply_interception(Context& c, const Action& action);

// Close combat (melee.cpp).
// The nearest model to `from` among `candidates` (a unit's members, say) that pass `eligible`, or
// -1; ties go to the first visited.
template <typename Candidates, typename Eligible>
inline int nearest_model(std::span<const table::TableModel> poses, int from,
                         const Candidates& candidates, double& best, Eligible eligible) {
  int nearest = -1;
  best = 1e18;
  for (const int n : candidates) {
    if (!eligible(n)) continue;
    const double d = table::distance(poses[from].position, poses[n].position);
    if (d < best) {
      best = d;
      nearest = n;
    }
  }
  return nearest;
}
// The same over models first..last-1.
template <typename Eligible>
inline int nearest_model(std::span<const table::TableModel> poses, int from, int first, int last,
                         double& best, Eligible eligible) {
  int nearest = -1;
  best = 1e18;
  for (int n = first; n < last; ++n) {
    if (!eligible(n)) continue;
    const double d = table::distance(poses[from].position, poses[n].position);
    if (d < best) {
      best = d;
      nearest = n;
    }
  }
  return nearest;
}

bool engaged_pair(const table::TableModel& a, const table::TableModel& b);
bool units_engaged(const GameState& state, int a, int b);
// Whether model `model` standing at `at` would overlap another living model's base.
bool overlaps_a_base(const GameState& state, int model, const table::Point& at);
// The first living model (other than `model`) whose base `model` standing at `at` would overlap,
// or -1.
int base_under(const GameState& state, int model, const table::Point& at);
// The nearest spot to `at` (on the table, in rings half an inch apart out to 12") where `model`
// overlaps no base; `at` itself when none is found.
table::Point nearest_clear_spot(const GameState& state, int model, const table::Point& at);
// Checks the displacement (dx, dy) scaled by `fraction` for every living model of the action's
// unit in the action's mode with `allowance` inches, stopping at the first model that may not
// move (its reason is the answer).
UnitMove check_unit_move(const GameState& state, const Action& action, double allowance,
                         double fraction, bool explain = true);
// MOVE-15: the refusal for a unit one of whose living models fell over this player turn (it may
// not move, charge or stand up until the turn ends), or empty.
std::string fell_over_problem(const GameState& state, int unit);
void lock_units(Context& c, int a, int b);
// Every living model of `unit` moves up to `inches` straight away from `threat` (flinches, runs).
// Every living model of `unit` moves `inches` straight away from `threat`; turning_included: the
// distance already allows for turning (CHARGE-08 runs; MELEE-18 flinches by ruling).
void move_away(Context& c, int unit, const table::Point& threat, double inches,
               bool turning_included = false);
// Every living model of `unit` moves up to `inches` straight at the nearest living model of `foe`
// (pursuits, interceptors closing in); with `hold_if_engaged`, models already engaged stay.
void advance_on(Context& c, int unit, int foe, double inches, bool hold_if_engaged);
void unlock_unit(Context& c, int unit);
void clean_locks(Context& c);
// MELEE-22: free hacks at goal 4 by `attacker`'s models within reach of `target` (one each, or
// their A). Returns the unsaved wounds.
int free_hacks(Context& c, int attacker, int target, bool one_each, const char* rule);
// MELEE-29: the activation phase is over; locked units choose, then every combat fights a round.
void end_activation_phase(Context& c);
// ACT-09: after the rounds, a unit that charged in with AP left and saw every opponent fall
// spends them (one at a time); the others' are lost. Ends the player turn when none is left.
void spend_held_points(Context& c);
std::string melee_choice_illegal(const GameState& state, const Action& action);
void apply_melee_choice(Context& c, const Action& action);
// Pursuit (pursuit.cpp).
// MELEE-23/25: the pursuers of `router` test to halt and move after it (or off the table).
void pursue(Context& c, int router);
// MELEE-23: the unit no longer pursues (and its MELEE-25 order lapses with the pursuit).
void end_pursuit(UnitState& unit);
// MELEE-25: a pursuing unit's standing order, given in its side's activation phase: press on
// without halt tests, or try to halt in each compulsory phase.
std::string pursuit_order_illegal(const GameState& state, const Action& a);
void apply_pursuit_order(Context& c, const Action& a);
// MELEE-23: pursuers that left the table with their routers come back on 4+ in their side's
// compulsory phase.
void return_pursuers(Context& c);
// Consolidation (consolidation.cpp).
// ADV-68/70: `unit` slew all its foes: it rolls D6 for the inches of a free move to make.
void offer_consolidation(Context& c, int unit, const char* rule);
// Opens the consolidation phase when a unit has one to make (true), noting whether the mêlée
// rounds (then the held AP follow) or the compulsory phase (then the activation phase) led here.
bool begin_consolidation(Context& c, bool after_melee);
// `checked`, when given, receives the move check of a legal consolidation that moves, for
// apply_consolidation to carry out without checking it again.
std::string consolidation_illegal(const GameState& state, const Action& action, bool explain,
                                  UnitMove* checked = nullptr);
void apply_consolidation(Context& c, const Action& action, const UnitMove& checked);
// ACT-02 step 6: at the end of its side's compulsory phase each unit in reserve whose turn has
// come rolls to arrive at its entry point (pursuit.cpp, sharing the clear-spot search).
void arrive_reserves(Context& c);

// ADV-26 deep strike (deep_strike.cpp).
// The unit of the phasing side waiting for its deep strike marker to be aimed (-1: none); while
// there is one, its side's activation phase offers nothing else.
int pending_drop(const GameState& state);
std::string deep_strike_illegal(const GameState& state, const Action& action);
void apply_deep_strike(Context& c, const Action& action);
// The aim points legal_actions offers: a grid over the table where the marker now lies clear.
std::vector<table::Point> drop_points(const GameState& state);

}  // namespace arap::game::detail
