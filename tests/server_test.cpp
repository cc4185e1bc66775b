// Issue 16: the game server through its HTTP API, as a client uses it: a whole game between two
// scripted clients, bad requests refused with a 4xx and the game unchanged, AI seats playing off
// the request threads, the event stream, and a restart on the same database resuming every game.
#include <SQLiteCpp/SQLiteCpp.h>

#include <gtest/gtest.h>
#include <httplib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "dice/rng.hpp"
#include "game/record.hpp"
#include "game_hall.hpp"
#include "http_api.hpp"
#include "support/game_fixture.hpp"

namespace arap::server {
namespace {

// A server on a free loopback port over a database file, run on its own thread.
class RunningServer {
 public:
  explicit RunningServer(const std::string& db, std::size_t max_body = 512 * 1024)
      : store_(db),
        hall_(test::shipped_library(), std::string(ARAP_DATA_DIR) + "/scenarios", store_),
        http_(hall_, {"", max_body, 16, std::string(ARAP_DATA_DIR) + "/rules.yaml"}) {
    port_ = http_.bind("127.0.0.1", 0);
    thread_ = std::thread([this] { http_.listen(); });
  }
  ~RunningServer() {
    http_.stop();
    thread_.join();
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(60, 0);
    return c;
  }
  GameHall& hall() { return hall_; }

 private:
  GameStore store_;
  GameHall hall_;
  HttpServer http_;
  int port_ = -1;
  std::thread thread_;
};

std::string temp_db(const std::string& name) {
  const auto path = test::scratch_dir() / (name + ".db");
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
  return path.string();
}

nlohmann::json body_of(const httplib::Result& result) {
  EXPECT_TRUE(result) << "no answer";
  return result ? nlohmann::json::parse(result->body) : nlohmann::json();
}

httplib::Headers bearer(const std::string& token) {
  return {{"Authorization", "Bearer " + token}};
}

struct NewGame {
  std::string id;
  std::vector<std::string> tokens;  // by side; "" for an agent
};

NewGame create(httplib::Client& c, const nlohmann::json& request) {
  const auto result = c.Post("/api/games", request.dump(), "application/json");
  EXPECT_EQ(result->status, 201) << result->body;
  const auto body = nlohmann::json::parse(result->body);
  NewGame game{body["id"], {}};
  for (const auto& seat : body["seats"]) game.tokens.push_back(seat.value("token", ""));
  return game;
}

nlohmann::json game_of(httplib::Client& c, const std::string& id) {
  return body_of(c.Get(("/api/games/" + id).c_str()));
}

// Plays `count` actions (or to the end) as both human seats, each a random legal action.
int play(httplib::Client& c, const NewGame& game, int count, std::uint64_t seed) {
  dice::Xoshiro256pp rng(seed);
  int played = 0;
  for (; played < count; ++played) {
    const auto legal = body_of(c.Get(("/api/games/" + game.id + "/legal").c_str()));
    if (legal["pending"]["phase"] == "game_over") break;
    const auto& actions = legal["actions"];
    EXPECT_FALSE(actions.empty());
    const auto& action = actions[rng() % actions.size()];
    const int side = legal["pending"]["side"];
    const auto result =
        c.Post(("/api/games/" + game.id + "/actions").c_str(), bearer(game.tokens[side]),
               nlohmann::json{{"action", action}}.dump(), "application/json");
    EXPECT_EQ(result->status, 200) << action.dump() << " -> " << result->body;
    if (result->status != 200) break;
  }
  return played;
}

TEST(Server, a_whole_game_between_two_scripted_clients) {
  RunningServer server(temp_db("whole"));
  auto c = server.client();
  const auto game =
      create(c, {{"scenario", "open_ground"}, {"seed", 5}, {"seats", {"human", "human"}}});
  ASSERT_EQ(game.tokens.size(), 2u);
  ASSERT_FALSE(game.tokens[0].empty());
  ASSERT_NE(game.tokens[0], game.tokens[1]);
  const int played = play(c, game, 5000, 11);
  const auto summary = game_of(c, game.id);
  EXPECT_TRUE(summary["state"]["finished"].get<bool>()) << played << " actions";
  EXPECT_EQ(summary["actions"], played);
  // The saved record replays anywhere to the same state.
  const auto record_text = c.Get(("/api/games/" + game.id + "/record").c_str())->body;
  const game::GameRecord record = game::record_from_text(record_text, "record");
  const auto setup = game::setup_for_record(record, test::shipped_library());
  const game::GameState replayed = game::replay(*setup, record);
  EXPECT_EQ(fmt::format("{:016x}", game::state_digest(replayed)), summary["digest"]);
  // Every event is there, in order.
  const auto events = body_of(c.Get(("/api/games/" + game.id + "/events?since=0").c_str()));
  EXPECT_EQ(events["events"].size(), summary["events"].get<std::size_t>());
  EXPECT_EQ(events["events"][0]["type"], "action");
}

TEST(Server, bad_requests_get_a_4xx_and_leave_the_game_unchanged) {
  RunningServer server(temp_db("bad"), 4096);
  auto c = server.client();
  const auto game =
      create(c, {{"scenario", "ruined_town"}, {"seed", 2}, {"seats", {"human", "human"}}});
  const std::string actions = "/api/games/" + game.id + "/actions";
  const auto before = game_of(c, game.id);
  const auto post = [&](const std::string& path, const std::string& body,
                        const httplib::Headers& headers) {
    return c.Post(path.c_str(), headers, body, "application/json");
  };
  const std::string end_phase = R"({"action": {"type": "end_phase"}})";
  // Malformed JSON, a body that is no object, an unknown action type.
  EXPECT_EQ(post(actions, "{not json", bearer(game.tokens[0]))->status, 400);
  EXPECT_EQ(post(actions, "[1, 2]", bearer(game.tokens[0]))->status, 400);
  const auto unknown = post(actions, R"({"action": {"type": "teleport"}})", bearer(game.tokens[0]));
  EXPECT_EQ(unknown->status, 400);
  EXPECT_NE(body_of(unknown)["error"].get<std::string>().find("teleport"), std::string::npos);
  // No secret, a wrong one, the other seat's (not its decision).
  EXPECT_EQ(post(actions, end_phase, {})->status, 401);
  EXPECT_EQ(post(actions, end_phase, bearer("0123456789abcdef0123456789abcdef"))->status, 403);
  const auto other = post(actions, end_phase, bearer(game.tokens[1]));
  EXPECT_EQ(other->status, 409);
  EXPECT_NE(body_of(other)["error"].get<std::string>().find("decision"), std::string::npos);
  // An illegal action: 422 with the rule it breaks.
  const auto illegal = post(actions, R"({"action": {"type": "activate", "unit": 0, "dice": 5}})",
                            bearer(game.tokens[0]));
  EXPECT_EQ(illegal->status, 422);
  EXPECT_EQ(body_of(illegal).value("rule", ""), "ACT-06") << illegal->body;
  const auto not_now = post(actions, R"({"action": {"type": "shoot", "unit": 0, "target": 3}})",
                            bearer(game.tokens[0]));
  EXPECT_EQ(not_now->status, 422);
  EXPECT_NE(body_of(not_now)["error"].get<std::string>().find("not a decision open now"),
            std::string::npos);
  // A stale client.
  EXPECT_EQ(
      post(actions, R"({"action": {"type": "end_phase"}, "after": 9})", bearer(game.tokens[0]))
          ->status,
      409);
  // Too large a body, unknown games and paths out of the web folder.
  EXPECT_EQ(post(actions, std::string(8192, ' '), bearer(game.tokens[0]))->status, 413);
  EXPECT_EQ(c.Get("/api/games/0000000000000000")->status, 404);
  EXPECT_EQ(c.Get("/../../etc/passwd")->status, 404);
  EXPECT_EQ(c.Get("/api/games/../../etc/passwd")->status, 404);
  // Bad games refused at creation.
  EXPECT_EQ(c.Post("/api/games", R"({"scenario": "../../etc/passwd"})", "application/json")->status,
            404);
  EXPECT_EQ(
      c.Post("/api/games", R"({"scenario": "open_ground", "seats": ["human"]})", "application/json")
          ->status,
      400);
  EXPECT_EQ(c.Post("/api/games", R"({"scenario": "open_ground", "seats": ["human", "deep_blue"]})",
                   "application/json")
                ->status,
            400);
  EXPECT_EQ(
      c.Post("/api/games", R"({"scenario": "open_ground", "colour": "red"})", "application/json")
          ->status,
      400);
  const auto yaml =
      c.Post("/api/games", R"({"scenario_text": "name: [unclosed"})", "application/json");
  EXPECT_EQ(yaml->status, 400);
  // A 4xx never carries the server's insides, and the game is exactly as it was.
  const auto after = game_of(c, game.id);
  EXPECT_EQ(after["digest"], before["digest"]);
  EXPECT_EQ(after["actions"], 0);
  // Then a legal action still goes through.
  EXPECT_EQ(post(actions, end_phase, bearer(game.tokens[0]))->status, 200);
}

TEST(Server, plan_and_preview_answer_on_the_real_table) {
  RunningServer server(temp_db("door"));
  auto c = server.client();
  const auto game =
      create(c, {{"scenario", "open_ground"}, {"seed", 1}, {"seats", {"human", "human"}}});
  const std::string base = "/api/games/" + game.id;
  const auto plan =
      body_of(c.Post((base + "/plan").c_str(), R"({"unit": 0, "mode": "normal", "to": [24, 24]})",
                     "application/json"));
  EXPECT_TRUE(plan.contains("possible"));
  EXPECT_EQ(
      c.Post((base + "/plan").c_str(), R"({"unit": 99, "to": [1, 1]})", "application/json")->status,
      400);
  EXPECT_EQ(c.Post((base + "/plan").c_str(), R"({"unit": 0, "mode": "fly", "to": [1, 1]})",
                   "application/json")
                ->status,
            400);
  const auto preview = body_of(c.Post((base + "/preview").c_str(),
                                      R"({"action": {"type": "activate", "unit": 0, "dice": 2}})",
                                      "application/json"));
  EXPECT_FALSE(preview.contains("refused")) << preview.dump();
  const auto table = body_of(c.Get((base + "/table").c_str()));
  EXPECT_EQ(table["width"], 48.0);
  EXPECT_FALSE(table["units"].empty());
}

// An AI seat plays on the worker: the human's move comes back at once, the AI's by the stream.
TEST(Server, an_ai_seat_answers_through_the_stream) {
  RunningServer server(temp_db("ai"));
  auto c = server.client();
  const auto game =
      create(c, {{"scenario", "open_ground"}, {"seed", 4}, {"seats", {"human", "greedy"}}});
  // The human ends its activation phase at once; the AI (Blue) then plays its turn.
  int updates = 0;
  bool ai_acted = false;
  std::thread stream([&] {
    auto s = server.client();
    std::string buffer;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    s.Get(("/api/games/" + game.id + "/stream?since=0").c_str(), [&](const char* data,
                                                                     std::size_t length) {
      buffer.append(data, length);
      // One message per blank line: "id: n", "event: update", "data: {...}".
      for (auto end = buffer.find("\n\n"); end != std::string::npos; end = buffer.find("\n\n")) {
        const std::string message = buffer.substr(0, end);
        buffer.erase(0, end + 2);
        const auto data_at = message.find("data: ");
        if (data_at == std::string::npos) continue;
        ++updates;
        const auto update = nlohmann::json::parse(message.substr(data_at + 6));
        for (const auto& event : update["events"])
          if (event["type"] == "action" && event["side"] == 1) ai_acted = true;
      }
      return !ai_acted && std::chrono::steady_clock::now() < deadline;
    });
  });
  const auto legal = body_of(c.Get(("/api/games/" + game.id + "/legal").c_str()));
  nlohmann::json end = legal["actions"][0];
  ASSERT_EQ(end["type"], "end_phase");
  ASSERT_EQ(c.Post(("/api/games/" + game.id + "/actions").c_str(), bearer(game.tokens[0]),
                   nlohmann::json{{"action", end}}.dump(), "application/json")
                ->status,
            200);
  stream.join();
  EXPECT_GE(updates, 1);
  EXPECT_TRUE(ai_acted);
}

// Issue 15: a scenario may seat an agent (`ai:`); the lobby lists it, a new game seats it unless
// the players choose, and a seat naming no known agent is a 400 naming the line and field.
TEST(Server, a_scenario_seat_names_its_agent) {
  RunningServer server(temp_db("seats"));
  auto c = server.client();
  const auto scenarios = body_of(c.Get("/api/scenarios"));
  ASSERT_FALSE(scenarios.empty());
  for (const auto& s : scenarios) EXPECT_EQ(s["seats"].size(), s["sides"].size()) << s.dump();
  std::ifstream in(std::string(ARAP_DATA_DIR) + "/scenarios/open_ground.yaml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string key = "    army: orks\n";
  const auto at = text.find(key);
  ASSERT_NE(at, std::string::npos);
  std::string seated = text;
  seated.replace(at, key.size(), key + "    ai: random\n");
  const auto game = create(c, {{"scenario_text", seated}, {"seed", 2}});
  const auto summary = game_of(c, game.id);
  EXPECT_EQ(summary["seats"][0]["player"], "human");
  EXPECT_EQ(summary["seats"][1]["player"], "random");
  std::string bad = text;
  bad.replace(at, key.size(), key + "    ai: randum\n");
  const auto refused =
      c.Post("/api/games", nlohmann::json{{"scenario_text", bad}}.dump(), "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 400);
  EXPECT_NE(refused->body.find("sides[1].ai"), std::string::npos) << refused->body;
  EXPECT_NE(refused->body.find("did you mean"), std::string::npos) << refused->body;
}

TEST(Server, a_restart_resumes_every_game_exactly) {
  const std::string db = temp_db("restart");
  NewGame game;
  nlohmann::json before;
  {
    RunningServer server(db);
    auto c = server.client();
    game = create(c, {{"scenario", "woods_and_river"}, {"seed", 9}, {"seats", {"human", "human"}}});
    play(c, game, 40, 3);
    before = game_of(c, game.id);
  }
  RunningServer again(db);
  auto c = again.client();
  const auto after = game_of(c, game.id);
  EXPECT_EQ(after["digest"], before["digest"]);
  EXPECT_EQ(after["actions"], before["actions"]);
  EXPECT_EQ(after["events"], before["events"]);
  EXPECT_TRUE(again.hall().unresumed().empty());
  // The seats' secrets still work.
  EXPECT_GT(play(c, game, 3, 4), 0);
}

// A saved game comes in as a game of its own (both seats human), walks back and forth in the
// replay viewer's steps, and tells its battle report; a tampered record is refused.
TEST(Server, a_saved_game_is_imported_and_replayed_step_by_step) {
  RunningServer server(temp_db("import"));
  auto c = server.client();
  const auto game =
      create(c, {{"scenario", "open_ground"}, {"seed", 6}, {"seats", {"human", "human"}}});
  const int played = play(c, game, 30, 8);
  const auto original = game_of(c, game.id);
  auto record = body_of(c.Get(("/api/games/" + game.id + "/record").c_str()));
  const auto imported =
      c.Post("/api/games", nlohmann::json{{"record", record}}.dump(), "application/json");
  ASSERT_EQ(imported->status, 201) << imported->body;
  const auto copy_id = body_of(imported)["id"].get<std::string>();
  EXPECT_EQ(body_of(imported)["seats"][1]["player"], "human");
  const auto copy = game_of(c, copy_id);
  EXPECT_EQ(copy["digest"], original["digest"]);
  EXPECT_EQ(copy["actions"], played);
  EXPECT_EQ(copy["events"], original["events"]);
  // Step 0 is the start; step N is now; step N + 1 does not exist.
  const auto start = body_of(c.Get(("/api/games/" + copy_id + "/at/0").c_str()));
  EXPECT_EQ(start["state"]["actions_applied"], 0);
  EXPECT_TRUE(start["events"].empty());
  const auto now =
      body_of(c.Get(("/api/games/" + copy_id + "/at/" + std::to_string(played)).c_str()));
  EXPECT_EQ(now["state"], copy["state"]);
  ASSERT_FALSE(now["events"].empty());
  EXPECT_EQ(now["events"][0]["type"], "action");
  EXPECT_EQ(c.Get(("/api/games/" + copy_id + "/at/" + std::to_string(played + 1)).c_str())->status,
            404);
  EXPECT_FALSE(c.Get(("/api/games/" + copy_id + "/report").c_str())->body.empty());
  // A record whose saved digest does not match its actions is refused, and nothing is created.
  const std::size_t games_before = body_of(c.Get("/api/games")).size();
  record["digest"] = "0123456789abcdef";
  const auto tampered =
      c.Post("/api/games", nlohmann::json{{"record", record}}.dump(), "application/json");
  EXPECT_EQ(tampered->status, 400) << tampered->body;
  EXPECT_EQ(body_of(c.Get("/api/games")).size(), games_before);
  // The rules the page explains rolls with.
  const auto rules = body_of(c.Get("/api/rules"));
  bool found = false;
  for (const auto& rule : rules)
    if (rule["id"] == "ACT-06") found = !rule["summary"].get<std::string>().empty();
  EXPECT_TRUE(found);
}

TEST(Server, store_refuses_a_database_of_another_schema) {
  const std::string db = temp_db("schema");
  { GameStore store(db); }
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE meta SET value = '99' WHERE key = 'schema'");
  }
  try {
    GameStore store(db);
    ADD_FAILURE() << "a database of schema 99 was opened";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("schema version 99"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find(db), std::string::npos);
  }
}

}  // namespace
}  // namespace arap::server
