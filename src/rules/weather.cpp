// ADV-21: the rain's levels and what each does (weather.hpp).
#include "rules/weather.hpp"

#include <algorithm>

#include "rules/shooting_goal.hpp"

namespace arap::rules {

int next_rain_level(int level, int d6_face) {
  if (d6_face == 1) return std::min(level + 1, kHeaviestRain);
  if (d6_face == 6) return std::max(level - 1, 0);
  return level;
}

std::array<double, kHeaviestRain + 1> rain_level_odds(int level) {
  std::array<double, kHeaviestRain + 1> odds{};
  for (int face = 1; face <= 6; ++face) odds[next_rain_level(level, face)] += 1.0 / 6.0;
  return odds;
}

double rain_move_rate(int level) {
  constexpr std::array<double, kHeaviestRain + 1> rates{1.0, 1.0, 0.5, 0.25, 0.0};
  return rates[std::clamp(level, 0, kHeaviestRain)];
}

double rain_sight(int level) {
  return level >= 1 ? kRainSight : 0.0;
}

int sight_limit(int level, bool infra_vision) {
  return infra_vision ? 0 : static_cast<int>(rain_sight(level));
}

bool rivers_swollen(int level) {
  return level >= 3;
}

bool short_range_weather(int level) {
  return level >= kHeaviestRain;
}

bool short_range_only(const data::WeaponProfile& weapon, int level) {
  if (!short_range_weather(level)) return false;
  using P = data::WeaponProperty;
  return weapon.has(P::laser) || weapon.has(P::flamer) || weapon.has(P::melta) ||
         weapon.has(P::plasma);
}

double rain_reach(const data::WeaponProfile& weapon, int level) {
  return short_range_only(weapon, level) ? short_range(weapon.range) : weapon.range;
}

}  // namespace arap::rules
