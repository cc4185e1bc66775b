// SQLite store of the game server (issue 16): see store.hpp.
#include "store.hpp"

#include <chrono>

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/chrono.h>
#include <fmt/format.h>

namespace arap::server {

namespace {

constexpr int kSchemaVersion = 1;

std::string now_utc() {
  const auto now =
      std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now);
}

}  // namespace

GameStore::GameStore(const std::string& path) : path_(path) {
  try {
    db_ = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db_->setBusyTimeout(5000);
    if (path != ":memory:") db_->exec("PRAGMA journal_mode=WAL");
    // FULL: a commit is on disk before the reply, not only in the OS's cache.
    db_->exec("PRAGMA synchronous=FULL");
    db_->exec("PRAGMA foreign_keys=ON");
    db_->exec(
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, created TEXT NOT NULL,"
        "  record TEXT NOT NULL);"
        "CREATE TABLE IF NOT EXISTS seats (game_id TEXT NOT NULL REFERENCES games(id),"
        "  side INTEGER NOT NULL, player TEXT NOT NULL, token TEXT NOT NULL,"
        "  PRIMARY KEY (game_id, side));"
        "CREATE TABLE IF NOT EXISTS actions (game_id TEXT NOT NULL REFERENCES games(id),"
        "  sequence INTEGER NOT NULL, action TEXT NOT NULL, digest TEXT NOT NULL,"
        "  applied TEXT NOT NULL, PRIMARY KEY (game_id, sequence));");
    SQLite::Statement version(*db_, "SELECT value FROM meta WHERE key = 'schema'");
    if (version.executeStep()) {
      const int found = std::stoi(version.getColumn(0).getString());
      if (found != kSchemaVersion)
        throw std::runtime_error(
            fmt::format("schema version {} (this arap reads version {})", found, kSchemaVersion));
    } else {
      db_->exec(
          fmt::format("INSERT INTO meta (key, value) VALUES ('schema', '{}')", kSchemaVersion));
    }
  } catch (const std::exception& error) {
    throw std::runtime_error(fmt::format("database {}: {}", path, error.what()));
  }
}

GameStore::~GameStore() = default;

void GameStore::create(const StoredGame& game) {
  std::lock_guard lock(mutex_);
  SQLite::Transaction transaction(*db_);
  SQLite::Statement insert(*db_, "INSERT INTO games (id, created, record) VALUES (?, ?, ?)");
  insert.bind(1, game.id);
  insert.bind(2, game.created.empty() ? now_utc() : game.created);
  insert.bind(3, game.record.dump());
  insert.exec();
  for (const auto& seat : game.seats) {
    SQLite::Statement s(*db_,
                        "INSERT INTO seats (game_id, side, player, token) VALUES (?, ?, ?, ?)");
    s.bind(1, game.id);
    s.bind(2, seat.side);
    s.bind(3, seat.player);
    s.bind(4, seat.token);
    s.exec();
  }
  SQLite::Statement action(
      *db_,
      "INSERT INTO actions (game_id, sequence, action, digest, applied) VALUES (?, ?, ?, ?, ?)");
  const std::string now = now_utc();
  for (std::size_t i = 0; i < game.actions.size(); ++i) {
    action.bind(1, game.id);
    action.bind(2, static_cast<std::int64_t>(i));
    action.bind(3, game.actions[i].action.dump());
    action.bind(4, game.actions[i].digest);
    action.bind(5, now);
    action.exec();
    action.reset();
  }
  transaction.commit();
}

struct GameStore::PendingAppend {
  std::string id;
  std::int64_t sequence = 0;
  std::string action;
  std::string digest;
  std::string applied;
  bool done = false;
  std::exception_ptr error;
};

void GameStore::append(const std::string& id, std::size_t sequence, const nlohmann::json& action,
                       const std::string& digest) {
  auto me = std::make_shared<PendingAppend>();
  *me = {id, static_cast<std::int64_t>(sequence), action.dump(), digest, now_utc()};
  std::unique_lock lock(queue_mutex_);
  queue_.push_back(me);
  while (!me->done) {
    if (writing_) {
      queue_changed_.wait(lock);
      continue;
    }
    // This caller writes everything queued so far in one transaction (one sync).
    writing_ = true;
    std::vector<std::shared_ptr<PendingAppend>> batch;
    batch.swap(queue_);
    lock.unlock();
    std::exception_ptr error;
    try {
      std::lock_guard db_lock(mutex_);
      SQLite::Transaction transaction(*db_);
      SQLite::Statement insert(*db_,
                               "INSERT INTO actions (game_id, sequence, action, digest, applied) "
                               "VALUES (?, ?, ?, ?, ?)");
      for (const auto& entry : batch) {
        insert.bind(1, entry->id);
        insert.bind(2, entry->sequence);
        insert.bind(3, entry->action);
        insert.bind(4, entry->digest);
        insert.bind(5, entry->applied);
        insert.exec();
        insert.reset();
      }
      transaction.commit();
    } catch (...) {
      error = std::current_exception();  // nothing of the batch was written
    }
    lock.lock();
    for (const auto& entry : batch) {
      entry->done = true;
      entry->error = error;
    }
    writing_ = false;
    queue_changed_.notify_all();
  }
  if (me->error) std::rethrow_exception(me->error);
}

std::vector<StoredGame> GameStore::load_all() const {
  std::lock_guard lock(mutex_);
  std::vector<StoredGame> games;
  SQLite::Statement query(*db_, "SELECT id, created, record FROM games ORDER BY created, id");
  while (query.executeStep()) {
    StoredGame game;
    game.id = query.getColumn(0).getString();
    game.created = query.getColumn(1).getString();
    game.record = nlohmann::json::parse(query.getColumn(2).getString());
    SQLite::Statement seats(
        *db_, "SELECT side, player, token FROM seats WHERE game_id = ? ORDER BY side");
    seats.bind(1, game.id);
    while (seats.executeStep())
      game.seats.push_back({seats.getColumn(0).getInt(), seats.getColumn(1).getString(),
                            seats.getColumn(2).getString()});
    SQLite::Statement actions(
        *db_, "SELECT action, digest FROM actions WHERE game_id = ? ORDER BY sequence");
    actions.bind(1, game.id);
    while (actions.executeStep()) {
      game.actions.push_back({nlohmann::json::parse(actions.getColumn(0).getString()),
                              actions.getColumn(1).getString()});
    }
    games.push_back(std::move(game));
  }
  return games;
}

}  // namespace arap::server
