// The one door through which randomness enters the engine (DICE-01). The engine never owns a
// global RNG: every rule that rolls takes a DiceSource&, so tests can script the dice and a game is
// fully determined by its seed.
#pragma once

namespace arap::dice {

class DiceSource {
 public:
  DiceSource() = default;
  DiceSource(const DiceSource&) = default;
  DiceSource& operator=(const DiceSource&) = default;
  DiceSource(DiceSource&&) = default;
  DiceSource& operator=(DiceSource&&) = default;
  virtual ~DiceSource() = default;

  // One fair die with `sides` faces, returning 1..sides. A D10 reports its "0" face as 10;
  // scatter bearings are drawn as roll(360) (whole degrees, 1..360 with 360 meaning due north).
  virtual int roll(int sides) = 0;

  int d6() { return roll(6); }
};

}  // namespace arap::dice
