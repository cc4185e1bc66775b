// MOVE-01/03..08/11/12/19..21: the cost and legality of moves, and the movement dice.
#include <gtest/gtest.h>

#include "dice/scripted_dice.hpp"
#include "support/expect.hpp"
#include "support/table_builder.hpp"
#include "table/movement.hpp"

namespace arap::table {
namespace {

using test::frac;
using test::model_at;

MoveReport move(const Table& table, std::vector<TableModel> models, std::vector<Point> path,
                MoveMode mode = MoveMode::normal, double allowance = 4.0,
                std::optional<double> facing = std::nullopt) {
  MoveRequest request;
  request.model = 0;
  request.path = std::move(path);
  request.mode = mode;
  request.allowance = allowance;
  request.final_facing = facing;
  return check_move(table, models, request);
}

TEST(Movement, MOVE_01_basic_move_limit) {
  const Table table(48, 48);
  EXPECT_TRUE(move(table, {model_at(10, 10)}, {{10, 13}}).legal);
  const MoveReport far = move(table, {model_at(10, 10)}, {{10, 14.5}});
  EXPECT_FALSE(far.legal);
  EXPECT_NE(far.reason.find("MOVE-01"), std::string::npos);
}

TEST(Movement, MOVE_07_turning_example_retreat_two_and_a_half) {
  // EX-07: facing the enemy (north), turn about, retreat south, turn to face north again.
  const Table table(48, 48);
  const MoveReport retreat =
      move(table, {model_at(10, 10, 0)}, {{10, 7.5}}, MoveMode::normal, 4.0, 0.0);
  EXPECT_DOUBLE_EQ(retreat.turning_cost, 1.5);
  EXPECT_TRUE(retreat.legal) << retreat.reason;
  EXPECT_FALSE(move(table, {model_at(10, 10, 0)}, {{10, 7.4}}, MoveMode::normal, 4.0, 0.0).legal);
  EXPECT_DOUBLE_EQ(turning_cost(100), 0.5);
  EXPECT_DOUBLE_EQ(turning_cost(90), 0.0);
  EXPECT_DOUBLE_EQ(turning_cost(360), 1.5);
}

TEST(Movement, MOVE_03_difficult_and_very_difficult_ground) {
  Table table(48, 48);
  table.add_feature(test::rect_feature("scrub", 10, 11, 20, 12.5, MovementClass::difficult));
  // EX-05: 1.5" of difficult ground costs 3", leaving 1" of open movement.
  const MoveReport across = move(table, {model_at(15, 11, 0)}, {{15, 13.5}});
  EXPECT_DOUBLE_EQ(across.terrain_cost, 4.0);
  EXPECT_TRUE(across.legal);
  EXPECT_FALSE(move(table, {model_at(15, 11, 0)}, {{15, 13.6}}).legal);
  Table swamp(48, 48);
  swamp.add_feature(test::rect_feature("bog", 0, 0, 48, 48, MovementClass::very_difficult));
  EXPECT_TRUE(move(swamp, {model_at(10, 10)}, {{10, 11}}).legal);
  EXPECT_FALSE(move(swamp, {model_at(10, 10)}, {{10, 11.1}}).legal);
}

TEST(Movement, MOVE_03_impassable_ground_is_refused) {
  Table table(48, 48);
  table.add_feature(test::rect_feature("house", 10, 12, 20, 14, MovementClass::impassable));
  const MoveReport blocked = move(table, {model_at(15, 10)}, {{15, 13}});
  EXPECT_FALSE(blocked.legal);
  EXPECT_NE(blocked.reason.find("house"), std::string::npos);
  EXPECT_TRUE(move(table, {model_at(15, 10)}, {{15, 12}}).legal) << "up to the wall is fine";
}

TEST(Movement, MOVE_06_backwards_and_sidestep) {
  const Table table(48, 48);
  EXPECT_TRUE(move(table, {model_at(10, 10, 0)}, {{10, 8}}, MoveMode::backwards).legal);
  const MoveReport back = move(table, {model_at(10, 10, 0)}, {{10, 7.9}}, MoveMode::backwards);
  EXPECT_FALSE(back.legal);
  EXPECT_DOUBLE_EQ(back.final_facing, 0.0) << "backing keeps the facing";
  const MoveReport side = move(table, {model_at(10, 10, 0)}, {{8, 10}}, MoveMode::sidestep);
  EXPECT_DOUBLE_EQ(side.total_cost(), 2.5);
  EXPECT_TRUE(side.legal);
  EXPECT_DOUBLE_EQ(side.turning_cost, 0.0);
}

TEST(Movement, MOVE_08_crawling) {
  Table table(48, 48);
  table.add_feature(test::rect_feature("scrub", 0, 20, 48, 30, MovementClass::difficult));
  table.add_feature(test::rect_feature("bog", 0, 30, 48, 40, MovementClass::very_difficult));
  EXPECT_TRUE(move(table, {model_at(10, 10)}, {{10, 12}}, MoveMode::crawl).legal);
  EXPECT_FALSE(move(table, {model_at(10, 10)}, {{10, 12.1}}, MoveMode::crawl).legal);
  EXPECT_TRUE(move(table, {model_at(10, 22)}, {{10, 24}}, MoveMode::crawl).legal)
      << "difficult ground slows a crawl no further";
  EXPECT_TRUE(move(table, {model_at(10, 32)}, {{10, 33}}, MoveMode::crawl).legal);
  EXPECT_FALSE(move(table, {model_at(10, 32)}, {{10, 33.1}}, MoveMode::crawl).legal);
}

TEST(Movement, MOVE_19_MOVE_21_obstacles_cost_their_height_once) {
  Table table(48, 48);
  table.add_obstacle(test::wall("wall", {0, 11}, {48, 11}, 1.5));
  // EX-08: 1" to the wall, 1.5" over it, 1.5" beyond: 4" in all.
  const MoveReport over = move(table, {model_at(10, 10)}, {{10, 12.5}});
  EXPECT_DOUBLE_EQ(over.obstacle_cost, 1.5);
  EXPECT_TRUE(over.legal);
  EXPECT_FALSE(move(table, {model_at(10, 10)}, {{10, 12.6}}).legal);
  Table step(48, 48);
  step.add_obstacle(test::wall("step", {0, 11}, {48, 11}, 1.0));
  EXPECT_DOUBLE_EQ(move(step, {model_at(10, 10)}, {{10, 12}}).obstacle_cost, 0.0);
  Table high(48, 48);
  high.add_obstacle(test::wall("high", {0, 11}, {48, 11}, 1.75));
  const MoveReport climb = move(high, {model_at(10, 10)}, {{10, 12}});
  EXPECT_FALSE(climb.legal);
  EXPECT_NE(climb.reason.find("MOVE-20"), std::string::npos);
  TableModel dreadnought = model_at(10, 10, 0, 0, 0, 3);
  EXPECT_DOUBLE_EQ(move(table, {dreadnought}, {{10, 12}}).obstacle_cost, 0.0)
      << "a Size 3 model steps over 1.5\" freely";
}

TEST(Movement, MOVE_11_dangerous_ground_is_reported) {
  Table table(48, 48);
  TerrainFeature mines = test::rect_feature("mines", 10, 11, 20, 12, MovementClass::normal);
  mines.dangerous = Hazard{1, false, "mine"};
  table.add_feature(mines);
  const MoveReport through = move(table, {model_at(15, 10)}, {{15, 13}});
  ASSERT_EQ(through.dangerous.size(), 1u);
  EXPECT_EQ(through.dangerous[0]->id, "mines");
  EXPECT_TRUE(move(table, {model_at(15, 10)}, {{12, 10.5}}).dangerous.empty());
}

TEST(Movement, bases_cannot_overlap_and_enemies_cannot_be_walked_through) {
  const Table table(48, 48);
  const MoveReport overlap = move(table, {model_at(10, 10), model_at(10, 13)}, {{10, 12.8}});
  EXPECT_FALSE(overlap.legal);
  EXPECT_TRUE(move(table, {model_at(10, 10), model_at(10, 13)}, {{10, 14}}).legal)
      << "friends may be passed";
  EXPECT_FALSE(move(table, {model_at(10, 10), model_at(10, 12, 0, 1, 1)}, {{10, 14}}).legal);
  EXPECT_FALSE(move(table, {model_at(1, 1)}, {{1, -1}}).legal) << "off the table";
  EXPECT_TRUE(move(table, {model_at(1, 1)}, {{1, -1}}, MoveMode::flee).left_table);
}

// MOVE-03: a model's end backs off before every base it would overlap, and backing off past one
// may end inside another's, found on another pass: here the base 2" ahead is met only after the
// one 3" ahead has pushed the end back. Asked in two steps (the stretches each base rules out,
// then the furthest end below a limit) the answers are the same, at any limit.
TEST(Movement, MOVE_03_furthest_clear_end_backs_off_past_a_row_of_bases) {
  const std::vector<TableModel> models = {model_at(10, 10), model_at(10, 12, 0, 1),
                                          model_at(10, 13, 0, 1), model_at(14, 12, 0, 1)};
  const Point north{0.0, 1.0};
  const double contact = 0.98 - 1e-6;  // two 25 mm bases, less a hair
  EXPECT_NEAR(furthest_clear_end(models, 0, north, 3.5), 2.0 - contact - 1e-4, 1e-12);
  EXPECT_DOUBLE_EQ(furthest_clear_end(models, 0, north, 0.9), 0.9) << "short of every base";
  EXPECT_DOUBLE_EQ(furthest_clear_end(models, 0, north, 6.0), 6.0) << "beyond every base";
  std::vector<BlockedStretch> stretches;
  blocked_stretches(models, 0, north, stretches);
  ASSERT_EQ(stretches.size(), 2u) << "the base 4\" to the east is clear of the path";
  EXPECT_NEAR(stretches[0].from, 2.0 - contact, 1e-12);
  EXPECT_NEAR(stretches[1].to, 3.0 + contact, 1e-12);
  for (const double limit : {0.5, 1.5, 2.5, 3.5, 4.5})
    EXPECT_EQ(furthest_clear_end(stretches, limit), furthest_clear_end(models, 0, north, limit));
}

TEST(Movement, plan_straight_move_finds_the_furthest_legal_point) {
  Table table(48, 48);
  table.add_feature(test::rect_feature("house", 8, 14, 12, 16, MovementClass::impassable));
  const std::vector<TableModel> models = {model_at(10, 10, 0)};
  const auto plan = plan_straight_move(table, models, 0, {10, 30}, 4.0, MoveMode::normal);
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->report.legal);
  EXPECT_GT(plan->request.path.back().y, 13.0);
  const auto away = plan_straight_move(table, models, 0, {10, 20}, 4.0, MoveMode::normal, true);
  ASSERT_TRUE(away);
  EXPECT_LT(away->request.path.back().y, 10.0);
}

// A move toward a point ends nearer to it, or is not made (CHARGE-04's failed Chargers, pile-ins
// and the lead Charger move with it): a model standing against a wall across its way, with only
// the line along the wall open, stays where it is rather than sliding 4" sideways, which would
// leave it farther from the goal than it started.
TEST(Movement, plan_straight_move_toward_never_ends_farther_from_the_goal) {
  Table table(48, 48);
  // The wall's near face lies 0.0001" ahead of the model's centre: every bearing with any
  // northward part is barred at once, the two along the face are open.
  table.add_feature(test::rect_feature("wall", 0, 10.0001, 48, 14, MovementClass::impassable));
  const std::vector<TableModel> models = {model_at(10, 10, 0)};
  EXPECT_FALSE(plan_straight_move(table, models, 0, {10, 40}, 4.0, MoveMode::normal));
  EXPECT_FALSE(plan_straight_move(table, models, 0, {10, 40}, 4.0, MoveMode::charge));
  // Along the face toward a goal off to the side, the move is made: it gets nearer.
  const auto along = plan_straight_move(table, models, 0, {30, 40}, 4.0, MoveMode::normal);
  ASSERT_TRUE(along);
  EXPECT_LT(distance(along->request.path.back(), {30, 40}), distance({10, 10}, {30, 40}));
}

// CHARGE-03: a Charger goes straight for the enemy model it is sent against and stops in base
// contact on the line between them. The other bearings also reach the base, each backing off it
// by a sliver of its own; a bearing off the line must end a hundredth of an inch nearer to be
// taken, so those slivers never turn the Charger onto a slant.
TEST(Movement, CHARGE_03_a_charger_stops_in_contact_on_the_straight_line) {
  const Table table(48, 48);
  for (const double gap : {1.5, 2.0, 3.0, 4.5}) {
    const std::vector<TableModel> models = {model_at(10, 10, 0), model_at(10, 10 + gap, 180, 1, 1)};
    const auto plan =
        plan_straight_move(table, models, 0, models[1].position, 6.0, MoveMode::charge);
    ASSERT_TRUE(plan) << gap;
    const Point end = plan->request.path.back();
    EXPECT_NEAR(end.x, 10.0, 1e-9) << gap;
    const double contact = models[0].base_radius + models[1].base_radius;
    EXPECT_GT(distance(end, models[1].position), contact - 1e-6) << gap;
    EXPECT_LT(distance(end, models[1].position), contact + 1e-3) << gap;
  }
}

// MOVE-07: a model facing the threat turns about to move away, which costs 1/2" of its 4", so
// it ends exactly 3.5" away; at the table edge the move stops on the edge (only fleeing models
// leave the table).
TEST(Movement, MOVE_07_turning_shortens_a_move_away_exactly) {
  const Table table(48, 48);
  const std::vector<TableModel> facing_threat = {model_at(10, 10, 0)};
  const auto away =
      plan_straight_move(table, facing_threat, 0, {10, 20}, 4.0, MoveMode::normal, true);
  ASSERT_TRUE(away);
  EXPECT_TRUE(away->report.legal);
  EXPECT_NEAR(away->request.path.back().y, 6.5, 1e-9);
  EXPECT_NEAR(away->request.path.back().x, 10.0, 1e-9);
  EXPECT_DOUBLE_EQ(away->report.turning_cost, 0.5);
  const std::vector<TableModel> near_edge = {model_at(10, 1.5, 180)};
  const auto stopped =
      plan_straight_move(table, near_edge, 0, {10, 20}, 4.0, MoveMode::normal, true);
  ASSERT_TRUE(stopped);
  EXPECT_TRUE(stopped->report.legal);
  EXPECT_TRUE(table.on_table(stopped->request.path.back()));
  EXPECT_GT(table::distance(stopped->request.path.back(), {10, 1.5}), 1.5 - 1e-6)
      << "the edge is reached (along the wall if that takes it further)";
}

TEST(MovementDice, MOVE_12_variable_ground) {
  const dice::Distribution m4 = variable_allowance_distribution(4, VariableMode::normal);
  EXPECT_PROB(m4[4], frac(7, 16));
  EXPECT_PROB(m4[3], frac(5, 16));
  EXPECT_PROB(m4[2], frac(3, 16));
  EXPECT_PROB(m4[1], frac(1, 16));
  EXPECT_PROB(m4.mean(), frac(25, 8));
  const dice::Distribution charge = variable_allowance_distribution(4, VariableMode::charge);
  EXPECT_PROB(charge[8], frac(7, 16));
  EXPECT_PROB(charge[2], frac(1, 16));
  EXPECT_EQ(variable_die_sides(2), 3);
  EXPECT_EQ(variable_die_sides(5), 5);
  EXPECT_EQ(variable_die_sides(9), 6);
  dice::ScriptedDice d{2, 4};
  EXPECT_EQ(roll_variable_allowance(d, 4, VariableMode::normal), 4);
  dice::ScriptedDice one{3};
  EXPECT_EQ(roll_variable_allowance(one, 4, VariableMode::crawl), 3);
  EXPECT_TRUE(one.exhausted());
  dice::ScriptedDice tactical{6};
  EXPECT_EQ(roll_variable_allowance(tactical, 3, VariableMode::tactical), 6);
}

TEST(MovementDice, MOVE_04_charge_range) {
  const dice::Distribution human = charge_distance_distribution(4);
  EXPECT_EQ(human.lowest(), 6);
  EXPECT_EQ(human.highest(), 16);
  EXPECT_PROB(human.at_least(10), frac(13, 18));
  const dice::Distribution horse = charge_distance_distribution(8);
  EXPECT_EQ(horse.lowest(), 10);
  EXPECT_EQ(horse.highest(), 20);
  dice::ScriptedDice two{2, 5};
  EXPECT_EQ(roll_charge_distance(two, 4), 11);
  dice::ScriptedDice none;
  EXPECT_EQ(roll_charge_distance(none, 4, /*prone=*/true), 4);
}

TEST(MovementDice, MOVE_05_flee_rate) {
  EXPECT_PROB(flee_distance_distribution(6).mean(), 7.0);
  EXPECT_PROB(flee_distance_distribution(7).mean(), frac(203, 24));
  EXPECT_PROB(flee_distance_distribution(6).at_least(7), frac(7, 12));
  EXPECT_PROB(flee_distance_distribution(7).at_least(7), frac(29, 36));
  dice::ScriptedDice three{6, 1, 5};
  EXPECT_EQ(roll_flee_distance(three, 8), 11);
}

}  // namespace
}  // namespace arap::table
