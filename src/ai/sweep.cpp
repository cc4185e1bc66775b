// Issue 20: sweeps as numbered tasks — overrides, rows, the task dispenser, threads and shards.
// The summary and the SPRT are in sweep_summary.cpp.
#include "ai/sweep.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "dice/rng.hpp"
#include "game/record.hpp"
#include "table/scenario_options.hpp"

namespace arap::ai {

namespace {

bool parse_bool(const std::string& name, const std::string& value) {
  if (value == "true" || value == "on" || value == "yes") return true;
  if (value == "false" || value == "off" || value == "no") return false;
  throw std::invalid_argument(fmt::format("option.{} is true or false, not \"{}\"", name, value));
}

int whole_option(const std::string& name, const std::string& value, int lowest, int highest) {
  int number = 0;
  try {
    std::size_t used = 0;
    number = std::stoi(value, &used);
    if (used != value.size()) throw std::invalid_argument(value);
  } catch (const std::exception&) {
    throw std::invalid_argument(
        fmt::format("option.{} is a whole number, not \"{}\"", name, value));
  }
  if (number < lowest || number > highest)
    throw std::invalid_argument(
        fmt::format("option.{} is from {} to {}, not {}", name, lowest, highest, number));
  return number;
}

// `setup` copied with one override set on it: the check of an assignment. The copy is not for
// play: what the setup derives from its options when it is made (ADV-18's current moves) would
// not follow the new value.
std::shared_ptr<const game::GameSetup> overridden_copy(const game::GameSetup& setup,
                                                       const std::string& assignment) {
  const auto equals = assignment.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == assignment.size())
    throw std::invalid_argument(
        fmt::format("\"{}\": give ruling.<ID>=<value> or option.<name>=<value>", assignment));
  const std::string name = assignment.substr(0, equals);
  const std::string value = assignment.substr(equals + 1);
  auto copy = std::make_shared<game::GameSetup>(setup);
  if (name.rfind("ruling.", 0) == 0) {
    copy->rulings.set(name, value);  // names the allowed values itself
    return copy;
  }
  if (name.rfind("option.", 0) != 0)
    throw std::invalid_argument(fmt::format(
        "\"{}\": an override starts with ruling. or option. (arap rules --json lists the rulings)",
        assignment));
  const std::string option = name.substr(7);
  auto& o = copy->options;
  const auto* switch_option =
      std::find_if(table::kSwitchOptions.begin(), table::kSwitchOptions.end(),
                   [&](const table::SwitchOption& known) { return known.name == option; });
  if (switch_option != table::kSwitchOptions.end()) {
    o.*switch_option->member = parse_bool(option, value);
  } else if (option == "busts_allowed") {
    o.busts_allowed = whole_option(option, value, 1, 10);
  } else if (option == "rain") {
    o.rain = whole_option(option, value, 0, 4);
  } else {
    std::string known = "busts_allowed";
    for (const auto& each : table::kSwitchOptions) known += fmt::format(", {}", each.name);
    known += ", rain";
    throw std::invalid_argument(fmt::format("unknown option \"{}\" (options: {})", option, known));
  }
  return copy;
}

}  // namespace

std::shared_ptr<const game::GameSetup> with_override(const game::GameSetup& setup,
                                                     const std::string& assignment) {
  return with_overrides_written(setup, {assignment});
}

std::shared_ptr<const game::GameSetup> with_overrides_written(
    const game::GameSetup& setup, const std::vector<std::string>& assignments) {
  if (assignments.empty()) return std::make_shared<game::GameSetup>(setup);
  for (const auto& assignment : assignments) overridden_copy(setup, assignment);  // the checks
  YAML::Node root = YAML::Load(setup.scenario_text);
  for (const auto& assignment : assignments) {
    const auto equals = assignment.find('=');
    const std::string name = assignment.substr(0, equals);
    const std::string value = assignment.substr(equals + 1);
    if (name.rfind("ruling.", 0) == 0) {
      root["rulings"][name] = value;
    } else if (name == "option.busts_allowed" || name == "option.rain") {
      root["options"][name.substr(7)] = std::stoi(value);
    } else {
      root["options"][name.substr(7)] = parse_bool(name.substr(7), value);
    }
  }
  YAML::Emitter out;
  out << root;
  return game::make_setup_from_text(out.c_str(), setup.scenario_file, setup.library);
}

nlohmann::json SweepPlan::header() const {
  const auto& first = *settings.front().setup;
  nlohmann::json labels = nlohmann::json::array();
  nlohmann::json scenarios = nlohmann::json::array();
  for (const auto& s : settings) {
    labels.push_back(s.label);
    scenarios.push_back(fmt::format("{:016x}", game::scenario_hash(s.setup->scenario_text)));
  }
  nlohmann::json sides = nlohmann::json::array();
  for (const auto& side : first.scenario.sides) sides.push_back(side.name);
  return {{"arap_sweep", 1},
          {"scenario", first.scenario.name},
          {"scenario_fingerprints", scenarios},
          {"data_fingerprint", fmt::format("{:016x}", first.library->fingerprint())},
          {"settings", labels},
          {"sides", sides},
          {"agents", agents},
          {"seed", seed},
          {"games", games},
          {"swap", swap},
          {"sprt_delta", sprt_delta},
          {"search", search.is_null() ? nlohmann::json::object() : search}};
}

nlohmann::json GameRow::to_json() const {
  return {{"task", task},
          {"setting", setting},
          {"swapped", swapped},
          {"seed", seed},
          {"winner", winner},
          {"turns", turns},
          {"score", score},
          {"models_lost", models_lost},
          {"charges", texture.charges},
          {"long_shot_charges", texture.long_shot_charges},
          {"units", texture.units},
          {"idle_units", texture.idle_units},
          {"objective_contested", texture.objective_contested}};
}

GameRow GameRow::from_json(const nlohmann::json& j) {
  const auto field = [&](const char* name) -> const nlohmann::json& {
    if (!j.is_object() || !j.contains(name))
      throw std::invalid_argument(fmt::format("a game row lacks \"{}\"", name));
    return j.at(name);
  };
  // Whole numbers only, and within an int: a float such as 1e20 would not convert (UBSan).
  const auto whole = [](const nlohmann::json& value, const char* name) {
    if (!value.is_number_integer() || value.get<std::int64_t>() < -1000000000 ||
        value.get<std::int64_t>() > 1000000000 ||
        (value.is_number_unsigned() && value.get<std::uint64_t>() > 1000000000u))
      throw std::invalid_argument(
          fmt::format("a game row's \"{}\" is not a whole number of a sensible size", name));
    return static_cast<int>(value.get<std::int64_t>());
  };
  const auto flag = [](const nlohmann::json& value, const char* name) {
    if (!value.is_boolean())
      throw std::invalid_argument(fmt::format("a game row's \"{}\" is not true or false", name));
    return value.get<bool>();
  };
  const auto list = [&](const char* name) {
    const auto& value = field(name);
    if (!value.is_array())
      throw std::invalid_argument(fmt::format("a game row's \"{}\" is not a list", name));
    std::vector<int> out;
    for (const auto& item : value) out.push_back(whole(item, name));
    return out;
  };
  GameRow row;
  row.task = whole(field("task"), "task");
  row.setting = whole(field("setting"), "setting");
  row.swapped = flag(field("swapped"), "swapped");
  if (!field("seed").is_number_unsigned() &&
      !(field("seed").is_number_integer() && field("seed").get<std::int64_t>() >= 0))
    throw std::invalid_argument("a game row's \"seed\" is not a whole number from 0 up");
  row.seed = field("seed").get<std::uint64_t>();
  row.winner = whole(field("winner"), "winner");
  row.turns = whole(field("turns"), "turns");
  row.score = list("score");
  row.models_lost = list("models_lost");
  row.texture.charges = whole(field("charges"), "charges");
  row.texture.long_shot_charges = whole(field("long_shot_charges"), "long_shot_charges");
  row.texture.units = whole(field("units"), "units");
  row.texture.idle_units = whole(field("idle_units"), "idle_units");
  row.texture.objective_contested = flag(field("objective_contested"), "objective_contested");
  return row;
}

std::vector<GameRow> play_task(const SweepPlan& plan, int task, const Roster& roster) {
  // Without swap, task t is game t of `arap sim` before sweeps existed: stream t of the seed.
  const int pair = plan.swap ? task / 2 : task;
  const bool swapped = plan.swap && task % 2 == 1;
  const std::uint64_t game_seed =
      dice::Xoshiro256pp::for_stream(plan.seed, static_cast<std::uint64_t>(pair))();
  std::vector<std::string> agents = plan.agents;
  if (swapped) std::swap(agents[0], agents[1]);
  std::vector<GameRow> rows;
  for (std::size_t s = 0; s < plan.settings.size(); ++s) {
    const game::GameSetup& setup = *plan.settings[s].setup;
    const MatchResult match = play_match(setup, game_seed, agents, false, 20000, roster);
    GameRow row;
    row.task = task;
    row.setting = static_cast<int>(s);
    row.swapped = swapped;
    row.seed = game_seed;
    row.winner = match.winner;
    row.turns = match.turns;
    row.score = match.score;
    row.models_lost.assign(setup.sides, 0);
    for (const auto& model : match.final_state.models)
      if (!model.pose.alive) ++row.models_lost[model.pose.side];
    row.texture = match.texture;
    rows.push_back(std::move(row));
  }
  return rows;
}

SweepRun::SweepRun(const SweepPlan& plan, std::vector<int> tasks, bool early_stop,
                   std::function<void(int, int)> progress)
    : plan_(plan),
      tasks_(std::move(tasks)),
      progress_(std::move(progress)),
      done_(tasks_.size()),
      sprt_(plan.sprt_delta),
      early_stop_(early_stop) {
  std::sort(tasks_.begin(), tasks_.end());
}

std::vector<int> SweepRun::take(int most) {
  std::lock_guard lock(mutex_);
  std::vector<int> out;
  while (!stopped_ && next_ < tasks_.size() && static_cast<int>(out.size()) < most)
    out.push_back(tasks_[next_++]);
  return out;
}

int SweepRun::remaining() const {
  std::lock_guard lock(mutex_);
  return stopped_ ? 0 : static_cast<int>(tasks_.size() - next_);
}

void SweepRun::complete(std::vector<GameRow> rows) {
  if (rows.empty()) return;
  int finished = 0;
  {
    std::lock_guard lock(mutex_);
    const auto at = std::lower_bound(tasks_.begin(), tasks_.end(), rows.front().task);
    if (at == tasks_.end() || *at != rows.front().task)
      throw std::logic_error(fmt::format("task {} is not part of this run", rows.front().task));
    done_[static_cast<std::size_t>(at - tasks_.begin())] = std::move(rows);
    finished = ++finished_;
    // An early stop is decided on the tasks 0, 1, 2, ... in order, so it falls on the same task
    // however many threads or ranks play (and summarise() cuts the rows there too).
    const bool testing = early_stop_ && plan_.settings.size() == 2 && plan_.sprt_delta > 0.0;
    while (prefix_ < done_.size() && !done_[prefix_].empty()) {
      if (testing && !stopped_) {
        const auto& pair = done_[prefix_];
        sprt_.add(first_side_score(pair[1]) - first_side_score(pair[0]));
        if (sprt_.settled()) stopped_ = true;
      }
      ++prefix_;
    }
  }
  if (progress_) progress_(finished, total());
}

std::vector<GameRow> SweepRun::rows() const {
  std::lock_guard lock(mutex_);
  std::vector<GameRow> out;
  for (const auto& rows : done_) out.insert(out.end(), rows.begin(), rows.end());
  return out;
}

std::vector<int> shard_tasks(int tasks, int index, int count) {
  std::vector<int> out;
  for (int t = index; t < tasks; t += count) out.push_back(t);
  return out;
}

std::vector<GameRow> run_sweep(const SweepPlan& plan, const std::vector<int>& tasks, int jobs,
                               bool early_stop, const std::function<void(int, int)>& progress,
                               const Roster& roster) {
  SweepRun run(plan, tasks, early_stop, progress);
  play_on_threads(run, plan, jobs, roster);
  return run.rows();
}

void play_on_threads(SweepRun& run, const SweepPlan& plan, int jobs, const Roster& roster) {
  std::atomic<bool> failed{false};
  std::string failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    while (!failed) {
      const auto next = run.take(1);
      if (next.empty()) return;
      try {
        run.complete(play_task(plan, next.front(), roster));
      } catch (const std::exception& error) {
        std::lock_guard lock(failure_mutex);
        failure = fmt::format("task {}: {}", next.front(), error.what());
        failed = true;
      }
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, jobs); ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (failed) throw std::runtime_error(failure);
}

nlohmann::json partial_result(const nlohmann::json& header, int shard, int shards,
                              const std::vector<GameRow>& rows) {
  nlohmann::json out{
      {"header", header}, {"shard", {shard, shards}}, {"rows", nlohmann::json::array()}};
  for (const auto& row : rows) out["rows"].push_back(row.to_json());
  return out;
}

namespace {

// A header summarise() can read: each field there and of its kind, or the reason naming it.
void check_header(const nlohmann::json& header, const std::string& name) {
  using Check = bool (nlohmann::json::*)() const noexcept;
  const std::pair<const char*, Check> fields[] = {
      {"scenario", &nlohmann::json::is_string},      {"sides", &nlohmann::json::is_array},
      {"agents", &nlohmann::json::is_array},         {"settings", &nlohmann::json::is_array},
      {"seed", &nlohmann::json::is_number_unsigned}, {"games", &nlohmann::json::is_number_integer},
      {"swap", &nlohmann::json::is_boolean},         {"sprt_delta", &nlohmann::json::is_number}};
  for (const auto& [field, check] : fields) {
    if (!header.contains(field) || !(header[field].*check)())
      throw std::invalid_argument(
          fmt::format("{}: the header's \"{}\" is missing or of the wrong kind", name, field));
  }
  const auto strings = [](const nlohmann::json& list) {
    return std::all_of(list.begin(), list.end(), [](const auto& v) { return v.is_string(); });
  };
  if (header["agents"].size() != 2 || !strings(header["agents"]) || !strings(header["sides"]) ||
      header["sides"].empty() || !strings(header["settings"]) || header["settings"].empty() ||
      header["settings"].size() > 2 || header["games"].get<std::int64_t>() < 1 ||
      header["games"].get<std::int64_t>() > 10000000)
    throw std::invalid_argument(
        fmt::format("{}: the header's agents, sides, settings or games are not a sweep's", name));
}

}  // namespace

MergedSweep merge_partials(const std::vector<nlohmann::json>& parts,
                           const std::vector<std::string>& names) {
  if (parts.empty()) throw std::invalid_argument("merge: give the partial results to merge");
  MergedSweep merged;
  int shards = 0;
  std::map<int, std::string> seen;  // shard index -> the part that gave it
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const auto& part = parts[k];
    const std::string& name = names[k];
    if (!part.is_object() || !part.contains("header") || !part.contains("shard") ||
        !part.contains("rows") || !part["header"].contains("arap_sweep"))
      throw std::invalid_argument(fmt::format(
          "{}: not a partial result of `arap sim --shard` (no header, shard or rows)", name));
    const auto& shard = part["shard"];
    if (!shard.is_array() || shard.size() != 2 || !shard[0].is_number_integer() ||
        !shard[1].is_number_integer())
      throw std::invalid_argument(fmt::format("{}: \"shard\" is not [index, count]", name));
    if (shard[1].get<std::int64_t>() < 1 || shard[1].get<std::int64_t>() > 10000000 ||
        shard[0].get<std::int64_t>() < 0 ||
        shard[0].get<std::int64_t>() >= shard[1].get<std::int64_t>())
      throw std::invalid_argument(
          fmt::format("{}: shard {}/{} is out of range", name, shard[0].dump(), shard[1].dump()));
    const int index = shard[0].get<int>();
    const int count = shard[1].get<int>();
    if (!part["rows"].is_array())
      throw std::invalid_argument(fmt::format("{}: \"rows\" is not a list of games", name));
    if (k == 0) {
      check_header(part["header"], name);
      merged.header = part["header"];
      shards = count;
    } else {
      for (const auto& [key, value] : merged.header.items()) {
        if (!part["header"].contains(key) || part["header"][key] != value)
          throw std::invalid_argument(fmt::format(
              "{}: belongs to another sweep than {} ({} differs: {} against {})", name, names[0],
              key, part["header"].value(key, nlohmann::json()).dump(), value.dump()));
      }
      if (count != shards)
        throw std::invalid_argument(
            fmt::format("{}: is one of {} shards, {} one of {}", name, count, names[0], shards));
    }
    if (index < 0 || index >= count)
      throw std::invalid_argument(
          fmt::format("{}: shard {}/{} is out of range", name, index, count));
    if (const auto [at, fresh] = seen.emplace(index, name); !fresh)
      throw std::invalid_argument(
          fmt::format("{}: shard {}/{} was given already, by {}", name, index, count, at->second));
    for (std::size_t r = 0; r < part["rows"].size(); ++r) {
      try {
        merged.rows.push_back(GameRow::from_json(part["rows"][r]));
      } catch (const std::invalid_argument& error) {
        throw std::invalid_argument(fmt::format("{}: row {}: {}", name, r + 1, error.what()));
      }
    }
  }
  std::string missing;
  int missing_count = 0;
  for (int i = 0; i < shards; ++i) {
    if (seen.contains(i)) continue;
    // Name the first few: a sweep of a million shards with one given would say too much.
    if (++missing_count <= 10)
      missing += fmt::format("{}{}/{}", missing.empty() ? "" : ", ", i, shards);
  }
  if (missing_count > 10) missing += fmt::format(" and {} more", missing_count - 10);
  if (!missing.empty())
    throw std::invalid_argument(fmt::format("merge: shard {} missing", missing));
  std::sort(merged.rows.begin(), merged.rows.end(), [](const GameRow& a, const GameRow& b) {
    return a.task != b.task ? a.task < b.task : a.setting < b.setting;
  });
  return merged;
}

}  // namespace arap::ai
