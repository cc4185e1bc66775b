// Agents that play through the engine's door alone (game/engine.hpp): what they may do comes from
// legal_actions, where a unit goes from plan_move; nothing here repeats an eligibility rule.
#include "ai/agents.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "ai/search.hpp"
#include "ai/tactician.hpp"
#include "data/data_error.hpp"
#include "data/yaml_reader.hpp"
#include "table/geometry.hpp"

namespace arap::ai {

using game::Action;
using game::ActionKind;
using game::GameState;
using game::Phase;

namespace {

// The nearest living enemy unit by centre, or -1.
int nearest_enemy(const GameState& s, int unit, table::Point& where) {
  const table::Point from = game::unit_centre(s, unit);
  int best = -1;
  double best_d = std::numeric_limits<double>::infinity();
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    if (s.setup->units[v].side == s.setup->units[unit].side || !s.unit_alive(v)) continue;
    const table::Point at = game::unit_centre(s, v);
    const double d = table::distance(at, from);
    if (d < best_d) {
      best_d = d;
      best = v;
      where = at;
    }
  }
  return best;
}

// A rough measure of a unit's strength in mêlée: attacks weighted by skill and Strength.
int melee_power(const GameState& s, int unit) {
  int power = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const auto& p = *s.info(m).profile;
    power += p.attacks * (p.weapon_skill + p.strength);
  }
  return power;
}

// ADV-26: the greedy agent aims a deep strike this far from the nearest enemy: close enough to
// charge or fire next, far enough that the scatter (2 to 12 inches) seldom lands it on them.
constexpr double kGreedyDropGap = 12.0;

// The planned move of `unit` toward the nearest enemy, if it gets anywhere (or its closing ranks).
std::optional<Action> close_in(const GameState& s, int unit, bool free_move) {
  // GEN-09 / ADV-19: a unit out of coherency closes ranks before it moves on.
  if (!game::unit_coherent(s, unit)) {
    Action close = game::make_action(free_move ? ActionKind::free_move : ActionKind::move, unit);
    close.mode = table::MoveMode::close_ranks;
    if (game::is_legal(s, close)) return close;
  }
  table::Point there;
  if (nearest_enemy(s, unit, there) < 0) return std::nullopt;
  const game::MovePlan plan =
      game::plan_move(s, unit, table::MoveMode::normal, there, free_move, false);
  if (!plan.possible || plan.inches < 0.25) return std::nullopt;
  return plan.action;
}

}  // namespace

double drop_gap(const GameState& s, const Action& a) {
  const int side = s.setup->units[a.unit].side;
  const table::Point at{a.dx, a.dy};
  double best = std::numeric_limits<double>::infinity();
  for (const auto& model : s.models)
    if (model.pose.alive && model.pose.side != side)
      best = std::min(best, table::distance(model.pose.position, at));
  return best;
}

Action RandomAgent::choose(const GameState& state, dice::Xoshiro256pp& rng) {
  const auto options = game::legal_actions(state);
  if (options.empty()) throw std::logic_error("no legal action to choose from");
  return options[rng() % options.size()];
}

Action GreedyAgent::choose(const GameState& s, dice::Xoshiro256pp& rng) {
  // Every kind but the moves comes from legal_actions; the one move the greedy agent makes is
  // planned toward the nearest enemy.
  // It never wastes a shot (ADV-33): it shoots only what its weapons reach; and it never splits
  // its fire (ADV-32): each shot is at one unit.
  // Each decision asks for the kinds it wants in its order of preference, each only when the
  // ones before gave nothing, so the answer is the one a full listing would give, at the cost of
  // the kinds it needs.
  constexpr game::KindSet kNoMoves = game::kAllKinds & ~game::kind_bit(ActionKind::move) &
                                     ~game::kind_bit(ActionKind::free_move) & ~game::kWastedShots &
                                     ~game::kSplitShots;
  const auto listed = [&](std::initializer_list<ActionKind> wanted) {
    game::KindSet set = 0;
    for (const ActionKind k : wanted) set |= game::kind_bit(k);
    return game::legal_actions(s, set);
  };
  const auto first = [&](ActionKind kind) -> std::optional<Action> {
    auto options = listed({kind});
    if (options.empty()) return std::nullopt;
    return options.front();
  };
  switch (s.phase) {
    case Phase::activation: {
      // ADV-26: a deep strike aims for the point nearest kGreedyDropGap from the enemy.
      const auto drops = listed({ActionKind::deep_strike});
      const Action* drop = nullptr;
      for (const auto& a : drops) {
        if (drop == nullptr || std::abs(drop_gap(s, a) - kGreedyDropGap) <
                                   std::abs(drop_gap(s, *drop) - kGreedyDropGap))
          drop = &a;
      }
      if (drop != nullptr) return *drop;
      // Two dice: a fair balance of action points against the chance of a bust (ACT-07).
      const auto activations = listed({ActionKind::activate});
      for (const auto& a : activations)
        if (a.dice == 2) return a;
      if (!activations.empty()) return activations.front();
      for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
        if (s.setup->units[u].side != s.phasing) continue;
        Action probe = game::make_action(ActionKind::free_move, u);
        if (!game::is_legal(s, probe)) {
          probe.mode = table::MoveMode::close_ranks;  // ADV-19: a split unit's free move
          if (!game::is_legal(s, probe)) continue;
        }
        if (auto move = close_in(s, u, true)) return *move;
      }
      if (auto a = first(ActionKind::end_phase)) return *a;
      break;
    }
    case Phase::pick_up: {
      // All the dice on offer, to the first unit that may take them (ACT-08): the first such
      // pick a listing would give, asked of each unit in turn.
      Action all = game::make_action(ActionKind::pick_up);
      all.pick_count = 1;
      for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
        all.picks[0] = {u, std::min<int>(3, s.failed_dice)};
        if (game::is_legal(s, all)) return all;
      }
      if (auto a = first(ActionKind::decline_pick_up)) return *a;
      break;
    }
    case Phase::charge_response:
      if (auto a = first(ActionKind::stand_and_fire)) return *a;
      if (auto a = first(ActionKind::hold)) return *a;
      break;
    case Phase::fire_response:  // ADV-01: it keeps its activation for its own turn
      if (auto a = first(ActionKind::stay_up)) return *a;
      break;
    case Phase::melee_choice:
      for (const auto& a : listed({ActionKind::fight}))
        if (!a.krak) return a;
      break;
    case Phase::interception: {
      // Intercept only Chargers it outfights.
      const bool outfights =
          melee_power(s, s.charge_progress.interceptor) > melee_power(s, s.charging_unit);
      if (auto a = first(outfights ? ActionKind::intercept : ActionKind::let_pass)) return *a;
      break;
    }
    case Phase::active:
    case Phase::reaction: {
      // Charge a unit it outfights; otherwise shoot. Only the charges it would make are put to
      // the engine, in the listing's order (enemy units by index), so the first legal one is the
      // charge a listing of charges would have given first; the rest of the listing's charge
      // checks (CHARGE-01..10, the dearest of its tests) are not paid for.
      const int unit = game::pending(s).unit;
      const int power = melee_power(s, unit);
      for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
        if (s.setup->units[v].side == s.setup->units[unit].side || !s.unit_alive(v)) continue;
        const int foe = melee_power(s, v);
        if (power <= foe + foe / 2) continue;
        Action charge = game::make_action(ActionKind::charge, unit);
        charge.target = v;
        if (game::is_legal(s, charge)) return charge;
      }
      // Shoot the weakest unit in reach (fewest living models), heavy weapons first.
      const auto fire = listed({ActionKind::shoot, ActionKind::throw_grenade});
      std::vector<std::pair<int, const Action*>> shots;
      for (const auto& a : fire) {
        shots.emplace_back(s.living_models(a.target) * 4 - (a.heavy ? 2 : 0) +
                               (a.kind == ActionKind::throw_grenade ? 1 : 0),
                           &a);
      }
      std::stable_sort(shots.begin(), shots.end(),
                       [](const auto& x, const auto& y) { return x.first < y.first; });
      // Every shot listed fires: wasted ones (ADV-33, no weapon reaching) are not asked for.
      if (!shots.empty()) return *shots.front().second;
      // ADV-30: nothing to fire, but spent Reload weapons to ready.
      if (auto a = first(ActionKind::reload)) return *a;
      if (auto move = close_in(s, unit, false)) return *move;
      if (auto a = first(ActionKind::stand_up)) return *a;
      if (auto a = first(ActionKind::end_activation)) return *a;
      break;
    }
    case Phase::consolidation: {
      // ADV-68: the listed consolidation that ends nearest the nearest enemy (ready to charge).
      table::Point there;
      const int unit = game::pending(s).unit;
      if (nearest_enemy(s, unit, there) < 0) break;
      const table::Point from = game::unit_centre(s, unit);
      const Action* best = nullptr;
      double best_d = std::numeric_limits<double>::infinity();
      const auto options = listed({ActionKind::consolidate});
      for (const auto& a : options) {
        const double d = table::distance(from + table::Point{a.dx, a.dy}, there);
        if (d < best_d) best_d = d, best = &a;
      }
      if (best != nullptr) return *best;
      break;
    }
    case Phase::game_over:
      break;
  }
  // Nothing it prefers: any listed action.
  const auto options = game::legal_actions(s, kNoMoves);
  if (!options.empty()) return options[rng() % options.size()];
  throw std::logic_error("no legal action to choose from");
}

Roster Roster::load(const std::filesystem::path& data_dir) {
  const auto file = data_dir / "ai" / "tactician.yaml";
  // A data folder of one's own may have no AI file: random and greedy still play, and asking for
  // the tactician says what is missing.
  std::error_code error;
  if (!std::filesystem::exists(file, error)) {
    Roster roster;
    roster.missing_ = file.string();
    return roster;
  }
  return Roster(Personalities::load(file));
}

const Roster& Roster::basic() {
  static const Roster roster;
  return roster;
}

std::unique_ptr<Agent> Roster::make(const std::string& name) const {
  if (name == "random") return std::make_unique<RandomAgent>();
  if (name == "greedy") return std::make_unique<GreedyAgent>();
  if (personalities_ && (name == "tactician" || name.starts_with("tactician:"))) {
    const std::string personality = name == "tactician" ? "balanced" : name.substr(10);
    return std::make_unique<TacticianAgent>(personalities_->get(personality));
  }
  if (personalities_ && (name == "search" || name.starts_with("search:"))) {
    if (personalities_->search().candidates == 0)
      throw std::invalid_argument(
          "the search agent needs a search: block in data/ai/tactician.yaml");
    const std::string personality = name == "search" ? "balanced" : name.substr(7);
    return std::make_unique<SearchAgent>(personalities_->get(personality),
                                         personalities_->search());
  }
  if (personalities_) {
    // A difficulty level, alone ("easy") or with a personality ("hard:aggressive").
    const auto colon = name.find(':');
    if (const DifficultyLevel* level = personalities_->level(name.substr(0, colon))) {
      const std::string personality =
          colon == std::string::npos ? "balanced" : name.substr(colon + 1);
      if (level->agent == "tactician")
        return std::make_unique<TacticianAgent>(personalities_->get(personality), level->blunder,
                                                level->name);
      SearchSettings settings = personalities_->search();
      if (level->think_seconds > 0.0 && !think_set_) settings.think_seconds = level->think_seconds;
      return std::make_unique<SearchAgent>(personalities_->get(personality), settings, level->name);
    }
  }
  std::string known;
  const auto all = names();
  for (const auto& n : all) known += (known.empty() ? "" : ", ") + n;
  const std::vector<std::string_view> words(all.begin(), all.end());
  std::string missing;
  if (!missing_.empty())
    missing = "; the tactician, the search agent and the difficulty levels need " + missing_ +
              ", which this data folder lacks";
  throw std::invalid_argument("unknown agent \"" + name + "\"" + data::did_you_mean(name, words) +
                              " (" + known + ")" + missing);
}

namespace {

// A seat's agent must be one the roster can make; the refusal names the scenario's line and field.
void check_seat(const Roster& roster, const table::Side& side) {
  if (side.ai.empty()) return;
  try {
    roster.make(side.ai);
  } catch (const std::invalid_argument& error) {
    throw data::DataError(side.ai_where, side.ai_field, error.what());
  }
}

}  // namespace

std::string Roster::seat(const table::Scenario& scenario, std::size_t side,
                         const std::string& chosen, const std::string& fallback) const {
  if (!chosen.empty()) return chosen;
  if (side >= scenario.sides.size() || scenario.sides[side].ai.empty()) return fallback;
  check_seat(*this, scenario.sides[side]);
  return scenario.sides[side].ai;
}

void Roster::check_seats(const table::Scenario& scenario) const {
  for (const auto& side : scenario.sides) check_seat(*this, side);
}

void Roster::set_search(std::optional<double> think_seconds, std::optional<int> iterations,
                        int threads) {
  if (!personalities_) return;
  auto& k = personalities_->search();
  if (think_seconds) k.think_seconds = *think_seconds, think_set_ = true;
  if (iterations) k.iterations = *iterations;
  k.threads = std::max(1, threads);
}

std::vector<std::string> Roster::names() const {
  std::vector<std::string> out{"random", "greedy"};
  if (personalities_) {
    out.emplace_back("tactician");
    for (const auto& p : personalities_->names())
      if (p != "balanced") out.push_back("tactician:" + p);
    if (personalities_->search().candidates > 0) out.emplace_back("search");
    for (const auto& level : personalities_->levels()) out.push_back(level.name);
  }
  return out;
}

std::unique_ptr<Agent> make_agent(const std::string& name) {
  return Roster::basic().make(name);
}

}  // namespace arap::ai
