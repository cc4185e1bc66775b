// MELEE-29: the choice each locked unit makes at the end of the activation phase (fight, break off,
// or hit and run, MELEE-10/12), with its ways to fight: krak attacks (MELEE-26) and bucklers
// struck as weapons (ADV-60), and its choice to pursue routers without the test to stay (MELEE-24).
// The rounds it leads to are melee.cpp's.
#include <fmt/format.h>

#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/legality.hpp"
#include "game/melee_internal.hpp"

namespace arap::game::detail {

int krak_carriers(const GameState& s, int unit) {
  int n = 0;
  for (int m : s.members(unit))
    n += s.models[m].pose.alive && krak_grenade(s.setup->models[m]) != nullptr ? 1 : 0;
  return n;
}

namespace {

// ADV-60: living models of the unit with a buckler.
int buckler_bearers(const GameState& s, int unit) {
  int n = 0;
  for (int m : s.members(unit)) n += s.models[m].pose.alive && s.shield(m) == data::Shield::buckler;
  return n;
}

}  // namespace

std::string melee_choice_illegal(const GameState& s, const Action& a) {
  const int unit = s.melee_chooser();
  if (a.unit != unit) {
    return fmt::format("MELEE-29: {} chooses first: fight, break off or hit and run",
                       unit >= 0 ? s.setup->units[unit].name : std::string("nobody"));
  }
  if (a.kind == ActionKind::break_off && s.units[unit].no_break_off)
    return "MELEE-12: after a failed Hit and Run the unit cannot break off this round";
  if (a.kind == ActionKind::hit_and_run && !s.setup->units[unit].hit_and_run)
    return "MELEE-12: only units with the Hit and Run rule may hit and run";
  if (a.krak) {
    if (a.kind != ActionKind::fight) return "MELEE-26: krak attacks are a way to fight";
    if (krak_carriers(s, unit) == 0) return "MELEE-26: no model of the unit carries krak grenades";
    if (throwing_places_left(s, unit) <= 0)
      return "MELEE-26 / SHOOT-49: a quarter of the unit has already used grenades this turn";
  }
  if (a.buckler) {
    if (a.kind != ActionKind::fight) return "ADV-60: striking with bucklers is a way to fight";
    if (buckler_bearers(s, unit) == 0) return "ADV-60: no model of the unit carries a buckler";
  }
  if (a.pursue) {
    if (a.kind != ActionKind::fight) return "MELEE-24: only a unit that fights may pursue";
    if (fixed_in_place(s, unit)) return "MELEE-24 / ADV-29: an emplacement never pursues";
  }
  return "";
}

}  // namespace arap::game::detail
