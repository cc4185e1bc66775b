// ADV-75 (optional): the GM's own to-hit modifiers for a scenario, summed into the modifier
// gm_modifier for the shots of the units and weapon types they name.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "rules/shooting_goal.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

// Red: Scout Snipers (unit 0) of which only the Scout Sergeant (model 0: BS4, bolt pistols) is
// left, at (24, 6). Blue: Slugga Boyz (unit 1, models 5-16: the two-wound Nob, then T4 Sv6
// Boyz) in the open 10" away. Two pistols are off: one pistol, one die.
class GmModifiers : public test::ScriptedGame {
 protected:
  void arrange(const std::string& extra) {
    begin(test::battle("gm_modifiers_" + std::to_string(++count_), "space_marines",
                       "[{unit: scout_snipers, at: [24, 6]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", extra),
          7);
    for (int m = 1; m < 5; ++m) remove_model(m);
    place(0, 24.0, 6.0, 0.0);
    for (int k = 0; k < 12; ++k) place(5 + k, 19.0 + 1.5 * (k % 6), 16.0 + 1.5 * (k / 6), 180.0);
    state_.phasing = 0;
    script({1});
    must(activate(0, 1));
  }

  int goal() const {
    const auto groups = fire_groups(state_, shoot(0, 1));
    EXPECT_EQ(groups.size(), 1u);
    return groups.empty() ? 99
                          : rules::shooting_hit_goal(groups[0].situation, setup_->rulings).goal;
  }

  int count_ = 0;
};

constexpr const char* kCarrying =
    "options: {two_pistols: false, gm_modifiers: true}\n"
    "gm_modifiers:\n"
    "  - {name: carrying_wounded, to_hit: -3, units: [Red/scout_snipers], note: one hand free}\n";

TEST_F(GmModifiers, ADV_75_a_minus_3_modifier_takes_BS4_to_goal_1) {
  arrange(kCarrying);
  const auto groups = fire_groups(state_, shoot(0, 1));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].situation.gm_modifier, -3);
  const auto goal = rules::shooting_hit_goal(groups[0].situation, setup_->rulings);
  EXPECT_EQ(goal.goal, 1);  // the catalogue's case
  ASSERT_EQ(goal.modifiers().size(), 1u);
  EXPECT_EQ(goal.modifiers()[0].id, rules::ShootingModifier::gm_modifier);
  // Through the engine: a 2 misses at goal 1, and the roll names the modifier.
  script({2});
  must(shoot(0, 1));
  const auto hit = rolls("SHOOT-10");
  ASSERT_EQ(hit.size(), 1u);
  EXPECT_EQ(hit[0]["goal"], 1);
  EXPECT_EQ(hit[0]["hits"], 0);
  ASSERT_EQ(hit[0]["modifiers"].size(), 1u);
  EXPECT_EQ(hit[0]["modifiers"][0]["name"], "gm_modifier");
  EXPECT_EQ(hit[0]["modifiers"][0]["rule"], "ADV-75");
  EXPECT_EQ(hit[0]["modifiers"][0]["value"], -3);
}

TEST_F(GmModifiers, ADV_75_only_the_named_units_and_weapon_types_and_only_with_the_option) {
  arrange(
      "options: {two_pistols: false, gm_modifiers: true}\n"
      "gm_modifiers:\n"
      "  - {name: orks_only, to_hit: -2, units: [Blue/slugga_boyz]}\n"
      "  - {name: rifles_only, to_hit: -1, weapon_types: [rapid_fire, heavy]}\n"
      "  - {name: pistols_steady, to_hit: 1, weapon_types: [pistol]}\n");
  EXPECT_EQ(goal(), 5) << "BS4 +1 for pistols; the Orks' and the rifles' modifiers stay out";
  arrange(std::string(kCarrying) + "\n");
  auto off = *setup_;
  off.options.gm_modifiers = false;
  setup_ = std::make_shared<const GameSetup>(off);
  state_.setup = setup_.get();
  EXPECT_EQ(goal(), 4) << "switched off (an option override): no GM modifier";
}

}  // namespace
}  // namespace arap::game
