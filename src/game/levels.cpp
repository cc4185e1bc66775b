// Tests a model meets on the way, and moves between levels: MOVE-15 (agility rolls), MOVE-16
// (gaps), MOVE-18 (climbing out of water), MOVE-22 (jump packs), MOVE-23 (climbing down), MOVE-24
// (ropes), MOVE-25 (jumping down), MOVE-27 (falling, with ADV-16's saves and landings on models)
// and MOVE-28 (ladders). The table layer (check_move) says which step a path takes and what it
// costs; here the dice are rolled and the fallers hurt.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/climbing.hpp"
#include "game/context.hpp"
#include "rules/agility.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/wound_save.hpp"

namespace arap::game::detail {

// MOVE-28: at most four models (counted by bulk, GEN-07) get on or off a ladder in a turn.

namespace {

// Moves `model` back along its path from `start` toward `end` to `along` inches from the start
// (clamped to the path), unless a base is in the way there; returns that base's model (-1: none).
// A faller (`falling`) under ADV-16 (option fall_saves) lands beside such a base instead.
int place_along(Context& c, int model, const table::Point& start, const table::Point& end,
                double along, bool falling = false) {
  GameState& s = c.state;
  const double length = table::distance(start, end);
  if (length <= 1e-9) return -1;
  const table::Point spot = start + (end - start) * (std::clamp(along, 0.0, length) / length);
  const int beneath = base_under(s, model, spot);
  if (beneath < 0) {
    s.models[model].pose.position = spot;
  } else if (falling && c.setup.options.fall_saves) {
    s.models[model].pose.position = nearest_clear_spot(s, model, spot);
  }
  return beneath;
}

// ADV-16: the hits a fall deals `model` (the faller, or the model it lands on): wounded as
// ruling.MOVE-27 says; saved by armour only if it allows_fall_save (invulnerable saves stand).
// Returns the unsaved wounds.
int fall_hits(Context& c, int model, int hits, int strength) {
  GameState& s = c.state;
  const auto& profile = *c.state.info(model).profile;
  const bool wounds_only = c.setup.rulings.move_27() == rules::FallDamage::wounds;
  const bool armour_counts = !c.setup.options.fall_saves || profile.has_rule("allows_fall_save");
  rules::WoundingProfile hit;
  hit.wound = rules::wound_goal(profile.toughness, strength, /*close=*/true);
  hit.save = rules::save_goal({armour_counts ? s.armour_save(model) : std::nullopt,
                               profile.invulnerable, std::nullopt, false, false});
  int unsaved = 0;
  for (int h = 0; h < hits && s.models[model].pose.alive; ++h) {
    if (!wounds_only && !rules::roll_wound(c.dice, hit)) continue;
    if (hit.save && dice::roll_high(c.dice, *hit.save)) continue;
    ++unsaved;
    if (--s.models[model].wounds_left <= 0) remove_casualty(c, model);
  }
  return unsaved;
}

}  // namespace

bool jump_tests_passed(Context& c, int initiative, double drop, int& tests) {
  // MOVE-25: one Initiative test for each full 2" of the drop; the first failure ends them.
  tests = static_cast<int>(std::floor(drop / 2.0 + 1e-9));
  bool safe = true;
  for (int t = 0; t < tests && safe; ++t) safe = dice::roll_low(c.dice, initiative);
  return safe;
}

void fall(Context& c, int model, double height, int beneath) {
  GameState& s = c.state;
  if (!s.models[model].pose.alive) return;
  const auto& profile = *c.state.info(model).profile;
  const int unit = c.state.models[model].pose.unit;
  // MOVE-27: D3 hits at the height in inches (rounded to the nearest inch, at least 1), wounded
  // and saved as usual (a fall has no AP), or by ruling D3 wounds that need no wound roll.
  const int strength = std::max(1, static_cast<int>(std::lround(height)));
  c.dice.start();
  const int hits = dice::roll_d3(c.dice);
  const int unsaved = fall_hits(c, model, hits, strength);
  c.roll_event("MOVE-27", "fall", rules::wound_goal(profile.toughness, strength, true).goal, unit,
               {{"model", model},
                {"height", height},
                {"strength", strength},
                {"hits", hits},
                {"unsaved", unsaved}});
  if (c.setup.options.fall_saves) {
    // ADV-16: the model landed on takes the same hits; the faller's unit may not hide this turn
    // (and, hidden, is seen).
    s.units[unit].player_turn.fell = true;
    reveal(c, unit, "fell");
    if (beneath >= 0 && s.models[beneath].pose.alive) {
      const auto& under = *c.state.info(beneath).profile;
      c.dice.start();
      const int struck = fall_hits(c, beneath, hits, strength);
      c.roll_event("ADV-16", "landed on", rules::wound_goal(under.toughness, strength, true).goal,
                   c.state.models[beneath].pose.unit,
                   {{"model", beneath},
                    {"faller", model},
                    {"strength", strength},
                    {"hits", hits},
                    {"unsaved", struck}});
    }
  }
  // A fall of more than 3" leaves the survivor prone.
  if (s.models[model].pose.alive && height > 3.0) s.models[model].prone = true;
}

int land_at_foot(Context& c, int model, const table::Point& start, const table::Point& end,
                 double drop_at) {
  return place_along(c, model, start, end, drop_at + c.state.models[model].pose.base_radius + 0.05,
                     true);
}

namespace {

// One test a model meets along its path (MOVE-16/18/22/25, ADV-14), in the order it meets them.
struct PathTest {
  enum class Kind { jump_down, gap, leap, climb_out, agility, rope } kind;
  double at = 0.0;  // inches along the path
  const table::GapJump* gap = nullptr;
  const table::TerrainFeature* ground = nullptr;  // agility ground
  double rope_height = 0.0;                       // a grapple's rope climbed
};

}  // namespace

std::vector<table::Point> model_positions(const GameState& s) {
  std::vector<table::Point> at(s.models.size());
  for (std::size_t m = 0; m < at.size(); ++m) at[m] = s.models[m].pose.position;
  return at;
}

void level_tests(Context& c, int unit, const UnitMove& move,
                 const std::vector<table::Point>& from) {
  GameState& s = c.state;
  const UnitInfo& info = c.setup.units[unit];
  std::vector<PathTest> tests;
  for (const auto& [m, report] : move.reports) {
    if (!s.models[m].pose.alive) continue;
    tests.clear();
    if (report.jump_drop > 0.0) tests.push_back({PathTest::Kind::jump_down, report.jump_at});
    for (const auto& gap : report.gaps) tests.push_back({PathTest::Kind::gap, gap.at, &gap});
    for (const auto& climb : report.rope_climbs)
      tests.push_back({PathTest::Kind::rope, climb.at, nullptr, nullptr, climb.height});
    if (report.leap_height > 0.0) tests.push_back({PathTest::Kind::leap, report.leap_at});
    if (report.climb_out_at >= 0.0)
      tests.push_back({PathTest::Kind::climb_out, report.climb_out_at});
    for (const auto& [feature, at] : report.agility) {
      // MOVE-15: ice asks only of models moving more than half their basic move.
      if (feature->agility == table::Agility::fast &&
          report.distance <= 0.5 * s.unit_move(unit) + 1e-9)
        continue;
      tests.push_back({PathTest::Kind::agility, at, nullptr, feature});
    }
    if (tests.empty()) continue;
    std::stable_sort(tests.begin(), tests.end(),
                     [](const PathTest& x, const PathTest& y) { return x.at < y.at; });
    const int initiative = c.state.info(m).profile->initiative;
    const table::Point start = from[static_cast<std::size_t>(m)];
    const table::Point end = s.models[m].pose.position;  // moved already (GEN-09: each its own way)
    const double radius = s.models[m].pose.base_radius;
    for (const PathTest& test : tests) {
      if (test.kind == PathTest::Kind::jump_down) {
        // MOVE-25: jump packs (and gravity chutes) come down without tests.
        if (info.jump_pack) {
          if (c.logging()) {
            c.event({{"type", "jump_down"},
                     {"rule", "MOVE-25"},
                     {"unit", unit},
                     {"model", m},
                     {"drop", report.jump_drop},
                     {"jump_pack", true}});
          }
          continue;
        }
        int rolled = 0;
        c.dice.start();
        const bool safe = jump_tests_passed(c, initiative, report.jump_drop, rolled);
        c.roll_event("MOVE-25", "jump down", initiative, unit,
                     {{"model", m}, {"drop", report.jump_drop}, {"tests", rolled}, {"safe", safe}});
        if (safe) continue;
        fall(c, m, report.jump_drop, land_at_foot(c, m, start, end, report.jump_at));
        break;
      }
      if (test.kind == PathTest::Kind::gap) {
        // MOVE-16: a gap wider than the model may try fails without a roll; leapers (ADV-07)
        // clear the rest without one.
        const table::GapJump& gap = *test.gap;
        if (gap.rope) {
          // ADV-14: hand over hand on the rope strung across it, with no jump; a climber who
          // fails the GM's Strength test stays at the near edge.
          if (rope_tests_passed(c, unit, m, 0.0, "rope across a gap")) continue;
          place_along(c, m, start, end, gap.at - radius - 0.05);
          break;
        }
        bool cleared = !gap.too_wide;
        const bool rolls = cleared && !s.models[m].pose.leaping;
        c.dice.start();
        if (rolls) cleared = dice::roll_low(c.dice, initiative);
        c.roll_event("MOVE-16", "gap jump", rolls ? initiative : 0, unit,
                     {{"model", m},
                      {"width", gap.width},
                      {"depth", gap.depth},
                      {"too_wide", gap.too_wide},
                      {"cleared", cleared}});
        if (cleared) continue;
        // The jumper drops into the gap, halfway across, and falls its depth (the ruling of
        // MOVE-16: the drop, not the width).
        fall(c, m, gap.depth, place_along(c, m, start, end, gap.at + 0.5 * gap.width, true));
        break;
      }
      if (test.kind == PathTest::Kind::rope) {
        // ADV-14: up or down a grapple's rope (no test but the GM's); a climber who fails one
        // stays where it took hold (ruling: it climbs back rather than falls, least advantage).
        if (rope_tests_passed(c, unit, m, test.rope_height, "rope climb")) continue;
        place_along(c, m, start, end, test.at - radius - 0.05);
        break;
      }
      if (test.kind == PathTest::Kind::leap) {
        // MOVE-22: one Initiative test to grab hold; failed, the model falls from the height it
        // leapt, at the foot of the face.
        c.dice.start();
        const bool holds = dice::roll_low(c.dice, initiative);
        c.roll_event("MOVE-22", "jump pack leap", initiative, unit,
                     {{"model", m}, {"height", report.leap_height}, {"holds", holds}});
        if (holds) continue;
        fall(c, m, report.leap_height,
             place_along(c, m, start, end, report.leap_at - radius - 0.05, true));
        break;
      }
      if (test.kind == PathTest::Kind::agility) {
        // MOVE-15: the goal follows the model's current move: its basic move as the ground it
        // starts on leaves it (difficult ground halves it). Failed, the model falls over short
        // of the ground: prone, and neither moving nor attacking until the player turn ends.
        const double factor = table::class_factor(c.state.table().movement_at(start));
        const double current = factor > 0.0 ? s.unit_move(unit) / factor : s.unit_move(unit);
        const int goal = rules::agility_goal(initiative, current);
        c.dice.start();
        const bool steady = dice::roll_low(c.dice, goal);
        c.roll_event("MOVE-15", "agility roll", goal, unit,
                     {{"model", m},
                      {"feature", test.ground->id},
                      {"current_move", current},
                      {"steady", steady}});
        if (steady) continue;
        place_along(c, m, start, end, test.at - radius - 0.05);
        s.models[m].prone = true;
        s.models[m].fell_over = true;
        break;
      }
      // MOVE-18: one Initiative test to climb out of the water; failed, the swimmer stays in the
      // water short of the edge and may try again with its next action.
      c.dice.start();
      const bool out = dice::roll_low(c.dice, initiative);
      c.roll_event("MOVE-18", "climb out of the water", initiative, unit,
                   {{"model", m}, {"out", out}});
      if (out) continue;
      place_along(c, m, start, end, report.climb_out_at - radius - 0.05);
      break;
    }
  }
}

void climb_down_failed(Context& c, int unit, const UnitMove& move, const table::Point& shift) {
  GameState& s = c.state;
  const bool down = std::any_of(move.reports.begin(), move.reports.end(), [](const auto& checked) {
    return checked.second.climb_drop > 0.0 || checked.second.rope_drop > 0.0;
  });
  if (!down) return;  // a failed climb up leaves the unit at the foot (MOVE-20)
  // MOVE-23: a unit that fails its test on the way down loses D6 of its climbers; MOVE-24 (its
  // ruling): rappellers who fail fall the same way, from the top of the rope.
  c.dice.start();
  int fallers = c.dice.roll(6);
  c.roll_event("MOVE-23", "climbers who fall", 0, unit, {{"models", fallers}});
  for (const auto& [m, report] : move.reports) {
    if (fallers <= 0) break;
    const bool climbed = report.climb_drop > 0.0;
    if ((!climbed && report.rope_drop <= 0.0) || !s.models[m].pose.alive) continue;
    --fallers;
    const table::Point start = s.models[m].pose.position;
    const int beneath =
        land_at_foot(c, m, start, start + shift, climbed ? report.climb_at : report.rope_at);
    fall(c, m, climbed ? report.climb_drop : report.rope_drop, beneath);
  }
}

std::string ladder_problem(const GameState& s, const UnitMove& move) {
  std::array<int, table::kMaxLadders> wanted{};
  for (const auto& [m, report] : move.reports) {
    for (const auto* ladder : report.ladders) {
      const int slot = ladder->ladder_slot;
      wanted[slot] += std::max(1, s.models[m].pose.bulk);
      if (s.ladder_uses[slot] + wanted[slot] > ladder->ladder_places) {
        return fmt::format("{}: at most {} model{} a turn get on or off {} ({} already have)",
                           ladder->ladder_places == 1 ? "ADV-14" : "MOVE-28", ladder->ladder_places,
                           ladder->ladder_places == 1 ? "" : "s", ladder->id,
                           static_cast<int>(s.ladder_uses[slot]));
      }
    }
  }
  return "";
}

void note_ladders(GameState& s, const UnitMove& move) {
  for (const auto& [m, report] : move.reports) {
    for (const auto* ladder : report.ladders) {
      auto& used = s.ladder_uses[ladder->ladder_slot];
      used = static_cast<std::uint8_t>(used + std::max(1, s.models[m].pose.bulk));
    }
  }
}

std::string fell_over_problem(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && s.models[m].fell_over)
      return "MOVE-15: a model of the unit fell over this turn and may not move, charge or stand "
             "up until the turn ends";
  return "";
}

}  // namespace arap::game::detail
