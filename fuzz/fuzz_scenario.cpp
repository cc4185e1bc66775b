// Fuzz target: scenario files, loaded strictly against the shipped library; an accepted scenario
// must also set up a game whose starting state keeps every invariant. Issue 14.
#include <cstddef>
#include <cstdint>

#include "data/data_error.hpp"
#include "fuzz_support.hpp"
#include "game/engine.hpp"
#include "game/setup.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arap;
  try {
    const auto setup =
        game::make_setup_from_text(fuzz::text_of(data, size), "fuzz.yaml", fuzz::shipped_library());
    const game::GameState state = game::initial_state(*setup, 1);
    if (!game::invariant_violations(state).empty()) __builtin_trap();
    (void)game::legal_actions(state);
  } catch (const data::DataError&) {
  }
  return 0;
}
