// Agents that play the game through the engine's door: a random one (uniform over
// legal_actions) and a simple greedy one (moving by the planner).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dice/rng.hpp"
#include "game/engine.hpp"

namespace arap::ai {

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

// Charges units it outfights, shoots the target with the fewest models, else closes on the nearest
// enemy by the planned move; activates with two dice; picks up all failed dice with one unit.
class GreedyAgent final : public Agent {
 public:
  game::Action choose(const game::GameState& state, dice::Xoshiro256pp& rng) override;
  std::string name() const override { return "greedy"; }
};

// "random" or "greedy"; throws std::invalid_argument otherwise.
std::unique_ptr<Agent> make_agent(const std::string& name);

}  // namespace arap::ai
