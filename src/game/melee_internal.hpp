// Internal to the game layer: the mêlée parts shared by melee_blows.cpp (MELEE-05/07/22/26:
// weapons, blows, free hacks, krak attacks), melee_steps.cpp (MELEE-04/08/09: Initiative steps and
// wound allocation), melee.cpp (MELEE-10..29: choices, rounds and what follows them) and
// last_man.cpp (ADV-67).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "game/context.hpp"
#include "game/mounts.hpp"
#include "rules/attack_resolution.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

inline std::uint64_t bit(int unit) {
  return std::uint64_t{1} << unit;
}

// MELEE-24 (pursuit.cpp): the winners of a round in which `router` broke decide whether to pursue.
void decide_pursuit(Context& c, int winner, int router);

// The mêlée weapon a model fights with, or null (MELEE-06i/j decide how it fights without one).
const data::WeaponProfile* melee_weapon(const ModelInfo& model);

struct AttackSet {
  const data::WeaponProfile* weapon = nullptr;
  int count = 0;
  table::AttackArc arc = table::AttackArc::front;
};

// A model's attacks of one kind (MELEE-02): natural weapons each their share in their own arc,
// otherwise the kit's main weapon (or none) with all its attacks, in the front 180 degrees.
std::array<AttackSet, 4> attack_sets(const ModelInfo& model, int& sets);
// MELEE-07: wound, save and Damage of a blow by `attacker` with `weapon` (or bare hands).
// `body`: ADV-22, the rider or the mount struck of a pair riding apart.
rules::WoundingProfile blow_profile(const Context& c, int attacker, int target,
                                    const data::WeaponProfile* weapon,
                                    MountBody body = MountBody::model);
// A wound that reached `target` (`body` of it): its save, then Damage. Returns whether it went
// unsaved.
bool take_wound(Context& c, int target, const rules::WoundingProfile& wounding,
                MountBody body = MountBody::model);
bool land_blow(Context& c, int attacker, int target, const data::WeaponProfile* weapon);
// One mêlée attack on `target`: to-hit at `goal`, then the blow (MELEE-05/07).
bool strike(Context& c, int attacker, int target, int goal, bool& hit,
            const data::WeaponProfile* weapon);
bool strike(Context& c, int attacker, int target, int goal, bool& hit);
const data::WeaponProfile* krak_grenade(const ModelInfo& model);
// MELEE-26: the living models of `unit` that carry krak grenades.
int krak_carriers(const GameState& s, int unit);
// MELEE-26: whether model `m` makes a krak attack this round.
bool krak_attacker(const GameState& s, int m);
void remove_fallen(Context& c, int unit);
// MELEE-08: the order in which `striker`'s wounds find models of the `enemies` units (bits):
// (tier * 1000 + distance, model) pairs, ascending; tiers 1-3 by contact, `arc` and mêlée radius,
// 4 for the rest.
void allocation_order(const GameState& s, int striker, std::uint64_t enemies, table::AttackArc arc,
                      std::vector<std::pair<double, int>>& order);
// MELEE-04: the Initiative step model `m` strikes at.
int striking_initiative(const GameState& s, int m);
// MELEE-09: after a step, unengaged models whose step is still to come close in (up to M).
void close_in(Context& c, const std::vector<int>& units, int next_step);
// ADV-73 (advanced, option tidy_up): after a round of a fight that goes on, every model of
// `units` out of the fight steps up to its M into reach of the nearest foe its unit is locked
// with or, too far for that, turns to face it. Returns how many models moved.
int tidy_up(Context& c, const std::vector<int>& units);
// ADV-52 (advanced, option melee_facing; the caller asks): at the start of a round every model of
// `units` with enemies of its locked units within either one's mêlée radius turns to face the
// most numerous (then most potent) of them. Returns the models that turned.
std::vector<int> face_threats(GameState& s, const std::vector<int>& units);
// ADV-61 (an advanced rule, option mass_attacks): in one round no model is attacked by more than
// six enemy models of its Size or bigger; smaller attackers are neither limited nor counted. Kept
// for a round across its Initiative steps.
class MassAttacks {
 public:
  MassAttacks(const GameState& state, bool on) : state_(&state), on_(on) {}
  // Whether `attacker` may direct attacks at `target` this round.
  bool allows(int attacker, int target) const;
  // `attacker` directed attacks at `target`.
  void attacked(int attacker, int target);

 private:
  bool counts(int attacker, int target) const;
  const GameState* state_;
  bool on_;
  std::vector<std::pair<int, int>> pairs_;  // (target, attacker) of the counted attacks
};

// One Initiative step of a combat; `everyone`: CHARGE-19's simultaneous first round.
void fight_step(Context& c, const std::vector<int>& units, int step, bool everyone,
                MassAttacks& mass, std::vector<int>& inflicted, std::vector<int>& taken);
table::Point centre_of_units(const GameState& s, const std::vector<int>& units);
// A unit that lost the round (or failed a test that routs it out of the fight) routs away from
// `victors` (a set of unit bits), who then decide on pursuit (MELEE-19/24).
void rout_from_combat(Context& c, int unit, std::uint64_t victors, const char* rule);
// MELEE-10/12 (melee_break_off.cpp): `unit` breaks off or tries Hit and Run, as it chose.
void leave_combat(Context& c, int unit);
// ADV-67 (last_man.cpp): after a round, mark the squads of `units` it brought down to one model
// (`living_before`: each unit's living models when the round began); before the next, test them.
void note_last_men(Context& c, const std::vector<int>& units,
                   const std::vector<int>& living_before);
void last_man_tests(Context& c);

}  // namespace arap::game::detail
