// MOVE-01..14: a move action played out: the allowance it has (MOVE-12 variable ground rolls it),
// the checked unit move, hazards (MOVE-11 with ADV-10, hazards.cpp) and SHOOT-18's fleeting
// targets (unit_actions.cpp checks the move and plans reach).
#include <algorithm>
#include <cmath>
#include <optional>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"
#include "game/unit_moves_internal.hpp"
#include "rules/swimming.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

void note_fleeting(GameState& s, int unit, const std::vector<table::Point>& from);

namespace {

// MOVE-12 (the scenario marks ground `variable`): the dice a move action rolls for its allowance
// when some model's path enters, crosses or leaves such ground, or none. Tactical moves roll
// their own D6 (MOVE-13); climbs and swims have rules of their own.
std::optional<table::VariableMode> variable_ground_mode(const GameState& s, const Action& a,
                                                        const UnitMove* checked) {
  if (a.mode != table::MoveMode::normal && a.mode != table::MoveMode::backwards &&
      a.mode != table::MoveMode::sidestep && a.mode != table::MoveMode::crawl &&
      a.mode != table::MoveMode::close_ranks)
    return std::nullopt;
  const auto& features = s.table().features();
  if (std::none_of(features.begin(), features.end(),
                   [](const table::TerrainFeature& f) { return f.variable; }))
    return std::nullopt;
  // The legality check's reports when the caller has them; otherwise the move is measured here.
  const bool have = checked != nullptr && !checked->reports.empty();
  const UnitMove probe = have ? UnitMove{} : check_unit_move(s, a, s.unit_move(a.unit), 1.0);
  const UnitMove& move = have ? *checked : probe;
  bool touched = false;
  bool very_difficult = false;
  for (const auto& [m, report] : move.reports) {
    for (const auto* feature : report.variable) {
      touched = true;
      very_difficult = very_difficult || feature->movement == table::MovementClass::very_difficult;
    }
  }
  if (!touched) return std::nullopt;
  // MOVE-12 (2.3): very difficult variable ground rolls one die; so does a crawl.
  if (a.mode == table::MoveMode::crawl) return table::VariableMode::crawl;
  return very_difficult ? table::VariableMode::very_difficult : table::VariableMode::normal;
}

}  // namespace

void apply_move(Context& c, const Action& a, bool free_move, UnitMove* checked) {
  GameState& s = c.state;
  double allowance =
      a.mode == table::MoveMode::warp_jump ? table::kWarpJump : s.unit_move(a.unit);  // ADV-25
  double fraction = 1.0;
  if (a.mode == table::MoveMode::swim) {
    // ADV-11: shields go, heavy primitive armour is shed or sinks its wearer, light armour leaves
    // only the D3.
    // Who is in the water, measured once at the best roll (sunk models are skipped as dead).
    const UnitMove wet = check_unit_move(s, a, 4.0, 1.0, false);
    const bool d3_only = ready_to_swim(c, a, wet);
    if (!s.unit_alive(a.unit)) return;
    // MOVE-17: one die for the unit.
    c.dice.start();
    const rules::SwimRoll swim = rules::read_swim(c.dice.roll(6), d3_only);
    c.roll_event(
        "MOVE-17", "swim", 0, a.unit,
        {{"inches", swim.inches}, {"out_of_action", swim.out_of_action}, {"d3_only", d3_only}});
    if (swim.out_of_action) {
      lose_swimmers(c, a, wet);
      return;
    }
    allowance = swim.inches;
  }
  if (a.mode == table::MoveMode::tactical) {
    c.dice.start();
    allowance = c.dice.roll(6);  // MOVE-13: D6" whatever the unit's move
    c.roll_event("MOVE-13", "tactical move", 0, a.unit, {{"inches", allowance}});
  }
  if (a.mode == table::MoveMode::fleet) {
    c.dice.start();
    allowance = c.dice.roll(6);  // ADV-06: D6" more, the ground weighed as for any move
    c.roll_event("ADV-06", "fleet move", 0, a.unit, {{"inches", allowance}});
    s.units[a.unit].player_turn.fleet_moved = true;
  }
  // ADV-21: in the rain every move covers only part of what it would (the rolls as usual first);
  // ADV-15: so does a move carrying a ladder.
  const double rain = move_rate(s, a.unit);
  // MOVE-12: a move entering, crossing or leaving variable ground has its allowance rolled.
  bool rolled_variable = false;
  if (const auto variable = variable_ground_mode(s, a, checked)) {
    bool all_cover = true;  // ADV-08: one die more when every model moves through cover
    for (int m : s.members(a.unit))
      if (s.models[m].pose.alive) all_cover = all_cover && s.models[m].pose.move_through_cover;
    c.dice.start();
    allowance =
        table::roll_variable_allowance(c.dice, s.unit_whole_move(a.unit), *variable, all_cover);
    c.roll_event("MOVE-12", "variable ground", 0, a.unit, {{"inches", allowance}});
    rolled_variable = true;
  }
  allowance *= rain;
  if (a.mode == table::MoveMode::tactical || a.mode == table::MoveMode::swim ||
      a.mode == table::MoveMode::fleet || rolled_variable) {
    if (!check_unit_move(s, a, allowance, 1.0, false).reason.empty()) {
      double lo = 0.0;
      double hi = 1.0;
      for (int i = 0; i < 20; ++i) {
        const double mid = 0.5 * (lo + hi);
        (check_unit_move(s, a, allowance, mid, false).reason.empty() ? lo : hi) = mid;
      }
      fraction = lo;
    }
  }
  // The legality check already measured an untimed move; only a rolled one needs a new check.
  const UnitMove move = checked != nullptr && !checked->reports.empty() && !rolled_variable
                            ? std::move(*checked)
                            : check_unit_move(s, a, allowance, fraction);
  const std::vector<table::Point> from = model_positions(s);
  const table::Point centre_before = unit_centre(s, a.unit);
  // Closing ranks moves each cut-off model its own way (measured as checked).
  const std::vector<table::Point> own_shifts = own_shifts_of(s, a, allowance, fraction);
  double inches = 0.0;
  for (const auto& [m, report] : move.reports) {
    s.models[m].pose.position =
        s.models[m].pose.position + (own_shifts.empty() ? table::Point{a.dx, a.dy} * fraction
                                                        : own_shifts[static_cast<std::size_t>(m)]);
    s.models[m].pose.facing = report.final_facing;
    inches = std::max(inches, report.distance);
  }
  UnitState& u = s.units[a.unit];
  u.own_turn.moved_inches = static_cast<float>(u.own_turn.moved_inches + inches);
  u.own_turn.moved_this_turn = u.own_turn.moved_this_turn || inches > 0.0;
  if (a.mode == table::MoveMode::tactical) u.tactical = true;
  if (free_move) u.own_turn.free_moved = true;
  note_fleeting(s, a.unit, from);
  if (c.logging()) {
    // Where the unit stood and where it ends (centres, and the first mover's facing), so a
    // replay can be drawn from the log alone.
    const table::Point centre_after = unit_centre(s, a.unit);
    const double facing =
        move.reports.empty() ? 0.0 : s.models[move.reports.front().first].pose.facing;
    c.event({{"type", free_move ? "free_move" : "move"},
             {"unit", a.unit},
             {"rule", free_move                                     ? "MOVE-14"
                      : a.mode == table::MoveMode::tactical         ? "MOVE-13"
                      : a.mode == table::MoveMode::climb            ? "MOVE-20"
                      : a.mode == table::MoveMode::swim             ? "MOVE-17"
                      : a.mode == table::MoveMode::warp_jump        ? "ADV-25"
                      : a.mode == table::MoveMode::fleet            ? "ADV-06"
                      : a.mode == table::MoveMode::hell_for_leather ? "ADV-24"
                      : a.mode == table::MoveMode::close_ranks      ? "ADV-19"
                                                                    : "MOVE-01"},
             {"inches", inches},
             {"from", {centre_before.x, centre_before.y}},
             {"to", {centre_after.x, centre_after.y}},
             {"facing", facing}});
  }
  note_ladders(s, move);               // MOVE-28
  level_tests(c, a.unit, move, from);  // MOVE-16/18/22/25
  after_hidden_move(c, a.unit, a.mode);
  if (a.mode == table::MoveMode::hell_for_leather) hell_for_leather_tests(c, a.unit, from);
  for (const auto& [m, report] : move.reports)
    hazard_tests(c, a.unit, m, report.dangerous, report.distance);
  if (!free_move) hazard_morale_check(c, a.unit);
}

namespace {

// The cover feature a model stands in, if any.
const table::TerrainFeature* cover_at(const table::Table& table, const table::Point& p) {
  for (const auto* feature : table.features_at(p)) {
    if (feature->cover != table::Cover::none) return feature;
  }
  return nullptr;
}

}  // namespace

// SHOOT-18: a move that starts in one piece of cover and ends in another makes the unit a
// fleeting target (most of its models must have done so).
void note_fleeting(GameState& s, int unit, const std::vector<table::Point>& from) {
  const auto& table = s.table();
  int moved = 0;
  int fleeting = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    ++moved;
    const auto* start = cover_at(table, from[static_cast<std::size_t>(m)]);
    if (start == nullptr) continue;  // it did not start in cover (the end is not looked up)
    const auto* end = cover_at(table, s.models[m].pose.position);
    fleeting += (end != nullptr && start != end) ? 1 : 0;
  }
  s.units[unit].fleeting = moved > 0 && 2 * fleeting > moved;
}

}  // namespace arap::game::detail
