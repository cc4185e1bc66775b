// Fuzz target: saved games (`play --save`, `replay`), read strictly and replayed; a replay either
// refuses with the action and rule at fault or ends in a state that keeps every invariant.
// Issue 14.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "data/data_error.hpp"
#include "fuzz_support.hpp"
#include "game/engine.hpp"
#include "game/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arap;
  try {
    const game::GameRecord record = game::record_from_text(fuzz::text_of(data, size), "fuzz.json");
    if (record.actions.size() > 400) return 0;  // long games only slow the search down
    // A record without its scenario's text names a file to read; the fuzzer is not to wander
    // the file system (a saved game naming /dev/zero is the user's own doing).
    if (record.scenario_text.empty()) return 0;
    // Seeds saved before a data or engine change still replay as far as they can: the data
    // fingerprint and the final digest are not what is fuzzed here.
    game::GameRecord fuzzed = record;
    fuzzed.data_fingerprint = 0;
    fuzzed.digest.reset();
    const auto setup = game::setup_for_record(fuzzed, fuzz::shipped_library());
    const game::GameState state = game::replay(*setup, fuzzed);
    if (!game::invariant_violations(state).empty()) __builtin_trap();
  } catch (const data::DataError&) {
  } catch (const std::invalid_argument&) {  // replay: an illegal action, a digest that differs
  }
  return 0;
}
