// ADV-14's ropes beyond the thrown hook: a rope strung across a gap (a `rope` feature over the
// gap's middle) is crossed hand over hand at the difficult-ground rate, with no jump and no
// Initiative test; and the GM's Strength tests (option rope_strength_tests, off by default): a
// low D6 against Strength, a 6 not failing of itself (DICE-14), to take hold of a rope across a
// gap or a grapple's rope, a failure leaving the climber where it took hold; and a grapple thrown
// across a gap (within 2" of the near edge, 6" of the far one), whose rope is such a rope. Dice are
// scripted.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/engine.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

std::string rect(const std::string& id, const std::string& kind, double y0, double y1,
                 const std::string& extra = "") {
  return "  - {id: " + id + ", kind: " + kind + extra + ", polygon: [[4, " + std::to_string(y0) +
         "], [44, " + std::to_string(y0) + "], [44, " + std::to_string(y1) + "], [4, " +
         std::to_string(y1) + "]]}\n";
}

// Two 3" roofs, y 20..28 and y 10..18.5: a gap 1.5" wide and 3" deep between, wider than the
// free jump (1"); with `rope`, a rope is strung across it.
std::string roofs(bool rope) {
  return rect("near_roof", "ground", 20, 28, ", elevation: 3") +
         rect("far_roof", "ground", 10, 18.5, ", elevation: 3") +
         (rope ? rect("gap_rope", "rope", 18.3, 20.2) : "");
}

class Ropes : public test::ScriptedGame {
 protected:
  // Red: a Guard infantry squad (M4, I3, S3) in a line along y = 20.3, 0.3" from the near roof's
  // edge, facing south across the gap; Blue: a Tactical squad far off.
  void guard_on_the_roof(bool rope, const std::string& options = "") {
    begin(test::battle("ropes_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [20, 20.3], facing: 180}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 46], facing: 180}]",
                       options + "terrain:\n" + roofs(rope)),
          9);
    script({1, 1});
    must(activate(0, 2));
  }
  double level_of(int model) const {
    return setup_->scenario.table.level_at(state_.models[model].pose.position);
  }
  static inline int count_ = 0;
  ConstantDice ones_{1};
  ConstantDice sixes_{6};
};

TEST_F(Ropes, ADV_14_a_rope_across_a_gap_is_crossed_at_the_difficult_rate_with_no_jump) {
  guard_on_the_roof(true);
  // 0.3" to the edge, 1.5" of rope at 2" an inch (3"), 0.7" on the far roof: 4", the allowance.
  const Action across = move(0, 0, -2.5);
  ASSERT_EQ(illegal_reason(state_, across), "");
  const std::string further = illegal_reason(state_, move(0, 0, -2.6));
  EXPECT_NE(further, "") << "the rope costs twice its length: 4.1\" is more than 4\"";
  must(across);
  EXPECT_TRUE(rolls("MOVE-16").empty()) << "nobody jumps";
  EXPECT_TRUE(rolls("ADV-14").empty()) << "no Strength test without the option";
  EXPECT_TRUE(dice_.exhausted());
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 17.8, 1e-9);
    EXPECT_DOUBLE_EQ(level_of(m), 3.0);
  }
}

TEST_F(Ropes, ADV_14_without_a_rope_the_same_gap_is_jumped) {
  guard_on_the_roof(false);
  state_.scripted_dice = &ones_;
  // Jumped, the gap costs its width once: the same 4" reach 1.5" further.
  must(move(0, 0, -4.0));
  EXPECT_EQ(rolls("MOVE-16").size(), 10u);
  for (int m = 0; m < 10; ++m) EXPECT_DOUBLE_EQ(level_of(m), 3.0);
}

TEST_F(Ropes, ADV_14_the_GM_s_Strength_test_passes_on_the_climber_s_Strength) {
  guard_on_the_roof(true, "options: {rope_strength_tests: true}\n");
  // S3: a 3 holds; one test a model for a rope across a gap.
  for (int m = 0; m < 10; ++m) script({3});
  must(move(0, 0, -2.5));
  const auto tests = rolls("ADV-14");
  ASSERT_EQ(tests.size(), 10u);
  for (const auto& e : tests) {
    EXPECT_EQ(e.at("goal"), 3);
    EXPECT_EQ(e.at("tests"), 1);
    EXPECT_TRUE(e.at("held").get<bool>());
  }
  EXPECT_TRUE(dice_.exhausted());
  for (int m = 0; m < 10; ++m) EXPECT_NEAR(state_.models[m].pose.position.y, 17.8, 1e-9);
}

TEST_F(Ropes, ADV_14_a_climber_who_fails_the_Strength_test_stays_at_the_near_edge) {
  guard_on_the_roof(true, "options: {rope_strength_tests: true}\n");
  script({4});                               // the first model's 4 fails against S3 ...
  for (int m = 1; m < 10; ++m) script({3});  // ... the rest hold
  must(move(0, 0, -2.5));
  const int first = setup_->units[0].first_model;
  EXPECT_NEAR(state_.models[first].pose.position.y, 20.3, 1e-9) << "where it took hold";
  EXPECT_DOUBLE_EQ(level_of(first), 3.0) << "it does not fall";
  EXPECT_TRUE(rolls("MOVE-27").empty());
  for (int m = first + 1; m < first + 10; ++m)
    EXPECT_NEAR(state_.models[m].pose.position.y, 17.8, 1e-9);
}

TEST_F(Ropes, ADV_14_a_rope_needs_no_room_to_jump_but_is_not_for_crawlers) {
  guard_on_the_roof(true);
  must(act(ActionKind::go_prone, 0));
  Action crawl = move(0, 0, -1.0);
  crawl.mode = table::MoveMode::crawl;
  EXPECT_NE(illegal_reason(state_, crawl), "") << "hand over hand is not a crawl";
}

// The Veterans (rope and grapple; their sergeant, BS3, a power grapple) on the near roof in a line
// along y = `y`, 1.2" apart from x = 20 (the sergeant), facing the gap; no rope strung yet.
class GapGrapples : public Ropes {
 protected:
  void veterans_at(double y, double far_edge = 18.5) {
    begin(test::battle("gap_grapples_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: veteran_squad, at: [20, 24], facing: 180}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 46], facing: 180}]",
                       "terrain:\n" + rect("near_roof", "ground", 20, 28, ", elevation: 3") +
                           rect("far_roof", "ground", 6, far_edge, ", elevation: 3")),
          9);
    const auto& info = setup_->units[0];
    for (int i = 0; i < info.model_count; ++i) place(info.first_model + i, 20.0 + 1.2 * i, y, 180);
    script({1, 1, 1});
    must(activate(0, 3));
  }
  Action throw_at(double x, double y) const {
    Action a = act(ActionKind::throw_grapple, 0);
    a.dx = x;
    a.dy = y;
    return a;
  }
};

TEST_F(GapGrapples, ADV_14_a_grapple_thrown_across_a_gap_strings_a_rope_that_is_crossed) {
  veterans_at(20.3);
  const Action hook = throw_at(20.0, 18.5);  // the far edge, 1.8" from the sergeant
  ASSERT_EQ(illegal_reason(state_, hook), "");
  EXPECT_TRUE(grapple_across_gap(state_, hook));
  // The sergeant, nearest, throws: BS3 + 1 at a roof edge.
  EXPECT_NEAR(grapple_chance(state_, hook), 4.0 / 6.0, 1e-12);
  bool listed = false;
  for (const Action& a : legal_actions(state_))
    listed = listed || (a.kind == ActionKind::throw_grapple && std::abs(a.dy - 18.5) < 1e-3 &&
                        grapple_across_gap(state_, a));
  EXPECT_TRUE(listed) << "the listing offers the throw across the gap";
  script({4});
  must(hook);
  ASSERT_EQ(state_.portable_ladders.size(), 1u);
  const PortableLadder& rope = state_.portable_ladders[0];
  EXPECT_TRUE(rope.hook);
  EXPECT_NEAR(rope.span, 1.5, 1e-4) << "edge to edge";
  EXPECT_NEAR(rope.at.y, 20.0, 1e-4);
  EXPECT_EQ(state_.table().ladder_count(), 0) << "a rope across a gap is not a ladder";
  // The sergeant crosses on it (0.3" + 1.5" at 2" an inch + 0.7" = 4"); the rest, off the 1" rope,
  // jump (MOVE-16: I3, every 1 clears).
  ASSERT_NE(illegal_reason(state_, move(0, 0, -2.6)), "") << "4.1\" for the sergeant";
  state_.scripted_dice = &ones_;
  must(move(0, 0, -2.5));
  const int sergeant = setup_->units[0].first_model;
  const auto jumps = rolls("MOVE-16");
  EXPECT_EQ(jumps.size(), static_cast<std::size_t>(setup_->units[0].model_count - 1));
  for (const auto& e : jumps) EXPECT_NE(e.at("model"), sergeant);
  EXPECT_NEAR(state_.models[sergeant].pose.position.y, 17.8, 1e-9);
  EXPECT_DOUBLE_EQ(level_of(sergeant), 3.0);
}

TEST_F(GapGrapples, ADV_14_a_throw_across_a_gap_is_thrown_from_near_the_edge_and_reaches_six) {
  veterans_at(22.5);  // 2.5" back from the near edge
  std::string why = illegal_reason(state_, throw_at(20.0, 18.5));
  EXPECT_NE(why.find("ADV-14"), std::string::npos) << why;
  veterans_at(20.3, 14.0);  // a gap of 6", its far edge 6.3" from the sergeant
  why = illegal_reason(state_, throw_at(20.0, 14.0));
  EXPECT_NE(why.find("ADV-14"), std::string::npos) << why;
  veterans_at(20.3, 14.4);  // 5.9" from the sergeant: in reach (too wide to cross in one move)
  EXPECT_EQ(illegal_reason(state_, throw_at(20.0, 14.4)), "");
}

TEST_F(GapGrapples, ADV_14_a_missed_throw_across_a_gap_strings_nothing) {
  veterans_at(20.3);
  script({5});
  must(throw_at(20.0, 18.5));
  EXPECT_TRUE(state_.portable_ladders.empty());
}

// The Marines' Assault squad (unit 1: S4, I4) on the near roof charges the Guard (unit 0) on the
// far roof, the gap between them strung with a rope along its whole length, under the GM's Strength
// tests: the lead takes one at the rope, as at an obstacle (CHARGE-07).
class RopeCharge : public Ropes {
 protected:
  void SetUp() override {
    begin(test::battle("rope_charge", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 15], facing: 0}]", "space_marines",
                       "[{unit: assault_squad, at: [24, 22.5], facing: 180, spacing: 1.5}]",
                       "options: {rope_strength_tests: true}\nterrain:\n" + roofs(true)),
          3);
    second_side_charges(1, 0);
    script({6, 6});  // 4 + 12 = 16": enough to reach the Guard over the rope
  }
};

TEST_F(RopeCharge, ADV_14_a_charger_who_holds_the_rope_crosses_and_fights) {
  script({4});  // S4: a 4 holds
  must(act(ActionKind::hold, 0));
  const auto tests = rolls("ADV-14");
  ASSERT_EQ(tests.size(), 1u) << "one test, the lead's";
  EXPECT_EQ(tests[0].at("goal"), 4);
  EXPECT_TRUE(tests[0].at("held").get<bool>());
  EXPECT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(rolls("MOVE-16").empty()) << "nobody jumps";
}

TEST_F(RopeCharge, ADV_14_a_charger_who_loses_the_rope_halts_and_the_charge_fails) {
  script({5});  // S4: a 5 does not hold
  must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_TRUE(state_.units[1].player_turn.charge_failed);
  EXPECT_TRUE(logged("charge_halted"));
  for (int m : state_.members(1)) {
    EXPECT_GT(state_.models[m].pose.position.y, 20.0) << "still on the near roof";
    EXPECT_DOUBLE_EQ(level_of(m), 3.0);
  }
}

}  // namespace
}  // namespace arap::game
