// ADV-15 (portable ladders; casting ladders down, option portable_ladders) in play. A unit the
// scenario gives a ladder (`ladder: true`) carries it: four human-sized bearers (bulk) carry it at
// full rate, two or three at half, one at a quarter, on every move the unit makes; the bearers
// fire no weapon that could not be fired from a ladder (MOVE-28: pistols and basic weapons) and
// the unit moves no tactical move (MOVE-13). place_ladder (1 AP) stands it against the face of a
// raised surface no higher than level 2 (6") from within 2" of the face's foot, at most three to a
// 6" stretch of face; standing, it is a ladder of the table (MOVE-28) like the scenario's.
// pick_up_ladder (1 AP) takes up one lying on the ground, or one of the side's own standing with
// nobody on it. cast_down_ladder (1 AP): an enemy in reach (2", ACT-16's reach for anything worked
// by hand) pushes over a ladder nobody is on; an occupied one goes on a D6 of 6, +1 for each pusher
// past the first (three at most), its climbers falling (MOVE-27) and their units taking a rout test
// with no Wound Difference (the catalogue's ruling). Bearers drop theirs when they are locked in
// mêlée, and a unit wiped out drops it where its last model fell.
// ADV-14's grapples (grapples.cpp) stand in the same list: cast_down_ladder casts a hook down
// automatically when nobody is on it, on a 4+ when someone is (its climbers falling), and then it
// is gone.
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/ladder_geometry.hpp"
#include "game/melee_internal.hpp"
#include "rules/climbing.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"

namespace arap::game {

namespace {

using detail::crowds_a_section;
using detail::half_width;
using detail::hook_of;
using detail::kLadderHalfDepth;
using detail::kRopeHalfWidth;

constexpr int kHookCastOn = 4;         // ADV-14: an attended hook is cast down on a 4+
constexpr double kOnEdge = 0.1;        // a point this near a face's edge is on it
constexpr double kHighestReach = 6.0;  // ADV-15: no higher than the top of level 2
constexpr int kLaddersPerSection = 3;  // ADV-15: three ladders to each 6" of face

const char* const kSwitchedOff =
    "ADV-15: portable ladders are switched off (option portable_ladders)";

table::TerrainFeature ladder_feature(const PortableLadder& ladder, std::size_t k) {
  table::TerrainFeature feature;
  feature.id = fmt::format("{}_{}", ladder.hook ? "grapple_rope" : "portable_ladder", k + 1);
  if (ladder.span > 0.0f) {
    // ADV-14: a rope across a gap, edge to edge and a little over each (so that it spans the
    // gap's middle whichever way it is crossed): the table's movement crosses it hand over hand.
    feature.kind = table::TerrainKind::rope;
    const table::Point along{-ladder.up.y * kRopeHalfWidth, ladder.up.x * kRopeHalfWidth};
    const table::Point from = ladder.at - ladder.up * kOnEdge;
    const table::Point to = hook_of(ladder) + ladder.up * kOnEdge;
    feature.footprint = table::make_polygon({from - along, to - along, to + along, from + along});
    return feature;
  }
  feature.kind = table::TerrainKind::ladder;
  if (ladder.hook) {
    feature.ladder_places = 1;  // ADV-14: one model a turn on each rope
    feature.grapple = true;
  }
  const table::Point along{-ladder.up.y, ladder.up.x};
  const table::Point out = ladder.up * kLadderHalfDepth;
  const table::Point side = along * half_width(ladder);
  feature.footprint = table::make_polygon({ladder.at - out - side, ladder.at - out + side,
                                           ladder.at + out + side, ladder.at + out - side});
  return feature;
}

}  // namespace

namespace detail {

void add_standing_ladders(const GameState& s, table::Table& out) {
  for (std::size_t k = 0; k < s.portable_ladders.size(); ++k)
    if (s.portable_ladders[k].standing) out.add_feature(ladder_feature(s.portable_ladders[k], k));
}

int carried_ladder(const GameState& s, int unit) {
  for (std::size_t k = 0; k < s.portable_ladders.size(); ++k)
    if (s.portable_ladders[k].carrier == unit) return static_cast<int>(k);
  return -1;
}

namespace {

// ADV-15: a model whose arms fit a ladder (as MOVE-28 has them: pistols and basic weapons) bears
// before one whose heavy or two-handed weapon the burden would idle.
bool arms_fit_a_ladder(const GameState& s, int m) {
  for (const auto* weapon : s.setup->models[m].group->weapons) {
    if (weapon->is_melee()) {
      if (weapon->has(data::WeaponProperty::two_handed)) return false;
      continue;
    }
    if (weapon->type == data::WeaponType::grenade || weapon->type == data::WeaponType::bomb)
      continue;
    if (!fires_from_ladder(*weapon)) return false;
  }
  return true;
}

}  // namespace

// The bearers: the unit's first living models whose arms fit, then the rest, until four bulk.
std::uint64_t ladder_bearers(const GameState& s, int unit, int* bulk) {
  std::uint64_t bearers = 0;
  int carried = 0;
  for (const bool fitting : {true, false}) {
    int index = -1;  // the model's place among the unit's members
    for (int m : s.members(unit)) {
      ++index;
      if (carried >= rules::kLadderBearers) break;
      const auto& model = s.models[m];
      if (!model.pose.alive || arms_fit_a_ladder(s, m) != fitting) continue;
      bearers |= std::uint64_t{1} << std::min(index, 63);
      carried += std::max(1, static_cast<int>(model.pose.bulk));
    }
  }
  if (bulk != nullptr) *bulk = carried;
  return bearers;
}

double ladder_rate(const GameState& s, int unit) {
  if (s.portable_ladders.empty() || carried_ladder(s, unit) < 0) return 1.0;
  int bulk = 0;
  ladder_bearers(s, unit, &bulk);
  return rules::ladder_carry_rate(bulk);
}

double move_rate(const GameState& s, int unit) {
  return rain_rate(s) * ladder_rate(s, unit);
}

bool bears_ladder(const GameState& s, int m) {
  if (s.portable_ladders.empty()) return false;
  const int unit = s.models[m].pose.unit;
  if (carried_ladder(s, unit) < 0) return false;
  int index = 0;  // its place among the unit's members
  for (int n : s.members(unit)) {
    if (n == m) break;
    ++index;
  }
  return ((ladder_bearers(s, unit, nullptr) >> std::min(index, 63)) & 1u) != 0;
}

void drop_ladder(Context& c, int unit, const table::Point& at, const char* why) {
  GameState& s = c.state;
  const int k = carried_ladder(s, unit);
  if (k < 0) return;
  PortableLadder& ladder = s.portable_ladders[k];
  ladder = PortableLadder{};
  ladder.at = at;
  if (c.logging())
    c.event({{"type", "ladder_dropped"},
             {"rule", "ADV-15"},
             {"unit", unit},
             {"ladder", k},
             {"at", {at.x, at.y}},
             {"why", why}});
}

void drop_ladder_in_melee(Context& c, int unit) {
  if (c.state.portable_ladders.empty() || carried_ladder(c.state, unit) < 0) return;
  drop_ladder(c, unit, unit_centre(c.state, unit), "attacked in close combat");
}

std::optional<LadderFace> ladder_face(const table::Table& table, const table::Point& p) {
  std::optional<LadderFace> best;
  double nearest = kOnEdge;
  for (const int f : table.raised_features()) {
    const auto& ring = table.features()[f].ring;
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const table::Point a = ring[i];
      const table::Point b = ring[(i + 1) % ring.size()];
      double t = 0.0;
      const double d = table::distance_to_segment(p, a, b, &t);
      const double edge = table::distance(a, b);
      if (d > nearest + 1e-12 || edge < 1e-9) continue;
      const table::Point on = a + (b - a) * t;
      const table::Point normal{-(b.y - a.y) / edge, (b.x - a.x) / edge};
      const double left = table.level_at(on + normal * kFaceProbe);
      const double right = table.level_at(on - normal * kFaceProbe);
      if (std::abs(left - right) <= kLadderLevelTolerance) continue;  // not where two levels meet
      LadderFace face;
      face.at = on;
      face.up = left > right ? normal : normal * -1.0;
      face.foot_level = std::min(left, right);
      face.rise = std::abs(left - right);
      face.feature = f;
      best = face;
      nearest = d;
    }
  }
  return best;
}

namespace {

// The ladders of the table (the scenario's and those standing) whose middles are within `radius`.
std::vector<table::Point> ladders_near(const GameState& s, const table::Point& p, double radius) {
  std::vector<table::Point> out;
  const auto& table = s.table();
  for (const auto& feature : table.features()) {
    if (feature.kind != table::TerrainKind::ladder) continue;
    table::Point middle{0.0, 0.0};
    for (const auto& q : feature.ring) middle = middle + q;
    middle = middle * (1.0 / static_cast<double>(std::max<std::size_t>(1, feature.ring.size())));
    if (table::distance(middle, p) <= radius + 1e-9) out.push_back(middle);
  }
  return out;
}

std::string common_problem(const GameState& s, const Action& a) {
  if (!s.setup->options.portable_ladders) return kSwitchedOff;
  if (s.units[a.unit].locked != 0)
    return "MELEE-29: a unit locked in mêlée fights (or breaks off); it cannot handle a ladder";
  return "";
}

}  // namespace

std::vector<int> models_in_reach(const GameState& s, int unit, const table::Point& p,
                                 double level) {
  std::vector<std::pair<double, int>> near;
  const auto& table = s.table();
  for (int m : s.members(unit)) {
    const auto& model = s.models[m];
    if (!model.pose.alive || model.fell_over) continue;
    const double d = table::distance(model.pose.position, p);
    if (d > kLadderReach + 1e-9) continue;
    if (std::abs(table.level_at(model.pose.position) - level) > kLadderLevelTolerance) continue;
    near.push_back({d, m});
  }
  std::sort(near.begin(), near.end());
  std::vector<int> out;
  for (const auto& [d, m] : near) out.push_back(m);
  return out;
}

std::string place_ladder_illegal(const GameState& s, const Action& a) {
  if (auto p = common_problem(s, a); !p.empty()) return p;
  if (carried_ladder(s, a.unit) < 0) return "ADV-15: the unit carries no ladder";
  const table::Point at{a.dx, a.dy};
  const auto& table = s.table();
  if (!std::isfinite(at.x) || !std::isfinite(at.y) || !table.on_table(at))
    return "ADV-15: a ladder is set up at a point on the table";
  const auto face = ladder_face(table, at);
  if (!face)
    return fmt::format(
        "ADV-15: a ladder stands against the face of a raised surface (a point on its edge); "
        "({:.2f}, {:.2f}) is on none",
        at.x, at.y);
  if (face->rise <= 1.0 + 1e-9)
    return fmt::format("ADV-15: a step of {}\" needs no ladder (MOVE-19: it is stepped up)",
                       face->rise);
  if (face->rise > kHighestReach + 1e-9)
    return fmt::format(
        "ADV-15: a portable ladder reaches no higher than the top of level 2 ({}\"); this face "
        "rises {}\"",
        kHighestReach, face->rise);
  const table::Point foot = face->at - face->up * kFaceProbe;
  if (models_in_reach(s, a.unit, foot, face->foot_level).empty())
    return fmt::format(
        "ADV-15: the ladder is carried to within {}\" of the face's foot before it is set up: "
        "no model of {} on its feet stands that near on the foot's level",
        kLadderReach, s.setup->units[a.unit].name);
  if (table.ladder_count() >= table::kMaxLadders)
    return fmt::format("MOVE-28: at most {} ladders on a table", table::kMaxLadders);
  const auto near = ladders_near(s, face->at, kFaceSection);
  const table::Point along{-face->up.y, face->up.x};
  std::vector<double> spots{0.0};
  for (const auto& q : near) {
    if (table::distance(q, face->at) < 2.0 * kLadderHalfWidth - 1e-9)
      return "ADV-15: another ladder stands there (ladders are 1.5\" wide)";
    spots.push_back(table::dot(q - face->at, along));
  }
  if (crowds_a_section(spots, kLaddersPerSection))
    return fmt::format("ADV-15: at most {} ladders stand against each {}\" of a face",
                       kLaddersPerSection, kFaceSection);
  return "";
}

// The ladder slot (MOVE-28) of standing ladder `k` in the laid table: after the scenario's ladders,
// in the order of the standing ladders.
// MOVE-28: the table ladder slot of standing ladder `k` (a rope across a gap, ADV-14, is no
// ladder and takes none).
static int standing_slot(const GameState& s, int k) {
  int slot = s.setup->table(s.doors_open).ladder_count();
  for (int j = 0; j < k; ++j) {
    const PortableLadder& other = s.portable_ladders[j];
    slot += other.standing && other.span <= 0.0f ? 1 : 0;
  }
  return slot;
}

void stand_in_laid_table(Context& c, int k, const LadderFace& face, int unit,
                         const char* event_type, const char* rule) {
  GameState& s = c.state;
  const float span = s.portable_ladders[k].span;
  if (span <= 0.0f) {
    // MOVE-28: the slots after its own move up one, and their counts this turn with them.
    const int slot = standing_slot(s, k);
    for (int j = table::kMaxLadders - 1; j > slot; --j) s.ladder_uses[j] = s.ladder_uses[j - 1];
    s.ladder_uses[slot] = 0;
  }
  refresh_laid_table(s);
  if (c.logging()) {
    Event e{{"type", event_type},           {"rule", rule},     {"unit", unit}, {"ladder", k},
            {"at", {face.at.x, face.at.y}}, {"rise", face.rise}};
    if (span > 0.0f) e["span"] = span;  // ADV-14: a rope across a gap this wide
    c.event(std::move(e));
  }
}

void apply_place_ladder(Context& c, const Action& a) {
  GameState& s = c.state;
  const int k = carried_ladder(s, a.unit);
  const auto face = *ladder_face(s.table(), {a.dx, a.dy});
  s.portable_ladders[k] = standing_against(face, c.setup.units[a.unit].side);
  stand_in_laid_table(c, k, face, a.unit, "ladder_placed", "ADV-15");
}

bool occupied(const GameState& s, const PortableLadder& ladder) {
  for (const auto& model : s.models)
    if (model.pose.alive && in_footprint(ladder, model.pose.position)) return true;
  return false;
}

std::string pick_up_ladder_illegal(const GameState& s, const Action& a) {
  if (auto p = common_problem(s, a); !p.empty()) return p;
  const int count = static_cast<int>(s.portable_ladders.size());
  if (a.target < 0 || a.target >= count)
    return count == 0 ? "ADV-15: there are no portable ladders in this battle"
                      : fmt::format("ADV-15: no portable ladder numbered {} (0 to {})", a.target,
                                    count - 1);
  if (carried_ladder(s, a.unit) >= 0) return "ADV-15: the unit already carries a ladder";
  const PortableLadder& ladder = s.portable_ladders[a.target];
  if (ladder.hook) return "ADV-14: a grapple's rope is not taken up (it is cast down or climbed)";
  if (ladder.carried()) return "ADV-15: another unit carries that ladder";
  const auto& table = s.table();
  table::Point reach_from = ladder.at;
  if (ladder.standing) {
    if (ladder.side != s.setup->units[a.unit].side)
      return "ADV-15: an enemy's ladder is cast down (cast_down_ladder), not taken down";
    if (occupied(s, ladder)) return "ADV-15: someone is on the ladder";
    reach_from = foot_of(ladder);
  }
  if (models_in_reach(s, a.unit, reach_from, table.level_at(reach_from)).empty())
    return fmt::format("ADV-15: a model of {} must stand within {}\" of the ladder to take it up",
                       s.setup->units[a.unit].name, kLadderReach);
  return "";
}

static void take_ladder_away(GameState& s, int k) {
  if (!s.portable_ladders[k].standing) return;
  if (s.portable_ladders[k].span <= 0.0f) {
    // MOVE-28: the slots after it move down one, and their counts this turn with them.
    const int slot = standing_slot(s, k);
    for (int j = slot; j + 1 < table::kMaxLadders; ++j) s.ladder_uses[j] = s.ladder_uses[j + 1];
    s.ladder_uses[table::kMaxLadders - 1] = 0;
  }
  s.portable_ladders[k].standing = false;
  refresh_laid_table(s);
}

void apply_pick_up_ladder(Context& c, const Action& a) {
  GameState& s = c.state;
  take_ladder_away(s, a.target);
  PortableLadder& ladder = s.portable_ladders[a.target];
  ladder = PortableLadder{};
  ladder.carrier = static_cast<std::int16_t>(a.unit);
  if (c.logging())
    c.event(
        {{"type", "ladder_picked_up"}, {"rule", "ADV-15"}, {"unit", a.unit}, {"ladder", a.target}});
}

namespace {

// The pushers of `unit` in reach of standing ladder `k`, at its top or at its foot (the end more of
// them reach), nearest first.
std::vector<int> pushers(const GameState& s, int unit, const PortableLadder& ladder) {
  const auto& table = s.table();
  const table::Point foot = foot_of(ladder);
  const table::Point top = top_of(ladder);
  auto at_foot = models_in_reach(s, unit, foot, table.level_at(foot));
  auto at_top = models_in_reach(s, unit, top, table.level_at(top));
  return at_top.size() > at_foot.size() ? at_top : at_foot;
}

}  // namespace

std::string cast_down_illegal(const GameState& s, const Action& a) {
  if (auto p = common_problem(s, a); !p.empty()) return p;
  const int count = static_cast<int>(s.portable_ladders.size());
  if (a.target < 0 || a.target >= count || !s.portable_ladders[a.target].standing)
    return fmt::format("ADV-15: no portable ladder numbered {} stands on the table", a.target);
  const PortableLadder& ladder = s.portable_ladders[a.target];
  if (ladder.side == s.setup->units[a.unit].side)
    return "ADV-15: a ladder is cast down by the enemy; the side's own is taken down "
           "(pick_up_ladder)";
  if (pushers(s, a.unit, ladder).empty())
    return fmt::format(
        "ADV-15: a model of {} must stand within {}\" of the ladder's top or foot, on that level, "
        "to push it over",
        s.setup->units[a.unit].name, kLadderReach);
  return "";
}

void apply_cast_down(Context& c, const Action& a) {
  GameState& s = c.state;
  PortableLadder& ladder = s.portable_ladders[a.target];
  const bool climbed = occupied(s, ladder);
  const int helpers =
      std::min<int>(rules::kMostLadderPushers, static_cast<int>(pushers(s, a.unit, ladder).size()));
  bool falls = true;
  if (climbed && ladder.hook) {
    // ADV-14: a hook someone is on comes away on a 4+, however many pull at it.
    c.dice.start();
    falls = dice::roll_high(c.dice, kHookCastOn);
    c.roll_event("ADV-14", "cast down a grapple", kHookCastOn, a.unit,
                 {{"ladder", a.target}, {"cast_down", falls}});
  } else if (climbed) {
    const int goal = rules::cast_down_goal(helpers);
    c.dice.start();
    falls = dice::roll_high(c.dice, goal);
    c.roll_event("ADV-15", "cast down a ladder", goal, a.unit,
                 {{"ladder", a.target}, {"pushers", helpers}, {"cast_down", falls}});
  }
  if (!falls) return;
  const PortableLadder standing = ladder;
  std::vector<int> climbers;
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m)
    if (s.models[m].pose.alive && in_footprint(standing, s.models[m].pose.position))
      climbers.push_back(m);
  take_ladder_away(s, a.target);
  if (standing.hook) {
    // ADV-14: the hook and its rope fall at the foot and are done with.
    s.portable_ladders.erase(s.portable_ladders.begin() + a.target);
  } else {
    ladder = PortableLadder{};
    ladder.at = foot_of(standing);
  }
  if (c.logging())
    c.event({{"type", "ladder_cast_down"},
             {"rule", standing.hook ? "ADV-14" : "ADV-15"},
             {"hook", standing.hook},
             {"unit", a.unit},
             {"ladder", a.target},
             {"climbers", climbers},
             {"automatic", !climbed}});
  // Its climbers fall (MOVE-27) from half its height, a climber's mean, and land at its foot.
  const double height = std::max(1.0, standing.rise / 2.0);
  std::uint64_t units_hit = 0;
  for (const int m : climbers) {
    auto& pose = s.models[m].pose;
    pose.position = nearest_clear_spot(
        s, m, standing.at - standing.up * (kFaceProbe + std::max(0.0, pose.base_radius)));
    fall(c, m, height);
    units_hit |= bit(c.state.models[m].pose.unit);
  }
  // ADV-15: the survivors test as for a lost round of mêlée: ruled a rout test with no Wound
  // Difference (ADV-14 asks no test of a grapple's climbers).
  if (standing.hook) return;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    if ((units_hit & bit(u)) == 0 || !s.unit_alive(u)) continue;
    const auto& info = c.setup.units[u];
    if (rules::passes_automatically(rules::LdTest::rout, info.fearless) || c.setup.dogged(u))
      continue;
    const int target = rules::rout_test_target(s.leadership(u), 0, c.setup.rulings.melee_16());
    c.dice.start();
    const auto roll = rules::roll_leadership_test(
        c.dice, target, rules::may_reroll(rules::LdTest::rout, info.no_fear));
    c.roll_event("ADV-15", "rout test after the fall", target, u, {{"passed", roll.passed}});
    if (roll.passed) continue;
    if (s.units[u].locked != 0) {
      rout_from_combat(c, u, 0, "ADV-15");
    } else {
      start_rout(c, u, "ADV-15");
    }
  }
}

// The point of each raised surface's edge nearest the unit's nearest model, where that is in reach.
std::vector<table::Point> face_points(const GameState& s, int unit) {
  std::vector<table::Point> out;
  const auto& table = s.table();
  for (const int f : table.raised_features()) {
    const auto& ring = table.features()[f].ring;
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const table::Point a = ring[i];
      const table::Point b = ring[(i + 1) % ring.size()];
      // The point of this edge nearest the unit's nearest model, if that is within reach.
      double best = std::numeric_limits<double>::infinity();
      table::Point spot;
      for (int m : s.members(unit)) {
        if (!s.models[m].pose.alive) continue;
        double t = 0.0;
        const double d = table::distance_to_segment(s.models[m].pose.position, a, b, &t);
        if (d < best) {
          best = d;
          spot = a + (b - a) * t;
        }
      }
      if (best > kLadderReach + kFaceProbe + 1e-9) continue;
      for (const auto& q : out)
        if (table::distance(q, spot) < 0.5) best = -1.0;
      if (best >= 0.0) out.push_back(spot);
    }
  }
  return out;
}

std::vector<table::Point> ladder_places(const GameState& s, int unit) {
  if (!s.setup->options.portable_ladders || carried_ladder(s, unit) < 0) return {};
  return face_points(s, unit);
}

std::vector<int> ladders_in_reach(const GameState& s, int unit) {
  std::vector<int> out;
  if (!s.setup->options.portable_ladders) return out;
  for (int k = 0; k < static_cast<int>(s.portable_ladders.size()); ++k) {
    const auto& ladder = s.portable_ladders[k];
    if (ladder.carried()) continue;
    // Lying, or the middle of a standing one's foot; a rope across a gap, either end (ADV-14).
    const table::Point near = ladder.at;
    const table::Point far = hook_of(ladder);
    for (int m : s.members(unit)) {
      const table::Point& p = s.models[m].pose.position;
      if (s.models[m].pose.alive && std::min(table::distance(p, near), table::distance(p, far)) <=
                                        kLadderReach + kFaceProbe + 1e-9) {
        out.push_back(k);
        break;
      }
    }
  }
  return out;
}

}  // namespace detail

LadderOutlook ladder_outlook(const GameState& s, const Action& a) {
  LadderOutlook out;
  if (a.kind != ActionKind::cast_down_ladder || !is_legal(s, a)) return out;
  const auto& ladder = s.portable_ladders[a.target];
  out.legal = true;
  out.occupied = detail::occupied(s, ladder);
  out.pushers = std::min<int>(rules::kMostLadderPushers,
                              static_cast<int>(detail::pushers(s, a.unit, ladder).size()));
  out.p_cast_down = !out.occupied ? 1.0
                    : ladder.hook ? dice::p_high(kHookCastOn)  // ADV-14
                                  : rules::cast_down_chance(out.pushers);
  return out;
}

}  // namespace arap::game
