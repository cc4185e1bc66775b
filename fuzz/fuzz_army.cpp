// Fuzz target: army files, loaded strictly into a fresh library holding the shipped weapons,
// special rules and creatures (fresh for every input, since a loaded army cannot be taken out).
// Issue 14.
#include <cstddef>
#include <cstdint>
#include <set>

#include "data/data_error.hpp"
#include "fuzz_support.hpp"

namespace {

// A library holding the shipped weapons, special rules and creatures but no army, built from
// copies of the shipped library's (fast: no YAML). Army profiles may point at shipped weapons,
// which live as long as the shipped library, for the whole run.
arap::data::Library base_library() {
  using namespace arap;
  const auto shipped = fuzz::shipped_library();
  data::Library library;
  for (const auto& rule : shipped->special_rules()) library.add_special_rule(rule);
  for (const auto& weapon : shipped->weapons()) library.add_weapon(weapon);
  std::set<const data::Profile*> in_armies;
  for (const auto& army : shipped->armies()) {
    in_armies.insert(army.profiles.begin(), army.profiles.end());
  }
  for (const auto& profile : shipped->profiles()) {
    if (in_armies.count(&profile) == 0) library.add_profile(profile.id, profile);
  }
  return library;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arap;
  data::Library library = base_library();
  try {
    data::load_army_text(fuzz::text_of(data, size), "fuzz.yaml", library);
  } catch (const data::DataError&) {
  }
  return 0;
}
