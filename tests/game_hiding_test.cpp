// Hiding and ambushes as the game plays them: ADV-04 (hiding places, spotting, revealing),
// SHOOT-19 / MELEE-06f (the ambush bonus) and SHOOT-61 (grenades do not give a hider away).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Guard infantry squad (unit 0, a line at y = 10 with a hedge 1" in front of it) and a
// heavy weapons team (unit 1, 2.5" from the hedge). Blue: a Tactical squad (unit 2) at
// `blue_y`, facing it.
std::shared_ptr<const GameSetup> hedge_battle(const std::string& name, double blue_y,
                                              const std::string& options = "") {
  return test::battle(
      name, "imperial_guard",
      "[{unit: infantry_squad, at: [24, 10]}, {unit: heavy_weapons_team, at: [36, 13.5]}]",
      "space_marines",
      "[{unit: tactical_squad, at: [24, " + std::to_string(blue_y) + "], facing: 180}]",
      "obstacles:\n  - {id: hedge, kind: hedge, height: 1, points: [[10, 11], [38, 11]]}\n" +
          options);
}

class Hiding : public test::ScriptedGame {
 protected:
  void SetUp() override { begin(hedge_battle("hiding", 34), 5); }

  std::vector<Event> events(const std::string& type) const {
    std::vector<Event> out;
    for (const auto& e : log_)
      if (e.value("type", "") == type) out.push_back(e);
    return out;
  }

  // Red activates the squad with two dice (both succeed) and hides it.
  void red_hides() {
    script({1, 1});
    must(activate(0, 2));
    must(act(ActionKind::hide, 0));
    ASSERT_TRUE(state_.units[0].hidden);
  }

  // MELEE-06f: Blue's Assault squad hides behind a hedge 10" from the Guard and charges out of it.
  int charging_goal(bool hide) {
    log_.clear();
    begin(test::battle("ambush_charge", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                       "obstacles:\n  - {id: hedge, kind: hedge, height: 1, points: [[10, 25], "
                       "[38, 25]]}\n"),
          3);
    must(act(ActionKind::end_phase));
    script({1, 1});
    must(activate(1, 2));
    if (hide) must(act(ActionKind::hide, 1));
    must(charge(1, 0));
    EXPECT_FALSE(state_.units[1].hidden) << "charging gives the unit away";
    script({3, 3});
    must(act(ActionKind::hold, 0));
    EXPECT_TRUE(state_.units[1].locked & 1u);
    state_.scripted_dice = &misses_;
    if (state_.phase != Phase::activation) must(act(ActionKind::end_activation, 1));
    must(act(ActionKind::end_phase));
    must(act(ActionKind::fight, 1));
    must(act(ActionKind::fight, 0));
    for (const auto& e : log_)
      if (e.value("rule", "") == "MELEE-05" && e.value("unit", -1) == 1)
        return e.at("goal").get<int>();
    ADD_FAILURE() << "the Assault squad never struck";
    return -99;
  }

  ConstantDice misses_{6};
};

TEST_F(Hiding, ADV_04_hiding_is_free_and_a_hidden_unit_cannot_be_targeted) {
  red_hides();
  EXPECT_EQ(pending(state_).action_points, 2) << "claiming to hide costs no action point";
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 1);
  script({1});
  must(activate(2, 1));
  const std::string refused = illegal_reason(state_, shoot(2, 0));
  EXPECT_NE(refused.find("ADV-04"), std::string::npos) << refused;
  Action charge = act(ActionKind::charge, 2);
  charge.target = 0;
  EXPECT_NE(illegal_reason(state_, charge).find("ADV-04"), std::string::npos);
  EXPECT_EQ(illegal_reason(state_, shoot(2, 1)), "") << "the team in the open is fair game";
}

TEST_F(Hiding, ADV_04_a_unit_in_the_open_has_nowhere_to_hide_and_nothing_changes) {
  script({1, 1});
  must(activate(1, 2));
  const GameState before = state_;
  const auto log_size = log_.size();
  const std::string reason = apply(state_, act(ActionKind::hide, 1), &log_);
  EXPECT_NE(reason.find("ADV-04"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
  EXPECT_EQ(log_.size(), log_size);
}

TEST_F(Hiding, ADV_04_an_enemy_within_its_initiative_in_inches_reveals_the_hiders) {
  begin(hedge_battle("spotting", 20), 5);
  script({1, 1});
  must(activate(0, 2));
  must(act(ActionKind::hide, 0));
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  // The marines (I4) close from 10" to 6": the squad stays hidden; to 4": it is spotted.
  script({1, 1, 1});
  must(activate(2, 3));
  must(move(2, 0, -4));
  EXPECT_TRUE(state_.units[0].hidden);
  must(move(2, 0, -2));
  EXPECT_FALSE(state_.units[0].hidden);
  bool spotted = false;
  for (const auto& e : log_)
    spotted = spotted || (e.value("type", "") == "revealed" && e.value("why", "") == "spotted");
  EXPECT_TRUE(spotted);
}

TEST_F(Hiding, ADV_04_SHOOT_19_the_first_volley_from_hiding_is_an_ambush_and_gives_the_unit_away) {
  red_hides();
  state_.scripted_dice = &misses_;  // every shot misses: only the goals matter
  must(shoot(0, 2));
  must(shoot(0, 2));
  std::vector<int> lasgun_goals;
  for (const auto& e : log_)
    if (e.value("what", "") == "to hit" && e.value("weapon", "") == "lasgun")
      lasgun_goals.push_back(e.at("goal").get<int>());
  ASSERT_EQ(lasgun_goals.size(), 2u);
  EXPECT_EQ(lasgun_goals[0], lasgun_goals[1] + 1) << "SHOOT-19: +1 for the ambush volley only";
  EXPECT_TRUE(state_.units[0].hidden) << "revealed only from the enemy's next turn";
  EXPECT_TRUE(state_.units[0].revealing);
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.phasing, 1);
  EXPECT_FALSE(state_.units[0].hidden);
  const auto revealed = events("revealed");
  ASSERT_EQ(revealed.size(), 1u);
  EXPECT_EQ(revealed[0].at("why"), "fired");
}

TEST_F(Hiding, SHOOT_61_a_thrown_grenade_keeps_the_thrower_hidden) {
  begin(hedge_battle("grenades", 15), 5);  // 5": inside a throw, outside the marines' 4"
  script({1, 1});
  must(activate(0, 2));
  must(act(ActionKind::hide, 0));
  state_.scripted_dice = &misses_;
  Action grenade = act(ActionKind::throw_grenade, 0);
  grenade.target = 2;
  must(grenade);
  EXPECT_TRUE(state_.units[0].hidden);
  EXPECT_FALSE(state_.units[0].revealing);
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  EXPECT_EQ(state_.phasing, 1);
  EXPECT_TRUE(state_.units[0].hidden) << "still hidden in the enemy's turn";
}

TEST_F(Hiding, ADV_04_the_scenario_may_switch_hiding_off) {
  begin(hedge_battle("no_hiding", 34, "options: {hiding: false}\n"), 5);
  script({1});
  must(activate(0, 1));
  EXPECT_NE(illegal_reason(state_, act(ActionKind::hide, 0)).find("switched off"),
            std::string::npos);
}

// A building's corner or side hides the models standing within 1.5" of it, whichever side that is:
// the outline's last side (from its last corner back to the first) counts as any other. The
// building's corners are given starting from each corner in turn, so each side is the last once.
TEST_F(Hiding, ADV_04_every_side_of_a_building_hides_the_models_beside_it) {
  const std::vector<std::string> corners = {"[14, 12]", "[34, 12]", "[34, 18]", "[14, 18]"};
  for (std::size_t first = 0; first < corners.size(); ++first) {
    std::string polygon;
    for (std::size_t k = 0; k < corners.size(); ++k)
      polygon += (k ? ", " : "") + corners[(first + k) % corners.size()];
    begin(test::battle("beside_a_house", "imperial_guard", "[{unit: infantry_squad, at: [24, 11]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 40], facing: 180}]",
                       "terrain:\n  - {id: house, kind: building, polygon: [" + polygon + "]}\n"),
          5);
    script({1, 1});
    must(activate(0, 2));
    EXPECT_EQ(illegal_reason(state_, act(ActionKind::hide, 0)), "")
        << "corners from " << corners[first] << ": the squad stands 1\" from the house's side";
  }
}

TEST_F(Hiding, SHOOT_19_MELEE_06f_a_charge_from_hiding_is_plus_one_to_hit_in_the_first_round) {
  EXPECT_EQ(charging_goal(true), charging_goal(false) + 1);
}

}  // namespace
}  // namespace arap::game
