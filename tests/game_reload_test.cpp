// ADV-30 (advanced, option reload_weapons): a weapon with the Reload property fires, then waits
// for a reload action (1 AP) before it fires again, across turns too; Slow weapons cost two AP a
// shot even to a Relentless unit. SHOOT-07: an Ordnance weapon fired without sight costs 3 AP
// (ruling direct2_indirect3), so a unit with two cannot fire it indirectly. No shipped weapon has
// the Reload rule (the sources name none), so these tests bring a frontier militia of their own.
#include <gtest/gtest.h>

#include <algorithm>

#include "game/record.hpp"
#include "game/view.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

std::shared_ptr<const data::Library> frontier_library() {
  static const auto library = test::library_with(
      "reload",
      {{"weapons.yaml",
        "  - {id: crossbow, name: Crossbow, range: 18, type: assault, shots: 1, strength: 4,\n"
        "     ap: 6, properties: [reload]}\n"
        "  - {id: arbalest, name: Arbalest, range: 36, type: slow, shots: 1, strength: 5, ap: 5}\n"
        "  - {id: siege_mortar, name: Siege mortar, range: 48, type: ordnance, shots: 1,\n"
        "     strength: 6, ap: 4, area: 1.5, properties: [barrage]}\n"},
       {"armies/zz_frontier.yaml",
        "army: frontier_militia\n"
        "profiles:\n"
        "  - {id: militiaman, M: 4, WS: 3, BS: 4, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 6}\n"
        "  - {id: war_engine_crew, M: 4, WS: 3, BS: 4, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7,\n"
        "     Sv: 6, special_rules: [relentless]}\n"
        "units:\n"
        "  - id: crossbowmen\n"
        "    models:\n"
        "      - {profile: militiaman, count: 5, weapons: [crossbow]}\n"
        "  - id: arbalest_team\n"
        "    models:\n"
        "      - {profile: war_engine_crew, count: 1, weapons: [arbalest]}\n"
        "  - id: siege_team\n"
        "    models:\n"
        "      - {profile: militiaman, count: 1, weapons: [siege_mortar]}\n"}});
  return library;
}

// Red: `red_units` of the frontier militia; Blue: Slugga Boyz (the last unit) 14" north of y = 8,
// facing south; `extra` adds terrain or options.
class Reload : public test::ScriptedGame {
 protected:
  void arrange(const std::string& red_units, const std::string& extra = "") {
    const std::string text =
        "name: reload\n"
        "table: {width: 48, height: 48}\n"
        "turn_limit: 6\n" +
        extra +
        "sides:\n"
        "  - {name: Red, army: frontier_militia, units: " +
        red_units +
        "}\n"
        "  - {name: Blue, army: orks, units: [{unit: slugga_boyz, at: [24, 22], facing: 180,\n"
        "      spacing: 1.5}]}\n";
    begin(make_setup_from_text(text, "reload.yaml", frontier_library()), 3);
    state_.phasing = 0;
    boyz_ = setup_->squads() - 1;  // the last of the scenario's units (sub-unit slots follow)
  }

  void crossbowmen(const std::string& extra = "") {
    arrange("[{unit: crossbowmen, at: [24, 8]}]", extra);
  }

  Action volley(int unit = 0, bool heavy = false) const {
    Action a = act(ActionKind::shoot, unit);
    a.target = boyz_;
    a.heavy = heavy;
    return a;
  }

  int spent_models() const {
    int spent = 0;
    for (int m = 0; m < 5; ++m) spent += state_.models[m].unloaded != 0 ? 1 : 0;
    return spent;
  }

  int boyz_ = -1;
};

TEST_F(Reload, ADV_30_fired_with_the_first_ap_it_cannot_fire_with_the_second) {
  crossbowmen();
  script({1, 1, 1});
  must(activate(0, 3));
  ASSERT_EQ(state_.action_points, 3);
  script({6, 6, 6, 6, 6});  // five bolts, five misses (BS 4)
  must(volley());
  EXPECT_EQ(spent_models(), 5);
  const auto refused = refusal(state_, volley());
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-30");
  EXPECT_NE(refused->text.find("reload"), std::string::npos) << refused->text;
}

// ADV-33 with ADV-30: every Boy stands beyond the crossbows' 18" but in sight, so each bolt is
// declared and wasted, and the crossbow is spent all the same. Unlogged (as in a playout), the
// engine looks only for the wasted shots that change the state: this is one, so the state after
// the volley is the one the logged game reaches.
TEST_F(Reload, ADV_30_a_wasted_bolt_spends_the_crossbow_logged_or_not) {
  crossbowmen();
  script({1, 1, 1});
  must(activate(0, 3));
  for (const int m : state_.members(boyz_)) {
    const auto at = state_.models[m].pose.position;
    place(m, at.x, at.y + 8.0, 180.0);
  }
  GameState unlogged = state_;
  ASSERT_EQ(apply(unlogged, volley(), nullptr), "");
  const std::size_t logged_before = log_.size();
  must(volley());
  const auto wasted =
      std::count_if(log_.begin() + static_cast<std::ptrdiff_t>(logged_before), log_.end(),
                    [](const Event& e) { return e.value("type", "") == "shot_wasted"; });
  EXPECT_EQ(wasted, 5);
  EXPECT_EQ(spent_models(), 5);
  EXPECT_TRUE(unlogged == state_);
  EXPECT_EQ(state_digest(unlogged), state_digest(state_));
}

TEST_F(Reload, ADV_30_reload_with_the_second_ap_fire_with_the_third) {
  crossbowmen();
  script({1, 1, 1});
  must(activate(0, 3));
  script({6, 6, 6, 6, 6});
  must(volley());
  const auto listed = legal_actions(state_);
  EXPECT_TRUE(std::any_of(listed.begin(), listed.end(), [](const Action& a) {
    return a.kind == ActionKind::reload && a.unit == 0;
  }));
  must(act(ActionKind::reload, 0));
  EXPECT_EQ(state_.action_points, 1);
  EXPECT_EQ(spent_models(), 0);
  const auto reloaded = std::find_if(
      log_.begin(), log_.end(), [](const Event& e) { return e.value("type", "") == "reload"; });
  ASSERT_NE(reloaded, log_.end());
  EXPECT_EQ(reloaded->at("rule"), "ADV-30");
  EXPECT_EQ(reloaded->at("models"), 5);
  script({6, 6, 6, 6, 6});
  must(volley());
  EXPECT_EQ(spent_models(), 5);
}

TEST_F(Reload, ADV_30_nothing_to_reload_is_refused) {
  crossbowmen();
  script({1, 1});
  must(activate(0, 2));
  const auto refused = refusal(state_, act(ActionKind::reload, 0));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-30");
}

TEST_F(Reload, ADV_30_a_spent_weapon_stays_spent_into_the_next_turn) {
  crossbowmen();
  script({1});
  must(activate(0, 1));
  script({6, 6, 6, 6, 6});
  must(volley());                    // its one AP spent, the activation ends
  must(act(ActionKind::end_phase));  // Red's turn ends; Blue's begins
  must(act(ActionKind::end_phase));  // and ends: Red's second turn
  ASSERT_EQ(state_.phasing, 0);
  EXPECT_EQ(spent_models(), 5);
  // The page shows which weapons wait for a reload.
  const auto view = state_view(state_);
  EXPECT_EQ(view.at("units").at(0).at("models").at(0).at("unloaded"),
            nlohmann::json::array({"Crossbow"}));
  script({1, 1});
  must(activate(0, 2));
  EXPECT_EQ(refusal(state_, volley())->rule, "ADV-30");
}

TEST_F(Reload, ADV_30_no_fire_and_charge_with_spent_crossbows) {
  crossbowmen();
  script({1, 1, 1});
  must(activate(0, 3));
  script({6, 6, 6, 6, 6});
  must(volley());
  Action charge = act(ActionKind::charge, 0);
  charge.target = boyz_;
  charge.fire = true;
  const auto refused = refusal(state_, charge);
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-30");
}

TEST_F(Reload, ADV_30_the_option_off_fires_again_and_offers_no_reload) {
  crossbowmen("options: {reload_weapons: false}\n");
  script({1, 1});
  must(activate(0, 2));
  script({6, 6, 6, 6, 6});
  must(volley());
  EXPECT_EQ(spent_models(), 0);
  EXPECT_EQ(illegal_reason(state_, volley()), "");
  EXPECT_EQ(refusal(state_, act(ActionKind::reload, 0))->rule, "ADV-30");
}

TEST_F(Reload, ADV_30_a_slow_weapon_costs_two_ap_even_to_a_relentless_crew) {
  arrange("[{unit: arbalest_team, at: [24, 8]}]");
  script({1});
  must(activate(0, 1));
  // A Relentless heavy weapon would fire for the one AP; a Slow one needs two.
  const auto refused = refusal(state_, volley(0, true));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "ADV-30");
  EXPECT_NE(refused->text.find("costs 2 AP and only 1"), std::string::npos) << refused->text;
}

TEST_F(Reload, ADV_30_with_two_ap_the_slow_weapon_fires_and_spends_both) {
  arrange("[{unit: arbalest_team, at: [24, 8]}]");
  script({1, 1, 1});
  must(activate(0, 3));
  script({6});
  must(volley(0, true));
  EXPECT_EQ(state_.action_points, 1);
}

// A house between the siege team and the Boyz; crossbowmen to the east see them (SHOOT-54).
constexpr const char* kHouse =
    "terrain:\n  - {id: house, kind: building, height: 6, polygon: [[16, 12], [32, 12], [32, 16],"
    " [16, 16]]}\n";

TEST_F(Reload, SHOOT_07_indirect_ordnance_costs_three_ap_and_two_will_not_do) {
  arrange("[{unit: siege_team, at: [24, 6]}, {unit: crossbowmen, at: [42, 8]}]", kHouse);
  script({1, 1});
  must(activate(0, 2));
  const auto refused = refusal(state_, volley(0, true));
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->rule, "SHOOT-07");
  EXPECT_NE(refused->text.find("costs 3 AP and only 2"), std::string::npos) << refused->text;
}

TEST_F(Reload, SHOOT_07_with_three_ap_it_fires_indirectly_and_spends_them_all) {
  arrange("[{unit: siege_team, at: [24, 6]}, {unit: crossbowmen, at: [42, 8]}]", kHouse);
  ConstantDice ones{1};
  state_.scripted_dice = &ones;
  must(activate(0, 3));
  ASSERT_EQ(state_.action_points, 3);
  must(volley(0, true));
  EXPECT_TRUE(logged("indirect_fire"));
  EXPECT_NE(state_.phase, Phase::active);  // all three AP spent: the activation is over
}

}  // namespace
}  // namespace arap::game
