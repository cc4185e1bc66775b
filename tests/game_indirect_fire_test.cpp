// Barrage weapons firing at targets their crews cannot see (SHOOT-54), with scripted dice; the
// suppression exemptions (SHOOT-34) and fire's record keeping (SHOOT-25) in play.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a mortar team (unit 0) and a lascannon team (unit 1) behind a house that hides Blue's
// Tactical squad (unit 3) from them, and a Guard squad (unit 2) off to the east that sees it.
class Bombardment : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle(
              "bombardment", "imperial_guard",
              "[{unit: mortar_team, at: [10, 8]}, {unit: heavy_weapons_team, at: [10, 5]}, "
              "{unit: infantry_squad, at: [34, 10]}]",
              "space_marines", "[{unit: tactical_squad, at: [10, 32], facing: 180, spacing: 1.2}]",
              "terrain:\n  - {id: house, kind: building, height: 6, polygon: [[2, 16], "
              "[18, 16], [18, 22], [2, 22]]}\n"),
          3);
  }

  Action bombard(int unit) {
    Action a = act(ActionKind::shoot, unit);
    a.target = 3;
    a.heavy = true;
    return a;
  }

  const Event* roll_of(const std::string& rule) const {
    for (const auto& e : log_)
      if (e.value("type", "") == "roll" && e.value("rule", "") == rule) return &e;
    return nullptr;
  }

  ConstantDice ones_{1};
};

TEST_F(Bombardment, SHOOT_54_a_mortar_fires_on_a_spotted_target_without_its_bs) {
  state_.scripted_dice = &ones_;
  must(activate(0, 2));
  must(bombard(0));
  EXPECT_TRUE(logged("indirect_fire"));
  const Event* scatter = roll_of("SHOOT-54");
  ASSERT_NE(scatter, nullptr);
  // 2D6 less the modifiers only: none apply here, where fired direct it would be less BS 3.
  EXPECT_EQ(scatter->at("goal"), 0);
  EXPECT_EQ(scatter->at("on_target"), true);  // a double: on target (SHOOT-54 ruling)
  EXPECT_EQ(roll_of("SHOOT-41"), nullptr);
}

TEST_F(Bombardment, SHOOT_54_direct_fire_weapons_need_their_own_sight) {
  state_.scripted_dice = &ones_;
  must(activate(1, 2));
  const GameState before = state_;
  EXPECT_NE(apply(state_, bombard(1), &log_).find("SHOOT-01"), std::string::npos);
  EXPECT_EQ(state_, before);
}

TEST_F(Bombardment, SHOOT_54_no_spotter_no_bombardment) {
  const auto& squad = setup_->units[2];  // the spotters are gone
  for (int m = squad.first_model; m < squad.first_model + squad.model_count; ++m)
    state_.models[m].pose.alive = false;
  state_.scripted_dice = &ones_;
  must(activate(0, 2));
  EXPECT_NE(illegal_reason(state_, bombard(0)), "");
}

// SHOOT-53: with sight of the target a barrage weapon fires high-trajectory: by guess range, and
// the marker's scatter is reduced by the crew's BS as for any area shot.
TEST_F(Bombardment, SHOOT_53_with_sight_a_mortar_lobs_by_guess_range_and_its_bs_counts) {
  begin(test::battle("lobbing", "imperial_guard", "[{unit: mortar_team, at: [10, 8]}]",
                     "space_marines",
                     "[{unit: tactical_squad, at: [10, 32], facing: 180, spacing: 1.2}]"),
        3);
  state_.scripted_dice = &ones_;
  must(activate(0, 2));
  Action lob = act(ActionKind::shoot, 0);
  lob.target = 1;
  lob.heavy = true;
  lob.guess = 20.0;
  must(lob);
  EXPECT_FALSE(logged("indirect_fire"));
  const Event* scatter = roll_of("SHOOT-41");
  ASSERT_NE(scatter, nullptr);
  EXPECT_EQ(scatter->at("goal"), 3) << "2D6 less the crew's BS 3";
}

TEST_F(Bombardment, SHOOT_34_terminators_are_never_suppressed) {
  begin(test::battle("exempt", "imperial_guard", "[{unit: infantry_squad, at: [24, 10]}]",
                     "space_marines",
                     "[{unit: terminator_squad, at: [24, 34], facing: 180}, {unit: captain, at: "
                     "[40, 40], facing: 180}]"),
        3);
  EXPECT_TRUE(setup_->units[1].never_suppressed);  // invulnerable saves
  EXPECT_TRUE(setup_->units[2].never_suppressed);  // an independent character alone
  EXPECT_FALSE(setup_->units[0].never_suppressed);
  // Five hits on the Terminators in Red's turn: no suppression test when they activate.
  state_.units[1].own_turn.hits_taken = 5;
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  EXPECT_FALSE(state_.units[1].own_turn.suppressed);
  EXPECT_TRUE(dice_.exhausted()) << "only the activation die was rolled";
}

TEST_F(Bombardment, SHOOT_25_hits_and_casualties_are_kept_until_the_targets_own_turn_ends) {
  begin(test::battle("records", "imperial_guard", "[{unit: infantry_squad, at: [24, 10]}]",
                     "space_marines", "[{unit: tactical_squad, at: [24, 30], facing: 180}]"),
        3);
  state_.scripted_dice = &ones_;  // every lasgun hits; every wound roll fails
  must(activate(0, 1));
  Action volley = act(ActionKind::shoot, 0);
  volley.target = 1;
  must(volley);
  const int hits = state_.units[1].own_turn.hits_taken;
  EXPECT_GT(hits, 0);
  EXPECT_EQ(state_.units[1].strength_at_turn_end, 10);
  must(act(ActionKind::end_phase));  // Red's turn ends: the Marines' tally stands
  EXPECT_EQ(state_.units[1].own_turn.hits_taken, hits);
  must(act(ActionKind::end_phase));  // the Marines' own turn ends: cleared
  EXPECT_EQ(state_.units[1].own_turn.hits_taken, 0);
}

// SHOOT-30: Red's Tyranid Warriors (unit 0; the Strangler Warrior's barbed strangler pins
// outright; the other two are gone) fire at Blue's Guard squad (unit 1) 16" away. Every die after
// the activation rolls 6: the marker lands on target (a double) and its S4 AP5 hits wound and pass
// the flak armour.
class AutomaticPinning : public test::ScriptedGame {
 protected:
  void play(bool fearless_guard) {
    auto setup = std::make_shared<GameSetup>(*test::battle(
        "auto_pin", "tyranids", "[{unit: warrior_brood, at: [24, 10]}]", "imperial_guard",
        "[{unit: infantry_squad, at: [24, 26], facing: 180, spacing: 1.0}]"));
    setup->units[1].fearless = fearless_guard;
    begin(setup, 3);
    // Only the Strangler Warrior is left to fire.
    for (const int m : {0, 1}) {
      state_.models[m].pose.alive = false;
      state_.models[m].wounds_left = 0;
    }
    script({1});
    must(activate(0, 1));
    state_.scripted_dice = &sixes_;
    Action a = act(ActionKind::shoot, 0);
    a.target = 1;
    must(a);
  }
  ConstantDice sixes_{6};
};

TEST_F(AutomaticPinning, SHOOT_30_a_casualty_pins_without_a_test) {
  play(false);
  ASSERT_LT(state_.living_models(1), 10);
  EXPECT_TRUE(state_.units[1].own_turn.pinned);
  for (const auto& e : log_) EXPECT_NE(e.value("rule", ""), "SHOOT-28") << e.dump();
  bool pinned_event = false;
  for (const auto& e : log_)
    pinned_event = pinned_event || (e.value("type", "") == "pinned" && e.at("rule") == "SHOOT-30");
  EXPECT_TRUE(pinned_event);
}

TEST_F(AutomaticPinning, SHOOT_30_even_the_fearless) {
  play(true);
  ASSERT_LT(state_.living_models(1), 10);
  EXPECT_TRUE(state_.units[1].own_turn.pinned);
}

// SHOOT-39: an inferno cannon (torrent 12") laid at Marines 11" away. The shipped armies carry
// none, so the test adds a Guard team with one to a copy of the data.
TEST(Torrent, SHOOT_39_the_narrow_end_goes_out_to_reach_a_target_beyond_the_template) {
  const auto library = test::library_with(
      "torrent", {{"armies/imperial_guard.yaml",
                   "  - id: inferno_team\n    models:\n"
                   "      - {profile: guardsman, leader: true, weapons: [inferno_cannon]}\n"}});
  const auto setup = make_setup_from_text(
      "name: torrent\ntable: {width: 48, height: 48}\nsides:\n"
      "  - {name: Red, army: imperial_guard, units: [{unit: inferno_team, at: [24, 10]}]}\n"
      "  - {name: Blue, army: space_marines, units: [{unit: tactical_squad, at: [24, 21], "
      "facing: 180, spacing: 1.2}]}\n",
      "torrent.yaml", library);
  GameState s = initial_state(*setup, 3);
  ConstantDice ones{1};
  s.scripted_dice = &ones;
  EventLog log;
  Action activate = act(ActionKind::activate, 0);
  activate.dice = 2;
  ASSERT_EQ(apply(s, activate, &log), "");
  Action fire = act(ActionKind::shoot, 0);
  fire.target = 1;
  fire.heavy = true;
  ASSERT_EQ(apply(s, fire, &log), "");
  int under = -1;
  for (const auto& e : log)
    if (e.value("rule", "") == "SHOOT-38" && e.value("type", "") == "roll")
      under = e.at("under").get<int>();
  EXPECT_GT(under, 0) << "an 8\" teardrop at the firer would reach nobody 11\" away";
}

}  // namespace
}  // namespace arap::game
