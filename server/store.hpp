// The server's database (issue 16; docs/server.md): games, their seats and every applied action
// in SQLite, in WAL mode with full sync. An action is committed before the server answers, so a
// killed server loses none, and a restart rebuilds every game by replaying its actions.
#pragma once

#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace SQLite {
class Database;
}

namespace arap::server {

struct StoredSeat {
  int side = 0;
  std::string player;  // "human" or an agent's name
  std::string token;   // the seat's secret (humans only; empty for an agent)
};

struct StoredAction {
  nlohmann::json action;
  std::string digest;  // the state's digest after it
};

struct StoredGame {
  std::string id;
  std::string created;    // UTC, ISO 8601
  nlohmann::json record;  // game::to_json(GameRecord) without its actions
  std::vector<StoredSeat> seats;
  std::vector<StoredAction> actions;  // in the order applied
};

class GameStore {
 public:
  // Opens (creating when missing) the database at `path`; ":memory:" for a throwaway one. Throws
  // std::runtime_error naming the path when it cannot be opened or is not an arap database.
  explicit GameStore(const std::string& path);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // The game, its seats and its actions so far (an imported saved game has some), in one
  // transaction.
  void create(const StoredGame& game);
  // Appends action number `sequence` (0-based) of game `id` with the digest after it; committed
  // (and synced) when this returns. Throws when it cannot be written; nothing is half-written.
  // Group commit: appends that arrive while a transaction is being synced wait and go together
  // in the next one, so 50 busy games pay for one fsync, not 50 in a row.
  void append(const std::string& id, std::size_t sequence, const nlohmann::json& action,
              const std::string& digest);
  std::vector<StoredGame> load_all() const;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  struct PendingAppend;
  mutable std::mutex mutex_;  // one connection, used by one thread at a time
  std::unique_ptr<SQLite::Database> db_;
  std::mutex queue_mutex_;  // guards the two below
  std::condition_variable queue_changed_;
  std::vector<std::shared_ptr<PendingAppend>> queue_;
  bool writing_ = false;
};

}  // namespace arap::server
