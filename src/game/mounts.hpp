// ADV-22 riding animals, the second way (option separate_mounts, the GM's choice): a rider and its
// mount stand on one base but are two bodies, each with its own Toughness, save and wounds.
// - A shot at short range may pick out either; otherwise a D6 says whom a hit strikes: the rider
//   on 4+, or on 5+ under a very large mount (Size 3 or more, GEN-06: over 3 m). Area weapons
//   (templates, torrents, markers) strike both, each wounded and saved on its own. Blows in mêlée
//   are dealt as hits beyond short range are (ruling.ADV-22: the rules name only shooting).
// - A rider slain takes the model off the table: its mount flees (as with the first way).
// - A mount slain leaves the rider on foot (GameState::info: the rider's profile and move, base,
//   height and Size). A mount that falls while going faster than 6" throws its rider: one hit of
//   Strength (speed - 6), no save. The speed is the inches its unit moved in its own player turn
//   so far, or in its last one while the foe's turn runs (as SHOOT-16 times a target).
// - Falls, dangerous ground and Hell for Leather strike the pair as one, as in the first way:
//   their wounds are the rider's, and the mount goes with it.
#pragma once

#include <cstdint>
#include <optional>

#include "game/actions.hpp"
#include "game/state.hpp"

namespace arap::game {

// Model `m` sits on a living mount that is a body of its own.
inline bool rides_apart(const GameState& s, int m) {
  return s.models[m].mount_wounds_left > 0 && !s.models[m].dismounted;
}
// Some living model of `unit` rides apart.
bool unit_rides_apart(const GameState& s, int unit);
// The rider and the mount of a model riding apart (or dismounted).
const data::Profile& rider_profile(const GameState& s, int m);
const data::Profile& mount_profile(const GameState& s, int m);
// The least the die must show for a hit on model `m` to strike the rider (4, or 5 under a very
// large mount).
int rider_struck_on(const GameState& s, int m);
// How fast `unit` goes (as SHOOT-16 times a target): the inches moved in its own player turn so
// far, or in its last one while another side's turn runs.
double riding_speed(const GameState& s, int unit);
// The Strength of the hit a rider takes when its mount falls at `speed` (0: none).
int thrown_rider_strength(double speed);

}  // namespace arap::game

namespace arap::game::detail {

struct Context;

// What one hit or blow wounds: the model itself, or the rider or the mount of a pair riding apart.
enum class MountBody : std::uint8_t { model, rider, mount };

// What guards one body of model `m` against a wound: its profile (T, invulnerable save, Wounds),
// armour save and shield. The model's own, shed armour and dropped shield included (ADV-11); a
// rider's are its own; a mount wears its own armour and bears no shield.
struct BodyDefence {
  const data::Profile& profile;
  std::optional<int> armour;
  data::Shield shield;
};
BodyDefence defence_of(const GameState& s, int m, MountBody body);

// Whom one hit on model `m` (riding apart) strikes: the rider (true) or its mount. A shot at
// short range with `aim` set strikes the one aimed at; else a D6 decides (logged as ADV-22).
bool strikes_rider(Context& c, int m, bool short_range, MountAim aim);
// The body one hit on model `m` wounds: the model, unless it rides apart (then strikes_rider).
MountBody struck_body(Context& c, int m, bool short_range, MountAim aim);
// `damage` done to the mount of `m`: at none left it falls and the rider stands on foot (a
// rider thrown and slain is removed at once, or, in mêlée, `!at_once`, with the step's fallen).
void wound_mount(Context& c, int m, int damage, bool at_once = true);

}  // namespace arap::game::detail
