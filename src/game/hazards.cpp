// MOVE-11 (dangerous ground) with ADV-10's details: the hazard tests a model's path calls for and
// the wound a hazard deals, for moves (unit_actions.cpp), Charges and deep strikes alike.
#include "dice/rolls.hpp"
#include "game/context.hpp"

namespace arap::game::detail {

// MOVE-11: one hazard test per dangerous feature the model crossed (ADV-10: minefields' odds and
// fast movers' two dice).
void hazard_tests(Context& c, int unit, int m,
                  const std::vector<const table::TerrainFeature*>& dangerous, double moved) {
  GameState& s = c.state;
  const bool details = c.setup.options.dangerous_ground_details;
  for (const auto* feature : dangerous) {
    const table::Hazard& hazard = *feature->dangerous;
    // ADV-10: a minefield goes off on 3 or less, on a 1 for a unit with an energy scanner or once
    // cleared; a model that moved more than 6" rolls two dice, and either may set it off.
    const int triggers = details && hazard.minefield
                             ? (hazard.cleared || c.setup.units[unit].energy_scanner
                                    ? table::kClearedMinefieldTriggers
                                    : table::kMinefieldTriggers)
                             : hazard.triggers_on;
    const int rolled = details && moved > table::kFastHazardMove + 1e-9 ? 2 : 1;
    c.dice.start();
    bool hurt = false;
    for (int d = 0; d < rolled; ++d) hurt = (c.dice.roll(6) <= triggers) || hurt;
    c.roll_event(details && (hazard.minefield || rolled == 2) ? "ADV-10" : "MOVE-11", "hazard test",
                 triggers, unit, {{"model", m}, {"feature", feature->id}, {"hurt", hurt}});
    if (!hurt || !s.models[m].pose.alive) continue;
    hazard_wound(c, unit, m);
  }
}

void hazard_wound(Context& c, int unit, int m) {
  GameState& s = c.state;
  // The hazard's effect is scenario data; the engine applies one wound, saved as usual.
  c.dice.start();
  const std::optional<int> save = s.armour_save(m);  // ADV-11: none once shed
  const bool saved = save && dice::roll_high(c.dice, *save);
  c.roll_event("SHOOT-24", "save against the hazard", save.value_or(7), unit, {{"saved", saved}});
  if (!saved && --s.models[m].wounds_left <= 0) {
    remove_casualty(c, m);
    --s.units[unit].own_turn.casualties_taken;  // losses to the ground are not fire casualties
    ++s.units[unit].own_turn.hazard_losses;
  }
}

}  // namespace arap::game::detail
