// ADV-37 (optional): shooting through other units. With the option on, a firer that sees no model
// of its target but would, were it not for the models of another non-friendly unit in the way,
// fires past them at -2 to hit (on top of the other modifiers); a friendly unit in the way still
// blocks the shot (the catalogue's ruling), and with the option off any unit does.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/context.hpp"
#include "rules/shooting_goal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a tactical squad (unit 0, models 0-9) of which one marine (model 1: BS4, bolter) is left,
// at (24, 6) facing north; a second tactical squad (unit 1, models 10-19). Blue: Slugga Boyz
// (unit 2, models 20-31) and more Slugga Boyz (unit 3, models 32-43) in a wood (soft cover; seen
// into 2" deep) at y = 21.6-23.6. `blocker` (1 or 2) stands in two staggered rows across the line
// between them.
class ShootingThrough : public test::ScriptedGame {
 protected:
  void arrange(int blocker, const std::string& options) {
    begin(test::battle("shooting_through", "space_marines",
                       "[{unit: tactical_squad, at: [24, 6]}, {unit: tactical_squad, at: [14, "
                       "34]}]",
                       "orks",
                       "[{unit: slugga_boyz, at: [30, 40], facing: 180}, {unit: slugga_boyz, at: "
                       "[24, 23], facing: 180}]",
                       "terrain:\n  - {id: copse, kind: wood, polygon: [[10, 21], [38, 21], [38, "
                       "28], [10, 28]]}\n" +
                           options),
          7);
    for (int m = 0; m < 10; ++m)
      if (m != 1) remove_model(m);
    place(1, 24.0, 6.0, 0.0);
    for (int k = 0; k < 12; ++k)  // the target: four columns, three rows, inside the wood
      place(32 + k, 22.5 + (k % 4), 21.6 + (k / 4), 180.0);
    const int first = blocker == 1 ? 10 : 20;
    const int count = blocker == 1 ? 10 : 12;
    for (int k = 0; k < count; ++k)  // two rows, the second covering the first's gaps
      place(first + k, 21.5 + (k / 2) + 0.5 * (k % 2), 14.0 + (k % 2), 0.0);
    state_.phasing = 0;
    script({1});
    must(activate(0, 1));
  }
};

TEST_F(ShootingThrough, ADV_37_past_an_enemy_unit_at_minus_2_on_top_of_cover) {
  arrange(2, "options: {shooting_through_units: true}\n");
  const Action shot = shoot(0, 3);
  ASSERT_EQ(illegal_reason(state_, shot), "");
  const auto groups = fire_groups(state_, shot);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_TRUE(groups[0].situation.through_unit);
  const auto goal = rules::shooting_hit_goal(groups[0].situation, setup_->rulings);
  // The catalogue's case: BS4, -2 through the unit, -1 for the soft cover: 4 - 2 - 1 = 1.
  EXPECT_EQ(goal.goal, 1);
  const auto applied = goal.modifiers();
  const auto has = [&](rules::ShootingModifier id, int value) {
    return std::any_of(applied.begin(), applied.end(),
                       [&](const auto& m) { return m.id == id && m.value == value; });
  };
  EXPECT_TRUE(has(rules::ShootingModifier::through_unit, -2));
  EXPECT_TRUE(has(rules::ShootingModifier::soft_cover, -1));
  // The shot goes off through the engine (sixes: every shot misses at goal 1) and touches nobody
  // in the way.
  const int blockers = state_.living_models(2);
  script({6, 6, 6, 6});
  must(shot);
  EXPECT_EQ(state_.living_models(2), blockers);
}

TEST_F(ShootingThrough, ADV_37_a_friendly_unit_in_the_way_still_blocks) {
  arrange(1, "options: {shooting_through_units: true}\n");
  const auto refused = refusal(state_, shoot(0, 3));
  ASSERT_TRUE(refused);
}

TEST_F(ShootingThrough, ADV_37_off_by_default_an_enemy_unit_in_the_way_blocks) {
  arrange(2, "");
  EXPECT_TRUE(refusal(state_, shoot(0, 3)));
  // The unit in the way may itself be shot at, as always.
  EXPECT_EQ(illegal_reason(state_, shoot(0, 2)), "");
}

}  // namespace
}  // namespace arap::game
