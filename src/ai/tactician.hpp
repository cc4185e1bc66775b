// The tactician (issue 15): a scored-candidate agent in the manner of Wesnoth's RCA AI. Every legal
// action is given a score in one currency (the weights of a personality, data/ai/tactician.yaml)
// from the exact odds the door offers: advice::preview for shots, throws, charges and activation
// rolls, odds::evaluate_melee for the round a charge or a fight leads to, and the position a move
// ends in (objectives, weapons' reach, exposure to enemy guns and claws, cover). It takes the best
// and says why (an `ai_choice` event with the runners-up and the numbers behind them).
#pragma once

#include <string>
#include <vector>

#include "ai/agents.hpp"
#include "ai/weights.hpp"

namespace arap::ai {

struct ScoredAction {
  game::Action action;
  double score = 0.0;
  std::string why;      // the numbers in words ("72% to reach, 64% to win the round")
  nlohmann::json odds;  // the same numbers by name
};

// An action in a player's words, with unit names ("charge: Assault Squad at Nobz").
std::string action_words(const game::GameState& state, const game::Action& action);

// Scores at or below this are options a personality rules out (a charge below its least
// P(reach)); explanations show them with a null score.
inline constexpr double kRuledOut = -1e8;

class TacticianAgent final : public Agent {
 public:
  explicit TacticianAgent(TacticianWeights weights) : weights_(std::move(weights)) {}
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override {
    return weights_.name == "balanced" ? "tactician" : "tactician:" + weights_.name;
  }
  nlohmann::json explanation() const override { return explanation_; }

  // Every legal action with its score, best first (ties keep legal_actions' order).
  std::vector<ScoredAction> rank(const game::GameState& state) const;

 private:
  TacticianWeights weights_;
  nlohmann::json explanation_;
};

}  // namespace arap::ai
