// `arap odds attack|melee|charge|compare|activation|leadership`: exact odds from the odds
// layer, as tables, JSON or SVG charts.
#include <algorithm>
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
#include "data/library_cache.hpp"
#include "odds/attack_request.hpp"
#include "odds/charge_odds.hpp"
#include "odds/melee_odds.hpp"
#include "odds/test_odds.hpp"
#include "odds_plot.hpp"
#include "report_table.hpp"

namespace arap::app {

namespace {

struct OddsOptions {
  std::string file;
  std::string json_file;
  std::string data;
  std::string plot;                // --plot FILE.svg (issue 17)
  std::vector<std::string> files;  // odds compare
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
  CLI::Option* charge_json = nullptr;
};

std::vector<double> as_vector(const dice::Distribution& d) {
  std::vector<double> out;
  for (int k = 0; k <= d.highest(); ++k) out.push_back(d[k]);
  return out;
}

// "Exactly k" values whose "at least k" line is P(reach) at k inches (nonincreasing in k).
std::vector<double> reach_series(const std::vector<double>& reach) {
  std::vector<double> out(reach.size(), 0.0);
  for (std::size_t k = 0; k < reach.size(); ++k)
    out[k] = std::max(0.0, reach[k] - (k + 1 < reach.size() ? reach[k + 1] : 0.0));
  return out;
}

std::string percent(double p) {
  return fmt::format("{:.2f}%", 100.0 * p);
}

// The label of a request file in a chart: its name without folders or extension.
std::string label_of(const std::string& path) {
  if (path == "-") return "stdin";
  return std::filesystem::path(path).stem().string();
}

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

// Loads the data folder only when a request names something (issues 14 and 17): the whole
// library through the cache (a parsed copy kept between runs, data/library_cache.hpp), so a
// squad request costs about a millisecond of loading instead of seven of YAML. When the folder
// does not load and the request only names a weapon, weapons.yaml alone is read, as before.
struct LazyLibrary {
  std::string folder;
  std::unique_ptr<data::Library> library;
  const data::Library* operator()(const odds::LibraryNeed& need) {
    if (library) return library.get();
    const std::filesystem::path dir(data_dir(folder));
    try {
      library = std::make_unique<data::Library>(data::load_with_cache(dir, cache_dir()));
    } catch (const data::DataError&) {
      if (need.kind != odds::LibraryNeed::weapons) throw;
      library = std::make_unique<data::Library>();
      data::load_weapons((dir / "weapons.yaml").string(), *library);
    }
    return library.get();
  }
};

int run_attack(const OddsOptions& options) {
  const auto [path, json] = request_file(options, options.attack_json, "attack");
  const std::string text = read_input(path);
  LazyLibrary lazy{options.data, nullptr};
  const odds::LibraryLoader load_library = [&lazy](const odds::LibraryNeed& need) {
    return lazy(need);
  };
  const std::string source = path == "-" ? "<stdin>" : path;
  const odds::AttackRequest request = odds::parse_attack_request(text, source, load_library);
  const odds::AttackReport report =
      with_source(source, [&] { return odds::evaluate_attack(request); });
  if (!options.plot.empty()) {
    write_file_atomically(
        options.plot,
        distribution_svg({fmt::format("{}: models slain", label_of(path)),
                          fmt::format("mean {:.2f} slain, {:.2f} unsaved wounds; P(none) {}",
                                      report.slain.mean(), report.unsaved_wounds.mean(),
                                      percent(report.slain[0])),
                          "models slain (k)"},
                         {{"models slain", as_vector(report.slain)},
                          {"unsaved wounds", as_vector(report.unsaved_wounds)}}));
  }
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
  LazyLibrary lazy{options.data, nullptr};
  const odds::LibraryLoader load_library = [&lazy](const odds::LibraryNeed& need) {
    return lazy(need);
  };
  const odds::MeleeRequest request =
      odds::parse_melee_request(read_input(path), source, load_library);
  const odds::MeleeReport report =
      with_source(source, [&] { return odds::evaluate_melee(request); });
  if (!options.plot.empty()) {
    write_file_atomically(
        options.plot,
        distribution_svg({fmt::format("{}: one mêlée round", label_of(path)),
                          fmt::format("attacker wins {}, defender wins {}, draw {}",
                                      percent(report.attacker_wins), percent(report.defender_wins),
                                      percent(report.draw)),
                          "models slain (k)"},
                         {{"defenders slain", as_vector(report.attacker_slain)},
                          {"attackers slain", as_vector(report.defender_slain)}}));
  }
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

int run_charge(const OddsOptions& options) {
  const auto [path, json] = request_file(options, options.charge_json, "charge");
  const std::string source = path == "-" ? "<stdin>" : path;
  LazyLibrary lazy{options.data, nullptr};
  const odds::LibraryLoader load_library = [&lazy](const odds::LibraryNeed& need) {
    return lazy(need);
  };
  const odds::ChargeRequest request =
      odds::parse_charge_request(read_input(path), source, load_library);
  const odds::ChargeReport report = odds::evaluate_charge(request);
  if (!options.plot.empty()) {
    write_file_atomically(
        options.plot,
        distribution_svg(
            {fmt::format("{}: Charge distance and reach", label_of(path)),
             fmt::format("the enemy {}\" away: P(reach) {}, mean roll {:.2f}\"", request.distance,
                         percent(report.p_reach), report.roll.mean()),
             "inches (k)"},
            {{"Charge roll", as_vector(report.roll)},
             {"P(reach) with the enemy k\" away", reach_series(report.reach_by_distance), true}}));
  }
  if (json) {
    nlohmann::json out = odds::to_json(report);
    out["named_units"] = request.named_units;
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::cout << "Charge (CHARGE-02/03/04/07)\n";
  for (const auto& note : request.named_units) std::cout << "Note: " << note << '\n';
  std::cout << fmt::format(
      "  enemy {}\" away, mêlée radius {}\": {}\" of ground to cover; allowance needed {}\"\n"
      "  P(reach)           {:>8}\n  P(roll too short)  {:>8}\n  P(halted at an obstacle) {}\n"
      "  mean Charge roll   {:.3f}\"\n",
      request.distance, request.melee_radius, report.gap, report.allowance_needed,
      percent(report.p_reach), percent(report.p_short), percent(report.p_halted),
      report.roll.mean());
  std::cout << "  P(reach) over the whole way in:";
  for (const auto& row : report.by_ground)
    std::cout << fmt::format(" {} {}", row.ground, percent(row.p_reach));
  std::cout << "\n\n  roll  exactly   at least\n";
  for (int v = report.roll.lowest(); v <= report.roll.highest(); ++v)
    if (report.roll[v] > 0.0)
      std::cout << fmt::format("  {:4d}  {:>7}  {:>8}\n", v, percent(report.roll[v]),
                               percent(report.roll.at_least(v)));
  if (!report.failed_moves.empty()) {
    std::cout << fmt::format("\n  a failed Charge moves (CHARGE-04; mean {:.2f}\"):\n",
                             report.mean_failed_move);
    for (const auto& f : report.failed_moves)
      std::cout << fmt::format("  {:6.2f}\"  {:>7}{}\n", f.inches, percent(f.probability),
                               f.halted ? "  halted at an obstacle (CHARGE-07)" : "");
  }
  for (const auto& note : report.notes) std::cout << "Note: " << note << '\n';
  return 0;
}

// `arap odds compare A B ...`: attack requests side by side, in a table and on one chart.
int run_compare(const OddsOptions& options) {
  if (options.files.size() < 2)
    throw std::runtime_error("odds compare: give two or more request files");
  struct Row {
    std::string label;
    odds::AttackReport report;
    int target_models = 0;
  };
  std::vector<Row> rows;
  LazyLibrary lazy{options.data, nullptr};
  const odds::LibraryLoader load_library = [&lazy](const odds::LibraryNeed& need) {
    return lazy(need);
  };
  for (const auto& path : options.files) {
    const std::string source = path == "-" ? "<stdin>" : path;
    const odds::AttackRequest request =
        odds::parse_attack_request(read_input(path), source, load_library);
    rows.push_back({label_of(path),
                    with_source(source, [&] { return odds::evaluate_attack(request); }),
                    request.target.models});
  }
  if (!options.plot.empty()) {
    std::vector<PlotSeries> series;
    for (const auto& row : rows) series.push_back({row.label, as_vector(row.report.slain)});
    std::string subtitle = "exact; mean slain:";
    for (const auto& row : rows)
      subtitle += fmt::format(" {} {:.2f}", row.label, row.report.slain.mean());
    std::string title = "models slain: ";
    for (std::size_t i = 0; i < rows.size(); ++i) title += (i ? " vs " : "") + rows[i].label;
    write_file_atomically(options.plot,
                          distribution_svg({title, subtitle, "models slain (k)"}, series));
  }
  if (options.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& row : rows) {
      nlohmann::json one = odds::to_json(row.report);
      one["label"] = row.label;
      out.push_back(one);
    }
    std::cout << out.dump(2) << '\n';
    return 0;
  }
  std::size_t most = 0;
  std::size_t width = 12;
  for (const auto& row : rows) {
    most = std::max<std::size_t>(most, static_cast<std::size_t>(row.report.slain.highest()));
    width = std::max(width, row.label.size() + 1);
  }
  std::cout << fmt::format("{:<{}}{:>10}{:>10}{:>10}\n", "", width, "mean", "P(none)", "P(wiped)");
  for (const auto& row : rows) {
    const auto& slain = row.report.slain;
    std::cout << fmt::format("{:<{}}{:>10.3f}{:>10}{:>10}\n", row.label, width, slain.mean(),
                             percent(slain[0]), percent(slain[row.target_models]));
  }
  std::cout << fmt::format("\nP(at least k slain)\n{:<6}", "k");
  for (const auto& row : rows) std::cout << fmt::format("{:>{}}", row.label, width + 2);
  std::cout << '\n';
  for (std::size_t k = 0; k <= most; ++k) {
    std::cout << fmt::format("{:<6}", k);
    for (const auto& row : rows)
      std::cout << fmt::format("{:>{}}", percent(row.report.slain.at_least(static_cast<int>(k))),
                               width + 2);
    std::cout << '\n';
  }
  return 0;
}

}  // namespace

void add_odds_commands(CLI::App& app, Action& action) {
  auto options = std::make_shared<OddsOptions>();
  auto* odds = app.add_subcommand(
      "odds", "Exact odds: an attack, a mêlée round, a Charge, an activation, an Ld test");
  odds->require_subcommand(1);

  auto* attack = odds->add_subcommand(
      "attack", "Exact distribution of unsaved wounds and models slain for one attack");
  attack->add_option("file", options->file, "Request file (JSON or YAML), - for stdin");
  options->attack_json = attack->add_option(
      "--json", options->json_file,
      "Print the report as JSON (a flag; the request file may follow it, as before)");
  options->attack_json->expected(0, 1);
  attack->add_option("--data", options->data, "Data folder for weapons and units named by id");
  attack->add_option("--plot", options->plot, "Also draw the distribution as an SVG chart");
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
  melee->add_option("--plot", options->plot, "Also draw models slain both ways as an SVG chart");
  melee->footer("Request format: docs/odds.md (\"arap odds melee\")");
  melee->callback([options, &action] { action = [options] { return run_melee(*options); }; });

  auto* charge = odds->add_subcommand(
      "charge",
      "Exact odds that a Charge reaches, over the ground on the way, and its failed move");
  charge->add_option("file", options->file, "Request file (JSON or YAML), - for stdin");
  options->charge_json =
      charge->add_option("--json", options->json_file, "Print the report as JSON");
  options->charge_json->expected(0, 1);
  charge->add_option("--data", options->data, "Data folder for units named by army and unit");
  charge->add_option("--plot", options->plot, "Also draw the Charge distance as an SVG chart");
  charge->footer("Request format: docs/odds.md (\"arap odds charge\")");
  charge->callback([options, &action] { action = [options] { return run_charge(*options); }; });

  auto* compare = odds->add_subcommand(
      "compare", "Attack requests side by side: models slain, in a table and on one chart");
  compare->add_option("files", options->files, "Two or more attack request files")->required();
  compare->add_flag("--json", options->json, "Print the reports as a JSON array");
  compare->add_option("--data", options->data, "Data folder for weapons and units named by id");
  compare->add_option("--plot", options->plot, "Draw the distributions on one SVG chart");
  compare->callback([options, &action] { action = [options] { return run_compare(*options); }; });

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
