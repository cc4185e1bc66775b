// `arap rules [ID...] [--tier T] [--status S] [--json]`: the rules index of data/rules.yaml
// (issue 13) with each rule's ruling switches from the engine's registry.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "data/rules_index.hpp"
#include "data/yaml_reader.hpp"
#include "rules/rulings.hpp"

namespace arap::app {

namespace {

struct RulesOptions {
  std::vector<std::string> ids;
  std::string tier;
  std::string status;
  std::string data;
  bool json = false;
};

const rules::RulingInfo* ruling_info(std::string_view name) {
  for (const auto& info : rules::all_rulings()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

nlohmann::json rule_json(const data::RuleEntry& rule) {
  nlohmann::json rulings = nlohmann::json::array();
  for (const auto& name : rule.rulings) {
    nlohmann::json ruling{{"name", name}};
    if (const auto* info = ruling_info(name)) {
      ruling["summary"] = info->summary;
      nlohmann::json values = nlohmann::json::array();
      for (int i = 0; i < info->value_count; ++i) values.push_back(info->values[i]);
      ruling["values"] = values;
      ruling["default"] = info->values[0];
    }
    rulings.push_back(ruling);
  }
  nlohmann::json out{{"id", rule.id},         {"title", rule.title},     {"tier", rule.tier},
                     {"status", rule.status}, {"summary", rule.summary}, {"rulings", rulings}};
  if (!rule.note.empty()) out["note"] = rule.note;
  if (!rule.option.empty()) {
    out["option"] = rule.option;
    out["option_default"] = rule.tier == "advanced";
  }
  if (!rule.gm_options.empty()) out["gm_options"] = rule.gm_options;  // each off by default
  return out;
}

void print_detail(const data::RuleEntry& rule) {
  fmt::print("{} — {} ({}; {})\n  {}\n", rule.id, rule.title, rule.tier, rule.status, rule.summary);
  if (!rule.note.empty()) fmt::print("  note: {}\n", rule.note);
  if (!rule.option.empty())
    fmt::print(
        "  option.{0}: {1} by default (a scenario's options: map, or arap sim --ruling "
        "option.{0}={2})\n",
        rule.option, rule.tier == "advanced" ? "on" : "off",
        rule.tier == "advanced" ? "false" : "true");
  for (const auto& name : rule.gm_options)
    fmt::print("  option.{0}: off by default, the GM's call (options: map, or option.{0}=true)\n",
               name);
  for (const auto& name : rule.rulings) {
    if (const auto* info = ruling_info(name)) {
      std::string values;
      for (int i = 0; i < info->value_count; ++i) {
        values += fmt::format("{}{}{}", i ? ", " : "", info->values[i], i == 0 ? " (default)" : "");
      }
      fmt::print("  {}: {}\n    values: {}\n", name, info->summary, values);
    } else {
      fmt::print("  {}\n", name);
    }
  }
}

int run_rules(const RulesOptions& options) {
  const std::string file = (std::filesystem::path(data_dir(options.data)) / "rules.yaml").string();
  const std::vector<data::RuleEntry> index = data::load_rules_index(file);
  std::vector<const data::RuleEntry*> chosen;
  for (const auto& id : options.ids) {
    const data::RuleEntry* rule = data::find_rule(index, id);
    if (rule == nullptr) {
      std::vector<std::string_view> known;
      for (const auto& entry : index) known.push_back(entry.id);
      std::string upper = id;
      for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      throw std::runtime_error(
          fmt::format("no rule {} in the index{}", id, data::did_you_mean(upper, known)));
    }
    chosen.push_back(rule);
  }
  if (options.ids.empty()) {
    for (const auto& rule : index) {
      if (!options.tier.empty() && rule.tier != options.tier) continue;
      if (!options.status.empty() && rule.status != options.status) continue;
      chosen.push_back(&rule);
    }
  }
  if (options.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto* rule : chosen) out.push_back(rule_json(*rule));
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  if (!options.ids.empty()) {
    for (const auto* rule : chosen) print_detail(*rule);
    return 0;
  }
  for (const auto* rule : chosen) {
    fmt::print("{:<10} {:<8} {:<15} {}\n", rule->id, rule->tier, rule->status, rule->summary);
  }
  return 0;
}

}  // namespace

void add_rules_command(CLI::App& app, Action& action) {
  auto options = std::make_shared<RulesOptions>();
  auto* command = app.add_subcommand(
      "rules", "The rules index: every catalogue rule, its summary, status and ruling switches");
  command->add_option("id", options->ids, "Rule IDs to show in full (e.g. SHOOT-31)");
  command->add_option("--tier", options->tier, "Only this tier")
      ->check(CLI::IsMember({"core", "advanced", "optional"}));
  command->add_option("--status", options->status, "Only this status")
      ->check(CLI::IsMember({"implemented", "partial", "not_implemented", "guidance"}));
  command->add_flag("--json", options->json, "Print JSON");
  command->add_option("--data", options->data, "Data folder (default: $ARAP_DATA or data/)");
  command->callback([options, &action] { action = [options] { return run_rules(*options); }; });
}

}  // namespace arap::app
