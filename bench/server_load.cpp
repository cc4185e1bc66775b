// Issue 16: load on the game server. `arap_server_load --games 50 --actions 40` starts a server on
// loopback over a real SQLite file, then one scripted client per game (human seats on both sides)
// plays random legal actions at once; it prints the latency of applied actions (p50, p95, p99,
// max) and of legal-action listings, and stops by itself. It fails (exit 1) on any refused or
// lost action, or when a game's state on the server differs from replaying its record: the
// figures are reported, never asserted (the machines are shared).
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "data/library.hpp"
#include "dice/rng.hpp"
#include "game/record.hpp"
#include "game_hall.hpp"
#include "http_api.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const auto index = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(index, values.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app("Load on the arap game server: concurrent scripted games on loopback");
  int games = 50;
  int actions = 40;
  int think_ms = 0;
  std::string data = ARAP_DATA_DIR;
  std::string db;
  app.add_option("--games", games, "Concurrent games (one client thread each)")
      ->check(CLI::Range(1, 500));
  app.add_option("--actions", actions, "Actions each client applies (fewer if its game ends)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--think", think_ms, "Milliseconds each client pauses before an action (0: none)")
      ->check(CLI::Range(0, 60000));
  app.add_option("--data", data, "Data folder");
  app.add_option("--db", db, "SQLite file (default: a temporary one, removed after)");
  CLI11_PARSE(app, argc, argv);

  const bool temporary = db.empty();
  if (temporary)
    db =
        (std::filesystem::temp_directory_path() / fmt::format("arap_server_load_{}.db", ::getpid()))
            .string();
  auto library = std::make_shared<const arap::data::Library>(arap::data::Library::load(data));
  int failures = 0;
  std::vector<double> apply_ms;
  std::vector<double> legal_ms;
  double seconds = 0.0;
  {
    arap::server::GameStore store(db);
    arap::server::GameHall hall(library, data + "/scenarios", store);
    arap::server::HttpServer http(hall, {"", 512 * 1024, static_cast<std::size_t>(games) + 8});
    const int port = http.bind("127.0.0.1", 0);
    std::thread server([&] { http.listen(); });

    std::mutex mutex;
    std::atomic<int> done{0};
    const char* scenarios[] = {"open_ground", "ruined_town", "woods_and_river"};
    const auto start = Clock::now();
    std::vector<std::thread> clients;
    for (int g = 0; g < games; ++g) {
      clients.emplace_back([&, g] {
        httplib::Client c("127.0.0.1", port);
        c.set_read_timeout(120, 0);
        c.set_keep_alive(true);  // as a browser does: one connection per client
        c.set_tcp_nodelay(true);
        std::vector<double> my_apply;
        std::vector<double> my_legal;
        int my_failures = 0;
        const nlohmann::json request = {
            {"scenario", scenarios[g % 3]}, {"seed", 1000 + g}, {"seats", {"human", "human"}}};
        const auto created = c.Post("/api/games", request.dump(), "application/json");
        if (!created || created->status != 201) {
          fmt::print(stderr, "creating game {}: {}\n", g,
                     created ? created->body : httplib::to_string(created.error()));
          std::lock_guard lock(mutex);
          ++failures;
          return;
        }
        const auto game = nlohmann::json::parse(created->body);
        const std::string id = game["id"];
        arap::dice::Xoshiro256pp rng(static_cast<std::uint64_t>(g) + 1);
        for (int a = 0; a < actions; ++a) {
          auto t0 = Clock::now();
          const auto legal_result = c.Get(("/api/games/" + id + "/legal").c_str());
          my_legal.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          if (!legal_result || legal_result->status != 200) {
            ++my_failures;
            fmt::print(
                stderr, "game {}: legal actions: {}\n", id,
                legal_result ? legal_result->body : httplib::to_string(legal_result.error()));
            break;
          }
          const auto legal = nlohmann::json::parse(legal_result->body);
          if (legal["pending"]["phase"] == "game_over") break;
          const auto& list = legal["actions"];
          const auto& action = list[rng() % list.size()];
          if (think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(think_ms));
          const std::string token = game["seats"][legal["pending"]["side"].get<int>()]["token"];
          t0 = Clock::now();
          const auto applied = c.Post(
              ("/api/games/" + id + "/actions").c_str(), {{"Authorization", "Bearer " + token}},
              nlohmann::json{{"action", action}}.dump(), "application/json");
          my_apply.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
          if (!applied || applied->status != 200) {
            ++my_failures;
            fmt::print(stderr, "game {}: {} -> {}\n", id, action.dump(),
                       applied ? applied->body : httplib::to_string(applied.error()));
            break;
          }
        }
        // The server's game is the one its record replays to.
        const auto record = c.Get(("/api/games/" + id + "/record").c_str());
        try {
          const auto r = arap::game::record_from_text(record->body, id);
          const auto setup = arap::game::setup_for_record(r, library);
          arap::game::replay(*setup, r);  // throws when the saved digest differs
        } catch (const std::exception& error) {
          ++my_failures;
          fmt::print(stderr, "game {}: {}\n", id, error.what());
        }
        std::lock_guard lock(mutex);
        failures += my_failures;
        apply_ms.insert(apply_ms.end(), my_apply.begin(), my_apply.end());
        legal_ms.insert(legal_ms.end(), my_legal.begin(), my_legal.end());
        ++done;
      });
    }
    for (auto& client : clients) client.join();
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
    http.stop();
    server.join();
  }
  if (temporary)
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);

  fmt::print(
      "{} concurrent games, {} applied actions in {:.1f} s ({:.0f} actions/s), {} ms to "
      "think\n",
      games, apply_ms.size(), seconds, static_cast<double>(apply_ms.size()) / seconds, think_ms);
  fmt::print(
      "apply (committed to SQLite): p50 {:.1f} ms, p95 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
      percentile(apply_ms, 0.5), percentile(apply_ms, 0.95), percentile(apply_ms, 0.99),
      percentile(apply_ms, 1.0));
  fmt::print(
      "legal actions:              p50 {:.1f} ms, p95 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
      percentile(legal_ms, 0.5), percentile(legal_ms, 0.95), percentile(legal_ms, 0.99),
      percentile(legal_ms, 1.0));
  if (failures > 0) fmt::print(stderr, "{} failures\n", failures);
  return failures > 0 ? 1 : 0;
}
