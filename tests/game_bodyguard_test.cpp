// ADV-53 (advanced, option bodyguards): in its mêlée choice, a unit whose leader (the Principal)
// is engaged may have one bodyguard within 3" of the leader trade places with him, once a round.
// The Space Marine Command Squad's three bolter-armed marines guard its Veteran Sergeant.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: the Command Squad (unit 0: the sergeant 0, the Standard Bearer 1, bodyguards 2-4) with its
// sergeant base to base with the Nob (model 5, a 40 mm base) of Blue's Slugga Boyz (unit 1);
// bodyguard 2 stands 2.5" behind him, bodyguard 3 3.5" to his left; everyone else out of reach.
// Red's phase ends and Red chooses first.
class Bodyguards : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra = "") {
    begin(test::battle("bodyguards_" + std::to_string(++count_), "space_marines",
                       "[{unit: command_squad, at: [24, 10]}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", extra),
          3);
    line_up(setup_->units[0], 4.0, 0.0);
    line_up(setup_->units[1], 44.0, 180.0);
    place(0, 24.0, 20.0, 0.0);
    place(5, 24.0, 21.4, 180.0);
    place(2, 24.0, 17.5, 10.0);
    place(3, 20.5, 20.0, 20.0);
    lock(0, 1);
    must(act(ActionKind::end_phase));
    ASSERT_EQ(state_.phase, Phase::melee_choice);
    ASSERT_EQ(pending(state_).unit, 0);
  }

  static Action guard(int model) {
    Action a = act(ActionKind::bodyguard, 0);
    a.target = model;
    return a;
  }

  int count_ = 0;
};

TEST_F(Bodyguards, ADV_53_a_bodyguard_2_5_inches_away_trades_places) {
  arrange();
  must(guard(2));
  EXPECT_EQ(state_.models[0].pose.position, (table::Point{24.0, 17.5}));
  EXPECT_EQ(state_.models[2].pose.position, (table::Point{24.0, 20.0}));
  EXPECT_DOUBLE_EQ(state_.models[2].pose.facing, 0.0);  // he takes the sergeant's stance too
  EXPECT_DOUBLE_EQ(state_.models[0].pose.facing, 10.0);
  const Event* swap = last("bodyguard");
  ASSERT_NE(swap, nullptr);
  EXPECT_EQ(swap->at("rule"), "ADV-53");
  EXPECT_EQ(swap->at("principal"), 0);
  EXPECT_EQ(swap->at("bodyguard"), 2);
  // The choice is still the squad's to make, and the swap is spent for this round.
  EXPECT_EQ(state_.phase, Phase::melee_choice);
  const std::string again = illegal_reason(state_, guard(4));
  EXPECT_NE(again.find("already"), std::string::npos) << again;
  must(act(ActionKind::fight, 0));
}

TEST_F(Bodyguards, ADV_53_a_bodyguard_3_5_inches_away_may_not) {
  arrange();
  const auto refused = refusal(state_, guard(3));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-53");
  EXPECT_NE(refused->text.find("3.5\""), std::string::npos) << refused->text;
}

TEST_F(Bodyguards, ADV_53_the_listing_offers_only_the_bodyguard_in_reach) {
  arrange();
  std::vector<int> offered;
  for (const Action& a : legal_actions(state_))
    if (a.kind == ActionKind::bodyguard) offered.push_back(a.target);
  EXPECT_EQ(offered, std::vector<int>{2});
}

TEST_F(Bodyguards, ADV_53_the_standard_bearer_is_no_bodyguard) {
  arrange();
  place(1, 25.0, 18.0, 0.0);
  const std::string reason = illegal_reason(state_, guard(1));
  EXPECT_NE(reason.find("not a bodyguard"), std::string::npos) << reason;
}

TEST_F(Bodyguards, ADV_53_only_while_the_principal_is_engaged) {
  arrange();
  place(5, 40.0, 40.0, 180.0);
  const std::string reason = illegal_reason(state_, guard(2));
  EXPECT_NE(reason.find("not engaged"), std::string::npos) << reason;
}

TEST_F(Bodyguards, ADV_53_the_option_off_refuses_the_swap) {
  arrange("options: {bodyguards: false}\n");
  const std::string reason = illegal_reason(state_, guard(2));
  EXPECT_NE(reason.find("option bodyguards"), std::string::npos) << reason;
  for (const Action& a : legal_actions(state_)) EXPECT_NE(a.kind, ActionKind::bodyguard);
}

}  // namespace
}  // namespace arap::game
