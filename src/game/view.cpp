// Read-only JSON views of a game for clients (issue 16): the pending decision, the table and the
// units' state. The engine's rules are not here; only what a player sees of them.
#include "game/view.hpp"

#include <algorithm>
#include <array>

#include "game/fire_plan.hpp"
#include "rules/weather.hpp"

namespace arap::game {

namespace {

nlohmann::json point_json(const table::Point& p) {
  return nlohmann::json::array({p.x, p.y});
}

nlohmann::json polygon_json(const std::vector<table::Point>& corners) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : corners) out.push_back(point_json(c));
  return out;
}

nlohmann::json profile_json(const data::Profile& p) {
  nlohmann::json out = {{"id", p.id},
                        {"name", p.name},
                        {"M", p.move},
                        {"WS", p.weapon_skill},
                        {"BS", p.ballistic_skill},
                        {"S", p.strength},
                        {"T", p.toughness},
                        {"W", p.wounds},
                        {"I", p.initiative},
                        {"A", p.attacks},
                        {"Ld", p.leadership},
                        {"size", p.size},
                        {"special_rules", p.special_rules}};
  if (p.save) out["Sv"] = *p.save;
  if (p.invulnerable) out["invulnerable"] = *p.invulnerable;
  return out;
}

// The units a bit set names, as indices.
nlohmann::json unit_bits(std::uint64_t bits) {
  nlohmann::json out = nlohmann::json::array();
  for (int u = 0; u < 64; ++u)
    if ((bits >> u) & 1U) out.push_back(u);
  return out;
}

}  // namespace

std::string_view phase_name(Phase phase) {
  static constexpr std::array<std::string_view, 10> kNames = {
      "activation",   "pick_up",      "reaction",      "active",        "charge_response",
      "melee_choice", "interception", "consolidation", "fire_response", "game_over"};
  return kNames[static_cast<std::size_t>(phase)];
}

nlohmann::json to_json(const Decision& d) {
  nlohmann::json out = {{"phase", phase_name(d.phase)}, {"side", d.side}};
  if (d.unit >= 0) out["unit"] = d.unit;
  if (d.action_points > 0) out["action_points"] = d.action_points;
  if (d.failed_dice > 0) out["failed_dice"] = d.failed_dice;
  return out;
}

nlohmann::json table_view(const GameSetup& setup) {
  const table::Scenario& s = setup.scenario;
  nlohmann::json features = nlohmann::json::array();
  for (const auto& f : s.table.features()) {
    nlohmann::json feature = {{"id", f.id},
                              {"kind", table::to_string(f.kind)},
                              {"footprint", polygon_json(table::corners(f.footprint))},
                              {"movement", table::to_string(f.movement)},
                              {"cover", table::to_string(f.cover)},
                              {"height", f.height},
                              {"elevation", f.elevation},
                              {"blocks_sight", f.blocks_sight()},
                              {"deep", f.deep},
                              {"dangerous", f.dangerous.has_value()}};
    features.push_back(std::move(feature));
  }
  nlohmann::json obstacles = nlohmann::json::array();
  for (const auto& o : s.table.obstacles())
    obstacles.push_back({{"id", o.id},
                         {"kind", table::to_string(o.kind)},
                         {"points", polygon_json(o.points)},
                         {"cover", table::to_string(o.cover)},
                         {"height", o.height},
                         {"blocks_sight", o.blocks_sight},
                         {"open", o.open}});
  // ACT-16: doors and consoles, numbered as a `use` action names them.
  nlohmann::json devices = nlohmann::json::array();
  for (const auto& d : s.table.devices()) {
    nlohmann::json doors = nlohmann::json::array();
    for (const int door : d.doors) doors.push_back(s.table.devices()[door].id);
    devices.push_back({{"id", d.id},
                       {"kind", d.is_door() ? "door" : "console"},
                       {"level", s.table.device_level(d)},
                       {"doors", std::move(doors)}});
  }
  nlohmann::json objectives = nlohmann::json::array();
  for (const auto& o : s.victory.objectives)
    objectives.push_back(
        {{"id", o.id}, {"at", point_json(o.at)}, {"radius", o.radius}, {"points", o.points}});
  nlohmann::json sides = nlohmann::json::array();
  for (const auto& side : s.sides) {
    nlohmann::json entry = {{"name", side.name}};
    if (side.army) entry["army"] = side.army->name;
    if (side.deployment) entry["deployment"] = polygon_json(table::corners(*side.deployment));
    sides.push_back(std::move(entry));
  }
  nlohmann::json units = nlohmann::json::array();
  for (std::size_t u = 0; u < setup.units.size(); ++u) {
    const UnitInfo& info = setup.units[u];
    if (info.squad >= 0) {
      // GEN-09: a sub-unit slot; its models are listed under its squad (the state view says
      // which of them stand in it).
      units.push_back({{"id", info.id},
                       {"name", info.name},
                       {"side", info.side},
                       {"squad", info.squad},
                       {"activation_value", info.activation_value},
                       {"move", info.move},
                       {"models", nlohmann::json::array()},
                       {"groups", nlohmann::json::array()}});
      continue;
    }
    nlohmann::json models = nlohmann::json::array();
    // ADV-32: the unit's model groups in army-list order, as a split shot names them.
    const auto order = detail::model_groups(setup, static_cast<int>(u));
    nlohmann::json groups = nlohmann::json::array();
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      const ModelInfo& model = setup.models[m];
      nlohmann::json weapons = nlohmann::json::array();
      if (model.group)
        for (const auto* w : model.group->weapons) weapons.push_back(w->name);
      const auto at = std::find(order.begin(), order.end(), model.group);
      if (at - order.begin() == static_cast<std::ptrdiff_t>(groups.size()))
        groups.push_back(model.group && !model.group->name.empty() ? model.group->name
                                                                   : model.profile->name);
      models.push_back({{"profile", model.profile->id},
                        {"leader", model.leader},
                        {"base_radius", s.units[u].models[m - info.first_model].pose.base_radius},
                        {"weapons", std::move(weapons)},
                        {"group", at - order.begin()}});
    }
    units.push_back({{"id", info.id},
                     {"name", info.name},
                     {"side", info.side},
                     {"activation_value", info.activation_value},
                     {"move", info.move},
                     {"models", std::move(models)},
                     {"groups", std::move(groups)}});
  }
  nlohmann::json profiles = nlohmann::json::object();
  for (const auto& list : {&setup.models, &setup.on_foot})  // ADV-22: riders on foot too
    for (const auto& model : *list)
      if (!profiles.contains(model.profile->id))
        profiles[model.profile->id] = profile_json(*model.profile);
  return {{"id", s.id},
          {"name", s.name},
          {"description", s.description},
          {"width", s.table.width()},
          {"height", s.table.height()},
          {"turn_limit", s.turn_limit},
          {"victory",
           s.victory.kind == table::Victory::Kind::objectives ? "objectives" : "kill_points"},
          {"features", std::move(features)},
          {"obstacles", std::move(obstacles)},
          {"devices", std::move(devices)},
          {"objectives", std::move(objectives)},
          {"sides", std::move(sides)},
          {"units", std::move(units)},
          {"profiles", std::move(profiles)}};
}

nlohmann::json state_view(const GameState& state) {
  const GameSetup& setup = *state.setup;
  nlohmann::json units = nlohmann::json::array();
  for (std::size_t u = 0; u < state.units.size(); ++u) {
    const UnitState& us = state.units[u];
    nlohmann::json models = nlohmann::json::array();
    // A squad lists every model of its range, as the setup view does; a model standing in one of
    // its sub-units (GEN-09) names it in `unit`. A sub-unit slot lists none.
    const UnitInfo& info = setup.units[u];
    const int listed = info.squad >= 0 ? 0 : info.model_count;
    for (int m = info.first_model; m < info.first_model + listed; ++m) {
      const ModelState& ms = state.models[m];
      nlohmann::json model = {{"at", point_json(ms.pose.position)},
                              {"facing", ms.pose.facing},
                              {"alive", ms.pose.alive},
                              {"wounds_left", ms.wounds_left},
                              {"prone", ms.prone},
                              {"fell_over", ms.fell_over},                    // MOVE-15
                              {"heavy_only", ms.heavy_only}};                 // ADV-29
      if (ms.pose.unit != static_cast<int>(u)) model["unit"] = ms.pose.unit;  // GEN-09
      // ADV-41: where a routing or pursuing model's last move began (shots measure to its path).
      if (ms.crossfire_path && ms.pose.alive && setup.options.crossfire &&
          (us.routing || us.rout_pending || us.pursuing >= 0))
        model["crossfire_from"] = point_json(ms.crossfire_from);
      // ADV-11: it shed its armour or let go of its shield to swim.
      if (ms.armour_shed) model["armour_shed"] = true;
      if (ms.shield_dropped) model["shield_dropped"] = true;
      // ADV-22 (option separate_mounts): its mount's wounds while it rides apart; once the mount
      // fell, the rider on foot (its profile and its smaller base).
      if (ms.mount_wounds_left > 0) model["mount_wounds_left"] = ms.mount_wounds_left;
      if (ms.dismounted) {
        model["dismounted"] = true;
        model["profile"] = state.info(m).profile->id;
        model["base_radius"] = ms.pose.base_radius;
      }
      // ADV-30: the names of its Reload weapons that have fired and wait for a reload action.
      if (ms.unloaded != 0) {
        nlohmann::json spent = nlohmann::json::array();
        const auto& loadout = setup.models[m].group->weapons;
        for (std::size_t slot = 0; slot < loadout.size() && slot < data::kReloadSlots; ++slot)
          if ((ms.unloaded >> slot) & 1u) spent.push_back(loadout[slot]->name);
        model["unloaded"] = std::move(spent);
      }
      models.push_back(std::move(model));
    }
    nlohmann::json badges = nlohmann::json::array();
    const auto badge = [&](bool on, const char* name) {
      if (on) badges.push_back(name);
    };
    badge(us.own_turn.pinned, "pinned");
    badge(us.own_turn.suppressed, "suppressed");
    badge(us.routing, "routing");
    badge(us.no_fear_flinch, "flinching");         // ADV-69
    badge(us.gone_to_ground(), "gone_to_ground");  // ADV-01
    // ADV-28: a still weapon crew is shot at as if prone.
    badge(state.unit_alive(static_cast<int>(u)) &&
              detail::crew_claims_prone(state, static_cast<int>(u)),
          "crew_prone");
    badge(us.hidden, "hidden");
    badge(us.locked != 0, "locked");
    badge(us.tactical, "tactical");
    badge(us.in_reserve, "in_reserve");
    badge(us.awaiting_drop, "awaiting_drop");  // ADV-26: its deep strike marker to be aimed
    badge(us.fled, "fled");
    badge(us.away, "away");
    badge(us.pursuing >= 0, "pursuing");          // MELEE-23
    badge(us.press_pursuit, "pressing_pursuit");  // MELEE-25: no halt tests
    badge(us.own_turn.attempted, "attempted");
    // ADV-71: it rallied this turn and may still turn to face any way for free (the action's
    // own test, so the badge never promises what the engine refuses).
    Action free_turn = make_action(ActionKind::face, static_cast<int>(u));
    free_turn.facing = 0.0;
    badge(state.unit_alive(static_cast<int>(u)) && detail::face_illegal(state, free_turn).empty(),
          "free_turn");
    badge(us.player_turn.charge_failed, "charge_failed");
    // GEN-09: some models are more than 3" from the rest (ADV-19: it closes ranks next).
    badge(state.unit_alive(static_cast<int>(u)) && !unit_coherent(state, static_cast<int>(u)),
          "out_of_coherency");
    units.push_back({{"unit", u},
                     {"alive", state.unit_alive(static_cast<int>(u))},
                     {"living_models", state.living_models(static_cast<int>(u))},
                     {"badges", std::move(badges)},
                     {"locked_with", unit_bits(us.locked)},
                     {"s_points", us.s_points},  // ADV-02
                     {"models", std::move(models)}});
  }
  nlohmann::json score = nlohmann::json::array();
  for (int s = 0; s < setup.sides; ++s) score.push_back(state.score[s]);
  // ACT-16: the doors standing open now, by id.
  nlohmann::json open_doors = nlohmann::json::array();
  for (const auto& d : state.table().devices())
    if (d.is_door() && (state.doors_open >> d.doors[0] & 1u) != 0) open_doors.push_back(d.id);
  nlohmann::json out = {{"turn", state.turn},
                        {"phasing", state.phasing},
                        {"phase", phase_name(state.phase)},
                        {"active_unit", state.active_unit},
                        {"action_points", state.action_points},
                        {"busts", state.busts},
                        {"failed_dice", state.failed_dice},
                        {"score", std::move(score)},
                        {"finished", state.phase == Phase::game_over},
                        {"actions_applied", state.actions_applied},
                        {"pending", to_json(pending(state))},
                        {"units", std::move(units)},
                        {"open_doors", std::move(open_doors)}};
  // ADV-35/50: the clouds laid in play, oldest first (the scenario's own are terrain).
  nlohmann::json clouds = nlohmann::json::array();
  for (const auto& cloud : state.clouds)
    clouds.push_back({{"at", {cloud.centre.x, cloud.centre.y}},
                      {"radius", cloud.radius},
                      {"side", cloud.side},
                      {"blind", cloud.blind}});
  out["clouds"] = std::move(clouds);
  // ADV-15: the portable ladders (numbered as pick_up_ladder and cast_down_ladder name them): who
  // carries each, or where it lies, or where it stands (its foot's middle on the face, the way up
  // and its rise).
  if (!state.portable_ladders.empty()) {
    nlohmann::json ladders = nlohmann::json::array();
    for (const auto& ladder : state.portable_ladders) {
      nlohmann::json l;
      if (ladder.carried()) {
        l = {{"state", "carried"}, {"carrier", ladder.carrier}};
      } else if (ladder.standing) {
        l = {{"state", "standing"},
             {"kind", ladder.hook ? "grapple" : "ladder"},
             {"at", {ladder.at.x, ladder.at.y}},
             {"up", {ladder.up.x, ladder.up.y}},
             {"rise", ladder.rise},
             {"side", ladder.side}};
        if (ladder.span > 0.0f) l["span"] = ladder.span;  // ADV-14: a rope across a gap
      } else {
        l = {{"state", "lying"}, {"at", {ladder.at.x, ladder.at.y}}};
      }
      ladders.push_back(std::move(l));
    }
    out["portable_ladders"] = std::move(ladders);
  }
  if (state.phase == Phase::game_over) out["winner"] = state.winner;  // -1: a draw
  // ADV-01: the fire awaiting its target's answer (go to ground or stay up).
  if (const auto fire = declared_fire(state)) out["declared_fire"] = to_json(*fire);
  // ADV-21: the rain, with what it does now (present only when the weather rule is on).
  if (setup.options.weather)
    out["weather"] = {{"rain", state.rain},
                      {"sight", rules::rain_sight(state.rain)},
                      {"move_rate", rules::rain_move_rate(state.rain)},
                      {"swimming", !rules::rivers_swollen(state.rain)},
                      {"short_range_only", rules::short_range_weather(state.rain)}};
  return out;
}

}  // namespace arap::game
