#include "ai/agents.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "game/context.hpp"
#include "table/geometry.hpp"

namespace arap::ai {

using game::Action;
using game::ActionKind;
using game::GameState;
using game::Phase;

namespace {

int acting_unit(const GameState& s) {
  return s.phase == Phase::reaction ? s.reactions[0].unit : s.active_unit;
}

// Units' centres, each measured at most once per proposal round (several proposals need one).
class Centres {
 public:
  explicit Centres(const GameState& s) : state_(s), at_(s.units.size()), known_(s.units.size()) {}
  const table::Point& operator[](int unit) const {
    if (!known_[unit]) {
      at_[unit] = game::detail::unit_centre(state_, unit);
      known_[unit] = 1;
    }
    return at_[unit];
  }

 private:
  const GameState& state_;
  mutable std::vector<table::Point> at_;
  mutable std::vector<char> known_;
};

Action move_toward(const Centres& centres, int unit, const table::Point& goal, double inches,
                   table::MoveMode mode, ActionKind kind = ActionKind::move) {
  const table::Point from = centres[unit];
  const table::Point d = goal - from;
  const double len = table::length(d);
  Action a;
  a.kind = kind;
  a.unit = unit;
  a.mode = mode;
  const double step = len > 0 ? std::min(inches, len) / len : 0.0;
  a.dx = std::round(d.x * step * 100.0) / 100.0;
  a.dy = std::round(d.y * step * 100.0) / 100.0;
  return a;
}

// The nearest living enemy unit by centre (proposals only need a direction, not a rule's range).
int nearest_enemy_by_centre(const GameState& s, const Centres& centres, int unit,
                            table::Point& where) {
  const table::Point from = centres[unit];
  int best = -1;
  double best_d = 1e18;
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (s.setup->units[v].side == s.setup->units[unit].side || !s.unit_alive(v)) continue;
    const table::Point d = centres[v] - from;
    if (table::dot(d, d) < best_d) {
      best_d = table::dot(d, d);
      best = v;
      where = centres[v];
    }
  }
  return best;
}

}  // namespace

std::vector<Action> proposals(const GameState& s) {
  std::vector<Action> out;
  const auto& setup = *s.setup;
  const int side = s.side_deciding();
  out.reserve(8 + 5 * s.units.size());
  const Centres centres(s);
  switch (s.phase) {
    case Phase::activation: {
      out.push_back(game::make_action(ActionKind::end_phase));
      for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
        // Units that could neither activate nor move freely (ACT-03/04, MELEE-23/29) are left
        // out rather than proposed and refused: the legal set is the same, found sooner.
        const auto& us = s.units[u];
        if (setup.units[u].side != side || !s.unit_alive(u) || us.routing || us.rout_pending ||
            us.locked != 0 || us.pursuing >= 0)
          continue;
        if (!us.attempted) {
          for (int dice = 1; dice <= 3; ++dice) {
            Action a = game::make_action(ActionKind::activate);
            a.unit = u;
            a.dice = dice;
            out.push_back(a);
          }
        }
        table::Point there;
        if (!us.free_moved && nearest_enemy_by_centre(s, centres, u, there) >= 0) {
          out.push_back(move_toward(centres, u, there, setup.units[u].move, table::MoveMode::normal,
                                    ActionKind::free_move));
        }
      }
      break;
    }
    case Phase::pick_up: {
      out.push_back(game::make_action(ActionKind::decline_pick_up));
      for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
        if (setup.units[u].side != side || !s.unit_alive(u)) continue;  // ACT-08: its own units
        Action a = game::make_action(ActionKind::pick_up);
        a.picks[0] = {u, std::min<int>(3, s.failed_dice)};
        a.pick_count = 1;
        out.push_back(a);
      }
      break;
    }
    case Phase::active:
    case Phase::reaction: {
      const int unit = acting_unit(s);
      Action end = game::make_action(ActionKind::end_activation);
      end.unit = unit;
      out.push_back(end);
      for (const auto kind :
           {ActionKind::aim, ActionKind::go_prone, ActionKind::stand_up, ActionKind::hide}) {
        Action a = game::make_action(kind);
        a.unit = unit;
        out.push_back(a);
      }
      const double move = setup.units[unit].move;
      table::Point there;
      if (nearest_enemy_by_centre(s, centres, unit, there) >= 0) {
        out.push_back(move_toward(centres, unit, there, move, table::MoveMode::normal));
        out.push_back(move_toward(centres, unit, there, 6.0, table::MoveMode::tactical));
        out.push_back(move_toward(centres, unit, there, move / 2.0, table::MoveMode::crawl));
        out.push_back(move_toward(centres, unit, there, move, table::MoveMode::jump));
        out.push_back(move_toward(centres, unit, there, move, table::MoveMode::climb));
      }
      for (int dir = 0; dir < 4; ++dir) {
        Action a = game::make_action(ActionKind::move);
        a.unit = unit;
        const table::Point v = table::heading_vector(90.0 * dir) * move;
        a.dx = std::round(v.x * 100.0) / 100.0;
        a.dy = std::round(v.y * 100.0) / 100.0;
        out.push_back(a);
      }
      for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
        if (setup.units[v].side == setup.units[unit].side || !s.unit_alive(v)) continue;
        for (const bool heavy : {false, true}) {
          Action a = game::make_action(ActionKind::shoot);
          a.unit = unit;
          a.target = v;
          a.heavy = heavy;
          out.push_back(a);
        }
        Action grenade = game::make_action(ActionKind::throw_grenade);
        grenade.unit = unit;
        grenade.target = v;
        out.push_back(grenade);
        for (const bool fire : {false, true}) {
          Action charge = game::make_action(ActionKind::charge);
          charge.unit = unit;
          charge.target = v;
          charge.fire = fire;
          out.push_back(charge);
        }
      }
      break;
    }
    case Phase::charge_response:
      for (const auto kind : {ActionKind::hold, ActionKind::stand_and_fire, ActionKind::run})
        out.push_back(game::make_action(kind, s.charge_target));
      break;
    case Phase::melee_choice:
      for (const auto kind : {ActionKind::fight, ActionKind::break_off, ActionKind::hit_and_run})
        out.push_back(game::make_action(kind, s.melee_chooser()));
      out.push_back(game::make_action(ActionKind::fight, s.melee_chooser()));
      out.back().krak = true;  // MELEE-26
      break;
    case Phase::interception:
      for (const auto kind : {ActionKind::intercept, ActionKind::let_pass})
        out.push_back(game::make_action(kind, s.charge_progress.interceptor));
      break;
    case Phase::game_over:
      break;
  }
  return out;
}

namespace {

// A rough measure of a unit's strength in mêlée: attacks weighted by skill and Strength.
int melee_power(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  int power = 0;
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
    if (!s.models[m].pose.alive) continue;
    const auto& p = *s.setup->models[m].profile;
    power += p.attacks * (p.weapon_skill + p.strength);
  }
  return power;
}

}  // namespace

std::vector<Action> candidate_actions(const GameState& s) {
  std::vector<Action> legal;
  for (const auto& a : proposals(s)) {
    if (game::is_legal(s, a)) legal.push_back(a);
  }
  return legal;
}

Action RandomAgent::choose(const GameState& state, dice::Xoshiro256pp& rng) {
  // Uniform over the legal proposals by rejection: draw, check, discard the illegal ones.
  auto options = proposals(state);
  while (!options.empty()) {
    const std::size_t pick = rng() % options.size();
    if (game::is_legal(state, options[pick])) return options[pick];
    options[pick] = options.back();
    options.pop_back();
  }
  throw std::logic_error("no legal action to choose from");
}

Action GreedyAgent::choose(const GameState& s, dice::Xoshiro256pp& rng) {
  // The proposals are checked only as far as the preferences below need: the same choice as
  // checking them all first, for a fraction of the work.
  const auto options = proposals(s);
  std::vector<signed char> known(options.size(), -1);
  const auto legal = [&](std::size_t i) {
    if (known[i] < 0) known[i] = game::is_legal(s, options[i]) ? 1 : 0;
    return known[i] == 1;
  };
  const auto first_of = [&](ActionKind kind) -> const Action* {
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (options[i].kind == kind && legal(i)) return &options[i];
    }
    return nullptr;
  };
  switch (s.phase) {
    case Phase::activation: {
      // Two dice: a fair balance of action points against the chance of a bust (ACT-07).
      for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].kind == ActionKind::activate && options[i].dice == 2 && legal(i))
          return options[i];
      }
      if (const Action* a = first_of(ActionKind::free_move)) return *a;
      if (const Action* a = first_of(ActionKind::end_phase)) return *a;
      break;
    }
    case Phase::pick_up:
      if (const Action* a = first_of(ActionKind::pick_up)) return *a;
      if (const Action* a = first_of(ActionKind::decline_pick_up)) return *a;
      break;
    case Phase::charge_response:
      if (const Action* a = first_of(ActionKind::stand_and_fire)) return *a;
      if (const Action* a = first_of(ActionKind::hold)) return *a;
      break;
    case Phase::melee_choice:
      if (const Action* a = first_of(ActionKind::fight)) return *a;
      break;
    case Phase::interception: {
      // Intercept only Chargers it outfights.
      const bool outfights =
          melee_power(s, s.charge_progress.interceptor) > melee_power(s, s.charging_unit);
      if (const Action* a = first_of(outfights ? ActionKind::intercept : ActionKind::let_pass))
        return *a;
      break;
    }
    case Phase::active:
    case Phase::reaction: {
      // Charge a unit it outfights; otherwise shoot.
      for (std::size_t i = 0; i < options.size(); ++i) {
        const Action& a = options[i];
        if (a.kind == ActionKind::charge &&
            melee_power(s, a.unit) > melee_power(s, a.target) + melee_power(s, a.target) / 2 &&
            legal(i))
          return a;
      }
      // Shoot the weakest unit in reach (fewest living models), heavy weapons first.
      const Action* best = nullptr;
      int best_score = std::numeric_limits<int>::max();
      for (std::size_t i = 0; i < options.size(); ++i) {
        const Action& a = options[i];
        if (a.kind != ActionKind::shoot && a.kind != ActionKind::throw_grenade) continue;
        const int score = s.living_models(a.target) * 4 - (a.heavy ? 2 : 0) +
                          (a.kind == ActionKind::throw_grenade ? 1 : 0);
        if (score < best_score && legal(i)) {
          best_score = score;
          best = &a;
        }
      }
      if (best != nullptr) return *best;
      for (std::size_t i = 0; i < options.size(); ++i) {
        if (options[i].kind == ActionKind::move && options[i].mode == table::MoveMode::normal &&
            legal(i))
          return options[i];
      }
      if (const Action* a = first_of(ActionKind::stand_up)) return *a;
      std::vector<Action> all;
      for (std::size_t i = 0; i < options.size(); ++i)
        if (legal(i)) all.push_back(options[i]);
      if (!all.empty()) return all[rng() % all.size()];
      break;
    }
    case Phase::game_over:
      break;
  }
  for (std::size_t i = 0; i < options.size(); ++i)
    if (legal(i)) return options[i];
  throw std::logic_error("no legal action to choose from");
}

std::unique_ptr<Agent> make_agent(const std::string& name) {
  if (name == "random") return std::make_unique<RandomAgent>();
  if (name == "greedy") return std::make_unique<GreedyAgent>();
  throw std::invalid_argument("unknown agent \"" + name + "\" (random or greedy)");
}

}  // namespace arap::ai
