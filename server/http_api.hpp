// The game server's HTTP API (issue 16; docs/server.md): the engine's door over HTTP and JSON
// (pending decision, legal actions, planned moves, odds, apply, events), a server-sent event
// stream per game, and the built web page as static files.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "game_hall.hpp"

namespace httplib {
class Server;
}

namespace arap::server {

struct HttpOptions {
  std::string web_dir;                // the built page; empty: API only
  std::size_t max_body = 512 * 1024;  // bytes; a larger request is refused with 413
  std::size_t threads = 64;           // request threads (each open event stream holds one)
  std::string rules_file;             // data/rules.yaml: rule summaries for the page; "" none
};

class HttpServer {
 public:
  HttpServer(GameHall& hall, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds `host`:`port` (0: any free port); returns the port, or -1 when it cannot bind.
  int bind(const std::string& host, int port);
  // Serves until stop(); returns false if the server could not run.
  bool listen();
  void stop();

 private:
  GameHall& hall_;
  HttpOptions options_;
  std::unique_ptr<httplib::Server> http_;
  int listen_socket_ = -1;
  nlohmann::json rules_ = nlohmann::json::array();
};

}  // namespace arap::server
