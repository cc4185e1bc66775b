// The greedy agent's charges (issue 12; CHARGE-01..10 decide which are legal): it asks the engine
// only about the charges it would make, at units it outfights, and must still make the charge a
// whole listing of charges would have given it first.
#include <gtest/gtest.h>

#include <optional>

#include "ai/agents.hpp"
#include "game/engine.hpp"
#include "support/game_fixture.hpp"

namespace arap::ai {
namespace {

using game::Action;
using game::ActionKind;
using game::GameState;

// The agent's measure of a unit in mêlée, written out again as the oracle's: attacks weighted by
// Weapon Skill and Strength over the living models.
int power_of(const GameState& s, int unit) {
  int power = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const auto& p = *s.info(m).profile;
    power += p.attacks * (p.weapon_skill + p.strength);
  }
  return power;
}

// The rule as it read before: every legal charge listed, the first plain one at a unit it
// outfights by half as much again taken.
std::optional<Action> listed_charge(const GameState& s) {
  for (const Action& a : game::legal_actions(s, game::kind_bit(ActionKind::charge))) {
    const int foe = power_of(s, a.target);
    if (!a.fire && power_of(s, a.unit) > foe + foe / 2) return a;
  }
  return std::nullopt;
}

TEST(GreedyAgent, CHARGE_01_it_charges_the_first_unit_a_whole_listing_would_give) {
  int charges = 0;
  int declined = 0;
  for (const char* name : {"open_ground", "ruined_town", "woods_and_river"}) {
    const auto setup = game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/" + name + ".yaml",
                                        test::shipped_library());
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      GameState s = game::initial_state(*setup, seed);
      GreedyAgent agent;
      dice::Xoshiro256pp choices(seed);
      for (int i = 0; i < 4000 && s.phase != game::Phase::game_over; ++i) {
        const bool acting = s.phase == game::Phase::active || s.phase == game::Phase::reaction;
        const std::optional<Action> expected = acting ? listed_charge(s) : std::nullopt;
        const Action chosen = agent.choose(s, choices);
        if (expected) {
          ++charges;
          EXPECT_EQ(chosen, *expected) << name << " seed " << seed << " action " << i;
        } else if (acting) {
          ++declined;
          EXPECT_NE(chosen.kind, ActionKind::charge) << name << " seed " << seed << " action " << i;
        }
        ASSERT_EQ(game::apply(s, chosen, nullptr), "");
      }
    }
  }
  // Both sides of the rule come up: charges made, and active decisions that make none.
  EXPECT_GE(charges, 20);
  EXPECT_GE(declined, 200);
}

}  // namespace
}  // namespace arap::ai
