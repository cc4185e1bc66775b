#include "table/scenario.hpp"
#include "table/scenario_options.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <boost/geometry.hpp>

#include "data/library.hpp"
#include "data/yaml_reader.hpp"
#include "table/body_pose.hpp"
#include "table/drop_zone.hpp"
#include "table/scenario_terrain.hpp"

namespace arap::table {

namespace bg = boost::geometry;
using data::Field;
using detail::read_feature;
using detail::read_obstacle;
using detail::read_point;
using detail::read_points;

namespace {

// Where each model of a unit stands: a formation around the unit's anchor point.
std::vector<Point> formation(const std::string& kind, const Point& anchor, double facing, int count,
                             double spacing, const Field& field) {
  const Point forward = heading_vector(facing);
  const Point right{forward.y, -forward.x};
  std::vector<Point> points;
  int per_row = count;
  if (kind == "column")
    per_row = 1;
  else if (kind == "block")
    per_row = std::min(count, 5);
  else if (kind != "line")
    field.fail("expected line, column or block");
  const int rows = (count + per_row - 1) / per_row;
  for (int i = 0; i < count; ++i) {
    const int row = i / per_row;
    const int in_row = std::min(per_row, count - row * per_row);
    const double across = (i % per_row - (in_row - 1) / 2.0) * spacing;
    const double back = (row - (rows - 1) / 2.0) * spacing;
    points.push_back(anchor + right * across - forward * back);
  }
  return points;
}

// ADV-26: a deep-striking unit must be able to, and must fit inside the marker.
void check_deep_strike(const PlacedUnit& unit, const Field& field) {
  std::vector<double> radii;
  for (const auto& model : unit.models) {
    if (!model.profile->has_rule("deep_strike"))
      field.fail(
          fmt::format("ADV-26: {} cannot deep strike: its {} lack the deep_strike special rule",
                      unit.name, model.profile->name));
    radii.push_back(model.pose.base_radius);
  }
  if (!pack_in_marker(Point{}, kDeepStrikeMarker / 2.0, radii))
    field.fail(fmt::format("ADV-26: {}'s {} models do not fit inside the {}\" deep strike marker",
                           unit.name, unit.models.size(), kDeepStrikeMarker));
}

}  // namespace

std::vector<TableModel> Scenario::table_models() const {
  std::vector<TableModel> result;
  for (const auto& unit : units) {
    for (const auto& model : unit.models) result.push_back(model.pose);
  }
  return result;
}

namespace {
Scenario scenario_from(const Field& root, const data::Library& library);
}  // namespace

Scenario load_scenario(const std::string& file, const data::Library& library) {
  return scenario_from(Field::load_file(file), library);
}

Scenario load_scenario_text(const std::string& text, const std::string& name,
                            const data::Library& library) {
  return scenario_from(Field::load_text(text, name), library);
}

namespace {

// The keys an `options:` map may hold: the switches of kSwitchOptions, with busts_allowed
// (a number) listed second, where it has always stood in the error message, and rain (ADV-21's
// opening level) last.
const std::vector<std::string_view>& option_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> out;
    for (const auto& option : kSwitchOptions) {
      out.push_back(option.name);
      if (out.size() == 1) out.push_back("busts_allowed");
    }
    out.push_back("rain");
    return out;
  }();
  return keys;
}

Scenario scenario_from(const Field& root, const data::Library& library) {
  root.allow_only({"id", "name", "description", "table", "turn_limit", "victory", "rulings",
                   "options", "terrain", "obstacles", "sides", "gm_modifiers"});
  Scenario scenario;
  scenario.id = root.has("id") ? root["id"].as_string() : "";
  scenario.name = root["name"].as_string();
  if (root.has("description")) scenario.description = root["description"].as_string();
  const Field table = root["table"];
  table.allow_only({"width", "height"});
  scenario.table = Table(table["width"].as_number(6, 240), table["height"].as_number(6, 240));
  if (root.has("turn_limit")) scenario.turn_limit = root["turn_limit"].as_int(1, 50);
  if (root.has("victory")) {
    const Field victory = root["victory"];
    victory.allow_only({"kind", "objectives"});
    const std::string kind = victory["kind"].as_string();
    if (kind == "kill_points") {
      scenario.victory.kind = Victory::Kind::kill_points;
    } else if (kind == "objectives") {
      scenario.victory.kind = Victory::Kind::objectives;
      const Field list = victory["objectives"];
      list.expect_sequence();
      for (std::size_t i = 0; i < list.size(); ++i) {
        const Field entry = list.at(i);
        entry.allow_only({"id", "at", "radius", "points"});
        Objective objective;
        objective.id = entry["id"].as_string();
        objective.at = read_point(entry["at"]);
        if (entry.has("radius")) objective.radius = entry["radius"].as_number(0.5, 24);
        if (entry.has("points")) objective.points = entry["points"].as_int(1, 100);
        if (!scenario.table.on_table(objective.at))
          entry["at"].fail(fmt::format("the objective at ({}, {}) is off the {}\" x {}\" table",
                                       objective.at.x, objective.at.y, scenario.table.width(),
                                       scenario.table.height()));
        for (const auto& other : scenario.victory.objectives)
          if (other.id == objective.id)
            entry["id"].fail(fmt::format("two objectives are called \"{}\"", objective.id));
        scenario.victory.objectives.push_back(objective);
      }
      if (scenario.victory.objectives.empty())
        list.fail("an objectives game lists at least one objective");
    } else {
      victory["kind"].fail("expected kill_points or objectives");
    }
  }
  if (root.has("rulings")) {
    const Field rulings = root["rulings"];
    for (const auto& name : rulings.keys()) {
      scenario.rulings.push_back({name, rulings[name].as_string(), rulings[name].location()});
    }
  }
  if (root.has("options")) {
    const Field options = root["options"];
    options.allow_only(option_keys());
    ScenarioOptions& o = scenario.options;
    if (options.has("busts_allowed")) o.busts_allowed = options["busts_allowed"].as_int(1, 10);
    for (const auto& option : kSwitchOptions)
      if (options.has(option.name)) o.*option.member = options[option.name].as_bool();
    if (options.has("rain")) {
      o.rain = options["rain"].as_int(0, 4);
      // ADV-21: a rain level means nothing unless the weather rule is on.
      if (!o.weather) options["rain"].fail("a rain level needs the option weather: true (ADV-21)");
    }
  }
  std::vector<std::pair<int, Field>> consoles;  // ACT-16: linked to their doors below
  if (root.has("terrain")) {
    const Field list = root["terrain"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      TerrainFeature feature = read_feature(list.at(i), library);
      if (feature.kind == TerrainKind::console)
        consoles.emplace_back(static_cast<int>(scenario.table.features().size()),
                              list.at(i)["operates"]);
      for (const auto& other : scenario.table.features())
        if (other.id == feature.id)
          list.at(i)["id"].fail(fmt::format("two terrain features are called \"{}\"", feature.id));
      scenario.table.add_feature(std::move(feature));
      if (scenario.table.ladder_count() > kMaxLadders)
        list.at(i).fail(fmt::format("MOVE-28: at most {} ladders on a table", kMaxLadders));
    }
  }
  if (root.has("obstacles")) {
    const Field list = root["obstacles"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      LinearObstacle obstacle = read_obstacle(list.at(i));
      for (const auto& other : scenario.table.features())
        if (other.id == obstacle.id)
          list.at(i)["id"].fail(fmt::format("\"{}\" already names a terrain feature", obstacle.id));
      for (const auto& other : scenario.table.obstacles())
        if (other.id == obstacle.id)
          list.at(i)["id"].fail(fmt::format("two obstacles are called \"{}\"", obstacle.id));
      for (std::size_t k = 0; k + 1 < obstacle.points.size(); ++k)
        if (distance(obstacle.points[k], obstacle.points[k + 1]) < 1e-6)
          list.at(i)["points"].fail(fmt::format(
              "the stretch from point {} to point {} has no length (the same point twice)", k,
              k + 1));
      scenario.table.add_obstacle(std::move(obstacle));
      if (scenario.table.door_count() > kMaxDoors)
        list.at(i).fail(fmt::format("ACT-16: at most {} doors on a table", kMaxDoors));
    }
  }
  for (const auto& [feature, operates] : consoles) {
    operates.expect_sequence();
    if (operates.size() == 0) operates.fail("ACT-16: a console works at least one door");
    std::vector<int> doors;
    for (std::size_t k = 0; k < operates.size(); ++k) {
      const std::string id = operates.at(k).as_string();
      const auto& obstacles = scenario.table.obstacles();
      const auto door = std::find_if(obstacles.begin(), obstacles.end(),
                                     [&](const LinearObstacle& o) { return o.id == id; });
      if (door == obstacles.end() || door->door < 0) {
        std::vector<std::string_view> known;
        for (const auto& o : obstacles)
          if (o.door >= 0) known.push_back(o.id);
        operates.at(k).fail(
            fmt::format("ACT-16: no door is called \"{}\"{}", id, data::did_you_mean(id, known)));
      }
      if (std::find(doors.begin(), doors.end(), door->door) != doors.end())
        operates.at(k).fail(fmt::format("\"{}\" is listed twice", id));
      doors.push_back(door->door);
    }
    scenario.table.add_console(feature, std::move(doors));
  }
  const Field sides = root["sides"];
  sides.expect_sequence();
  if (sides.size() < 2) sides.fail("a battle needs at least two sides");
  if (sides.size() > kMaxSides)
    sides.fail(
        fmt::format("a battle has at most {} sides (this one lists {})", kMaxSides, sides.size()));
  for (std::size_t s = 0; s < sides.size(); ++s) {
    const Field side_field = sides.at(s);
    side_field.allow_only({"name", "army", "deployment", "units", "ai"});
    Side side;
    side.name = side_field["name"].as_string();
    if (side_field.has("ai")) {
      const Field ai = side_field["ai"];
      side.ai = ai.as_string();
      const bool well_formed =
          !side.ai.empty() && side.ai.size() <= 64 &&
          std::all_of(side.ai.begin(), side.ai.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == ':';
          });
      if (!well_formed)
        ai.fail("an agent's name, such as \"normal\", \"hard\" or \"tactician:aggressive\"");
      side.ai_where = ai.location();
      side.ai_field = ai.path();
    }
    for (const auto& other : scenario.sides)
      if (other.name == side.name)
        side_field["name"].fail(
            fmt::format("two sides are called \"{}\" (results are told apart by name)", side.name));
    const std::string army_id = side_field["army"].as_string();
    side.army = library.army(army_id);
    if (side.army == nullptr) {
      std::vector<std::string_view> known;
      for (const auto& army : library.armies()) known.push_back(army.id);
      side_field["army"].fail(fmt::format("no army \"{}\" in the data library{}", army_id,
                                          data::did_you_mean(army_id, known)));
    }
    if (side_field.has("deployment"))
      side.deployment = make_polygon(read_points(side_field["deployment"], 3));
    const Field units = side_field["units"];
    units.expect_sequence();
    if (units.size() == 0) units.fail("a side needs at least one unit");
    for (std::size_t u = 0; u < units.size(); ++u) {
      const Field unit_field = units.at(u);
      unit_field.allow_only(
          {"unit", "at", "facing", "formation", "spacing", "name", "reserve", "models", "ladder"});
      const std::string unit_id = unit_field["unit"].as_string();
      const data::UnitDefinition* definition = side.army->find_unit(unit_id);
      if (definition == nullptr) {
        std::vector<std::string_view> known;
        for (const auto& unit : side.army->units) known.push_back(unit.id);
        unit_field["unit"].fail(fmt::format("no unit \"{}\" in army {}{}", unit_id, army_id,
                                            data::did_you_mean(unit_id, known)));
      }
      PlacedUnit unit;
      unit.definition = definition;
      unit.side = static_cast<int>(s);
      unit.name = unit_field.has("name") ? unit_field["name"].as_string() : definition->name;
      unit.id = fmt::format("{}/{}", side.name, unit_id);
      if (unit_field.has("reserve")) {
        // Reserves: `reserve: true` takes the rules' only arrival table (ADV-26: turn 2 on 4+,
        // turn 3 on 3+, later on 2+); `reserve: {from_turn: T, rolls: [..]}` sets the scenario's.
        const Field reserve = unit_field["reserve"];
        unit.reserve_from = 2;
        unit.reserve_rolls = {4, 3, 2};
        if (reserve.is_map()) {
          reserve.allow_only({"from_turn", "rolls", "deep_strike"});
          if (reserve.has("deep_strike")) unit.deep_strike = reserve["deep_strike"].as_bool();
          if (reserve.has("from_turn")) {
            unit.reserve_from = reserve["from_turn"].as_int(2, 99);
            if (unit.reserve_from > scenario.turn_limit)
              reserve["from_turn"].fail(fmt::format(
                  "ACT-02: the battle ends after turn {}, so this unit could never arrive",
                  scenario.turn_limit));
          }
          if (reserve.has("rolls")) {
            const Field rolls = reserve["rolls"];
            rolls.expect_sequence();
            if (rolls.size() == 0) rolls.fail("list at least one arrival roll (1-6)");
            unit.reserve_rolls.clear();
            for (std::size_t k = 0; k < rolls.size(); ++k)
              unit.reserve_rolls.push_back(rolls.at(k).as_int(1, 6));
          }
        } else if (!reserve.as_bool()) {
          unit.reserve_from = 0;
          unit.reserve_rolls.clear();
        }
      }
      if (unit_field.has("ladder")) unit.ladder = unit_field["ladder"].as_bool();  // ADV-15
      int repeat = 1;
      for (const auto& other : scenario.units) repeat += other.id.starts_with(unit.id) ? 1 : 0;
      if (repeat > 1) unit.id += fmt::format("#{}", repeat);
      const Point anchor = read_point(unit_field["at"]);
      const double facing =
          unit_field.has("facing") ? unit_field["facing"].as_number(-360, 360) : 0.0;
      double widest = 0.0;
      for (const auto& group : definition->models)
        widest = std::max(widest, base_radius_inches(group.profile->base_mm));
      const double spacing =
          unit_field.has("spacing") ? unit_field["spacing"].as_number(0.5, 12) : 2.0 * widest + 0.5;
      const std::string kind =
          unit_field.has("formation") ? unit_field["formation"].as_string() : "line";
      // A squad's size is the scenario's to set (its points, issue 15): `models: {Ork Boy: 15}`
      // gives a group of the army's unit another count. Only the rank and file change; the
      // leader stays one model, and every named group must exist and be unambiguous.
      std::vector<int> counts;
      for (const auto& group : definition->models) counts.push_back(group.count);
      if (unit_field.has("models")) {
        const Field sizes = unit_field["models"];
        sizes.expect_map();
        for (const auto& key : sizes.keys()) {
          std::vector<std::size_t> matches;
          std::vector<std::string_view> known;
          for (std::size_t g = 0; g < definition->models.size(); ++g) {
            if (definition->models[g].leader) continue;
            known.push_back(definition->models[g].name);
            if (definition->models[g].name == key) matches.push_back(g);
          }
          if (matches.empty())
            sizes[key].fail(
                fmt::format("{} has no group of models called \"{}\" other than its "
                            "leader{}",
                            definition->name, key, data::did_you_mean(key, known)));
          if (matches.size() > 1)
            sizes[key].fail(fmt::format("{} has {} groups called \"{}\"", definition->name,
                                        matches.size(), key));
          counts[matches.front()] = sizes[key].as_int(0, 100);
        }
      }
      int model_total = 0;
      for (const int c : counts) model_total += c;
      if (model_total == 0 && unit_field.has("models"))
        unit_field["models"].fail("a unit needs at least one model");
      const auto points =
          formation(kind, anchor, facing, model_total, spacing,
                    unit_field.has("formation") ? unit_field["formation"] : unit_field);
      std::size_t next = 0;
      for (std::size_t g = 0; g < definition->models.size(); ++g) {
        const auto& group = definition->models[g];
        for (int c = 0; c < counts[g]; ++c) {
          PlacedModel model;
          model.profile = group.profile;
          model.group = &group;
          model.leader = group.leader;
          model.pose.position = points[next++];
          model.pose.facing = normalise_bearing(facing);
          take_body(model.pose, *group.profile);  // GEN-06/07, SHOOT-20, ADV-07/22/35
          // ADV-08: the rule's holders, and an independent character on foot moving alone.
          model.pose.move_through_cover = scenario.options.move_through_cover &&
                                          (group.profile->has_rule("move_through_cover") ||
                                           (group.profile->has_rule("independent_character") &&
                                            definition->model_count() == 1));
          model.pose.unit = static_cast<int>(scenario.units.size());
          model.pose.side = static_cast<int>(s);
          if (!scenario.table.on_table(model.pose.position)) {
            unit_field["at"].fail(fmt::format("{} would stand off the table at ({:.1f}, {:.1f})",
                                              group.name, model.pose.position.x,
                                              model.pose.position.y));
          }
          if (scenario.table.movement_at(model.pose.position) == MovementClass::impassable) {
            unit_field["at"].fail(
                fmt::format("{} would stand in impassable terrain at ({:.1f}, {:.1f})", group.name,
                            model.pose.position.x, model.pose.position.y));
          }
          const bool waits = unit.reserve_from > 0;  // ACT-02: placed on arrival
          if (!waits && side.deployment &&
              !bg::covered_by(BoostPoint(model.pose.position.x, model.pose.position.y),
                              *side.deployment)) {
            unit_field["at"].fail(
                fmt::format("{} would stand at ({:.1f}, {:.1f}), outside {}'s deployment zone",
                            group.name, model.pose.position.x, model.pose.position.y, side.name));
          }
          const auto overlaps = [&](const PlacedModel& other) {
            const double contact = other.pose.base_radius + model.pose.base_radius - 1e-6;
            return distance(other.pose.position, model.pose.position) < contact;
          };
          for (const auto& earlier : scenario.units) {
            if (waits || earlier.reserve_from > 0) continue;
            for (const auto& other : earlier.models)
              if (overlaps(other))
                unit_field["at"].fail(fmt::format(
                    "{} at ({:.1f}, {:.1f}) would stand on a model of {} (bases overlap)",
                    group.name, model.pose.position.x, model.pose.position.y, earlier.name));
          }
          for (const auto& other : unit.models)
            if (overlaps(other))
              unit_field.fail(fmt::format(
                  "the unit's models would stand on each other at ({:.1f}, {:.1f}): widen "
                  "its spacing",
                  model.pose.position.x, model.pose.position.y));
          unit.models.push_back(model);
        }
      }
      if (unit.deep_strike) check_deep_strike(unit, unit_field["reserve"]["deep_strike"]);
      scenario.units.push_back(std::move(unit));
    }
    scenario.sides.push_back(std::move(side));
  }
  if (root.has("gm_modifiers")) {
    // ADV-75: the GM's modifiers are an optional rule; listing them without switching it on
    // would leave them silently unused.
    if (!scenario.options.gm_modifiers)
      root["gm_modifiers"].fail(
          "ADV-75: GM modifiers are an optional rule: add gm_modifiers: true to the options");
    scenario.gm_modifiers = read_gm_modifiers(root["gm_modifiers"], scenario.units);
  }
  return scenario;
}

}  // namespace

}  // namespace arap::table
