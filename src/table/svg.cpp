#include "table/svg.hpp"

#include <fmt/format.h>

namespace arap::table {

namespace {

struct Style {
  const char* fill;
  const char* stroke;
  double opacity;
};

Style style_of(const TerrainFeature& feature) {
  switch (feature.kind) {
    case TerrainKind::wood:
      return {"#4f8a3c", "#2f5a22", 0.75};
    case TerrainKind::building:
      return {"#8a8a8a", "#333333", 1.0};
    case TerrainKind::ruin:
      return {"#a39e93", "#55524c", 0.9};
    case TerrainKind::rubble:
      return {"#b59b7c", "#6e5a43", 0.85};
    case TerrainKind::water:
      return {"#5b9bd5", "#2f6ea5", 0.8};
    case TerrainKind::trench:
      return {"#7a5c3a", "#4b3620", 0.8};
    case TerrainKind::minefield:
      return {"#d9c9a3", "#b03a2e", 0.7};
    case TerrainKind::hill:
      return {"#c9d7a0", "#8d9a62", 0.7};
    case TerrainKind::crater:
      return {"#9c8b73", "#5f513f", 0.8};
    case TerrainKind::smoke:
      return {"#d5d8dc", "#7f8c8d", 0.55};
    case TerrainKind::rope:
      return {"#a0703c", "#5a3a1a", 0.9};
    case TerrainKind::console:
      return {"#f39c12", "#7e5109", 1.0};
    default:
      return {"#cfc7a8", "#7a745f", 0.7};
  }
}

const char* side_colour(int side) {
  static const char* kColours[] = {"#c0392b", "#2e6fd1", "#27ae60", "#8e44ad"};
  return kColours[side % 4];
}

}  // namespace

std::string xml_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string render_svg(const Scenario& scenario, double ppi) {
  const Table& table = scenario.table;
  const double legend = 70.0;
  const double w = table.width() * ppi;
  const double h = table.height() * ppi;
  const auto px = [&](const Point& p) {
    return fmt::format("{:.1f},{:.1f}", p.x * ppi, h - p.y * ppi);
  };
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\" font-family=\"sans-serif\">\n",
      w, h + legend, w, h + legend);
  svg +=
      "<defs>\n"
      "<pattern id=\"difficult\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
      "patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" "
      "stroke=\"#000\" stroke-opacity=\"0.25\" stroke-width=\"2\"/></pattern>\n"
      "<pattern id=\"very_difficult\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
      "<path d=\"M0,0 L6,6 M6,0 L0,6\" stroke=\"#000\" stroke-opacity=\"0.3\" "
      "stroke-width=\"1.5\"/></pattern>\n"
      "<pattern id=\"dangerous\" width=\"10\" height=\"10\" patternUnits=\"userSpaceOnUse\">"
      "<circle cx=\"5\" cy=\"5\" r=\"1.6\" fill=\"#b03a2e\"/></pattern>\n"
      "</defs>\n";
  svg += fmt::format(
      "<rect x=\"0\" y=\"0\" width=\"{:.0f}\" height=\"{:.0f}\" fill=\"#e8e4c9\"/>\n", w, h);
  // One-foot grid to read distances by eye.
  for (double x = 12; x < table.width(); x += 12) {
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"0\" x2=\"{0:.1f}\" y2=\"{1:.1f}\" stroke=\"#000\" "
        "stroke-opacity=\"0.08\"/>\n",
        x * ppi, h);
  }
  for (double y = 12; y < table.height(); y += 12) {
    svg += fmt::format(
        "<line x1=\"0\" y1=\"{0:.1f}\" x2=\"{1:.1f}\" y2=\"{0:.1f}\" stroke=\"#000\" "
        "stroke-opacity=\"0.08\"/>\n",
        h - y * ppi, w);
  }
  for (std::size_t s = 0; s < scenario.sides.size(); ++s) {
    if (!scenario.sides[s].deployment) continue;
    std::string points;
    for (const auto& p : corners(*scenario.sides[s].deployment)) points += px(p) + " ";
    svg += fmt::format(
        "<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"0.07\" stroke=\"{}\" "
        "stroke-dasharray=\"6,4\"/>\n",
        points, side_colour(static_cast<int>(s)), side_colour(static_cast<int>(s)));
  }
  for (const auto& feature : table.features()) {
    const Style style = style_of(feature);
    std::string points;
    for (const auto& p : corners(feature.footprint)) points += px(p) + " ";
    const double stroke = feature.movement == MovementClass::impassable ? 3.0 : 1.5;
    svg += fmt::format(
        "<polygon points=\"{}\" fill=\"{}\" fill-opacity=\"{}\" stroke=\"{}\" "
        "stroke-width=\"{}\"><title>{} ({}, {} cover, {} ground)</title></polygon>\n",
        points, style.fill, style.opacity, style.stroke, stroke, xml_escape(feature.id),
        to_string(feature.kind), to_string(feature.cover), to_string(feature.movement));
    const char* pattern = feature.dangerous                                   ? "dangerous"
                          : feature.movement == MovementClass::very_difficult ? "very_difficult"
                          : feature.movement == MovementClass::difficult      ? "difficult"
                                                                              : nullptr;
    if (pattern != nullptr) {
      svg += fmt::format("<polygon points=\"{}\" fill=\"url(#{})\" stroke=\"none\"/>\n", points,
                         pattern);
    }
  }
  for (const auto& obstacle : table.obstacles()) {
    std::string points;
    for (const auto& p : obstacle.points) points += px(p) + " ";
    const char* colour = obstacle.kind == TerrainKind::hedge   ? "#2f6b2a"
                         : obstacle.kind == TerrainKind::fence ? "#8b6b3e"
                         : obstacle.kind == TerrainKind::door  ? "#7e5109"
                                                               : "#555555";
    // ACT-16: an open door is drawn dashed.
    svg += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1f}\" "
        "stroke-linecap=\"round\"{}><title>{} ({}\" {}{}, {} cover)</title></polyline>\n",
        points, colour, std::max(3.0, obstacle.height * 3.0),
        obstacle.open ? " stroke-dasharray=\"3,4\"" : "", xml_escape(obstacle.id), obstacle.height,
        to_string(obstacle.kind), obstacle.open ? ", open" : "", to_string(obstacle.cover));
  }
  for (const auto& objective : scenario.victory.objectives) {
    svg += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"none\" stroke=\"#d4a017\" "
        "stroke-width=\"2\" stroke-dasharray=\"4,3\"/>\n",
        objective.at.x * ppi, h - objective.at.y * ppi, objective.radius * ppi);
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\" "
        "fill=\"#8a6d0b\">{}</text>\n",
        objective.at.x * ppi, h - objective.at.y * ppi + 4, xml_escape(objective.id));
  }
  for (const auto& unit : scenario.units) {
    Point centre;
    double top = -1e9;
    for (const auto& model : unit.models) {
      const TableModel& pose = model.pose;
      centre = centre + pose.position;
      top = std::max(top, pose.position.y + pose.base_radius);
      const Point tip = pose.position + heading_vector(pose.facing) * (pose.base_radius * 1.4);
      svg += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" stroke=\"{}\" "
          "stroke-width=\"1\"/>\n",
          pose.position.x * ppi, h - pose.position.y * ppi, pose.base_radius * ppi,
          side_colour(unit.side), model.leader ? "#000" : "#fff");
      svg += fmt::format(
          "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#111\" "
          "stroke-width=\"2\"/>\n",
          pose.position.x * ppi, h - pose.position.y * ppi, tip.x * ppi, h - tip.y * ppi);
    }
    centre = centre * (1.0 / static_cast<double>(unit.models.size()));
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"middle\" fill=\"{}\" "
        "stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n",
        centre.x * ppi, h - top * ppi - 4, side_colour(unit.side), xml_escape(unit.name));
  }
  // Legend.
  svg += fmt::format("<text x=\"8\" y=\"{:.0f}\" font-size=\"14\" font-weight=\"bold\">{}</text>\n",
                     h + 20, xml_escape(scenario.name));
  std::string sides;
  for (std::size_t s = 0; s < scenario.sides.size(); ++s) {
    sides +=
        fmt::format("<tspan fill=\"{}\">{} ({})</tspan>   ", side_colour(static_cast<int>(s)),
                    xml_escape(scenario.sides[s].name), xml_escape(scenario.sides[s].army->name));
  }
  svg += fmt::format("<text x=\"8\" y=\"{:.0f}\" font-size=\"12\">{}</text>\n", h + 40, sides);
  svg += fmt::format(
      "<text x=\"8\" y=\"{:.0f}\" font-size=\"11\" fill=\"#444\">{:.0f}\" x {:.0f}\" table, grid "
      "12\"; hatched: difficult, crossed: very difficult, dotted: dangerous; thick outline: "
      "impassable</text>\n",
      h + 60, table.width(), table.height());
  svg += "</svg>\n";
  return svg;
}

}  // namespace arap::table
