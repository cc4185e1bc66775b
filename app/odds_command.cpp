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
};

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

int run_attack(const OddsOptions& options) {
  const bool json = !options.json_file.empty();
  const std::string path = json ? options.json_file : options.file;
  if (path.empty()) throw std::runtime_error("odds attack: give a request file (or - for stdin)");
  const std::string text = read_input(path);
  // Only a weapon named by id needs the data folder, and only its weapons.yaml: the parser asks
  // for it then, so an inline request reads no file (issue 14). Its errors are reported as-is.
  std::unique_ptr<data::Library> library;
  const odds::LibraryLoader load_library = [&]() -> const data::Library* {
    if (!library) {
      library = std::make_unique<data::Library>();
      data::load_weapons((std::filesystem::path(data_dir(options.data)) / "weapons.yaml").string(),
                         *library);
    }
    return library.get();
  };
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
  const bool json = !options.json_file.empty();
  const std::string path = json ? options.json_file : options.file;
  if (path.empty()) throw std::runtime_error("odds melee: give a request file (or - for stdin)");
  const std::string source = path == "-" ? "<stdin>" : path;
  const odds::MeleeRequest request = odds::parse_melee_request(read_input(path), source);
  const odds::MeleeReport report =
      with_source(source, [&] { return odds::evaluate_melee(request); });
  if (json) {
    std::cout << odds::to_json(report).dump(2) << '\n';
    return 0;
  }
  std::cout << fmt::format(
      "One mêlée round (MELEE-04..16), every model fighting\n"
      "  attacker wins  {:8.4f}\n  defender wins  {:8.4f}\n  draw           {:8.4f}\n"
      "  attacker routs {:8.4f}\n  defender routs {:8.4f}\n  mean WD        {:+8.4f}\n",
      report.attacker_wins, report.defender_wins, report.draw, report.attacker_routs,
      report.defender_routs, report.wound_difference.mean());
  std::cout << "  attacker's wound difference:\n";
  for (int v = report.wound_difference.lowest(); v <= report.wound_difference.highest(); ++v) {
    if (report.wound_difference[v] > 0.0)
      std::cout << fmt::format("    {:+3d}  {:8.4f}\n", v, report.wound_difference[v]);
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
  attack->add_option("file", options->file, "Request file (JSON), - for stdin; prints a table");
  attack->add_option("--json", options->json_file,
                     "Request file (JSON), - for stdin; prints the report as JSON");
  attack->add_option("--data", options->data, "Data folder for weapons named by id");
  attack->footer("Request format: docs/odds.md\n\n" + odds::modifier_help());
  attack->callback([options, &action] { action = [options] { return run_attack(*options); }; });

  auto* melee = odds->add_subcommand(
      "melee", "Exact odds of one mêlée round between two units: wound difference, winner, routs");
  melee->add_option("file", options->file, "Request file (JSON), - for stdin; prints a table");
  melee->add_option("--json", options->json_file,
                    "Request file (JSON), - for stdin; prints the report as JSON");
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
