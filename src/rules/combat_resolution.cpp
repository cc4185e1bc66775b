#include "rules/combat_resolution.hpp"

#include <algorithm>

namespace arap::rules {

int striking_initiative(const InitiativeInputs& in) {
  if (in.charged_into_cover || in.krak_attack || in.strike_last) return 1;
  if (in.power_fist) return std::max(1, in.initiative - 2);
  return in.initiative;
}

int crs_modifier(const CrsInputs& in) {
  int total = in.charge_bonus;
  if (in.charged_from_uphill) total += 1;
  if (in.fights_hated) total += 1;
  total -= std::clamp(in.flank_rear_charges, 0, 3);
  total -= std::clamp(in.enemy_visage, 0, 2);  // 14f replaces 14e
  return total;
}

CombatOutcome decide_round(std::span<const CombatTally> units) {
  CombatOutcome out;
  out.rout_test.assign(units.size(), false);
  out.lost.assign(units.size(), false);
  // MELEE-13: a side that wiped out every opponent wins outright; nobody is left to test.
  std::vector<int> sides;
  for (const auto& u : units) {
    if (std::find(sides.begin(), sides.end(), u.side) == sides.end()) sides.push_back(u.side);
  }
  std::vector<int> standing;
  for (const int side : sides) {
    const bool any = std::any_of(units.begin(), units.end(), [&](const CombatTally& u) {
      return u.side == side && !u.destroyed;
    });
    if (any) standing.push_back(side);
  }
  if (standing.size() <= 1) {
    out.winning_side = standing.empty() ? -1 : standing.front();
    for (std::size_t i = 0; i < units.size(); ++i)
      out.lost[i] = standing.empty() || units[i].side != out.winning_side;
    return out;
  }
  if (units.size() == 2) {
    const int a = units[0].score();
    const int b = units[1].score();
    if (a == b) return out;  // another round next player turn
    const std::size_t loser = a < b ? 0 : 1;
    out.lost[loser] = true;
    out.rout_test[loser] = !units[loser].destroyed;
    return out;
  }
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].destroyed || units[i].score() >= 0) continue;
    out.lost[i] = true;
    out.rout_test[i] = true;
  }
  return out;
}

int no_retreat_wounds(std::span<const CombatTally> units, std::size_t loser) {
  const int lost_by =
      units.size() == 2 ? units[1 - loser].score() - units[loser].score() : -units[loser].score();
  return std::max(1, lost_by);
}

int rout_test_target(int leadership, int wound_difference, RoutCap rule) {
  const int modifier = rule == RoutCap::symmetric ? std::clamp(wound_difference, -3, 3)
                                                  : std::max(wound_difference, -3);
  return leadership + modifier;
}

PursuitDecision pursuit_decision(const PursuitInputs& in) {
  if (in.still_locked) return PursuitDecision::cannot;
  if (in.frenzied) return in.terrain_feature ? PursuitDecision::test : PursuitDecision::must_pursue;
  if (in.terrain_feature || in.basic_move <= 3) return PursuitDecision::may_stay;
  return PursuitDecision::test;
}

int enemy_visage(int with_visage, int without_visage, bool greater_daemon) {
  if (greater_daemon) return 2;
  if (with_visage == 0) return 0;
  return without_visage == 0 ? 2 : 1;
}

int pursuit_control_target(int leadership, bool hated_enemy) {
  return leadership - (hated_enemy ? 1 : 0);
}

KrakResult read_krak_attack(int face, bool target_has_weapon_skill, int success_goal) {
  if (face <= success_goal) return KrakResult::hit;
  if (face == 6 && target_has_weapon_skill) return KrakResult::self_hit;
  return KrakResult::miss;
}

int krak_success_goal(bool war_veteran_against_tyranid) {
  return war_veteran_against_tyranid ? 4 : 1;  // ADV-63: 2.3's "3+" read as a low roll
}

NoFearRollOff no_fear_roll_off(int marines_total, int foe_total) {
  return marines_total > foe_total ? NoFearRollOff::flinch : NoFearRollOff::stand;
}

}  // namespace arap::rules
