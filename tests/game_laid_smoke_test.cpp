// ADV-35 and ADV-50 in play: clouds laid by smoke and blind grenades (throw_smoke, a SHOOT-49/50
// throw at a point) and by smoke dischargers (discharge_smoke, free and not shooting), how long
// they last (ruling.ADV-50.lasts) and how often dischargers fire (ruling.ADV-50.uses). Dice are
// scripted.
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "game/context.hpp"
#include "support/scripted_game.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: the Guard Veterans (unit 0) in a line at y = 8: the Veteran Sergeant (blind grenade, BS3)
// at x = 22, four Veterans (smoke grenades, BS4) at 23..26, the Meltagunner at 27. Blue: a
// Tactical Squad 22" up the table.
class LaidSmoke : public test::ScriptedGame {
 protected:
  void start(const std::string& extra = "", int dice = 2) {
    begin(test::battle("laid_smoke", "imperial_guard",
                       "[{unit: veteran_squad, at: [24, 8], facing: 0}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 30], facing: 180}]", extra),
          3);
    const int first = setup_->units[0].first_model;
    for (int i = 0; i < setup_->units[0].model_count; ++i) place(first + i, 22.0 + i, 8.0, 0.0);
    for (int i = 0; i < dice; ++i) script({1});
    must(activate(0, dice));
  }
  Action smoke_at(double x, double y) const {
    Action a = act(ActionKind::throw_smoke, 0);
    a.dx = x;
    a.dy = y;
    return a;
  }
  const Event* first(const std::string& type) const {
    for (const auto& e : log_)
      if (e.value("type", "") == type) return &e;
    return nullptr;
  }
  void end_player_turn() {
    const int side = state_.phasing;
    while (state_.phasing == side && state_.phase != Phase::game_over) {
      if (state_.phase == Phase::active) {
        must(act(ActionKind::end_activation, state_.active_unit));
      } else {
        must(act(ActionKind::end_phase));
      }
    }
  }
};

TEST_F(LaidSmoke, ADV_35_a_smoke_grenade_on_target_lays_its_cloud_where_it_was_aimed) {
  start();
  script({3});  // the Veteran at (24, 8) throws: BS4 - 1 (SHOOT-11m) = 3, and a 3 is on target
  must(smoke_at(24, 11));
  EXPECT_TRUE(dice_.exhausted());
  ASSERT_EQ(state_.clouds.size(), 1u);
  const Cloud& cloud = state_.clouds[0];
  EXPECT_EQ(cloud.centre, (table::Point{24, 11}));
  EXPECT_DOUBLE_EQ(cloud.radius, 1.5) << "the grenade's default marker (ADV-45)";
  EXPECT_FALSE(cloud.blind);
  EXPECT_EQ(cloud.side, 0);
  EXPECT_EQ(cloud.laid_in, 0) << "Red's player turn of game turn 1";
  EXPECT_EQ(state_.action_points, 1) << "a throw is one action (SHOOT-49)";
  EXPECT_EQ(state_.units[0].own_turn.throwers_used, 1);
  const auto throws = rolls("SHOOT-50");
  ASSERT_EQ(throws.size(), 1u);
  EXPECT_EQ(throws[0].at("goal"), 3);
  EXPECT_EQ(throws[0].at("on_target"), true);
  const Event* laid = first("smoke_laid");
  ASSERT_NE(laid, nullptr);
  EXPECT_EQ(laid->at("rule"), "ADV-35");
  EXPECT_EQ(laid->at("weapon"), "smoke_grenade");
  EXPECT_EQ(laid->at("model"), setup_->units[0].first_model + 2);
  // The cloud is the table's: a line through it is blocked, one beside it is not (SHOOT-17).
  EXPECT_FALSE(table::terrain_sight(state_.table(), {24, 8}, {24, 20}).clear());
  EXPECT_TRUE(table::terrain_sight(state_.table(), {30, 8}, {30, 20}).clear());
  EXPECT_TRUE(table::terrain_sight(setup_->table(0), {24, 8}, {24, 20}).clear());
  // A copy shares the laid table and compares and hashes alike.
  const GameState copy = state_;
  EXPECT_EQ(copy, state_);
  EXPECT_EQ(digest(copy), digest(state_));
  EXPECT_TRUE(invariant_violations(state_).empty());
}

TEST_F(LaidSmoke, ADV_35_a_missed_smoke_grenade_scatters_by_the_scatter_only_short_roll) {
  start();
  // A 4 misses the goal of 3 (SHOOT-50): the scatter dice 4 and 1 move it 3", bearing 90 (east).
  script({4, 4, 1, 90});
  must(smoke_at(24, 11));
  EXPECT_TRUE(dice_.exhausted());
  ASSERT_EQ(state_.clouds.size(), 1u);
  EXPECT_NEAR(state_.clouds[0].centre.x, 27.0, 1e-9);
  EXPECT_NEAR(state_.clouds[0].centre.y, 11.0, 1e-9);
  const auto throws = rolls("SHOOT-50");
  ASSERT_EQ(throws.size(), 1u);
  EXPECT_EQ(throws[0].at("on_target"), false);
  EXPECT_EQ(throws[0].at("inches"), 3);
}

TEST_F(LaidSmoke, ADV_35_a_double_on_the_scatter_dice_moves_the_grenade_one_die) {
  start();
  script({6, 2, 2, 180});  // a 6 always fails; the double 2-2 scatters it 2" (SHOOT-50), south
  must(smoke_at(24, 11));
  ASSERT_EQ(state_.clouds.size(), 1u);
  EXPECT_NEAR(state_.clouds[0].centre.x, 24.0, 1e-9);
  EXPECT_NEAR(state_.clouds[0].centre.y, 9.0, 1e-9);
}

TEST_F(LaidSmoke, ADV_35_the_sergeants_blind_grenade_lays_a_blind_cloud) {
  start();
  script({2});  // the Veteran Sergeant at (22, 8) is nearest (21, 11): BS3 - 1 = 2
  must(smoke_at(21, 11));
  ASSERT_EQ(state_.clouds.size(), 1u);
  EXPECT_TRUE(state_.clouds[0].blind);
  EXPECT_EQ(first("smoke_laid")->at("weapon"), "blind_grenade");
  EXPECT_EQ(rolls("SHOOT-50")[0].at("goal"), 2);
  EXPECT_TRUE(state_.table().in_cloud({21, 11}, true)) << "infra-vision does not pierce it";
}

TEST_F(LaidSmoke,
       ADV_35_throws_are_refused_beyond_6_inches_past_the_quarter_and_when_switched_off) {
  start("", 3);
  EXPECT_EQ(illegal_reason(state_, smoke_at(24, 14.5)),
            "SHOOT-49: nobody in the unit has a smoke grenade and that point within 6\"");
  EXPECT_EQ(illegal_reason(state_, smoke_at(24, 60)),
            "ADV-35: a smoke grenade is thrown at a point on the table");
  script({3});
  must(smoke_at(24, 11));
  script({3});
  must(smoke_at(26, 11));
  // A quarter of six models, rounded up, is two throwers a turn (SHOOT-49).
  EXPECT_EQ(illegal_reason(state_, smoke_at(23, 11)),
            "SHOOT-49: a quarter of the unit has already thrown this turn");
  start("options: {smoke_in_play: false}\n");
  EXPECT_EQ(illegal_reason(state_, smoke_at(24, 11)),
            "ADV-35: clouds laid in play are switched off (option smoke_in_play)");
}

TEST_F(LaidSmoke, ADV_35_the_listing_offers_smoke_and_the_preview_gives_its_odds) {
  start();
  int offered = 0;
  for (const Action& a : legal_actions(state_)) {
    if (a.kind != ActionKind::throw_smoke) continue;
    ++offered;
    EXPECT_EQ(illegal_reason(state_, a), "") << describe(a);
  }
  // Only a screen toward the Marines: they are beyond a grenade's reach.
  EXPECT_EQ(offered, 1);
  const auto view = advice::preview(state_, smoke_at(24, 11));
  ASSERT_FALSE(view.refused);
  ASSERT_TRUE(view.smoke);
  EXPECT_EQ(view.smoke->goal, 3);
  EXPECT_NEAR(view.smoke->p_on_target, 0.5, 1e-12) << "a D6 of 3 or less";
  const auto json = advice::to_json(view);
  EXPECT_EQ(json.at("smoke").at("weapon"), "smoke_grenade");
}

TEST_F(LaidSmoke, ADV_50_ruling_untilOwnNextTurn_a_cloud_lasts_until_its_side_begins_again) {
  start();
  script({3});
  must(smoke_at(24, 11));
  end_player_turn();
  EXPECT_EQ(state_.phasing, 1);
  EXPECT_EQ(state_.clouds.size(), 1u) << "it stands through Blue's player turn";
  end_player_turn();
  EXPECT_EQ(state_.phasing, 0);
  EXPECT_TRUE(state_.clouds.empty());
  EXPECT_EQ(state_.laid.table, nullptr);
  EXPECT_NE(first("smoke_dispersed"), nullptr);
  EXPECT_TRUE(table::terrain_sight(state_.table(), {24, 8}, {24, 20}).clear());
}

TEST_F(LaidSmoke, ADV_50_ruling_throughOwnNextTurn_a_cloud_lasts_through_its_sides_next_turn) {
  start("rulings: {ruling.ADV-50.lasts: throughOwnNextTurn}\n");
  script({3});
  must(smoke_at(24, 11));
  end_player_turn();
  end_player_turn();
  EXPECT_EQ(state_.phasing, 0);
  EXPECT_EQ(state_.clouds.size(), 1u) << "Red's second player turn still has it";
  end_player_turn();
  EXPECT_TRUE(state_.clouds.empty());
}

// Red: a Terminator Squad (unit 0: storm bolters, an assault cannon, smoke dischargers) at
// (24, 10); Blue: Slugga Boyz 16" away.
class Dischargers : public test::ScriptedGame {
 protected:
  void start(const std::string& extra = "") {
    begin(test::battle("dischargers", "space_marines",
                       "[{unit: terminator_squad, at: [24, 10], facing: 0}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 26], facing: 180}]", extra),
          3);
    script({1, 1});
    must(activate(0, 2));
  }
};

TEST_F(Dischargers, ADV_50_terminators_lay_smoke_and_fire_the_heavy_weapon_in_one_activation) {
  start();
  must(act(ActionKind::discharge_smoke, 0));
  EXPECT_EQ(state_.action_points, 2) << "firing the dischargers costs nothing";
  const auto& info = setup_->units[0];
  ASSERT_EQ(state_.clouds.size(), static_cast<std::size_t>(info.model_count));
  for (int i = 0; i < info.model_count; ++i) {
    const int m = info.first_model + i;
    EXPECT_TRUE(state_.models[m].smoke_discharged);
    EXPECT_EQ(state_.clouds[i].centre, state_.models[m].pose.position);
    EXPECT_DOUBLE_EQ(state_.clouds[i].radius, 2.5);
  }
  EXPECT_FALSE(state_.units[0].player_turn.fired) << "ADV-50: it is not shooting";
  // The assault cannon still fires, through its own smoke (no infra-vision): at BS1.
  const Action cannon = shoot(0, 1, true);
  ASSERT_EQ(illegal_reason(state_, cannon), "");
  bool cannon_group = false;
  for (const auto& g : fire_groups(state_, cannon)) {
    if (g.weapon->id != "assault_cannon") continue;
    cannon_group = true;
    EXPECT_TRUE(g.through_smoke);
  }
  EXPECT_TRUE(cannon_group);
  test::ConstantDice sixes(6);
  state_.scripted_dice = &sixes;
  must(cannon);
  EXPECT_EQ(state_.action_points, 1) << "Relentless: the heavy weapon's action costs 1";
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::discharge_smoke, 0)),
            "ADV-50: nobody in the unit has a smoke discharger left to fire (once a game)");
}

TEST_F(Dischargers, ADV_50_ruling_oncePerTurn_the_dischargers_fire_again_next_turn) {
  start("rulings: {ruling.ADV-50.uses: oncePerTurn}\n");
  must(act(ActionKind::discharge_smoke, 0));
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::discharge_smoke, 0)),
            "ADV-50: nobody in the unit has a smoke discharger left to fire this player turn");
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  for (int m = setup_->units[0].first_model; m < setup_->units[0].first_model + 5; ++m)
    EXPECT_FALSE(state_.models[m].smoke_discharged);
}

// ADV-35: a cloud laid in play hides as the scenario's smoke does (SHOOT-17): the lascannon fires
// through it at BS1 and two Strength down.
TEST_F(Dischargers, ADV_35_a_laid_cloud_screens_as_the_scenarios_smoke_does) {
  begin(test::battle("laid_cloud", "imperial_guard", "[{unit: heavy_weapons_team, at: [24, 8]}]",
                     "space_marines", "[{unit: dreadnought, at: [24, 28], facing: 180}]"),
        3);
  Cloud cloud;
  cloud.centre = {24, 18};
  cloud.radius = 2.5;
  state_.clouds.push_back(cloud);
  detail::refresh_laid_table(state_);
  script({1, 1});
  must(activate(0, 2));
  const auto groups = fire_groups(state_, shoot(0, 1, true));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_TRUE(groups[0].through_smoke);
  const auto view = advice::preview(state_, shoot(0, 1, true));
  ASSERT_FALSE(view.refused);
  EXPECT_EQ(view.groups[0].report.hit_goal, 1);
  EXPECT_EQ(view.groups[0].report.strength, 7);
}

}  // namespace
}  // namespace arap::game
