// ADV-08 Move Through Cover: the first inch of difficult or very difficult ground in each
// movement action is free, in check_move, in the planners' straight reach and in the Charge odds;
// in variable ground the rule rolls one die more and keeps the best.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "odds/charge_odds.hpp"
#include "rules/charge.hpp"
#include "support/expect.hpp"
#include "support/table_builder.hpp"
#include "table/movement.hpp"

namespace arap::table {
namespace {

using test::frac;
using test::model_at;

TableModel mover(bool move_through_cover) {
  TableModel model = model_at(10, 10, 0);
  model.move_through_cover = move_through_cover;
  return model;
}

MoveReport move(const Table& table, const TableModel& model, std::vector<Point> path) {
  MoveRequest request;
  request.model = 0;
  request.path = std::move(path);
  request.allowance = 4.0;
  const std::vector<TableModel> models{model};
  return check_move(table, models, request);
}

Table whole(MovementClass ground) {
  Table table(48, 48);
  table.add_feature(test::rect_feature("ground", 0, 0, 48, 48, ground));
  return table;
}

TEST(MoveThroughCover, ADV_08_m4_wholly_in_difficult_ground_moves_three_inches) {
  const Table scrub = whole(MovementClass::difficult);
  // 1" free, then 4" of allowance at 2" an inch.
  const MoveReport three = move(scrub, mover(true), {{10, 13}});
  EXPECT_TRUE(three.legal) << three.reason;
  EXPECT_DOUBLE_EQ(three.terrain_cost, 4.0);
  EXPECT_FALSE(move(scrub, mover(true), {{10, 13.1}}).legal);
  // Without the rule: 2".
  EXPECT_TRUE(move(scrub, mover(false), {{10, 12}}).legal);
  EXPECT_FALSE(move(scrub, mover(false), {{10, 12.1}}).legal);
}

TEST(MoveThroughCover, ADV_08_m4_wholly_in_very_difficult_ground_moves_two_inches) {
  const Table bog = whole(MovementClass::very_difficult);
  EXPECT_TRUE(move(bog, mover(true), {{10, 12}}).legal);  // 1 free + 4/4
  EXPECT_FALSE(move(bog, mover(true), {{10, 12.1}}).legal);
  EXPECT_TRUE(move(bog, mover(false), {{10, 11}}).legal);
  EXPECT_FALSE(move(bog, mover(false), {{10, 11.1}}).legal);
}

TEST(MoveThroughCover, ADV_08_the_free_inch_is_once_per_action_and_only_in_rough_ground) {
  const Table scrub = whole(MovementClass::difficult);
  // Two legs of one action share one free inch: 1.5" + 1.5" costs 1 + 0.5*2 ... = 4".
  const MoveReport two_legs = move(scrub, mover(true), {{10, 11.5}, {10, 13}});
  EXPECT_TRUE(two_legs.legal) << two_legs.reason;
  EXPECT_DOUBLE_EQ(two_legs.terrain_cost, 4.0);
  // Open ground first: 1" open, 1" free in the scrub, then 2" of allowance left buys 1".
  Table edge(48, 48);
  edge.add_feature(test::rect_feature("scrub", 0, 11, 48, 48, MovementClass::difficult));
  const MoveReport mixed = move(edge, mover(true), {{10, 13.5}});
  EXPECT_TRUE(mixed.legal) << mixed.reason;
  EXPECT_DOUBLE_EQ(mixed.terrain_cost, 4.0);
  EXPECT_FALSE(move(edge, mover(true), {{10, 13.6}}).legal);
  // Open ground alone costs what it always did.
  EXPECT_FALSE(move(Table(48, 48), mover(true), {{10, 14.1}}).legal);
}

TEST(MoveThroughCover, ADV_08_straight_reach_agrees_with_check_move) {
  const Table scrub = whole(MovementClass::difficult);
  const Table bog = whole(MovementClass::very_difficult);
  MoveRequest request;
  request.model = 0;
  request.path.resize(1);
  request.allowance = 4.0;
  const Point north{0.0, 1.0};
  std::vector<TableModel> models{mover(true)};
  EXPECT_NEAR(*straight_reach(scrub, models, request, north, 20.0), 3.0, 1e-9);
  EXPECT_NEAR(*straight_reach(bog, models, request, north, 20.0), 2.0, 1e-9);
  models[0].move_through_cover = false;
  EXPECT_NEAR(*straight_reach(scrub, models, request, north, 20.0), 2.0, 1e-9);
  EXPECT_NEAR(*straight_reach(bog, models, request, north, 20.0), 1.0, 1e-9);
}

TEST(MoveThroughCover, ADV_08_variable_ground_rolls_one_die_more) {
  // M4: the better of three D4 instead of two: P(4") = 1 - (3/4)^3 = 37/64.
  const auto with = variable_allowance_distribution(4, VariableMode::normal, true);
  EXPECT_NEAR(with[4], frac(37, 64), 1e-12);
  EXPECT_NEAR(variable_allowance_distribution(4, VariableMode::normal, false)[4], frac(7, 16),
              1e-12);
  dice::ScriptedDice dice{1, 2, 4};
  EXPECT_EQ(roll_variable_allowance(dice, 4, VariableMode::normal, true), 4);
  EXPECT_TRUE(dice.exhausted());
  // A Charge in variable ground: twice the best of three.
  rules::ChargeMove charge;
  charge.move = 4;
  charge.variable_sides = 4;
  charge.move_through_cover = true;
  EXPECT_NEAR(rules::charge_distance_distribution(charge, rules::ChargeDice::by_basic_move)[8],
              frac(37, 64), 1e-12);
  dice::ScriptedDice charge_dice{3, 1, 2};
  EXPECT_EQ(rules::roll_charge(charge_dice, charge, rules::ChargeDice::by_basic_move).distance, 6);
  EXPECT_TRUE(charge_dice.exhausted());
}

TEST(MoveThroughCover, ADV_08_charge_odds_take_the_free_inch) {
  // A 5" gap of difficult ground costs 8" with the rule (1" free, 4" at 2" an inch), 10" without.
  odds::ChargeRequest request;
  request.move.move = 4;
  request.distance = 7.0;  // less a 2" mêlée radius
  request.path = {{odds::Ground::difficult, 100.0}};
  const auto plain = odds::evaluate_charge(request);
  EXPECT_DOUBLE_EQ(plain.allowance_needed, 10.0);
  request.move.move_through_cover = true;
  const auto covered = odds::evaluate_charge(request);
  EXPECT_DOUBLE_EQ(covered.allowance_needed, 8.0);
  // M4 + 2D6 >= 8: P(2D6 >= 4) = 33/36; >= 10: P(2D6 >= 6) = 26/36.
  EXPECT_NEAR(covered.p_reach, frac(33, 36), 1e-12);
  EXPECT_NEAR(plain.p_reach, frac(26, 36), 1e-12);
}

}  // namespace
}  // namespace arap::table

// The rule as the game plays it: the shipped Genestealers carry it, a Commissar moving alone has
// it as an independent character on foot, Guardsmen do not; the option switches it off.
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

class MoveThroughCoverGame : public test::ScriptedGame {
 protected:
  // Red: a Commissar (unit 0) and a Guard squad (unit 1) in scrub (difficult ground up to
  // y = 30); Blue: a Genestealer brood far off.
  void arrange(const std::string& options = "") {
    begin(test::battle("move_through_cover_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: commissar, at: [24, 10]}, {unit: infantry_squad, at: [10, 10]}]",
                       "tyranids", "[{unit: genestealer_brood, at: [24, 44], facing: 180}]",
                       options + "terrain:\n  - {id: scrub, kind: ground, movement: difficult, "
                                 "polygon: [[0, 0], [48, 0], [48, 30], [0, 30]]}\n"),
          5);
  }
  static inline int count_ = 0;
};

TEST_F(MoveThroughCoverGame, ADV_08_who_moves_through_cover) {
  arrange();
  EXPECT_TRUE(state_.models[setup_->units[0].first_model].pose.move_through_cover);
  EXPECT_FALSE(state_.models[setup_->units[1].first_model].pose.move_through_cover);
  EXPECT_TRUE(state_.models[setup_->units[2].first_model].pose.move_through_cover);
  // The Commissar moves 3" through the scrub in one action; a Guardsman only 2".
  script({1, 1});
  must(activate(0, 2));
  must(move(0, 0, 3));
  EXPECT_NEAR(state_.models[setup_->units[0].first_model].pose.position.y, 13.0, 1e-9);
}

TEST_F(MoveThroughCoverGame, ADV_08_switched_off_nobody_has_it) {
  arrange("options: {move_through_cover: false}\n");
  EXPECT_FALSE(state_.models[setup_->units[0].first_model].pose.move_through_cover);
  EXPECT_FALSE(state_.models[setup_->units[2].first_model].pose.move_through_cover);
  script({1, 1});
  must(activate(0, 2));
  EXPECT_NE(apply(state_, move(0, 0, 3), &log_), "") << "M4 in difficult ground: 2\" only";
  must(move(0, 0, 2));
}

}  // namespace
}  // namespace arap::game
