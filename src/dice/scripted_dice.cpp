#include "dice/scripted_dice.hpp"

#include <fmt/format.h>

namespace arap::dice {

int ScriptedDice::roll(int sides) {
  if (next_ >= faces_.size()) {
    throw ScriptedDiceError(fmt::format(
        "scripted dice ran dry: die #{} (a D{}) was asked for but only {} faces were given",
        next_ + 1, sides, faces_.size()));
  }
  const int face = faces_[next_];
  if (face < 1 || face > sides) {
    throw ScriptedDiceError(fmt::format("scripted die #{} is {} but a D{} was rolled (faces 1..{})",
                                        next_ + 1, face, sides, sides));
  }
  ++next_;
  return face;
}

}  // namespace arap::dice
