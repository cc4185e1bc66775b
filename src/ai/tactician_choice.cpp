// The tactician's choice among its ranked options (a blunder draw for easier levels) and the
// ai_choice explanation it logs, in a player's words (issue 15).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "ai/tactician.hpp"
#include "game/view.hpp"

namespace arap::ai {

using game::Action;
using game::ActionKind;
using game::GameState;

// The action in a player's words, with unit names ("charge: Assault Squad at Nobz").
std::string action_words(const GameState& s, const Action& a) {
  const auto name = [&](int u) {
    return u >= 0 && u < static_cast<int>(s.setup->units.size()) ? s.setup->units[u].name
                                                                 : std::string("?");
  };
  const std::string kind = game::to_json(a)["type"].get<std::string>();
  switch (a.kind) {
    case ActionKind::activate:
      return fmt::format("activate {} with {} dice", name(a.unit), a.dice);
    case ActionKind::pick_up: {
      std::string out = "pick up";
      for (int i = 0; i < a.pick_count; ++i)
        out += fmt::format("{} {} dice for {}", i ? "," : "", a.picks[i].second,
                           name(a.picks[i].first));
      return out;
    }
    case ActionKind::end_phase:
    case ActionKind::decline_pick_up:
      return kind;
    case ActionKind::move:
    case ActionKind::free_move:
      return fmt::format("{} {} {:.1f}\" ({})", kind, name(a.unit), std::hypot(a.dx, a.dy),
                         game::to_json(a).value("mode", "normal"));
    case ActionKind::consolidate:
      return fmt::format("consolidate {} {:.1f}\"", name(a.unit), std::hypot(a.dx, a.dy));
    case ActionKind::fight:
      return fmt::format("fight: {}{}{}{}", name(a.unit), a.krak ? " (krak attacks)" : "",
                         a.buckler ? " (bucklers strike)" : "", a.pursue ? " (pursues)" : "");
    case ActionKind::pursuit_order:  // MELEE-25
      return fmt::format("{}: {} {}", kind, name(a.unit),
                         a.pursue ? "presses on" : "tries to halt");
    default:
      if (a.target >= 0)
        return fmt::format("{}: {} at {}{}", kind, name(a.unit), name(a.target),
                           a.heavy  ? " (heavy weapons)"
                           : a.fire ? " (fire and charge)"
                                    : "");
      return fmt::format("{}: {}", kind, name(a.unit));
  }
}

Action TacticianAgent::choose(const GameState& state, dice::Xoshiro256pp& rng) {
  const auto start = std::chrono::steady_clock::now();
  auto ranked = rank(state);
  if (ranked.empty()) throw std::logic_error("no legal action to choose from");
  if (blunder_ > 0.0) {
    // Gumbel-max: the option with the highest score plus blunder x Gumbel noise is exactly a
    // draw from softmax(score / blunder). Options the personality rules out stay out; the one
    // taken is listed first, the rest keep their order.
    std::size_t taken = 0;
    double best = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      if (ranked[i].score <= kRuledOut && i > 0) continue;
      const double u = (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
      const double key = ranked[i].score + blunder_ * -std::log(-std::log(u));
      if (key > best) best = key, taken = i;
    }
    std::rotate(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(taken),
                ranked.begin() + static_cast<std::ptrdiff_t>(taken) + 1);
  }
  nlohmann::json options = nlohmann::json::array();
  for (std::size_t i = 0; i < std::min<std::size_t>(3, ranked.size()); ++i) {
    const auto& r = ranked[i];
    nlohmann::json row = {
        {"action", game::to_json(r.action)},
        {"text", action_words(state, r.action)},
        {"score", r.score <= kRuledOut ? nlohmann::json(nullptr) : nlohmann::json(r.score)}};
    if (!r.why.empty()) row["why"] = r.why;
    if (!r.odds.empty()) row["odds"] = r.odds;
    options.push_back(std::move(row));
  }
  explanation_ = {
      {"type", "ai_choice"},
      {"agent", name()},
      {"side", state.side_deciding()},
      {"phase", game::phase_name(state.phase)},
      {"considered", ranked.size()},
      {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()},
      {"options", std::move(options)}};
  return ranked.front().action;
}

}  // namespace arap::ai
