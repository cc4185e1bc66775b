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
#include "table/scenario.hpp"

namespace arap::ai {

// ADV-26: how far the aim point of deep_strike action `a` lies from the nearest living enemy
// model (infinity when there is none): the agents aim a deep strike by it.
double drop_gap(const game::GameState& state, const game::Action& a);

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
// data/ai/tactician.yaml ("tactician" is the balanced one; "tactician:cautious" another), the
// search agent ("search", "search:<personality>") when the file has its `search:` block, and the
// file's difficulty levels ("easy", "normal", "hard", each also "<level>:<personality>").
class Roster {
 public:
  Roster() = default;  // random and greedy only
  explicit Roster(Personalities personalities) : personalities_(std::move(personalities)) {}
  // Reads <data_dir>/ai/tactician.yaml (a data::DataError names file, line and field); a folder
  // without one gives random and greedy only.
  static Roster load(const std::filesystem::path& data_dir);
  static const Roster& basic();  // random and greedy only
  // Throws std::invalid_argument naming the agents it knows.
  std::unique_ptr<Agent> make(const std::string& name) const;
  std::vector<std::string> names() const;
  // The agent for side `side`: `chosen` when the players named one, else the scenario seat's
  // `ai:`, else `fallback`. check_seats refuses a seat naming an agent this roster lacks, as a
  // data::DataError at the scenario's line and field.
  std::string seat(const table::Scenario& scenario, std::size_t side, const std::string& chosen,
                   const std::string& fallback) const;
  void check_seats(const table::Scenario& scenario) const;
  // The search agent's budget from the command line: seconds per decision, or exactly
  // `iterations` (reproducible), on `threads` threads. Seconds given here also override the
  // difficulty levels' own.
  void set_search(std::optional<double> think_seconds, std::optional<int> iterations, int threads);

 private:
  std::optional<Personalities> personalities_;
  std::string missing_;     // the AI file a data folder lacks, for the refusal's reason
  bool think_set_ = false;  // seconds per decision came from the command line
};

// Roster::basic().make(name): "random" or "greedy".
std::unique_ptr<Agent> make_agent(const std::string& name);

}  // namespace arap::ai
