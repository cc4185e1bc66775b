// ADV-67 (an optional rule, scenario option last_man_standing): Last Man Standing. A squad that a
// mêlée's rounds bring down to a single model tests its Leadership at the start of every later
// round of that fight, and routs when it fails. The test is not a rout test: no modifier for the
// unit's strength or for being outnumbered, and no re-roll (MORALE-05 covers rout tests only).
// Units fielded as one model (an independent character and the like) never count; nor do the
// fearless, who never rout (MORALE-02).
#include "dice/rolls.hpp"
#include "game/melee_internal.hpp"
#include "rules/leadership.hpp"

namespace arap::game::detail {

void note_last_men(Context& c, const std::vector<int>& units,
                   const std::vector<int>& living_before) {
  if (!c.setup.options.last_man_standing) return;
  GameState& s = c.state;
  for (std::size_t k = 0; k < units.size(); ++k) {
    const int u = units[k];
    const auto& info = c.setup.units[u];
    UnitState& us = s.units[u];
    // ADV-27: nor does a machine, which never routs.
    if (info.model_count < 2 || info.fearless || living_before[k] < 2 ||
        c.setup.machine(u) != Machine::none)
      continue;
    if (s.living_models(u) != 1 || us.locked == 0 || us.routing || us.rout_pending) continue;
    us.last_man = true;
  }
}

void last_man_tests(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    UnitState& us = s.units[u];
    if (!us.last_man) continue;
    const int target = s.leadership(u);
    c.dice.start();
    const auto roll = rules::roll_leadership_test(c.dice, target);
    c.roll_event("ADV-67", "last man standing", target, u, {{"passed", roll.passed}});
    if (!roll.passed) rout_from_combat(c, u, us.locked, "ADV-67");
  }
}

}  // namespace arap::game::detail
