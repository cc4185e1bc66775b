// The search agent (issue 15): Monte Carlo tree search at the decision in hand. Its children are
// the tactician's best options, widened progressively as visits grow; each iteration applies one
// to a copy of the game with fresh dice (game::reseed: never the real future rolls), plays on with
// the greedy policy for a few activation rolls, and scores the result with the static evaluation
// (ai/assessment) as a reward in [0, 1] (a win 1, a draw 1/2, a loss 0 when the game ends). UCB1
// picks the child to try; the most visited is played. Several threads search the same root
// independently with their own seeds and their counts are added (root parallelism), so a given
// seed and iteration budget always gives the same choice.
#pragma once

#include <string>

#include "ai/agents.hpp"
#include "ai/weights.hpp"

namespace arap::ai {

class SearchAgent final : public Agent {
 public:
  // `label`: the difficulty level's name when it was made as one ("hard").
  SearchAgent(TacticianWeights weights, SearchSettings settings, std::string label = "")
      : weights_(std::move(weights)), settings_(settings), label_(std::move(label)) {}
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override {
    const std::string kind = label_.empty() ? "search" : label_;
    return weights_.name == "balanced" ? kind : kind + ":" + weights_.name;
  }
  nlohmann::json explanation() const override { return explanation_; }

  struct Stats {
    int iterations = 0;
    double seconds = 0.0;
  };
  const Stats& last_stats() const { return stats_; }

 private:
  TacticianWeights weights_;
  SearchSettings settings_;
  std::string label_;
  nlohmann::json explanation_;
  Stats stats_;
};

}  // namespace arap::ai
