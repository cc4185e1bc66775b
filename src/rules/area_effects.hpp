// SHOOT-38 (templates), SHOOT-41..43 (area markers), SHOOT-50 (hand grenades), SHOOT-57 (hidden
// targets): which models under an effect are hit, live and exact. Where the effect lands is the
// table's business; these functions take the models under it by cover class.
#pragma once

#include <array>

#include "dice/dice_source.hpp"
#include "dice/rolls.hpp"
#include "rules/rulings.hpp"
#include "rules/shooting_goal.hpp"

namespace arap::rules {

// Models under a template or marker, by the cover they have against it. Prone, crawling,
// tactically moving and fleeting models in the open belong in `soft` (SHOOT-38, SHOOT-43).
struct CoverCounts {
  int open = 0;
  int soft = 0;
  int hard = 0;
  int total() const { return open + soft + hard; }
};

// SHOOT-38: the firer rolls one die against G; r <= G hits the open, r <= G-1 soft cover,
// r <= G-2 hard cover; models not reached roll 3- (open), 2- (soft), 1 (hard) — after a failed
// roll always, after a success too under ruling.SHOOT-38.fallbackOnSuccess.
struct TemplateHits {
  int firer_roll = 0;
  CoverCounts hit;
};
TemplateHits roll_template_hits(dice::DiceSource& dice, int goal, const CoverCounts& under,
                                const Rulings& rulings = {});
// Whether one model in `cover` is hit, given the firer's roll (rolls the per-model die only
// when the rules give that model one).
bool roll_template_model(dice::DiceSource& dice, int goal, int firer_roll, Cover cover,
                         const Rulings& rulings = {});
// P(a model in `cover` under the template is hit) given the firer's roll `firer_roll`.
double p_template_model_hit(int goal, int firer_roll, Cover cover, const Rulings& rulings = {});
// Unconditional P(a model in `cover` is hit).
double p_template_hit(int goal, Cover cover, const Rulings& rulings = {});

// SHOOT-43: the per-model goal under an area marker: open hit automatically (goal 6, no die
// rolled), soft 5-, hard 4-.
int area_model_goal(Cover cover);
CoverCounts roll_area_hits(dice::DiceSource& dice, const CoverCounts& under);
double p_area_hit(Cover cover);

// SHOOT-41/42/50/54/57: scatter of an area shot. `goal` comes from shooting_hit_goal (area or
// indirect kind); `aim_range` is the measured range to the aim point.
enum class AreaDelivery : std::uint8_t {
  fired,           // 2D6 - (BS + modifiers), capped at half the range (SHOOT-41/42)
  indirect,        // 2D6 - modifiers, BS not subtracted, capped (SHOOT-54)
  hidden_target,   // three-dice scatter, never on target (SHOOT-57)
  thrown_grenade,  // hit roll against the goal; a miss scatters by the scatter-only short roll
                   // with no half-range cap (SHOOT-50/51)
  launcher_short,  // launcher grenade at short range: fired, but no half-range cap (SHOOT-51)
};
struct AreaScatter {
  dice::ScatterResult roll;  // the dice as rolled (roll.distance before any cap)
  bool on_target = true;
  double distance = 0.0;  // inches the marker moves, after the SHOOT-42 cap
  int bearing_degrees = 0;
};
AreaScatter roll_area_scatter(dice::DiceSource& dice, AreaDelivery delivery, int goal,
                              double aim_range, const Rulings& rulings = {});
// SHOOT-42: the cap on scatter distance (half the range to the aim point), none for hand grenades.
double scatter_cap(AreaDelivery delivery, double aim_range);

}  // namespace arap::rules
