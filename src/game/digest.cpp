// The state's digest (DESIGN "the door"): FNV-1a over every field that `==` compares, listed once
// in game/fields.hpp. Two fields are left out on purpose: the setup pointer and the scripted-dice
// pointer name where the state's definitions and a test's dice live, not the game's position.
#include <cstring>
#include <type_traits>

#include "game/fields.hpp"
#include "game/record.hpp"

namespace arap::game {

namespace {

class Hasher {
 public:
  template <typename T>
  void operator()(const char*, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    if constexpr (std::is_floating_point_v<T>) {
      // +0 and -0 compare equal, so they must hash alike.
      const T v = value == T{0} ? T{0} : value;
      mix(&v, sizeof(v));
    } else if constexpr (std::is_same_v<T, bool>) {
      const unsigned char b = value ? 1 : 0;
      mix(&b, 1);
    } else {
      mix(&value, sizeof(value));
    }
  }
  void mix(const void* data, std::size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < size; ++i) {
      hash_ ^= bytes[i];
      hash_ *= 1099511628211ULL;
    }
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 1469598103934665603ULL;
};

}  // namespace

std::uint64_t state_digest(const GameState& s) {
  Hasher h;
  const std::uint64_t counts[] = {s.models.size(), s.units.size()};
  h.mix(counts, sizeof(counts));
  for (const auto& m : s.models) fields::for_each(m, h);
  for (const auto& u : s.units) fields::for_each(u, h);
  fields::for_each_scalar(s, h);
  for (const auto& r : s.reactions) {
    h("reaction.unit", r.unit);
    h("reaction.action_points", r.action_points);
  }
  for (const auto v : s.score) h("score", v);
  for (const auto v : s.ladder_uses) h("ladder_uses", v);
  // ADV-35/50: the clouds laid in play (the laid table is built from them and the doors).
  const std::uint64_t clouds = s.clouds.size();
  h.mix(&clouds, sizeof(clouds));
  for (const auto& cloud : s.clouds) fields::for_each(cloud, h);
  // ADV-15: the portable ladders (those standing are ladders of the laid table).
  for (const auto& ladder : s.portable_ladders) fields::for_each(ladder, h);
  for (const auto w : s.dice.generator().state()) h("dice", w);
  h("dice.has_spare", s.dice.has_spare());
  h("dice.spare", s.dice.spare());
  return h.value();
}

std::uint64_t digest(const GameState& state) {
  return state_digest(state);
}

}  // namespace arap::game
