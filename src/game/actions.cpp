#include "game/actions.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "data/yaml_reader.hpp"

namespace arap::game {

namespace {

constexpr std::array<const char*, 41> kKinds = {"activate",
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
                                                "hide",
                                                "use",
                                                "consolidate",
                                                "go_to_ground",
                                                "stay_up",
                                                "regroup",
                                                "deep_strike",
                                                "reload",
                                                "face",
                                                "bodyguard",
                                                "throw_smoke",
                                                "discharge_smoke",
                                                "place_ladder",
                                                "pick_up_ladder",
                                                "cast_down_ladder",
                                                "throw_grapple",
                                                "pursuit_order",
                                                "split",
                                                "join",
                                                "leave"};
// Bit 63 of a KindSet is kWastedShots (engine.hpp): the kinds must stay below it.
static_assert(kKinds.size() <= 62);  // bits 62 and 63 of a KindSet are kSplitShots, kWastedShots
// ADV-22: in MountAim's order.
constexpr std::array<const char*, 3> kMountAims = {"either", "rider", "mount"};
// In MoveMode's order.
constexpr std::array<const char*, 14> kModes = {
    "normal", "backwards", "sidestep", "crawl",     "tactical", "charge",           "flee",
    "climb",  "swim",      "jump",     "warp_jump", "fleet",    "hell_for_leather", "close_ranks"};

}  // namespace

std::optional<table::MoveMode> move_mode_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kModes.size(); ++i)
    if (name == kModes[i]) return static_cast<table::MoveMode>(i);
  return std::nullopt;
}

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
    case ActionKind::consolidate:
      out["unit"] = action.unit;
      out["dx"] = action.dx;
      out["dy"] = action.dy;
      if (action.facing) out["facing"] = *action.facing;
      break;
    case ActionKind::shoot:
      out["unit"] = action.unit;
      out["target"] = action.target;
      out["heavy"] = action.heavy;
      if (action.guess) out["guess"] = *action.guess;
      if (action.mount_aim != MountAim::either)  // ADV-22
        out["mount_aim"] = kMountAims[static_cast<std::size_t>(action.mount_aim)];
      if (action.pick_count > 0) {  // ADV-32: model groups sent at other units
        nlohmann::json split = nlohmann::json::array();
        for (int i = 0; i < action.pick_count; ++i)
          split.push_back({{"group", action.picks[i].first}, {"target", action.picks[i].second}});
        out["split"] = split;
      }
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
      if (action.buckler) out["buckler"] = true;
      if (action.pursue) out["pursue"] = true;  // MELEE-24
      break;
    case ActionKind::pursuit_order:  // MELEE-25
      out["unit"] = action.unit;
      out["pursue"] = action.pursue;
      break;
    case ActionKind::use:
    case ActionKind::bodyguard:
    case ActionKind::pick_up_ladder:
    case ActionKind::cast_down_ladder:
    case ActionKind::join:   // ADV-19 / ADV-20
    case ActionKind::leave:  // ADV-19
      out["unit"] = action.unit;
      out["target"] = action.target;
      break;
    case ActionKind::deep_strike:
    case ActionKind::throw_smoke:
    case ActionKind::place_ladder:
    case ActionKind::throw_grapple:
      out["unit"] = action.unit;
      out["x"] = action.dx;
      out["y"] = action.dy;
      break;
    case ActionKind::face:
      out["unit"] = action.unit;
      if (action.facing) out["facing"] = *action.facing;
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

namespace {

// The index of `name` in `names`, or a refusal naming the field with a "did you mean".
template <std::size_t N>
std::size_t name_index(const data::Field& field, const std::array<const char*, N>& names,
                       const char* what) {
  const std::string name = field.as_string();
  for (std::size_t i = 0; i < N; ++i)
    if (name == names[i]) return i;
  std::vector<std::string_view> known(names.begin(), names.end());
  field.fail(fmt::format("unknown {} \"{}\"{}", what, name, data::did_you_mean(name, known)));
}

}  // namespace

// Issue 14: every key known, every number whole (or finite) and in range, so nothing nonsensical
// runs as something else (a unit 4294967296 as unit 0, 2.99 dice as 2, "mdoe" as a normal move).
Action action_from_field(const data::Field& field) {
  field.expect_map();
  field.allow_only({"type", "unit", "dice", "target", "dx", "dy", "facing", "guess", "heavy",
                    "fire", "krak", "buckler", "pursue", "mode", "picks", "split", "x", "y",
                    "mount_aim"});
  Action action;
  action.kind = static_cast<ActionKind>(name_index(field["type"], kKinds, "action type"));
  constexpr int kMostUnits = 9999;
  if (field.has("unit")) action.unit = field["unit"].as_int(-1, kMostUnits);
  if (field.has("dice")) action.dice = field["dice"].as_int(0, 99);
  if (field.has("target")) action.target = field["target"].as_int(-1, kMostUnits);
  if (field.has("dx")) action.dx = field["dx"].as_number(-1e4, 1e4);
  if (field.has("dy")) action.dy = field["dy"].as_number(-1e4, 1e4);
  // ADV-26: a deep strike names the marker's aim point, which the action keeps in dx, dy; ADV-35:
  // so does a smoke grenade's throw; ADV-15: and where a ladder is set up.
  if (action.kind == ActionKind::deep_strike || action.kind == ActionKind::throw_smoke ||
      action.kind == ActionKind::place_ladder || action.kind == ActionKind::throw_grapple) {
    action.dx = field["x"].as_number(-1e4, 1e4);
    action.dy = field["y"].as_number(-1e4, 1e4);
  } else if (field.has("x") || field.has("y")) {
    field[field.has("x") ? "x" : "y"].fail(
        "only a deep_strike, throw_smoke, place_ladder or throw_grapple action names a point x, y");
  }
  if (field.has("facing")) action.facing = field["facing"].as_number(-3600.0, 3600.0);
  if (field.has("guess")) action.guess = field["guess"].as_number(0.0, 1e4);
  if (field.has("heavy")) action.heavy = field["heavy"].as_bool();
  if (field.has("fire")) action.fire = field["fire"].as_bool();
  if (field.has("krak")) action.krak = field["krak"].as_bool();
  if (field.has("buckler")) action.buckler = field["buckler"].as_bool();
  if (field.has("mount_aim")) {  // ADV-22: a shot at short range picks out rider or mount
    const data::Field aim = field["mount_aim"];
    if (action.kind != ActionKind::shoot)
      aim.fail("only a shoot action aims at a rider or its mount (ADV-22)");
    action.mount_aim = static_cast<MountAim>(name_index(aim, kMountAims, "mount_aim (ADV-22)"));
  }
  // MELEE-24/25: a fight's choice to pursue, or a pursuing unit's standing order (which must say).
  if (action.kind == ActionKind::pursuit_order) {
    action.pursue = field["pursue"].as_bool();
  } else if (field.has("pursue")) {
    if (action.kind != ActionKind::fight)
      field["pursue"].fail("only a fight or a pursuit_order action says whether to pursue");
    action.pursue = field["pursue"].as_bool();
  }
  if (field.has("mode"))
    action.mode = static_cast<table::MoveMode>(name_index(field["mode"], kModes, "move mode"));
  if (field.has("picks")) {
    const data::Field picks = field["picks"];
    if (action.kind == ActionKind::shoot)
      picks.fail("a shoot action splits its fire with split, not picks (ADV-32)");
    picks.expect_sequence();
    if (picks.size() > 3) picks.fail("at most three units pick up dice (ACT-08)");
    for (std::size_t i = 0; i < picks.size(); ++i) {
      const data::Field pick = picks.at(i);
      pick.expect_map();
      pick.allow_only({"unit", "dice"});
      action.picks[action.pick_count++] = {pick["unit"].as_int(-1, kMostUnits),
                                           pick["dice"].as_int(0, 99)};
    }
  }
  // ADV-32: a shot split between units sends model groups (by index in the unit) at other targets;
  // it keeps them where a pick-up keeps its picks.
  if (field.has("split")) {
    const data::Field split = field["split"];
    if (action.kind != ActionKind::shoot) split.fail("only a shoot action splits its fire");
    split.expect_sequence();
    if (split.size() > 3) split.fail("at most three model groups fire at other units (ADV-32)");
    for (std::size_t i = 0; i < split.size(); ++i) {
      const data::Field part = split.at(i);
      part.expect_map();
      part.allow_only({"group", "target"});
      action.picks[action.pick_count++] = {part["group"].as_int(0, 31),
                                           part["target"].as_int(0, kMostUnits)};
    }
  }
  return action;
}

Action action_from_json(const nlohmann::json& json) {
  return action_from_field(data::Field::load_text(json.dump(), "action"));
}

Action action_from_text(const std::string& text, const std::string& source, int line) {
  // Blank lines ahead keep the reader's line numbers those of the file the text came from.
  return action_from_field(data::Field::load_text(
      std::string(static_cast<std::size_t>(std::max(0, line - 1)), '\n') + text, source));
}

std::string describe(const Action& action) {
  return to_json(action).dump();
}

}  // namespace arap::game
