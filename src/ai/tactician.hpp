// The tactician (issue 15): a scored-candidate agent in the manner of Wesnoth's RCA AI. Every legal
// action is given a score in one currency (the weights of a personality, data/ai/tactician.yaml)
// from the exact odds the door offers: advice::preview for shots, throws, charges and activation
// rolls, odds::evaluate_melee for the round a charge or a fight leads to, and the position a move
// ends in (objectives, weapons' reach, exposure to enemy guns and claws, cover). It takes the best
// and says why (an `ai_choice` event with the runners-up and the numbers behind them).
#pragma once

#include <map>
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
  // A difficulty level (data/ai/tactician.yaml `difficulty:`): `blunder` points of Gumbel noise
  // on every score before the best is taken, so near-best options are picked at random now and
  // then (softmax sampling at that temperature); `label` is the level's name.
  TacticianAgent(TacticianWeights weights, double blunder, std::string label)
      : weights_(std::move(weights)), blunder_(blunder), label_(std::move(label)) {}
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override {
    const std::string kind = label_.empty() ? "tactician" : label_;
    return weights_.name == "balanced" ? kind : kind + ":" + weights_.name;
  }
  nlohmann::json explanation() const override { return explanation_; }

  // Every legal action with its score, best first (ties keep legal_actions' order).
  std::vector<ScoredAction> rank(const game::GameState& state) const;

  // What each unit could do with a full activation (the opportunity behind every activation and
  // pick-up score, ACT-06..08), kept between the decisions of a search's playouts: measured once,
  // at the first decision that asks, and taken as it stands after that. It is the dear part of
  // the tactician's turn-order choices (one whole listing and scoring of the unit's options a
  // unit), and a playout's few activations change it little.
  struct PlayoutMemo {
    std::map<int, double> opportunity;
  };
  // The tactician's choice in a playout: rank's best, with the opportunities taken from `memo`.
  // Without `free_moves` the activation phase's free moves (MOVE-14) are not listed: the playout
  // only activates (the listing of every unit's free moves is most of a playout's cost).
  game::Action playout_choice(const game::GameState& state, PlayoutMemo& memo,
                              bool free_moves = true) const;

 private:
  TacticianWeights weights_;
  double blunder_ = 0.0;
  std::string label_;
  nlohmann::json explanation_;
};

}  // namespace arap::ai
