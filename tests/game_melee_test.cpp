// Charges and close combat as the game plays them, with scripted dice: CHARGE-01..17 and
// MELEE-04..29 through the engine's actions.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard infantry squad (unit 0: sergeant + 9, I3, Ld 8) facing north at y = 14; Blue: an
// Assault squad (unit 1: sergeant A2 + 4 marines, WS4 I4, M4, value 4) facing it from y = 24.
class Melee : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("melee", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
  }

  Action charge(int unit, int target, bool fire = false) {
    Action a = act(ActionKind::charge, unit);
    a.target = target;
    a.fire = fire;
    return a;
  }

  // Blue's turn: the Assault squad activates with one die (a success) and charges the Guard.
  void blue_charges(bool fire = false) {
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
    must(charge(1, 0, fire));
  }

  int events(const std::string& type) const {
    int n = 0;
    for (const auto& e : log_) n += e.value("type", "") == type ? 1 : 0;
    return n;
  }

  const Event* last(const std::string& type) const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("type", "") == type) return &*it;
    return nullptr;
  }

  double gap() const {
    double best = 1e9;
    for (int m = 0; m < 10; ++m)
      for (int n = 10; n < 15; ++n)
        if (state_.models[m].pose.alive && state_.models[n].pose.alive)
          best = std::min(best, table::distance(state_.models[m].pose.position,
                                                state_.models[n].pose.position));
    return best;
  }
};

TEST_F(Melee, CHARGE_03_a_charge_within_reach_locks_the_units) {
  const double start = gap();
  ASSERT_GT(start, 4.0);
  blue_charges();
  ASSERT_EQ(state_.phase, Phase::charge_response);
  EXPECT_EQ(pending(state_).side, 0);
  EXPECT_EQ(pending(state_).unit, 0);
  script({3, 3});  // 4 + 6 = 10"
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(state_.units[1].locked & 1u) << "gap " << start;
  EXPECT_TRUE(state_.units[0].locked & 2u);
  EXPECT_TRUE(logged("charge"));
  EXPECT_EQ(last("charge")->at("approach"), "front");
  EXPECT_EQ(last("charge")->at("bonus_attacks"), 1);  // CHARGE-05 frontal
  EXPECT_LE(gap(), 2.0 + 1e-9);
  // The charge used the unit's only AP: the activation is over and Blue is back to choosing.
  EXPECT_EQ(state_.phase, Phase::activation);
  // CHARGE-01: the unit is locked; MELEE-29: it cannot be activated again.
  EXPECT_NE(illegal_reason(state_, activate(1, 1)), "");
}

TEST_F(Melee, CHARGE_04_a_failed_charge_moves_the_highest_die) {
  const double start = gap();
  blue_charges();
  script({1, 2});  // 4 + 3 = 7": short
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(logged("charge_failed"));
  EXPECT_EQ(last("charge_failed")->at("inches"), 2);
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_NEAR(gap(), start - 2.0, 0.05);
  EXPECT_TRUE(state_.units[1].charge_failed);
}

TEST_F(Melee, CHARGE_02_out_of_reach_is_refused_and_changes_nothing) {
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  // Move the Guard far away: 4 + 12 + 2 = 18" is the longest reach.
  for (int m = 0; m < 10; ++m) state_.models[m].pose.position.y -= 10.0;
  const GameState before = state_;
  const std::string reason = apply(state_, charge(1, 0), &log_);
  EXPECT_NE(reason.find("CHARGE-02"), std::string::npos) << reason;
  EXPECT_TRUE(state_ == before);
}

TEST_F(Melee, CHARGE_01_one_charge_per_turn) {
  must(act(ActionKind::end_phase));
  script({1, 1, 1});
  must(activate(1, 3));  // 3 AP
  must(charge(1, 0));
  script({1, 2});  // fails
  must(act(ActionKind::hold, 0));
  // CHARGE-04: a failed charge ends the activation (the optional re-charge is off).
  EXPECT_EQ(state_.phase, Phase::activation);
}

TEST_F(Melee, CHARGE_08_running_away_and_being_caught_routs) {
  blue_charges();
  script({6, 6});  // the charge: 16" (rolled when the charge is made)
  script({2, 2});  // the Guard run 4"
  // Free hacks (MELEE-22) by the chargers in reach, all sixes (misses), then the D6 rout move.
  for (int i = 0; i < 30; ++i) script({6});
  must(act(ActionKind::run, 0));
  const Event* hacks = nullptr;
  for (const auto& e : log_)
    if (e.value("what", "") == "free hacks") hacks = &e;
  ASSERT_NE(hacks, nullptr);
  EXPECT_EQ(hacks->at("goal"), 4);
  EXPECT_EQ(hacks->at("unsaved"), 0);
  EXPECT_TRUE(logged("caught_running"));
  EXPECT_TRUE(state_.units[0].rout_pending || !state_.unit_alive(0));
  EXPECT_EQ(state_.units[1].locked, 0u);  // no combat follows, only free hacks
}

TEST_F(Melee, CHARGE_14_stand_and_fire_with_no_success_only_holds) {
  blue_charges();
  script({3, 3});  // charge 10"
  script({6, 6});  // Guard activation value 3: no success
  must(act(ActionKind::stand_and_fire, 0));
  EXPECT_FALSE(logged("stand_and_fire"));
  EXPECT_TRUE(state_.units[1].locked & 1u);
}

TEST_F(Melee, CHARGE_14_stand_and_fire_with_one_success_fires_rifles_once_at_BS1) {
  blue_charges();
  script({3, 3});  // charge 10" (rolled before the reaction fire, CHARGE-15 needs it)
  script({2, 5});  // one success
  // Eight lasguns and the sergeant's laspistol fire once each at BS1 (goal 1); all miss.
  for (int i = 0; i < 9; ++i) script({6});
  must(act(ActionKind::stand_and_fire, 0));
  const Event* fire = last("stand_and_fire");
  ASSERT_NE(fire, nullptr);
  EXPECT_EQ(fire->at("shots"), 9);
  EXPECT_EQ(fire->at("hits"), 0);
}

TEST_F(Melee, CHARGE_14_two_successes_also_fire_heavy_weapons) {
  // The same squad has no heavy weapon; two successes fire the same once-only shots.
  blue_charges();
  script({3, 3});
  script({1, 2});  // two successes
  for (int i = 0; i < 9; ++i) script({6});
  must(act(ActionKind::stand_and_fire, 0));
  EXPECT_EQ(last("stand_and_fire")->at("shots"), 9);
}

TEST_F(Melee, illegal_responses_change_nothing) {
  blue_charges();
  const GameState before = state_;
  EXPECT_NE(apply(state_, act(ActionKind::hold, 1), &log_), "");  // not the charged unit
  EXPECT_NE(apply(state_, act(ActionKind::fight, 0), &log_), "");  // not a mêlée choice now
  EXPECT_TRUE(state_ == before);
}

}  // namespace
}  // namespace arap::game
