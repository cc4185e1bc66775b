// `arap serve`: the game server (issue 16; docs/server.md). Games and every applied action live in
// an SQLite database; the page is served from the built web folder.
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include <fmt/format.h>

#include "commands.hpp"
#include "data/library.hpp"
#include "http_api.hpp"

namespace arap::app {

namespace {

// Where games are kept unless --db says: $XDG_DATA_HOME/arap, else ~/.local/share/arap.
std::string default_db() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    dir = std::filesystem::path(xdg) / "arap";
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".local/share/arap";
  else
    dir = ".";
  return (dir / "games.db").string();
}

}  // namespace

void add_serve_command(CLI::App& app, Action& action) {
  struct Options {
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string db;
    std::string web = ARAP_DEFAULT_WEB_DIR;
    std::string data;
    std::size_t threads = 64;
  };
  auto o = std::make_shared<Options>();
  auto* serve = app.add_subcommand("serve", "Run the game server: play in the browser");
  serve->add_option("--host", o->host, "Address to listen on (default 127.0.0.1: this machine)");
  serve->add_option("--port", o->port, "Port (0: any free port)")->check(CLI::Range(0, 65535));
  serve->add_option("--db", o->db, "SQLite database of games (default: " + default_db() + ")");
  serve->add_option("--web", o->web, "Folder of the built page (empty: the API only)");
  serve->add_option("--data", o->data, "Data folder");
  serve->add_option("--threads", o->threads, "Request threads")->check(CLI::Range(4, 1024));
  serve->callback([o, &action] {
    action = [o] {
      // SIGINT and SIGTERM stop the server cleanly; every applied action is already on disk.
      sigset_t signals;
      sigemptyset(&signals);
      sigaddset(&signals, SIGINT);
      sigaddset(&signals, SIGTERM);
      pthread_sigmask(SIG_BLOCK, &signals, nullptr);

      const std::string db = o->db.empty() ? default_db() : o->db;
      if (o->db.empty())
        std::filesystem::create_directories(std::filesystem::path(db).parent_path());
      auto library = std::make_shared<const data::Library>(data::Library::load(data_dir(o->data)));
      server::GameStore store(db);
      server::GameHall hall(library, data_dir(o->data) + "/scenarios", store,
                            ai::Roster::load(data_dir(o->data)));
      std::string web = o->web;
      if (!web.empty() && !std::filesystem::is_directory(web)) {
        fmt::print(stderr, "arap serve: no built page in {} (scripts/web builds it); API only\n",
                   web);
        web.clear();
      }
      server::HttpServer http(hall,
                              {web, 512 * 1024, o->threads, data_dir(o->data) + "/rules.yaml"});
      const int port = http.bind(o->host, o->port);
      if (port < 0) {
        fmt::print(stderr, "arap serve: cannot listen on {}:{} (in use?)\n", o->host, o->port);
        return 1;
      }
      for (const auto& [id, why] : hall.unresumed())
        fmt::print(stderr, "arap serve: game {} could not be resumed: {}\n", id, why);
      fmt::print("arap: {} games in {}; open http://{}:{}/\n", hall.rooms().size(), db, o->host,
                 port);
      std::cout.flush();
      std::fflush(stdout);
      std::thread waiter([&] {
        int signal = 0;
        sigwait(&signals, &signal);
        http.stop();
      });
      const bool ok = http.listen();
      if (waiter.joinable()) {
        pthread_kill(waiter.native_handle(), SIGTERM);
        waiter.join();
      }
      return ok ? 0 : 1;
    };
  });
}

}  // namespace arap::app
