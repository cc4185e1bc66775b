#include "game/record.hpp"

#include <charconv>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace arap::game {

namespace {

std::string hex(std::uint64_t value) {
  return fmt::format("{:016x}", value);
}

}  // namespace

std::uint64_t scenario_hash(const std::string& scenario_text) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (const unsigned char c : scenario_text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

GameRecord record_for(const GameSetup& setup, std::uint64_t seed) {
  GameRecord record;
  record.scenario_file = setup.scenario_file;
  record.seed = seed;
  record.scenario_text = setup.scenario_text;
  record.data_fingerprint = setup.library ? setup.library->fingerprint() : 0;
  return record;
}

nlohmann::json to_json(const GameRecord& record) {
  nlohmann::json actions = nlohmann::json::array();
  for (const auto& action : record.actions) actions.push_back(to_json(action));
  nlohmann::json out = {{"format", "arap-game-1"},
                        {"scenario", record.scenario_file},
                        {"seed", record.seed},
                        {"actions", actions}};
  if (!record.scenario_text.empty()) {
    out["scenario_content"] = record.scenario_text;
    out["scenario_hash"] = hex(scenario_hash(record.scenario_text));
  }
  if (record.data_fingerprint != 0) out["data_fingerprint"] = hex(record.data_fingerprint);
  if (record.digest) {
    out["digest"] = hex(*record.digest);
    out["digest_actions"] = record.digest_actions;
  }
  return out;
}

std::shared_ptr<const GameSetup> setup_for_record(const GameRecord& record,
                                                  std::shared_ptr<const data::Library> library) {
  if (record.scenario_text.empty()) return make_setup(record.scenario_file, std::move(library));
  if (record.data_fingerprint != 0 && library->fingerprint() != record.data_fingerprint) {
    throw std::invalid_argument(fmt::format(
        "this game was played with other data (fingerprint {}; the data folder here has {}): "
        "its units, weapons or rules have changed since, so replaying it could give another game",
        hex(record.data_fingerprint), hex(library->fingerprint())));
  }
  return make_setup_from_text(record.scenario_text, record.scenario_file, std::move(library));
}

namespace {

std::uint64_t hex_field(const data::Field& field) {
  const std::string text = field.as_string();
  std::uint64_t value = 0;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.size() != 16 || error != std::errc() || ptr != text.data() + text.size())
    field.fail("expected 16 hexadecimal digits");
  return value;
}

}  // namespace

// Issue 14: strict, as the action reader is: a seed of 11.9, "actions": null, an unknown format
// or key are refused with the file, line and field.
GameRecord record_from_field(const data::Field& root) {
  root.expect_map();
  root.allow_only({"format", "scenario", "seed", "actions", "scenario_content", "scenario_hash",
                   "data_fingerprint", "digest", "digest_actions", "events", "winner", "turn",
                   "score"});
  if (root.has("format") && root["format"].as_string() != "arap-game-1")
    root["format"].fail("unknown saved-game format (this arap reads \"arap-game-1\")");
  GameRecord record;
  record.scenario_file = root["scenario"].as_string();
  record.seed = root["seed"].as_uint64();
  if (root.has("scenario_content")) {
    record.scenario_text = root["scenario_content"].as_string();
    if (!root.has("scenario_hash")) root.fail("scenario_content comes with its scenario_hash");
    if (hex_field(root["scenario_hash"]) != scenario_hash(record.scenario_text))
      root["scenario_hash"].fail(
          "scenario_content does not match scenario_hash: the saved scenario was edited");
  }
  if (root.has("data_fingerprint")) record.data_fingerprint = hex_field(root["data_fingerprint"]);
  if (root.has("digest")) {
    record.digest = hex_field(root["digest"]);
    record.digest_actions = static_cast<std::size_t>(root["digest_actions"].as_int(0, 1 << 30));
  }
  const data::Field actions = root["actions"];
  actions.expect_sequence();
  for (std::size_t i = 0; i < actions.size(); ++i)
    record.actions.push_back(action_from_field(actions.at(i)));
  return record;
}

GameRecord record_from_json(const nlohmann::json& json) {
  return record_from_field(data::Field::load_text(json.dump(), "saved game"));
}

GameRecord record_from_text(const std::string& text, const std::string& source) {
  return record_from_field(data::Field::load_text(text, source));
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
  if (record.digest && record.digest_actions == record.actions.size() &&
      state_digest(state) != *record.digest) {
    throw std::invalid_argument(fmt::format(
        "the replayed game ends in another state than the one saved (digest {}, saved {}): the "
        "engine or its data changed since",
        hex(state_digest(state)), hex(*record.digest)));
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
  // Units of one side with the same name are told apart by their order ("Infantry Squad 2"); the
  // number is the one `--actions` files use.
  int same = 0;
  int ordinal = 0;
  for (int v = 0; v < static_cast<int>(setup.units.size()); ++v) {
    if (setup.units[v].side != info.side || setup.units[v].name != info.name) continue;
    ++same;
    if (v == unit) ordinal = same;
  }
  const std::string name = same > 1 ? fmt::format("{} {}", info.name, ordinal) : info.name;
  return fmt::format("{} ({}, unit {})", name, setup.scenario.sides[info.side].name, unit);
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
    } else if (type == "ai_choice") {
      // Issue 15: an agent's reasons, the choice first, then the runners-up with their scores.
      const auto& options = e["options"];
      if (options.empty()) continue;
      const auto line = [](const nlohmann::json& o) {
        std::string text = o.value("text", "");
        if (o.contains("why")) text += ": " + o["why"].get<std::string>();
        return text;
      };
      out += fmt::format("  ({} chooses {}", e.value("agent", "AI"), line(options[0]));
      for (std::size_t i = 1; i < options.size(); ++i) {
        const auto& score = options[i]["score"];
        out += fmt::format(
            "; rather than {} [{}]", line(options[i]),
            score.is_number()
                ? fmt::format("{:+.1f}", score.get<double>() - options[0]["score"].get<double>())
                : std::string("ruled out"));
      }
      out += ")\n";
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
        const std::string at =
            e.contains("target") ? " at " + unit_name(setup, e, "target") : std::string();
        out += fmt::format("  {} fires {}{}: {} against {}- to hit, {} hits\n", unit_name(setup, e),
                           e["weapon"].get<std::string>(), at, dice_text(e["dice"]),
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
      } else if (what == "weather") {  // ADV-21
        const int rain = e["rain"].get<int>();
        const int was = e["was"].get<int>();
        out += fmt::format("  The GM rolls {} for the weather: {}\n", dice_text(e["dice"]),
                           rain == was  ? fmt::format("the rain stays at level {}", rain)
                           : rain > was ? fmt::format("the rain worsens to level {}", rain)
                                        : fmt::format("the rain eases to level {}", rain));
      } else if (what == "deep strike scatter") {  // ADV-26
        out += fmt::format("  {} rolls {} for its deep strike: {}\n", unit_name(setup, e),
                           dice_text(e["dice"]),
                           e["double"].get<bool>()
                               ? std::string("a double")
                               : fmt::format("the marker scatters {}\"", e["inches"].get<int>()));
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
      const bool damage = e.contains("damage_dice") && !e["damage_dice"].empty();
      out += fmt::format("    wounds {} saves {}{}: {} unsaved, {} slain\n",
                         dice_text(e["wound_dice"]), dice_text(e["save_dice"]),
                         damage ? " damage " + dice_text(e["damage_dice"]) : std::string(),
                         e["unsaved"].get<int>(), e["slain"].get<int>());
    } else if (type == "marker") {
      out += fmt::format("    the marker covers {} model(s): cover {} wounds {} saves {}\n",
                         e["under"].get<int>(), dice_text(e["cover_dice"]),
                         dice_text(e["wound_dice"]), dice_text(e["save_dice"]));
    } else if (type == "template_hits") {
      out += fmt::format("    the template: cover {} wounds {} saves {}\n",
                         dice_text(e["fallback_dice"]), dice_text(e["wound_dice"]),
                         dice_text(e["save_dice"]));
    } else if (type == "through_smoke") {
      const int change = e["strength_change"].get<int>();
      out += fmt::format("    the {} fires through smoke (SHOOT-17): BS1{}\n",
                         e["weapon"].get<std::string>(),
                         change != 0 ? fmt::format(", Strength {}", change) : std::string());
    } else if (type == "blind_charge") {
      out += fmt::format("  {} charges {} blind: no Charge bonuses (ADV-51).\n",
                         unit_name(setup, e), unit_name(setup, e, "target"));
    } else if (type == "tidy_up") {
      const int models = e["models"].get<int>();
      if (models > 0)
        out += fmt::format("  After the round {} model(s) step into the fight (ADV-73).\n", models);
    } else if (type == "aim") {
      out += fmt::format("  {} takes aim (+1 to hit with its next shot).\n", unit_name(setup, e));
    } else if (type == "prone") {
      out += fmt::format("  {} goes prone.\n", unit_name(setup, e));
    } else if (type == "stand_up") {
      out += fmt::format("  {} stands up.\n", unit_name(setup, e));
    } else if (type == "activation_end") {
      out += fmt::format("  {} ends its activation.\n", unit_name(setup, e));
    } else if (type == "charge_missed") {
      out += e["why"] == "short_roll"
                 ? fmt::format("  The charge needs {:.1f}\" to reach {} and gets {:.1f}\".\n",
                               e["needed"].get<double>(), unit_name(setup, e, "target"),
                               e["reach"].get<double>())
                 : fmt::format(
                       "  The way is slowed or barred: the lead gets {:.1f}\" of the "
                       "{:.1f}\" it needs.\n",
                       e["moved"].get<double>(), e["needed"].get<double>());
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
    } else if (type == "fire_declared") {  // ADV-01
      out += fmt::format("  {} {} {}: will they go to ground?\n", unit_name(setup, e),
                         e.value("grenade", false) ? "throws at" : "opens fire on",
                         unit_name(setup, e, "target"));
    } else if (type == "gone_to_ground") {
      out += fmt::format("  {} goes to ground.\n", unit_name(setup, e));
    } else if (type == "s_points") {  // ADV-02
      out += e.contains("gained")
                 ? fmt::format("  {} is suppressed: {} S-point{} now.\n", unit_name(setup, e),
                               e["s_points"].get<int>(), e["s_points"].get<int>() == 1 ? "" : "s")
                 : fmt::format("  {} sheds its S-points.\n", unit_name(setup, e));
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
      out += fmt::format("  {} pursues {}{}.\n", unit_name(setup, e), unit_name(setup, e, "target"),
                         e.value("pressed", false) ? ", pressing on (no halt tests)" : "");
    } else if (type == "pursuit_order") {  // MELEE-25
      out += fmt::format("  {} {}.\n", unit_name(setup, e),
                         e.value("pursue", false) ? "presses its pursuit (no halt tests)"
                                                  : "will try to halt its pursuit");
    } else if (type == "pursuers_left_table") {
      out += fmt::format("  {} follows its quarry off the table.\n", unit_name(setup, e));
    } else if (type == "reserves_arrived") {
      out += fmt::format("  {} arrives from reserve{}.\n", unit_name(setup, e),
                         e.value("deep_strike", false) ? " by deep strike" : "");
    } else if (type == "deep_strike") {  // ADV-26
      out += fmt::format("  {} lands at ({:.1f}, {:.1f}).\n", unit_name(setup, e),
                         e["at"][0].get<double>(), e["at"][1].get<double>());
    } else if (type == "deep_strike_mishap") {
      out += fmt::format(
          "  {}'s deep strike goes wrong ({}): {}.\n", unit_name(setup, e),
          e["why"].get<std::string>(),
          e["outcome"].get<std::string>() == "lost" ? "it is lost" : "it goes back to reserve");
    } else if (type == "smoke_laid") {  // ADV-35/50
      out += fmt::format("  {} lays {} cloud ({}\" radius) at ({:.1f}, {:.1f}).\n",
                         unit_name(setup, e), e.value("blind", false) ? "a blind" : "a smoke",
                         e["radius"].get<double>(), e["at"][0].get<double>(),
                         e["at"][1].get<double>());
    } else if (type == "smoke_dispersed") {  // ADV-50
      out += fmt::format("  The cloud at ({:.1f}, {:.1f}) disperses.\n", e["at"][0].get<double>(),
                         e["at"][1].get<double>());
    } else if (type == "ladder_placed") {  // ADV-15
      out += fmt::format("  {} sets a ladder up against a {:.1f}\" face at ({:.1f}, {:.1f}).\n",
                         unit_name(setup, e), e["rise"].get<double>(), e["at"][0].get<double>(),
                         e["at"][1].get<double>());
    } else if (type == "mount_slain") {  // ADV-22 (option separate_mounts)
      const auto& group = *setup.models[e["model"].get<int>()].group;
      out += fmt::format("  {}: a {}'s {} falls; the rider fights on, on foot.\n",
                         unit_name(setup, e), group.name, group.mount->name);
    } else if (type == "grapple_hooked" && e.contains("span")) {  // ADV-14: across a gap
      out += fmt::format(
          "  {}'s grapple catches the far edge of a {:.1f}\" gap at ({:.1f}, {:.1f}).\n",
          unit_name(setup, e), e["span"].get<double>(), e["at"][0].get<double>(),
          e["at"][1].get<double>());
    } else if (type == "grapple_hooked") {  // ADV-14
      out += fmt::format("  {}'s grapple catches the top of a {:.1f}\" face at ({:.1f}, {:.1f}).\n",
                         unit_name(setup, e), e["rise"].get<double>(), e["at"][0].get<double>(),
                         e["at"][1].get<double>());
    } else if (type == "ladder_picked_up") {  // ADV-15
      out += fmt::format("  {} takes up a ladder.\n", unit_name(setup, e));
    } else if (type == "ladder_dropped") {  // ADV-15
      out += fmt::format("  {} drops its ladder ({}).\n", unit_name(setup, e),
                         e["why"].get<std::string>());
    } else if (type == "ladder_cast_down") {  // ADV-15
      out += fmt::format("  {} casts {} down{}.\n", unit_name(setup, e),
                         e.value("hook", false) ? "a grapple" : "a ladder",
                         e["climbers"].empty() ? "" : " with its climbers on it");
    } else if (type == "reload") {  // ADV-30
      out +=
          fmt::format("  {} reloads ({} models).\n", unit_name(setup, e), e["models"].get<int>());
    } else if (type == "bodyguard") {  // ADV-53
      out += fmt::format("  A bodyguard of {} takes its leader's place in the fight.\n",
                         unit_name(setup, e));
    } else if (type == "faced") {  // ADV-71
      out += fmt::format("  {} turns to face {:.0f} degrees.\n", unit_name(setup, e),
                         e["facing"].get<double>());
    } else if (type == "pursuers_returned") {
      out += fmt::format("  {} returns to the table.\n", unit_name(setup, e));
    } else if (type == "used") {
      std::string doors;
      for (const auto& d : e["doors"])
        doors += fmt::format("{}{} {}", doors.empty() ? "" : ", ", d["id"].get<std::string>(),
                             d["open"].get<bool>() ? "opens" : "shuts");
      out += fmt::format("  {} works {}: {}.\n", unit_name(setup, e), e["id"].get<std::string>(),
                         doors);
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
      if (e.contains("kill_points")) {
        // The score in words (issue 13): what each side has left and how its score was made.
        const bool objectives = e.value("objectives", false);
        for (std::size_t side = 0; side < e["score"].size(); ++side) {
          out += fmt::format(
              "  {}: {} unit(s) on the table, {} model(s) slain, {} fled; {} kill "
              "point(s)",
              setup.scenario.sides[side].name, e["units_left"][side].get<int>(),
              e["models_slain"][side].get<int>(), e["models_fled"][side].get<int>(),
              e["kill_points"][side].get<int>());
          if (objectives)
            out +=
                fmt::format(", objectives worth {} held", e["objective_points"][side].get<int>());
          out += "\n";
        }
        out += objectives ? "  (score = 100 x objective points held + kill points; a kill point "
                            "is an enemy unit destroyed or fled)\n"
                          : "  (score = kill points: an enemy unit destroyed or fled)\n";
      }
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

}  // namespace arap::game
