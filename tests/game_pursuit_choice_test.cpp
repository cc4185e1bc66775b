// The player's say in a pursuit, with forced dice: the test not to pursue is taken only if the
// victors' player wants it (MELEE-24, the fight action's `pursue`), and pursuers test to halt
// only if their player tries (MELEE-25, pressed by that fight or by a pursuit_order).
#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/pursuit_fixture.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Guard infantry squad (unit 0, Ld 8) at y = 14; Blue: unit 1 further north, which
// charges it in Blue's turn (4" + 2D6 of 3 and 3), and the round is fought with every die a 6:
// every blow misses, the Guard lose on the Charge's +1 CRS and fail the rout test. The choice is
// the last of the round, so Red's compulsory phase follows at once: the routers flee 12" and fail
// to rally, and their pursuers (unless pressing on) fail to halt.
class PursuitChoice : public test::ScriptedGame {
 protected:
  void fight_with(const std::string& blue_unit, double blue_y, bool pursue,
                  const std::string& extra = "") {
    begin(test::battle("pursuit_choice", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "imperial_guard",
                       "[{unit: " + blue_unit + ", at: [24, " + std::to_string(blue_y) +
                           "], facing: 180, spacing: 1.5}]",
                       extra),
          3);
    second_side_charges(1, 0);
    script({3, 3});
    must(act(ActionKind::hold, 0));
    ASSERT_TRUE(state_.units[1].locked & 1u);
    state_.scripted_dice = &sixes_;
    must(act(ActionKind::end_phase));
    ASSERT_EQ(pending(state_).unit, 1);
    choice_ = act(ActionKind::fight, 1);
    choice_.pursue = pursue;
    offered_ = legal_actions(state_);
    must(choice_);
    must(act(ActionKind::fight, 0));
    ASSERT_TRUE(logged("rout"));
  }

  const Event* last(const std::string& type) const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("type", "") == type) return &*it;
    return nullptr;
  }

  bool offered(const Action& a) const {
    return std::find(offered_.begin(), offered_.end(), a) != offered_.end();
  }

  ConstantDice sixes_{6};
  Action choice_;
  std::vector<Action> offered_;
};

TEST_F(PursuitChoice, MELEE_24_a_plain_fight_takes_the_test_to_stay) {
  fight_with("infantry_squad", 22, false);
  ASSERT_EQ(rolls("MELEE-24").size(), 1u);  // 12 against Ld 8: failed
  EXPECT_EQ(rolls("MELEE-24")[0].at("goal"), 8);
  ASSERT_TRUE(logged("pursuing"));
  EXPECT_EQ(last("pursuing")->at("pressed"), false);
  EXPECT_EQ(rolls("MELEE-25").size(), 1u) << "it tries to halt in the compulsory phase";
}

TEST_F(PursuitChoice, MELEE_24_a_fight_with_pursue_gives_up_the_test_and_presses_on) {
  fight_with("infantry_squad", 22, true);
  Action plain = choice_;
  plain.pursue = false;
  EXPECT_TRUE(offered(choice_)) << "the listing offers the fight that pursues";
  EXPECT_TRUE(offered(plain));
  EXPECT_TRUE(rolls("MELEE-24").empty()) << "no die for a test the player did not take";
  ASSERT_TRUE(logged("pursuing"));
  EXPECT_EQ(last("pursuing")->at("pressed"), true);
  EXPECT_TRUE(rolls("MELEE-25").empty()) << "pressing on, it makes no halt test";
  EXPECT_TRUE(logged("pursuers_left_table")) << "it follows its routers off the table";
  EXPECT_FALSE(state_.units[1].pursue_routers) << "the choice lasts one round";
}

TEST_F(PursuitChoice, MELEE_24_a_slow_unit_stays_unless_it_chose_to_pursue) {
  // Ratlings (M3) need not pursue: no test, and they stay where they are...
  fight_with("ratling_snipers", 19, false);
  EXPECT_TRUE(rolls("MELEE-24").empty());
  EXPECT_EQ(state_.units[1].pursuing, -1);
  EXPECT_FALSE(logged("pursuing"));
}

TEST_F(PursuitChoice, MELEE_24_a_slow_unit_that_chose_to_pursue_pursues) {
  // ... but nothing stops them going after the routers when their player wants to.
  fight_with("ratling_snipers", 19, true);
  EXPECT_TRUE(rolls("MELEE-24").empty());
  ASSERT_TRUE(logged("pursuing"));
  EXPECT_EQ(last("pursuing")->at("pressed"), true);
  EXPECT_TRUE(rolls("MELEE-25").empty());
}

// A line of trenches under both units: the fight was for a defended feature.
const std::string kTrenches =
    "terrain:\n  - {id: lines, kind: trench, polygon: [[4, 4], [44, 4], [44, 30], [4, 30]]}\n";

TEST_F(PursuitChoice, MELEE_24_winners_of_a_fight_for_a_defended_feature_need_not_pursue) {
  fight_with("infantry_squad", 22, false, kTrenches);
  EXPECT_TRUE(rolls("MELEE-24").empty()) << "no test: they hold the trench";
  EXPECT_FALSE(logged("pursuing"));
}

TEST_F(PursuitChoice, MELEE_24_they_may_still_choose_to_pursue_from_it) {
  fight_with("infantry_squad", 22, true, kTrenches);
  EXPECT_TRUE(rolls("MELEE-24").empty());
  ASSERT_TRUE(logged("pursuing"));
  EXPECT_EQ(last("pursuing")->at("pressed"), true);
}

TEST_F(PursuitChoice, MELEE_24_ruling_never_counts_no_fight_as_for_a_feature) {
  fight_with("infantry_squad", 22, false, kTrenches + "rulings: {ruling.MELEE-24: never}\n");
  ASSERT_EQ(rolls("MELEE-24").size(), 1u);
  EXPECT_EQ(rolls("MELEE-24")[0].at("for_feature"), false);
  EXPECT_TRUE(logged("pursuing"));
}

TEST_F(PursuitChoice, MELEE_24_a_wall_within_an_inch_of_the_winners_counts_too) {
  // The same fight in the open, then with a short wall running north from just east of the Blue
  // squad's eastmost model as it stands when the routers break (clear of the Guard and of the
  // Charge's path): within its base and 1" of it, or just beyond.
  const auto eastmost = [&] {
    const auto& blue = setup_->units[1];
    table::Point at{-1e9, 0.0};
    for (int m = blue.first_model; m < blue.first_model + blue.model_count; ++m)
      if (state_.models[m].pose.position.x > at.x) at = state_.models[m].pose.position;
    return at;
  };
  fight_with("infantry_squad", 22, false);
  const table::Point at = eastmost();
  const double reach = state_.models[setup_->units[1].first_model].pose.base_radius + 1.0;
  const auto wall_at = [&](double gap) {
    return fmt::format(
        "obstacles:\n  - {{id: dyke, kind: wall, height: 1, points: [[{0}, {1}], [{0}, {2}]]}}\n",
        at.x + gap, at.y, at.y + 3.0);
  };
  log_.clear();
  fight_with("infantry_squad", 22, false, wall_at(reach - 0.01));
  EXPECT_EQ(eastmost(), at) << "the wall changed nothing of the fight";
  EXPECT_TRUE(rolls("MELEE-24").empty());
  EXPECT_FALSE(logged("pursuing"));
  log_.clear();
  fight_with("infantry_squad", 22, false, wall_at(reach + 0.01));
  EXPECT_EQ(eastmost(), at);
  EXPECT_EQ(rolls("MELEE-24").size(), 1u);
}

TEST(PursuitChoiceActions, MELEE_24_25_the_actions_read_and_write_pursue) {
  Action fight = act(ActionKind::fight, 3);
  fight.pursue = true;
  EXPECT_EQ(to_json(fight).at("pursue"), true);
  EXPECT_EQ(action_from_json(to_json(fight)), fight);
  EXPECT_FALSE(to_json(act(ActionKind::fight, 3)).contains("pursue"));  // as before: optional
  Action order = act(ActionKind::pursuit_order, 2);
  EXPECT_EQ(to_json(order).at("pursue"), false);
  EXPECT_EQ(action_from_json(to_json(order)), order);
  order.pursue = true;
  EXPECT_EQ(action_from_json(to_json(order)), order);
  // An order must say which; no other action says whether to pursue.
  EXPECT_THROW(action_from_text(R"({"type": "pursuit_order", "unit": 2})", "t"), std::exception);
  EXPECT_THROW(action_from_text(R"({"type": "break_off", "unit": 2, "pursue": true})", "t"),
               std::exception);
}

// The routers, the far squad and the pursuing Assault squad of test::PursuitFixture (Blue's
// unit 2 pursues Red's routing unit 0; Red's activation phase).
class PursuitOrders : public test::PursuitFixture {
 protected:
  Action order(bool pursue) const {
    Action a = act(ActionKind::pursuit_order, 2);
    a.pursue = pursue;
    return a;
  }
};

TEST_F(PursuitOrders, MELEE_25_a_pressed_pursuit_makes_no_halt_test) {
  state_.units[2].press_pursuit = true;
  script({6, 6, 6, 6, 6, 6});  // the routers flee off the table (MOVE-05, MELEE-21 twice)
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(state_.units[0].fled);
  EXPECT_TRUE(rolls("MELEE-25").empty());
  EXPECT_TRUE(state_.units[2].away) << "without a halt test they follow the routers off";
  EXPECT_FALSE(state_.units[2].press_pursuit) << "the order ends with the pursuit";
}

TEST_F(PursuitOrders, MELEE_25_an_order_is_given_in_its_own_activation_phase) {
  {
    // Red's activation phase: Blue's pursuers take no orders now.
    const GameState before = state_;
    EXPECT_NE(apply(state_, order(true), &log_).find("MELEE-25"), std::string::npos);
    EXPECT_EQ(state_, before);
  }
  state_.phasing = 1;  // Blue's activation phase (its compulsory phase passed by)
  const GameState before = state_;
  EXPECT_NE(apply(state_, order(false), &log_).find("already tries to halt"), std::string::npos);
  {
    GameState idle = state_;
    idle.units[2].pursuing = -1;
    EXPECT_NE(apply(idle, order(true), nullptr).find("not pursuing"), std::string::npos);
  }
  EXPECT_EQ(state_, before);
  const auto listed = legal_actions(state_);
  EXPECT_NE(std::find(listed.begin(), listed.end(), order(true)), listed.end());
  EXPECT_EQ(std::find(listed.begin(), listed.end(), order(false)), listed.end());
  must(order(true));
  EXPECT_TRUE(state_.units[2].press_pursuit);
  EXPECT_EQ(log_.back().at("type"), "pursuit_order");
  EXPECT_EQ(pending(state_).side, 1) << "free: the activation phase goes on";
  EXPECT_NE(apply(state_, order(true), &log_).find("already presses"), std::string::npos);
  // Red's compulsory phase: the routers flee off the table, the pursuers follow untested.
  script({6, 6, 6, 6, 6, 6});
  must(act(ActionKind::end_phase));
  EXPECT_TRUE(rolls("MELEE-25").empty());
  EXPECT_TRUE(state_.units[2].away);
}

TEST_F(PursuitOrders, MELEE_25_an_order_to_halt_brings_the_test_back) {
  state_.units[2].press_pursuit = true;
  state_.phasing = 1;
  must(order(false));
  EXPECT_FALSE(state_.units[2].press_pursuit);
  script({6, 6, 6, 6, 6, 6});  // the routers flee off the table
  script({4, 4});              // halt test 8 <= Ld 9: passed
  must(act(ActionKind::end_phase));
  ASSERT_EQ(rolls("MELEE-25").size(), 1u);
  EXPECT_FALSE(state_.units[2].away);
  EXPECT_EQ(state_.units[2].pursuing, -1);
}

}  // namespace
}  // namespace arap::game
