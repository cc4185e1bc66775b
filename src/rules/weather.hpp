// ADV-21 (optional, option weather): rain. The GM rolls a D6 at the start of every game turn: a 1
// and the rain grows one level heavier, a 6 and it eases one level (levels 0..4). Each level keeps
// the effects of those below it (ruling A-49): from 1 nobody without infra-vision sees further
// than 12" (so shoots no further); from 2 every move is at half rate; from 3 at quarter rate and
// rivers swell past crossing for anything but medium and heavy vehicles; at 4 nothing moves and
// laser, flamer, melta and plasma weapons reach only their short range.
#pragma once

#include <array>

#include "data/weapon.hpp"

namespace arap::rules {

inline constexpr int kHeaviestRain = 4;
inline constexpr double kRainSight = 12.0;  // inches, from level 1

// The level after the start-of-turn roll `d6_face` (1 worsens, 6 eases, within 0..4).
int next_rain_level(int level, int d6_face);
// P(the next level) by level 0..4, from `level`.
std::array<double, kHeaviestRain + 1> rain_level_odds(int level);

// The part of its usual distance every move covers at `level`: 1, 1, 1/2, 1/4, 0.
double rain_move_rate(int level);
// How far a model without infra-vision sees at `level` (0: no limit).
double rain_sight(int level);
// A model's sight limit in whole inches at `level` (0: none; infra-vision sees through rain).
int sight_limit(int level, bool infra_vision);
// Level 3 on: deep water cannot be swum (only medium and heavy vehicles cross a swollen river).
bool rivers_swollen(int level);
// Level 4: laser, flamer, melta and plasma weapons reach only their short range (SHOOT-03).
bool short_range_weather(int level);
bool short_range_only(const data::WeaponProfile& weapon, int level);
// The reach of `weapon` at `level`: its range, or its short range when short_range_only.
double rain_reach(const data::WeaponProfile& weapon, int level);

}  // namespace arap::rules
