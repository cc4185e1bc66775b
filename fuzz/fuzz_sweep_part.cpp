// Fuzz target: partial results of `arap sim --shard` as `arap merge` reads them (issue 20). A part
// is either refused with its reason (std::invalid_argument, after JSON that does not parse) or
// merged and summarised; any other exception, a crash or undefined behaviour is a bug.
#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "ai/sweep.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arap;
  nlohmann::json part;
  try {
    part = nlohmann::json::parse(fuzz::text_of(data, size));
  } catch (const nlohmann::json::exception&) {  // a syntax error, or a number out of range
    return 0;                                   // arap merge says "not JSON" itself
  }
  try {
    // Twice: as one shard, and as two parts of the same sweep (a repeat must be refused).
    const ai::MergedSweep merged = ai::merge_partials({part}, {"fuzz.json"});
    ai::summarise(merged.header, merged.rows).dump();
    ai::merge_partials({part, part}, {"a.json", "b.json"});
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
