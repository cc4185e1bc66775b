// ADV-21 (optional, option weather): rain in play. The level the game opens with is the
// scenario's `rain` option; at the start of every later game turn (its first compulsory phase)
// the GM's D6 may make it heavier or lighter (rules/weather.hpp). The level then limits sight
// (each model's sight_limit, read by line_of_sight), the pace of every move and Charge, swimming,
// and the reach of laser, flamer, melta and plasma weapons.
#include <fmt/format.h>

#include "game/context.hpp"
#include "rules/weather.hpp"

namespace arap::game::detail {

void set_rain_sight(GameState& s) {
  for (auto& model : s.models)
    model.pose.sight_limit =
        static_cast<std::uint8_t>(rules::sight_limit(s.rain, model.pose.infra_vision));
}

void roll_weather(Context& c) {
  GameState& s = c.state;
  if (!c.setup.options.weather) return;
  const int before = s.rain;
  c.dice.start();
  s.rain = static_cast<std::int8_t>(rules::next_rain_level(before, c.dice.roll(6)));
  c.roll_event("ADV-21", "weather", 0, -1, {{"rain", s.rain}, {"was", before}});
  set_rain_sight(s);
}

double rain_rate(const GameState& s) {
  return s.setup->options.weather ? rules::rain_move_rate(s.rain) : 1.0;
}

std::string rain_move_problem(const GameState& s, table::MoveMode mode) {
  if (!s.setup->options.weather) return "";
  if (rules::rain_move_rate(s.rain) <= 0.0)
    return fmt::format("ADV-21: the rain is at level {}; nothing moves until it eases", s.rain);
  if (mode == table::MoveMode::swim && rules::rivers_swollen(s.rain))
    return fmt::format(
        "ADV-21: at rain level {} the water is swollen past swimming (only medium and heavy "
        "vehicles cross)",
        s.rain);
  return "";
}

double weapon_reach(const GameState& s, const data::WeaponProfile& weapon) {
  return s.setup->options.weather ? rules::rain_reach(weapon, s.rain) : weapon.range;
}

}  // namespace arap::game::detail
