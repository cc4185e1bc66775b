// MELEE-10..12 in play: units that chose to break off or to Hit and Run leave their fight before
// any round is fought, and the parted units may not come at each other again until their next
// turn.
#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "rules/leadership.hpp"
#include "table/movement.hpp"

namespace arap::game::detail {

namespace {

// MELEE-11: a unit that broke off, and each unit it left that is no longer in any mêlée, may not
// charge or move toward the other through its next player turn ("fresh" when that is the
// current one's successor).
void mark_parted(Context& c, int unit, const std::vector<int>& left) {
  GameState& s = c.state;
  if (left.empty()) return;
  const auto fresh = [&](int u) { return c.setup.units[u].side == s.phasing; };
  // Every unit it left, not only the first (a break-off from two units binds both pairs).
  // Restrictions add up: a unit may part from several units, in different turns.
  const auto bind = [&](int u, int foe) {
    s.units[u].left_combat |= bit(foe);
    if (fresh(u)) s.units[u].left_combat_fresh |= bit(foe);
  };
  for (const int v : left) bind(unit, v);
  for (const int v : left) {
    if (s.units[v].locked != 0 || !s.unit_alive(v)) continue;
    bind(v, unit);
  }
}

}  // namespace

// MELEE-10/12: break-offs and Hit and Run attempts, before any round is fought.
void leave_combat(Context& c, int unit) {
  GameState& s = c.state;
  UnitState& us = s.units[unit];
  const auto& info = c.setup.units[unit];
  const std::uint64_t enemies = us.locked;
  std::vector<int> enemy_list;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v)
    if (enemies & bit(v)) enemy_list.push_back(v);
  const table::Point threat = centre_of_units(s, enemy_list);
  if (us.melee_choice == MeleeChoice::hit_and_run) {
    // MELEE-12 / DICE-13: an Initiative test; pass = 3D6" away with no attacks.
    c.dice.start();
    const bool passed = dice::roll_low(c.dice, info.initiative);
    c.roll_event("MELEE-12", "hit and run", info.initiative, unit, {{"passed", passed}});
    if (!passed) {
      us.no_break_off = true;
      us.melee_choice = MeleeChoice::fight;
      return;
    }
    c.dice.start();
    const int inches = c.dice.roll(6) + c.dice.roll(6) + c.dice.roll(6);
    c.roll_event("MELEE-12", "hit and run move", 0, unit,
                 {{"inches", inches}, {"left", enemy_list}});
    unlock_unit(c, unit);
    const table::Point from = moving_from(c, unit);
    move_away(c, unit, threat, inches);
    log_unit_moved(c, unit, from, "hit_and_run", "MELEE-12");
    mark_parted(c, unit, enemy_list);
    return;
  }
  // MELEE-10: a Ld control test.
  c.dice.start();
  const int leadership = s.leadership(unit);  // MORALE-03
  const auto roll = rules::roll_leadership_test(c.dice, leadership);
  c.roll_event("MELEE-10", "break off", leadership, unit, {{"passed", roll.passed}});
  if (!roll.passed && machine_stands(c, unit, "MELEE-10")) {
    us.no_break_off = true;  // ADV-27: it cannot rout, so it stays in the fight
    us.melee_choice = MeleeChoice::fight;
    return;
  }
  if (!roll.passed) {
    rout_from_combat(c, unit, enemies, "MELEE-10");
    return;
  }
  // Each enemy model engaged with the unit gets one free hack before it goes.
  for (const int v : enemy_list) {
    const int unsaved = free_hacks(c, v, unit, /*one_each=*/true, "MELEE-10");
    (void)unsaved;
  }
  unlock_unit(c, unit);
  if (!s.unit_alive(unit)) return;
  c.dice.start();
  const int inches = roll_flee_rate(c, unit);  // ADV-27: a robot at M
  c.roll_event("MELEE-10", "break-off move", 0, unit, {{"inches", inches}, {"left", enemy_list}});
  const table::Point from = moving_from(c, unit);
  move_away(c, unit, threat, inches);
  log_unit_moved(c, unit, from, "break_off", "MELEE-10");
  mark_parted(c, unit, enemy_list);
}

}  // namespace arap::game::detail
