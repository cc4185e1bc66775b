// SHOOT-55: a foe the shooter cannot see for terrain, but whose place it knows because something
// of it (a banner) shows above that terrain, may be the target of a grenade or a lobbed barrage
// shot as if seen; direct fire still needs sight.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// A wall `height` inches high along y = 23, which blocks sight.
std::string wall(double height) {
  return "obstacles:\n  - {id: wall, kind: wall, height: " + std::to_string(height) +
         ", blocks_sight: true, points: [[0, 23], [48, 23]]}\n";
}

class KnownPosition : public test::ScriptedGame {
 protected:
  // Red (unit 0): Guard veterans (shotguns, a meltagun, a plasma pistol, frag grenades; nothing
  // lobbed) facing north at y = 20 and (unit 1) a mortar team behind them;
  // Blue (unit 2): `blue_unit` 5" away at y = 25, behind the wall.
  void behind_wall(double height, const std::string& blue_unit = "command_squad") {
    begin(test::battle("known_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: veteran_squad, at: [24, 20], facing: 0}, {unit: mortar_team, "
                       "at: [24, 10], facing: 0}]",
                       "space_marines",
                       "[{unit: " + blue_unit + ", at: [24, 25], facing: 180, spacing: 1.2}]",
                       wall(height)),
          3);
    state_.scripted_dice = &ones_;
  }

  Action throw_at(int unit, int target) const {
    Action a = act(ActionKind::throw_grenade, unit);
    a.target = target;
    return a;
  }

  Action shoot_at(int unit, int target, bool heavy = false) const {
    Action a = act(ActionKind::shoot, unit);
    a.target = target;
    a.heavy = heavy;
    return a;
  }

  static inline int count_ = 0;
  ConstantDice ones_{1};
};

TEST_F(KnownPosition, SHOOT_55_a_banner_over_a_wall_draws_a_grenade_but_not_direct_fire) {
  // The Standard Bearer stands 1.5" and his banner 1" more: 2.5" shows over a 2" wall.
  behind_wall(2.0);
  must(activate(0, 2));
  const std::string shot = illegal_reason(state_, shoot_at(0, 2));
  EXPECT_NE(shot.find("SHOOT-01"), std::string::npos) << shot;  // shotguns need sight
  must(throw_at(0, 2));
  // Thrown as at a seen foe (SHOOT-50), not as at a hidden one (SHOOT-57).
  EXPECT_FALSE(rolls("SHOOT-50").empty());
  EXPECT_TRUE(rolls("SHOOT-57").empty());
}

TEST_F(KnownPosition, SHOOT_55_a_wall_higher_than_the_banner_hides_the_squad) {
  behind_wall(3.0);
  must(activate(0, 2));
  const std::string why = illegal_reason(state_, throw_at(0, 2));
  EXPECT_NE(why.find("SHOOT-49"), std::string::npos) << why;
}

TEST_F(KnownPosition, SHOOT_55_a_squad_without_a_banner_stays_unknown) {
  behind_wall(2.0, "tactical_squad");  // every Marine 1.5" tall
  must(activate(0, 2));
  EXPECT_NE(illegal_reason(state_, throw_at(0, 2)), "");
}

TEST_F(KnownPosition, SHOOT_55_a_mortar_lobs_at_a_known_place_with_its_bs) {
  // Nobody on Red's side sees the squad, so SHOOT-54 would not allow it; the banner does, and the
  // shot is high trajectory (SHOOT-53): 2D6 less the crew's BS 3.
  behind_wall(2.0);
  must(activate(1, 2));
  Action lob = shoot_at(1, 2, true);
  lob.guess = 15.0;
  must(lob);
  EXPECT_FALSE(logged("indirect_fire"));
  const auto scatter = rolls("SHOOT-41");
  ASSERT_EQ(scatter.size(), 1u);
  EXPECT_EQ(scatter[0]["goal"], 3);
}

TEST_F(KnownPosition, SHOOT_55_terrain_sight_over_lets_only_lower_terrain_through) {
  behind_wall(2.0);
  const table::Point here{24, 20};
  const table::Point there{24, 25};
  EXPECT_FALSE(table::terrain_sight(state_.table(), here, there).clear());
  EXPECT_FALSE(table::terrain_sight_over(state_.table(), here, there, 2.0).clear());
  EXPECT_TRUE(table::terrain_sight_over(state_.table(), here, there, 2.01).clear());
}

}  // namespace
}  // namespace arap::game
