// `arap odds attack|activation|leadership`: exact odds from the odds layer.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"
#include "data/data_error.hpp"
#include "data/library.hpp"
#include "odds/attack_request.hpp"
#include "odds/melee_odds.hpp"
#include "odds/test_odds.hpp"
#include "report_table.hpp"

namespace arap::app {

namespace {

struct OddsOptions {
  std::string file;
  std::string json_file;
  std::string data;
  bool json = false;
  int initiative = 3;
  int dice = 3;
  bool pinned = false;
  bool suppressed = false;
  int leadership = 7;
  int modifier = 0;
  bool reroll = false;
  CLI::Option* attack_json = nullptr;  // --json: a flag, or (as before) followed by the file
  CLI::Option* melee_json = nullptr;
};

// The request file and whether JSON is wanted: `odds attack FILE --json`, `--json FILE` (the
// old form) and `FILE` alone all work (issue 17).
std::pair<std::string, bool> request_file(const OddsOptions& options, const CLI::Option* json,
                                          const char* command) {
  const bool wanted = json != nullptr && json->count() > 0;
  if (!options.json_file.empty() && !options.file.empty()) {
    throw std::runtime_error(fmt::format("odds {}: give one request file, not two", command));
  }
  const std::string path = options.json_file.empty() ? options.file : options.json_file;
  if (path.empty()) {
    throw std::runtime_error(fmt::format("odds {}: give a request file (or - for stdin)", command));
  }
  return {path, wanted};
}

std::string read_input(const std::string& path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), {});
  }
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot open the file", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A request that parses but cannot be answered (a rule forbids it, or it is too large to compute
// exactly) is reported with the file it came from.
template <typename Evaluate>
auto with_source(const std::string& source, Evaluate evaluate) {
  try {
    return evaluate();
  } catch (const data::DataError&) {
    throw;
  } catch (const std::exception& error) {
    throw std::runtime_error(fmt::format("{}: {}", source, error.what()));
  }
}

// Loads from the data folder only what a request names: weapons.yaml for a weapon, the whole
// library for a unit (issues 14 and 17).
struct LazyLibrary {
  std::string folder;
  std::unique_ptr<data::Library> library;
  bool whole = false;
  const data::Library* operator()(odds::LibraryNeed need) {
    if (need == odds::LibraryNeed::armies && !whole) {
      library = std::make_unique<data::Library>(data::Library::load(data_dir(folder)));
      whole = true;
    } else if (!library) {
      library = std::make_unique<data::Library>();
      data::load_weapons((std::filesystem::path(data_dir(folder)) / "weapons.yaml").string(),
                         *library);
    }
    return library.get();
  }
};

int run_attack(const OddsOptions& options) {
  const auto [path, json] = request_file(options, options.attack_json, "attack");
  const std::string text = read_input(path);
  LazyLibrary lazy{options.data, nullptr, false};
  const odds::LibraryLoader load_library = [&lazy](odds::LibraryNeed need) { return lazy(need); };
  const std::string source = path == "-" ? "<stdin>" : path;
  const odds::AttackRequest request = odds::parse_attack_request(text, source, load_library);
  const odds::AttackReport report =
      with_source(source, [&] { return odds::evaluate_attack(request); });
  if (json) {
    std::cout << odds::to_json(report).dump(2) << '\n';
  } else {
    std::cout << attack_table(request, report);
  }
  return 0;
}

int run_melee(const OddsOptions& options) {
  const auto [path, json] = request_file(options, options.melee_json, "melee");
  const std::string source = path == "-" ? "<stdin>" : path;
  LazyLibrary lazy{options.data, nullptr, false};
  const odds::LibraryLoader load_library = [&lazy](odds::LibraryNeed need) { return lazy(need); };
  const odds::MeleeRequest request =
      odds::parse_melee_request(read_input(path), source, load_library);
  const odds::MeleeReport report =
      with_source(source, [&] { return odds::evaluate_melee(request); });
  if (json) {
    std::cout << odds::to_json(report).dump(2) << '\n';
    return 0;
  }
  // Percentages, as `odds attack` prints them (issue 17), and the models slain both ways.
  const auto pct = [](double p) { return fmt::format("{:7.2f}%", 100.0 * p); };
  std::cout << "One mêlée round (MELEE-04..16), every model fighting\n";
  for (const auto& note : request.named_units) std::cout << "Note: " << note << '\n';
  std::cout << fmt::format(
      "  attacker wins  {}\n  defender wins  {}\n  draw           {}\n"
      "  attacker routs {}\n  defender routs {}\n  mean WD        {:+8.4f}\n"
      "  mean slain     {:.3f} defenders, {:.3f} attackers\n",
      pct(report.attacker_wins), pct(report.defender_wins), pct(report.draw),
      pct(report.attacker_routs), pct(report.defender_routs), report.wound_difference.mean(),
      report.attacker_slain.mean(), report.defender_slain.mean());
  std::cout << "  attacker's wound difference:\n";
  for (int v = report.wound_difference.lowest(); v <= report.wound_difference.highest(); ++v) {
    if (report.wound_difference[v] >= 0.00005)  // rows that would read 0.00 % are left out
      std::cout << fmt::format("    {:+3d}  {}\n", v, pct(report.wound_difference[v]));
  }
  std::cout << "\n   k  defenders slain=k   slain>=k  attackers slain=k   slain>=k\n";
  const int most = std::max(report.attacker_slain.highest(), report.defender_slain.highest());
  for (int k = 0; k <= most; ++k) {
    std::cout << fmt::format("{:4d}  {:>17} {:>10}  {:>17} {:>10}\n", k,
                             pct(report.attacker_slain[k]), pct(report.attacker_slain.at_least(k)),
                             pct(report.defender_slain[k]), pct(report.defender_slain.at_least(k)));
  }
  return 0;
}

}  // namespace

void add_odds_commands(CLI::App& app, Action& action) {
  auto options = std::make_shared<OddsOptions>();
  auto* odds = app.add_subcommand("odds", "Exact odds of an attack, an activation or an Ld test");
  odds->require_subcommand(1);

  auto* attack = odds->add_subcommand(
      "attack", "Exact distribution of unsaved wounds and models slain for one attack");
  attack->add_option("file", options->file, "Request file (JSON or YAML), - for stdin");
  options->attack_json = attack->add_option(
      "--json", options->json_file,
      "Print the report as JSON (a flag; the request file may follow it, as before)");
  options->attack_json->expected(0, 1);
  attack->add_option("--data", options->data, "Data folder for weapons and units named by id");
  attack->footer("Request format: docs/odds.md\n\n" + odds::modifier_help());
  attack->callback([options, &action] { action = [options] { return run_attack(*options); }; });

  auto* melee = odds->add_subcommand(
      "melee", "Exact odds of one mêlée round between two units: wound difference, winner, routs");
  melee->add_option("file", options->file, "Request file (JSON or YAML), - for stdin");
  options->melee_json = melee->add_option(
      "--json", options->json_file,
      "Print the report as JSON (a flag; the request file may follow it, as before)");
  options->melee_json->expected(0, 1);
  melee->add_option("--data", options->data, "Data folder for units named by army and unit");
  melee->footer("Request format: docs/odds.md (\"arap odds melee\")");
  melee->callback([options, &action] { action = [options] { return run_melee(*options); }; });

  auto* activation =
      odds->add_subcommand("activation", "Exact odds of an activation roll (ACT-05..07)");
  activation->add_option("--initiative,-i", options->initiative, "Initiative (0..10)")
      ->required()
      ->check(CLI::Range(0, 10));
  activation->add_option("--dice,-n", options->dice, "Dice rolled (1..3)")->check(CLI::Range(1, 3));
  activation->add_flag("--pinned", options->pinned, "Unit is pinned (SHOOT-29)");
  activation->add_flag("--suppressed", options->suppressed, "Unit is suppressed (SHOOT-35)");
  activation->add_flag("--json", options->json, "Print JSON");
  activation->callback([options, &action] {
    action = [options] {
      if (options->pinned && options->suppressed) {
        throw std::runtime_error("SHOOT-29: a unit cannot be both pinned and suppressed");
      }
      const auto condition = options->pinned       ? rules::ActivationCondition::pinned
                             : options->suppressed ? rules::ActivationCondition::suppressed
                                                   : rules::ActivationCondition::normal;
      const auto report = odds::activation_report(options->initiative, options->dice, condition);
      std::cout << (options->json ? report.dump(2) + "\n" : activation_table(report));
      return 0;
    };
  });

  auto* leadership = odds->add_subcommand("leadership", "Exact odds of a 2D6 Ld test (DICE-09)");
  leadership->add_option("--ld", options->leadership, "Leadership (2..10)")
      ->required()
      ->check(CLI::Range(2, 10));
  leadership->add_option("--modifier,-m", options->modifier, "Modifier added to Ld")
      ->check(CLI::Range(-20, 20));
  leadership->add_flag("--reroll", options->reroll,
                       "Re-roll one failure (They Shall Know No Fear, MORALE-05)");
  leadership->add_flag("--json", options->json, "Print JSON");
  leadership->callback([options, &action] {
    action = [options] {
      const auto report =
          odds::leadership_report(options->leadership, options->modifier, options->reroll);
      std::cout << (options->json ? report.dump(2) + "\n" : leadership_table(report));
      return 0;
    };
  });
}

}  // namespace arap::app
