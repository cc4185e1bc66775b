// xoshiro256++ seeded through SplitMix64: a small, fast generator whose state is four words, so a
// game state that carries it copies cheaply. Independent streams come from mixing the stream index
// into the seed (one stream per simulated game) or from jump() (2^128 draws apart).
#pragma once

#include <array>
#include <cstdint>

namespace arap::dice {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();

 private:
  std::uint64_t state_;
};

class Xoshiro256pp {
 public:
  using result_type = std::uint64_t;

  explicit Xoshiro256pp(std::uint64_t seed = 0);
  // A generator for stream `stream` of seed `seed`: different streams of one seed never share a
  // state in practice (they start from unrelated SplitMix64 outputs).
  static Xoshiro256pp for_stream(std::uint64_t seed, std::uint64_t stream);

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }

  result_type operator()() {
    const std::uint64_t result = rotl(state_[0] + state_[3], 23) + state_[0];
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Advances by 2^128 draws: for carving non-overlapping sub-sequences.
  void jump();

  const std::array<std::uint64_t, 4>& state() const { return state_; }
  void set_state(const std::array<std::uint64_t, 4>& state) { state_ = state; }
  friend bool operator==(const Xoshiro256pp&, const Xoshiro256pp&) = default;

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> state_{};
};

}  // namespace arap::dice
