#include "ai/weights.hpp"

#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "data/yaml_reader.hpp"

namespace arap::ai {

namespace {

struct WeightSpec {
  std::string_view key;
  double TacticianWeights::*member;
  double lowest;
  double highest;
  // Added after personality files were first written: a file without it still loads, the weight
  // then 0, which leaves its effect off (files are a contract; docs/ai.md).
  bool added_later = false;
};

// Every weight, with the range a sensible value lies in (a typo such as 100 for 1.0 is refused).
constexpr WeightSpec kWeights[] = {
    {"kill_point", &TacticianWeights::kill_point, 0, 1000},
    {"unit_strength", &TacticianWeights::unit_strength, 0, 1000},
    {"own_losses", &TacticianWeights::own_losses, 0, 10},
    {"focus", &TacticianWeights::focus, 0, 10},
    {"kill_focus", &TacticianWeights::kill_focus, 0, 10, true},
    {"kill_urgency", &TacticianWeights::kill_urgency, 0, 100, true},
    {"rout", &TacticianWeights::rout, 0, 1},
    {"pinning", &TacticianWeights::pinning, 0, 1000},
    {"objective_point", &TacticianWeights::objective_point, 0, 1000},
    {"objective_reach", &TacticianWeights::objective_reach, 0.5, 100},
    {"objective_urgency", &TacticianWeights::objective_urgency, 0, 100, true},
    {"close_in", &TacticianWeights::close_in, 0, 100},
    {"kill_close_in", &TacticianWeights::kill_close_in, 0, 100, true},
    {"in_range", &TacticianWeights::in_range, 0, 1000},
    {"exposure", &TacticianWeights::exposure, 0, 100},
    {"cover_shield", &TacticianWeights::cover_shield, 0, 1},
    {"min_charge_reach", &TacticianWeights::min_charge_reach, 0, 1},
    {"failed_charge", &TacticianWeights::failed_charge, 0, 1000},
    {"break_off_below", &TacticianWeights::break_off_below, -1000, 0},
    {"bust", &TacticianWeights::bust, 0, 1000},
    {"gift_die", &TacticianWeights::gift_die, 0, 1000},
    {"rescue", &TacticianWeights::rescue, 0, 1000},
    {"ap_decay", &TacticianWeights::ap_decay, 0, 1},
    {"stand_up", &TacticianWeights::stand_up, 0, 1000},
    {"go_to_ground", &TacticianWeights::go_to_ground, 0, 1000},
    {"regroup", &TacticianWeights::regroup, 0, 1000},
    {"drop_range", &TacticianWeights::drop_range, 3, 48, true},
    {"reload", &TacticianWeights::reload, 0, 1000, true},
    {"bodyguard", &TacticianWeights::bodyguard, 0, 1000, true},
    {"split", &TacticianWeights::split, -1000, 1000, true},
    {"close_ranks", &TacticianWeights::close_ranks, 0, 1000, true},
    {"join", &TacticianWeights::join, -1000, 1000, true},
    {"leave", &TacticianWeights::leave, -1000, 1000, true},
    {"place_ladder", &TacticianWeights::place_ladder, 0, 1000, true},
    {"cast_down_ladder", &TacticianWeights::cast_down_ladder, 0, 1000, true},
    {"ladder_spacing", &TacticianWeights::ladder_spacing, 0, 48, true},
    {"pursue", &TacticianWeights::pursue, 0, 1000, true},
    {"kill_pursue", &TacticianWeights::kill_pursue, 0, 1000, true},
    {"min_gain", &TacticianWeights::min_gain, 0, 1000},
};

void read_weights(const data::Field& f, TacticianWeights& w) {
  std::vector<std::string_view> known{"from"};
  for (const auto& spec : kWeights) known.push_back(spec.key);
  for (const auto& key : f.keys()) {
    if (key == "from") continue;
    const WeightSpec* spec = nullptr;
    for (const auto& s : kWeights)
      if (s.key == key) spec = &s;
    if (spec == nullptr)
      f[key].fail("unknown weight \"" + key + "\"" + data::did_you_mean(key, known));
    w.*(spec->member) = f[key].as_number(spec->lowest, spec->highest);
  }
}

}  // namespace

Personalities Personalities::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  return load_text(text.str(), file.string());
}

Personalities Personalities::load_text(const std::string& text, const std::string& name) {
  const data::Field root = data::Field::load_text(text, name);
  root.expect_map();
  root.allow_only({"personalities", "search", "difficulty"});
  const data::Field list = root["personalities"];
  list.expect_map();
  Personalities out;
  // A personality may start from another one (`from:`), declared anywhere in the file.
  std::set<std::string> resolving;
  const std::function<const TacticianWeights&(const std::string&, const data::Field&)> resolve =
      [&](const std::string& id, const data::Field& at) -> const TacticianWeights& {
    if (auto it = out.by_name_.find(id); it != out.by_name_.end()) return it->second;
    if (!list.has(id)) at.fail("no personality \"" + id + "\" in this file");
    if (!resolving.insert(id).second) at.fail("personality \"" + id + "\" starts from itself");
    const data::Field f = list[id];
    f.expect_map();
    TacticianWeights w;
    if (f.has("from")) {
      w = resolve(f["from"].as_string(), f["from"]);
    } else {
      // A personality of its own gives every weight: none falls back to a number in code, save
      // those added later, which keep TacticianWeights' defaults (0, off; drop_range 12") so that
      // older files still load.
      for (const auto& spec : kWeights)
        if (!f.has(spec.key) && !spec.added_later)
          f.fail("weight \"" + std::string(spec.key) + "\" is missing (or start `from:` another)");
    }
    w.name = id;
    read_weights(f, w);
    resolving.erase(id);
    return out.by_name_.emplace(id, std::move(w)).first->second;
  };
  for (const auto& id : list.keys()) resolve(id, list[id]);
  if (out.by_name_.empty()) list.fail("at least one personality is needed");
  if (root.has("search")) {
    const data::Field f = root["search"];
    f.expect_map();
    f.allow_only({"think_seconds", "iterations", "candidates", "widening", "exploration",
                  "rollout_activations", "rollout_policy", "rollout_free_moves", "value_scale",
                  "prior"});
    SearchSettings& k = out.search_;
    k.think_seconds = f["think_seconds"].as_number(0.001, 600);
    k.iterations = f["iterations"].as_int(0, 100000000);
    k.candidates = f["candidates"].as_int(1, 1000);
    k.widening = f["widening"].as_number(0.01, 100);
    k.exploration = f["exploration"].as_number(0, 10);
    k.rollout_activations = f["rollout_activations"].as_int(0, 1000);
    if (f.has("rollout_policy")) {
      const std::string policy = f["rollout_policy"].as_string();
      if (policy == "greedy")
        k.rollout_policy = SearchSettings::Rollout::greedy;
      else if (policy == "tactician")
        k.rollout_policy = SearchSettings::Rollout::tactician;
      else
        f["rollout_policy"].fail("a playout is played by \"greedy\" or \"tactician\", not \"" +
                                 policy + "\"" +
                                 data::did_you_mean(policy, {"greedy", "tactician"}));
    }
    if (f.has("rollout_free_moves")) k.rollout_free_moves = f["rollout_free_moves"].as_bool();
    k.value_scale = f["value_scale"].as_number(0.001, 1e6);
    k.prior = f["prior"].as_number(0, 1000);
  }
  if (root.has("difficulty")) {
    // Issue 15: levels a player picks by name; each is an agent kind plus how weak it plays.
    const data::Field block = root["difficulty"];
    block.expect_map();
    for (const auto& id : block.keys()) {
      const data::Field f = block[id];
      if (id == "random" || id == "greedy" || id == "tactician" || id == "search" ||
          out.by_name_.count(id) != 0 || id.find(':') != std::string::npos)
        f.fail("a level needs a name of its own (not an agent, a personality or with a colon)");
      f.expect_map();
      f.allow_only({"agent", "blunder", "think_seconds"});
      DifficultyLevel level;
      level.name = id;
      level.agent = f["agent"].as_string();
      if (level.agent != "tactician" && level.agent != "search")
        f["agent"].fail("a level plays as \"tactician\" or \"search\", not \"" + level.agent +
                        "\"" + data::did_you_mean(level.agent, {"tactician", "search"}));
      if (f.has("blunder")) {
        if (level.agent != "tactician") f["blunder"].fail("only the tactician blunders");
        level.blunder = f["blunder"].as_number(0, 1000);
      }
      if (f.has("think_seconds")) {
        if (level.agent != "search") f["think_seconds"].fail("only the search agent thinks");
        level.think_seconds = f["think_seconds"].as_number(0.001, 600);
      }
      if (level.agent == "search" && !root.has("search"))
        f["agent"].fail("the search agent needs the file's search: block");
      out.levels_.push_back(std::move(level));
    }
  }
  return out;
}

const DifficultyLevel* Personalities::level(const std::string& name) const {
  for (const auto& level : levels_)
    if (level.name == name) return &level;
  return nullptr;
}

const TacticianWeights& Personalities::get(const std::string& name) const {
  if (auto it = by_name_.find(name); it != by_name_.end()) return it->second;
  std::string known;
  for (const auto& [id, w] : by_name_) known += (known.empty() ? "" : ", ") + id;
  throw std::invalid_argument("unknown personality \"" + name + "\" (" + known + ")");
}

std::vector<std::string> Personalities::names() const {
  std::vector<std::string> out;
  for (const auto& [id, w] : by_name_) out.push_back(id);
  return out;
}

}  // namespace arap::ai
