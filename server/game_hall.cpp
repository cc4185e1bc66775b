// Games in memory and their AI seats (issue 16): see game_hall.hpp.
#include "game_hall.hpp"

#include <filesystem>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "data/data_error.hpp"
#include "game/view.hpp"

namespace arap::server {

namespace {

constexpr std::size_t kMaxScenarioText = 256 * 1024;

std::string hex16(std::uint64_t value) {
  return fmt::format("{:016x}", value);
}

std::uint64_t random_u64() {
  static std::random_device device;
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

bool is_ai_seat(const Room& room, int side) {
  return side >= 0 && side < static_cast<int>(room.agents.size()) && room.agents[side];
}

}  // namespace

nlohmann::json public_seats(const Room& room) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& seat : room.seats)
    out.push_back({{"side", seat.side},
                   {"name", room.setup->scenario.sides[seat.side].name},
                   {"player", seat.player}});
  return out;
}

std::string new_secret() {
  return hex16(random_u64()) + hex16(random_u64());
}

bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

GameHall::GameHall(std::shared_ptr<const data::Library> library, std::string scenarios_dir,
                   GameStore& store, ai::Roster roster)
    : library_(std::move(library)),
      scenarios_dir_(std::move(scenarios_dir)),
      roster_(std::move(roster)),
      store_(store) {
  for (auto& stored : store_.load_all()) resume(std::move(stored));
  ai_thread_ = std::thread([this] { ai_loop(); });
}

GameHall::~GameHall() {
  shutdown();
}

void GameHall::shutdown() {
  {
    std::lock_guard lock(ai_mutex_);
    if (stopping_ && !ai_thread_.joinable()) return;
    stopping_ = true;
  }
  ai_wake_.notify_all();
  for (const auto& room : rooms()) {
    std::lock_guard lock(room->mutex);
    room->changed.notify_all();
  }
  if (ai_thread_.joinable()) ai_thread_.join();
}

bool GameHall::shutting_down() const {
  std::lock_guard lock(ai_mutex_);
  return stopping_;
}

std::string GameHall::default_agent() const {
  const auto names = roster_.names();
  return std::find(names.begin(), names.end(), "tactician") != names.end() ? "tactician" : "greedy";
}

nlohmann::json GameHall::agents() const {
  return {{"agents", roster_.names()}, {"default", default_agent()}};
}

nlohmann::json GameHall::scenarios() const {
  nlohmann::json out = nlohmann::json::array();
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(scenarios_dir_, error))
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    try {
      const auto setup = game::make_setup(file.string(), library_);
      nlohmann::json sides = nlohmann::json::array();
      nlohmann::json seats = nlohmann::json::array();
      for (const auto& side : setup->scenario.sides) {
        sides.push_back(side.name);
        seats.push_back(side.ai.empty() ? nlohmann::json(nullptr) : nlohmann::json(side.ai));
      }
      out.push_back({{"id", file.stem().string()},
                     {"name", setup->scenario.name},
                     {"description", setup->scenario.description},
                     {"sides", sides},
                     {"seats", seats}});
    } catch (const std::exception&) {
      // A broken shipped scenario is the validator's business (arap validate); not listed here.
    }
  }
  return out;
}

nlohmann::json GameHall::create(const nlohmann::json& request) {
  if (!request.is_object()) throw ApiError(400, "the request must be a JSON object");
  for (const auto& [key, value] : request.items())
    if (key != "scenario" && key != "scenario_text" && key != "seed" && key != "seats" &&
        key != "record")
      throw ApiError(
          400,
          fmt::format("unknown field \"{}\" (scenario, scenario_text, record, seed, seats)", key));
  // A saved game (arap play --save, or a game's /record): replayed, then kept like any other.
  std::optional<game::GameRecord> imported;
  std::shared_ptr<const game::GameSetup> setup;
  try {
    if (request.contains("record")) {
      if (request.contains("scenario") || request.contains("scenario_text") ||
          request.contains("seed"))
        throw ApiError(400, "a saved game brings its own scenario and seed");
      try {
        imported = game::record_from_json(request["record"]);
        setup = game::setup_for_record(*imported, library_);
      } catch (const std::invalid_argument& error) {
        throw ApiError(400, fmt::format("the saved game: {}", error.what()));
      }
    } else if (request.contains("scenario_text")) {
      if (!request["scenario_text"].is_string())
        throw ApiError(400, "scenario_text must be the scenario's YAML as a string");
      const auto& text = request["scenario_text"].get_ref<const std::string&>();
      if (text.size() > kMaxScenarioText)
        throw ApiError(413, fmt::format("scenario_text is over {} KiB", kMaxScenarioText / 1024));
      setup = game::make_setup_from_text(text, "uploaded scenario", library_);
    } else {
      if (!request.contains("scenario") || !request["scenario"].is_string())
        throw ApiError(400,
                       "name a shipped scenario (\"scenario\") or upload one (\"scenario_text\")");
      const auto& name = request["scenario"].get_ref<const std::string&>();
      bool known = !name.empty() && name.size() <= 64;
      for (const char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') known = false;
      const std::filesystem::path file = std::filesystem::path(scenarios_dir_) / (name + ".yaml");
      std::error_code missing;
      if (!known || !std::filesystem::is_regular_file(file, missing))
        throw ApiError(404, fmt::format("there is no shipped scenario \"{}\"", name));
      setup = game::make_setup(file.string(), library_);
    }
    if (!imported) roster_.check_seats(setup->scenario);  // a seat's `ai:` must be an agent
  } catch (const data::DataError& error) {
    throw ApiError(400, error.what());
  }
  if (setup->sides < 2) throw ApiError(400, "the scenario needs at least two sides");
  std::uint64_t seed = imported ? imported->seed : random_u64() >> 11;  // fits a JSON number
  if (request.contains("seed")) {
    if (!request["seed"].is_number_unsigned() &&
        !(request["seed"].is_number_integer() && request["seed"].get<std::int64_t>() >= 0))
      throw ApiError(400, "seed must be a whole number, 0 or more");
    seed = request["seed"].get<std::uint64_t>();
  }
  std::vector<std::string> players(static_cast<std::size_t>(setup->sides), "human");
  // An imported game: all human; a new two-sided one: a human against the scenario seat's agent
  // (`ai:`), else the best agent known.
  if (setup->sides == 2 && !imported)
    players[1] = roster_.seat(setup->scenario, 1, "", default_agent());
  if (request.contains("seats")) {
    const auto& seats = request["seats"];
    if (!seats.is_array() || seats.size() != players.size())
      throw ApiError(400, fmt::format("seats must list {} players, one a side (\"human\" or an "
                                      "agent: {})",
                                      players.size(), fmt::join(roster_.names(), ", ")));
    for (std::size_t s = 0; s < players.size(); ++s) {
      if (!seats[s].is_string()) throw ApiError(400, fmt::format("seats[{}] must be a string", s));
      players[s] = seats[s].get<std::string>();
    }
  }

  auto room = std::make_shared<Room>();
  room->id = hex16(random_u64());
  room->setup = setup;
  for (std::size_t s = 0; s < players.size(); ++s) {
    StoredSeat seat{static_cast<int>(s), players[s], ""};
    if (players[s] == "human") {
      seat.token = new_secret();
      room->agents.emplace_back();
    } else {
      try {
        room->agents.push_back(roster_.make(players[s]));
      } catch (const std::invalid_argument& error) {
        throw ApiError(400, fmt::format("seats[{}]: {}", s, error.what()));
      }
    }
    room->seats.push_back(std::move(seat));
  }
  room->record = game::record_for(*setup, seed);
  room->state = game::initial_state(*setup, seed);
  room->ai_rng = dice::Xoshiro256pp::for_stream(seed, 0xA1);
  if (imported) {
    try {
      room->record.actions = imported->actions;
      room->state = game::replay(*setup, *imported, &room->log);
    } catch (const std::invalid_argument& error) {
      throw ApiError(400, fmt::format("the saved game does not replay: {}", error.what()));
    }
  }

  StoredGame stored{room->id, "", game::to_json(game::record_for(*setup, seed)), room->seats, {}};
  // An imported game's actions, each with the digest after it (a restart checks the last).
  game::GameState replaying = game::initial_state(*setup, seed);
  for (const auto& action : room->record.actions) {
    game::apply(replaying, action, nullptr);
    stored.actions.push_back({game::to_json(action), hex16(game::state_digest(replaying))});
  }
  try {
    store_.create(stored);
  } catch (const std::exception&) {
    throw ApiError(503, "the game could not be saved to the database; it was not created");
  }
  nlohmann::json out = {{"id", room->id},
                        {"seed", seed},
                        {"scenario", setup->scenario.name},
                        {"seats", public_seats(*room)}};
  for (std::size_t s = 0; s < room->seats.size(); ++s)
    if (!room->seats[s].token.empty()) out["seats"][s]["token"] = room->seats[s].token;
  {
    std::lock_guard lock(rooms_mutex_);
    rooms_[room->id] = room;
  }
  std::lock_guard lock(room->mutex);
  queue_ai(*room);
  return out;
}

void GameHall::resume(StoredGame stored) {
  try {
    nlohmann::json record_json = stored.record;
    record_json["actions"] = nlohmann::json::array();
    for (const auto& entry : stored.actions) record_json["actions"].push_back(entry.action);
    if (!stored.actions.empty()) {
      record_json["digest"] = stored.actions.back().digest;
      record_json["digest_actions"] = stored.actions.size();
    }
    auto room = std::make_shared<Room>();
    room->id = stored.id;
    room->created = stored.created;
    room->record = game::record_from_json(record_json);
    room->setup = game::setup_for_record(room->record, library_);
    // Replays every action and refuses a state other than the one stored (game::replay).
    room->state = game::replay(*room->setup, room->record, &room->log);
    room->seats = stored.seats;
    if (static_cast<int>(room->seats.size()) != room->setup->sides)
      throw std::runtime_error("its seats do not match its scenario's sides");
    for (const auto& seat : room->seats)
      room->agents.push_back(seat.player == "human" ? nullptr : roster_.make(seat.player));
    room->ai_rng =
        dice::Xoshiro256pp::for_stream(room->record.seed, 0xA1 + room->record.actions.size());
    {
      std::lock_guard lock(rooms_mutex_);
      rooms_[room->id] = room;
    }
    std::lock_guard room_lock(room->mutex);
    queue_ai(*room);
  } catch (const std::exception& error) {
    unresumed_[stored.id] = error.what();
  }
}

std::shared_ptr<Room> GameHall::find(const std::string& id) const {
  std::lock_guard lock(rooms_mutex_);
  if (const auto it = rooms_.find(id); it != rooms_.end()) return it->second;
  if (const auto it = unresumed_.find(id); it != unresumed_.end())
    throw ApiError(409, fmt::format("this game could not be resumed: {}", it->second));
  return nullptr;
}

std::vector<std::shared_ptr<Room>> GameHall::rooms() const {
  std::lock_guard lock(rooms_mutex_);
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& [id, room] : rooms_) out.push_back(room);
  return out;
}

Applied GameHall::apply(Room& room, const std::string& token, const nlohmann::json& action_json,
                        std::optional<std::size_t> expected_actions) {
  std::unique_lock lock(room.mutex);
  const StoredSeat* seat = nullptr;
  for (const auto& s : room.seats)
    if (!s.token.empty() && same_secret(s.token, token)) seat = &s;
  if (!seat) throw ApiError(403, "that is no seat's secret in this game");
  if (room.state.phase == game::Phase::game_over) throw ApiError(409, "the game is over");
  if (expected_actions && *expected_actions != room.record.actions.size())
    throw ApiError(409, fmt::format("the game has moved on: {} actions applied, not {}",
                                    room.record.actions.size(), *expected_actions));
  const game::Decision decision = game::pending(room.state);
  if (decision.side != seat->side)
    throw ApiError(409, fmt::format("it is {}'s decision now, not {}'s",
                                    room.setup->scenario.sides[decision.side].name,
                                    room.setup->scenario.sides[seat->side].name));
  game::Action action;
  try {
    action = game::action_from_json(action_json);
  } catch (const std::exception& error) {
    throw ApiError(400, error.what());
  }
  if (const auto refusal = game::refusal(room.state, action))
    throw ApiError(422, refusal->text, refusal->rule);
  game::GameState next = room.state;
  game::EventLog events;
  if (const std::string reason = game::apply(next, action, &events); !reason.empty())
    throw ApiError(422, reason);
  Applied applied = commit(room, action, std::move(next), std::move(events));
  applied.state = game::state_view(room.state);  // the client's answer (AI moves need none)
  return applied;
}

Applied GameHall::commit(Room& room, const game::Action& action, game::GameState next,
                         game::EventLog events) {
  const std::size_t sequence = room.record.actions.size();
  try {
    store_.append(room.id, sequence, game::to_json(action), hex16(game::state_digest(next)));
  } catch (const std::exception&) {
    throw ApiError(503, "the action could not be saved to the database, so it was not applied");
  }
  room.state = std::move(next);
  room.record.actions.push_back(action);
  Applied applied;
  applied.first_event = room.log.size();
  applied.events = events;
  for (auto& event : events) room.log.push_back(std::move(event));
  room.changed.notify_all();
  queue_ai(room);
  return applied;
}

void GameHall::queue_ai(Room& room) {
  if (room.ai_queued || room.state.phase == game::Phase::game_over || !room.ai_error.empty())
    return;
  if (!is_ai_seat(room, game::pending(room.state).side)) return;
  room.ai_queued = true;
  std::shared_ptr<Room> shared;
  {
    std::lock_guard lock(rooms_mutex_);
    if (const auto it = rooms_.find(room.id); it != rooms_.end()) shared = it->second;
  }
  if (!shared) {  // not yet listed (being created or resumed): listed by the caller next
    room.ai_queued = false;
    return;
  }
  {
    std::lock_guard lock(ai_mutex_);
    ai_queue_.push_back(std::move(shared));
  }
  ai_wake_.notify_one();
}

void GameHall::ai_loop() {
  for (;;) {
    std::shared_ptr<Room> room;
    {
      std::unique_lock lock(ai_mutex_);
      ai_wake_.wait(lock, [&] { return stopping_ || !ai_queue_.empty(); });
      if (stopping_) return;
      room = std::move(ai_queue_.front());
      ai_queue_.pop_front();
    }
    play_ai(*room);
  }
}

// One AI decision at a time, then back in the queue: games take turns on the worker, so a long
// game never starves the others.
void GameHall::play_ai(Room& room) {
  std::unique_lock lock(room.mutex);
  room.ai_queued = false;
  if (room.state.phase == game::Phase::game_over) return;
  const int side = game::pending(room.state).side;
  if (!is_ai_seat(room, side)) return;
  // The agent decides on a copy with fresh dice (safe chance): it can never read the real rolls.
  game::GameState copy = room.state;
  game::reseed(copy, room.ai_rng());
  const std::uint32_t before = room.state.actions_applied;
  lock.unlock();
  game::Action action;
  nlohmann::json why;
  try {
    action = room.agents[side]->choose(copy, room.ai_rng);
    why = room.agents[side]->explanation();
  } catch (const std::exception& error) {
    lock.lock();
    room.ai_error = fmt::format("the {} agent failed: {}", room.seats[side].player, error.what());
    room.changed.notify_all();
    return;
  }
  lock.lock();
  if (room.state.actions_applied != before) {  // cannot happen: only this seat decides now
    queue_ai(room);
    return;
  }
  game::GameState next = room.state;
  game::EventLog events;
  // Issue 15: the agent's reasons go before the action's events (the page's AI panel shows them;
  // like every event they are rebuilt by replay after a restart, which has no reasons to rebuild).
  if (!why.is_null()) events.push_back(std::move(why));
  if (const std::string reason = game::apply(next, action, &events); !reason.empty()) {
    room.ai_error =
        fmt::format("the {} agent chose an illegal action: {}", room.seats[side].player, reason);
    room.changed.notify_all();
    return;
  }
  try {
    commit(room, action, std::move(next), std::move(events));
  } catch (const ApiError& error) {
    room.ai_error = error.what();
    room.changed.notify_all();
  }
}

}  // namespace arap::server
