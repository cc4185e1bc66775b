// Every decision a player makes, as one plain struct with a JSON form (docs/game.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "data/yaml_reader.hpp"
#include "table/movement.hpp"

namespace arap::game {

enum class ActionKind : std::uint8_t {
  activate,   // unit, dice (ACT-06)
  free_move,  // unit, dx, dy (MOVE-14)
  end_phase,  // ACT-04: end the activation phase voluntarily
  pick_up,    // picks: (unit, dice) for up to three units (ACT-08)
  decline_pick_up,
  move,            // unit, mode, dx, dy, facing (MOVE-01..13), 1 AP
  go_prone,        // MOVE-09, free
  stand_up,        // MOVE-09, 1 AP, sole action
  aim,             // SHOOT-08, 1 AP
  shoot,           // unit, target, heavy (SHOOT-05..07)
  throw_grenade,   // unit, target (SHOOT-49/50), 1 AP
  end_activation,  // give up the remaining AP
  charge,          // unit, target, fire (CHARGE-01/12), 1 AP
  hold,            // the charged unit receives the charge (CHARGE-14: also after a failed roll)
  stand_and_fire,  // the charged unit's reaction (CHARGE-13..15)
  run,             // the charged unit runs from the charge (CHARGE-08)
  fight,           // a locked unit fights this round (MELEE-29)
  break_off,       // a locked unit tries to break off (MELEE-10)
  hit_and_run,     // a locked unit with Hit and Run tries to leave (MELEE-12)
  intercept,       // a unit the Chargers pass engages them instead (CHARGE-09)
  let_pass,        // it lets them pass (CHARGE-09)
  hide,            // ADV-04: the acting unit claims to be hiding, free
  use,  // ACT-16: unit, target (a door or console, numbered as the table lists them), 1 AP
  // ADV-68/70: unit, dx, dy, facing: the free move of a unit that slew all its foes, up to its
  // rolled inches (0, 0: it stays where it is)
  consolidate,
  // ADV-01 (optional): unit goes to ground: a free action of its own turn (instead of activating,
  // or ending its activation), or the answer of a unit fire is declared at
  go_to_ground,
  stay_up,  // ADV-01: the unit fire is declared at does not go to ground
  regroup,  // ADV-03 (optional, with ADV-02): unit, 1 AP: sheds D6 suppression points
  // ADV-26: unit, x, y (kept in dx, dy): where the phasing player aims the marker of a unit that
  // has arrived by deep strike; before any unit of its side activates
  deep_strike,
  reload,  // ADV-30: unit, 1 AP: every spent Reload weapon of the unit is ready again
  face,    // ADV-71: unit, facing: a unit that rallied this turn turns for free, once
  // ADV-53: unit, target (a model's number within the unit, as the state view lists them): in the
  // unit's mêlée choice, that bodyguard trades places with its engaged Principal, once a round
  bodyguard,
  // ADV-35: unit, x, y (kept in dx, dy): one model throws a smoke grenade at that point
  // (SHOOT-49/50: 1 AP, a throwing place, BS - 1; a miss scatters) and a cloud is laid where it
  // lands
  throw_smoke,
  // ADV-50: unit: every model of it with an unfired smoke discharger lays a cloud around itself;
  // free, and not shooting (the unit may still fire)
  discharge_smoke,
  // ADV-15: unit, x, y (kept in dx, dy): the unit's portable ladder is set against the face whose
  // edge passes through that point, 1 AP
  place_ladder,
  pick_up_ladder,    // ADV-15: unit, target (a portable ladder's number): takes it up, 1 AP
  cast_down_ladder,  // ADV-15: unit, target: pushes over an enemy's standing ladder, 1 AP
  // ADV-14: unit, x, y (kept in dx, dy): a model throws its grapple at the top of the face whose
  // edge passes through that point (a BS throw, 1 AP); a hook that holds leaves a rope to climb
  throw_grapple,
  // MELEE-25: unit, pursue: in its side's activation phase, a pursuing unit's standing order for
  // the compulsory phases to come: press on without trying to halt (true) or try to halt each
  // time (false); free
  pursuit_order,
  // GEN-09 / ADV-19 (option coherency): unit: in its side's activation phase, a unit out of
  // coherency splits into its parts, each a unit of its own (the parts' numbers in the event);
  // free
  split,
  // ADV-19 / ADV-20: unit, target: in its side's activation phase, an Independent Character's
  // unit joins the friendly squad `target` within 3" of it, or a mob merges into the mob `target`
  // within 3"; free
  join,
  // ADV-19: unit, target: in its side's activation phase, the character whose own unit is
  // `target` leaves the unit it joined (`unit`) and stands as its own unit again; free
  leave,
};

enum class MountAim : std::uint8_t { either, rider, mount };

struct Action {
  ActionKind kind = ActionKind::end_phase;
  int unit = -1;
  int dice = 0;
  int target = -1;
  bool heavy = false;    // shoot: fire the 2-AP weapons (Heavy, Slow, Ordnance) in this action
  bool fire = false;     // charge: Fire and Charge (CHARGE-12)
  bool krak = false;     // fight: a quarter of the unit makes krak attacks (MELEE-26)
  bool buckler = false;  // fight: its bucklers strike this round instead of guarding (ADV-60)
  // fight: should its foes rout, it pursues without the test to stay (MELEE-24) and presses the
  // pursuit without halt tests (MELEE-25); pursuit_order: press on (true) or try to halt (false)
  bool pursue = false;
  table::MoveMode mode = table::MoveMode::normal;
  double dx = 0.0;
  double dy = 0.0;
  std::optional<double> facing;
  // shoot / throw_grenade: SHOOT-48 the range declared for guess-range weapons (barrage weapons
  // and hand grenades), in inches from the firer toward the aim point; none = the aim point itself.
  std::optional<double> guess;
  std::array<std::pair<int, int>, 3> picks{};
  int pick_count = 0;
  // shoot (ADV-22, option separate_mounts): whom its shots at short range pick out of a rider and
  // its mount, each a target of its own; beyond short range, and with `either`, a die decides.
  MountAim mount_aim = MountAim::either;

  friend bool operator==(const Action&, const Action&) = default;
};

inline Action make_action(ActionKind kind, int unit = -1) {
  Action action;
  action.kind = kind;
  action.unit = unit;
  return action;
}

nlohmann::json to_json(const Action& action);
// A move mode by its JSON name ("normal", "tactical", ...); none when there is no such mode.
std::optional<table::MoveMode> move_mode_from_name(std::string_view name);
// Strict readers (issue 14): unknown keys (with a "did you mean"), wrong types, fractional or
// out-of-range numbers are refused with a data::DataError naming the source, line and field.
Action action_from_field(const data::Field& field);
Action action_from_json(const nlohmann::json& json);
// One action written as JSON, read from `source` at 1-based `line` (for the error's position).
Action action_from_text(const std::string& text, const std::string& source, int line = 1);
std::string describe(const Action& action);

}  // namespace arap::game
