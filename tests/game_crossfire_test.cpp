// ADV-41 (advanced, option crossfire): routers and pursuers may be shot at as they pass a unit,
// and direct fire at them measures range to the nearest point of their last move (a straight
// line from where it began to where they stand), not to where they stopped. Blast markers and
// templates are laid where the models stand now, so those weapons measure there.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "game/view.hpp"
#include "support/pursuit_fixture.hpp"
#include "support/scripted_game.hpp"
#include "table/geometry.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: one model of a Tactical squad (unit 0, models 0-9: sergeant, seven bolters, flamer,
// missile) at (24, 8) facing north. Blue: one Gretchin (model 11) of a Gretchin mob (unit 1),
// routing: it fled along y = 11 from x = 4 to x = 44, passing 3" in front of the shooter and
// stopping sqrt(20^2 + 3^2) = 20.2" from it. The catalogue's case.
class Crossfire : public test::ScriptedGame {
 protected:
  void arrange(int shooter, const std::string& options = "") {
    begin(test::battle("crossfire", "space_marines", "[{unit: tactical_squad, at: [24, 8]}]",
                       "orks", "[{unit: gretchin_mob, at: [24, 40], facing: 180}]", options),
          3);
    for (int m = 0; m < 10; ++m)
      if (m != shooter) remove_model(m);
    place(shooter, 24, 8, 0);
    for (int m = 10; m < 21; ++m)
      if (m != 11) remove_model(m);
    place(11, 44, 11, 90);
    state_.units[1].routing = true;
    state_.models[11].crossfire_path = true;
    state_.models[11].crossfire_from = {4, 11};
    script({1});
    must(activate(0, 1));
  }

  std::vector<FireGroup> groups(bool heavy = false) const {
    return fire_groups(state_, shoot(0, 1, heavy));
  }
};

constexpr double kStandsAt = 20.223748416156685;  // sqrt(409)

TEST_F(Crossfire, ADV_41_routers_that_passed_3_inches_away_are_shot_at_3_inches) {
  arrange(1);  // a bolter: rapid fire, 24", one more shot within 12" (SHOOT-05)
  const auto found = groups();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].weapon->id, "bolter");
  EXPECT_DOUBLE_EQ(found[0].range, 3.0);
  EXPECT_DOUBLE_EQ(found[0].situation.range, 3.0);
  EXPECT_EQ(found[0].shots, 2) << "within half range as they passed";
  // Fired for real: the to-hit roll is made at 3" with both shots.
  script({6, 6});  // both miss (BS4)
  must(shoot(0, 1));
  const auto hits = rolls("SHOOT-10");
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_DOUBLE_EQ(hits[0].at("range").get<double>(), 3.0);
  EXPECT_EQ(hits[0].at("dice").size(), 2u);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Crossfire, ADV_41_switched_off_range_is_to_where_they_stand) {
  arrange(1, "options: {crossfire: false}\n");
  const auto found = groups();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_DOUBLE_EQ(found[0].range, kStandsAt);
  EXPECT_EQ(found[0].shots, 1);
}

// The sergeant's bolt pistol reaches 12": the routers stand beyond it but passed well within.
TEST_F(Crossfire, ADV_41_a_pistol_reaches_routers_that_passed_within_its_range) {
  arrange(0);
  const auto found = groups();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].weapon->id, "bolt_pistol");
  EXPECT_DOUBLE_EQ(found[0].range, 3.0);
  EXPECT_EQ(found[0].targets, std::vector<int>{11});
}

TEST_F(Crossfire, ADV_41_switched_off_the_pistol_does_not_reach) {
  arrange(0, "options: {crossfire: false}\n");
  EXPECT_TRUE(groups().empty());
}

// The flamer's template (8") is laid where the routers stand, 20" off: it cannot fire, and the
// Marine's bolt pistol, measuring where they passed, fires instead.
TEST_F(Crossfire, ADV_41_a_template_is_laid_where_the_routers_stand) {
  arrange(8);
  const auto found = groups();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].weapon->id, "bolt_pistol");
  EXPECT_DOUBLE_EQ(found[0].range, 3.0);
}

// Only routers and pursuers are crossfire targets: a unit whose models carry a recorded path
// but that is neither is measured where it stands.
TEST_F(Crossfire, ADV_41_a_rallied_unit_is_measured_where_it_stands) {
  arrange(1);
  state_.units[1].routing = false;
  const auto found = groups();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_DOUBLE_EQ(found[0].range, kStandsAt);
}

// In play: Red's Guard squad (unit 0, models 0-9) was beaten by Blue's Assault squad (unit 2) to
// the north and flees 12" south in Blue's compulsory phase, fanning out, past Blue's Captain
// (unit 3, model 25) at (43.5, 19.5): the eastmost router's flight passes about 11.4" from him
// and ends about 12.8" away. The Captain's bolt pistol (12") then measures to the nearest point of
// the flight, not to where the routers stopped.
class CrossfireInPlay : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = "") {
    begin(test::battle("crossfire_play", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 20], facing: 180}, {unit: infantry_squad, "
                       "at: [24, 46]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 34], facing: 180, spacing: 1.5}, {unit: "
                       "captain, at: [43.5, 19.5], facing: 240}]",
                       options),
          5);
    state_.units[0].routing = true;
    state_.units[0].beaten_by = 2;
    for (int m = 0; m < 10; ++m) starts_.push_back(state_.models[m].pose.position);
    script({6, 6});  // MOVE-05: the routers flee 12"
    script({6, 6});  // MELEE-21: and fail to rally
    must(act(ActionKind::end_phase));
    ASSERT_TRUE(state_.units[0].routing);
    script({1});
    must(activate(3, 1));
  }

  // What the test works out for itself from where the routers began and ended.
  double nearest(bool along_the_flight) const {
    const table::Point eye = state_.models[25].pose.position;
    double best = std::numeric_limits<double>::infinity();
    for (int m = 0; m < 10; ++m) {
      const table::Point end = state_.models[m].pose.position;
      best = std::min(best, along_the_flight ? table::distance_to_segment(eye, starts_[m], end)
                                             : table::distance(eye, end));
    }
    return best;
  }

  std::vector<table::Point> starts_;
};

TEST_F(CrossfireInPlay, ADV_41_the_flee_move_is_remembered_and_shot_at_as_it_passed) {
  arrange();
  for (int m = 0; m < 10; ++m) {
    EXPECT_TRUE(state_.models[m].crossfire_path) << m;
    EXPECT_EQ(state_.models[m].crossfire_from, starts_[m]) << m;
  }
  const double passed = nearest(true);
  ASSERT_LT(passed, 12.0);
  ASSERT_GT(nearest(false), 12.0) << "they stopped beyond the pistol's reach";
  const auto found = fire_groups(state_, shoot(3, 0));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].weapon->id, "bolt_pistol");
  EXPECT_NEAR(found[0].range, passed, 1e-12);
  // The state view shows where each router's flight began.
  const auto view = state_view(state_);
  EXPECT_EQ(view.at("units")[0].at("models")[0].at("crossfire_from"),
            (nlohmann::json{starts_[0].x, starts_[0].y}));
  EXPECT_FALSE(view.at("units")[3].at("models")[0].contains("crossfire_from"));
}

TEST_F(CrossfireInPlay, ADV_41_switched_off_nothing_is_remembered_and_the_pistol_falls_short) {
  arrange("options: {crossfire: false}\n");
  for (int m = 0; m < 10; ++m) EXPECT_FALSE(state_.models[m].crossfire_path) << m;
  EXPECT_TRUE(fire_groups(state_, shoot(3, 0)).empty());
}

// Pursuers: their pursuit move is remembered from where it began. Red's Guard squad (unit 0)
// routs from Blue's Assault squad (unit 2, models 20-24), which pursues (test::PursuitFixture).
using CrossfirePursuit = test::PursuitFixture;

TEST_F(CrossfirePursuit, ADV_41_the_pursuit_move_is_remembered_from_where_it_began) {
  std::vector<table::Point> starts;
  for (int m = 20; m < 25; ++m) starts.push_back(state_.models[m].pose.position);
  script({1, 1});  // the routers flee 2"
  script({6, 6});  // and fail to rally
  script({6, 6});  // the pursuers fail to halt
  script({1, 1});  // and follow 2"
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.units[2].pursuing, 0);
  for (int m = 20; m < 25; ++m) {
    EXPECT_TRUE(state_.models[m].crossfire_path) << m;
    EXPECT_EQ(state_.models[m].crossfire_from, starts[m - 20]) << m;
    EXPECT_NE(state_.models[m].pose.position, starts[m - 20]) << m;
  }
}

}  // namespace
}  // namespace arap::game
