// ADV-13 and ADV-14: which climbing gear a unit's climbing test is taken with.
#include "game/climbing.hpp"

namespace arap::game {

bool carries_grapple(const data::Profile& profile) {
  return profile.has_rule("rope_and_grapple") || profile.has_rule("grapple_launcher");
}

rules::ClimbKit climb_kit(const GameState& s, int unit) {
  const auto& setup = *s.setup;
  const auto& info = setup.units[unit];
  if (setup.options.climbing_gear && info.climbing_gear) return rules::ClimbKit::climbing_gear;
  // ADV-14: asked of every unit in each listing (grapples), so the units with none go first.
  if (!setup.options.rope_and_grapple || !info.any_rope_and_grapple) return rules::ClimbKit::none;
  bool any = false;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    if (!carries_grapple(*setup.models[m].profile)) return rules::ClimbKit::none;
    any = true;
  }
  return any ? rules::ClimbKit::rope_and_grapple : rules::ClimbKit::none;
}

}  // namespace arap::game
