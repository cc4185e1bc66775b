// Issue 20: sweeps — shards merge into exactly the unsharded summary, swapped seats pair their
// seeds, the SPRT settles where its arithmetic says, two identical settings show no difference,
// and bad overrides or partial results are refused with their reason.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numeric>

#include "ai/ladder.hpp"
#include "ai/sweep.hpp"
#include "data/library.hpp"

namespace arap::ai {
namespace {

std::shared_ptr<const game::GameSetup> open_ground() {
  static const auto setup = [] {
    auto library = std::make_shared<const data::Library>(data::Library::load(ARAP_DATA_DIR));
    return game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml", library);
  }();
  return setup;
}

SweepPlan random_plan(int games, bool swap = false) {
  SweepPlan plan;
  plan.settings = {{open_ground(), "base"}};
  plan.agents = {"random", "greedy"};
  plan.seed = 17;
  plan.games = games;
  plan.swap = swap;
  plan.sprt_delta = 0.0;
  return plan;
}

std::vector<int> all_tasks(const SweepPlan& plan) {
  std::vector<int> tasks(static_cast<std::size_t>(plan.tasks()));
  std::iota(tasks.begin(), tasks.end(), 0);
  return tasks;
}

TEST(Sweep, shards_merged_give_the_unsharded_summary_byte_for_byte) {
  const SweepPlan plan = random_plan(11);
  const auto header = plan.header();
  const std::string whole =
      summarise(header, run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic())).dump(2);
  for (const int shards : {1, 2, 3, 5, 11, 13}) {
    std::vector<nlohmann::json> parts;
    std::vector<std::string> names;
    // Shards given out of order, as files from a cluster arrive; each goes through its text.
    for (int i = shards - 1; i >= 0; --i) {
      const auto rows =
          run_sweep(plan, shard_tasks(plan.tasks(), i, shards), 1, false, {}, Roster::basic());
      parts.push_back(nlohmann::json::parse(partial_result(header, i, shards, rows).dump()));
      names.push_back("part" + std::to_string(i));
    }
    const MergedSweep merged = merge_partials(parts, names);
    EXPECT_EQ(summarise(merged.header, merged.rows).dump(2), whole) << shards << " shards";
  }
}

TEST(Sweep, the_summary_counts_games_and_gives_wilson_intervals) {
  const SweepPlan plan = random_plan(12);
  const auto rows = run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic());
  ASSERT_EQ(rows.size(), 12u);
  int red = 0;
  int draws = 0;
  for (const auto& row : rows) {
    red += row.winner == 0 ? 1 : 0;
    draws += row.winner < 0 ? 1 : 0;
  }
  const auto summary = summarise(plan.header(), rows);
  EXPECT_EQ(summary["games"], 12);
  EXPECT_EQ(summary["wins"]["Red"], red);
  EXPECT_EQ(summary["draws"], draws);
  const Interval w = wilson_interval(red / 12.0, 12, 1.96);
  EXPECT_NEAR(summary["win_95"]["Red"][0].get<double>(), w.low, 1e-12);
  EXPECT_NEAR(summary["win_95"]["Red"][1].get<double>(), w.high, 1e-12);
  EXPECT_EQ(summary["losses"]["Red"], 12 - red - draws);
  EXPECT_EQ(summary["losses"]["Blue"], red);
  const Interval l = wilson_interval((12 - red - draws) / 12.0, 12, 1.96);
  EXPECT_NEAR(summary["loss_95"]["Red"][0].get<double>(), l.low, 1e-12);
  int histogram = 0;
  for (const auto& n : summary["turns_histogram"]) histogram += n.get<int>();
  EXPECT_EQ(histogram, 12);
  EXPECT_EQ(summary["sides"], nlohmann::json({"Red", "Blue"}));
}

TEST(Sweep, swap_plays_each_seed_again_with_the_seats_exchanged) {
  const SweepPlan plan = random_plan(3, true);
  ASSERT_EQ(plan.tasks(), 6);
  const auto rows = run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic());
  ASSERT_EQ(rows.size(), 6u);
  for (int pair = 0; pair < 3; ++pair) {
    EXPECT_EQ(rows[2 * pair].seed, rows[2 * pair + 1].seed);
    EXPECT_FALSE(rows[2 * pair].swapped);
    EXPECT_TRUE(rows[2 * pair + 1].swapped);
  }
  EXPECT_NE(rows[0].seed, rows[2].seed);
  const auto summary = summarise(plan.header(), rows);
  ASSERT_EQ(summary["by_agent"].size(), 2u);
  // An agent's wins are its side's wins, whichever seat it held.
  int greedy = 0;
  for (const auto& row : rows) greedy += row.winner == (row.swapped ? 0 : 1) ? 1 : 0;
  EXPECT_EQ(summary["by_agent"][1]["agent"], "greedy");
  EXPECT_EQ(summary["by_agent"][1]["wins"], greedy);
  EXPECT_EQ(summary["by_agent"][0]["losses"], greedy);
}

TEST(Sweep, swapped_seats_score_agents_as_the_ladder_does) {
  // The ladder's game g of each seat and a swapped sweep's pair g play seed stream g: the same
  // games, so the same score.
  const SweepPlan plan = random_plan(4, true);
  const auto summary =
      summarise(plan.header(), run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic()));
  const auto ladder = run_ladder(*open_ground(), {"random", "greedy"}, 4, 17, 2);
  ASSERT_EQ(ladder.size(), 1u);
  EXPECT_EQ(summary["by_agent"][0]["wins"], ladder[0].first_wins);
  EXPECT_EQ(summary["by_agent"][1]["wins"], ladder[0].second_wins);
  EXPECT_NEAR(summary["by_agent"][0]["score"].get<double>(), ladder[0].score, 1e-12);
  EXPECT_NEAR(summary["by_agent"][0]["score_95"][0].get<double>(), ladder[0].interval.low, 1e-12);
}

TEST(Sweep, sprt_settles_where_its_arithmetic_says) {
  // Every task +1: the mean is 1, the variance floored at 0.1; LLR(+0.05) = n (1 - 0.95^2) / 0.2
  // passes ln 19 = 2.944 from n = 7, but the test waits for its minimum of 10 tasks.
  Sprt up(0.05);
  for (int i = 0; i < 9; ++i) up.add(1.0);
  EXPECT_FALSE(up.settled());
  up.add(1.0);
  EXPECT_TRUE(up.settled());
  EXPECT_EQ(up.verdict({"Red", "Blue"}), "b favours Red");
  Sprt down(0.05);
  for (int i = 0; i < 10; ++i) down.add(-1.0);
  EXPECT_EQ(down.verdict({"Red", "Blue"}), "b favours Blue");
  // +1, -1, +1 ...: mean 0, variance 1; both LLRs fall by 0.05^2 / 2 a pair of tasks, reaching
  // -ln 19 at n = 2 x 2.944 / 0.0025 = 2355.6.
  Sprt even(0.05);
  for (int i = 0; i < 2354; ++i) even.add(i % 2 == 0 ? 1.0 : -1.0);
  EXPECT_FALSE(even.settled());
  even.add(1.0);
  even.add(-1.0);
  EXPECT_TRUE(even.settled());
  EXPECT_EQ(even.verdict({"Red", "Blue"}), "no difference of 0.05 or more");
  Sprt off(0.0);
  for (int i = 0; i < 100; ++i) off.add(1.0);
  EXPECT_FALSE(off.settled());
  EXPECT_EQ(off.verdict({"Red", "Blue"}), "undecided");
}

TEST(Sweep, a_compare_of_identical_settings_reports_no_difference) {
  SweepPlan plan = random_plan(400);
  plan.agents = {"random", "random"};
  plan.settings = {{open_ground(), "base"}, {open_ground(), "base again"}};
  plan.sprt_delta = 0.05;
  const auto rows = run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic());
  const auto summary = summarise(plan.header(), rows);
  // Identical games: every difference 0, so the test settles on the floor's arithmetic,
  // n = 2 x 2.944 x 0.1 / 0.05^2 = 235.6, and the rest of the 400 are never played.
  EXPECT_EQ(summary["sprt"]["verdict"], "no difference of 0.05 or more");
  EXPECT_EQ(summary["sprt"]["tasks"], 236);
  EXPECT_EQ(summary["difference"]["tasks"], 236);
  EXPECT_EQ(summary["difference"]["first_side_score"], 0.0);
  EXPECT_EQ(summary["difference"]["first_side_score_95"], nlohmann::json({0.0, 0.0}));
  EXPECT_EQ(summary["a"]["wins"], summary["b"]["wins"]);
  EXPECT_LT(rows.size(), 2u * 400u);  // it stopped early
}

TEST(Sweep, a_changed_setting_plays_different_games_on_the_same_seeds) {
  SweepPlan plan = random_plan(30);
  plan.settings = {{open_ground(), "base"},
                   {with_override(*open_ground(), "option.busts_allowed=3"), "three busts"}};
  const auto rows = run_sweep(plan, all_tasks(plan), 2, true, {}, Roster::basic());
  ASSERT_EQ(rows.size(), 60u);
  int differ = 0;
  for (std::size_t i = 0; i < rows.size(); i += 2) {
    EXPECT_EQ(rows[i].seed, rows[i + 1].seed);
    differ += rows[i].models_lost != rows[i + 1].models_lost || rows[i].turns != rows[i + 1].turns;
  }
  EXPECT_GT(differ, 0);
  const auto summary = summarise(plan.header(), rows);
  EXPECT_EQ(summary["difference"]["tasks"], 30);
  EXPECT_EQ(summary["sprt"]["verdict"], "undecided");  // sprt_delta 0: every game played
}

TEST(Sweep, overrides_are_checked) {
  const auto& base = *open_ground();
  EXPECT_EQ(with_override(base, "option.busts_allowed=3")->options.busts_allowed, 3);
  EXPECT_FALSE(with_override(base, "option.hiding=false")->options.hiding);
  EXPECT_EQ(with_override(base, "ruling.SHOOT-07=always3")->rulings.shoot_07(),
            rules::OrdnanceCost::always3);
  const auto refused = [&](const std::string& text, const std::string& reason) {
    try {
      with_override(base, text);
      ADD_FAILURE() << text << " was accepted";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
    }
  };
  refused("option.busts_allowed=0", "from 1 to 10");
  refused("option.busts_allowed=two", "whole number");
  refused("option.hiding=maybe", "true or false");
  refused("option.fog=true", "options: busts_allowed, heavy_casualty");
  refused("option.fog=true", "rallied_know_pursuers");  // every option is named
  refused("ruling.SHOOT-07=sometimes", "allowed: direct2_indirect3");
  refused("ruling.NOPE-01=x", "unknown ruling");
  refused("busts_allowed=2", "starts with ruling. or option.");
  refused("ruling.SHOOT-07", "ruling.<ID>=<value>");
}

TEST(Sweep, overrides_written_into_the_scenario_text_travel_with_it) {
  const auto& base = *open_ground();
  const auto written = with_overrides_written(
      base, {"option.look_out_sir=on", "option.busts_allowed=2", "ruling.SHOOT-07=always3"});
  EXPECT_TRUE(written->options.look_out_sir);
  EXPECT_EQ(written->options.busts_allowed, 2);
  EXPECT_EQ(written->rulings.shoot_07(), rules::OrdnanceCost::always3);
  // Loaded again from its own text (as a saved game's replay loads it), it is the same setup.
  const auto again = game::make_setup_from_text(written->scenario_text, "again", written->library);
  EXPECT_TRUE(again->options.look_out_sir);
  EXPECT_EQ(again->options.busts_allowed, 2);
  EXPECT_EQ(again->rulings.shoot_07(), rules::OrdnanceCost::always3);
  EXPECT_FALSE(base.options.look_out_sir);
  EXPECT_THROW(with_overrides_written(base, {"option.look_out_sir=perhaps"}),
               std::invalid_argument);
}

TEST(Sweep, merges_refuse_parts_of_other_sweeps_repeats_gaps_and_bad_rows) {
  const SweepPlan plan = random_plan(4);
  SweepPlan other = plan;
  other.seed = 18;
  const auto part = [](const SweepPlan& p, int i, int n) {
    return partial_result(
        p.header(), i, n,
        run_sweep(p, shard_tasks(p.tasks(), i, n), 1, false, {}, Roster::basic()));
  };
  const auto refused = [](const std::vector<nlohmann::json>& parts, const std::string& reason) {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < parts.size(); ++i) names.push_back("p" + std::to_string(i));
    try {
      const auto merged = merge_partials(parts, names);
      summarise(merged.header, merged.rows);
      ADD_FAILURE() << "accepted; expected: " << reason;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(reason), std::string::npos) << error.what();
    }
  };
  const auto a0 = part(plan, 0, 2);
  const auto a1 = part(plan, 1, 2);
  refused({a0, part(other, 1, 2)}, "p1: belongs to another sweep than p0 (seed differs: 18");
  refused({a0, a0}, "p1: shard 0/2 was given already, by p0");
  refused({a0}, "shard 1/2 missing");
  refused({a0, part(plan, 1, 3)}, "p1: is one of 3 shards");
  nlohmann::json broken = a1;
  broken["rows"][1].erase("turns");
  refused({a0, broken}, "p1: row 2: a game row lacks \"turns\"");
  nlohmann::json floating = a1;
  floating["rows"][0]["turns"] = 1.38e20;
  refused({a0, floating}, "p1: row 1: a game row's \"turns\" is not a whole number");
  nlohmann::json dropped = a1;
  dropped["rows"].erase(0);
  refused({a0, dropped}, "task 1 of 4 is missing");
  refused({nlohmann::json{{"rows", 1}}}, "not a partial result");
  nlohmann::json not_rows = a0;
  not_rows["rows"] = 1;
  refused({not_rows, a1}, "p0: \"rows\" is not a list of games");
  nlohmann::json no_sides = a0;
  no_sides["header"].erase("sides");
  refused({no_sides}, "p0: the header's \"sides\" is missing or of the wrong kind");
  nlohmann::json three_agents = a0;
  three_agents["header"]["agents"].push_back("random");
  refused({three_agents}, "p0: the header's agents, sides, settings or games are not a sweep's");
  EXPECT_NO_THROW(merge_partials({a1, a0}, {"x", "y"}));
}

}  // namespace
}  // namespace arap::ai
