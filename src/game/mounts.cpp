// ADV-22 riding animals, the second way (option separate_mounts): whom a hit strikes, the mount's
// wounds, and the rider left on foot when it falls (see mounts.hpp).
#include "game/mounts.hpp"

#include <cmath>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/wound_save.hpp"
#include "table/body_pose.hpp"

namespace arap::game {

namespace {
constexpr int kRiderHit = 4;            // ADV-22: the rider is struck on 4+ ...
constexpr int kRiderUnderGiantHit = 5;  // ... or 5+ under a very large mount
constexpr int kVeryLargeSize = 3;       // GEN-06: Size 3 exceeds 3 m: a very large animal
constexpr double kThrowingSpeed = 6.0;  // ADV-22: a fall from a mount faster than this hurts
}  // namespace

const data::Profile& rider_profile(const GameState& s, int m) {
  return *s.setup->models[m].group->rider;
}

const data::Profile& mount_profile(const GameState& s, int m) {
  return *s.setup->models[m].group->mount;
}

bool unit_rides_apart(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && rides_apart(s, m)) return true;
  return false;
}

int rider_struck_on(const GameState& s, int m) {
  return mount_profile(s, m).size >= kVeryLargeSize ? kRiderUnderGiantHit : kRiderHit;
}

double riding_speed(const GameState& s, int unit) {
  const UnitState& u = s.units[unit];
  return s.setup->units[unit].side == s.phasing ? static_cast<double>(u.own_turn.moved_inches)
                                                : static_cast<double>(u.moved_last_turn);
}

// The inches rounded down, less 6; nothing at 6" or less.
int thrown_rider_strength(double speed) {
  if (!(speed > kThrowingSpeed + 1e-9)) return 0;
  return static_cast<int>(std::floor(speed + 1e-9)) - static_cast<int>(kThrowingSpeed);
}

}  // namespace arap::game

namespace arap::game::detail {

namespace {

// The rider stands on foot: its own base, height and Size (the model keeps its place and facing).
void stand_on_foot(GameState& s, int m) {
  ModelState& model = s.models[m];
  model.dismounted = true;
  model.mount_wounds_left = 0;
  table::take_body(model.pose, *s.info(m).profile);
}

// Dice rolled in the middle of another event's dice (a blow's, in mêlée), kept out of them for an
// event of their own.
class DiceApart final : public dice::DiceSource {
 public:
  explicit DiceApart(RecordingDice& dice) : dice_(dice) {}
  int roll(int sides) override {
    faces.push_back(dice_.roll_apart(sides));
    return faces.back();
  }
  std::vector<int> faces;

 private:
  RecordingDice& dice_;
};

// ADV-22: a rider thrown from a mount that fell at speed takes one hit of Strength (speed - 6),
// the inches rounded down, with no save.
void thrown_rider(Context& c, int m, double speed, bool at_once) {
  GameState& s = c.state;
  const int strength = thrown_rider_strength(speed);
  if (strength < 1) return;
  const int unit = s.models[m].pose.unit;
  const data::Profile& rider = *s.info(m).profile;
  rules::WoundingProfile hit;
  hit.wound = rules::wound_goal(rider.toughness, strength, /*close=*/true);
  DiceApart dice(c.dice);
  const bool wounded = rules::roll_wound(dice, hit);
  if (c.logging())
    c.event({{"type", "roll"},
             {"rule", "ADV-22"},
             {"what", "rider thrown at speed"},
             {"goal", hit.wound.goal},
             {"unit", unit},
             {"dice", dice.faces},
             {"model", m},
             {"strength", strength},
             {"speed", speed},
             {"wounded", wounded}});
  if (!wounded) return;
  if (--s.models[m].wounds_left <= 0 && at_once) remove_casualty(c, m);
}

}  // namespace

bool strikes_rider(Context& c, int m, bool short_range, MountAim aim) {
  if (short_range && aim != MountAim::either) return aim == MountAim::rider;
  const int goal = rider_struck_on(c.state, m);
  const int face = c.dice.roll_apart(6);
  const bool rider = face >= goal;
  if (c.logging())
    c.event({{"type", "mount_hit"},
             {"rule", "ADV-22"},
             {"model", m},
             {"unit", c.state.models[m].pose.unit},
             {"goal", goal},
             {"die", face},
             {"strikes", rider ? "rider" : "mount"}});
  return rider;
}

BodyDefence defence_of(const GameState& s, int m, MountBody body) {
  switch (body) {
    case MountBody::rider: {
      const data::Profile& rider = rider_profile(s, m);
      return {rider, s.models[m].armour_shed ? std::nullopt : rider.save, s.shield(m)};
    }
    case MountBody::mount: {
      const data::Profile& mount = mount_profile(s, m);
      return {mount, mount.save, data::Shield::none};
    }
    case MountBody::model:
      break;
  }
  return {*s.info(m).profile, s.armour_save(m), s.shield(m)};
}

MountBody struck_body(Context& c, int m, bool short_range, MountAim aim) {
  if (!rides_apart(c.state, m)) return MountBody::model;
  return strikes_rider(c, m, short_range, aim) ? MountBody::rider : MountBody::mount;
}

void wound_mount(Context& c, int m, int damage, bool at_once) {
  GameState& s = c.state;
  ModelState& model = s.models[m];
  model.mount_wounds_left = static_cast<std::int16_t>(model.mount_wounds_left - damage);
  if (model.mount_wounds_left > 0) return;
  const int unit = model.pose.unit;
  const double speed = riding_speed(s, unit);
  stand_on_foot(s, m);
  if (c.logging())
    c.event({{"type", "mount_slain"},
             {"rule", "ADV-22"},
             {"unit", unit},
             {"model", m},
             {"speed", speed}});
  thrown_rider(c, m, speed, at_once);
}

}  // namespace arap::game::detail
