// ADV-35 (smoke, infra-vision and blind) and ADV-50 (smoke dischargers), the clouds laid in play:
// a smoke or blind grenade thrown at a point (throw_smoke: a SHOOT-49/50 throw, its cloud where
// it lands) and the dischargers of a suit or machine fired free (discharge_smoke: a cloud around
// each carrier). A cloud is a smoke feature of the table the state stands on (GameState::laid),
// so every sight, cover and mêlée rule (SHOOT-17, SHOOT-56/57, ADV-35, ADV-62) treats it as it
// treats the scenario's own smoke. It disperses by ruling.ADV-50.lasts.
#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "rules/area_effects.hpp"
#include "rules/shooting_goal.hpp"
#include "table/effects.hpp"

namespace arap::game {

namespace {

// A cloud's outline: a circle drawn with this many corners (inscribed: the cloud is never larger
// than its radius says).
constexpr int kCloudCorners = 16;

table::TerrainFeature cloud_feature(const Cloud& cloud, std::size_t k) {
  table::TerrainFeature feature;
  feature.id = fmt::format("laid_smoke_{}", k + 1);
  feature.kind = table::TerrainKind::smoke;
  feature.see_through = 0.0;  // SHOOT-17: it hides what is in and beyond it
  feature.height = 12.0;      // as the scenario's clouds: nothing sees over it
  feature.blind = cloud.blind;
  std::vector<table::Point> corners;
  for (int i = 0; i < kCloudCorners; ++i) {
    const double angle = 2.0 * std::numbers::pi * i / kCloudCorners;
    corners.push_back({cloud.centre.x + cloud.radius * std::cos(angle),
                       cloud.centre.y + cloud.radius * std::sin(angle)});
  }
  feature.footprint = table::make_polygon(corners);
  return feature;
}

}  // namespace

table::Table table_with_clouds(const GameState& s, std::span<const Cloud> extra) {
  table::Table out = s.setup->table(s.doors_open);
  std::size_t k = 0;
  for (const auto& cloud : s.clouds) out.add_feature(cloud_feature(cloud, k++));
  for (const auto& cloud : extra) out.add_feature(cloud_feature(cloud, k++));
  detail::add_standing_ladders(s, out);  // ADV-15: after the clouds, so their slots follow
  return out;
}

namespace detail {

int player_turn_ordinal(const GameState& s) {
  return (s.turn - 1) * s.setup->sides + s.phasing;
}

void refresh_laid_table(GameState& s) {
  const bool ladders = std::any_of(s.portable_ladders.begin(), s.portable_ladders.end(),
                                   [](const PortableLadder& l) { return l.standing; });
  if (s.clouds.empty() && !ladders) {
    s.laid.table.reset();
    return;
  }
  s.laid.table = std::make_shared<const table::Table>(table_with_clouds(s, {}));
}

constexpr const char* kSwitchedOff =
    "ADV-35: clouds laid in play are switched off (option smoke_in_play)";

// The unit's first smoke grenade (not a discharger) carried by model `m`, or nothing.
static const data::WeaponProfile* smoke_grenade(const GameState& s, int m) {
  for (const auto* weapon : s.setup->models[m].group->weapons)
    if (weapon->has(data::WeaponProperty::smoke) && !weapon->has(data::WeaponProperty::discharger))
      return weapon;
  return nullptr;
}

static const data::WeaponProfile* discharger(const GameState& s, int m) {
  for (const auto* weapon : s.setup->models[m].group->weapons)
    if (weapon->has(data::WeaponProperty::discharger)) return weapon;
  return nullptr;
}

// SHOOT-49: the model of `unit` that throws at `at`: the nearest of those able to throw a smoke
// grenade that far (alive, with a BS, not kept to its heavy weapon by ADV-29), or -1.
static int smoke_thrower(const GameState& s, int unit, const table::Point& at) {
  int best = -1;
  double best_distance = 0.0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive || s.info(m).profile->ballistic_skill <= 0) continue;
    if (s.models[m].heavy_only) continue;  // ADV-29: a grenade is another weapon
    const auto* weapon = smoke_grenade(s, m);
    if (weapon == nullptr) continue;
    const double d = table::distance(s.models[m].pose.position, at);
    if (d > weapon->range + 1e-9) continue;
    if (best < 0 || d < best_distance) {
      best = m;
      best_distance = d;
    }
  }
  return best;
}

namespace {

void lay_cloud(Context& c, int unit, int m, const data::WeaponProfile& weapon,
               const table::Point& at) {
  GameState& s = c.state;
  Cloud cloud;
  cloud.centre = at;
  cloud.radius = weapon.effect_size;
  cloud.side = static_cast<std::int8_t>(c.setup.units[unit].side);
  cloud.laid_in = static_cast<std::int16_t>(player_turn_ordinal(s));
  cloud.blind = weapon.has(data::WeaponProperty::blind);
  s.clouds.push_back(cloud);
  refresh_laid_table(s);
  if (c.logging())
    c.event({{"type", "smoke_laid"},
             {"rule", weapon.has(data::WeaponProperty::discharger) ? "ADV-50" : "ADV-35"},
             {"unit", unit},
             {"model", m},
             {"weapon", weapon.id},
             {"at", {at.x, at.y}},
             {"radius", cloud.radius},
             {"blind", cloud.blind}});
}

}  // namespace

bool has_smoke_grenades(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && smoke_grenade(s, m) != nullptr) return true;
  return false;
}

std::string smoke_throw_illegal(const GameState& s, const Action& a) {
  if (!s.setup->options.smoke_in_play) return kSwitchedOff;
  const table::Point at{a.dx, a.dy};
  if (!std::isfinite(at.x) || !std::isfinite(at.y) || !s.table().on_table(at))
    return "ADV-35: a smoke grenade is thrown at a point on the table";
  if (throwing_places_left(s, a.unit) <= 0)
    return "SHOOT-49: a quarter of the unit has already thrown this turn";
  if (smoke_thrower(s, a.unit, at) < 0)
    return "SHOOT-49: nobody in the unit has a smoke grenade and that point within 6\"";
  return "";
}

// SHOOT-50: the thrower rolls against its BS less one (SHOOT-11m, and its own modifiers: moving
// tactically, suppression, the GM's); on a miss the grenade scatters by the scatter-only short
// roll, unless something in its flight stops it (SHOOT-45). It needs no sight of the point: smoke
// is thrown at ground, not at a foe.
int smoke_throw_goal(const GameState& s, int unit, int m, const data::WeaponProfile& weapon,
                     double range) {
  const UnitState& u = s.units[unit];
  rules::ShootingSituation sit;
  sit.ballistic_skill = s.info(m).profile->ballistic_skill;
  sit.range = range;
  sit.kind = rules::ShotKind::area;
  sit.hand_grenade = true;
  sit.tactical_movement = u.tactical;
  sit.aimed = u.own_turn.aimed;
  sit.gm_modifier = gm_to_hit(s, unit, weapon);                        // ADV-75
  if (s.setup->options.suppression_points) sit.s_points = u.s_points;  // ADV-02
  return rules::shooting_hit_goal(sit, s.setup->rulings).goal;
}

void apply_smoke_throw(Context& c, const Action& a) {
  GameState& s = c.state;
  const table::Point aim{a.dx, a.dy};
  const int m = smoke_thrower(s, a.unit, aim);
  const auto& weapon = *smoke_grenade(s, m);
  const table::Point from = s.models[m].pose.position;
  const double range = table::distance(from, aim);
  const int goal = smoke_throw_goal(s, a.unit, m, weapon, range);
  c.dice.start();
  const rules::AreaScatter scatter = rules::roll_area_scatter(
      c.dice, rules::AreaDelivery::thrown_grenade, goal, range, c.setup.rulings);
  c.roll_event("SHOOT-50", "scatter", goal, a.unit,
               {{"inches", scatter.distance},
                {"on_target", scatter.on_target},
                {"bearing", scatter.bearing_degrees}});
  table::Point centre = aim;
  if (!scatter.on_target) {
    const auto& table = s.table();
    const auto poses = s.table_models();
    centre = table::scattered_point(table, aim, scatter.distance, scatter.bearing_degrees);
    centre = table::intercept_flight(table, poses, from, centre, a.unit, true);  // SHOOT-45
  }
  ++s.units[a.unit].own_turn.throwers_used;  // SHOOT-49: one of the unit's throwing places
  lay_cloud(c, a.unit, m, weapon, centre);
}

std::string discharge_illegal(const GameState& s, const Action& a) {
  if (!s.setup->options.smoke_in_play) return kSwitchedOff;
  for (int m : s.members(a.unit))
    if (s.models[m].pose.alive && !s.models[m].smoke_discharged && discharger(s, m) != nullptr)
      return "";
  return s.setup->rulings.adv_50_uses() == rules::DischargerUses::once_per_game
             ? "ADV-50: nobody in the unit has a smoke discharger left to fire (once a game)"
             : "ADV-50: nobody in the unit has a smoke discharger left to fire this player turn";
}

// ADV-50: every carrier's dischargers lay their cloud around it; not a shooting action, so the
// unit fires as it may, though through its own smoke only with infra-vision (ADV-35).
void apply_discharge(Context& c, const Action& a) {
  GameState& s = c.state;
  for (int m : c.state.members(a.unit)) {
    if (!s.models[m].pose.alive || s.models[m].smoke_discharged) continue;
    const auto* weapon = discharger(s, m);
    if (weapon == nullptr) continue;
    s.models[m].smoke_discharged = true;
    lay_cloud(c, a.unit, m, *weapon, s.models[m].pose.position);
  }
}

// ruling.ADV-50.lasts: a side's clouds go as its next player turn begins (untilOwnNextTurn), or
// as that turn ends (throughOwnNextTurn); `starting` says which moment this is for `side`.
void disperse_clouds(Context& c, int side, bool starting) {
  GameState& s = c.state;
  if (s.clouds.empty()) return;
  const bool until = c.setup.rulings.adv_50_lasts() == rules::CloudLasts::until_own_next_turn;
  if (until != starting) return;
  const int now = player_turn_ordinal(s);
  const auto gone = [&](const Cloud& cloud) { return cloud.side == side && cloud.laid_in < now; };
  const std::size_t before = s.clouds.size();
  if (c.logging())
    for (const auto& cloud : s.clouds)
      if (gone(cloud))
        c.event({{"type", "smoke_dispersed"},
                 {"rule", "ADV-50"},
                 {"side", side},
                 {"at", {cloud.centre.x, cloud.centre.y}}});
  s.clouds.erase(std::remove_if(s.clouds.begin(), s.clouds.end(), gone), s.clouds.end());
  if (s.clouds.size() != before) refresh_laid_table(s);
}

std::vector<table::Point> smoke_aim_points(const GameState& s, int unit) {
  std::vector<table::Point> out;
  if (!s.setup->options.smoke_in_play || !has_smoke_grenades(s, unit)) return out;
  const auto& info = s.setup->units[unit];
  const auto add = [&](const table::Point& p) {
    if (!s.table().on_table(p)) return;
    for (const auto& q : out)
      if (table::distance(p, q) < 0.5) return;
    out.push_back(p);
  };
  for (int v = 0; v < static_cast<int>(s.units.size()); ++v) {
    const auto& foe = s.setup->units[v];
    if (foe.side == info.side || !s.unit_alive(v)) continue;
    if (s.units[v].away || s.units[v].in_reserve || s.units[v].hidden) continue;
    // The nearest pair of a smoke thrower and a model of the foe.
    int thrower = -1;
    int target = -1;
    double best = 0.0;
    for (int m : s.members(unit)) {
      if (!s.models[m].pose.alive || smoke_grenade(s, m) == nullptr) continue;
      for (int n : s.members(v)) {
        if (!s.models[n].pose.alive) continue;
        const double d = table::distance(s.models[m].pose.position, s.models[n].pose.position);
        if (thrower < 0 || d < best) {
          thrower = m;
          target = n;
          best = d;
        }
      }
    }
    if (thrower < 0 || best < 1e-9) continue;
    // A screen: 3" from the unit's centre toward the foe's (or half way, when it is nearer than
    // 6"), across the lines its guns would take; and, in reach, smoke on the foe's model nearest
    // a thrower, so that the foe sees nothing out of it.
    const table::Point from = unit_centre(s, unit);
    const table::Point to = unit_centre(s, v);
    const double gap = table::distance(from, to);
    if (gap > 1e-9) add(from + (to - from) * (std::min(3.0, gap / 2.0) / gap));
    if (best <= smoke_grenade(s, thrower)->range) add(s.models[target].pose.position);
  }
  return out;
}

}  // namespace detail

}  // namespace arap::game

namespace arap::game {

SmokeOutlook smoke_outlook(const GameState& s, const Action& a) {
  SmokeOutlook out;
  if (a.kind != ActionKind::throw_smoke || !is_legal(s, a)) return out;
  const table::Point aim{a.dx, a.dy};
  out.legal = true;
  out.model = detail::smoke_thrower(s, a.unit, aim);
  out.weapon = detail::smoke_grenade(s, out.model);
  out.goal = detail::smoke_throw_goal(s, a.unit, out.model, *out.weapon,
                                      table::distance(s.models[out.model].pose.position, aim));
  out.p_on_target = dice::p_low(out.goal);  // SHOOT-50: the throw's one die
  return out;
}

}  // namespace arap::game
