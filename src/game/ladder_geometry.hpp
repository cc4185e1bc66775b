// Internal to the game layer: the shape of a portable ladder or grapple's rope standing against a
// face (ADV-14, ADV-15), and what ladders.cpp and grapples.cpp both ask of the table.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "game/context.hpp"

namespace arap::game::detail {

inline constexpr double kLadderReach = 2.0;       // ADV-15 / ACT-16: within 2" of it, base centre
inline constexpr double kLadderHalfWidth = 0.75;  // a ladder 1.5" wide (a grapple's rope 1") ...
inline constexpr double kRopeHalfWidth = 0.5;
inline constexpr double kLadderHalfDepth = 1.0;  // ... reaching 1" out and 1" over the top
inline constexpr double kFaceProbe = 0.5;  // the levels either side of a face are read this far off
inline constexpr double kFaceSection = 6.0;  // ADV-14/15: so many to each 6" of face
inline constexpr double kLadderLevelTolerance = 1e-6;

inline double half_width(const PortableLadder& ladder) {
  return ladder.hook ? kRopeHalfWidth : kLadderHalfWidth;
}
// The centre of a ladder's foot, on the lower level, and of its top; of a rope across a gap
// (ADV-14), the points just back from its two edges: the thrower's and the hook's.
inline table::Point foot_of(const PortableLadder& ladder) {
  return ladder.at - ladder.up * kFaceProbe;
}
inline table::Point top_of(const PortableLadder& ladder) {
  return ladder.at + ladder.up * (ladder.span + kFaceProbe);
}
// ADV-14: where a grapple's hook holds (a ladder's or hanging rope's top edge is its `at`).
inline table::Point hook_of(const PortableLadder& ladder) {
  return ladder.at + ladder.up * ladder.span;
}
// MOVE-28: a model standing in the footprint is on it. Nobody stands on a rope across a gap: no
// move ends over the gap (ADV-14).
inline bool in_footprint(const PortableLadder& ladder, const table::Point& p) {
  if (ladder.span > 0.0f) return false;
  const table::Point d = p - ladder.at;
  const table::Point along{-ladder.up.y, ladder.up.x};
  return std::abs(table::dot(d, ladder.up)) <= kLadderHalfDepth + 1e-9 &&
         std::abs(table::dot(d, along)) <= half_width(ladder) + 1e-9;
}

// ADV-14/15: whether more than `most` of the places `along` a face (inches along its edge, the
// new one's among them) fall within one 6" section of it. Sorts `along`.
inline bool crowds_a_section(std::vector<double>& along, int most) {
  std::sort(along.begin(), along.end());
  for (std::size_t i = 0; i + static_cast<std::size_t>(most) < along.size(); ++i)
    if (along[i + static_cast<std::size_t>(most)] - along[i] <= kFaceSection + 1e-9) return true;
  return false;
}

// A ladder (or rope) standing against `face`, set up by `side`.
inline PortableLadder standing_against(const LadderFace& face, int side) {
  PortableLadder ladder;
  ladder.at = face.at;
  ladder.up = face.up;
  ladder.rise = static_cast<float>(face.rise);
  ladder.standing = true;
  ladder.side = static_cast<std::int8_t>(side);
  return ladder;
}

// The living, standing models of `unit` within reach of `p` on `level`, nearest first.
std::vector<int> models_in_reach(const GameState& state, int unit, const table::Point& p,
                                 double level);
// The point of each raised surface's edge nearest the unit's nearest model, where that is in reach.
std::vector<table::Point> face_points(const GameState& state, int unit);
// Standing ladder `k` (portable or rope), up against `face` by `unit`, takes its MOVE-28 slot in
// the laid table; the event `event_type` under `rule` says so.
void stand_in_laid_table(Context& c, int k, const LadderFace& face, int unit,
                         const char* event_type, const char* rule);

}  // namespace arap::game::detail
