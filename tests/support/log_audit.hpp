// A referee's audit of a whole game from its event log alone (issue 13): the checks a player
// could make with the log in one hand and the rules in the other. Each violation names the
// event's index and the rule.
#pragma once

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "game/engine.hpp"
#include "rules/weapon_fire.hpp"

namespace arap::test {

inline std::vector<std::string> audit_log(const game::GameSetup& setup, const game::EventLog& log) {
  std::vector<std::string> problems;
  const auto fail = [&](std::size_t i, const std::string& what) {
    problems.push_back(fmt::format("event {}: {}", i, what));
  };
  std::map<std::string, bool> once_per_turn;  // weapon id -> SHOOT-06 weapon
  for (const auto& model : setup.models)
    for (const auto* weapon : model.group->weapons)
      once_per_turn[weapon->id] = rules::once_per_turn(weapon->type);
  std::vector<int> living;
  std::vector<int> slain(table::kMaxSides, 0);  // casualty events per side
  for (const auto& unit : setup.units) living.push_back(unit.model_count);

  // Per player turn.
  std::map<int, int> activations;  // ACT-03: one attempt per unit
  std::set<int> engaged;           // SHOOT-31/33: charging, charged or in mêlée
  std::set<int> failed_charge;     // CHARGE-04
  std::map<int, std::set<std::size_t>> heavy_firings;  // SHOOT-06: unit -> firing (action index)
  std::size_t last_action = 0;
  // MELEE-11: {unit, foe, player-turn ends still to come while the restriction holds}.
  struct Parted {
    int unit;
    int foe;
    int ends_left;
  };
  std::vector<Parted> parted;
  int phasing = 0;

  for (std::size_t i = 0; i < log.size(); ++i) {
    const auto& e = log[i];
    const std::string type = e.value("type", "");
    if (type == "player_turn_start") {
      phasing = e.at("side").get<int>();
      activations.clear();
      engaged.clear();
      failed_charge.clear();
      heavy_firings.clear();
    } else if (type == "player_turn_end") {
      for (auto& p : parted) --p.ends_left;
      std::erase_if(parted, [](const Parted& p) { return p.ends_left <= 0; });
    } else if (type == "split") {  // GEN-09: each part holds the living models it lists
      for (const auto& part : e.at("parts"))
        living[part.at("unit").get<int>()] = static_cast<int>(part.at("models").size());
    } else if (type == "merged") {
      living[e.at("unit").get<int>()] += living[e.at("part").get<int>()];
      living[e.at("part").get<int>()] = 0;
    } else if (type == "joined") {  // ADV-19/20: the joiner's models stand in the target now
      living[e.at("target").get<int>()] += living[e.at("unit").get<int>()];
      living[e.at("unit").get<int>()] = 0;
    } else if (type == "left") {
      const int leaving = static_cast<int>(e.at("models").size());
      living[e.at("unit").get<int>()] -= leaving;
      living[e.at("target").get<int>()] = leaving;
    } else if (type == "casualty") {
      --living[e.at("unit").get<int>()];
      ++slain[setup.units[e.at("unit").get<int>()].side];
    } else if (type == "game_over") {
      // The score explained must add up, and the models lost must be the log's casualties.
      const bool objectives = e.value("objectives", false);
      for (std::size_t side = 0; side < e.at("score").size(); ++side) {
        const int made = (objectives ? 100 * e.at("objective_points")[side].get<int>() : 0) +
                         e.at("kill_points")[side].get<int>();
        if (made != e.at("score")[side].get<int>())
          fail(i, fmt::format("side {}: score {} is not made of its points ({})", side,
                              e.at("score")[side].get<int>(), made));
        if (slain[side] != e.at("models_slain")[side].get<int>())
          fail(i, fmt::format("side {}: {} models slain, the log shows {} casualties", side,
                              e.at("models_slain")[side].get<int>(), slain[side]));
      }
    } else if (type == "action") {
      last_action = i;
      const auto& a = e.at("action");
      const std::string kind = a.value("type", "");
      const int unit = a.value("unit", -1);
      if (unit >= 0 && living[unit] <= 0)
        fail(i, fmt::format("unit {} acts ({}) with no model left", unit, kind));
      if (kind == "activate" && ++activations[unit] > 1)
        fail(i, fmt::format("ACT-03: unit {} attempts a second activation this turn", unit));
      // Responses to a charge and mêlée choices are reactions, not actions (CHARGE-08/14).
      static const std::set<std::string> kActions = {"activate", "free_move",     "move",
                                                     "go_prone", "stand_up",      "aim",
                                                     "shoot",    "throw_grenade", "hide"};
      if (unit >= 0 && failed_charge.count(unit) && kActions.count(kind))
        fail(i, fmt::format("CHARGE-04: unit {} acts ({}) after its charge failed", unit, kind));
      if (kind == "shoot" && a.value("heavy", false)) heavy_firings[unit].insert(i);
    } else if (type == "charge_declared") {
      const int unit = e.at("unit").get<int>();
      const int target = e.at("target").get<int>();
      engaged.insert(unit);
      engaged.insert(target);
      for (const auto& p : parted)
        if (p.unit == unit && p.foe == target)
          fail(i, fmt::format("MELEE-11: unit {} charges unit {} it parted from", unit, target));
    } else if (type == "locked" || type == "melee_round") {
      for (const int u : e.at("units")) engaged.insert(u);
    } else if (type == "charge_failed") {
      failed_charge.insert(e.at("unit").get<int>());
    } else if (type == "roll") {
      const std::string what = e.value("what", "");
      const std::string rule = e.value("rule", "");
      const int unit = e.value("unit", -1);
      const int goal = e.value("goal", 0);
      if ((what == "heavy casualty test" || what == "suppression test") && engaged.count(unit))
        fail(i,
             fmt::format("SHOOT-31/33: unit {} takes a {} while in mêlée this turn", unit, what));
      if ((rule == "SHOOT-10" || rule == "MELEE-05") && goal > 5)
        fail(i, fmt::format("{}: to-hit goal {} above the cap of 5", rule, goal));
      if (what == "activation" && e.value("condition", "") == "normal") {
        int successes = 0;
        for (const int face : e.at("dice")) successes += face <= goal && face != 6 ? 1 : 0;
        if (e.at("action_points").get<int>() != successes)
          fail(i, fmt::format("ACT-06: {} AP from dice {} at goal {}",
                              e.at("action_points").get<int>(), e.at("dice").dump(), goal));
      }
      if (rule == "CHARGE-15" && once_per_turn[e.value("weapon", "")])
        heavy_firings[unit].insert(last_action);
      if (rule == "MELEE-05") {
        if (e.at("dice").size() < e.at("attacks").get<std::size_t>())
          fail(i, "MELEE-05: fewer dice than attacks");
      }
      if (what == "break-off move" || what == "hit and run move") {
        for (const int foe : e.value("left", std::vector<int>{})) {
          const bool unit_phasing = setup.units[unit].side == phasing;
          // The units left are bound only when no other fight holds them, which the log does not
          // show; the breaker always is, until its next player turn is over.
          parted.push_back({unit, foe, unit_phasing ? 3 : 2});
        }
      }
    }
    for (const auto& [unit, firings] : heavy_firings)
      if (firings.size() > 1)
        fail(i, fmt::format("SHOOT-06: unit {} fires a heavy weapon twice this turn", unit));
    for (auto& [unit, firings] : heavy_firings)
      if (firings.size() > 1) firings.erase(std::next(firings.begin()), firings.end());
  }
  return problems;
}

}  // namespace arap::test
