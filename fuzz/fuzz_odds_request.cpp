// Fuzz target: `arap odds attack` and `arap odds melee` requests (JSON or YAML), parsed strictly
// and, when accepted and of moderate size, evaluated exactly. Issue 14.
#include <cstddef>
#include <cstdint>

#include "data/data_error.hpp"
#include "fuzz_support.hpp"
#include "odds/attack_request.hpp"
#include "odds/melee_odds.hpp"
#include "odds/work_limit.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arap;
  const std::string text = fuzz::text_of(data, size);
  try {
    const odds::AttackRequest request =
        odds::parse_attack_request(text, "fuzz.json", fuzz::shipped_library().get());
    // Huge but legal requests are bounded by the work limit (tested in odds_test); here they would
    // only slow the search for crashes, so the evaluator is exercised on moderate sizes.
    if (request.attacker.models <= 40 && request.target.models <= 40) {
      const odds::AttackReport report = odds::evaluate_attack(request);
      if (report.slain.total() < 0.999999 || report.slain.total() > 1.000001) __builtin_trap();
    }
  } catch (const data::DataError&) {
  } catch (const odds::OddsError&) {
  } catch (const odds::TooLargeToCompute&) {
  }
  try {
    const odds::MeleeRequest request = odds::parse_melee_request(text, "fuzz.json");
    const odds::MeleeReport report = odds::evaluate_melee(request);
    const double total = report.attacker_wins + report.defender_wins + report.draw;
    if (total < 0.999999 || total > 1.000001) __builtin_trap();
  } catch (const data::DataError&) {
  } catch (const odds::OddsError&) {
  } catch (const odds::TooLargeToCompute&) {
  }
  return 0;
}
