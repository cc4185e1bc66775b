// ADV-02 suppression points (S-points) and ADV-03 Regroup (optional, option suppression_points:
// in place of the core suppression test of SHOOT-33..35, never with it).
//
// When one enemy unit's fire in a player turn scores more hits on a unit than a quarter of its
// strength (SHOOT-25's count at the end of its last turn), the unit takes an Ld test; failed, it
// gains one S-point, two if a counted hit came from an effect of 5" or more. Under
// `ruling.ADV-02: everyHit` (2.3) there is no test: each enemy unit that hits it gives one, two
// for Ordnance. Each S-point is -1 to hit on the unit's own shooting (not in Stand and Fire:
// fire_reactions.cpp) and -1 Ld on its pinning, heavy-casualty, dangerous-ground and S-point tests
// (fire_morale.cpp); rout, rally and mêlée tests are untouched. The units SHOOT-34 never
// suppresses take none. One S-point wears off at the end of every game turn (turn.cpp); all go
// when the unit is pinned, takes a heavy-casualty test (after it, modified by them) or is
// locked in mêlée; Regroup (1 AP) sheds D6.
#include <algorithm>

#include "dice/rolls.hpp"
#include "game/context.hpp"

namespace arap::game::detail {

namespace {

void gain(Context& c, int unit, int points, const char* rule) {
  UnitState& u = c.state.units[unit];
  u.s_points = static_cast<std::int8_t>(std::min(99, u.s_points + points));
  if (c.logging())
    c.event({{"type", "s_points"},
             {"unit", unit},
             {"gained", points},
             {"s_points", u.s_points},
             {"rule", rule}});
}

}  // namespace

int s_point_ld_modifier(const GameState& s, int unit, rules::LdTest test) {
  if (!s.setup->options.suppression_points) return 0;
  switch (test) {
    case rules::LdTest::pinning:
    case rules::LdTest::heavy_casualty:
    case rules::LdTest::suppression:
    case rules::LdTest::dangerous_ground:
      return -s.units[unit].s_points;
    default:  // rout, rally, break-off and pursuit tests: mêlée and its aftermath (2.3)
      return 0;
  }
}

void clear_s_points(Context& c, int unit, const char* why) {
  UnitState& u = c.state.units[unit];
  if (u.s_points == 0) return;
  u.s_points = 0;
  if (c.logging())
    c.event(
        {{"type", "s_points"}, {"unit", unit}, {"s_points", 0}, {"why", why}, {"rule", "ADV-02"}});
}

void tally_suppression(Context& c, int firer, int unit, int hits,
                       const data::WeaponProfile& weapon) {
  GameState& s = c.state;
  if (!c.setup.options.suppression_points) return;
  if (c.setup.units[firer].side == c.setup.units[unit].side) return;  // enemy fire only
  UnitState& u = s.units[unit];
  // SHOOT-33/34: no suppression for units charging or charged (reaction fire at either), in
  // mêlée, pinned or routing, nor for the units never suppressed.
  if (s.charging_unit >= 0 && (unit == s.charging_unit || unit == s.charge_target)) return;
  if (u.locked != 0 || u.own_turn.pinned || u.routing || u.rout_pending || !s.unit_alive(unit) ||
      c.setup.units[unit].never_suppressed)
    return;
  auto& tally = u.player_turn;
  if (tally.tally_firer != firer) {
    tally.tally_firer = static_cast<std::int16_t>(firer);
    tally.tally_hits = 0;
    tally.tally_blast = false;
    tally.tally_done = false;
  }
  if (tally.tally_done) return;
  tally.tally_hits = static_cast<std::int16_t>(tally.tally_hits + hits);
  if (c.setup.rulings.adv_02() == rules::SuppressionPoints::every_hit) {
    // 2.3: one S-point from each enemy unit that hits it, two for Ordnance.
    tally.tally_done = true;
    gain(c, unit, weapon.type == data::WeaponType::ordnance ? 2 : 1, "ADV-02");
    return;
  }
  if (weapon.is_area() && weapon.effect_size >= 2.5) tally.tally_blast = true;
  // More hits than a quarter of the unit: 3 on ten models (3 > 2.5), 2 on four.
  if (tally.tally_hits * 4 <= u.strength_at_turn_end) return;
  tally.tally_done = true;
  if (s_point_test_failed(c, unit)) gain(c, unit, tally.tally_blast ? 2 : 1, "ADV-02");
}

std::string regroup_illegal(const GameState& s, int unit) {
  if (!s.setup->options.suppression_points)
    return "ADV-03: regrouping is switched off in this scenario (option suppression_points)";
  if (s.units[unit].s_points == 0) return "ADV-03: the unit has no S-points to shed";
  return "";
}

void apply_regroup(Context& c, int unit) {
  UnitState& u = c.state.units[unit];
  c.dice.start();
  const int shed = c.dice.roll(6);
  const int before = u.s_points;
  u.s_points = static_cast<std::int8_t>(std::max(0, before - shed));
  c.roll_event("ADV-03", "regroup", 0, unit,
               {{"shed", before - u.s_points}, {"s_points", u.s_points}});
}

void s_points_wear_off(Context& c) {
  for (auto& u : c.state.units)
    if (u.s_points > 0) --u.s_points;
}

}  // namespace arap::game::detail
