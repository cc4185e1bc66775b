// ADV-25 Warp Spider jump: a unit of Warp Spiders may make a move one straight leap of up to 12"
// that ignores the ground, walls and levels on the way and takes no tests; it must land on the
// table, on ground a model may stand on, clear of other bases. Other units may not.
#include <gtest/gtest.h>

#include "game/planner.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

class WarpJump : public test::ScriptedGame {
 protected:
  // Red: Warp Spiders (unit 0, a line about x = 12, y = 10, facing north) and Guardian Defenders
  // (unit 1) on the right; a 6" wall across y = 12 and a house (impassable) over x 17..26, y
  // 15..19; Blue: Space Marines far off.
  void arrange(const std::string& options = "") {
    begin(test::battle("warp_" + std::to_string(++count_), "eldar",
                       "[{unit: warp_spiders, at: [12, 10]}, {unit: guardian_defenders, at: [36, "
                       "6]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 44], facing: 180}]",
                       options +
                           "terrain:\n  - {id: house, kind: building, polygon: [[17, 15], [26, "
                           "15], [26, 19], [17, 19]]}\n"
                           "obstacles:\n  - {id: wall, kind: wall, height: 6, points: [[2, 12], "
                           "[46, 12]]}\n"),
          8);
    script({1, 1});
    must(activate(0, 2));
  }
  Action leap(int unit, double dx, double dy) const {
    Action a = move(unit, dx, dy);
    a.mode = table::MoveMode::warp_jump;
    return a;
  }
  double y_of(int unit) const {
    return state_.models[setup_->units[unit].first_model].pose.position.y;
  }
  static inline int count_ = 0;
};

TEST_F(WarpJump, ADV_25_warp_spiders_jump_a_6_inch_wall_without_tests) {
  arrange();
  ASSERT_TRUE(setup_->units[0].warp_jump);
  EXPECT_NE(illegal_reason(state_, move(0, 0, 4)), "") << "walking, the wall stops them";
  must(leap(0, 0, 10));  // no dice scripted: a test would throw
  EXPECT_NEAR(y_of(0), 20.0, 1e-9);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_EQ(log_.back().value("rule", ""), "ADV-25");
}

TEST_F(WarpJump, ADV_25_twelve_inches_at_most_and_a_landing_to_stand_on) {
  arrange();
  const std::string far = illegal_reason(state_, leap(0, 0, 12.5));
  EXPECT_NE(far.find("MOVE-01"), std::string::npos) << far;
  must(leap(0, 0, 12));
  EXPECT_NEAR(y_of(0), 22.0, 1e-9);
}

TEST_F(WarpJump, ADV_25_no_landing_inside_a_building) {
  arrange();
  // 8" right and 6" up (10") lands most of the line in the house.
  const GameState before = state_;
  const std::string reason = apply(state_, leap(0, 8, 6), &log_);
  EXPECT_NE(reason.find("ADV-25"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
}

TEST_F(WarpJump, ADV_25_only_warp_spiders_jump_and_the_option_switches_it_off) {
  arrange();
  must(act(ActionKind::end_activation, 0));
  script({1, 1});
  must(activate(1, 2));
  const std::string guardians = illegal_reason(state_, leap(1, 0, 4));
  EXPECT_NE(guardians.find("ADV-25"), std::string::npos) << guardians;
  arrange("options: {warp_jump: false}\n");
  const std::string off = illegal_reason(state_, leap(0, 0, 10));
  EXPECT_NE(off.find("ADV-25"), std::string::npos) << off;
}

TEST_F(WarpJump, ADV_25_the_listing_offers_warp_jumps) {
  arrange();
  bool offered = false;
  for (const Action& a : legal_actions(state_))
    offered = offered || (a.kind == ActionKind::move && a.mode == table::MoveMode::warp_jump);
  EXPECT_TRUE(offered);
}

}  // namespace
}  // namespace arap::game
