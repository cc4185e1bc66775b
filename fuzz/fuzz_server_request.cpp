// Fuzz target (issue 16): a request body as the game server receives it. The bytes, read as JSON,
// go to each of the door's writing routes: creating a game, applying an action for a seat, and
// importing a saved game. Every refusal must be an ApiError (a 4xx with a reason, the game
// unchanged); anything else escaping is a crash. The store is an in-memory SQLite database.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "game/record.hpp"
#include "game_hall.hpp"

namespace {

using namespace arap;

struct Fixture {
  server::GameStore store{":memory:"};
  server::GameHall hall{fuzz::shipped_library(), std::string(ARAP_DATA_DIR) + "/scenarios", store};
  std::shared_ptr<server::Room> room;
  std::string token;
  Fixture() {
    const auto created =
        hall.create({{"scenario", "open_ground"}, {"seed", 5}, {"seats", {"human", "human"}}});
    room = hall.find(created["id"]);
    token = created["seats"][0]["token"];
  }
};

// Rebuilt after an applied action (so every input meets the same game) and every few hundred
// inputs (the games created meanwhile are let go).
std::unique_ptr<Fixture>& fixture() {
  static std::unique_ptr<Fixture> f;
  static int uses = 0;
  if (!f || ++uses % 256 == 0) {
    f.reset();
    f = std::make_unique<Fixture>();
  }
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const nlohmann::json body = nlohmann::json::parse(fuzz::text_of(data, size), nullptr, false);
  if (body.is_discarded()) return 0;  // the HTTP layer answers 400 before the hall sees it
  Fixture& f = *fixture();
  const std::uint64_t before = [&] {
    std::lock_guard lock(f.room->mutex);
    return game::state_digest(f.room->state);
  }();
  // An action for the seat whose decision it is (its first side), as POST .../actions.
  try {
    f.hall.apply(*f.room, f.token,
                 body.is_object() && body.contains("action") ? body["action"] : body, std::nullopt);
    fixture().reset();  // applied: the next input meets a fresh game
    return 0;
  } catch (const server::ApiError&) {
    std::lock_guard lock(f.room->mutex);
    if (game::state_digest(f.room->state) != before) __builtin_trap();  // a refusal changed it
  }
  // A new game or an imported saved game, as POST /api/games (only small ones: each creation
  // loads a scenario).
  if (size < 4096) {
    try {
      f.hall.create(body);
    } catch (const server::ApiError&) {
    }
  }
  return 0;
}
