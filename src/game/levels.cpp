// Moving between levels in play: MOVE-23 (climbing down), MOVE-25 (jumping down), MOVE-27
// (falling) and MOVE-28 (ladders). The table layer (check_move) says which step a path takes and
// what it costs; here the dice are rolled and the fallers hurt.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/wound_save.hpp"

namespace arap::game::detail {

// MOVE-28: at most four models (counted by bulk, GEN-07) get on or off a ladder in a turn.
constexpr int kLadderPlaces = 4;

bool jump_tests_passed(Context& c, int initiative, double drop, int& tests) {
  // MOVE-25: one Initiative test for each full 2" of the drop; the first failure ends them.
  tests = static_cast<int>(std::floor(drop / 2.0 + 1e-9));
  bool safe = true;
  for (int t = 0; t < tests && safe; ++t) safe = dice::roll_low(c.dice, initiative);
  return safe;
}

void fall(Context& c, int model, double height) {
  GameState& s = c.state;
  if (!s.models[model].pose.alive) return;
  const auto& profile = *c.setup.models[model].profile;
  const int unit = c.setup.models[model].unit;
  // MOVE-27: D3 hits at the height in inches (rounded to the nearest inch, at least 1), wounded
  // and saved as usual (a fall has no AP), or by ruling D3 wounds that need no wound roll.
  const int strength = std::max(1, static_cast<int>(std::lround(height)));
  const bool wounds_only = c.setup.rulings.move_27() == rules::FallDamage::wounds;
  rules::WoundingProfile hit;
  hit.wound = rules::wound_goal(profile.toughness, strength, /*close=*/true);
  hit.save = rules::save_goal({profile.save, profile.invulnerable, std::nullopt, false, false});
  c.dice.start();
  const int hits = dice::roll_d3(c.dice);
  int unsaved = 0;
  for (int h = 0; h < hits && s.models[model].pose.alive; ++h) {
    if (!wounds_only && !rules::roll_wound(c.dice, hit)) continue;
    if (hit.save && dice::roll_high(c.dice, *hit.save)) continue;
    ++unsaved;
    if (--s.models[model].wounds_left <= 0) remove_casualty(c, model);
  }
  c.roll_event("MOVE-27", "fall", hit.wound.goal, unit,
               {{"model", model},
                {"height", height},
                {"strength", strength},
                {"hits", hits},
                {"unsaved", unsaved}});
  // A fall of more than 3" leaves the survivor prone.
  if (s.models[model].pose.alive && height > 3.0) s.models[model].prone = true;
}

void land_at_foot(GameState& s, int model, const table::Point& start, const table::Point& end,
                  double drop_at) {
  const double length = table::distance(start, end);
  if (length <= 1e-9) return;
  const double along = std::min(length, drop_at + s.models[model].pose.base_radius + 0.05);
  const table::Point foot = start + (end - start) * (along / length);
  if (!overlaps_a_base(s, model, foot)) s.models[model].pose.position = foot;
}

void land_jumps(Context& c, int unit, const UnitMove& move, const std::vector<table::Point>& from,
                const table::Point& shift) {
  GameState& s = c.state;
  const int first = c.setup.units[unit].first_model;
  for (const auto& [m, report] : move.reports) {
    if (report.jump_drop <= 0.0 || !s.models[m].pose.alive) continue;
    const int initiative = c.setup.models[m].profile->initiative;
    int tests = 0;
    c.dice.start();
    const bool safe = jump_tests_passed(c, initiative, report.jump_drop, tests);
    c.roll_event("MOVE-25", "jump down", initiative, unit,
                 {{"model", m}, {"drop", report.jump_drop}, {"tests", tests}, {"safe", safe}});
    if (safe) continue;
    const table::Point start = from[m - first];
    land_at_foot(s, m, start, start + shift, report.jump_at);
    fall(c, m, report.jump_drop);
  }
}

void climb_down_failed(Context& c, int unit, const UnitMove& move, const table::Point& shift) {
  GameState& s = c.state;
  const bool down = std::any_of(move.reports.begin(), move.reports.end(), [](const auto& checked) {
    return checked.second.climb_drop > 0.0;
  });
  if (!down) return;  // a failed climb up leaves the unit at the foot (MOVE-20)
  // MOVE-23: a unit that fails its test on the way down loses D6 of its climbers.
  c.dice.start();
  int fallers = c.dice.roll(6);
  c.roll_event("MOVE-23", "climbers who fall", 0, unit, {{"models", fallers}});
  for (const auto& [m, report] : move.reports) {
    if (fallers <= 0) break;
    if (report.climb_drop <= 0.0 || !s.models[m].pose.alive) continue;
    --fallers;
    const table::Point start = s.models[m].pose.position;
    land_at_foot(s, m, start, start + shift, report.climb_at);
    fall(c, m, report.climb_drop);
  }
}

std::string ladder_problem(const GameState& s, const UnitMove& move) {
  std::array<int, table::kMaxLadders> wanted{};
  for (const auto& [m, report] : move.reports) {
    for (const auto* ladder : report.ladders) {
      const int slot = ladder->ladder_slot;
      wanted[slot] += std::max(1, s.models[m].pose.bulk);
      if (s.ladder_uses[slot] + wanted[slot] > kLadderPlaces) {
        return fmt::format("MOVE-28: at most {} models a turn get on or off {} ({} already have)",
                           kLadderPlaces, ladder->id, static_cast<int>(s.ladder_uses[slot]));
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

}  // namespace arap::game::detail
