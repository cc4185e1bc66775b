#include "game/state.hpp"

#include "game/context.hpp"
#include "rules/activation.hpp"

#include <algorithm>
#include <array>

namespace arap::game {

int GameState::side_deciding() const {
  switch (phase) {
    case Phase::pick_up:
    case Phase::reaction:
      return (phasing + 1) % setup->sides;
    case Phase::charge_response:
      return setup->units[charge_target].side;
    case Phase::interception:
      return setup->units[charge_progress.interceptor].side;
    case Phase::fire_response:
      return setup->units[pending_fire.target].side;
    case Phase::melee_choice: {
      const int unit = melee_chooser();
      return unit >= 0 ? setup->units[unit].side : phasing;
    }
    case Phase::consolidation: {
      const int unit = consolidator();
      return unit >= 0 ? setup->units[unit].side : phasing;
    }
    default:
      return phasing;
  }
}

double GameState::unit_move(int unit) const {
  double move = setup->units[unit].move;
  if (setup->on_foot.empty()) return move;
  for (int m : members(unit))
    if (models[m].pose.alive && models[m].dismounted) move = std::min(move, info(m).move);
  return move;
}

std::optional<int> GameState::armour_save(int model) const {
  if (models[model].armour_shed) return std::nullopt;  // ADV-11
  return info(model).profile->save;
}

data::Shield GameState::shield(int model) const {
  if (models[model].shield_dropped) return data::Shield::none;  // ADV-11
  return info(model).kit.shield;
}

bool GameState::unit_alive(int unit) const {
  if (units[unit].fled) return false;
  for (int m : members(unit)) {
    if (models[m].pose.alive) return true;
  }
  return false;
}

int GameState::leader_of(int unit) const {
  // GEN-09: a part away from its leader gets nothing from him.
  const int leader = setup->units[unit].leader_model;
  return leader >= 0 && models[leader].pose.alive && models[leader].pose.unit == unit ? leader : -1;
}

namespace {

// The value of `characteristic` (a profile's, 0 to 15) most of `unit`'s living members share, the
// lower on a tie (the least-advantage reading, MORALE-03 and ACT-05); -1 with none living.
template <typename Characteristic>
int most_common(const GameState& s, int unit, Characteristic characteristic) {
  std::array<int, 16> count{};
  for (int m : s.members(unit)) {
    if (s.models[m].pose.alive) ++count[std::clamp(characteristic(*s.info(m).profile), 0, 15)];
  }
  int best = -1;
  for (int k = 0; k < 16; ++k) {
    if (count[k] > 0 && (best < 0 || count[k] > count[best])) best = k;
  }
  return best;
}

}  // namespace

int GameState::leadership(int unit) const {
  const auto& info = setup->units[unit];
  int ld = info.leadership;
  if (const int leader = leader_of(unit); leader >= 0) {
    ld = setup->models[leader].profile->leadership;
  } else if (const int common =
                 most_common(*this, unit, [](const data::Profile& p) { return p.leadership; });
             common >= 0) {
    ld = common;
  }
  // MORALE-03 / ADV-19: a joined Independent Character with a higher Ld lends it to the unit.
  if (units[unit].guests != 0)
    for (int m : members(unit))
      if (models[m].pose.alive && setup->units[setup->models[m].unit].character)
        ld = std::max(ld, setup->models[m].profile->leadership);
  return ld;
}

int GameState::activation_value(int unit) const {
  // ACT-05: from the leader's Initiative while he lives; then from the Initiative most of the
  // living models share (the lower on a tie, the least-advantage reading, as for MORALE-03).
  const auto& info = setup->units[unit];
  if (const int leader = leader_of(unit); leader >= 0)
    return rules::activation_value(setup->models[leader].profile->initiative);
  const int best = most_common(*this, unit, [](const data::Profile& p) { return p.initiative; });
  return best >= 0 ? rules::activation_value(best) : info.activation_value;
}

int GameState::living_models(int unit) const {
  int alive = 0;
  for (int m : members(unit)) {
    alive += models[m].pose.alive ? 1 : 0;
  }
  return alive;
}

table::PointBox GameState::living_box(int unit) const {
  table::PointBox box;
  for (int m : members(unit))
    if (models[m].pose.alive) box.add(models[m].pose.position);
  return box;
}

table::PointBox GameState::living_box(int unit, const std::vector<table::TableModel>& poses) const {
  table::PointBox box;
  for (int m : members(unit))
    if (poses[m].alive) box.add(poses[m].position);
  return box;
}

int GameState::melee_chooser() const {
  for (int pass = 0; pass < setup->sides; ++pass) {
    const int side = (phasing + pass) % setup->sides;
    for (int u = 0; u < static_cast<int>(units.size()); ++u) {
      if (setup->units[u].side == side && units[u].locked != 0 &&
          units[u].melee_choice == MeleeChoice::undecided && unit_alive(u))
        return u;
    }
  }
  return -1;
}

int GameState::consolidator() const {
  for (int pass = 0; pass < setup->sides; ++pass) {
    const int side = (phasing + pass) % setup->sides;
    for (int u = 0; u < static_cast<int>(units.size()); ++u) {
      if (setup->units[u].side == side && units[u].consolidation > 0 && unit_alive(u)) return u;
    }
  }
  return -1;
}

std::vector<table::TableModel> GameState::table_models() const {
  std::vector<table::TableModel> result;
  table_models(result);
  return result;
}

void GameState::table_models(std::vector<table::TableModel>& out) const {
  out.resize(models.size());
  for (std::size_t m = 0; m < models.size(); ++m) out[m] = models[m].pose;
}

GameState initial_state(const GameSetup& setup, std::uint64_t seed) {
  GameState state;
  state.setup = &setup;
  state.dice = dice::RandomDice(seed);
  state.doors_open = static_cast<std::uint8_t>(setup.scenario.table.doors_open());  // ACT-16
  for (std::size_t u = 0; u < setup.scenario.units.size(); ++u) {
    for (const auto& placed : setup.scenario.units[u].models) {
      ModelState model;
      model.pose = placed.pose;
      model.wounds_left = static_cast<std::int16_t>(placed.profile->wounds);
      // ADV-22 (option separate_mounts): the mount is a body of its own, with its own wounds.
      if (setup.models[state.models.size()].on_foot >= 0)
        model.mount_wounds_left = static_cast<std::int16_t>(placed.group->mount->wounds);
      state.models.push_back(model);
    }
    UnitState unit;
    unit.strength_at_turn_end = static_cast<std::int16_t>(setup.units[u].model_count);
    if (setup.scenario.units[u].reserve_from > 0) {
      unit.in_reserve = true;  // its models wait off the table, alive but not on it
      for (int m = setup.units[u].first_model;
           m < setup.units[u].first_model + setup.units[u].model_count; ++m)
        state.models[m].pose.alive = false;
    }
    state.units.push_back(unit);
    // ADV-15: the unit sets out carrying its portable ladder.
    if (setup.scenario.units[u].ladder && setup.options.portable_ladders) {
      PortableLadder ladder;
      ladder.carrier = static_cast<std::int16_t>(u);
      state.portable_ladders.push_back(ladder);
    }
  }
  // GEN-09: the sub-unit slots start empty (a split fills them).
  state.units.resize(setup.units.size());
  // ADV-21: the game opens in the scenario's rain; those without infra-vision see only so far.
  if (setup.options.weather) {
    state.rain = static_cast<std::int8_t>(setup.options.rain);
    detail::set_rain_sight(state);
  }
  return state;
}

}  // namespace arap::game
