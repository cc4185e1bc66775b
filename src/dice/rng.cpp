#include "dice/rng.hpp"

namespace arap::dice {

std::uint64_t SplitMix64::next() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Xoshiro256pp::Xoshiro256pp(std::uint64_t seed) {
  SplitMix64 mixer(seed);
  for (auto& word : state_) word = mixer.next();
}

Xoshiro256pp Xoshiro256pp::for_stream(std::uint64_t seed, std::uint64_t stream) {
  // Hash the stream index first so that consecutive (seed, stream) pairs land far apart.
  SplitMix64 stream_mixer(stream ^ 0x6a09e667f3bcc909ULL);
  const std::uint64_t stream_key = stream_mixer.next();
  return Xoshiro256pp(seed ^ stream_key);
}

void Xoshiro256pp::jump() {
  static constexpr std::array<std::uint64_t, 4> kJump = {
      0x180ec6d33cfd0abaULL, 0xd5a61266f0c9392cULL, 0xa9582618e03fc9aaULL, 0x39abdc4529b1661cULL};
  std::array<std::uint64_t, 4> next{};
  for (const std::uint64_t word : kJump) {
    for (int bit = 0; bit < 64; ++bit) {
      if (word & (std::uint64_t{1} << bit)) {
        for (std::size_t i = 0; i < 4; ++i) next[i] ^= state_[i];
      }
      (*this)();
    }
  }
  state_ = next;
}

}  // namespace arap::dice
