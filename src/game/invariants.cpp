// check_invariants (DESIGN "the door"): what must hold of any state the engine hands back, checked
// after every action in the dev preset and by the playout harness. Each check names the rule that
// makes it an invariant.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/engine.hpp"
#include "rules/weather.hpp"

namespace arap::game {

std::vector<std::string> invariant_violations(const GameState& s) {
  std::vector<std::string> out;
  const auto fail = [&out](std::string text) { out.push_back(std::move(text)); };
  if (s.setup == nullptr) {
    fail("the state has no setup");
    return out;
  }
  const GameSetup& setup = *s.setup;
  const int unit_count = static_cast<int>(s.units.size());
  if (s.models.size() != setup.models.size() || s.units.size() != setup.units.size()) {
    fail("the state's models or units do not match its setup");
    return out;
  }
  // GEN-09: every model stands in its squad or in one of the squad's sub-units, or as a guest
  // (ADV-19: a joined Independent Character; ADV-20: a merged mob) in a unit of its side that names
  // its squad among its guests; an empty sub-unit slot, or the squad of a guest, holds no state.
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const int unit = s.models[m].pose.unit;
    const int home = setup.models[m].unit;
    if (unit < 0 || unit >= unit_count)
      fail(fmt::format("GEN-09: model {} stands in unit {}, which does not exist", m, unit));
    else if (setup.squad_of(unit) != home && ((s.units[unit].guests >> home & 1) == 0 ||
                                              setup.units[unit].side != setup.units[home].side))
      fail(fmt::format(
          "GEN-09: model {} stands in unit {}, not in its squad {}, its parts, or as a guest", m,
          unit, home));
  }
  for (int u = 0; u < unit_count; ++u) {
    const std::uint64_t guests = s.units[u].guests;
    if (guests & (std::uint64_t{1} << setup.squad_of(u)))
      fail(fmt::format("ADV-19: unit {} names its own squad among its guests", u));
    for (int q = 0; q < setup.squads(); ++q)
      if ((guests >> q & 1) != 0 &&
          std::none_of(s.models.begin() + setup.units[q].first_model,
                       s.models.begin() + setup.units[q].first_model + setup.units[q].model_count,
                       [&](const ModelState& model) { return model.pose.unit == u; }))
        fail(
            fmt::format("ADV-19: unit {} names squad {} among its guests, none of whose models "
                        "stands in it",
                        u, q));
    if (s.members(u).empty() && !(s.units[u] == UnitState{}))
      fail(
          fmt::format("GEN-09: unit {} holds a state but no model (an empty sub-unit slot, or a "
                      "squad whose models all stand in another unit)",
                      u));
  }
  if (s.turn < 1 || s.turn > setup.scenario.turn_limit)
    fail(fmt::format("turn {} is outside 1..{}", s.turn, setup.scenario.turn_limit));
  if (s.phasing < 0 || s.phasing >= setup.sides) fail("the phasing side does not exist");
  if ((s.doors_open >> setup.scenario.table.door_count()) != 0)
    fail(fmt::format("ACT-16: door bits {:#x} beyond the table's {} doors", s.doors_open,
                     setup.scenario.table.door_count()));
  // ADV-21: a rain level only with the weather rule, within 0..4, and every model's sight as the
  // level and its infra-vision give it.
  if (s.rain < 0 || s.rain > rules::kHeaviestRain || (s.rain != 0 && !setup.options.weather))
    fail(fmt::format("ADV-21: a rain level of {} (the weather option is {})", s.rain,
                     setup.options.weather ? "on" : "off"));
  // ADV-35/50: clouds laid only with the option, of a side that exists, not from a later player
  // turn, and standing on the table the state's laid table was built with.
  if (!s.clouds.empty() && !setup.options.smoke_in_play)
    fail("ADV-35: clouds laid in play with the option smoke_in_play off");
  for (const auto& cloud : s.clouds)
    if (cloud.radius <= 0.0 || cloud.side < 0 || cloud.side >= setup.sides ||
        // At the game's end the phasing side no longer counts the player turns.
        (s.phase != Phase::game_over && cloud.laid_in > detail::player_turn_ordinal(s)))
      fail(
          fmt::format("ADV-35: a cloud at ({:.2f}, {:.2f}) of radius {} laid by side {} in player "
                      "turn {}",
                      cloud.centre.x, cloud.centre.y, cloud.radius, cloud.side, cloud.laid_in));
  const auto valid_unit = [&](int u) { return u >= 0 && u < unit_count; };
  // ADV-15: each portable ladder carried by one unit (at most one a unit), lying, or standing with
  // a rise a ladder may span; with the option off there are none.
  std::size_t standing = 0;
  if (!s.portable_ladders.empty() && !setup.options.portable_ladders)
    fail("ADV-15: portable ladders in play with the option portable_ladders off");
  for (std::size_t k = 0; k < s.portable_ladders.size(); ++k) {
    const PortableLadder& ladder = s.portable_ladders[k];
    standing += ladder.standing ? 1 : 0;
    if (ladder.carried() && (ladder.standing || ladder.carrier >= unit_count ||
                             detail::carried_ladder(s, ladder.carrier) != static_cast<int>(k)))
      fail(
          fmt::format("ADV-15: ladder {} carried by unit {} (and standing: {}), or by a unit "
                      "carrying another",
                      k, ladder.carrier, ladder.standing));
    if (ladder.hook && (!ladder.standing || ladder.carried() || !valid_unit(ladder.owner)))
      fail(fmt::format("ADV-14: grapple {} not standing, carried, or thrown by no unit", k));
    if (ladder.standing && (ladder.rise <= 1.0f || (!ladder.hook && ladder.rise > 6.0f + 1e-4f) ||
                            ladder.side < 0 || ladder.side >= setup.sides))
      fail(fmt::format("ADV-15: ladder {} stands {}\" high for side {}", k, ladder.rise,
                       ladder.side));
  }
  const std::size_t laid_features =
      setup.table(s.doors_open).features().size() + s.clouds.size() + standing;
  if (s.clouds.empty() && standing == 0
          ? s.laid.table != nullptr
          : s.laid.table == nullptr || s.laid.table->features().size() != laid_features)
    fail("ADV-35/ADV-15: the laid table does not hold the state's clouds and standing ladders");
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const ModelState& model = s.models[m];
    if (model.pose.sight_limit != rules::sight_limit(s.rain, model.pose.infra_vision))
      fail(fmt::format("ADV-21: model {} sees {}\" in rain level {}", m, model.pose.sight_limit,
                       s.rain));
    const int wounds = setup.models[m].profile->wounds;
    if (model.wounds_left > wounds)
      fail(fmt::format("model {} has {} wounds of {}", m, model.wounds_left, wounds));
    // ADV-22: only a rider set to ride apart has a mount's wounds or stands on foot, not both;
    // mounted and alive, its mount has wounds left.
    if (setup.models[m].on_foot >= 0) {
      const int mount_wounds = setup.models[m].group->mount->wounds;
      if (model.mount_wounds_left < 0 || model.mount_wounds_left > mount_wounds ||
          (model.dismounted && model.mount_wounds_left != 0) ||
          (model.pose.alive && !model.dismounted && model.mount_wounds_left == 0))
        fail(fmt::format("ADV-22: model {} has {} mount wounds{}", m, model.mount_wounds_left,
                         model.dismounted ? " on foot" : ""));
    } else if (model.mount_wounds_left != 0 || model.dismounted) {
      fail(fmt::format("ADV-22: model {} rides no mount apart", m));
    }
    if (!model.pose.alive) continue;
    if (model.wounds_left < 1) fail(fmt::format("model {} is on the table with no wounds", m));
    if (!setup.scenario.table.on_table(model.pose.position))
      fail(fmt::format("model {} stands off the table", m));
  }
  for (int u = 0; u < unit_count; ++u) {
    const UnitState& unit = s.units[u];
    const auto& info = setup.units[u];
    if (unit.own_turn.pinned && unit.own_turn.suppressed)
      fail(fmt::format("SHOOT-29: unit {} pinned and suppressed", u));
    if (unit.routing && unit.rout_pending)
      fail(fmt::format("MELEE-19: unit {} routing and about to rout", u));
    if (unit.no_fear_flinch && (!unit.rout_pending || unit.locked != 0))
      fail(fmt::format("ADV-69: unit {} waits to flinch but is not out of the fight", u));
    if (unit.s_points < 0) fail(fmt::format("ADV-02: unit {} has {} S-points", u, unit.s_points));
    if (unit.ground_turns < 0 || unit.ground_turns > 2)
      fail(fmt::format("ADV-01: unit {} is down for {} turn ends (0 to 2)", u, unit.ground_turns));
    if (unit.gone_to_ground() && (unit.routing || unit.rout_pending || unit.pursuing >= 0))
      fail(fmt::format("ADV-01: unit {} has gone to ground while routing or pursuing", u));
    if (unit.in_reserve && s.unit_alive(u))
      fail(fmt::format("ACT-02: unit {} in reserve and on the table", u));
    if (unit.awaiting_drop && (!unit.in_reserve || !setup.scenario.units[u].deep_strike))
      fail(
          fmt::format("ADV-26: unit {} waits to deep strike but is no deep striker in reserve", u));
    if (unit.awaiting_drop && !setup.options.deep_strike)
      fail(fmt::format("ADV-26: unit {} waits to deep strike without the option deep_strike", u));
    if (unit.pursuing >= 0 && !valid_unit(unit.pursuing))
      fail(fmt::format("MELEE-23: unit {} pursues a unit that does not exist", u));
    if (unit.press_pursuit && unit.pursuing < 0)
      fail(fmt::format("MELEE-25: unit {} presses a pursuit but pursues nobody", u));
    for (int v = 0; v < unit_count; ++v) {
      if ((unit.locked >> v & 1) == 0) continue;
      if (setup.units[v].side == info.side)
        fail(fmt::format("CHARGE-03: unit {} locked with its own side's unit {}", u, v));
      if ((s.units[v].locked >> u & 1) == 0)
        fail(fmt::format("CHARGE-03: unit {} locked with {} but not {} with {}", u, v, v, u));
    }
    // ADV-67: the mark lasts only while the unit's one survivor is still in that fight.
    if (unit.last_man && (unit.locked == 0 || s.living_models(u) > 1))
      fail(
          fmt::format("ADV-67: unit {} marked last man standing out of a fight or with others", u));
    if (unit.consolidation < 0 || unit.consolidation > 6)
      fail(fmt::format("ADV-68: unit {} has a consolidation of {}\" (D6)", u, unit.consolidation));
    if (unit.consolidation > 0 && unit.locked != 0)
      fail(fmt::format("ADV-68: unit {} is to consolidate while locked in mêlée", u));
    if (unit.locked >> unit_count != 0 && unit_count < 64)
      fail(fmt::format("CHARGE-03: unit {} locked with a unit that does not exist", u));
  }
  if (s.busts < 0) fail("ACT-07: a negative bust count");
  if (s.reaction_count < 0 || s.reaction_count > 3) fail("ACT-08: more than three reactions");
  for (int side = 0; side < setup.sides; ++side)
    if (s.score[side] < 0) fail(fmt::format("side {} has a negative score", side));
  if (s.winner < -1 || s.winner >= setup.sides) fail("the winner is not a side");
  switch (s.phase) {
    case Phase::active:
      if (!valid_unit(s.active_unit) || !s.unit_alive(s.active_unit))
        fail("ACT-09: the active unit is not on the table");
      else if (s.units[s.active_unit].gone_to_ground())
        fail("ADV-01: the active unit has gone to ground");
      // ADV-06: a unit whose AP are spent stays active only for its Fleet move.
      if (s.action_points <= 0 &&
          !(valid_unit(s.active_unit) && detail::fleet_problem(s, s.active_unit).empty()))
        fail("ACT-09: the active unit has no action points left");
      break;
    case Phase::reaction:
      if (s.reaction_count < 1)
        fail("ACT-08: a reaction phase with no reacting unit");
      else if (!valid_unit(s.reactions[0].unit) || !s.unit_alive(s.reactions[0].unit))
        fail("ACT-08: the reacting unit is not on the table");
      else if (s.reactions[0].action_points <= 0 &&
               !detail::fleet_problem(s, s.reactions[0].unit).empty())
        fail("ACT-08: the reacting unit has no action points left");
      break;
    case Phase::pick_up:
      if (s.failed_dice < 1 || s.failed_dice > 3) fail("ACT-08: 1 to 3 failed dice are on offer");
      break;
    case Phase::charge_response:
      if (!valid_unit(s.charging_unit) || !valid_unit(s.charge_target))
        fail("CHARGE-01: a charge response with no charge");
      break;
    case Phase::melee_choice:
      if (s.melee_chooser() < 0) fail("MELEE-29: a mêlée choice with nobody to choose");
      break;
    case Phase::interception:
      if (!valid_unit(s.charge_progress.interceptor))
        fail("CHARGE-09: an interception with no interceptor");
      break;
    case Phase::consolidation:
      if (s.consolidator() < 0) fail("ADV-68: a consolidation phase with nobody to consolidate");
      break;
    case Phase::fire_response:
      if (!valid_unit(s.pending_fire.unit) || !valid_unit(s.pending_fire.target))
        fail("ADV-01: a fire response with no declared fire");
      else if (s.pending_fire.back != Phase::active && s.pending_fire.back != Phase::reaction)
        fail("ADV-01: declared fire not made by an acting unit");
      break;
    case Phase::activation:
    case Phase::game_over:
      break;
  }
  if (s.phase != Phase::fire_response && s.pending_fire.unit >= 0)
    fail("ADV-01: declared fire left waiting outside a fire response");
  return out;
}

void check_invariants(const GameState& s) {
  const auto broken = invariant_violations(s);
  if (broken.empty()) return;
  std::string text = "broken invariants:";
  for (const auto& b : broken) text += "\n  " + b;
  throw std::logic_error(text);
}

}  // namespace arap::game
