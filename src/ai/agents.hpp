// Agents that play the game through the engine's contract: a random one (uniform over a finite
// sample of legal actions) and a simple greedy one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dice/rng.hpp"
#include "game/engine.hpp"

namespace arap::ai {

// A finite, varied sample of actions for whoever decides now, not yet checked for legality
// (always holds one that is legal: ending the phase, the activation or declining a pick-up).
std::vector<game::Action> proposals(const game::GameState& state);
// The legal ones among the proposals.
std::vector<game::Action> candidate_actions(const game::GameState& state);

class Agent {
 public:
  Agent() = default;
  Agent(const Agent&) = delete;
  Agent& operator=(const Agent&) = delete;
  virtual ~Agent() = default;
  virtual game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) = 0;
  virtual std::string name() const = 0;
};

class RandomAgent final : public Agent {
 public:
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override { return "random"; }
};

// Shoots the target it expects to hurt most, else closes on the nearest enemy; activates with two
// dice; picks up failed dice with a unit that can shoot.
class GreedyAgent final : public Agent {
 public:
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override { return "greedy"; }
};

// "random" or "greedy"; throws std::invalid_argument otherwise.
std::unique_ptr<Agent> make_agent(const std::string& name);

}  // namespace arap::ai
