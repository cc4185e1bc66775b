// ADV-24 (optional, option hell_for_leather): "Hell for Leather". A unit whose every model is
// mounted (cavalry, and bikes once they are fielded; ADV-22's riders) may make its move in the
// hell_for_leather mode: difficult ground costs it no more than open ground (table::ground_class),
// except where the scenario rules it out (a feature's hell_for_leather: false), and each model
// rolls a D6 for each such feature its path enters: a 1 and mount and rider are lost, no save.
// Those losses count as the ground's (MORALE-08), not as fire casualties.
#include <fmt/format.h>

#include "game/context.hpp"
#include "table/movement.hpp"
#include "table/terrain.hpp"

namespace arap::game::detail {

namespace {

// ADV-24: the chance a model riding into difficult ground is lost (a 1 on its D6).
constexpr int kAccidentFaces = 1;

}  // namespace

std::string hell_for_leather_problem(const GameState& s, int unit) {
  if (!s.setup->options.hell_for_leather)
    return "ADV-24: riding Hell for Leather is switched off in this scenario (option "
           "hell_for_leather)";
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && !s.models[m].pose.mounted)
      return fmt::format("ADV-24: only mounted models ride Hell for Leather, and the {} is on foot",
                         s.info(m).profile->name);
  return {};
}

void hell_for_leather_tests(Context& c, int unit, const std::vector<table::Point>& from) {
  GameState& s = c.state;
  const auto& table = s.table();
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const table::Point start = from[static_cast<std::size_t>(m)];
    const table::Point end = s.models[m].pose.position;
    for (const int index : table.features_near(start, end)) {
      const table::TerrainFeature& feature = table.features()[index];
      if (!table::ridden_at_full_speed(feature) || table::in_feature(feature, start)) continue;
      if (table::feature_intervals(feature, start, end).empty() && !table::in_feature(feature, end))
        continue;
      c.dice.start();
      const bool lost = c.dice.roll(6) <= kAccidentFaces;
      c.roll_event("ADV-24", "hell for leather", kAccidentFaces, unit,
                   {{"model", m}, {"feature", feature.id}, {"lost", lost}});
      if (!lost) continue;
      remove_casualty(c, m);
      --s.units[unit].own_turn.casualties_taken;  // the ground's loss, not fire's
      ++s.units[unit].own_turn.hazard_losses;     // MORALE-08
      break;
    }
  }
}

}  // namespace arap::game::detail
