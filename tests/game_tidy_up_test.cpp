// ADV-73: tidying up after a mêlée round that goes on: models left out of the fight step in (up
// to their move) toward the enemies they are locked with, or turn to face them.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/record.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard infantry squad (unit 0: I3); its sergeant (model 0) touches an Ork Boy (Blue's
// second model, I2) and a Guardsman (model 1) stands 3.5" from that Boy, out of the fight. The
// rest of both units wait well off. Every die a 6: every blow misses and the round is drawn, so
// the fight goes on.
class TidyUp : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra) {
    setup_ = guard_against_boyz("tidy_up_" + std::to_string(++count_), extra);
    boy_ = setup_->units[1].first_model + 1;
    place(boy_, 24.0, 20.0, 180.0);
    place(0, 24.0, 18.7, 0.0);
    place(1, 27.5, 20.0, 90.0);  // facing away east
    lock(0, 1);
    state_.scripted_dice = &constant_;
    fight(0, 1);
  }

  double gap() const {
    return table::distance(state_.models[1].pose.position, state_.models[boy_].pose.position);
  }

  std::shared_ptr<const GameSetup> setup_;
  int boy_ = 0;
  int count_ = 0;
};

TEST_F(TidyUp, ADV_73_a_model_out_of_the_fight_steps_into_contact_at_round_end) {
  arrange("");
  ASSERT_NE(state_.units[0].locked & 2u, 0u) << "the fight goes on";
  EXPECT_LT(gap(), 1.0) << "in base contact (two 25 mm bases: 0.98\")";
  ASSERT_NE(last("tidy_up"), nullptr);
  EXPECT_EQ(last("tidy_up")->at("rule"), "ADV-73");
  EXPECT_EQ(last("tidy_up")->at("models"), 1);
  EXPECT_NE(battle_report(*setup_, log_).find("1 model(s) step into the fight (ADV-73)"),
            std::string::npos);
}

TEST_F(TidyUp, ADV_73_switched_off_it_stays_where_it_was) {
  arrange("options: {tidy_up: false}\n");
  ASSERT_NE(state_.units[0].locked & 2u, 0u);
  EXPECT_NEAR(gap(), 3.5, 1e-9);
  EXPECT_EQ(last("tidy_up"), nullptr);
}

}  // namespace
}  // namespace arap::game
