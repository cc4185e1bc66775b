// Weapon definitions: immutable data loaded from data/weapons.yaml (or an odds request). Models
// hold pointers to these; nothing here changes during a game.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dice/rolls.hpp"

namespace arap::data {

// SHOOT-05..07, SHOOT-49: how a weapon fires and what a firing costs.
enum class WeaponType : std::uint8_t {
  rapid_fire,
  assault,
  heavy,
  pistol,
  salvo,
  slow,
  ordnance,
  primary,
  grenade,
  bomb,
  melee,
};
std::string_view to_string(WeaponType type);
std::optional<WeaponType> weapon_type_from_string(std::string_view text);

// SHOOT-36..47: the shape of the effect.
enum class WeaponEffect : std::uint8_t { none, template_teardrop, template_strip, torrent, area };
std::string_view to_string(WeaponEffect effect);

// GEN-10 / MELEE-07: a weapon's Strength, fixed or relative to its user.
struct StrengthSpec {
  enum class Kind : std::uint8_t { fixed, user, user_plus, user_times };
  Kind kind = Kind::fixed;
  int value = 0;

  static StrengthSpec fixed_at(int s) { return {Kind::fixed, s}; }
  static StrengthSpec of_user() { return {Kind::user, 0}; }
  // The Strength of the attack for a user of Strength `user_strength`; a multiplied Strength is
  // capped at 10 (ADV-54).
  int resolve(int user_strength) const;
  std::string to_text() const;
  friend bool operator==(const StrengthSpec&, const StrengthSpec&) = default;
};
std::optional<StrengthSpec> parse_strength(std::string_view text);

// SHOOT-23: wounds per unsaved hit, a fixed number or dice ("D3", "2", "D6+1").
using DamageSpec = dice::DiceExpression;
std::optional<DamageSpec> parse_dice_expression(std::string_view text);
std::string to_text(const DamageSpec& damage);

// Properties that change how rules treat the weapon (catalogue §3.2).
enum class WeaponProperty : std::uint8_t {
  barrage,            // guess range, high trajectory and indirect fire (SHOOT-48, 53, 54)
  pinning,            // casualties force pinning tests (SHOOT-28)
  multiple_battery,   // pinning tests at -1 (SHOOT-28)
  laser,              // ignores the fast-target modifier (SHOOT-16)
  melta,              // wound and damage R2D6P1 at half range (SHOOT-59)
  shotgun,            // +1 to hit at half range (SHOOT-60)
  needler,            // target save one step better (ADV-40)
  assault_grenade,    // CHARGE-16
  defensive_grenade,  // CHARGE-17
  krak,               // MELEE-26
  power_weapon,       // ignores armour saves (ADV-54)
  power_fist,         // doubles Strength, -2 Initiative (ADV-54)
  strike_last,        // always strikes at I1 (ADV-54)
  reload,             // ADV-30: an action must reload it between shots
  sniper,             // ADV-42
  low_signature,      // ADV-42
  two_handed,
  auto_pin,          // a casualty pins the unit with no test (SHOOT-30)
  hand_weapon,       // a plain knife or club: the first on a model comes with it (ADV-57)
  natural,           // claws, talons: part of the creature, never a second weapon (ADV-57)
  lightning_claw,    // two of them make a pair (ADV-59)
  primitive,         // a bow, spear or thrown stone: a primitive shield stops it (ADV-60)
  grenade_launcher,  // weapon-mounted: a shot takes a SHOOT-49 throwing place (ADV-49)
  cannot_fire_wild,  // bows, crossbows, slings, antique pistols, muskets: no shot unseen (ADV-34)
  flamer,            // a flame weapon: short range only in the heaviest rain (ADV-21)
  plasma,            // a plasma weapon: short range only in the heaviest rain (ADV-21)
  polearm,           // a spear or polearm: not to be taken swimming (ADV-11)
  smoke,       // ADV-35/50: lays a cloud of its area's radius where it lands, and wounds nobody
  blind,       // ADV-35: the cloud blinds infra-vision too (a blind grenade)
  discharger,  // ADV-50: a smoke discharger: fired free, a cloud around its carrier, once a game
  count_
};
// ADV-30: the game keeps a model's spent Reload weapons as bits by their place in its loadout, so
// a Reload weapon must be among the first this many the loadout lists.
inline constexpr std::size_t kReloadSlots = 16;

std::vector<std::string_view> weapon_property_names();  // every name, in enum order
std::string_view to_string(WeaponProperty property);
std::optional<WeaponProperty> weapon_property_from_string(std::string_view text);

// MELEE-02: how a mêlée attack is made, which decides its arc (hand weapons: the front 180).
enum class AttackType : std::uint8_t { hand, stomp, tentacle, bite, gore, claw, tail };
std::optional<AttackType> attack_type_from_string(std::string_view text);

// ADV-45: an area marker whose weapon states no size is 1.5" in radius.
inline constexpr double kDefaultAreaRadius = 1.5;

struct WeaponProfile {
  std::string id;
  std::string name;
  WeaponType type = WeaponType::assault;
  int shots = 1;       // n of Rapid Fire n, Assault n, Heavy n; Salvo's half-range shots
  int shots_full = 0;  // Salvo's full-range shots (n2)
  double range = 0.0;  // maximum range in inches; 0 for mêlée weapons
  StrengthSpec strength;
  std::optional<int> ap;  // none = "-"
  DamageSpec damage{0, 6, 1};
  WeaponEffect effect = WeaponEffect::none;
  double effect_size = 0.0;  // torrent reach or area radius, inches (0: a krak counter, ADV-45)
  std::uint32_t properties = 0;
  AttackType attack_type = AttackType::hand;  // MELEE-02
  // A natural weapon's share of the model's attacks (EX-16: 2 gores, 1 stomp, 1 tail); 0 = a
  // hand weapon, used for all of them.
  int attacks = 0;
  // ADV-18: inches the weapon takes off its carrier's basic move, and the item it is part of:
  // profiles of one weapon (a launcher's frag and krak loads) share an item, weighed once.
  double encumbrance = 0.0;
  std::string item;  // empty: the weapon is an item of its own

  bool has(WeaponProperty property) const {
    return (properties >> static_cast<unsigned>(property)) & 1u;
  }
  void set(WeaponProperty property) { properties |= 1u << static_cast<unsigned>(property); }
  bool is_melee() const { return type == WeaponType::melee; }
  // The Strength of a blow or shot by a user of Strength `user_strength`. ADV-55 (with
  // `better_strength`, the rule's scenario option): a contact weapon of fixed Strength strikes at
  // the better of its own and its user's; a shot, in mêlée too, keeps the weapon's.
  int strength_for(int user_strength, bool better_strength) const {
    const int own = strength.resolve(user_strength);
    return better_strength && is_melee() && strength.kind == StrengthSpec::Kind::fixed
               ? std::max(own, user_strength)
               : own;
  }
  bool is_area() const { return effect == WeaponEffect::area; }
  // SHOOT-49: a hand grenade whose marker strikes what it lands on (not a smoke grenade, ADV-35).
  bool is_blast_grenade() const {
    return type == WeaponType::grenade && is_area() && !has(WeaponProperty::smoke);
  }
  bool is_template() const {
    return effect == WeaponEffect::template_teardrop || effect == WeaponEffect::template_strip ||
           effect == WeaponEffect::torrent;
  }
};

}  // namespace arap::data
