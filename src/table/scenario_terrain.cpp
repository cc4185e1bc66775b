#include "table/scenario_terrain.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <boost/geometry.hpp>

namespace arap::table::detail {

namespace bg = boost::geometry;
using data::Field;

Point read_point(const Field& field) {
  field.expect_sequence();
  if (field.size() != 2) field.fail("expected a point [x, y] in inches");
  return {field.at(0).as_number(-1000, 1000), field.at(1).as_number(-1000, 1000)};
}

std::vector<Point> read_points(const Field& field, std::size_t at_least) {
  field.expect_sequence();
  if (field.size() < at_least) field.fail(fmt::format("expected at least {} points", at_least));
  std::vector<Point> points;
  for (std::size_t i = 0; i < field.size(); ++i) points.push_back(read_point(field.at(i)));
  return points;
}

namespace {

Cover read_cover(const Field& field) {
  const std::string text = field.as_string();
  if (text == "none" || text == "open") return Cover::none;
  if (text == "soft") return Cover::soft;
  if (text == "hard") return Cover::hard;
  field.fail("expected none, soft or hard");
}

MovementClass read_movement(const Field& field) {
  const std::string text = field.as_string();
  if (text == "normal") return MovementClass::normal;
  if (text == "difficult") return MovementClass::difficult;
  if (text == "very_difficult") return MovementClass::very_difficult;
  if (text == "impassable") return MovementClass::impassable;
  field.fail("expected normal, difficult, very_difficult or impassable");
}

TerrainKind read_kind(const Field& field) {
  const auto kind = terrain_kind_from_string(field.as_string());
  if (!kind) {
    field.fail(
        "unknown terrain kind (ground, wood, building, ruin, rubble, wall, hedge, fence, trench, "
        "water, ladder, minefield, hill, crater, barricade, smoke, rope, door, console)");
  }
  return *kind;
}

// What each kind of ground does unless the scenario says otherwise.
void kind_defaults(TerrainFeature& feature) {
  constexpr double kOpen = std::numeric_limits<double>::infinity();
  switch (feature.kind) {
    case TerrainKind::wood:
      feature.movement = MovementClass::difficult;
      feature.cover = Cover::soft;
      feature.see_through = 2.0;  // ADV-05
      feature.height = 6.0;
      break;
    case TerrainKind::building:
      feature.movement = MovementClass::impassable;
      feature.cover = Cover::hard;
      feature.see_through = 0.0;
      feature.height = 6.0;
      feature.confined = true;  // ADV-47
      break;
    case TerrainKind::ruin:
      feature.movement = MovementClass::difficult;
      feature.cover = Cover::hard;
      feature.see_through = 4.0;
      feature.height = 4.0;
      break;
    case TerrainKind::rubble:
      feature.movement = MovementClass::difficult;
      feature.cover = Cover::hard;
      feature.see_through = kOpen;
      break;
    case TerrainKind::water:
      feature.movement = MovementClass::very_difficult;
      break;
    case TerrainKind::trench:
      feature.cover = Cover::hard;
      break;
    case TerrainKind::crater:
      feature.movement = MovementClass::difficult;
      feature.cover = Cover::soft;
      break;
    case TerrainKind::minefield:
      // ADV-10: with dangerous_ground_details on, 1 in 2 (or 1 in 6: scanner, cleared).
      feature.dangerous = Hazard{1, false, "a mine goes off", true};
      break;
    case TerrainKind::smoke:
      feature.see_through = 0.0;  // SHOOT-17: opaque, to those inside it as well
      feature.height = 12.0;
      break;
    default:
      break;
  }
}

// ADV-09: the movement class a named example of ground gives (terrain_examples.yaml).
void apply_example(const Field& field, const data::Library& library, TerrainFeature& feature) {
  const std::string name = field.as_string();
  const data::TerrainExample* example = library.terrain_example(name);
  if (example == nullptr) {
    std::string known;
    for (const auto& each : library.terrain_examples())
      known += (known.empty() ? "" : ", ") + each.id;
    field.fail(fmt::format("ADV-09: no example of ground called \"{}\" (known: {})", name, known));
  }
  feature.movement = example->movement == "very_difficult" ? MovementClass::very_difficult
                     : example->movement == "difficult"    ? MovementClass::difficult
                                                           : MovementClass::normal;
}

}  // namespace

TerrainFeature read_feature(const Field& field, const data::Library& library) {
  field.allow_only({"id",
                    "kind",
                    "polygon",
                    "movement",
                    "variable",
                    "dangerous",
                    "cover",
                    "see_through",
                    "blocks_sight",
                    "height",
                    "deep",
                    "action_cost",
                    "elevation",
                    "blind",
                    "agility",
                    "operates",
                    "soft_cover_vs_area",
                    "confined",
                    "like",
                    "hell_for_leather",
                    "grapple_hold"});
  TerrainFeature feature;
  feature.id = field["id"].as_string();
  feature.kind = read_kind(field["kind"]);
  kind_defaults(feature);
  const auto corners = read_points(field["polygon"], 3);
  feature.footprint = make_polygon(corners);
  std::string why;
  if (!bg::is_valid(feature.footprint, why)) {
    field["polygon"].fail("not a simple polygon (" + why + ")");
  }
  if (field.has("like")) apply_example(field["like"], library, feature);  // movement wins
  if (field.has("movement")) feature.movement = read_movement(field["movement"]);
  if (field.has("variable")) feature.variable = field["variable"].as_bool();
  if (field.has("cover")) feature.cover = read_cover(field["cover"]);
  if (field.has("soft_cover_vs_area")) {
    feature.soft_cover_vs_area = field["soft_cover_vs_area"].as_bool();
    if (feature.cover != Cover::soft)
      field["soft_cover_vs_area"].fail("ADV-46: only soft cover may be ruled open to area markers");
  }
  if (field.has("hell_for_leather")) {
    feature.hell_for_leather = field["hell_for_leather"].as_bool();
    if (feature.movement != MovementClass::difficult)
      field["hell_for_leather"].fail(
          "ADV-24: only difficult ground is ridden Hell for Leather, so only it may be ruled out");
  }
  if (field.has("confined")) {
    feature.confined = field["confined"].as_bool();
    if (feature.confined &&
        (feature.kind == TerrainKind::trench || feature.kind == TerrainKind::smoke))
      field["confined"].fail(feature.kind == TerrainKind::trench
                                 ? "SHOOT-44 already treats a trench as confined"
                                 : "ADV-47: a smoke cloud is no room to be confined in");
  }
  if (field.has("blocks_sight")) {
    feature.see_through =
        field["blocks_sight"].as_bool() ? 0.0 : std::numeric_limits<double>::infinity();
  }
  if (field.has("see_through")) feature.see_through = field["see_through"].as_number(0, 1000);
  if (feature.kind == TerrainKind::smoke) {
    // SHOOT-17: a cloud hides everything in and beyond it, and nobody stands on it.
    for (const char* name : {"see_through", "blocks_sight"})
      if (field.has(name)) field[name].fail("SHOOT-17: smoke hides all that is in or beyond it");
    if (field.has("elevation")) field["elevation"].fail("smoke is a cloud, not a raised surface");
  }
  if (field.has("blind")) {
    feature.blind = field["blind"].as_bool();
    if (feature.kind != TerrainKind::smoke)
      field["blind"].fail("ADV-35: only smoke (kind: smoke) can be a blind cloud");
  }
  if (field.has("height")) feature.height = field["height"].as_number(0, 100);
  if (field.has("action_cost")) feature.action_cost = field["action_cost"].as_int(1, 3);
  if (field.has("agility")) {
    // MOVE-15: a narrow plank or slippery branch (always), or ice (fast: over half rate).
    const std::string agility = field["agility"].as_string();
    if (agility == "always")
      feature.agility = Agility::always;
    else if (agility == "fast")
      feature.agility = Agility::fast;
    else
      field["agility"].fail("expected always (a plank, a branch) or fast (ice: over half rate)");
    if (feature.kind == TerrainKind::smoke) field["agility"].fail("smoke is a cloud, not ground");
  }
  if (field.has("elevation")) feature.elevation = field["elevation"].as_number(0, 100);
  if (field.has("grapple_hold")) {
    const std::string hold = field["grapple_hold"].as_string();
    if (hold == "roof_edge")
      feature.grapple_hold = GrappleHold::roof_edge;
    else if (hold == "window")
      feature.grapple_hold = GrappleHold::window;
    else if (hold == "loophole")
      feature.grapple_hold = GrappleHold::loophole;
    else
      field["grapple_hold"].fail("ADV-14: expected roof_edge, window or loophole");
    if (feature.elevation <= 0.0)
      field["grapple_hold"].fail(
          "ADV-14: a grapple catches on the top of a raised surface; give the feature an "
          "elevation");
  }
  if (feature.kind == TerrainKind::console) {
    // ACT-16: the doors it works are named by `operates` and found once the obstacles are read.
    if (!field.has("operates"))
      field.fail("ACT-16: a console needs operates: [the doors it works]");
    if (field.has("elevation"))
      field["elevation"].fail("a console stands on a surface; it is not one");
  } else if (field.has("operates")) {
    field["operates"].fail("ACT-16: only a console (kind: console) works doors");
  }
  if (field.has("deep")) {
    feature.deep = field["deep"].as_bool();
    if (feature.deep && feature.kind != TerrainKind::water)
      field["deep"].fail("MOVE-17: only water is deep enough to swim");
  }
  if (field.has("dangerous")) {
    const Field hazard = field["dangerous"];
    hazard.allow_only({"triggers_on", "initiative_test", "effect", "cleared"});
    Hazard h = feature.dangerous.value_or(Hazard{});  // the kind's own, for a minefield
    if (hazard.has("triggers_on")) {
      h.triggers_on = hazard["triggers_on"].as_int(1, 6);
      h.minefield = false;  // the scenario's odds, not ADV-10's
    }
    if (hazard.has("cleared")) {
      if (!h.minefield)
        hazard["cleared"].fail(
            "ADV-10: only a minefield that keeps the rule's odds (no triggers_on) can be cleared");
      h.cleared = hazard["cleared"].as_bool();
    }
    if (hazard.has("initiative_test")) h.initiative_test = hazard["initiative_test"].as_bool();
    if (hazard.has("effect")) h.effect = hazard["effect"].as_string();
    feature.dangerous = h;
  }
  return feature;
}

LinearObstacle read_obstacle(const Field& field) {
  field.allow_only(
      {"id", "kind", "points", "cover", "height", "cover_distance", "blocks_sight", "open"});
  LinearObstacle obstacle;
  obstacle.id = field["id"].as_string();
  obstacle.kind = field.has("kind") ? read_kind(field["kind"]) : TerrainKind::wall;
  if (obstacle.kind == TerrainKind::smoke)
    field["kind"].fail("smoke is an area (a terrain feature with a polygon), not a line");
  if (obstacle.kind == TerrainKind::console)
    field["kind"].fail("ACT-16: a console is an area (a terrain feature with a polygon)");
  if (obstacle.kind == TerrainKind::door) {
    // ACT-16: a door or gate, as tall as a high wall and as opaque, unless the scenario says.
    obstacle.height = 3.0;
    obstacle.blocks_sight = true;
  }
  if (field.has("open")) {
    if (obstacle.kind != TerrainKind::door)
      field["open"].fail("ACT-16: only a door (kind: door) opens");
    obstacle.open = field["open"].as_bool();
  }
  if (obstacle.kind == TerrainKind::hedge) obstacle.cover = Cover::soft;
  if (obstacle.kind == TerrainKind::fence) obstacle.cover = Cover::soft;
  obstacle.points = read_points(field["points"], 2);
  if (field.has("cover")) obstacle.cover = read_cover(field["cover"]);
  if (field.has("height")) obstacle.height = field["height"].as_number(0, 100);
  if (field.has("cover_distance"))
    obstacle.cover_distance = field["cover_distance"].as_number(0, 12);
  if (field.has("blocks_sight")) obstacle.blocks_sight = field["blocks_sight"].as_bool();
  return obstacle;
}

}  // namespace arap::table::detail
