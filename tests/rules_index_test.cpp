// The rules index (data/rules.yaml, issue 13) kept honest against the tests themselves: a rule
// called implemented has a test named by its ID in this binary, a test named by an ID names a
// rule of the index that says it is played, and the ruling switches agree with the engine's.
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "ai/sweep.hpp"
#include "data/data_error.hpp"
#include "data/rules_index.hpp"
#include "rules/rulings.hpp"
#include "support/game_fixture.hpp"

namespace arap::data {
namespace {

const std::vector<RuleEntry>& shipped_index() {
  static const std::vector<RuleEntry> index =
      load_rules_index(std::string(ARAP_DATA_DIR) + "/rules.yaml");
  return index;
}

// Every catalogue ID that some test of this binary is named after ("SHOOT_31" in
// "GameRules.SHOOT_31_heavy_casualties..." counts as SHOOT-31).
std::set<std::string> ids_named_by_tests() {
  static const std::regex id_in_name("(^|_)([A-Z]+)_([0-9]+)(?=$|_|[a-z])");
  std::set<std::string> ids;
  const auto* unit = ::testing::UnitTest::GetInstance();
  for (int s = 0; s < unit->total_test_suite_count(); ++s) {
    const auto* suite = unit->GetTestSuite(s);
    for (int t = 0; t < suite->total_test_count(); ++t) {
      const std::string name = suite->GetTestInfo(t)->name();
      for (auto it = std::sregex_iterator(name.begin(), name.end(), id_in_name);
           it != std::sregex_iterator(); ++it) {
        ids.insert((*it)[2].str() + "-" + (*it)[3].str());
      }
    }
  }
  return ids;
}

TEST(RulesIndex, implemented_rules_have_a_test_named_by_their_id_and_tested_rules_say_so) {
  const auto tested = ids_named_by_tests();
  const auto& index = shipped_index();
  int core = 0;
  for (const auto& rule : index) {
    if (rule.tier == "core") ++core;
    if (rule.status == "implemented") {
      EXPECT_TRUE(tested.count(rule.id))
          << rule.id << " is called implemented but no test is named "
          << "after it (rules.yaml line " << rule.where.line << ")";
    }
  }
  for (const auto& id : tested) {
    const RuleEntry* rule = find_rule(index, id);
    if (rule == nullptr) {
      if (id.rfind("EX-", 0) == 0) continue;  // the catalogue's worked examples (its section 16)
      ADD_FAILURE() << "a test is named after " << id << ", which the rules index does not know";
      continue;
    }
    EXPECT_TRUE(rule->status == "implemented" || rule->status == "partial")
        << id << " has a test but the index says " << rule->status;
  }
  EXPECT_EQ(core, 186) << "every core rule of the catalogue is listed";
  EXPECT_EQ(index.size(), 267u);
}

TEST(RulesIndex, ruling_switches_agree_with_the_engine) {
  std::set<std::string> listed;
  for (const auto& rule : shipped_index()) listed.insert(rule.rulings.begin(), rule.rulings.end());
  std::set<std::string> registered;
  for (const auto& info : rules::all_rulings()) registered.emplace(info.name);
  EXPECT_EQ(listed, registered);
}

TEST(RulesIndex, rule_options_are_the_scenarios_options) {
  // Every option the index names is one a scenario's options: map and an option.<name> override
  // accept (a misspelt one fails both).
  int options = 0;
  for (const auto& rule : shipped_index()) {
    std::vector<std::string> names = rule.gm_options;
    if (!rule.option.empty()) names.push_back(rule.option);
    for (const auto& name : names) {
      ++options;
      const auto setup = test::battle(
          "option_" + name, "imperial_guard", "[{unit: infantry_squad, at: [24, 6]}]", "orks",
          "[{unit: slugga_boyz, at: [24, 40]}]", "options: {" + name + ": true}\n");
      EXPECT_NO_THROW(ai::with_override(*setup, "option." + name + "=false")) << rule.id;
    }
  }
  EXPECT_GE(options, 5);
  const auto* ropes = data::find_rule(shipped_index(), "ADV-14");
  ASSERT_NE(ropes, nullptr);
  EXPECT_EQ(ropes->gm_options, std::vector<std::string>{"rope_strength_tests"});
}

TEST(RulesIndex, bad_entries_are_refused_by_line_and_field) {
  const auto error_of = [](const std::string& text) {
    try {
      load_rules_index_text(text, "rules.yaml");
    } catch (const DataError& error) {
      return error;
    }
    ADD_FAILURE() << "accepted:\n" << text;
    return DataError({}, "", "");
  };
  const std::string entry = "  - {id: ACT-07, title: Bust, tier: core, ";
  const std::string head = "rules:\n" + entry;
  const auto twice = error_of(head + "status: implemented, summary: s}\n" + entry +
                              "status: implemented, summary: s}\n");
  EXPECT_EQ(twice.field(), "rules[1].id");
  EXPECT_EQ(twice.where().line, 3);
  const auto status = error_of(head + "status: implemnted, summary: s}\n");
  EXPECT_NE(status.problem().find("did you mean \"implemented\""), std::string::npos);
  const auto no_note = error_of(head + "status: partial, summary: s}\n");
  EXPECT_EQ(no_note.field(), "rules[0].status");
  const auto bad_ruling =
      error_of(head + "status: implemented, summary: s, rulings: [ruling.ACT-02]}\n");
  EXPECT_EQ(bad_ruling.field(), "rules[0].rulings[0]");
  EXPECT_EQ(error_of("rules:\n  - {id: act7, title: t, tier: core, status: implemented, "
                     "summary: s}\n")
                .field(),
            "rules[0].id");
}

}  // namespace
}  // namespace arap::data
