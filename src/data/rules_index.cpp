// Loads data/rules.yaml (issue 13), the index `arap rules` prints.
#include "data/rules_index.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <span>

#include <fmt/format.h>

#include "data/yaml_reader.hpp"

namespace arap::data {

namespace {

bool shaped_like_an_id(std::string_view id) {
  const auto dash = id.find('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= id.size()) return false;
  for (std::size_t i = 0; i < dash; ++i) {
    if (!std::isupper(static_cast<unsigned char>(id[i]))) return false;
  }
  for (std::size_t i = dash + 1; i < id.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(id[i]))) return false;
  }
  return true;
}

std::string one_of(const Field& field, std::span<const std::string_view> allowed) {
  std::string value = field.as_string();
  if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
    std::string list;
    for (const auto& a : allowed) list += fmt::format("{}{}", list.empty() ? "" : ", ", a);
    field.fail(fmt::format("\"{}\" is not one of {}{}", value, list,
                           did_you_mean(value, {allowed.begin(), allowed.end()})));
  }
  return value;
}

std::vector<RuleEntry> read_index(const Field& root) {
  root.allow_only({"rules"});
  const Field rules = root["rules"];
  rules.expect_sequence();
  std::vector<RuleEntry> index;
  std::set<std::string, std::less<>> seen;
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const Field entry = rules.at(i);
    entry.allow_only(
        {"id", "title", "tier", "status", "summary", "note", "rulings", "option", "gm_options"});
    RuleEntry rule;
    rule.where = entry.location();
    rule.id = entry["id"].as_string();
    if (!shaped_like_an_id(rule.id)) entry["id"].fail("expected an ID like SHOOT-31");
    if (!seen.insert(rule.id).second) {
      entry["id"].fail(fmt::format("{} is listed twice", rule.id));
    }
    rule.title = entry["title"].as_string();
    rule.tier = one_of(entry["tier"], kRuleTiers);
    rule.status = one_of(entry["status"], kRuleStatuses);
    rule.summary = entry["summary"].as_string();
    if (rule.summary.empty()) entry["summary"].fail("a rule needs a summary");
    if (entry.has("note")) rule.note = entry["note"].as_string();
    if (rule.status != "implemented" && rule.note.empty()) {
      entry["status"].fail("say in a note what is missing and why");
    }
    if (entry.has("option")) {
      rule.option = entry["option"].as_string();
      if (rule.tier == "core") entry["option"].fail("a core rule is always played: no option");
    }
    if (entry.has("gm_options")) {
      const Field list = entry["gm_options"];
      list.expect_sequence();
      for (std::size_t k = 0; k < list.size(); ++k)
        rule.gm_options.push_back(list.at(k).as_string());
    }
    if (entry.has("rulings")) {
      const Field list = entry["rulings"];
      list.expect_sequence();
      for (std::size_t r = 0; r < list.size(); ++r) {
        std::string name = list.at(r).as_string();
        if (name.rfind("ruling." + rule.id, 0) != 0) {
          list.at(r).fail(fmt::format("expected ruling.{} or ruling.{}.<part>", rule.id, rule.id));
        }
        rule.rulings.push_back(std::move(name));
      }
    }
    index.push_back(std::move(rule));
  }
  return index;
}

}  // namespace

std::vector<RuleEntry> load_rules_index(const std::string& file) {
  return read_index(Field::load_file(file));
}

std::vector<RuleEntry> load_rules_index_text(const std::string& text, const std::string& name) {
  return read_index(Field::load_text(text, name));
}

const RuleEntry* find_rule(const std::vector<RuleEntry>& index, std::string_view id) {
  for (const auto& rule : index) {
    if (rule.id.size() == id.size() &&
        std::equal(rule.id.begin(), rule.id.end(), id.begin(), [](char a, char b) {
          return std::toupper(static_cast<unsigned char>(a)) ==
                 std::toupper(static_cast<unsigned char>(b));
        })) {
      return &rule;
    }
  }
  return nullptr;
}

}  // namespace arap::data
