#include "game/record.hpp"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace arap::game {

nlohmann::json to_json(const GameRecord& record) {
  nlohmann::json actions = nlohmann::json::array();
  for (const auto& action : record.actions) actions.push_back(to_json(action));
  return {{"format", "arap-game-1"},
          {"scenario", record.scenario_file},
          {"seed", record.seed},
          {"actions", actions}};
}

GameRecord record_from_json(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("scenario") || !json.contains("seed") ||
      !json.contains("actions")) {
    throw std::invalid_argument("a saved game has \"scenario\", \"seed\" and \"actions\"");
  }
  GameRecord record;
  record.scenario_file = json["scenario"].get<std::string>();
  record.seed = json["seed"].get<std::uint64_t>();
  std::size_t index = 0;
  for (const auto& action : json["actions"]) {
    try {
      record.actions.push_back(action_from_json(action));
    } catch (const std::exception& error) {
      throw std::invalid_argument(fmt::format("actions[{}]: {}", index, error.what()));
    }
    ++index;
  }
  return record;
}

GameState replay(const GameSetup& setup, const GameRecord& record, EventLog* log) {
  GameState state = initial_state(setup, record.seed);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const std::string reason = apply(state, record.actions[i], log);
    if (!reason.empty()) {
      throw std::invalid_argument(
          fmt::format("actions[{}] ({}) is illegal: {}", i, describe(record.actions[i]), reason));
    }
  }
  return state;
}

namespace {

// A unit's name and side from its number in an event (`id`), "?" when it names no unit.
std::string name_of_unit(const GameSetup& setup, const nlohmann::json& id) {
  if (!id.is_number_integer()) return "?";
  const int unit = id.get<int>();
  if (unit < 0 || unit >= static_cast<int>(setup.units.size())) return "?";
  const auto& info = setup.units[unit];
  return fmt::format("{} ({})", info.name, setup.scenario.sides[info.side].name);
}

std::string unit_name(const GameSetup& setup, const nlohmann::json& e, const char* key = "unit") {
  return e.contains(key) ? name_of_unit(setup, e[key]) : "?";
}

std::string dice_text(const nlohmann::json& faces) {
  std::string text;
  for (const auto& f : faces) {
    if (!text.empty()) text += ' ';
    text += std::to_string(f.get<int>());
  }
  return fmt::format("[{}]", text);
}

}  // namespace

std::string battle_report(const GameSetup& setup, const EventLog& log) {
  std::string out = fmt::format("Battle report: {}\n", setup.scenario.name);
  for (const auto& e : log) {
    const std::string type = e.value("type", "");
    if (type == "player_turn_start") {
      out += fmt::format("\n== Turn {}, {} ==\n", e["turn"].get<int>(),
                         setup.scenario.sides[e["side"].get<int>()].name);
    } else if (type == "roll") {
      const std::string what = e.value("what", "");
      if (what == "activation") {
        out += fmt::format("{} rolls {} to activate (needs {} or less): {} AP{}\n",
                           unit_name(setup, e), dice_text(e["dice"]), e["goal"].get<int>(),
                           e["action_points"].get<int>(), e["bust"].get<bool>() ? ", BUST" : "");
      } else if (what == "pick-up activation") {
        out += fmt::format("  {} picks up the failed dice: {} gives {} AP\n", unit_name(setup, e),
                           dice_text(e["dice"]), e["action_points"].get<int>());
      } else if (what == "to hit") {
        out += fmt::format("  {} fires {}: {} against {}- to hit, {} hits\n", unit_name(setup, e),
                           e["weapon"].get<std::string>(), dice_text(e["dice"]),
                           e["goal"].get<int>(), e["hits"].get<int>());
      } else if (e.contains("outcome")) {
        out += fmt::format("  {} takes a {} on {} or less: {} -> {}\n", unit_name(setup, e), what,
                           e["goal"].get<int>(), dice_text(e["dice"]),
                           e["outcome"].get<std::string>());
      } else if (what == "rally test") {
        out += fmt::format("  {} tries to rally on {} or less: {} -> {}\n", unit_name(setup, e),
                           e["goal"].get<int>(), dice_text(e["dice"]),
                           e["passed"].get<bool>() ? "rallies" : "keeps running");
      } else if (what == "scatter") {
        out += fmt::format("  a marker {}\n",
                           e["on_target"].get<bool>()
                               ? std::string("lands on target")
                               : fmt::format("scatters {:.1f}\"", e["inches"].get<double>()));
      } else if (what == "tactical move" || what == "flee distance" || what == "rout move") {
        out += fmt::format("  {} rolls {} for its {}: {}\"\n", unit_name(setup, e),
                           dice_text(e["dice"]), what, e["inches"].get<int>());
      } else if (what == "charge distance") {
        out += fmt::format("  {} rolls {} for the charge: {:.1f}\"\n", unit_name(setup, e),
                           dice_text(e["dice"]), e["inches"].get<double>());
      } else if (what == "run from charge" || what == "flinch" || what == "pursuit move" ||
                 what == "break-off move" || what == "hit and run move") {
        out += fmt::format("  {} rolls {} for its {}: {:.1f}\"\n", unit_name(setup, e),
                           dice_text(e["dice"]), what, e["inches"].get<double>());
      } else if (what == "stand and fire") {
        out += fmt::format("  {} tries to stand and fire on {} or less: {} -> {} success(es)\n",
                           unit_name(setup, e), e["goal"].get<int>(), dice_text(e["dice"]),
                           e["successes"].get<int>());
      } else if (what == "mêlée attacks") {
        out += fmt::format(
            "    Initiative {}: {} strikes {} blows (goal {}): {} hits, {} unsaved wounds\n",
            e["step"].get<int>(), unit_name(setup, e), e["attacks"].get<int>(),
            e["goal"].get<int>(), e["hits"].get<int>(), e["unsaved"].get<int>());
      } else if (what == "free hacks") {
        out += fmt::format("    {} hacks at {} ({} blows at {}-): {} unsaved wounds\n",
                           unit_name(setup, e), unit_name(setup, e, "target"),
                           e["attacks"].get<int>(), e["goal"].get<int>(), e["unsaved"].get<int>());
      } else if (e.contains("passed")) {
        out += fmt::format("  {} takes a {} on {} or less: {} -> {}\n", unit_name(setup, e), what,
                           e["goal"].get<int>(), dice_text(e["dice"]),
                           e["passed"].get<bool>() ? "passed" : "failed");
      }
    } else if (type == "wounds") {
      out +=
          fmt::format("    wounds {} saves {}: {} unsaved, {} slain\n", dice_text(e["wound_dice"]),
                      dice_text(e["save_dice"]), e["unsaved"].get<int>(), e["slain"].get<int>());
    } else if (type == "move" || type == "free_move") {
      out +=
          fmt::format("  {} {} {:.1f}\"\n", unit_name(setup, e),
                      type == "move" ? "moves" : "makes a free move of", e["inches"].get<double>());
    } else if (type == "bust") {
      out += "  The activation phase ends in a bust.\n";
    } else if (type == "bust_cancelled") {
      out += "  The pick-up cancels the bust.\n";
    } else if (type == "pinned" || type == "suppressed" || type == "rout" || type == "rallied" ||
               type == "fled") {
      out += fmt::format("  {} is {}.\n", unit_name(setup, e),
                         type == "pinned"       ? "pinned"
                         : type == "suppressed" ? "suppressed"
                         : type == "rout"       ? "put to flight"
                         : type == "rallied"    ? "rallied"
                                                : "gone from the table");
    } else if (type == "charge_declared") {
      out += fmt::format("  {} {}charges {}, {:.1f}\" away!\n", unit_name(setup, e),
                         e.value("fire", false) ? "fires and " : "", unit_name(setup, e, "target"),
                         e.value("distance", 0.0));
    } else if (type == "charge") {
      out += fmt::format("  The charge hits home on the {} ({} extra attacks{}).\n",
                         e["approach"].get<std::string>(), e["bonus_attacks"].get<int>(),
                         e["into_cover"].get<bool>() ? ", into cover: they strike at I1" : "");
    } else if (type == "charge_failed") {
      out += fmt::format("  The charge falls short: {} moves {}\" and stops.\n",
                         unit_name(setup, e), e["inches"].get<int>());
    } else if (type == "charge_halted") {
      out +=
          fmt::format("  {} is stopped at the obstacle: the charge fails.\n", unit_name(setup, e));
    } else if (type == "charge_evaded") {
      out += fmt::format("  {} finds nobody to fight: its quarry ran.\n", unit_name(setup, e));
    } else if (type == "caught_running") {
      out += fmt::format("  {} is caught running and routs.\n", unit_name(setup, e));
    } else if (type == "intercepted") {
      out += fmt::format("  {} intercepts {}.\n", unit_name(setup, e),
                         unit_name(setup, e, "chargers"));
    } else if (type == "melee_round") {
      std::string names;
      for (const auto& u : e["units"])
        names += (names.empty() ? "" : " vs ") + name_of_unit(setup, u);
      out += fmt::format("  Mêlée: {}\n", names);
    } else if (type == "combat_result") {
      std::string scores;
      std::string losers;
      for (std::size_t k = 0; k < e["units"].size(); ++k) {
        const std::string name = name_of_unit(setup, e["units"][k]);
        scores += fmt::format("{}{} WD {} CRS {}", k ? ", " : "", name,
                              e["wound_difference"][k].get<int>(), e["score"][k].get<int>());
        if (e.contains("lost") && e["lost"][k].get<bool>())
          losers += (losers.empty() ? "" : ", ") + name;
      }
      const int winning = e["winning_side"].get<int>();
      out += fmt::format(
          "    Result: {}; {}\n", scores,
          winning >= 0 ? fmt::format("{} cut down every foe", setup.scenario.sides[winning].name)
          : losers.empty() ? std::string("the round is drawn and the fight goes on")
                           : fmt::format("{} lost the round", losers));
    } else if (type == "pursuing") {
      out += fmt::format("  {} pursues {}.\n", unit_name(setup, e), unit_name(setup, e, "target"));
    } else if (type == "pursuers_left_table") {
      out += fmt::format("  {} follows its quarry off the table.\n", unit_name(setup, e));
    } else if (type == "reserves_arrived") {
      out += fmt::format("  {} arrives from reserve.\n", unit_name(setup, e));
    } else if (type == "pursuers_returned") {
      out += fmt::format("  {} returns to the table.\n", unit_name(setup, e));
    } else if (type == "hidden") {
      out += fmt::format("  {} goes into hiding.\n", unit_name(setup, e));
    } else if (type == "revealed") {
      out += fmt::format("  {} is no longer hidden ({}).\n", unit_name(setup, e),
                         e["why"].get<std::string>());
    } else if (type == "game_over") {
      const int winner = e["winner"].get<int>();
      out += fmt::format("\nThe battle ends in turn {}. {}\n", e["turn"].get<int>(),
                         winner < 0 ? std::string("It is a draw.")
                                    : fmt::format("{} wins.", setup.scenario.sides[winner].name));
      std::string score;
      for (std::size_t side = 0; side < e["score"].size(); ++side) {
        score += fmt::format("{}{} {}", side ? ", " : "", setup.scenario.sides[side].name,
                             e["score"][side].get<int>());
      }
      out += "Score: " + score + "\n";
    }
  }
  return out;
}

namespace {

// FNV-1a over the text nlohmann's serializer writes, without building the string.
class HashingOutput final : public nlohmann::detail::output_adapter_protocol<char> {
 public:
  explicit HashingOutput(std::uint64_t& hash) : hash_(hash) {}
  void write_character(char c) override { mix(static_cast<unsigned char>(c)); }
  void write_characters(const char* s, std::size_t length) override {
    for (std::size_t i = 0; i < length; ++i) mix(static_cast<unsigned char>(s[i]));
  }

 private:
  void mix(unsigned char c) {
    hash_ ^= c;
    hash_ *= 1099511628211ULL;
  }
  std::uint64_t& hash_;
};

}  // namespace

std::uint64_t log_signature(const EventLog& log, std::uint64_t hash) {
  // The same bytes as hashing each event's dump(): compact, no ASCII escaping, strict UTF-8.
  nlohmann::detail::serializer<nlohmann::json> serializer(std::make_shared<HashingOutput>(hash),
                                                          ' ');
  for (const auto& e : log) serializer.dump(e, false, false, 0);
  return hash;
}

std::uint64_t state_digest(const GameState& s) {
  std::uint64_t hash = 1469598103934665603ULL;
  const auto mix = [&hash](const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      hash ^= bytes[i];
      hash *= 1099511628211ULL;
    }
  };
  for (const auto& m : s.models) {
    mix(&m.pose.position, sizeof(m.pose.position));
    mix(&m.pose.facing, sizeof(m.pose.facing));
    mix(&m.pose.alive, sizeof(m.pose.alive));
    mix(&m.wounds_left, sizeof(m.wounds_left));
    mix(&m.prone, sizeof(m.prone));
  }
  for (const auto& u : s.units) {
    const bool flags[] = {u.attempted, u.picked_up,    u.free_moved, u.pinned,    u.suppressed,
                          u.routing,   u.rout_pending, u.tactical,   u.aimed,     u.heavy_fired,
                          u.fled,      u.away,         u.hidden,     u.revealing, u.in_reserve};
    mix(flags, sizeof(flags));
    mix(&u.casualties_taken, sizeof(u.casualties_taken));
    mix(&u.hits_taken, sizeof(u.hits_taken));
    mix(&u.locked, sizeof(u.locked));
    mix(&u.pursuing, sizeof(u.pursuing));
    mix(&u.round_inflicted, sizeof(u.round_inflicted));
    mix(&u.round_taken, sizeof(u.round_taken));
  }
  mix(&s.turn, sizeof(s.turn));
  mix(&s.phasing, sizeof(s.phasing));
  mix(&s.phase, sizeof(s.phase));
  mix(&s.action_points, sizeof(s.action_points));
  const auto& words = s.dice.generator().state();
  mix(words.data(), sizeof(words));
  const std::uint64_t spare = s.dice.spare();
  mix(&spare, sizeof(spare));
  return hash;
}

}  // namespace arap::game
