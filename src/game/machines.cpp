// ADV-27 (optional, option machine_rates): the 2.3 machine rates. A robot's Charge, pursuit and
// break-off cover exactly its M; a Dreadnought flees and pursues at 2D6 whatever its M; neither
// ever routs. Which units are machines comes from the special rules robot and dreadnought
// (GameSetup::machine); the Charge's fixed rate is rules::ChargeMove::fixed_rate.
//
// Never routing (the catalogue's ruling: treat it as No Retreat, ADV-66): a machine that fails a
// rout test after a lost round stands, taking No Retreat's wounds when more than one model is left
// (melee.cpp), and flinches as a unit that passed; one that fails to break off stays in the fight
// (melee_break_off.cpp); Last Man Standing does not test it (last_man.cpp); it never runs from a
// Charge (charge.cpp), as being caught would rout it. A test outside mêlée that would rout it pins
// it instead under ruling.ADV-27 = pinned (the default), or does nothing under holds
// (fire_morale.cpp's start_rout).
#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

int roll_flee_rate(Context& c, int unit) {
  switch (c.setup.machine(unit)) {
    case Machine::robot:
      return c.state.unit_whole_move(unit);  // ADV-27: its full normal move, no dice
    case Machine::dreadnought:
      return c.dice.roll(6) + c.dice.roll(6);  // ADV-27: 2D6 even when M is over 6
    case Machine::none:
      break;
  }
  return table::roll_flee_distance(c.dice, c.state.unit_whole_move(unit));  // MOVE-05
}

bool machine_stands(Context& c, int unit, const char* rule) {
  if (c.setup.machine(unit) == Machine::none) return false;
  if (c.logging())
    c.event({{"type", "machine_stands"}, {"unit", unit}, {"instead_of", rule}, {"rule", "ADV-27"}});
  return true;
}

}  // namespace arap::game::detail
