// Issue 16: `arap serve` as a process. kill -9 mid-game loses no applied action: every action the
// server answered is in the database, and a restart resumes the game exactly (same digest, same
// actions, the seats' secrets still valid). SIGTERM stops it cleanly.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dice/rng.hpp"
#include "support/scratch.hpp"

namespace {

// `arap serve --port 0` on `db`; reads the port from its first line.
struct ServeProcess {
  pid_t pid = -1;
  int port = -1;

  explicit ServeProcess(const std::string& db) {
    int out[2];
    if (pipe(out) != 0) return;
    pid = fork();
    if (pid == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      close(out[1]);
      execl(ARAP_BINARY, ARAP_BINARY, "serve", "--port", "0", "--db", db.c_str(), "--web", "",
            "--data", ARAP_DATA_DIR, static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    std::string line;
    char c = 0;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    // "arap: N games in DB; open http://127.0.0.1:PORT/"
    const auto colon = line.rfind(':');
    if (colon != std::string::npos) port = std::atoi(line.c_str() + colon + 1);
  }
  int stop(int signal) {
    kill(pid, signal);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
  }
};

nlohmann::json get(httplib::Client& c, const std::string& path) {
  const auto result = c.Get(path.c_str());
  EXPECT_TRUE(result);
  return result ? nlohmann::json::parse(result->body) : nlohmann::json();
}

// Plays `count` random legal actions as whoever decides; returns how many were applied.
int play(httplib::Client& c, const std::string& id, const std::vector<std::string>& tokens,
         int count, std::uint64_t seed) {
  arap::dice::Xoshiro256pp rng(seed);
  int played = 0;
  for (; played < count; ++played) {
    const auto legal = get(c, "/api/games/" + id + "/legal");
    if (legal["pending"]["phase"] == "game_over") break;
    const auto& action = legal["actions"][rng() % legal["actions"].size()];
    const auto result = c.Post(("/api/games/" + id + "/actions").c_str(),
                               {{"Authorization", "Bearer " + tokens[legal["pending"]["side"]]}},
                               nlohmann::json{{"action", action}}.dump(), "application/json");
    if (!result || result->status != 200) break;
  }
  return played;
}

TEST(ServerProcess, kill_9_mid_game_loses_no_applied_action) {
  const std::string db = (arap::test::scratch_dir() / "kill.db").string();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);

  ServeProcess first(db);
  ASSERT_GT(first.port, 0);
  httplib::Client c("127.0.0.1", first.port);
  const auto created =
      c.Post("/api/games", R"({"scenario": "ruined_town", "seed": 8, "seats": ["human", "human"]})",
             "application/json");
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 201);
  const auto game = nlohmann::json::parse(created->body);
  const std::string id = game["id"];
  const std::vector<std::string> tokens = {game["seats"][0]["token"], game["seats"][1]["token"]};
  const int played = play(c, id, tokens, 60, 21);
  ASSERT_GT(played, 10);
  const auto before = get(c, "/api/games/" + id);
  first.stop(SIGKILL);  // no chance to flush or close anything

  ServeProcess second(db);
  ASSERT_GT(second.port, 0);
  httplib::Client again("127.0.0.1", second.port);
  const auto after = get(again, "/api/games/" + id);
  EXPECT_EQ(after["actions"], before["actions"]);
  EXPECT_EQ(after["digest"], before["digest"]);
  EXPECT_EQ(after["events"], before["events"]);
  EXPECT_EQ(after["state"], before["state"]);
  // The game goes on with the same secrets.
  EXPECT_EQ(play(again, id, tokens, 5, 22), 5);
  const int status = second.stop(SIGTERM);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
}

}  // namespace
