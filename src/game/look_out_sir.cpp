// SHOOT-47 "Look Out, Sir!" (an optional rule, scenario option `look_out_sir`): characters
// (ModelInfo::character) hit by a template or an area marker may have the hit taken by one of
// their unit's rank and file.
#include <limits>

#include "dice/rolls.hpp"
#include "game/context.hpp"

namespace arap::game::detail {

int look_out_sir(Context& c, int model) {
  const GameState& s = c.state;
  const auto& who = c.state.info(model);
  if (!c.setup.options.look_out_sir || !who.character || !s.models[model].pose.alive) return model;
  // Engine choice (the rules say only "another member, usually rank and file"): the nearest
  // living rank-and-file model takes it.
  int nearest = -1;
  double best = std::numeric_limits<double>::infinity();
  for (int m : c.state.members(who.unit)) {
    if (m == model || !s.models[m].pose.alive || c.setup.models[m].character) continue;
    const double d = table::distance(s.models[m].pose.position, s.models[model].pose.position);
    if (d < best) {
      best = d;
      nearest = m;
    }
  }
  if (nearest < 0) return model;  // nobody to take it
  c.dice.start();
  const bool passed = dice::roll_low(c.dice, 5);
  const int victim = passed ? nearest : model;
  c.roll_event("SHOOT-47", "look out, sir", 5, who.unit, {{"model", model}, {"hit", victim}});
  return victim;
}

}  // namespace arap::game::detail
