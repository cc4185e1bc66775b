#include "report_table.hpp"

#include <fmt/format.h>

namespace arap::app {

namespace {

std::string percent(double p) {
  return fmt::format("{:6.2f}%", 100.0 * p);
}

std::string goal_text(int goal, const char* suffix) {
  return fmt::format("{}{}", goal, suffix);
}

}  // namespace

std::string attack_table(const odds::AttackRequest& request, const odds::AttackReport& report) {
  const auto& weapon = request.weapon;
  std::string out;
  const bool melee = request.kind == odds::AttackKind::melee;
  const std::string weapon_name = !weapon.name.empty() ? weapon.name
                                  : !weapon.id.empty() ? weapon.id
                                                       : "weapon";
  if (!request.squad.empty()) {
    out += fmt::format("Shooting: a squad of {} groups, every model with its own weapon",
                       request.squad.size());
  } else {
    out += fmt::format("{} x{} with {} ({}{}, S{} AP{} Damage {})",
                       melee ? "Melee:" : "Shooting:", request.attacker.models, weapon_name,
                       data::to_string(weapon.type),
                       weapon.is_melee() ? "" : fmt::format(" {}\"", weapon.range),
                       weapon.strength.to_text(), weapon.ap ? std::to_string(*weapon.ap) : "-",
                       data::to_text(weapon.damage));
  }
  if (!melee) out += fmt::format(" at {}\"", request.range);
  out += fmt::format(
      "\nTarget: {} models, T{} W{} save {} invulnerable {}\n", request.target.models,
      request.target.toughness, request.target.wounds,
      request.target.save ? fmt::format("{}+", *request.target.save) : "none",
      request.target.invulnerable ? fmt::format("{}+", *request.target.invulnerable) : "none");
  out += fmt::format("Resolution: {}; {} {}", report.resolution, report.shots,
                     melee ? "attacks" : "shots/effects");
  if (report.action_points) out += fmt::format(" for {} AP", *report.action_points);
  out += "\n";
  for (const auto& group : report.groups) {
    out += fmt::format("  {:<40} {:>4}  goal {:>3}  p {}\n", group.label, group.attacks,
                       goal_text(group.hit_goal, report.resolution == "area" ? "" : "-"),
                       percent(group.p_hit));
  }
  for (const auto& row : report.squad) {
    out += fmt::format(
        "  {:<22} x{:<3} {:<22} {:>3} shots  hit {}  wound {}  unsaved/hit {}  "
        "mean unsaved {:.3f}\n",
        row.label, row.models, row.weapon, row.shots, percent(row.p_hit), percent(row.p_wound),
        percent(row.p_unsaved_per_hit), row.mean_unsaved);
  }
  if (report.squad.empty())
    out += fmt::format(
        "Wound {} (S{}): {}   Save {}: {}   Unsaved per hit: {}\n",
        report.wound_goal.possible ? goal_text(report.wound_goal.goal, "+") : "impossible",
        report.strength, percent(report.p_wound),
        report.save_goal ? goal_text(*report.save_goal, "+") : "none", percent(report.p_save),
        percent(report.p_unsaved_per_hit));
  if (report.p_on_target)
    out += fmt::format("Marker stays on target: {}\n", percent(*report.p_on_target));
  if (!report.modifiers.empty()) {
    out += "Modifiers:";
    for (const auto& modifier : report.modifiers) {
      out += fmt::format(" {} {:+d} ({})", modifier.name, modifier.value, modifier.rule);
    }
    out += "\n";
  }
  for (const auto& note : report.notes) out += "Note: " + note + "\n";
  out += fmt::format("\n{:>4}  {:>10} {:>10}   {:>10} {:>10}\n", "k", "unsaved=k", "unsaved>=k",
                     "slain=k", "slain>=k");
  const int rows = std::max(report.unsaved_wounds.highest(), report.slain.highest());
  for (int k = 0; k <= rows; ++k) {
    const double unsaved = report.unsaved_wounds[k];
    const double slain = report.slain[k];
    if (k > 0 && unsaved < 5e-7 && slain < 5e-7 && report.unsaved_wounds.at_least(k) < 5e-7) break;
    out += fmt::format("{:>4}  {:>10} {:>10}   {:>10} {:>10}\n", k, percent(unsaved),
                       percent(report.unsaved_wounds.at_least(k)), percent(slain),
                       percent(report.slain.at_least(k)));
  }
  out += fmt::format("\nMean unsaved wounds {:.3f}, mean models slain {:.3f}\n",
                     report.unsaved_wounds.mean(), report.slain.mean());
  return out;
}

std::string activation_table(const nlohmann::json& report) {
  std::string out = fmt::format(
      "Activation: I{} -> value {}, {} dice, {}\nBust: {}   Not activated: {}\n\n{:>4}  {:>10} "
      "{:>10}\n",
      report["initiative"].get<int>(), report["value"].get<int>(), report["dice"].get<int>(),
      report["condition"].get<std::string>(), percent(report["p_bust"].get<double>()),
      percent(report["p_not_activated"].get<double>()), "AP", "exactly", "at least");
  const auto& actions = report["actions"];
  double tail = 1.0;
  for (std::size_t k = 0; k < actions.size(); ++k) {
    out +=
        fmt::format("{:>4}  {:>10} {:>10}\n", k, percent(actions[k].get<double>()), percent(tail));
    tail -= actions[k].get<double>();
  }
  out += fmt::format("\nMean action points {:.3f}\n", report["mean_actions"].get<double>());
  return out;
}

std::string leadership_table(const nlohmann::json& report) {
  return fmt::format(
      "Leadership test: Ld {} {:+d} -> pass on 2D6 <= {}{}\nPass: {}\nFail: {} (even total: {}, "
      "odd total: {})\n",
      report["leadership"].get<int>(), report["modifier"].get<int>(), report["target"].get<int>(),
      report["reroll"].get<bool>() ? " with one re-roll" : "",
      percent(report["p_pass"].get<double>()), percent(report["p_fail"].get<double>()),
      percent(report["p_fail_even"].get<double>()), percent(report["p_fail_odd"].get<double>()));
}

}  // namespace arap::app
