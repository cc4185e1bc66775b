// The game server's HTTP API (issue 16): routes, validation and the event stream. Every error is
// a JSON body {"error": reason, "rule"?: id} with a 4xx status; an unexpected failure is a 500
// that says nothing of the server's insides.
#include "http_api.hpp"

#include <chrono>
#include <cmath>

#include <fmt/format.h>
#include <httplib.h>

#include "advice/preview.hpp"
#include "data/rules_index.hpp"
#include "game/view.hpp"

namespace arap::server {

namespace {

const char* const kJson = "application/json";
const std::string kGame = R"(/api/games/([0-9a-f]{16}))";

void send_json(httplib::Response& res, const nlohmann::json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(), kJson);
}

void send_error(httplib::Response& res, int status, const std::string& text,
                const std::string& rule = {}) {
  nlohmann::json body = {{"error", text}};
  if (!rule.empty()) body["rule"] = rule;
  send_json(res, body, status);
}

// Runs a route, turning refusals into their 4xx and anything unforeseen into a bare 500.
template <typename Route>
void guarded(httplib::Response& res, Route&& route) {
  try {
    route();
  } catch (const ApiError& error) {
    send_error(res, error.status, error.what(), error.rule);
  } catch (const nlohmann::json::exception& error) {
    send_error(res, 400, fmt::format("the request's JSON is not valid: {}", error.what()));
  } catch (const std::exception&) {
    send_error(res, 500, "internal error");
  }
}

nlohmann::json body_json(const httplib::Request& req) {
  if (req.body.empty()) throw ApiError(400, "the request has no body (a JSON object is expected)");
  nlohmann::json body;
  try {
    body = nlohmann::json::parse(req.body);
  } catch (const nlohmann::json::parse_error& error) {
    throw ApiError(400, fmt::format("the body is not JSON: {}", error.what()));
  }
  if (!body.is_object()) throw ApiError(400, "the body must be a JSON object");
  return body;
}

std::string bearer_token(const httplib::Request& req) {
  const std::string header = req.get_header_value("Authorization");
  const std::string prefix = "Bearer ";
  if (header.rfind(prefix, 0) != 0)
    throw ApiError(401, "acting for a seat needs its secret: \"Authorization: Bearer <token>\"");
  return header.substr(prefix.size());
}

std::size_t since_param(const httplib::Request& req) {
  std::string text =
      req.has_param("since") ? req.get_param_value("since") : req.get_header_value("Last-Event-ID");
  if (text.empty()) return 0;
  if (text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw ApiError(400, "since must be a whole number, 0 or more");
  return std::stoul(text);
}

// A copy of the state (the lock is held only while copying; the engine's answers take longer).
game::GameState snapshot(const Room& room) {
  std::lock_guard lock(room.mutex);
  return room.state;
}

nlohmann::json game_summary(const Room& room) {
  std::lock_guard lock(room.mutex);
  nlohmann::json out = {{"id", room.id},
                        {"scenario", room.setup->scenario.name},
                        {"seed", room.record.seed},
                        {"seats", public_seats(room)},
                        {"actions", room.record.actions.size()},
                        {"events", room.log.size()},
                        {"digest", fmt::format("{:016x}", game::state_digest(room.state))},
                        {"state", game::state_view(room.state)}};
  if (!room.ai_error.empty()) out["ai_error"] = room.ai_error;
  return out;
}

nlohmann::json plan_json(const game::MovePlan& plan) {
  nlohmann::json out = {{"possible", plan.possible},   {"inches", plan.inches},
                        {"wanted", plan.wanted},       {"cost", plan.cost},
                        {"allowance", plan.allowance}, {"action_points", plan.action_points},
                        {"reached", plan.reached}};
  if (plan.possible) out["action"] = game::to_json(plan.action);
  if (!plan.stop.text.empty()) out["stop"] = game::to_json(plan.stop);
  return out;
}

double finite_number(const nlohmann::json& value, const char* field) {
  if (!value.is_number() || !std::isfinite(value.get<double>()))
    throw ApiError(400, fmt::format("{} must be a number", field));
  return value.get<double>();
}

}  // namespace

HttpServer::HttpServer(GameHall& hall, HttpOptions options)
    : hall_(hall), options_(std::move(options)), http_(std::make_unique<httplib::Server>()) {
  auto& http = *http_;
  const std::size_t threads = options_.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(options_.max_body);
  // A page keeps its connection (each holds a request thread while open, up to 5 s idle).
  http.set_keep_alive_max_count(1000);
  http.set_tcp_nodelay(true);  // small JSON answers go out at once, not after a delayed ACK
  // Remember the listening socket (the options run on it before bind) to widen its backlog.
  http.set_socket_options([this](socket_t sock) {
    httplib::default_socket_options(sock);
    listen_socket_ = sock;
  });
  http.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                            {"Content-Security-Policy", "default-src 'self'"},
                            {"Cache-Control", "no-store"}});
  http.set_exception_handler([](const httplib::Request&, httplib::Response& res,
                                std::exception_ptr) { send_error(res, 500, "internal error"); });
  http.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 413)
      send_error(res, 413, "the request is too large");
    else if (res.status == 404)
      send_error(res, 404, fmt::format("nothing here: {}", req.path));
    else
      send_error(res, res.status, "the request was refused");
  });
  if (!options_.web_dir.empty()) http.set_mount_point("/", options_.web_dir);

  if (!options_.rules_file.empty())
    for (const auto& rule : data::load_rules_index(options_.rules_file))
      rules_.push_back(nlohmann::json{{"id", rule.id},
                                      {"title", rule.title},
                                      {"tier", rule.tier},
                                      {"status", rule.status},
                                      {"summary", rule.summary}});
  // Every catalogue rule in the project's words: the page shows a roll's rule on hover.
  http.Get("/api/rules", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] { send_json(res, rules_); });
  });
  http.Get("/api/agents", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] { send_json(res, hall_.agents()); });
  });
  http.Get("/api/scenarios", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] { send_json(res, hall_.scenarios()); });
  });
  http.Get("/api/games", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& room : hall_.rooms()) {
        nlohmann::json summary = game_summary(*room);
        summary.erase("state");
        out.push_back(std::move(summary));
      }
      send_json(res, out);
    });
  });
  http.Post("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, hall_.create(body_json(req)), 201); });
  });

  const auto room_of = [this](const httplib::Request& req) {
    auto room = hall_.find(req.matches[1]);
    if (!room) throw ApiError(404, "there is no such game");
    return room;
  };
  http.Get(kGame, [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, game_summary(*room_of(req))); });
  });
  http.Get(kGame + "/table", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] { send_json(res, game::table_view(*room_of(req)->setup)); });
  });
  http.Get(kGame + "/record", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      std::lock_guard lock(room->mutex);
      game::GameRecord record = room->record;
      record.digest = game::state_digest(room->state);
      record.digest_actions = record.actions.size();
      send_json(res, game::to_json(record));
    });
  });
  // The replay viewer: the game after its first N actions, and the events of action N.
  http.Get(kGame + R"(/at/(\d{1,7}))",
           [room_of](const httplib::Request& req, httplib::Response& res) {
             guarded(res, [&] {
               const auto room = room_of(req);
               game::GameRecord record;
               {
                 std::lock_guard lock(room->mutex);
                 record = room->record;
               }
               const std::size_t at = std::stoul(req.matches[2]);
               if (at > record.actions.size())
                 throw ApiError(404, fmt::format("the game has {} actions", record.actions.size()));
               record.actions.resize(at);
               record.digest.reset();
               game::EventLog log;
               const game::GameState state = game::replay(*room->setup, record, &log);
               std::size_t first = log.size();
               while (first > 0 && at > 0 && log[first - 1].value("type", "") != "action") --first;
               if (first > 0 && at > 0) --first;
               nlohmann::json events = nlohmann::json::array();
               for (std::size_t i = first; i < log.size(); ++i) events.push_back(log[i]);
               send_json(res, {{"at", at},
                               {"first_event", first},
                               {"events", std::move(events)},
                               {"state", game::state_view(state)}});
             });
           });
  http.Get(kGame + "/report", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      std::lock_guard lock(room->mutex);
      res.set_content(game::battle_report(*room->setup, room->log), "text/plain; charset=utf-8");
    });
  });
  http.Get(kGame + "/legal", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const game::GameState state = snapshot(*room_of(req));
      nlohmann::json actions = nlohmann::json::array();
      for (const auto& action : game::legal_actions(state)) {
        actions.push_back(game::to_json(action));
      }
      send_json(res, {{"pending", game::to_json(game::pending(state))},
                      {"actions_applied", state.actions_applied},
                      {"actions", std::move(actions)}});
    });
  });
  http.Post(kGame + "/plan", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      const nlohmann::json body = body_json(req);
      const game::GameState state = snapshot(*room);
      if (!body.contains("unit") || !body["unit"].is_number_integer())
        throw ApiError(400, "unit must be a unit's index");
      const int unit = body["unit"].get<int>();
      if (unit < 0 || unit >= static_cast<int>(state.units.size()))
        throw ApiError(400, fmt::format("there is no unit {}", unit));
      table::MoveMode mode = table::MoveMode::normal;
      if (body.contains("mode")) {
        if (!body["mode"].is_string()) throw ApiError(400, "mode must be a move mode's name");
        const auto found = game::move_mode_from_name(body["mode"].get<std::string>());
        if (!found)
          throw ApiError(400, fmt::format("there is no move mode {}", body["mode"].dump()));
        mode = *found;
      }
      if (!body.contains("to") || !body["to"].is_array() || body["to"].size() != 2)
        throw ApiError(400, "to must be a point [x, y] in inches");
      const table::Point to{finite_number(body["to"][0], "to[0]"),
                            finite_number(body["to"][1], "to[1]")};
      const bool free_move = body.value("free_move", false);
      send_json(res, plan_json(game::plan_move(state, unit, mode, to, free_move)));
    });
  });
  http.Post(kGame + "/preview", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      const nlohmann::json body = body_json(req);
      if (!body.contains("action")) throw ApiError(400, "give the action to preview as \"action\"");
      game::Action action;
      try {
        action = game::action_from_json(body["action"]);
      } catch (const std::exception& error) {
        throw ApiError(400, error.what());
      }
      const game::GameState state = snapshot(*room);
      send_json(res, advice::to_json(advice::preview(state, action)));
    });
  });
  http.Post(
      kGame + "/actions", [this, room_of](const httplib::Request& req, httplib::Response& res) {
        guarded(res, [&] {
          const auto room = room_of(req);
          const std::string token = bearer_token(req);
          const nlohmann::json body = body_json(req);
          if (!body.contains("action")) throw ApiError(400, "give the action as \"action\"");
          std::optional<std::size_t> expected;
          if (body.contains("after")) {
            if (!body["after"].is_number_unsigned() &&
                !(body["after"].is_number_integer() && body["after"].get<std::int64_t>() >= 0))
              throw ApiError(400, "after must be the number of actions the client has seen");
            expected = body["after"].get<std::size_t>();
          }
          const Applied applied = hall_.apply(*room, token, body["action"], expected);
          send_json(res, {{"first_event", applied.first_event},
                          {"events", applied.events},
                          {"state", applied.state}});
        });
      });
  http.Get(kGame + "/events", [room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      const std::size_t since = since_param(req);
      std::lock_guard lock(room->mutex);
      nlohmann::json events = nlohmann::json::array();
      for (std::size_t i = since; i < room->log.size(); ++i) events.push_back(room->log[i]);
      send_json(res, {{"first_event", since}, {"events", events}, {"next", room->log.size()}});
    });
  });
  // Server-sent events: an "update" message ({first_event, events, state}) whenever the game
  // changes, from `since` (or Last-Event-ID) on; a comment every 15 s keeps proxies from closing.
  http.Get(kGame + "/stream", [this, room_of](const httplib::Request& req, httplib::Response& res) {
    guarded(res, [&] {
      const auto room = room_of(req);
      auto next = std::make_shared<std::size_t>(since_param(req));
      res.set_chunked_content_provider(
          "text/event-stream", [this, room, next](std::size_t, httplib::DataSink& sink) {
            std::unique_lock lock(room->mutex);
            const bool changed = room->changed.wait_for(lock, std::chrono::seconds(15), [&] {
              return hall_.shutting_down() || room->log.size() != *next;
            });
            if (hall_.shutting_down()) {
              sink.done();
              return true;
            }
            std::string message;
            if (!changed) {
              message = ": still here\n\n";
            } else {
              if (*next > room->log.size()) *next = room->log.size();
              nlohmann::json events = nlohmann::json::array();
              for (std::size_t i = *next; i < room->log.size(); ++i) events.push_back(room->log[i]);
              nlohmann::json update = {{"first_event", *next},
                                       {"events", std::move(events)},
                                       {"state", game::state_view(room->state)}};
              if (!room->ai_error.empty()) update["ai_error"] = room->ai_error;
              *next = room->log.size();
              message = fmt::format("id: {}\nevent: update\ndata: {}\n\n", *next, update.dump());
            }
            lock.unlock();
            return sink.write(message.data(), message.size());
          });
    });
  });
}

HttpServer::~HttpServer() {
  stop();
}

int HttpServer::bind(const std::string& host, int port) {
  const int bound =
      port == 0 ? http_->bind_to_any_port(host) : (http_->bind_to_port(host, port) ? port : -1);
  // cpp-httplib listens with a backlog of 5: fifty browsers connecting at once would overflow it
  // and some connections be reset. Listening again on the bound socket widens the queue.
  if (bound > 0 && listen_socket_ >= 0) ::listen(listen_socket_, SOMAXCONN);
  return bound;
}

bool HttpServer::listen() {
  return http_->listen_after_bind();
}

void HttpServer::stop() {
  hall_.shutdown();
  if (http_->is_running()) http_->stop();
}

}  // namespace arap::server
