// Dice for tests: hands out the given faces in order and throws ScriptedDiceError, naming the
// die, when it runs dry or when a face cannot come up on the die asked for.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <vector>

#include "dice/dice_source.hpp"

namespace arap::dice {

class ScriptedDiceError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class ScriptedDice final : public DiceSource {
 public:
  ScriptedDice() = default;
  ScriptedDice(std::initializer_list<int> faces) : faces_(faces) {}
  explicit ScriptedDice(std::vector<int> faces) : faces_(std::move(faces)) {}

  int roll(int sides) override;

  void push(int face) { faces_.push_back(face); }
  std::size_t used() const { return next_; }
  std::size_t remaining() const { return faces_.size() - next_; }
  bool exhausted() const { return next_ == faces_.size(); }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

}  // namespace arap::dice
