#include "game/actions.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>

namespace arap::game {

namespace {

constexpr std::array<const char*, 22> kKinds = {"activate",
                                                "free_move",
                                                "end_phase",
                                                "pick_up",
                                                "decline_pick_up",
                                                "move",
                                                "go_prone",
                                                "stand_up",
                                                "aim",
                                                "shoot",
                                                "throw_grenade",
                                                "end_activation",
                                                "charge",
                                                "hold",
                                                "stand_and_fire",
                                                "run",
                                                "fight",
                                                "break_off",
                                                "hit_and_run",
                                                "intercept",
                                                "let_pass",
                                                "hide"};
constexpr std::array<const char*, 10> kModes = {"normal",   "backwards", "sidestep", "crawl",
                                                "tactical", "charge",    "flee",     "climb",
                                                "swim",     "jump"};

}  // namespace

nlohmann::json to_json(const Action& action) {
  nlohmann::json out;
  out["type"] = kKinds[static_cast<std::size_t>(action.kind)];
  switch (action.kind) {
    case ActionKind::activate:
      out["unit"] = action.unit;
      out["dice"] = action.dice;
      break;
    case ActionKind::pick_up: {
      nlohmann::json picks = nlohmann::json::array();
      for (int i = 0; i < action.pick_count; ++i) {
        picks.push_back({{"unit", action.picks[i].first}, {"dice", action.picks[i].second}});
      }
      out["picks"] = picks;
      break;
    }
    case ActionKind::move:
    case ActionKind::free_move:
      out["unit"] = action.unit;
      out["mode"] = kModes[static_cast<std::size_t>(action.mode)];
      out["dx"] = action.dx;
      out["dy"] = action.dy;
      if (action.facing) out["facing"] = *action.facing;
      break;
    case ActionKind::shoot:
      out["unit"] = action.unit;
      out["target"] = action.target;
      out["heavy"] = action.heavy;
      if (action.guess) out["guess"] = *action.guess;
      break;
    case ActionKind::throw_grenade:
      out["unit"] = action.unit;
      out["target"] = action.target;
      if (action.guess) out["guess"] = *action.guess;
      break;
    case ActionKind::charge:
      out["unit"] = action.unit;
      out["target"] = action.target;
      out["fire"] = action.fire;
      break;
    case ActionKind::fight:
      out["unit"] = action.unit;
      if (action.krak) out["krak"] = true;
      break;
    case ActionKind::end_phase:
    case ActionKind::decline_pick_up:
      break;
    default:
      out["unit"] = action.unit;
      break;
  }
  return out;
}

Action action_from_json(const nlohmann::json& json) {
  if (!json.is_object() || !json.contains("type") || !json["type"].is_string()) {
    throw std::invalid_argument("an action is an object with a \"type\"");
  }
  Action action;
  const std::string type = json["type"];
  bool known = false;
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    if (type == kKinds[i]) {
      action.kind = static_cast<ActionKind>(i);
      known = true;
    }
  }
  if (!known) throw std::invalid_argument(fmt::format("unknown action type \"{}\"", type));
  const auto number = [&json](const char* key, auto fallback) {
    if (!json.contains(key)) return fallback;
    if (!json[key].is_number())
      throw std::invalid_argument(fmt::format("\"{}\" must be a number", key));
    return json[key].get<decltype(fallback)>();
  };
  action.unit = number("unit", -1);
  action.dice = number("dice", 0);
  action.target = number("target", -1);
  action.dx = number("dx", 0.0);
  action.dy = number("dy", 0.0);
  if (json.contains("facing")) action.facing = number("facing", 0.0);
  if (json.contains("guess")) action.guess = number("guess", 0.0);
  const auto flag = [&json](const char* key) {
    if (!json.contains(key)) return false;
    if (!json[key].is_boolean())
      throw std::invalid_argument(fmt::format("\"{}\" must be true or false", key));
    return json[key].get<bool>();
  };
  action.heavy = flag("heavy");
  action.fire = flag("fire");
  action.krak = flag("krak");
  if (json.contains("mode")) {
    const std::string mode = json["mode"];
    bool found = false;
    for (std::size_t i = 0; i < kModes.size(); ++i) {
      if (mode == kModes[i]) {
        action.mode = static_cast<table::MoveMode>(i);
        found = true;
      }
    }
    if (!found) throw std::invalid_argument(fmt::format("unknown move mode \"{}\"", mode));
  }
  if (json.contains("picks")) {
    const auto& picks = json["picks"];
    if (!picks.is_array() || picks.size() > 3) {
      throw std::invalid_argument("\"picks\" is a list of at most three {unit, dice}");
    }
    for (const auto& pick : picks) {
      action.picks[action.pick_count++] = {pick.at("unit").get<int>(), pick.at("dice").get<int>()};
    }
  }
  return action;
}

std::string describe(const Action& action) {
  return to_json(action).dump();
}

}  // namespace arap::game
