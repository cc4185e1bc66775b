// ADV-14 (grapples and rope climbs, option rope_and_grapple): the thrown hook. throw_grapple (1 AP)
// is a BS throw at the top of a face from within 2" of its foot, +1 at a roof or platform edge, 0
// at a window, -1 at an arrow loophole (the feature's grapple_hold), by a unit that all carries
// rope and grapple or a launcher (a rope-launcher, power grapple or handbow), one hook a model. A
// hand throws it to the top of level 2 (6", ruling A-47); a launcher as high (ruling.ADV-14:
// asThrown) or to any height (anyHeight). A hook that holds is a rope of the table (a MOVE-28
// ladder with one place a turn) that one model a turn climbs at the normal rate, four at most to
// 6" of face. Casting one down is cast_down_ladder's (ladders.cpp).
// A hook is also thrown across a gap: from within 2" of the near edge, at a point of the far
// edge no more than 6" (a hand's throw) from the thrower and on its level. One that holds is a rope
// strung across the gap (a `rope` feature of the table), crossed hand over hand at the
// difficult-ground rate with no jump (table/movement.cpp), and cast down as a hanging one is.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "game/climbing.hpp"
#include "game/ladder_geometry.hpp"

namespace arap::game {

namespace detail {

namespace {

constexpr int kHooksPerSection = 4;   // ADV-14: four grapples to each 6" of face
constexpr double kThrownReach = 6.0;  // ADV-14: a hand throws to the top of level 2 (A-47: 6")

bool hook_carriers(const GameState& s, int unit) {
  return s.setup->options.rope_and_grapple &&
         climb_kit(s, unit) == rules::ClimbKit::rope_and_grapple;
}

int hooks_of(const GameState& s, int unit) {
  int hooks = 0;
  for (const auto& l : s.portable_ladders) hooks += l.hook && l.owner == unit ? 1 : 0;
  return hooks;
}

// Whether a face rising `rise` inches is above a hand's throw, so that only a launcher reaches it
// (and then only under ruling.ADV-14 anyHeight).
bool above_a_throw(double rise) {
  return rise > kThrownReach + 1e-9;
}

// The unit's nearest model to `foot` within reach on its level that carries a grapple (a launcher
// when the face is above a hand's throw), or -1.
int grapple_thrower(const GameState& s, int unit, const table::Point& foot, double level,
                    double rise) {
  for (const int m : models_in_reach(s, unit, foot, level)) {
    const auto& profile = *s.info(m).profile;
    if (above_a_throw(rise) ? profile.has_rule("grapple_launcher") : carries_grapple(profile))
      return m;
  }
  return -1;
}

// ADV-14: the throw's modifier at the feature's top: +1 at a roof or platform edge (a large
// target), 0 at a window, -1 at an arrow loophole (a small one).
int hold_modifier(const GameState& s, const LadderFace& face) {
  if (face.feature < 0) return 1;
  switch (s.table().features()[face.feature].grapple_hold) {
    case table::GrappleHold::roof_edge:
      return 1;
    case table::GrappleHold::window:
      return 0;
    case table::GrappleHold::loophole:
      return -1;
  }
  return 1;
}

constexpr double kGapProbeStep = 0.05;  // how finely a line across a gap is read for levels

// Walking from `from` toward `to` (at most `reach` inches), where the ground first comes back to
// `level` after lying more than a step (1") below it all the way: a gap's other edge, or nothing.
std::optional<table::Point> across_the_gap(const table::Table& table, const table::Point& from,
                                           const table::Point& to, double level, double reach) {
  const double length = std::min(reach, table::distance(from, to));
  if (length <= kGapProbeStep) return std::nullopt;
  const table::Point step = (to - from) * (1.0 / table::distance(from, to));
  bool deep = false;
  double low = 0.0;
  for (double t = kGapProbeStep; t <= length + 1e-9; t += kGapProbeStep) {
    const double here = table.level_at(from + step * t);
    if (here >= level - kLadderLevelTolerance) {
      if (!deep) return std::nullopt;  // no drop worth a rope between
      double high = t;                 // the edge lies between `low` and `high`: narrow it down
      for (int i = 0; i < 30; ++i) {
        const double mid = 0.5 * (low + high);
        (table.level_at(from + step * mid) >= level - kLadderLevelTolerance ? high : low) = mid;
      }
      return from + step * high;
    }
    if (here > level + kLadderLevelTolerance) return std::nullopt;
    deep = deep || here < level - 1.0 - 1e-9;
    low = t;
  }
  return std::nullopt;
}

// ADV-14: a throw across a gap at the top of `face` (its far edge): the unit's model with a
// grapple, nearest the point, that stands on the face's top level within a hand's throw of it and
// within reach of the gap's near edge; and where that edge is.
struct GapThrow {
  int thrower = -1;
  table::Point near_edge;
};

std::optional<GapThrow> gap_throw(const GameState& s, int unit, const LadderFace& face,
                                  const table::Point& at) {
  const auto& table = s.table();
  const double top = face.foot_level + face.rise;
  std::optional<GapThrow> best;
  double nearest = std::numeric_limits<double>::infinity();
  for (int m : s.members(unit)) {
    const auto& model = s.models[m];
    if (!model.pose.alive || model.fell_over || !carries_grapple(*s.info(m).profile)) continue;
    const table::Point& p = model.pose.position;
    const double d = table::distance(p, at);
    if (d > kThrownReach + 1e-9 || d >= nearest) continue;
    if (table::dot(p - at, face.up) >= 0.0) continue;  // on the hook's side of the edge
    if (std::abs(table.level_at(p) - top) > kLadderLevelTolerance) continue;
    const auto edge = across_the_gap(table, at - face.up * 1e-3, p, top, kThrownReach);
    if (!edge || table::distance(p, *edge) > kLadderReach + 1e-9) continue;
    best = GapThrow{m, *edge};
    nearest = d;
  }
  return best;
}

// Who throws at `face` and how: up it from its foot when a thrower stands there and the face is
// not above its reach (ruling.ADV-14), else across a gap to its top (`near_edge` set), else no one.
struct GrappleThrow {
  int thrower = -1;
  std::optional<table::Point> near_edge;  // across a gap: where the rope starts
};

std::optional<GrappleThrow> find_throw(const GameState& s, int unit, const LadderFace& face) {
  if (!above_a_throw(face.rise) || s.setup->rulings.adv_14() != rules::LauncherReach::as_thrown) {
    const int up =
        grapple_thrower(s, unit, face.at - face.up * kFaceProbe, face.foot_level, face.rise);
    if (up >= 0) return GrappleThrow{up, std::nullopt};
  }
  if (const auto across = gap_throw(s, unit, face, face.at))
    return GrappleThrow{across->thrower, across->near_edge};
  return std::nullopt;
}

// The throw's goal: the thrower's BS with the modifier of where the hook is to catch.
int throw_goal(const GameState& s, int thrower, const LadderFace& face) {
  return s.info(thrower).profile->ballistic_skill + hold_modifier(s, face);
}

}  // namespace

std::vector<table::Point> grapple_places(const GameState& s, int unit) {
  if (!hook_carriers(s, unit)) return {};
  std::vector<table::Point> out = face_points(s, unit);
  // ADV-14: the far edge straight across each near edge the unit stands above.
  const auto& table = s.table();
  const std::size_t faces = out.size();
  for (std::size_t i = 0; i < faces; ++i) {
    const auto face = ladder_face(table, out[i]);
    if (!face) continue;
    const double top = face->foot_level + face->rise;
    const table::Point start = face->at - face->up * 1e-3;
    const auto far =
        across_the_gap(table, start, start - face->up * kThrownReach, top, kThrownReach);
    if (far) out.push_back(*far);
  }
  return out;
}

namespace {

// ADV-14: what bars one more hook at `face`: another ladder or rope where it would hold, or four
// grapples already holding on 6" of the face.
std::string hooks_problem(const GameState& s, const LadderFace& face) {
  const table::Point along{-face.up.y, face.up.x};
  std::vector<double> hooks{0.0};
  for (const auto& l : s.portable_ladders) {
    if (!l.standing) continue;
    const table::Point holds = hook_of(l);
    if (table::distance(holds, face.at) < half_width(l) + kRopeHalfWidth - 1e-9)
      return "ADV-14: a ladder or rope already hangs there";
    if (l.hook && table::distance(holds, face.at) <= kFaceSection + 1e-9)
      hooks.push_back(table::dot(holds - face.at, along));
  }
  if (crowds_a_section(hooks, kHooksPerSection))
    return fmt::format("ADV-14: at most {} grapples hold on each {}\" of a face", kHooksPerSection,
                       kFaceSection);
  return "";
}

}  // namespace

std::string grapple_illegal(const GameState& s, const Action& a) {
  if (!s.setup->options.rope_and_grapple)
    return "ADV-14: ropes and grapples are switched off (option rope_and_grapple)";
  if (s.units[a.unit].locked != 0)
    return "MELEE-29: a unit locked in mêlée fights (or breaks off); it cannot throw a grapple";
  if (!hook_carriers(s, a.unit))
    return "ADV-14: only a unit that all carries rope and grapple (rope_and_grapple) or a grapple "
           "launcher (grapple_launcher) throws one";
  if (hooks_of(s, a.unit) >= s.living_models(a.unit))
    return "ADV-14: every model of the unit has thrown its grapple";
  const table::Point at{a.dx, a.dy};
  const auto& table = s.table();
  if (!std::isfinite(at.x) || !std::isfinite(at.y) || !table.on_table(at))
    return "ADV-14: a grapple is thrown at a point on the table";
  const auto face = ladder_face(table, at);
  if (!face || face->rise <= 1.0 + 1e-9)
    return fmt::format(
        "ADV-14: a grapple is thrown at the top of a face higher than a step (a point on a raised "
        "surface's edge); ({:.2f}, {:.2f}) is on none",
        at.x, at.y);
  if (const auto how = find_throw(s, a.unit, *face); how && how->near_edge)
    return hooks_problem(s, *face);  // across a gap: no ladder place, no height limit
  const bool high = above_a_throw(face->rise);
  if (high && s.setup->rulings.adv_14() == rules::LauncherReach::as_thrown)
    return fmt::format(
        "ADV-14: a grapple reaches no higher than the top of level 2 ({}\"); this face rises "
        "{:.1f}\"",
        kThrownReach, face->rise);
  if (grapple_thrower(s, a.unit, face->at - face->up * kFaceProbe, face->foot_level, face->rise) <
      0) {
    if (high)
      return fmt::format(
          "ADV-14: a hand throws a grapple no higher than the top of level 2 ({}\"); this face "
          "rises {:.1f}\" and no model of {} with a grapple launcher stands within {}\" of its "
          "foot",
          kThrownReach, face->rise, s.setup->units[a.unit].name, kLadderReach);
    return fmt::format(
        "ADV-14: the grapple is thrown from within {}\" of the face's foot, or across a gap from "
        "within {}\" of its near edge and {}\" of the point: no model of {} with a grapple stands "
        "so",
        kLadderReach, kLadderReach, kThrownReach, s.setup->units[a.unit].name);
  }
  if (table.ladder_count() >= table::kMaxLadders)
    return fmt::format("MOVE-28: at most {} ladders and ropes on a table", table::kMaxLadders);
  return hooks_problem(s, *face);
}

// ADV-14: the thrower's BS with the modifier of where the hook is to catch.
int grapple_goal(const GameState& s, const Action& a) {
  const auto face = ladder_face(s.table(), {a.dx, a.dy});
  return throw_goal(s, find_throw(s, a.unit, *face)->thrower, *face);
}

bool across_a_gap(const GameState& s, const Action& a) {
  const auto face = ladder_face(s.table(), {a.dx, a.dy});
  if (!face) return false;
  const auto how = find_throw(s, a.unit, *face);
  return how && how->near_edge;
}

void apply_grapple(Context& c, const Action& a) {
  GameState& s = c.state;
  const auto face = *ladder_face(s.table(), {a.dx, a.dy});
  const GrappleThrow how = *find_throw(s, a.unit, face);
  const int goal = throw_goal(s, how.thrower, face);
  c.dice.start();
  const bool holds = dice::roll_low(c.dice, goal);
  c.roll_event("ADV-14", "grapple throw", goal, a.unit, {{"holds", holds}});
  if (!holds) return;
  PortableLadder hook = standing_against(face, c.setup.units[a.unit].side);
  if (how.near_edge) {
    // ADV-14: strung across the gap, from the thrower's edge to where the hook holds.
    const table::Point from = *how.near_edge;
    const double span = table::distance(from, face.at);
    hook.at = from;
    hook.up = (face.at - from) * (1.0 / span);
    hook.span = static_cast<float>(span);
  }
  hook.hook = true;
  hook.owner = static_cast<std::int16_t>(a.unit);
  s.portable_ladders.push_back(hook);
  stand_in_laid_table(c, static_cast<int>(s.portable_ladders.size()) - 1, face, a.unit,
                      "grapple_hooked", "ADV-14");
}

}  // namespace detail

double grapple_chance(const GameState& s, const Action& a) {
  if (a.kind != ActionKind::throw_grapple || !is_legal(s, a)) return 0.0;
  return dice::p_low(detail::grapple_goal(s, a));
}

bool grapple_across_gap(const GameState& s, const Action& a) {
  return a.kind == ActionKind::throw_grapple && is_legal(s, a) && detail::across_a_gap(s, a);
}

}  // namespace arap::game
