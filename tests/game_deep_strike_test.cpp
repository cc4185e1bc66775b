// ADV-26 deep strike (advanced, option deep_strike): a deep striker held in reserve arrives by the
// reserves roll, its player aims a 5" marker, two D6 and a bearing scatter it, and a double or a
// marker touching the edge, impassable ground or models is a mishap (ruling.ADV-26).
#include <gtest/gtest.h>

#include <cmath>

#include "dice/scripted_dice.hpp"
#include "game/context.hpp"
#include "rules/deep_strike.hpp"
#include "support/scripted_game.hpp"
#include "table/drop_zone.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr int kTerminators = 0;  // Red: a Terminator squad of five, models 0-4
constexpr int kBoyz = 1;         // Blue: Slugga Boyz at the far edge

// Red's Terminators wait in reserve to teleport in from turn 2 (4+); Blue's Boyz stand at the far
// edge. `extra` adds scenario keys (terrain, options, rulings).
std::shared_ptr<const GameSetup> drop_battle(const std::string& name, const std::string& extra = "",
                                             const std::string& reserve = "{deep_strike: true}") {
  return test::battle(name, "space_marines",
                      "[{unit: terminator_squad, at: [24, 3], reserve: " + reserve + "}]", "orks",
                      "[{unit: slugga_boyz, at: [24, 44], facing: 180, formation: block}]", extra);
}

class DeepStrike : public test::ScriptedGame {
 protected:
  void SetUp() override { start(drop_battle("deep_strike")); }

  void start(std::shared_ptr<const GameSetup> setup) {
    begin(std::move(setup), 5);
    must(act(ActionKind::end_phase));  // Red, turn 1: still in reserve
    script({4});                       // Red's turn 2: the arrival roll (4+)
    must(act(ActionKind::end_phase));  // Blue ends turn 1
    ASSERT_EQ(state_.turn, 2);
  }

  Action drop_at(double x, double y) const {
    Action a = act(ActionKind::deep_strike, kTerminators);
    a.dx = x;
    a.dy = y;
    return a;
  }

  bool all_within(const table::Point& centre, double inches) const {
    for (int m = 0; m < 5; ++m) {
      const auto& pose = state_.models[m].pose;
      if (!pose.alive || table::distance(pose.position, centre) > inches + 1e-9) return false;
    }
    return true;
  }
};

TEST(DeepStrikeRules, ADV_26_a_double_on_the_scatter_dice_is_a_mishap_one_time_in_six) {
  EXPECT_DOUBLE_EQ(rules::deep_strike_double_odds(), 1.0 / 6.0);
  int doubles = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int b = 1; b <= 6; ++b) {
      dice::ScriptedDice dice{a, b, 45};
      const auto scatter = rules::roll_deep_strike_scatter(dice);
      EXPECT_EQ(scatter.mishap, a == b);
      // The dice are always rolled; the bearing only when the marker moves.
      EXPECT_EQ(dice.exhausted(), a != b) << a << "," << b;
      if (a != b) {
        EXPECT_EQ(scatter.inches, a + b);
        EXPECT_EQ(scatter.bearing_degrees, 45);
      }
      doubles += scatter.mishap;
    }
  }
  EXPECT_EQ(doubles, 6);  // 6 of 36: P = 1/6 exactly
}

TEST(DeepStrikeRules, ADV_26_rough_ground_under_the_marker_is_a_one_or_two_in_six_hazard) {
  EXPECT_EQ(rules::landing_hazard_triggers(false, false), 0);
  EXPECT_EQ(rules::landing_hazard_triggers(true, false), 1);
  EXPECT_EQ(rules::landing_hazard_triggers(true, true), 2);
  EXPECT_EQ(rules::landing_hazard_triggers(false, true), 2);
}

TEST(DeepStrikeRules, ADV_26_a_unit_must_fit_inside_the_five_inch_marker) {
  const double marine = table::base_radius_inches(25);
  const double terminator = table::base_radius_inches(40);
  const std::vector<double> ten(10, marine);
  const auto spots = table::pack_in_marker({10, 10}, 2.5, ten);
  ASSERT_TRUE(spots.has_value());
  for (std::size_t i = 0; i < spots->size(); ++i) {
    EXPECT_LE(table::distance((*spots)[i], {10, 10}) + marine, 2.5 + 1e-9);
    for (std::size_t j = 0; j < i; ++j)
      EXPECT_GE(table::distance((*spots)[i], (*spots)[j]), 2 * marine);
  }
  EXPECT_TRUE(table::pack_in_marker({0, 0}, 2.5, std::vector<double>(19, marine)).has_value());
  EXPECT_FALSE(table::pack_in_marker({0, 0}, 2.5, std::vector<double>(20, marine)).has_value());
  EXPECT_TRUE(table::pack_in_marker({0, 0}, 2.5, std::vector<double>(7, terminator)).has_value());
  EXPECT_FALSE(table::pack_in_marker({0, 0}, 2.5, std::vector<double>(8, terminator)).has_value());
}

TEST_F(DeepStrike, ADV_26_an_arrived_deep_striker_waits_for_its_marker_before_anything_else) {
  EXPECT_TRUE(state_.units[kTerminators].awaiting_drop);
  EXPECT_TRUE(state_.units[kTerminators].in_reserve);
  EXPECT_FALSE(state_.unit_alive(kTerminators));
  const GameState before = state_;
  for (const Action& a : {act(ActionKind::end_phase), activate(kTerminators, 1)}) {
    const std::string reason = apply(state_, a, &log_);
    EXPECT_NE(reason.find("ADV-26"), std::string::npos) << reason;
  }
  EXPECT_EQ(state_, before);
  // The door offers only aim points, each with the marker clear of the edge and of models.
  const auto options = legal_actions(state_);
  ASSERT_FALSE(options.empty());
  for (const Action& a : options) {
    EXPECT_EQ(a.kind, ActionKind::deep_strike);
    EXPECT_FALSE(
        table::ground_under_marker(state_.table(), state_.table_models(), {a.dx, a.dy}, 2.5)
            .blocked());
  }
  // Off the table is refused with the rule and the table's size.
  const std::string off = apply(state_, drop_at(60, 10), &log_);
  EXPECT_NE(off.find("ADV-26"), std::string::npos) << off;
  EXPECT_NE(off.find("48"), std::string::npos) << off;
}

TEST_F(DeepStrike, ADV_26_the_marker_scatters_the_sum_of_two_dice_and_the_unit_lands_inside_it) {
  script({2, 3, 90});  // not a double: 5" due east
  must(drop_at(20, 20));
  const table::Point landing{25, 20};
  EXPECT_FALSE(state_.units[kTerminators].in_reserve);
  EXPECT_FALSE(state_.units[kTerminators].awaiting_drop);
  EXPECT_TRUE(all_within(landing, 2.5));
  EXPECT_TRUE(state_.units[kTerminators].own_turn.moved_this_turn)  // counts as having moved
      << "a deep striker counts as having moved for its shooting";
  EXPECT_TRUE(logged("deep_strike"));
  EXPECT_TRUE(dice_.exhausted());
  // Facing the Boyz to the north, and free to act as usual.
  EXPECT_LT(std::abs(table::turn_between(state_.models[0].pose.facing, 0.0)), 5.0);
  script({1});
  must(activate(kTerminators, 1));
}

TEST_F(DeepStrike, ADV_26_a_double_sends_the_unit_back_to_reserve_for_a_new_roll_next_turn) {
  script({4, 4});  // a double: mishap, no bearing rolled
  must(drop_at(24, 24));
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(state_.units[kTerminators].in_reserve);
  EXPECT_FALSE(state_.units[kTerminators].awaiting_drop);
  EXPECT_FALSE(state_.unit_alive(kTerminators));
  EXPECT_TRUE(logged("deep_strike_mishap"));
  must(act(ActionKind::end_phase));  // Red's turn 2 goes on without it
  script({3});                       // turn 3 needs 3+ (ACT-02's table)
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.turn, 3);
  EXPECT_TRUE(state_.units[kTerminators].awaiting_drop);
}

TEST_F(DeepStrike, ADV_26_a_marker_landing_on_models_or_off_the_edge_is_a_mishap) {
  script({1, 2, 180});  // 3" south, onto... the table's edge from y = 4
  must(drop_at(24, 4));
  EXPECT_TRUE(state_.units[kTerminators].in_reserve);
  bool off_edge = false;
  for (const auto& e : log_)
    if (e.value("type", "") == "deep_strike_mishap")
      off_edge = e.value("why", "").find("off the table") != std::string::npos;
  EXPECT_TRUE(off_edge);
}

TEST_F(DeepStrike, ADV_26_landing_on_the_enemy_is_a_mishap) {
  const auto boyz = state_.setup->units[kBoyz];
  const table::Point near = state_.models[boyz.first_model].pose.position;
  script({1, 2, 360});  // 3" north of the aim point, onto the first Ork
  must(drop_at(near.x, near.y - 3.0));
  EXPECT_TRUE(state_.units[kTerminators].in_reserve);
  for (const auto& e : log_) {
    if (e.value("type", "") == "deep_strike_mishap") {
      EXPECT_NE(e.value("why", "").find("models"), std::string::npos);
    }
  }
  EXPECT_TRUE(logged("deep_strike_mishap"));
}

class LostDeepStrike : public DeepStrike {
 protected:
  void SetUp() override {
    start(drop_battle("deep_strike_lost", "rulings: {ruling.ADV-26: lost}\n"));
  }
};

TEST_F(LostDeepStrike, ADV_26_ruling_lost_destroys_the_unit_on_a_mishap) {
  script({6, 6});
  must(drop_at(24, 24));
  EXPECT_FALSE(state_.units[kTerminators].in_reserve);
  EXPECT_FALSE(state_.unit_alive(kTerminators));
}

class RoughLanding : public DeepStrike {
 protected:
  void SetUp() override {
    start(drop_battle("deep_strike_rough",
                      "terrain:\n  - {id: scrub, kind: ground, movement: difficult, polygon: "
                      "[[20, 18], [30, 18], [30, 22], [20, 22]]}\n"));
  }
};

TEST_F(RoughLanding,
       ADV_26_difficult_ground_under_the_marker_is_a_one_in_six_hazard_to_each_model) {
  // 5" east onto the scrub; then each of five Terminators rolls a hazard die: the third a 1, whose
  // 2+ save then fails on a 1.
  script({2, 3, 90, 4, 6, 1, 1, 2, 5});
  must(drop_at(20, 20));
  EXPECT_TRUE(dice_.exhausted());
  const auto hazards = rolls("ADV-26");
  ASSERT_EQ(hazards.size(), 6u);  // the scatter and five hazard dice
  EXPECT_EQ(state_.living_models(kTerminators), 4);
}

TEST(DeepStrikeData, ADV_26_a_unit_that_cannot_deep_strike_is_refused_with_file_and_field) {
  try {
    test::battle("bad_deep_strike", "imperial_guard",
                 "[{unit: infantry_squad, at: [24, 2], reserve: {deep_strike: true}}]", "orks",
                 "[{unit: slugga_boyz, at: [24, 44]}]");
    FAIL() << "a Guard squad was let deep strike";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("bad_deep_strike.yaml"), std::string::npos) << what;
    EXPECT_NE(what.find("deep_strike"), std::string::npos) << what;
    EXPECT_NE(what.find("ADV-26"), std::string::npos) << what;
  }
}

TEST(DeepStrikeData, ADV_26_a_unit_too_big_for_the_marker_is_refused) {
  try {
    test::battle("big_deep_strike", "space_marines",
                 "[{unit: terminator_squad, at: [24, 2], reserve: {deep_strike: true}, models: "
                 "{Terminator: 9}}]",
                 "orks", "[{unit: slugga_boyz, at: [24, 44]}]");
    FAIL() << "eleven Terminators fitted a 5-inch marker";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("fit"), std::string::npos) << what;
  }
}

TEST(DeepStrikeData, ADV_26_the_option_off_brings_the_unit_on_at_its_entry_point) {
  auto setup = drop_battle("deep_strike_off", "options: {deep_strike: false}\n");
  GameState s = initial_state(*setup, 3);
  dice::ScriptedDice dice{4};
  s.scripted_dice = &dice;
  ASSERT_EQ(apply(s, act(ActionKind::end_phase), nullptr), "");
  ASSERT_EQ(apply(s, act(ActionKind::end_phase), nullptr), "");
  EXPECT_FALSE(s.units[kTerminators].in_reserve);
  EXPECT_FALSE(s.units[kTerminators].awaiting_drop);
  EXPECT_TRUE(s.unit_alive(kTerminators));
}

TEST(DeepStrikeActions, ADV_26_the_action_reads_and_writes_its_aim_point) {
  Action a = act(ActionKind::deep_strike, 2);
  a.dx = 12.5;
  a.dy = 30;
  const auto json = to_json(a);
  EXPECT_EQ(json.at("x"), 12.5);
  EXPECT_EQ(json.at("y"), 30);
  EXPECT_EQ(action_from_json(json), a);
  EXPECT_THROW(action_from_text(R"({"type": "move", "unit": 0, "x": 3})", "t"), std::exception);
  EXPECT_THROW(action_from_text(R"({"type": "deep_strike", "unit": 0, "x": 3})", "t"),
               std::exception);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// The door's exact outlook of a drop (the preview's numbers), checked against its definition in
// the open and against the live drop near the table's edge.
class DropOutlookTest : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(drop_battle("drop_outlook"), 5);
    must(act(ActionKind::end_phase));
    script({4});
    must(act(ActionKind::end_phase));
  }

  Action drop_at(double x, double y) const {
    Action a = act(ActionKind::deep_strike, kTerminators);
    a.dx = x;
    a.dy = y;
    return a;
  }
};

TEST_F(DropOutlookTest, ADV_26_in_the_open_only_the_double_goes_wrong) {
  // 11" (the longest non-double) plus the marker's 2.5" stays clear of every edge and model.
  const DropOutlook outlook = drop_outlook(state_, drop_at(24.0, 24.0));
  ASSERT_TRUE(outlook.legal);
  EXPECT_DOUBLE_EQ(outlook.p_double, 1.0 / 6.0);
  EXPECT_NEAR(outlook.p_mishap, 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(outlook.p_landed, 5.0 / 6.0, 1e-12);
  EXPECT_EQ(outlook.p_off_table, 0.0);
  EXPECT_EQ(outlook.p_on_models, 0.0);
  EXPECT_EQ(outlook.p_rough_landing, 0.0);
  EXPECT_FALSE(drop_outlook(state_, act(ActionKind::end_phase)).legal);
}

TEST_F(DropOutlookTest, ADV_26_near_the_edge_the_live_drop_matches_the_outlook) {
  const Action aim = drop_at(5.0, 24.0);
  const DropOutlook outlook = drop_outlook(state_, aim);
  ASSERT_TRUE(outlook.legal);
  EXPECT_NEAR(outlook.p_double + outlook.p_off_table + outlook.p_impassable + outlook.p_on_models +
                  outlook.p_landed,
              1.0, 1e-12);
  EXPECT_GT(outlook.p_off_table, 0.1);
  // Live drops on copies with fresh dice (the safe-chance contract): the share that went off
  // the edge agrees with the exact figure within four standard errors.
  constexpr int kDrops = 4000;
  int off = 0;
  int doubles = 0;
  for (int k = 0; k < kDrops; ++k) {
    GameState copy = state_;
    reseed(copy, 1000 + k);
    EventLog log;
    ASSERT_EQ(apply(copy, aim, &log), "");
    for (const auto& e : log) {
      if (e.value("type", "") != "deep_strike_mishap") continue;
      const std::string why = e.value("why", "");
      off += why.find("off the table") != std::string::npos ? 1 : 0;
      doubles += why.find("double") != std::string::npos ? 1 : 0;
    }
  }
  const auto agrees = [](int count, double p) {
    const double sigma = std::sqrt(p * (1.0 - p) / kDrops);
    return std::abs(count / static_cast<double>(kDrops) - p) < 4.0 * sigma;
  };
  EXPECT_TRUE(agrees(off, outlook.p_off_table)) << off << " vs " << outlook.p_off_table;
  EXPECT_TRUE(agrees(doubles, outlook.p_double)) << doubles << " vs " << outlook.p_double;
}

}  // namespace
}  // namespace arap::game
