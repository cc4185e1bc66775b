// Agents that play the game through the engine's door: a random one (uniform over
// legal_actions) and a simple greedy one (moving by the planner).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/weights.hpp"
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
  // Why the last choice was made: an `ai_choice` event (docs/game.md), or null for agents that do
  // not explain themselves.
  virtual nlohmann::json explanation() const { return nullptr; }
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

// The agents a program can field: "random", "greedy", and the tactician in each personality of
// data/ai/tactician.yaml ("tactician" is the balanced one; "tactician:cautious" another), and the
// search agent ("search", "search:<personality>") when the file has its `search:` block.
class Roster {
 public:
  Roster() = default;  // random and greedy only
  explicit Roster(Personalities personalities) : personalities_(std::move(personalities)) {}
  // Reads <data_dir>/ai/tactician.yaml (a data::DataError names file, line and field).
  static Roster load(const std::filesystem::path& data_dir);
  static const Roster& basic();  // random and greedy only
  // Throws std::invalid_argument naming the agents it knows.
  std::unique_ptr<Agent> make(const std::string& name) const;
  std::vector<std::string> names() const;
  // The search agent's budget from the command line: seconds per decision, or exactly
  // `iterations` (reproducible), on `threads` threads.
  void set_search(std::optional<double> think_seconds, std::optional<int> iterations, int threads);

 private:
  std::optional<Personalities> personalities_;
};

// Roster::basic().make(name): "random" or "greedy".
std::unique_ptr<Agent> make_agent(const std::string& name);

}  // namespace arap::ai
