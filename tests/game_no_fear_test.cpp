// ADV-69 (optional, option no_fear_roll_off): 2.3's They Shall Know No Fear. Marines that fail
// the rout test after a lost round roll off, D6 + I against the victors' D6 + I: higher, they
// flinch 2D6" at their own next compulsory phase and rally (no Charge at that unit that turn);
// lower or tied, they fight on with No Retreat for the next round. With scripted dice.
#include <gtest/gtest.h>

#include <algorithm>

#include "rules/combat_resolution.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

TEST(NoFearRollOff, ADV_69_marines_I4_against_orks_I2_flinch_13_in_18) {
  int flinch = 0;
  int stand = 0;
  for (int marines = 1; marines <= 6; ++marines)
    for (int orks = 1; orks <= 6; ++orks)
      (rules::no_fear_roll_off(marines + 4, orks + 2) == rules::NoFearRollOff::flinch ? flinch
                                                                                      : stand)++;
  EXPECT_EQ(flinch, 26);  // 26/36 = 13/18
  EXPECT_EQ(stand, 10);   // 10/36 = 5/18
  EXPECT_EQ(rules::no_fear_roll_off(7, 7), rules::NoFearRollOff::stand) << "a tie stands";
}

// Red: a Tactical squad (unit 0, models 0-9, sergeant Ld 9, I4); Marine X (model 1) touches a
// Lictor (Blue, unit 1, model 10, I6, A3) at (24, 20); the rest of the squad waits 12" off. The
// Lictor strikes first: a saved wound on X, then one that slays him, then a miss. Nobody strikes
// back: the Marines lose the round by WD -1, and their rout test (Ld 9 - 1) fails on 6 + 6.
class NoFearFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& options = "options: {no_fear_roll_off: true}\n") {
    begin(test::battle("no_fear_" + std::to_string(++count_), "space_marines",
                       "[{unit: tactical_squad, at: [24, 14]}]", "tyranids",
                       "[{unit: lictor, at: [24, 24], facing: 180}]", options),
          3);
    place(10, 24.0, 20.0, 180.0);
    place(1, 24.0, 18.7, 0.0);
    for (const int m : {0, 2, 3, 4, 5, 6, 7, 8, 9}) place(m, 10.0 + 1.5 * m, 8.0, 0.0);
    lock(0, 1);
  }

  // The round's dice: the Lictor's wound saved, wound unsaved and miss; then (`rout_test`) the
  // Marines' rout test failed on 6 + 6.
  void lose_round(bool rout_test = true) {
    script({1, 6, 6, 1, 6, 1, 6});
    if (rout_test) script({6, 6});
  }

  double gap_to_lictor() const {
    double best = 1e9;
    for (int m = 0; m < 10; ++m)
      if (state_.models[m].pose.alive)
        best = std::min(
            best, table::distance(state_.models[m].pose.position, state_.models[10].pose.position));
    return best;
  }

  int count_ = 0;
};

TEST_F(NoFearFight, ADV_69_marines_that_win_the_roll_off_flinch_at_their_next_compulsory_phase) {
  arrange();
  lose_round();
  script({6, 1});  // the roll-off: 6 + 4 = 10 against the Lictor's 1 + 6 = 7
  const auto before = state_.models[0].pose.position;
  fight(0, 1);
  ASSERT_FALSE(state_.models[1].pose.alive);
  const auto rout = rolls("MELEE-16");
  ASSERT_EQ(rout.size(), 1u);
  EXPECT_EQ(rout[0].at("dice").size(), 2u) << "no MORALE-05 re-roll";
  const auto off = rolls("ADV-69");
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0].at("total"), 10);
  EXPECT_EQ(off[0].at("goal"), 7);
  EXPECT_EQ(off[0].at("flinch"), true);
  EXPECT_TRUE(logged("no_fear_flinch"));
  // Out of the fight, not routing, nobody pursuing; nobody moved yet.
  const UnitState& marines = state_.units[0];
  EXPECT_EQ(marines.locked, 0u);
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_TRUE(marines.rout_pending && marines.no_fear_flinch);
  EXPECT_FALSE(marines.routing);
  EXPECT_EQ(state_.units[1].pursuing, -1);
  EXPECT_TRUE(rolls("MELEE-24").empty());
  EXPECT_EQ(state_.models[0].pose.position, before);
  EXPECT_TRUE(dice_.exhausted());

  // Blue's turn: its compulsory phase leaves the Marines waiting.
  ASSERT_EQ(state_.phasing, 1);
  EXPECT_TRUE(state_.units[0].no_fear_flinch);
  // Red's turn: the flinch, 3 + 4 = 7", straight away from the Lictor, then the rally.
  const double gap = gap_to_lictor();
  script({3, 4});
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 0);
  const auto flinch = rolls("ADV-69");
  ASSERT_EQ(flinch.size(), 2u);
  EXPECT_EQ(flinch[1].at("inches"), 7);
  EXPECT_FALSE(marines.rout_pending || marines.no_fear_flinch || marines.routing);
  EXPECT_TRUE(marines.own_turn.no_fear_flinched);
  EXPECT_GT(gap_to_lictor(), gap);
  EXPECT_TRUE(dice_.exhausted());
  // They act, but may not charge the Lictor this turn.
  script({1, 1});
  must(activate(0, 2));
  const std::string reason = illegal_reason(state_, charge(0, 1));
  EXPECT_EQ(reason.rfind("ADV-69:", 0), 0u) << reason;
}

TEST_F(NoFearFight, ADV_69_marines_that_lose_the_roll_off_fight_on_without_a_flinch) {
  arrange();
  lose_round();
  script({1, 6});  // the roll-off: 1 + 4 = 5 against the Lictor's 6 + 6 = 12
  fight(0, 1);
  const auto off = rolls("ADV-69");
  ASSERT_EQ(off.size(), 1u);
  EXPECT_EQ(off[0].at("flinch"), false);
  const UnitState& marines = state_.units[0];
  EXPECT_NE(marines.locked & 2u, 0u) << "still locked with the Lictor";
  EXPECT_TRUE(marines.no_retreat_round);
  EXPECT_FALSE(marines.rout_pending || marines.routing || marines.no_fear_flinch);
  EXPECT_TRUE(rolls("MELEE-18").empty()) << "no flinch move";
  EXPECT_TRUE(dice_.exhausted());
}

// The round after a lost roll-off: the Marines lose again and take No Retreat's wounds (ADV-66)
// in place of a rout test; the flag lasts that one round.
TEST_F(NoFearFight, ADV_69_the_next_round_lost_brings_no_retreat_wounds_not_a_rout_test) {
  arrange();
  state_.units[0].no_retreat_round = true;
  lose_round(/*rout_test=*/false);
  for (int i = 0; i < 20; ++i) script({6});  // No Retreat's saves: all made (Sv 3+)
  fight(0, 1);
  EXPECT_TRUE(rolls("MELEE-16").empty());
  const auto extra = rolls("ADV-66");
  ASSERT_EQ(extra.size(), 1u);
  const auto score = last("combat_result")->at("score");
  EXPECT_EQ(extra[0].at("wounds"), score[1].get<int>() - score[0].get<int>());
  EXPECT_EQ(extra[0].at("unsaved"), 0);
  EXPECT_FALSE(state_.units[0].no_retreat_round);
}

TEST_F(NoFearFight, ADV_69_switched_off_the_marines_re_roll_and_rout) {
  arrange("");
  lose_round();
  script({6, 6});                            // MORALE-05's re-roll fails too
  for (int i = 0; i < 20; ++i) script({6});  // the rout move and anything after
  fight(0, 1);
  EXPECT_TRUE(rolls("ADV-69").empty());
  const auto rout = rolls("MELEE-16");
  ASSERT_EQ(rout.size(), 1u);
  EXPECT_EQ(rout[0].at("dice").size(), 4u);
  // Routed (Blue's compulsory phase has already set them fleeing).
  EXPECT_TRUE(state_.units[0].routing || state_.units[0].rout_pending);
  EXPECT_TRUE(logged("rout"));
  EXPECT_FALSE(state_.units[0].no_fear_flinch);
}

}  // namespace
}  // namespace arap::game
