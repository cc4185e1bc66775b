// The search agent (issue 15): reproducible for a seed and an iteration budget (on one thread or
// several), blind to the real game's future dice (safe chance), legal and explained over whole
// games, and it finds the shot a squad in the open should take.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "ai/match.hpp"
#include "ai/search.hpp"
#include "ai/tactician.hpp"
#include "dice/scripted_dice.hpp"
#include "support/game_fixture.hpp"
#include "support/personalities.hpp"

namespace arap::ai {
namespace {

using game::Action;
using game::ActionKind;
using game::GameState;

const Personalities& shipped() {
  static const Personalities p =
      Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  return p;
}

SearchSettings budget(int iterations, int threads = 1) {
  SearchSettings k = shipped().search();
  k.iterations = iterations;
  k.threads = threads;
  return k;
}

// Marines in the open 16" from a Guard squad, activated with 3 AP by scripted dice.
GameState facing_off() {
  static const auto setup = test::battle(
      "search_facing_off", "space_marines", "[{unit: tactical_squad, at: [24, 8], facing: 0}]",
      "imperial_guard", "[{unit: infantry_squad, at: [24, 24], facing: 180}]");
  GameState s = game::initial_state(*setup, 1);
  Action activate = game::make_action(ActionKind::activate, 0);
  activate.dice = 3;
  dice::ScriptedDice ones{1, 1, 1};
  EXPECT_EQ(game::apply(s, activate, ones, nullptr), "");
  return s;
}

TEST(Search, the_same_seed_and_budget_give_the_same_choice_and_counts) {
  const GameState s = facing_off();
  for (const int threads : {1, 2}) {
    SearchAgent one(shipped().get("balanced"), budget(300, threads));
    SearchAgent two(shipped().get("balanced"), budget(300, threads));
    dice::Xoshiro256pp rng_one(7);
    dice::Xoshiro256pp rng_two(7);
    const Action a = one.choose(s, rng_one);
    const Action b = two.choose(s, rng_two);
    EXPECT_EQ(a, b);
    EXPECT_EQ(one.explanation()["options"], two.explanation()["options"]);
    EXPECT_EQ(one.last_stats().iterations, 300);
    EXPECT_TRUE(game::is_legal(s, a));
    // Visits add up to the budget over the options shown and those left out.
    int shown = 0;
    const nlohmann::json why = one.explanation();
    for (const auto& o : why["options"]) shown += o["odds"]["visits"].get<int>();
    EXPECT_LE(shown, 300);
    EXPECT_GT(shown, 0);
  }
}

TEST(Search, never_sees_the_real_future_dice) {
  // Two games alike in everything but their dice to come: the search's choice and its counts are
  // the same, because every playout reseeds its copy (game::reseed) from the agent's own stream.
  GameState lucky = facing_off();
  GameState unlucky = lucky;
  game::reseed(lucky, 1);
  game::reseed(unlucky, 2);
  SearchAgent agent(shipped().get("balanced"), budget(200));
  dice::Xoshiro256pp rng_one(3);
  dice::Xoshiro256pp rng_two(3);
  EXPECT_EQ(agent.choose(lucky, rng_one), agent.choose(unlucky, rng_two));
  const auto first = agent.explanation()["options"];
  dice::Xoshiro256pp rng_three(3);
  agent.choose(lucky, rng_three);
  EXPECT_EQ(agent.explanation()["options"], first);
  // And the real game is untouched, dice included.
  GameState before = facing_off();
  game::reseed(before, 1);
  EXPECT_EQ(game::digest(before), game::digest(lucky));
}

TEST(Search, rates_the_shot_above_doing_nothing) {
  // Marines in the open with a Guard squad in range: with common dice for every option, the
  // playouts after firing come out better than those after ending the activation, and the search
  // ends up firing (or first going prone, which is free, and firing in the playouts after).
  // With the greedy policy in the playouts (which fires whenever it can).
  const GameState s = facing_off();
  SearchSettings k = budget(600);
  k.candidates = 1000;  // every option from the start, so end_activation is measured too
  k.prior = 0.0;        // the playouts alone
  k.rollout_policy = SearchSettings::Rollout::greedy;
  SearchAgent agent(shipped().get("balanced"), k);
  dice::Xoshiro256pp rng(11);
  const Action chosen = agent.choose(s, rng);
  EXPECT_TRUE(chosen.kind == ActionKind::shoot || chosen.kind == ActionKind::go_prone)
      << agent.explanation().dump(1);
  const nlohmann::json why = agent.explanation();
  EXPECT_NE(why["options"][0]["action"]["type"], "end_activation");
  // With the tactician's (the shipped policy) the playouts may close in first and fire after,
  // but doing nothing still comes out below whatever is chosen.
  k.rollout_policy = SearchSettings::Rollout::tactician;
  k.iterations = 200;
  SearchAgent planner(shipped().get("balanced"), k);
  dice::Xoshiro256pp rng_two(11);
  EXPECT_NE(planner.choose(s, rng_two).kind, ActionKind::end_activation)
      << planner.explanation().dump(1);
}

TEST(Search, tactician_playouts_are_reproducible_and_legal) {
  // The tactician's policy in the playouts (rollout_policy: tactician): the same seed and budget
  // give the same choice and counts, and the choice is legal.
  const GameState s = facing_off();
  SearchSettings k = budget(40);
  k.rollout_policy = SearchSettings::Rollout::tactician;
  SearchAgent one(shipped().get("balanced"), k);
  SearchAgent two(shipped().get("balanced"), k);
  dice::Xoshiro256pp rng_one(5);
  dice::Xoshiro256pp rng_two(5);
  const Action a = one.choose(s, rng_one);
  EXPECT_EQ(a, two.choose(s, rng_two));
  EXPECT_EQ(one.explanation()["options"], two.explanation()["options"]);
  EXPECT_EQ(one.last_stats().iterations, 40);
  EXPECT_TRUE(game::is_legal(s, a)) << game::describe(a);
  // The playouts differ from the greedy policy's: the counts behind the choice are not the same.
  SearchSettings g = budget(40);
  g.rollout_policy = SearchSettings::Rollout::greedy;
  SearchAgent greedy(shipped().get("balanced"), g);
  dice::Xoshiro256pp rng_three(5);
  greedy.choose(s, rng_three);
  EXPECT_NE(greedy.explanation()["options"], one.explanation()["options"]);
}

TEST(Search, a_playout_takes_the_units_opportunities_from_its_memo) {
  // Two Marine squads to activate, a Guard squad across the table. A playout's tactician measures
  // what each squad could do with its AP once, keeps it in the memo, and weighs later activation
  // choices by what the memo says (the same choice as rank's while the memo is its own).
  static const auto setup = test::battle(
      "search_memo", "space_marines",
      "[{unit: tactical_squad, at: [14, 8], facing: 0}, {unit: tactical_squad, at: [34, 8], "
      "facing: 0}]",
      "imperial_guard", "[{unit: infantry_squad, at: [24, 40], facing: 180}]");
  const GameState s = game::initial_state(*setup, 1);
  ASSERT_EQ(s.phase, game::Phase::activation);
  const TacticianAgent tactician(shipped().get("balanced"));
  TacticianAgent::PlayoutMemo measured;
  EXPECT_EQ(tactician.playout_choice(s, measured), tactician.rank(s).front().action);
  EXPECT_EQ(measured.opportunity.count(0), 1u);
  EXPECT_EQ(measured.opportunity.count(1), 1u);
  // A memo that says only one squad has anything worth doing: the playout activates that one.
  for (const int busy : {0, 1}) {
    TacticianAgent::PlayoutMemo memo;
    memo.opportunity = {{0, busy == 0 ? 50.0 : 0.0}, {1, busy == 1 ? 50.0 : 0.0}};
    const Action a = tactician.playout_choice(s, memo);
    EXPECT_EQ(a.kind, ActionKind::activate) << game::describe(a);
    EXPECT_EQ(a.unit, busy) << game::describe(a);
    EXPECT_EQ(memo.opportunity.size(), 2u);  // nothing measured again
  }
}

TEST(Search, a_playout_policy_is_greedy_or_the_tactician) {
  EXPECT_EQ(shipped().search().rollout_policy, SearchSettings::Rollout::tactician);
  // The shipped file with a misspelt policy: refused at its line and field, with a suggestion.
  int line = 0;
  const std::string text = test::shipped_personalities_with("rollout_policy: tactician",
                                                            "rollout_policy: tactican", line);
  ASSERT_GT(line, 0);
  const std::string error = test::personalities_error(text);
  EXPECT_NE(error.find("test.yaml:" + std::to_string(line)), std::string::npos) << error;
  EXPECT_NE(error.find("rollout_policy"), std::string::npos) << error;
  EXPECT_NE(error.find("did you mean \"tactician\""), std::string::npos) << error;
}

TEST(Search, playouts_without_free_moves_only_activate) {
  // At the first activation choice both Marine squads may make free moves (MOVE-14: no enemy
  // within 12"). With rollout_free_moves off a playout's tactician picks from the rest: the best
  // of rank's list once its free moves are struck out (the rest keep their scores and order).
  static const auto setup = test::battle(
      "search_no_free_moves", "space_marines",
      "[{unit: tactical_squad, at: [14, 8], facing: 0}, {unit: tactical_squad, at: [34, 8], "
      "facing: 0}]",
      "imperial_guard", "[{unit: infantry_squad, at: [24, 40], facing: 180}]");
  const GameState s = game::initial_state(*setup, 1);
  const TacticianAgent tactician(shipped().get("balanced"));
  const auto ranked = tactician.rank(s);
  ASSERT_TRUE(std::any_of(ranked.begin(), ranked.end(), [](const ScoredAction& o) {
    return o.action.kind == ActionKind::free_move;
  }));
  const auto best_other = std::find_if(ranked.begin(), ranked.end(), [](const ScoredAction& o) {
    return o.action.kind != ActionKind::free_move;
  });
  ASSERT_NE(best_other, ranked.end());
  TacticianAgent::PlayoutMemo memo;
  EXPECT_EQ(tactician.playout_choice(s, memo, false), best_other->action);
  // Whatever the memo says, a free move is never the choice.
  for (const double worth : {0.0, 50.0}) {
    TacticianAgent::PlayoutMemo flat;
    flat.opportunity = {{0, worth}, {1, worth}};
    EXPECT_NE(tactician.playout_choice(s, flat, false).kind, ActionKind::free_move);
  }
  // Shipped off (stop 61: as strong at a time budget, with twice the playouts); the field is a
  // yes or no, refused at its line otherwise.
  EXPECT_FALSE(shipped().search().rollout_free_moves);
  int line = 0;
  const std::string text = test::shipped_personalities_with("rollout_free_moves: false",
                                                            "rollout_free_moves: often", line);
  ASSERT_GT(line, 0);
  const std::string error = test::personalities_error(text);
  EXPECT_NE(error.find("test.yaml:" + std::to_string(line)), std::string::npos) << error;
  EXPECT_NE(error.find("rollout_free_moves"), std::string::npos) << error;
}

TEST(Search, whole_games_are_legal_and_explained) {
  Personalities personalities = shipped();
  Roster roster(personalities);
  roster.set_search(std::nullopt, 20, 1);
  const auto setup = game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                      test::shipped_library());
  const MatchResult match = play_match(*setup, 4, {"search", "tactician"}, true, 20000, roster);
  EXPECT_EQ(match.final_state.phase, game::Phase::game_over);
  int searched = 0;
  for (std::size_t i = 0; i + 1 < match.log.size(); ++i) {
    const auto& e = match.log[i];
    if (e["type"] != "ai_choice" || e["agent"] != "search") continue;
    ++searched;
    EXPECT_EQ(match.log[i + 1]["action"], e["options"][0]["action"]);
    // A decision with a single option is not searched.
    EXPECT_TRUE(e["iterations"] == 20 || e["iterations"] == 0) << e.dump();
  }
  EXPECT_GT(searched, 10);
  EXPECT_EQ(game::replay(*setup, match.record, nullptr).phase, game::Phase::game_over);
}

}  // namespace
}  // namespace arap::ai
