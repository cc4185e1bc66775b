// Difficulty levels and scenario seats (issue 15): the levels of data/ai/tactician.yaml name an
// agent kind and how weakly it plays (the tactician's `blunder` noise, the search agent's
// seconds); a scenario's side may seat an agent (`ai:`), which the players can override; a name
// no roster knows is refused with the scenario's line and field; a data folder without the AI
// file still fields random and greedy and says what is missing.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "ai/agents.hpp"
#include "ai/match.hpp"
#include "ai/tactician.hpp"
#include "data/data_error.hpp"
#include "support/game_fixture.hpp"
#include "support/personalities.hpp"

namespace arap::ai {
namespace {

const Personalities& shipped() {
  return test::shipped_personalities();
}
std::string error_of(const std::string& yaml) {
  return test::personalities_error(yaml);
}

TEST(Difficulty, shipped_levels_make_agents_with_their_names) {
  const Roster roster(shipped());
  const auto names = roster.names();
  for (const char* level : {"easy", "normal", "hard"})
    EXPECT_NE(std::find(names.begin(), names.end(), level), names.end()) << level;
  EXPECT_EQ(roster.make("easy")->name(), "easy");
  EXPECT_EQ(roster.make("normal:cautious")->name(), "normal:cautious");
  EXPECT_EQ(roster.make("hard:aggressive")->name(), "hard:aggressive");
  EXPECT_NE(dynamic_cast<TacticianAgent*>(roster.make("easy").get()), nullptr);
  EXPECT_EQ(dynamic_cast<TacticianAgent*>(roster.make("hard").get()), nullptr);
  EXPECT_THROW(roster.make("easy:reckless"), std::invalid_argument);
  try {
    roster.make("eazy");
    ADD_FAILURE() << "eazy was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean \"easy\""), std::string::npos) << e.what();
  }
}

TEST(Difficulty, bad_levels_are_refused_with_line_and_field) {
  // The shipped file without its levels, then one bad level block at a time.
  std::ifstream in(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto cut = text.find("\ndifficulty:");
  ASSERT_NE(cut, std::string::npos);
  text.resize(cut + 1);
  const int level_line = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 2;
  const auto line = [&](int n) { return "test.yaml:" + std::to_string(n) + ":"; };
  std::string e = error_of(text + "difficulty:\n  easy: {agent: greedy}\n");
  EXPECT_NE(e.find(line(level_line)), std::string::npos) << e;
  EXPECT_NE(e.find("difficulty.easy.agent"), std::string::npos) << e;
  e = error_of(text + "difficulty:\n  hard: {agent: search, blunder: 2}\n");
  EXPECT_NE(e.find("only the tactician blunders"), std::string::npos) << e;
  e = error_of(text + "difficulty:\n  easy: {agent: tactician, blunder: -1}\n");
  EXPECT_NE(e.find("difficulty.easy.blunder"), std::string::npos) << e;
  e = error_of(text + "difficulty:\n  cautious: {agent: tactician}\n");
  EXPECT_NE(e.find("a name of its own"), std::string::npos) << e;
  e = error_of(text + "difficulty:\n  easy: {agent: tactician, think: 2}\n");
  EXPECT_NE(e.find("think"), std::string::npos) << e;
  EXPECT_EQ(error_of(text + "difficulty:\n  easy: {agent: tactician, blunder: 2}\n"), "");
}

// The blunder is a softmax draw: with none the level plays exactly the tactician; with some it
// picks only legal options, lists the one it took first, and now and then not the best.
TEST(Difficulty, blunder_noise_picks_legal_options_and_no_noise_is_the_tactician) {
  const auto setup = game::make_setup(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml",
                                      test::shipped_library());
  const Roster roster(shipped());
  const MatchResult tactician = play_match(*setup, 5, {"tactician", "greedy"}, true, 20000, roster);
  const MatchResult normal = play_match(*setup, 5, {"normal", "greedy"}, true, 20000, roster);
  EXPECT_EQ(tactician.record.actions, normal.record.actions);

  const MatchResult easy = play_match(*setup, 5, {"easy", "greedy"}, true, 20000, roster);
  const MatchResult again = play_match(*setup, 5, {"easy", "greedy"}, true, 20000, roster);
  EXPECT_EQ(easy.record.actions, again.record.actions);  // the agents' own stream: reproducible
  EXPECT_EQ(easy.final_state.phase, game::Phase::game_over);
  int choices = 0, not_best = 0;
  for (std::size_t i = 0; i + 1 < easy.log.size(); ++i) {
    const auto& e = easy.log[i];
    if (e["type"] != "ai_choice") continue;
    ++choices;
    EXPECT_EQ(e["agent"], "easy");
    EXPECT_EQ(easy.log[i + 1]["action"], e["options"][0]["action"]);
    if (e["options"].size() > 1 && !e["options"][0]["score"].is_null() &&
        e["options"][0]["score"].get<double>() < e["options"][1]["score"].get<double>())
      ++not_best;
  }
  EXPECT_GT(choices, 20);
  EXPECT_GT(not_best, 0);
  EXPECT_LT(not_best, choices);
}

int red_ai_line = 0;  // the line seated() gives Red's `ai:`

std::shared_ptr<const game::GameSetup> seated(const std::string& red_ai,
                                              const std::string& blue_ai) {
  std::ifstream in(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto put = [&](const std::string& army, const std::string& ai) {
    if (ai.empty()) return;
    const std::string key = "    army: " + army + "\n";
    const auto at = text.find(key);
    text.replace(at, key.size(), key + "    ai: " + ai + "\n");
    if (army == "space_marines")
      red_ai_line = static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')) + 2;
  };
  put("space_marines", red_ai);
  put("orks", blue_ai);
  return game::make_setup_from_text(text, "seated.yaml", test::shipped_library());
}

TEST(ScenarioSeats, a_seat_names_its_agent_unless_the_players_do) {
  const Roster roster(shipped());
  const auto setup = seated("", "hard:aggressive");
  const auto& scenario = setup->scenario;
  EXPECT_EQ(scenario.sides[1].ai, "hard:aggressive");
  EXPECT_EQ(roster.seat(scenario, 0, "", "greedy"), "greedy");
  EXPECT_EQ(roster.seat(scenario, 1, "", "greedy"), "hard:aggressive");
  EXPECT_EQ(roster.seat(scenario, 1, "random", "greedy"), "random");
  EXPECT_NO_THROW(roster.check_seats(scenario));
}

TEST(ScenarioSeats, an_unknown_seat_agent_is_refused_at_its_line_and_field) {
  const Roster roster(shipped());
  const auto setup = seated("tactician:reckless", "");
  try {
    roster.check_seats(setup->scenario);
    ADD_FAILURE() << "tactician:reckless was accepted";
  } catch (const data::DataError& e) {
    EXPECT_EQ(e.field(), "sides[0].ai");
    EXPECT_EQ(e.where().file, "seated.yaml");
    EXPECT_EQ(e.where().line, red_ai_line);  // just after Red's army
    EXPECT_NE(e.problem().find("reckless"), std::string::npos) << e.what();
  }
  // Even when the players name another agent, the scenario's mistake is not hidden.
  EXPECT_THROW(roster.seat(setup->scenario, 0, "", "greedy"), data::DataError);
  // A name that cannot be an agent is the loader's to refuse.
  EXPECT_THROW(seated("Hard Mode", ""), data::DataError);
}

TEST(ScenarioSeats, a_data_folder_without_the_ai_file_fields_random_and_greedy) {
  const auto dir = test::scratch_dir() / "no_ai_data";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const Roster roster = Roster::load(dir);
  EXPECT_EQ(roster.names(), (std::vector<std::string>{"random", "greedy"}));
  EXPECT_NO_THROW(roster.make("greedy"));
  try {
    roster.make("hard");
    ADD_FAILURE() << "hard was made without the AI file";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("tactician.yaml, which this data folder lacks"),
              std::string::npos)
        << e.what();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace arap::ai
