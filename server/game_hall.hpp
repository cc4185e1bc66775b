// The server's games in memory (issue 16; docs/server.md): each game a room holding its setup,
// state, record and event log behind a mutex; every applied action goes to the store before the
// room changes; AI seats play on a worker thread, never on a request thread.
#pragma once

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "ai/agents.hpp"
#include "dice/rng.hpp"
#include "game/record.hpp"
#include "store.hpp"

namespace arap::server {

// A refusal for the client: an HTTP status, the reason in a player's words and, for an illegal
// action, the rule it breaks.
struct ApiError : std::runtime_error {
  ApiError(int status_code, const std::string& text, std::string rule_id = {})
      : std::runtime_error(text), status(status_code), rule(std::move(rule_id)) {}
  int status;
  std::string rule;
};

struct Room {
  std::string id;
  std::string created;
  std::shared_ptr<const game::GameSetup> setup;
  std::vector<StoredSeat> seats;                   // by side
  std::vector<std::unique_ptr<ai::Agent>> agents;  // by side; null for a human seat
  mutable std::mutex mutex;                        // guards everything below
  std::condition_variable changed;                 // an action was applied
  game::GameRecord record;
  game::GameState state;
  game::EventLog log;
  dice::Xoshiro256pp ai_rng{0};
  bool ai_queued = false;
  std::string ai_error;  // why an AI seat stopped playing (a bug: reported, not hidden)
};

struct Applied {
  std::size_t first_event = 0;  // index of the first event this action appended
  nlohmann::json events;        // the events it appended
  nlohmann::json state;         // game::state_view after it (for the seat that acted)
};

class GameHall {
 public:
  // Resumes every game in `store`: each is replayed from its record and checked against the
  // digest stored with its last action; a game that cannot be (its data changed) stays in the
  // database untouched and is listed in unresumed().
  // `roster` names the agents a seat may take (random and greedy only by default; `arap serve`
  // adds the tacticians of data/ai/tactician.yaml).
  GameHall(std::shared_ptr<const data::Library> library, std::string scenarios_dir,
           GameStore& store, ai::Roster roster = {});
  ~GameHall();
  GameHall(const GameHall&) = delete;
  GameHall& operator=(const GameHall&) = delete;

  // The shipped scenarios: [{"id", "name", "description", "sides"}].
  nlohmann::json scenarios() const;
  // The agents a seat may take: {"agents": [name...], "default": the one a new game gets}.
  nlohmann::json agents() const;
  std::string default_agent() const;

  // POST /api/games: {"scenario": id | "scenario_text": YAML, "seed"?, "seats": [player...]}.
  // Each seat is "human" or an agent's name; human seats get a secret token. Returns the game's
  // id, seed and seats (with tokens).
  nlohmann::json create(const nlohmann::json& request);

  // nullptr when there is no such game; throws ApiError 409 for a stored game that could not be
  // resumed.
  std::shared_ptr<Room> find(const std::string& id) const;
  std::vector<std::shared_ptr<Room>> rooms() const;
  const std::map<std::string, std::string>& unresumed() const { return unresumed_; }

  // Applies `action` for the seat whose secret is `token`: 403 when the token is no seat's or
  // the decision is not that seat's, 409 when `expected_actions` is given and the game has moved
  // on, 422 with the rule when the action is illegal. The store has it before this returns.
  Applied apply(Room& room, const std::string& token, const nlohmann::json& action,
                std::optional<std::size_t> expected_actions);

  // Stops the AI worker (waiting for its current decision) and wakes every waiting stream.
  void shutdown();
  bool shutting_down() const;

 private:
  void resume(StoredGame stored);
  // Under room.mutex: commits `action` (already legal on `next`) to the store, then the room.
  Applied commit(Room& room, const game::Action& action, game::GameState next,
                 game::EventLog events);
  void queue_ai(Room& room);  // under room.mutex
  void ai_loop();
  void play_ai(Room& room);

  std::shared_ptr<const data::Library> library_;
  std::string scenarios_dir_;
  ai::Roster roster_;
  GameStore& store_;
  mutable std::mutex rooms_mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, std::string> unresumed_;  // game id -> why
  mutable std::mutex ai_mutex_;
  std::condition_variable ai_wake_;
  std::deque<std::shared_ptr<Room>> ai_queue_;
  bool stopping_ = false;
  std::thread ai_thread_;
};

// The seats as anyone may see them: [{side, name, player}], no secrets. Under room.mutex.
nlohmann::json public_seats(const Room& room);

// A fresh secret: 128 random bits as 32 hex digits.
std::string new_secret();
// Compares secrets in time independent of where they differ.
bool same_secret(const std::string& a, const std::string& b);

}  // namespace arap::server
