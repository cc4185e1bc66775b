// The door's typed refusals (issue 12): a refusal's catalogue rule and its text, read from the
// engine's reason.
#include "game/engine.hpp"

namespace arap::game {

std::optional<Refusal> refusal(const GameState& s, const Action& a) {
  std::string reason = illegal_reason(s, a);
  if (reason.empty()) return std::nullopt;
  return refusal_of(reason);
}

Refusal refusal_of(std::string_view reason) {
  // The first catalogue ID named (two to six capitals, a dash, two digits, an optional lowercase
  // letter, standing as a word of its own) is the rule; the text drops it and its colon ("ACT-09:
  // that costs ..." or "Marine: MOVE-03: ...").
  const auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto word = [&](char c) { return upper(c) || digit(c) || (c >= 'a' && c <= 'z'); };
  const std::size_t n = reason.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (!upper(reason[i]) || (i > 0 && word(reason[i - 1]))) continue;
    std::size_t j = i;
    while (j < n && upper(reason[j])) ++j;
    if (j - i < 2 || j - i > 6 || j + 2 >= n || reason[j] != '-' || !digit(reason[j + 1]) ||
        !digit(reason[j + 2]))
      continue;
    std::size_t end = j + 3;
    if (end < n && reason[end] >= 'a' && reason[end] <= 'z' &&
        (end + 1 == n || !word(reason[end + 1])))
      ++end;
    if (end < n && word(reason[end])) continue;
    std::size_t rest = end;
    if (rest < n && reason[rest] == ':') ++rest;
    while (rest < n && reason[rest] == ' ') ++rest;
    return Refusal{std::string(reason.substr(i, end - i)),
                   std::string(reason.substr(0, i)) + std::string(reason.substr(rest))};
  }
  return Refusal{"", std::string(reason)};
}

nlohmann::json to_json(const Refusal& r) {
  return {{"rule", r.rule}, {"text", r.text}};
}

}  // namespace arap::game
