#include "dice/random_dice.hpp"

// RandomDice is header-only for speed (the D6 is the hottest call in the engine); this unit keeps
// the vtable anchored in one object file.
namespace arap::dice {
static_assert(sizeof(RandomDice) <= 64, "RandomDice should stay one cache line");
}  // namespace arap::dice
