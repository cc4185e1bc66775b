#include "ai/match.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "ai/agents.hpp"

namespace arap::ai {

MatchResult play_match(const game::GameSetup& setup, std::uint64_t seed,
                       const std::vector<std::string>& agent_names, bool keep_log, int max_actions,
                       const Roster& roster) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& name : agent_names) agents.push_back(roster.make(name));
  MatchResult result;
  result.record = game::record_for(setup, seed);
  game::GameState state = game::initial_state(setup, seed);
  dice::Xoshiro256pp choices = dice::Xoshiro256pp::for_stream(seed, 0x5eedULL);
  game::EventLog* log = keep_log ? &result.log : nullptr;
  for (int i = 0; i < max_actions && state.phase != game::Phase::game_over; ++i) {
    const int side = state.side_deciding();
    Agent& agent = *agents[side % agents.size()];
    const game::Action action = agent.choose(state, choices);
    if (log != nullptr) {
      if (auto why = agent.explanation(); !why.is_null()) log->push_back(std::move(why));
    }
    const std::string reason = game::apply(state, action, log);
    if (!reason.empty()) throw std::logic_error("agent chose an illegal action: " + reason);
    result.record.actions.push_back(action);
  }
  result.winner = state.winner;
  result.turns = state.turn;
  result.score.assign(state.score.begin(), state.score.begin() + setup.sides);
  result.final_state = std::move(state);
  return result;
}

nlohmann::json SimulationSummary::to_json(const std::vector<std::string>& side_names) const {
  nlohmann::json wins_json = nlohmann::json::object();
  nlohmann::json score_json = nlohmann::json::object();
  for (std::size_t side = 0; side < wins.size(); ++side) {
    wins_json[side_names[side]] = wins[side];
    score_json[side_names[side]] = mean_score[side];
  }
  return {{"games", games},         {"wins", wins_json},        {"draws", draws},
          {"scoreless", scoreless}, {"mean_turns", mean_turns}, {"mean_score", score_json}};
}

SimulationSummary simulate(const game::GameSetup& setup, int games, std::uint64_t seed,
                           const std::vector<std::string>& agents, int jobs, bool sign_logs,
                           const std::function<void(int)>& progress, const Roster& roster) {
  struct Outcome {
    int winner = -1;
    int turns = 0;
    std::vector<int> score;
    std::uint64_t signature = 0;
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
        outcomes[g] = {match.winner, match.turns, match.score,
                       sign_logs ? game::log_signature(match.log) : 0};
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
  summary.games = games;
  summary.wins.assign(setup.sides, 0);
  summary.mean_score.assign(setup.sides, 0.0);
  std::uint64_t signature = 1469598103934665603ULL;
  for (const auto& o : outcomes) {
    if (o.winner >= 0) {
      ++summary.wins[o.winner];
    } else {
      ++summary.draws;
    }
    summary.mean_turns += o.turns;
    bool scored = false;
    for (int side = 0; side < setup.sides; ++side) {
      summary.mean_score[side] += o.score[side];
      scored = scored || o.score[side] != 0;
    }
    if (!scored) ++summary.scoreless;
    signature = (signature ^ o.signature) * 1099511628211ULL;
  }
  if (games > 0) {
    summary.mean_turns /= games;
    for (auto& s : summary.mean_score) s /= games;
  }
  summary.signature = signature;
  return summary;
}

}  // namespace arap::ai
