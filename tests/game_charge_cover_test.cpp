// Charges against cover and the grenades and rules that change them, played through the engine
// with scripted dice: CHARGE-10, CHARGE-13, CHARGE-16, CHARGE-17, CHARGE-19 and MELEE-28.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red's Guard squad (unit 0, I3) stands 1" behind a 1" wall (hard cover, crossed freely) at
// y = 14, facing north; Blue's `chargers` (unit 1) wait 10" north of it, facing south.
class ChargeIntoCover : public test::ScriptedGame {
 protected:
  void setup_battle(const std::string& army, const std::string& chargers,
                    const std::string& options = "") {
    begin(test::battle(
              "cover_" + chargers, "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]", army,
              "[{unit: " + chargers + ", at: [24, 24], facing: 180, spacing: 1.8}]",
              options + "obstacles:\n  - {id: wall, kind: wall, height: 1, points: [[4, 15], "
                        "[44, 15]]}\n"),
          3);
  }

  // Blue charges (a 10" roll), the Guard hold; then every die shows 1 (every attack hits, no
  // wound roll succeeds, Ld tests pass on snake eyes) and Blue ends its phase: round 1.
  void charge_and_fight_first_round(bool pin_the_guard = false) {
    must(act(ActionKind::end_phase));
    // As if Blue's fire had pinned the Guard earlier in its turn.
    state_.units[0].own_turn.pinned = pin_the_guard;
    script({1});
    must(activate(1, 1));
    if (pin_the_guard) script({3, 3});  // pinned, no response: the charge goes in at once
    must(charge(1, 0));
    if (!pin_the_guard) {
      script({3, 3});
      must(act(ActionKind::hold, 0));
    }
    ASSERT_TRUE(state_.units[1].locked & 1u);
    state_.scripted_dice = &ones_;
    must(act(ActionKind::end_phase));
    must(act(ActionKind::fight, 1));
    must(act(ActionKind::fight, 0));
  }

  // The Initiative steps of each unit's blows in log order: (unit, step), once per unit and step
  // (a unit's fighters with different to-hit goals log one roll each).
  std::vector<std::pair<int, int>> blows() const {
    std::vector<std::pair<int, int>> out;
    for (const auto& e : log_) {
      if (e.value("type", "") != "roll" || e.value("rule", "") != "MELEE-05") continue;
      const std::pair<int, int> blow{e.at("unit").get<int>(), e.at("step").get<int>()};
      if (out.empty() || out.back() != blow) out.push_back(blow);
    }
    return out;
  }

  ConstantDice ones_{1};
};

TEST_F(ChargeIntoCover, CHARGE_10_chargers_fight_the_first_round_at_initiative_one) {
  // Scouts (I4) carry no assault grenades.
  setup_battle("space_marines", "scout_snipers");
  ASSERT_FALSE(setup_->units[1].assault_grenades);
  charge_and_fight_first_round();
  const auto round_one = blows();
  ASSERT_EQ(round_one.size(), 2u);
  EXPECT_EQ(round_one[0], std::make_pair(0, 3));  // the Guard strike first, at their own I3
  EXPECT_EQ(round_one[1], std::make_pair(1, 1));  // the Scouts at I1
  EXPECT_FALSE(state_.units[1].round.charged_into_cover) << "only the first round";
  // The Guard passed their rout test (snake eyes) and flinched 1": the fight goes on. In the next
  // round the Scouts strike at their own Initiative again, before the Guard.
  ASSERT_TRUE(state_.units[1].locked & 1u);
  log_.clear();
  must(act(ActionKind::end_phase));  // Red's activation phase (turn 2)
  ASSERT_EQ(state_.phase, Phase::melee_choice);
  must(act(ActionKind::fight, pending(state_).unit));
  must(act(ActionKind::fight, pending(state_).unit));
  const auto round_two = blows();
  ASSERT_EQ(round_two.size(), 2u);
  EXPECT_EQ(round_two[0], std::make_pair(1, 4));
  EXPECT_EQ(round_two[1], std::make_pair(0, 3));
}

TEST_F(ChargeIntoCover, CHARGE_16_assault_grenades_cancel_the_cover) {
  setup_battle("space_marines", "assault_squad");  // frag grenades all round
  ASSERT_TRUE(setup_->units[1].assault_grenades);
  charge_and_fight_first_round();
  const auto round_one = blows();
  ASSERT_EQ(round_one.size(), 2u);
  EXPECT_EQ(round_one[0], std::make_pair(1, 4));
  EXPECT_EQ(round_one[1], std::make_pair(0, 3));
}

TEST_F(ChargeIntoCover, MELEE_28_pinned_defenders_claim_no_cover_against_a_charge) {
  setup_battle("space_marines", "scout_snipers");
  charge_and_fight_first_round(/*pin_the_guard=*/true);
  const auto round_one = blows();
  ASSERT_EQ(round_one.size(), 2u);
  EXPECT_EQ(round_one[0], std::make_pair(1, 4));
  EXPECT_EQ(round_one[1], std::make_pair(0, 3));
}

// ADV-01: defenders gone to ground fight normally but claim no Initiative from their cover.
TEST_F(ChargeIntoCover, ADV_01_defenders_gone_to_ground_claim_no_cover_against_a_charge) {
  setup_battle("space_marines", "scout_snipers", "options: {going_to_ground: true}\n");
  must(act(ActionKind::go_to_ground, 0));  // instead of activating, in Red's own turn
  ASSERT_TRUE(state_.units[0].gone_to_ground());
  charge_and_fight_first_round();
  ASSERT_TRUE(state_.units[0].gone_to_ground()) << "down until the end of Red's next turn";
  const auto round_one = blows();
  ASSERT_EQ(round_one.size(), 2u);
  EXPECT_EQ(round_one[0], std::make_pair(1, 4));  // the Scouts at their own I4, first
  EXPECT_EQ(round_one[1], std::make_pair(0, 3));
}

TEST_F(ChargeIntoCover, CHARGE_19_flesh_hooks_make_the_first_round_simultaneous) {
  setup_battle("tyranids", "lictor");
  ASSERT_TRUE(setup_->units[1].flesh_hooks);
  charge_and_fight_first_round();
  const auto round_one = blows();
  ASSERT_EQ(round_one.size(), 2u);
  // One step for everybody: the Lictor (I6) and the Guard (I3) strike together.
  EXPECT_EQ(round_one[0].second, round_one[1].second);
  int melee_rounds = 0;
  for (const auto& e : log_) melee_rounds += e.value("type", "") == "melee_round" ? 1 : 0;
  EXPECT_EQ(melee_rounds, 1);
  EXPECT_FALSE(state_.units[1].round.simultaneous) << "only the first round";
}

// CHARGE-17: Red's Guardian Defenders (unit 0, plasma grenades: defensive) face north at y = 14;
// Blue's Assault squad (unit 1) comes at their right flank from 10" east.
class DefensiveGrenades : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("defensive", "eldar",
                       "[{unit: guardian_defenders, at: [20, 14], spacing: 1.2}]", "space_marines",
                       "[{unit: assault_squad, at: [36, 14], facing: 270, spacing: 1.5, "
                       "formation: column}]"),
          3);
  }
};

TEST_F(DefensiveGrenades, CHARGE_17_defensive_grenades_take_every_charge_bonus) {
  ASSERT_TRUE(setup_->units[0].defensive_grenades);
  second_side_charges(1, 0);
  script({3, 3});
  must(act(ActionKind::hold, 0));
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(logged("defensive_grenades"));
  const Event* charge = nullptr;
  for (const auto& e : log_)
    if (e.value("type", "") == "charge") charge = &e;
  ASSERT_NE(charge, nullptr);
  EXPECT_EQ(charge->at("approach"), "flank");
  EXPECT_EQ(charge->at("bonus_attacks"), 0);
  EXPECT_EQ(state_.units[1].round.charge_crs, 0);
  EXPECT_EQ(state_.units[0].round.flank_penalty, 0);
}

TEST_F(DefensiveGrenades, CHARGE_17_not_against_a_charge_from_behind) {
  // The Assault squad starts south of the Guardians instead: behind them.
  for (int m = 10; m < 15; ++m) state_.models[m].pose.position = {20.0 + 1.5 * (m - 12), 4.0};
  second_side_charges(1, 0);
  script({3, 3});
  must(act(ActionKind::hold, 0));
  ASSERT_TRUE(state_.units[1].locked & 1u);
  EXPECT_FALSE(logged("defensive_grenades"));
  EXPECT_GT(state_.units[1].round.charge_crs, 0);
}

// CHARGE-13: who may Stand and Fire.
class StandAndFireEligibility : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("stand_and_fire", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
  }

  std::string refusal() {
    second_side_charges(1, 0);
    script({3, 3});
    const GameState before = state_;
    const std::string reason = apply(state_, act(ActionKind::stand_and_fire, 0), &log_);
    EXPECT_EQ(state_, before);
    return reason;
  }
};

TEST_F(StandAndFireEligibility, CHARGE_13_allowed_against_a_frontal_charge_from_beyond_move) {
  second_side_charges(1, 0);
  script({3, 3});
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::stand_and_fire, 0)), "");
}

TEST_F(StandAndFireEligibility, CHARGE_13_not_from_within_the_chargers_move) {
  for (int m = 10; m < 15; ++m) state_.models[m].pose.position.y = 17.5;  // 3.5" away, M4
  EXPECT_NE(refusal().find("CHARGE-13"), std::string::npos);
}

TEST_F(StandAndFireEligibility, CHARGE_13_not_against_chargers_from_behind) {
  for (int m = 10; m < 15; ++m) state_.models[m].pose.position.y = 4.0;
  EXPECT_NE(refusal().find("CHARGE-13"), std::string::npos);
}

TEST_F(StandAndFireEligibility, CHARGE_13_a_pinned_unit_has_no_reaction_at_all) {
  must(act(ActionKind::end_phase));
  state_.units[0].own_turn.pinned = true;  // as if Blue's fire had pinned the Guard this turn
  script({1});
  must(activate(1, 1));
  script({3, 3});  // the charge is rolled straight away: no response is asked for
  must(charge(1, 0));
  EXPECT_NE(state_.phase, Phase::charge_response);
  EXPECT_TRUE(state_.units[1].locked & 1u);
}

}  // namespace
}  // namespace arap::game
