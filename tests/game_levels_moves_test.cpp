// Moves that take a test on the way, as the game plays them: MOVE-15 (agility rolls), MOVE-16
// (jumping a gap), MOVE-18 (climbing out of deep water), MOVE-22 (jump-pack leaps), MOVE-24
// (rappelling), with MOVE-25's jump-pack landings and GEN-07's bulk on a ladder.
#include <gtest/gtest.h>

#include "dice/probability.hpp"
#include "game/context.hpp"
#include "rules/agility.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

std::string rect(const std::string& id, const std::string& kind, double x0, double y0, double x1,
                 double y1, const std::string& extra = "") {
  return "  - {id: " + id + ", kind: " + kind + extra + ", polygon: [[" + std::to_string(x0) +
         ", " + std::to_string(y0) + "], [" + std::to_string(x1) + ", " + std::to_string(y0) +
         "], [" + std::to_string(x1) + ", " + std::to_string(y1) + "], [" + std::to_string(x0) +
         ", " + std::to_string(y1) + "]]}\n";
}

std::string raised(const std::string& id, double elevation, double y0, double y1) {
  return rect(id, "ground", 4, y0, 44, y1, ", elevation: " + std::to_string(elevation));
}

class LevelMoves : public test::ScriptedGame {
 protected:
  // Red: a Guard infantry squad (I3, M4) in a line at y = `squad_y` facing south (toward -y) and
  // a heavy weapons team far off; Blue: a Tactical squad far off.
  void guard_at(double squad_y, const std::string& terrain) {
    begin(test::battle("level_moves_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [20, " + std::to_string(squad_y) +
                           "], facing: 180}, {unit: heavy_weapons_team, facing: 180, at: [40, "
                           "44]}]",
                       "space_marines", "[{unit: tactical_squad, at: [24, 46], facing: 180}]",
                       "terrain:\n" + terrain),
          9);
    script({1, 1});
    must(activate(0, 2));
  }

  // Blue's jump-pack Assault squad (I4, M4) in a line at y = `squad_y` facing north (toward +y).
  void jump_packs_at(double squad_y, const std::string& terrain) {
    begin(test::battle("level_moves_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 45], facing: 180}]", "space_marines",
                       "[{unit: jump_assault_squad, at: [20, " + std::to_string(squad_y) +
                           "], facing: 0, spacing: 1.5}]",
                       "terrain:\n" + terrain),
          9);
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
  }

  double level_of(int model) const {
    return setup_->scenario.table.level_at(state_.models[model].pose.position);
  }

  static inline int count_ = 0;
  ConstantDice ones_{1};
  ConstantDice sixes_{6};
};

// Two 3" roofs across y 20..28 and y 10..(20 - width): a gap `width` wide and 3" deep between.
std::string roofs(double width) {
  return raised("near_roof", 3, 20, 28) + raised("far_roof", 3, 10, 20 - width);
}

TEST_F(LevelMoves, MOVE_16_a_gap_of_an_inch_is_crossed_freely) {
  guard_at(21.5, roofs(1.0));
  must(move(0, 0, -4));  // 1.5" to the edge, 1" across, 1.5" on: the allowance pays 4"
  EXPECT_TRUE(rolls("MOVE-16").empty());
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 17.5, 1e-9);
    EXPECT_DOUBLE_EQ(level_of(m), 3.0);
  }
}

TEST_F(LevelMoves, MOVE_16_a_wider_gap_takes_an_initiative_test_per_model) {
  guard_at(21.5, roofs(2.0));
  state_.scripted_dice = &ones_;
  must(move(0, 0, -4));
  const auto jumps = rolls("MOVE-16");
  ASSERT_EQ(jumps.size(), 10u);
  for (const auto& e : jumps) {
    EXPECT_EQ(e.at("goal"), 3) << "a plain Initiative test: I3";
    EXPECT_NEAR(e.at("width").get<double>(), 2.0, 1e-9);
    EXPECT_TRUE(e.at("cleared").get<bool>());
  }
  for (int m = 0; m < 10; ++m) EXPECT_DOUBLE_EQ(level_of(m), 3.0);
  EXPECT_TRUE(rolls("MOVE-27").empty());
}

TEST_F(LevelMoves, MOVE_16_a_failed_jump_falls_the_depth_of_the_gap) {
  guard_at(21.5, roofs(2.0));
  state_.scripted_dice = &sixes_;  // a 6 fails the test and passes the saves
  must(move(0, 0, -4));
  const auto falls = rolls("MOVE-27");
  ASSERT_EQ(falls.size(), 10u);
  for (const auto& e : falls) EXPECT_EQ(e.at("strength"), 3) << "the depth, not the width";
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 19.0, 1e-9) << "halfway across the gap";
    EXPECT_DOUBLE_EQ(level_of(m), 0.0);
    EXPECT_FALSE(state_.models[m].prone) << "a fall of 3\" leaves a model standing";
  }
}

TEST_F(LevelMoves, MOVE_16_a_gap_wider_than_the_move_less_an_inch_fails_without_a_roll) {
  // M4: gaps up to 3" may be tried; this one is 3.2" and the jumpers start at its edge.
  guard_at(20.3, roofs(3.2));
  state_.scripted_dice = &ones_;  // every die a 1: a roll would have cleared it
  must(move(0, 0, -4));
  const auto jumps = rolls("MOVE-16");
  ASSERT_EQ(jumps.size(), 10u);
  for (const auto& e : jumps) {
    EXPECT_TRUE(e.at("too_wide").get<bool>());
    EXPECT_FALSE(e.at("cleared").get<bool>());
    EXPECT_TRUE(e.at("dice").empty());
  }
  for (int m = 0; m < 10; ++m) EXPECT_DOUBLE_EQ(level_of(m), 0.0);
}

TEST_F(LevelMoves, MOVE_16_crawlers_do_not_jump_gaps) {
  guard_at(21.5, roofs(2.0));
  must(act(ActionKind::go_prone, 0));
  Action crawl = move(0, 0, -2);
  crawl.mode = table::MoveMode::crawl;
  EXPECT_NE(illegal_reason(state_, crawl).find("MOVE-23"), std::string::npos);
}

// A 6" cliff top across y 20..28.
std::string cliff() {
  return raised("cliff_top", 6, 20, 28);
}

TEST_F(LevelMoves, MOVE_22_a_jump_pack_leaps_six_inches_up_on_an_initiative_test) {
  jump_packs_at(17, cliff());
  const int first = setup_->units[1].first_model;
  EXPECT_NE(illegal_reason(state_, move(1, 0, 4)).find("MOVE-20"), std::string::npos)
      << "a normal move does not leap";
  state_.scripted_dice = &ones_;
  must(jump(1, 0, 4));  // 3" to the face, 1" on top: the 6" up costs no allowance
  const auto leaps = rolls("MOVE-22");
  ASSERT_EQ(leaps.size(), 5u);
  for (const auto& e : leaps) {
    EXPECT_EQ(e.at("goal"), 4) << "I4: 2 in 3";
    EXPECT_TRUE(e.at("holds").get<bool>());
  }
  for (int m = first; m < first + 5; ++m) EXPECT_DOUBLE_EQ(level_of(m), 6.0);
}

TEST_F(LevelMoves, MOVE_22_a_failed_leap_falls_from_the_face) {
  jump_packs_at(17, cliff());
  const int first = setup_->units[1].first_model;
  state_.scripted_dice = &sixes_;
  must(jump(1, 0, 4));
  ASSERT_EQ(rolls("MOVE-27").size(), 5u);
  for (const auto& e : rolls("MOVE-27")) EXPECT_EQ(e.at("strength"), 6);
  for (int m = first; m < first + 5; ++m) {
    EXPECT_DOUBLE_EQ(level_of(m), 0.0);
    EXPECT_LT(state_.models[m].pose.position.y, 20.0) << "at the foot of the face";
    EXPECT_TRUE(state_.models[m].prone) << "a fall of more than 3\"";
  }
}

TEST_F(LevelMoves, MOVE_22_a_leap_starts_within_six_inches_of_the_face) {
  jump_packs_at(13, cliff());  // 7" from the face
  const std::string reason = illegal_reason(state_, jump(1, 0, 8));
  EXPECT_NE(reason.find("MOVE-22"), std::string::npos) << reason;
}

TEST_F(LevelMoves, MOVE_25_jump_packs_come_down_without_tests) {
  // The squad on a 4" platform (y 20..28) jumps 3" south off its edge, turning about (MOVE-07:
  // 1/2").
  jump_packs_at(21, raised("platform", 4, 20, 28));
  const int first = setup_->units[1].first_model;
  state_.scripted_dice = &sixes_;  // a test would fail
  must(jump(1, 0, -3));
  EXPECT_TRUE(rolls("MOVE-25").empty());
  EXPECT_TRUE(rolls("MOVE-27").empty());
  for (int m = first; m < first + 5; ++m) {
    EXPECT_DOUBLE_EQ(level_of(m), 0.0);
    EXPECT_FALSE(state_.models[m].prone);
  }
}

// A 3" storey across y 20..28 with a rope down its whole south edge.
std::string rope_down() {
  return raised("storey", 3, 20, 28) + rect("rope", "rope", 4, 19, 44, 21);
}

TEST_F(LevelMoves, MOVE_24_a_rope_is_descended_at_the_normal_rate_for_one_ap_on_a_test) {
  guard_at(20.5, rope_down());
  const int points = state_.action_points;
  state_.scripted_dice = &ones_;
  must(move(0, 0, -1));  // 0.5" to the edge, 3" down, 0.5" on: 4"
  const auto tests = rolls("MOVE-24");
  ASSERT_EQ(tests.size(), 1u) << "one test for the unit";
  EXPECT_EQ(tests[0].at("goal"), 3);
  EXPECT_EQ(state_.action_points, points - 1);
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 19.5, 1e-9);
    EXPECT_DOUBLE_EQ(level_of(m), 0.0);
  }
  const std::string up = illegal_reason(state_, move(0, 0, 0.5));

  EXPECT_NE(up.find("MOVE-20"), std::string::npos) << "a rope is no way up: " << up;
}

TEST_F(LevelMoves, MOVE_24_a_failed_test_drops_d6_rappellers_from_the_top) {
  guard_at(20.5, rope_down());
  state_.scripted_dice = &sixes_;  // the test fails, six fall, every save passes
  must(move(0, 0, -1));
  const auto falls = rolls("MOVE-27");
  ASSERT_EQ(falls.size(), 6u);
  for (const auto& e : falls) EXPECT_EQ(e.at("strength"), 3);
  int down = 0;
  for (int m = 0; m < 10; ++m) down += level_of(m) == 0.0 ? 1 : 0;
  EXPECT_EQ(down, 6);
  for (int m = 0; m < 10; ++m)
    if (level_of(m) > 0.0) {
      EXPECT_NEAR(state_.models[m].pose.position.y, 20.5, 1e-9);
    }
}

TEST_F(LevelMoves, MOVE_24_a_jump_does_not_use_the_rope) {
  guard_at(20.5, rope_down());
  state_.scripted_dice = &ones_;
  must(jump(0, 0, -1));
  EXPECT_TRUE(rolls("MOVE-24").empty());
  EXPECT_EQ(rolls("MOVE-25").size(), 10u);
}

// Deep water across y 10..20 and a 1" jetty across y 20..28: the captain swims north to it.
class ClimbOut : public LevelMoves {
 protected:
  void SetUp() override {
    begin(test::battle("climb_out", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 45], facing: 180}]", "space_marines",
                       "[{unit: captain, at: [20, 18], facing: 0}]",
                       "terrain:\n" + rect("lake", "water", 4, 8, 44, 20, ", deep: true") +
                           raised("jetty", 1, 20, 28)),
          9);
    must(act(ActionKind::end_phase));
    script({1, 1});
    must(activate(1, 2));
  }
  Action swim(double dy) const {
    Action a = move(1, 0, dy);
    a.mode = table::MoveMode::swim;
    return a;
  }
  int captain() const { return setup_->units[1].first_model; }
};

TEST_F(ClimbOut, MOVE_18_climbing_onto_a_jetty_takes_an_initiative_test) {
  script({6, 1});  // swim D3+1 = 4"; the I6 test passes on a 1
  must(swim(3));
  const auto tests = rolls("MOVE-18");
  ASSERT_EQ(tests.size(), 1u);
  EXPECT_EQ(tests[0].at("goal"), 6);
  EXPECT_TRUE(tests[0].at("out").get<bool>());
  EXPECT_DOUBLE_EQ(level_of(captain()), 1.0);
}

TEST_F(ClimbOut, MOVE_18_a_failed_test_leaves_the_swimmer_in_the_water_to_try_again) {
  script({6, 6});  // a natural 6 fails even I6
  must(swim(3));
  ASSERT_EQ(rolls("MOVE-18").size(), 1u);
  EXPECT_DOUBLE_EQ(level_of(captain()), 0.0);
  EXPECT_LT(state_.models[captain()].pose.position.y, 20.0) << "still in the water";
  EXPECT_GT(state_.models[captain()].pose.position.y, 18.0) << "at the jetty's foot";
  script({6, 1});
  const double y = state_.models[captain()].pose.position.y;
  must(swim(21.0 - y));
  EXPECT_EQ(rolls("MOVE-18").size(), 2u);
  EXPECT_DOUBLE_EQ(level_of(captain()), 1.0);
}

TEST_F(LevelMoves, GEN_07_bulk_counts_the_places_a_model_takes_on_a_ladder) {
  // Terminators are bulky (2 places each): a ladder's four places a turn take two of them.
  begin(
      test::battle(
          "bulk_on_ladder", "imperial_guard", "[{unit: infantry_squad, at: [24, 45], facing: 180}]",
          "space_marines", "[{unit: terminator_squad, at: [20, 19.5], facing: 0, spacing: 2}]",
          "terrain:\n" + raised("storey", 3, 20, 28) + rect("ladder", "ladder", 4, 19, 44, 21)),
      9);
  const int first = setup_->units[1].first_model;
  EXPECT_EQ(state_.models[first].pose.bulk, 2);
  EXPECT_EQ(static_cast<int>(data::Bulk::very_bulky), 3);
  EXPECT_EQ(static_cast<int>(data::Bulk::extremely_bulky), 5);
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  const std::string reason = illegal_reason(state_, move(1, 0, 1));  // 1" + the 3" ladder

  EXPECT_NE(reason.find("MOVE-28"), std::string::npos)
      << "five bulky Terminators need ten places: " << reason;
}

TEST(Agility, MOVE_15_the_goal_follows_the_current_move) {
  EXPECT_EQ(rules::agility_goal(3, 2.0), 2);  // boggy ground: 1 in 3
  EXPECT_NEAR(rules::agility_chance(3, 2.0), 1.0 / 3.0, 1e-12);
  EXPECT_EQ(rules::agility_goal(3, 4.0), 3);
  EXPECT_NEAR(rules::agility_chance(3, 4.0), 1.0 / 2.0, 1e-12);
  EXPECT_EQ(rules::agility_goal(3, 6.0), 4);  // a jump pack: 2 in 3
  EXPECT_NEAR(rules::agility_chance(3, 6.0), 2.0 / 3.0, 1e-12);
  EXPECT_EQ(rules::agility_goal(5, 6.0), 6);
  EXPECT_NEAR(rules::agility_chance(5, 6.0), 5.0 / 6.0, 1e-12) << "a natural 6 fails";
  EXPECT_EQ(rules::agility_goal(3, 2.5), 3);
  EXPECT_EQ(rules::agility_goal(3, 4.5), 4);
}

// A narrow plank (or ice, with `fast`) across y 17..19, in front of the squad at 21.5.
std::string plank(const std::string& agility) {
  return rect("plank", "ground", 4, 17, 44, 19, ", agility: " + agility);
}

TEST_F(LevelMoves, MOVE_15_a_plank_asks_an_agility_roll_of_each_model) {
  guard_at(21.5, plank("always"));
  state_.scripted_dice = &ones_;
  must(move(0, 0, -4));
  const auto tests = rolls("MOVE-15");
  ASSERT_EQ(tests.size(), 10u);
  for (const auto& e : tests) {
    EXPECT_EQ(e.at("goal"), 3) << "I3, current move 4";
    EXPECT_TRUE(e.at("steady").get<bool>());
  }
  for (int m = 0; m < 10; ++m) EXPECT_NEAR(state_.models[m].pose.position.y, 17.5, 1e-9);
}

TEST_F(LevelMoves, MOVE_15_a_model_that_falls_over_neither_moves_nor_attacks_that_turn) {
  begin(test::battle("fall_over", "imperial_guard",
                     "[{unit: infantry_squad, at: [20, 21.5], facing: 180}]", "space_marines",
                     "[{unit: tactical_squad, at: [20, 6], facing: 0}]",
                     "terrain:\n" + plank("always")),
        9);
  script({1, 1});
  must(activate(0, 2));
  state_.scripted_dice = &sixes_;
  must(move(0, 0, -4));
  for (int m = 0; m < 10; ++m) {
    EXPECT_NEAR(state_.models[m].pose.position.y, 19.0 + state_.models[m].pose.base_radius + 0.05,
                1e-9)
        << "it falls over just short of the plank";
    EXPECT_TRUE(state_.models[m].prone);
    EXPECT_TRUE(state_.models[m].fell_over);
  }
  EXPECT_NE(illegal_reason(state_, move(0, 0, 1)).find("MOVE-15"), std::string::npos);
  Action crawl = move(0, 0, -0.5);
  crawl.mode = table::MoveMode::crawl;
  EXPECT_NE(illegal_reason(state_, crawl).find("MOVE-15"), std::string::npos);
  EXPECT_NE(illegal_reason(state_, act(ActionKind::stand_up, 0)).find("MOVE-15"),
            std::string::npos);
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 1;
  EXPECT_NE(illegal_reason(state_, shoot), "") << "nobody left standing to fire";
  // The next player turn it may get up again.
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  for (int m = 0; m < 10; ++m) EXPECT_FALSE(state_.models[m].fell_over);
}

TEST_F(LevelMoves, MOVE_15_ice_asks_only_of_models_moving_over_half_rate) {
  guard_at(21.5, plank("fast"));  // the ice starts 2.5" ahead
  state_.scripted_dice = &ones_;
  must(move(0, 0, -2));  // half of M4: no roll (and it ends short of the ice anyway)
  must(move(0, 0, -2));  // 2": half rate on the ice, no roll
  EXPECT_TRUE(rolls("MOVE-15").empty());
}

TEST_F(LevelMoves, MOVE_15_ice_at_more_than_half_rate_asks_a_roll) {
  guard_at(21.5, plank("fast"));
  state_.scripted_dice = &ones_;
  must(move(0, 0, -3));
  EXPECT_EQ(rolls("MOVE-15").size(), 10u);
}

TEST_F(LevelMoves, MOVE_15_difficult_ground_underfoot_lowers_the_goal) {
  guard_at(21.5, plank("always") + rect("bog", "ground", 4, 20, 44, 24, ", movement: difficult"));
  state_.scripted_dice = &ones_;
  must(move(0, 0, -2.5));  // 1.5" of bog (3") and 1" on, to the plank's edge
  const auto tests = rolls("MOVE-15");
  ASSERT_FALSE(tests.empty());
  for (const auto& e : tests) {
    EXPECT_EQ(e.at("goal"), 2) << "I3, current move 2 in the bog";
    EXPECT_NEAR(e.at("current_move").get<double>(), 2.0, 1e-12);
  }
}

// Blue's Hormagaunts (leaping, M6, I5, 1.5" tall) in a block at y = `brood_y` facing north.
class Leapers : public LevelMoves {
 protected:
  void brood_at(double brood_y, const std::string& terrain, const std::string& obstacles = "") {
    begin(test::battle(
              "leapers_" + std::to_string(++count_), "imperial_guard",
              "[{unit: infantry_squad, at: [24, 45], facing: 180}]", "tyranids",
              "[{unit: hormagaunt_brood, at: [20, " + std::to_string(brood_y) + "], facing: 0}]",
              (terrain.empty() ? "" : "terrain:\n" + terrain) + obstacles),
          9);
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
  }
  int first() const { return setup_->units[1].first_model; }
};

TEST_F(Leapers, ADV_07_a_leaper_goes_up_twice_its_height_at_no_cost) {
  brood_at(17, raised("roof", 3, 20, 28));  // 3": twice a Hormagaunt's 1.5"
  must(move(1, 0, 6));  // 3" to the foot, 3" on: the climb costs nothing and needs no test
  for (int m = first(); m < first() + 10; ++m) EXPECT_DOUBLE_EQ(level_of(m), 3.0);
  EXPECT_TRUE(rolls("MOVE-20").empty());
}

TEST_F(Leapers, ADV_07_a_leaper_clears_a_wall_twice_its_height_at_no_cost) {
  brood_at(17, "",
           "obstacles:\n  - {id: high_wall, kind: wall, height: 3, points: [[2, 20], [46, 20]]}\n");
  must(move(1, 0, 6));  // 6" of ground; the 3" wall adds nothing
  for (int m = first(); m < first() + 10; ++m)
    EXPECT_NEAR(state_.models[m].pose.position.y,
                setup_->scenario.units[1].models[m - first()].pose.position.y + 6.0, 1e-9);
}

TEST_F(Leapers, ADV_07_a_leaper_jumps_a_gap_without_a_test) {
  // Two 4" roofs (deeper than twice the model) with a 2" gap between.
  brood_at(25, raised("near_roof", 4, 14, 28) + raised("far_roof", 4, 30, 40));
  state_.scripted_dice = &sixes_;  // a test would fail
  must(move(1, 0, 6));
  const auto jumps = rolls("MOVE-16");
  ASSERT_FALSE(jumps.empty());
  for (const auto& e : jumps) {
    EXPECT_TRUE(e.at("cleared").get<bool>());
    EXPECT_TRUE(e.at("dice").empty());
  }
  EXPECT_TRUE(rolls("MOVE-27").empty());
}

}  // namespace
}  // namespace arap::game
