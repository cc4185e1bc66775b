// ADV-04 hiding and spotting, SHOOT-19 the ambush bonus it gives, SHOOT-61 firing while hidden.
// The scenario option `hiding` (on by default, as ADV-04 is an advanced rule) switches it off.
// ADV-16: a unit that had a model fall may not hide for the rest of the player turn.
// ADV-12 (advanced, option underwater): a unit of models that need no air, every one of them in
// deep water, moves under the surface: it is hidden after such a move and nobody spots it while
// it stays submerged.
#include <algorithm>

#include <fmt/format.h>

#include "game/context.hpp"
#include "table/terrain.hpp"

namespace arap::game::detail {

namespace {

// ADV-04: how close to a wall, hedge, doorway, building corner or ditch a model must be to hide.
constexpr double kHidingReach = 1.5;

bool hiding_feature(table::TerrainKind kind) {
  return kind == table::TerrainKind::wood || kind == table::TerrainKind::building ||
         kind == table::TerrainKind::ruin || kind == table::TerrainKind::trench;
}

// Whether `p` is within hiding reach of the polyline (an obstacle) or, `closed`, of the outline
// (a feature's ring, whose last side runs from its last corner back to the first).
bool near_line(const std::vector<table::Point>& points, const table::Point& p, bool closed) {
  const std::size_t n = points.size();
  const std::size_t sides = closed ? n : (n > 0 ? n - 1 : 0);
  for (std::size_t i = 0; i < sides; ++i) {
    if (table::distance_to_segment(p, points[i], points[(i + 1) % n]) <= kHidingReach) return true;
  }
  return false;
}

bool spotted_by(const GameState& s, int observer, int hider) {
  const table::Point apart = s.models[observer].pose.position - s.models[hider].pose.position;
  const double reach = s.info(observer).spotting;
  return table::dot(apart, apart) <= reach * reach + 1e-9;
}

}  // namespace

bool in_hiding_place(const GameState& s, int model) {
  const table::Point& p = s.models[model].pose.position;
  const table::Table& table = s.table();
  // Only what lies within hiding reach can hide the model: the table's index gives those (a
  // listing asks this of every unit at every decision).
  const table::Point reach{kHidingReach + 1e-6, kHidingReach + 1e-6};
  for (const int index : table.obstacles_near(p - reach, p + reach))
    if (near_line(table.obstacles()[index].points, p, false)) return true;
  for (const int index : table.features_near(p - reach, p + reach)) {
    const auto& feature = table.features()[index];
    if (!hiding_feature(feature.kind)) continue;
    if (table::in_feature(feature, p)) return true;
    // A building's corner or doorway hides a model standing close outside it.
    if ((feature.kind == table::TerrainKind::building ||
         feature.kind == table::TerrainKind::ruin) &&
        near_line(feature.ring, p, true))
      return true;
  }
  return false;
}

bool submerged(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  if (!s.setup->options.underwater || !info.breathes_underwater) return false;
  bool any = false;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const auto features = s.table().features_at(s.models[m].pose.position);
    if (std::none_of(features.begin(), features.end(),
                     [](const table::TerrainFeature* f) { return f->deep; }))
      return false;
    any = true;
  }
  return any;
}

bool unit_spotted(const GameState& s, int unit) {
  if (submerged(s, unit)) return false;  // ADV-12: not by normal means, however close
  const auto& info = s.setup->units[unit];
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const auto& pose = s.models[m].pose;
    if (!pose.alive || pose.side == info.side) continue;
    for (int own : s.members(unit)) {
      if (s.models[own].pose.alive && spotted_by(s, m, own)) return true;
    }
  }
  return false;
}

std::string hide_illegal(const GameState& s, int unit, bool explain) {
  const UnitState& u = s.units[unit];
  if (!s.setup->options.hiding) return "ADV-04: hiding is switched off in this scenario";
  if (u.hidden) return "ADV-04: the unit is already hidden";
  if (u.revealing) return "ADV-04: the unit has fired this turn and is being watched";
  if (u.tactical) return "ADV-04: a unit that moved at the double cannot hide";
  if (u.player_turn.fell && s.setup->options.fall_saves)
    return "ADV-16: a model of the unit fell this turn: it cannot hide until the turn ends";
  if (u.locked != 0) return "ADV-04: a unit in mêlée cannot hide";
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive || in_hiding_place(s, m)) continue;
    if (!explain) return "ADV-04";
    return fmt::format(
        "ADV-04: the model at ({:.1f}, {:.1f}) has nowhere to hide (woods, buildings, ruins, "
        "ditches, or within 1.5\" of a wall, hedge or building)",
        s.models[m].pose.position.x, s.models[m].pose.position.y);
  }
  if (unit_spotted(s, unit))
    return "ADV-04: an enemy is within its spotting distance (its Initiative in inches)";
  return "";
}

namespace {

// The unit goes into hiding, by `rule` (ADV-04 a claim, ADV-12 under water).
void hide(Context& c, int unit, const char* rule) {
  c.state.units[unit].hidden = true;
  c.state.units[unit].ambush_spent = false;
  if (c.logging()) c.event({{"type", "hidden"}, {"unit", unit}, {"rule", rule}});
}

}  // namespace

void apply_hide(Context& c, int unit) {
  hide(c, unit, "ADV-04");
}

void reveal(Context& c, int unit, const char* why) {
  UnitState& u = c.state.units[unit];
  if (!u.hidden) return;
  u.hidden = false;
  u.revealing = false;
  if (c.logging())
    c.event({{"type", "revealed"}, {"unit", unit}, {"rule", "ADV-04"}, {"why", why}});
}

void after_hidden_move(Context& c, int unit, table::MoveMode mode) {
  GameState& s = c.state;
  if (submerged(s, unit)) {
    // ADV-12: under the water it is out of sight, whatever the move (a swim included).
    if (!s.units[unit].hidden) hide(c, unit, "ADV-12");
    return;
  }
  if (!s.units[unit].hidden) return;
  // ADV-04: hiders keep to a walk or a crawl; a dash, a climb or a swim gives them away, and so
  // does ending the move in the open.
  const bool stealthy = mode == table::MoveMode::normal || mode == table::MoveMode::backwards ||
                        mode == table::MoveMode::sidestep || mode == table::MoveMode::crawl;
  if (!stealthy) {
    reveal(c, unit, "moved at the double");
    return;
  }
  for (int m : c.state.members(unit)) {
    if (s.models[m].pose.alive && !in_hiding_place(s, m)) {
      reveal(c, unit, "left cover");
      return;
    }
  }
}

void spot_hidden_units(Context& c) {
  GameState& s = c.state;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if (s.units[u].hidden && s.unit_alive(u) && unit_spotted(s, u)) reveal(c, u, "spotted");
  }
}

void note_fired_while_hidden(Context& c, int unit) {
  UnitState& u = c.state.units[unit];
  if (u.hidden) u.revealing = true;
}

void reveal_fired_units(Context& c) {
  for (int u = 0; u < static_cast<int>(c.state.units.size()); ++u) {
    if (c.state.units[u].revealing) reveal(c, u, "fired");
  }
}

}  // namespace arap::game::detail
