// Live dice: xoshiro256++ with unbiased bounded draws (Lemire's multiply-and-reject on 32-bit
// halves, so one 64-bit draw yields two dice). The whole state is plain data: copying a
// RandomDice copies its future.
#pragma once

#include <cstdint>

#include "dice/dice_source.hpp"
#include "dice/rng.hpp"

namespace arap::dice {

class RandomDice final : public DiceSource {
 public:
  explicit RandomDice(std::uint64_t seed, std::uint64_t stream = 0)
      : rng_(Xoshiro256pp::for_stream(seed, stream)) {}

  int roll(int sides) override {
    return static_cast<int>(bounded(static_cast<std::uint32_t>(sides))) + 1;
  }

  // 0..bound-1 without modulo bias.
  std::uint32_t bounded(std::uint32_t bound) {
    std::uint64_t product = std::uint64_t{next32()} * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        product = std::uint64_t{next32()} * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  Xoshiro256pp& generator() { return rng_; }
  const Xoshiro256pp& generator() const { return rng_; }
  std::uint64_t spare() const { return has_spare_ ? spare_ : 0; }
  bool has_spare() const { return has_spare_; }
  // Equal when their futures are: a spent spare word no longer matters.
  friend bool operator==(const RandomDice& a, const RandomDice& b) {
    return a.rng_ == b.rng_ && a.has_spare_ == b.has_spare_ && a.spare() == b.spare();
  }

 private:
  std::uint32_t next32() {
    if (has_spare_) {
      has_spare_ = false;
      return static_cast<std::uint32_t>(spare_ >> 32);
    }
    spare_ = rng_();
    has_spare_ = true;
    return static_cast<std::uint32_t>(spare_);
  }

  Xoshiro256pp rng_;
  std::uint64_t spare_ = 0;
  bool has_spare_ = false;
};

}  // namespace arap::dice
