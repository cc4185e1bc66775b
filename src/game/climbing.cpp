// ADV-13 and ADV-14: which climbing gear a unit's climbing test is taken with.
#include "game/climbing.hpp"

#include <algorithm>
#include <cmath>

#include "dice/rolls.hpp"
#include "game/context.hpp"

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

namespace detail {

namespace {

constexpr double kTwoLevels = 6.0;  // ADV-14: Strength tests again at each two levels (A-47: 6")

}  // namespace

bool rope_tests_passed(Context& c, int unit, int m, double height, const char* what) {
  if (!c.setup.options.rope_strength_tests) return true;
  const int strength = c.state.info(m).profile->strength;
  const int tests = std::max(1, static_cast<int>(std::ceil(height / kTwoLevels - 1e-9)));
  int rolled = 0;
  bool held = true;
  c.dice.start();
  while (held && rolled < tests) {
    ++rolled;
    held = dice::roll_low(c.dice, strength, /*six_fails=*/false);
  }
  c.roll_event("ADV-14", what, strength, unit,
               {{"model", m}, {"height", height}, {"tests", rolled}, {"held", held}});
  return held;
}

}  // namespace detail

}  // namespace arap::game
