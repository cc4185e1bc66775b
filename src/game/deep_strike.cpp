// ADV-26 (advanced, option deep_strike): deep strike. A unit the scenario holds in reserve with
// `deep_strike: true` that passes its arrival roll (ACT-02) waits for its player to aim a 5"
// marker anywhere on the table (action deep_strike, before any unit of that side activates). Two
// D6 and a bearing move the marker (DICE-15); a double, or a marker touching the table's edge,
// impassable ground, deep water, a shut door or any model, is a mishap (ruling.ADV-26: back to
// reserve for a new roll next turn, or lost). Otherwise the unit stands inside the marker, facing
// the nearest enemy, and counts as having moved; difficult ground under the marker is a 1-in-6
// hazard to each model, very difficult 2 in 6, and dangerous ground its own hazard test.
#include <fmt/format.h>

#include <array>

#include "game/context.hpp"
#include "rules/deep_strike.hpp"
#include "table/drop_zone.hpp"

namespace arap::game::detail {

namespace {

constexpr double kMarkerRadius = table::kDeepStrikeMarker / 2.0;
// The spacing of the aim points legal_actions offers (any point on the table is legal).
constexpr double kDropGrid = 6.0;

void mishap(Context& c, int unit, const char* why) {
  GameState& s = c.state;
  const bool lost = c.setup.rulings.adv_26() == rules::DeepStrikeMishap::lost;
  // Back to reserve: in_reserve stays set and the next compulsory phase rolls for it again.
  if (lost) s.units[unit].in_reserve = false;  // its models never reach the table
  if (c.logging())
    c.event({{"type", "deep_strike_mishap"},
             {"unit", unit},
             {"rule", "ADV-26"},
             {"why", why},
             {"outcome", lost ? "lost" : "back_to_reserve"}});
  if (lost) check_game_end(c);  // it may have been its side's last unit
}

// The landing hazards (ADV-26): rough ground under the marker, then dangerous ground's own test.
void landing_hazards(Context& c, int unit, const table::MarkerGround& ground) {
  GameState& s = c.state;
  const int triggers = rules::landing_hazard_triggers(ground.difficult, ground.very_difficult);
  for (int m : c.state.members(unit)) {
    if (triggers > 0 && s.models[m].pose.alive) {
      c.dice.start();
      const bool hurt = c.dice.roll(6) <= triggers;
      c.roll_event("ADV-26", "landing hazard", triggers, unit, {{"model", m}, {"hurt", hurt}});
      if (hurt) hazard_wound(c, unit, m);
    }
    if (!ground.dangerous.empty() && s.models[m].pose.alive)
      hazard_tests(c, unit, m, ground.dangerous);
  }
  hazard_morale_check(c, unit);
}

}  // namespace

int pending_drop(const GameState& s) {
  // Only a deep striker, with the option on, waits to drop (arrive_reserves; check_invariants
  // holds to it), and every check of the activation phase asks this first.
  if (s.phase != Phase::activation || !s.setup->options.deep_strike ||
      !s.setup->deep_strike_reserves)
    return -1;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u)
    if (s.units[u].awaiting_drop && s.setup->units[u].side == s.phasing) return u;
  return -1;
}

std::string deep_strike_illegal(const GameState& s, const Action& a) {
  if (a.unit < 0 || a.unit >= static_cast<int>(s.units.size()))
    return fmt::format("there is no unit {}", a.unit);
  const auto& info = s.setup->units[a.unit];
  if (!s.units[a.unit].awaiting_drop)
    return fmt::format(
        "ADV-26: {} is not waiting to deep strike (only a deep striker that has "
        "passed its arrival roll this turn aims a marker)",
        info.name);
  if (info.side != s.phasing)
    return fmt::format("ADV-26: {} deep strikes in its own side's turn", info.name);
  const table::Point aim{a.dx, a.dy};
  if (!std::isfinite(aim.x) || !std::isfinite(aim.y) || !s.table().on_table(aim))
    return fmt::format(
        "ADV-26: aim the marker at a point on the table (0-{} by 0-{}), not ({}, {})",
        s.table().width(), s.table().height(), aim.x, aim.y);
  return "";
}

void apply_deep_strike(Context& c, const Action& a) {
  GameState& s = c.state;
  const int unit = a.unit;
  s.units[unit].awaiting_drop = false;
  const table::Point aim{a.dx, a.dy};
  c.dice.start();
  const rules::DeepStrikeScatter scatter = rules::roll_deep_strike_scatter(c.dice);
  const table::Point landing =
      aim + table::heading_vector(scatter.bearing_degrees) * static_cast<double>(scatter.inches);
  c.roll_event("ADV-26", "deep strike scatter", 0, unit,
               {{"inches", scatter.inches},
                {"bearing", scatter.bearing_degrees},
                {"double", scatter.mishap}});
  if (scatter.mishap) {
    mishap(c, unit, "a double on the scatter dice");
    return;
  }
  const table::MarkerGround ground =
      table::ground_under_marker(s.table(), s.table_models(), landing, kMarkerRadius);
  if (ground.off_table) return mishap(c, unit, "the marker landed partly off the table");
  if (ground.impassable)
    return mishap(c, unit, "the marker landed on impassable ground or deep water");
  if (!ground.models.empty()) return mishap(c, unit, "the marker landed on models");
  std::vector<double> radii;
  for (int m : c.state.members(unit)) radii.push_back(s.models[m].pose.base_radius);
  // The scenario checked that the unit fits (table::pack_in_marker); nothing stands under it.
  const auto spots = table::pack_in_marker(landing, kMarkerRadius, radii);
  std::size_t spot = 0;
  for (int m : c.state.members(unit)) {
    s.models[m].pose.position = (*spots)[spot++];
    s.models[m].pose.alive = true;
  }
  s.units[unit].in_reserve = false;
  // It faces the nearest enemy (its player would turn it so).
  if (const int foe = nearest_enemy_unit(s, unit); foe >= 0) {
    const double facing = table::bearing(landing, unit_centre(s, foe));
    for (int m : c.state.members(unit)) s.models[m].pose.facing = facing;
  }
  s.units[unit].own_turn.moved_this_turn = true;  // it counts as having moved for its shooting
  if (c.logging())
    c.event({{"type", "deep_strike"},
             {"unit", unit},
             {"rule", "ADV-26"},
             {"aim", {aim.x, aim.y}},
             {"at", {landing.x, landing.y}}});
  landing_hazards(c, unit, ground);
}

}  // namespace arap::game::detail

namespace arap::game {

DropOutlook drop_outlook(const GameState& s, const Action& a) {
  DropOutlook out;
  if (a.kind != ActionKind::deep_strike || !is_legal(s, a)) return out;
  out.legal = true;
  const table::Point aim{a.dx, a.dy};
  const std::vector<table::TableModel> poses = s.table_models();
  // The pairs of dice by their sum, doubles apart (rules::roll_deep_strike_scatter).
  std::array<int, 13> moving{};
  for (int first = 1; first <= 6; ++first)
    for (int second = 1; second <= 6; ++second)
      if (first != second) ++moving[static_cast<std::size_t>(first + second)];
  out.p_double = rules::deep_strike_double_odds();
  for (int inches = 2; inches <= 12; ++inches) {
    if (moving[static_cast<std::size_t>(inches)] == 0) continue;
    const double weight = moving[static_cast<std::size_t>(inches)] / 36.0 / 360.0;
    for (int bearing = 0; bearing < 360; ++bearing) {
      const table::Point landing =
          aim + table::heading_vector(bearing) * static_cast<double>(inches);
      const table::MarkerGround ground =
          table::ground_under_marker(s.table(), poses, landing, detail::kMarkerRadius);
      if (ground.off_table) {
        out.p_off_table += weight;
      } else if (ground.impassable) {
        out.p_impassable += weight;
      } else if (!ground.models.empty()) {
        out.p_on_models += weight;
      } else {
        out.p_landed += weight;
        if (ground.difficult || ground.very_difficult || !ground.dangerous.empty())
          out.p_rough_landing += weight;
      }
    }
  }
  out.p_mishap = out.p_double + out.p_off_table + out.p_impassable + out.p_on_models;
  return out;
}

}  // namespace arap::game

namespace arap::game::detail {

std::vector<table::Point> drop_points(const GameState& s) {
  std::vector<table::Point> out;
  const table::Table& table = s.table();
  const std::vector<table::TableModel> poses = s.table_models();
  for (double y = kDropGrid / 2.0; y < table.height(); y += kDropGrid) {
    for (double x = kDropGrid / 2.0; x < table.width(); x += kDropGrid) {
      const table::Point at{x, y};
      if (!table::ground_under_marker(table, poses, at, kMarkerRadius).blocked()) out.push_back(at);
    }
  }
  // A table with no clear place still offers its middle: the marker may scatter somewhere better.
  if (out.empty()) out.push_back({table.width() / 2.0, table.height() / 2.0});
  return out;
}

}  // namespace arap::game::detail
