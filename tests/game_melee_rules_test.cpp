// Mêlée rounds set up model by model and played through the engine with scripted dice: wound
// allocation (MELEE-08, both rulings), closing in between steps (MELEE-09), after a break-off
// (MELEE-11), routers' flight (MELEE-19/20), Hatred (MORALE-06) and one heavy-casualty test a
// turn (MORALE-04).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Guard squad (unit 0, models 0-9, T3 W1 Sv5); Blue: a Lictor (unit 1, model 10, WS6 S6
// A3 I6, scything talons) facing south at (24, 20). Guardsman X (model 1) touches it in front;
// Y (model 2) stands in its front arc within 2" but not touching; Z (model 3) is 7.6" away; the
// rest of the squad waits 12" off.
class LictorFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra = "") {
    begin(test::battle("lictor_" + std::to_string(extra.size()), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}]", "tyranids",
                       "[{unit: lictor, at: [24, 24], facing: 180}]", extra),
          3);
    place(10, 24.0, 20.0, 180.0);
    place(1, 24.0, 18.7, 0.0);  // X: 1.3", bases touching
    place(2, 25.3, 18.7, 0.0);  // Y: 1.84"
    place(3, 31.0, 17.0, 0.0);  // Z: 7.6", beyond any closing in
    for (const int m : {0, 4, 5, 6, 7, 8, 9}) place(m, 10.0 + 1.5 * m, 8.0, 0.0);
    lock(0, 1);
  }

  // The models slain in the round (the routers later flee off the table, which is no casualty).
  std::vector<int> casualties() const {
    std::vector<int> out;
    for (const auto& e : log_)
      if (e.value("type", "") == "casualty") out.push_back(e.at("model").get<int>());
    return out;
  }
};

TEST_F(LictorFight, MELEE_08_sequential_wounds_stay_on_a_model_until_it_falls) {
  arrange();
  // Attack 1 on X: hit, wound, saved (6). Attack 2 on X: hit, wound, unsaved: X falls. Attack 3
  // on Y: hit, wound, unsaved. Nobody is left in reach to strike back; the Guard lose (WD -2):
  // rout test 6+6 fails, the D6 rout move, the Lictor's test not to pursue (Ld 10) fails.
  script({1, 6, 6, 1, 6, 1, 1, 6, 1});
  for (int i = 0; i < 40; ++i) script({6});
  fight(0, 1);
  EXPECT_EQ(casualties(), (std::vector<int>{1, 2}));
  const auto attacks = rolls("MELEE-05");
  ASSERT_EQ(attacks.size(), 1u);
  EXPECT_EQ(attacks[0].at("unit"), 1);
  EXPECT_EQ(attacks[0].at("attacks"), 3);
  EXPECT_EQ(attacks[0].at("unsaved"), 2);
  EXPECT_EQ(last("combat_result")->at("wound_difference"), nlohmann::json({-2, 2}));
}

TEST_F(LictorFight, MELEE_08_batch_per_tier_spreads_the_tier_before_the_saves) {
  arrange("rulings: {ruling.MELEE-08: batchPerTier}\n");
  // Three hits and three wounds rolled together; X (tier 1) can take one, Y (tier 2) one, the
  // third goes on to the nearest of the rest (tier 4: Z). Saves: X saves (6), Y and Z fail.
  script({1, 6, 1, 6, 1, 6});  // hit and wound, three times
  script({6, 1, 1});           // the saves, tier by tier
  for (int i = 0; i < 40; ++i) script({6});
  fight(0, 1);
  // X saved its one wound; Z took the wound the first two tiers could not.
  EXPECT_EQ(casualties(), (std::vector<int>{2, 3}));
  const auto attacks = rolls("MELEE-05");
  ASSERT_FALSE(attacks.empty());
  EXPECT_EQ(attacks[0].at("unit"), 1);
  EXPECT_EQ(attacks[0].at("unsaved"), 2);
}

TEST_F(LictorFight, MELEE_09_a_model_whose_step_is_to_come_closes_in_and_strikes) {
  arrange();
  place(3, 24.0, 15.0, 0.0);          // Z: 5" away, unengaged, within its move of the Lictor
  state_.scripted_dice = &constant_;  // sixes: every attack misses
  fight(0, 1);
  const auto attacks = rolls("MELEE-05");
  ASSERT_EQ(attacks.size(), 2u);
  EXPECT_EQ(attacks[0].at("step"), 6);
  EXPECT_EQ(attacks[1].at("unit"), 0);
  EXPECT_EQ(attacks[1].at("step"), 3);
  // X, Y and Z (which moved up after the Lictor's step) strike: one attack each.
  EXPECT_EQ(attacks[1].at("attacks"), 3);
  EXPECT_LE(table::distance(state_.models[3].pose.position, state_.models[10].pose.position),
            2.0 + 1e-9);
}

// Red: Howling Banshees (unit 0, Ld 9 exarch, hate Tyranids) and Blue: Hormagaunts (unit 1),
// locked front to front; every die rolls 6, so every attack misses.
class HatedFoes : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("hatred", "eldar", "[{unit: howling_banshees, at: [24, 14]}]", "tyranids",
                       "[{unit: hormagaunt_brood, at: [24, 15.6], facing: 180, spacing: 1.2}]"),
          3);
    lock(0, 1);
    state_.scripted_dice = &constant_;
  }
};

TEST_F(HatedFoes, MORALE_06_hatred_wins_the_tie_and_makes_holding_back_harder) {
  ASSERT_EQ(setup_->units[0].hates & 0b11u, std::uint64_t{1} << 1);
  // GEN-09: hated as its squad is, each sub-unit slot of the Hormagaunts.
  ASSERT_GT(setup_->units[1].slot_count, 0);
  for (int k = 0; k < setup_->units[1].slot_count; ++k)
    EXPECT_TRUE((setup_->units[0].hates >> (setup_->units[1].first_slot + k)) & 1u);
  ASSERT_EQ(setup_->units[1].hates, 0u);
  fight(0, 1);
  const Event* result = last("combat_result");
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->at("wound_difference"), nlohmann::json({0, 0}));
  EXPECT_EQ(result->at("score"), nlohmann::json({1, 0}));  // MELEE-14c
  // The Hormagaunts fail their rout test; the Banshees test not to pursue at Ld 9 - 1.
  const auto stay = rolls("MELEE-24");
  ASSERT_EQ(stay.size(), 1u);
  EXPECT_EQ(stay[0].at("unit"), 0);
  EXPECT_EQ(stay[0].at("goal"), 8);
}

// MELEE-11: Red's Guard squad (unit 0) broke off from Blue's Assault squad (unit 1); a second
// Blue unit (Scouts, unit 2) stands to the east.
class AfterBreakOff : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("break_off", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}, "
                       "{unit: scout_snipers, at: [42, 14], facing: 270, spacing: 1.5}]"),
          3);
    state_.units[0].left_combat = 1u << 1;
    state_.units[1].left_combat = 1u << 0;
    script({1});
    must(activate(0, 1));
  }
};

TEST_F(AfterBreakOff, MELEE_11_no_charge_at_the_unit_it_left) {
  const GameState before = state_;
  EXPECT_NE(apply(state_, charge(0, 1), &log_).find("MELEE-11"), std::string::npos);
  EXPECT_EQ(state_, before);
}

TEST_F(AfterBreakOff, MELEE_11_no_move_toward_the_unit_it_left) {
  const GameState before = state_;
  EXPECT_NE(apply(state_, move(0, 0.0, 2.0), &log_).find("MELEE-11"), std::string::npos);
  EXPECT_EQ(state_, before);
  EXPECT_EQ(illegal_reason(state_, move(0, 0.0, -2.0)), "") << "away is fine";
  EXPECT_EQ(illegal_reason(state_, move(0, -2.0, -0.5)), "") << "and so is sideways";
}

TEST_F(AfterBreakOff, MELEE_11_another_enemy_may_be_charged) {
  EXPECT_EQ(illegal_reason(state_, charge(0, 2)), "");
}

TEST_F(AfterBreakOff, MELEE_11_the_restriction_ends_after_the_next_turn) {
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));  // Red's turn ends: the Guard's restriction is spent
  EXPECT_EQ(state_.units[0].left_combat, 0u);
  // The Assault squad (left behind) may not close on the Guard in its turn either.
  script({1});
  must(activate(1, 1));
  EXPECT_NE(illegal_reason(state_, move(1, 0.0, -2.0)).find("MELEE-11"), std::string::npos);
}

// Red's Guard squad (unit 0, already turned south) routs from Blue's Assault squad (unit 2) to its
// north; a second Guard squad (unit 1) keeps Red in the game.
class Flight : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("flight", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 24], facing: 180}, {unit: infantry_squad, "
                       "at: [24, 44]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 34], facing: 180, spacing: 1.5}]", extra_),
          3);
    state_.units[0].routing = true;
    state_.units[0].beaten_by = 2;
  }
  std::string extra_;

  std::vector<table::Point> positions() const {
    std::vector<table::Point> out;
    for (int m = 0; m < 10; ++m) out.push_back(state_.models[m].pose.position);
    return out;
  }
};

TEST_F(Flight, ACT_02_MELEE_19_routers_flee_in_every_compulsory_phase) {
  const auto start = positions();
  script({2, 3});  // Blue's compulsory phase: 5" of flight
  script({6, 6});  // the rally test fails
  must(act(ActionKind::end_phase));
  const auto after_one = positions();
  for (int m = 0; m < 10; ++m)
    EXPECT_NEAR(table::distance(start[m], after_one[m]), 5.0, 1e-6) << "model " << m;
  script({1, 1});  // Red's own compulsory phase: 2" more
  script({6, 6});
  must(act(ActionKind::end_phase));
  const auto after_two = positions();
  for (int m = 0; m < 10; ++m)
    EXPECT_NEAR(table::distance(after_one[m], after_two[m]), 2.0, 1e-6) << "model " << m;
  EXPECT_TRUE(state_.units[0].routing);
  EXPECT_EQ(rolls("MOVE-05").size(), 2u);
}

class FlightOwnerTurnOnly : public Flight {
 protected:
  void SetUp() override {
    extra_ = "rulings: {ruling.ACT-02: ownerTurnOnly}\n";
    Flight::SetUp();
  }
};

TEST_F(FlightOwnerTurnOnly, ACT_02_MELEE_19_with_owner_turn_only_routers_flee_in_their_own_turn) {
  const auto start = positions();
  must(act(ActionKind::end_phase));  // Blue's compulsory phase: the Red routers stay
  EXPECT_EQ(positions(), start);
  script({1, 1});
  script({6, 6});
  must(act(ActionKind::end_phase));  // Red's: they flee
  EXPECT_NEAR(table::distance(start[0], positions()[0]), 2.0, 1e-6);
}

TEST_F(Flight, MELEE_20_every_router_ends_further_from_its_victors) {
  std::vector<double> before;
  for (int m = 0; m < 10; ++m)
    before.push_back(
        table::distance(state_.models[m].pose.position, detail::unit_centre(state_, 2)));
  script({3, 3});
  script({6, 6});
  must(act(ActionKind::end_phase));
  for (int m = 0; m < 10; ++m) {
    if (!state_.models[m].pose.alive) continue;
    EXPECT_GT(table::distance(state_.models[m].pose.position, detail::unit_centre(state_, 2)),
              before[m] + 1.0)
        << "model " << m;
  }
}

// ACT-09: Blue's Assault squad (unit 2) activates with three AP and charges Red's Guard squad
// (unit 0), keeping two; Red's heavy weapons team (unit 1) stays out of it.
class HeldPoints : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("held_points", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}, {unit: heavy_weapons_team, at: [4, "
                       "4]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
    second_side_charges(2, 0, false, 3);
    script({3, 3});
    must(act(ActionKind::hold, 0));
    ASSERT_TRUE(state_.units[2].locked & 1u);
    EXPECT_EQ(state_.units[2].player_turn.held_ap, 2);
    EXPECT_EQ(state_.phase, Phase::activation) << "the activation is over for now";
  }
};

TEST_F(HeldPoints, ACT_09_a_unit_that_wipes_out_its_foes_spends_the_points_it_kept) {
  ConstantDice fours{4};  // the marines hit and kill with every blow (MELEE-04's test)
  state_.scripted_dice = &fours;
  must(act(ActionKind::end_phase));
  must(act(ActionKind::fight, 2));
  must(act(ActionKind::fight, 0));
  ASSERT_FALSE(state_.unit_alive(0));
  // ADV-68: the victors first consolidate (here they stay where they are).
  ASSERT_EQ(state_.phase, Phase::consolidation);
  must(act(ActionKind::consolidate, 2));
  EXPECT_EQ(state_.phase, Phase::active);
  EXPECT_EQ(state_.active_unit, 2);
  EXPECT_EQ(state_.action_points, 2);
  EXPECT_TRUE(logged("held_points"));
  // The fight left two of its models more than 3" from the rest (GEN-09): its move closes ranks
  // (ADV-19), a move action like any other.
  Action move = act(ActionKind::move, 2);
  move.mode = table::MoveMode::close_ranks;
  must(move);
  EXPECT_TRUE(unit_coherent(state_, 2));
  EXPECT_EQ(state_.action_points, 1);
  must(act(ActionKind::end_activation, 2));
  EXPECT_EQ(state_.phasing, 0) << "then Blue's turn ends";
  EXPECT_FALSE(state_.after_melee);
}

TEST_F(HeldPoints, ACT_09_the_points_are_lost_if_a_foe_still_stands) {
  ConstantDice sixes{6};  // every blow misses: the Guard still stand (and pass no test)
  state_.scripted_dice = &sixes;
  must(act(ActionKind::end_phase));
  must(act(ActionKind::fight, 2));
  must(act(ActionKind::fight, 0));
  EXPECT_FALSE(logged("held_points"));
  EXPECT_EQ(state_.phasing, 0);
  EXPECT_EQ(state_.units[2].player_turn.held_ap, 0);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// MELEE-11: the Guard (unit 0) break off from a fight with two Blue units at once: the Assault
// squad (unit 1) and the Scouts (unit 2). Both pairs are bound, not only the first.
class BreakOffFromTwo : public test::ArrangedFight {
 protected:
  void SetUp() override {
    begin(test::battle("break_off_two", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 34], facing: 180, spacing: 1.5}, "
                       "{unit: scout_snipers, at: [42, 34], facing: 270, spacing: 1.5}]"),
          3);
    place(0, 24, 20, 0);
    place(setup_->units[1].first_model, 24, 21, 180);
    place(setup_->units[2].first_model, 25, 20, 270);
    lock(0, 1);
    lock(0, 2);
  }
  ConstantDice ones_{1};
};

TEST_F(BreakOffFromTwo, MELEE_11_every_unit_left_behind_is_bound) {
  state_.scripted_dice = &ones_;  // every die a 1: the Ld test passes, no hack wounds
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phase, Phase::melee_choice);
  must(act(ActionKind::break_off, 0));
  while (state_.phase == Phase::melee_choice) must(act(ActionKind::fight, pending(state_).unit));
  EXPECT_EQ(state_.units[0].locked, 0u);
  EXPECT_EQ(state_.units[0].left_combat, (1u << 1) | (1u << 2));
  EXPECT_EQ(state_.units[1].left_combat, 1u << 0);
  EXPECT_EQ(state_.units[2].left_combat, 1u << 0);
  // Blue's turn passes; in Red's next turn the Guard may charge neither unit it left.
  ASSERT_EQ(state_.phasing, 1);
  must(activate(2, 1));
  EXPECT_NE(illegal_reason(state_, charge(2, 0)).find("MELEE-11"), std::string::npos)
      << "nor may the Scouts charge them in Blue's turn";
  must(act(ActionKind::end_activation, 2));
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 0);
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, charge(0, 1)).find("MELEE-11"), std::string::npos);
  EXPECT_NE(illegal_reason(state_, charge(0, 2)).find("MELEE-11"), std::string::npos);
}

}  // namespace
}  // namespace arap::game
