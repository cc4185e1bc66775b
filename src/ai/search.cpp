#include "ai/search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "ai/assessment.hpp"
#include "ai/tactician.hpp"
#include "game/view.hpp"

namespace arap::ai {

using game::Action;
using game::GameState;

namespace {

struct Child {
  double total = 0.0;
  int visits = 0;
};

// One playout: the candidate, then the rollout policy (greedy or the tactician) until `activations`
// activation rolls have been made or the game ends; the reward for `side` in [0, 1].
// `tactician`: the policy when the settings ask for the tactician's (null: the greedy agent).
// `memo`: the units' opportunities the tactician's policy keeps between decisions (one a search
// thread, so every option's playouts weigh activations alike).
double playout(const GameState& root, double root_value, const Action& first, int side,
               std::uint64_t seed, const TacticianWeights& w, const SearchSettings& k,
               const TacticianAgent* tactician, TacticianAgent::PlayoutMemo& memo) {
  GameState s = root;
  game::reseed(s, seed);  // safe chance: this copy's dice share nothing with the real game's
  dice::Xoshiro256pp policy_rng = dice::Xoshiro256pp::for_stream(seed, 0x9011);
  if (!game::apply(s, first, nullptr).empty()) return 0.0;
  GreedyAgent greedy;
  int activations = 0;
  for (int step = 0; step < 2000 && s.phase != game::Phase::game_over; ++step) {
    // The playout ends where the next activation roll would be chosen, before that choice (the
    // dearest the tactician makes) is weighed for nothing.
    if (activations == k.rollout_activations && s.phase == game::Phase::activation) break;
    const Action a = tactician ? tactician->playout_choice(s, memo, k.rollout_free_moves)
                               : greedy.choose(s, policy_rng);
    if (a.kind == game::ActionKind::activate) ++activations;
    if (!game::apply(s, a, nullptr).empty()) break;
  }
  if (s.phase == game::Phase::game_over) return s.winner == side ? 1.0 : s.winner < 0 ? 0.5 : 0.0;
  const double gain = static_value(s, side, w) - root_value;
  return 1.0 / (1.0 + std::exp(-gain / k.value_scale));
}

// How many of the ranked options may be tried after `visits` iterations (progressive widening).
int widened(int visits, int options, const SearchSettings& k) {
  const int extra = static_cast<int>(k.widening * std::sqrt(static_cast<double>(visits)));
  return std::min(options, k.candidates + extra);
}

}  // namespace

Action SearchAgent::choose(const GameState& state, dice::Xoshiro256pp& rng) {
  const auto start = std::chrono::steady_clock::now();
  const int side = state.side_deciding();
  std::vector<ScoredAction> ranked = TacticianAgent(weights_).rank(state);
  if (ranked.empty()) throw std::logic_error("no legal action to choose from");
  // Options the personality rules out are not searched (unless nothing else is open).
  const auto usable = std::find_if(ranked.begin(), ranked.end(),
                                   [](const auto& r) { return r.score <= kRuledOut; });
  const int options = std::max(1, static_cast<int>(usable - ranked.begin()));
  const std::uint64_t seed = rng();
  const double root_value = static_value(state, side, weights_);
  // One tactician for every playout and thread (rank is const and keeps nothing between calls).
  const TacticianAgent tactician(weights_);
  const TacticianAgent* policy =
      settings_.rollout_policy == SearchSettings::Rollout::tactician ? &tactician : nullptr;
  const int threads = std::max(1, settings_.threads);
  std::vector<std::vector<Child>> counts(threads, std::vector<Child>(options));
  std::vector<int> done(threads, 0);
  const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(settings_.think_seconds));
  const auto search = [&](int t) {
    auto& children = counts[t];
    TacticianAgent::PlayoutMemo memo;
    const int budget = settings_.iterations > 0
                           ? settings_.iterations / threads + (t < settings_.iterations % threads)
                           : -1;
    for (int n = 0; options > 1; ++n) {
      if (budget >= 0 ? n >= budget : std::chrono::steady_clock::now() >= deadline) break;
      const int open = widened(n, options, settings_);
      int pick = -1;
      double best = -1.0;
      for (int i = 0; i < open; ++i) {
        if (children[i].visits == 0) {
          pick = i;
          break;
        }
        // UCB1, plus a progressive bias toward the tactician's view that fades with visits.
        const double prior =
            settings_.prior * (ranked[i].score - ranked[0].score) / settings_.value_scale;
        const double ucb = children[i].total / children[i].visits +
                           settings_.exploration * std::sqrt(std::log(n) / children[i].visits) +
                           prior / (1.0 + children[i].visits);
        if (ucb > best) {
          best = ucb;
          pick = i;
        }
      }
      // Common random numbers: the k-th playout of every option gets the same dice, so options are
      // compared on the same luck and the noise of the dice mostly cancels.
      const std::uint64_t playout_seed = dice::Xoshiro256pp::for_stream(
          seed, (static_cast<std::uint64_t>(t) << 32) | children[pick].visits)();
      children[pick].total += playout(state, root_value, ranked[pick].action, side, playout_seed,
                                      weights_, settings_, policy, memo);
      ++children[pick].visits;
      done[t] = n + 1;
    }
  };
  if (threads == 1) {
    search(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(search, t);
    for (auto& thread : pool) thread.join();
  }
  std::vector<Child> total(options);
  stats_ = {};
  for (int t = 0; t < threads; ++t) {
    stats_.iterations += done[t];
    for (int i = 0; i < options; ++i) {
      total[i].total += counts[t][i].total;
      total[i].visits += counts[t][i].visits;
    }
  }
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The most visited; ties go to the better mean, then to the tactician's order.
  std::vector<int> order(options);
  for (int i = 0; i < options; ++i) order[i] = i;
  const auto mean = [&](int i) { return total[i].visits ? total[i].total / total[i].visits : 0.0; };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (total[a].visits != total[b].visits) return total[a].visits > total[b].visits;
    return mean(a) > mean(b);
  });
  nlohmann::json rows = nlohmann::json::array();
  for (int j = 0; j < std::min(3, options); ++j) {
    const int i = order[j];
    const auto& r = ranked[i];
    nlohmann::json odds = r.odds.is_object() ? r.odds : nlohmann::json::object();
    odds["visits"] = total[i].visits;
    odds["mean_result"] = mean(i);
    odds["tactician_score"] = r.score;
    rows.push_back({{"action", game::to_json(r.action)},
                    {"text", action_words(state, r.action)},
                    {"score", mean(i)},
                    {"why", fmt::format("{} playouts, {:.0f}% expected result; {}", total[i].visits,
                                        100.0 * mean(i), r.why.empty() ? "no odds" : r.why)},
                    {"odds", odds}});
  }
  explanation_ = {{"type", "ai_choice"},
                  {"agent", name()},
                  {"side", side},
                  {"phase", game::phase_name(state.phase)},
                  {"considered", ranked.size()},
                  {"iterations", stats_.iterations},
                  {"seconds", stats_.seconds},
                  {"options", std::move(rows)}};
  return ranked[order.front()].action;
}

}  // namespace arap::ai
