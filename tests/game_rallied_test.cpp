// ADV-71 (a unit that rallies turns about for free and may not charge its pursuers that turn) and
// ADV-72 (charged by those pursuers, it takes no flank or rear CRS penalty), played through the
// engine with forced dice.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "game/view.hpp"
#include "support/scripted_game.hpp"
#include "table/geometry.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Tactical squad (unit 0) at y = 30, pursuing Blue's Guard squad (unit 1), which routs at
// y = 22, facing away from it. Red ends its phase; Blue's turn opens with the Guard's flight and
// rally test, every die a 1: a 2" flight, a passed rally (snake eyes), and the marines pass their
// test to halt the pursuit.
class Rallied : public test::ScriptedGame {
 protected:
  void arrange(const std::string& extra = "") {
    begin(test::battle("rallied_" + std::to_string(++count_), "space_marines",
                       "[{unit: tactical_squad, at: [24, 30], facing: 180}]", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 22], facing: 180}]", extra),
          3);
    state_.units[1].routing = true;
    state_.units[1].beaten_by = 0;
    state_.units[0].pursuing = 1;
    state_.scripted_dice = &ones_;
    must(act(ActionKind::end_phase));
  }

  Action blue_charges_back() {
    must(activate(1, 1));
    return charge(1, 0);
  }

  bool faces_the_marines() const {
    table::Point centre{0.0, 0.0};
    for (int m = 0; m < 10; ++m) centre = centre + state_.models[m].pose.position;
    centre = centre * 0.1;
    for (int m = 10; m < 20; ++m) {
      const auto& pose = state_.models[m].pose;
      if (std::abs(table::normalise_bearing(pose.facing - table::bearing(pose.position, centre) +
                                            180.0) -
                   180.0) > 1e-6)
        return false;
    }
    return true;
  }

  ConstantDice ones_{1};
  int count_ = 0;
};

TEST_F(Rallied, ADV_71_a_rallied_unit_may_not_charge_its_pursuers_that_turn) {
  arrange();
  ASSERT_FALSE(state_.units[1].routing);
  EXPECT_TRUE(state_.units[1].own_turn.rallied);
  EXPECT_EQ(state_.units[1].rallied_from, 1u);
  const std::string refused = apply(state_, blue_charges_back(), &log_);
  EXPECT_NE(refused.find("ADV-71"), std::string::npos) << refused;
}

TEST_F(Rallied, ADV_71_a_rallied_unit_turns_to_face_the_enemy) {
  arrange();
  EXPECT_TRUE(faces_the_marines());
}

TEST_F(Rallied, ADV_71_the_option_off_lets_it_charge_and_leaves_its_facing) {
  arrange("options: {rallied_units: false}\n");
  EXPECT_FALSE(faces_the_marines());
  EXPECT_EQ(apply(state_, blue_charges_back(), &log_), "");
}

TEST_F(Rallied, ADV_71_next_turn_it_may_charge_them) {
  arrange();
  must(act(ActionKind::end_phase));  // Blue's turn ends; Red's passes
  must(act(ActionKind::end_phase));
  EXPECT_FALSE(state_.units[1].own_turn.rallied);
  EXPECT_EQ(apply(state_, blue_charges_back(), &log_), "");
}

Action face(int unit, double facing) {
  Action a = act(ActionKind::face, unit);
  a.facing = facing;
  return a;
}

TEST_F(Rallied, ADV_71_the_player_picks_the_free_turn_once_before_activating) {
  arrange();
  // Listed: the free turn toward the one enemy unit (due north, where the marines stand).
  const auto listed = legal_actions(state_);
  const auto turn = std::find_if(listed.begin(), listed.end(),
                                 [](const Action& a) { return a.kind == ActionKind::face; });
  ASSERT_NE(turn, listed.end());
  EXPECT_EQ(turn->unit, 1);
  EXPECT_NEAR(*turn->facing, 0.0, 1e-9);
  const auto free_turn_badge = [&] {
    const auto badges = state_view(state_).at("units").at(1).at("badges");
    return std::find(badges.begin(), badges.end(), "free_turn") != badges.end();
  };
  EXPECT_TRUE(free_turn_badge());
  // Any bearing is the player's: the Guard turn to face east, every model alike.
  must(face(1, 90.0));
  EXPECT_FALSE(free_turn_badge());
  for (int m = 10; m < 20; ++m) EXPECT_DOUBLE_EQ(state_.models[m].pose.facing, 90.0);
  EXPECT_TRUE(logged("faced"));
  const std::string again = illegal_reason(state_, face(1, 180.0));
  EXPECT_EQ(again.rfind("ADV-71:", 0), 0u) << again;
  EXPECT_NE(again.find("already"), std::string::npos) << again;
}

TEST_F(Rallied, ADV_71_no_free_turn_after_the_activation_attempt_nor_for_others) {
  arrange();
  must(activate(1, 1));
  must(act(ActionKind::end_activation, 1));
  const std::string late = illegal_reason(state_, face(1, 90.0));
  EXPECT_NE(late.find("before it tries to activate"), std::string::npos) << late;
  // The marines did not rally: no free turn for them (nor is it their turn).
  EXPECT_EQ(illegal_reason(state_, face(0, 90.0)).rfind("ADV-71:", 0), 0u);
}

TEST_F(Rallied, ADV_71_the_option_off_offers_no_free_turn) {
  arrange("options: {rallied_units: false}\n");
  const std::string off = illegal_reason(state_, face(1, 90.0));
  EXPECT_NE(off.find("rallied_units"), std::string::npos) << off;
}

// Red: a Guard squad (unit 0) at y = 14 facing south, its back to Blue's Assault squad (unit 1)
// 10" north, which pursued it before it rallied. Blue charges it in the rear (a 10" roll) and the
// Guard hold.
class RalliedCharged : public test::ScriptedGame {
 protected:
  void charge_the_rallied(const std::string& extra) {
    begin(test::battle("rallied_charged_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14], facing: 180}]", "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]", extra),
          3);
    state_.units[0].rallied_from = 2u;  // bit 1: the Assault squad
    second_side_charges(1, 0);
    script({3, 3});
    must(act(ActionKind::hold, 0));
    ASSERT_TRUE(state_.units[1].locked & 1u);
  }

  const Event* charge_event() const {
    for (const auto& e : log_)
      if (e.value("type", "") == "charge") return &e;
    return nullptr;
  }

  int count_ = 0;
};

TEST_F(RalliedCharged, ADV_72_no_rear_penalty_against_the_pursuers_but_their_bonuses_stand) {
  charge_the_rallied("");
  ASSERT_NE(charge_event(), nullptr);
  EXPECT_EQ(charge_event()->at("approach"), "rear");
  EXPECT_EQ(charge_event()->at("bonus_attacks"), 2);
  EXPECT_TRUE(state_.units[1].round.rear_bonus);
  EXPECT_EQ(state_.units[1].round.charge_crs, 1);
  EXPECT_EQ(state_.units[0].round.flank_penalty, 0);
  EXPECT_EQ(state_.units[0].rallied_from, 0u);  // spent: it is in the fight now
}

TEST_F(RalliedCharged, ADV_72_the_option_off_keeps_the_penalty) {
  charge_the_rallied("options: {rallied_know_pursuers: false}\n");
  EXPECT_EQ(state_.units[0].round.flank_penalty, 1);
}

}  // namespace
}  // namespace arap::game
