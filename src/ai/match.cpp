#include "ai/match.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "ai/agents.hpp"
#include "table/geometry.hpp"

namespace arap::ai {

namespace {

// Whether some objective has living, non-routing models of two sides within its radius now.
bool objective_contested(const game::GameState& s) {
  const auto& victory = s.setup->scenario.victory;
  for (const auto& objective : victory.objectives) {
    int sides = 0;
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
      const auto& pose = s.models[m].pose;
      if (!pose.alive || s.units[s.models[m].pose.unit].routing) continue;
      if (table::distance(pose.position, objective.at) <= objective.radius) sides |= 1 << pose.side;
    }
    if (sides != 0 && (sides & (sides - 1)) != 0) return true;
  }
  return false;
}

// An action that does something with the unit (beyond trying to activate or stopping).
bool acts(game::ActionKind kind) {
  using game::ActionKind;
  switch (kind) {
    case ActionKind::activate:
    case ActionKind::end_activation:
    case ActionKind::end_phase:
    case ActionKind::pick_up:
    case ActionKind::decline_pick_up:
    case ActionKind::hold:
    case ActionKind::let_pass:
      return false;
    default:
      return true;
  }
}

}  // namespace

MatchResult play_match(const game::GameSetup& setup, std::uint64_t seed,
                       const std::vector<std::string>& agent_names, bool keep_log, int max_actions,
                       const Roster& roster, bool texture) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& name : agent_names) agents.push_back(roster.make(name));
  MatchResult result;
  result.record = game::record_for(setup, seed);
  game::GameState state = game::initial_state(setup, seed);
  dice::Xoshiro256pp choices = dice::Xoshiro256pp::for_stream(seed, 0x5eedULL);
  game::EventLog* log = keep_log ? &result.log : nullptr;
  // Texture counts the scenario's units: a sub-unit's action is its squad's (GEN-09).
  std::vector<bool> acted(static_cast<std::size_t>(setup.squads()), false);
  result.decision_times.resize(setup.sides);
  for (int i = 0; i < max_actions && state.phase != game::Phase::game_over; ++i) {
    const int side = state.side_deciding();
    Agent& agent = *agents[side % agents.size()];
    const auto start = std::chrono::steady_clock::now();
    const game::Action action = agent.choose(state, choices);
    result.decision_times[side].seconds.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (log != nullptr) {
      if (auto why = agent.explanation(); !why.is_null()) log->push_back(std::move(why));
    }
    if (texture && action.kind == game::ActionKind::charge) {
      ++result.texture.charges;
      if (game::charge_reach(state, action).p_reach < 1.0 / 3.0) ++result.texture.long_shot_charges;
    }
    if (texture && acts(action.kind) && action.unit >= 0)
      acted[static_cast<std::size_t>(setup.squad_of(action.unit))] = true;
    const std::string reason = game::apply(state, action, log);
    if (!reason.empty()) throw std::logic_error("agent chose an illegal action: " + reason);
    result.record.actions.push_back(action);
    if (texture && !result.texture.objective_contested && objective_contested(state))
      result.texture.objective_contested = true;
  }
  if (texture) {
    result.texture.units = static_cast<int>(acted.size());
    result.texture.idle_units = static_cast<int>(std::count(acted.begin(), acted.end(), false));
  }
  result.finished = state.phase == game::Phase::game_over;
  result.winner = state.winner;
  result.turns = state.turn;
  result.score.assign(state.score.begin(), state.score.begin() + setup.sides);
  result.final_state = std::move(state);
  return result;
}

void DecisionTimes::add(const DecisionTimes& other) {
  seconds.insert(seconds.end(), other.seconds.begin(), other.seconds.end());
}

double DecisionTimes::quantile(double q) const {
  if (seconds.empty()) return 0.0;
  std::vector<double> sorted = seconds;
  const auto rank = static_cast<std::size_t>(std::clamp(
      std::ceil(q * static_cast<double>(sorted.size())), 1.0, static_cast<double>(sorted.size())));
  std::nth_element(sorted.begin(), sorted.begin() + (rank - 1), sorted.end());
  return sorted[rank - 1];
}

double DecisionTimes::longest() const {
  return seconds.empty() ? 0.0 : *std::max_element(seconds.begin(), seconds.end());
}

nlohmann::json DecisionTimes::to_json() const {
  const auto time = [&](double x) {
    return seconds.empty() ? nlohmann::json() : nlohmann::json(x);
  };
  return {{"decisions", seconds.size()},
          {"median", time(quantile(0.5))},
          {"p95", time(quantile(0.95))},
          {"max", time(longest())}};
}

void SimulationSummary::add(int winner, int turns, const std::vector<int>& score,
                            const Texture& texture, const std::vector<DecisionTimes>& times,
                            bool finished) {
  ++games;
  if (decision_times.size() < times.size()) decision_times.resize(times.size());
  for (std::size_t side = 0; side < times.size(); ++side) decision_times[side].add(times[side]);
  if (!finished) ++unfinished;
  if (winner >= 0) {
    ++wins[winner];
  } else {
    ++draws;
  }
  mean_turns += turns;
  bool scored = false;
  for (std::size_t side = 0; side < mean_score.size(); ++side) {
    mean_score[side] += score[side];
    scored = scored || score[side] != 0;
  }
  if (!scored) ++scoreless;
  charges += texture.charges;
  long_shot_charges += texture.long_shot_charges;
  unit_games += texture.units;
  idle_units += texture.idle_units;
  contested_games += texture.objective_contested ? 1 : 0;
}

void SimulationSummary::finish() {
  if (games == 0) return;
  mean_turns /= games;
  for (auto& s : mean_score) s /= games;
}

nlohmann::json SimulationSummary::to_json(const std::vector<std::string>& side_names) const {
  nlohmann::json wins_json = nlohmann::json::object();
  nlohmann::json score_json = nlohmann::json::object();
  for (std::size_t side = 0; side < wins.size(); ++side) {
    wins_json[side_names[side]] = wins[side];
    score_json[side_names[side]] = mean_score[side];
  }
  const auto share = [](int part, int whole) { return whole > 0 ? double(part) / whole : 0.0; };
  return {{"games", games},
          {"wins", wins_json},
          {"draws", draws},
          {"scoreless", scoreless},
          {"mean_turns", mean_turns},
          {"mean_score", score_json},
          {"texture",
           {{"charges", charges},
            {"long_shot_charges", long_shot_charges},
            {"long_shot_charge_share", share(long_shot_charges, charges)},
            {"idle_unit_share", share(idle_units, unit_games)},
            {"scoreless_share", share(scoreless, games)},
            {"objective_contested_share", share(contested_games, games)}}}};
}

SimulationSummary simulate(const game::GameSetup& setup, int games, std::uint64_t seed,
                           const std::vector<std::string>& agents, int jobs, bool sign_logs,
                           const std::function<void(int)>& progress, const Roster& roster) {
  struct Outcome {
    int winner = -1;
    int turns = 0;
    std::vector<int> score;
    std::uint64_t signature = 0;
    Texture texture;
    std::vector<DecisionTimes> times;
    bool finished = true;
  };
  std::vector<Outcome> outcomes(games);
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  std::string failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    while (!failed) {
      const int g = next++;
      if (g >= games) return;
      try {
        // One stream per game: game g's dice depend only on (seed, g).
        const std::uint64_t game_seed =
            dice::Xoshiro256pp::for_stream(seed, static_cast<std::uint64_t>(g))();
        const MatchResult match = play_match(setup, game_seed, agents, sign_logs, 20000, roster);
        outcomes[g] = {match.winner,  match.turns,
                       match.score,   sign_logs ? game::log_signature(match.log) : 0,
                       match.texture, match.decision_times,
                       match.finished};
      } catch (const std::exception& error) {
        std::lock_guard lock(failure_mutex);
        failure = error.what();
        failed = true;
      }
      const int finished = ++done;
      if (progress) progress(finished);
    }
  };
  std::vector<std::thread> threads;
  for (int j = 0; j < std::max(1, jobs); ++j) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  if (failed) throw std::runtime_error(failure);
  SimulationSummary summary;
  summary.wins.assign(setup.sides, 0);
  summary.mean_score.assign(setup.sides, 0.0);
  std::uint64_t signature = 1469598103934665603ULL;
  for (const auto& o : outcomes) {
    summary.add(o.winner, o.turns, o.score, o.texture, o.times, o.finished);
    signature = (signature ^ o.signature) * 1099511628211ULL;
  }
  summary.finish();
  summary.signature = signature;
  return summary;
}

}  // namespace arap::ai
