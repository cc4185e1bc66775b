// SHOOT-01/05/06/07/09/49: shots and AP per firing.
#include <gtest/gtest.h>

#include "data/weapon.hpp"
#include "rules/weapon_fire.hpp"

namespace arap::rules {
namespace {

data::WeaponProfile weapon(data::WeaponType type, double range, int shots = 1, int full = 0) {
  data::WeaponProfile w;
  w.type = type;
  w.range = range;
  w.shots = shots;
  w.shots_full = full;
  w.strength = data::StrengthSpec::fixed_at(4);
  return w;
}

Firing fire(const data::WeaponProfile& w, double range, bool relentless = false,
            SalvoMode salvo = SalvoMode::automatic, bool sight = true,
            const Rulings& rulings = {}) {
  FiringInputs in;
  in.range = range;
  in.relentless = relentless;
  in.salvo = salvo;
  in.line_of_sight = sight;
  return weapon_firing(w, in, rulings);
}

TEST(WeaponFire, SHOOT_01_range_is_inclusive) {
  const auto lasgun = weapon(data::WeaponType::rapid_fire, 24);
  EXPECT_TRUE(fire(lasgun, 24.0).allowed);
  const Firing beyond = fire(lasgun, 24.1);
  EXPECT_FALSE(beyond.allowed);
  EXPECT_NE(beyond.refusal.find("SHOOT-01"), std::string_view::npos);
}

TEST(WeaponFire, SHOOT_05_shots_by_type) {
  const auto bolter = weapon(data::WeaponType::rapid_fire, 24);
  EXPECT_EQ(fire(bolter, 10).shots, 2);
  EXPECT_EQ(fire(bolter, 13).shots, 1);
  EXPECT_EQ(fire(bolter, 13).action_points, 1);
  EXPECT_EQ(fire(weapon(data::WeaponType::rapid_fire, 24, 2), 12).shots, 3);
  const auto salvo = weapon(data::WeaponType::salvo, 24, 2, 4);
  EXPECT_EQ(fire(salvo, 20).shots, 4);
  EXPECT_EQ(fire(salvo, 20).action_points, 2);
  EXPECT_EQ(fire(salvo, 12).shots, 2);
  EXPECT_EQ(fire(salvo, 12).action_points, 1);
  EXPECT_FALSE(fire(salvo, 13, false, SalvoMode::half).allowed);
  EXPECT_EQ(fire(salvo, 12, false, SalvoMode::full).shots, 4);
  const auto assault = weapon(data::WeaponType::assault, 18, 3);
  EXPECT_EQ(fire(assault, 18).shots * 3, 9) << "three 1-AP firings with 3 AP";
  EXPECT_EQ(fire(weapon(data::WeaponType::pistol, 12), 12).shots, 1);
  EXPECT_EQ(fire(weapon(data::WeaponType::grenade, 6), 5).action_points, 1);
  data::WeaponProfile sword = weapon(data::WeaponType::melee, 0);
  EXPECT_FALSE(fire(sword, 0).allowed);
}

TEST(WeaponFire, SHOOT_06_heavy_weapons_once_per_turn) {
  const Firing heavy = fire(weapon(data::WeaponType::heavy, 36, 3), 20);
  EXPECT_EQ(heavy.shots, 3);
  EXPECT_EQ(heavy.action_points, 2);
  EXPECT_TRUE(heavy.once_per_turn);
  EXPECT_TRUE(fire(weapon(data::WeaponType::slow, 24), 10).once_per_turn);
  EXPECT_FALSE(fire(weapon(data::WeaponType::assault, 24), 10).once_per_turn);
}

TEST(WeaponFire, SHOOT_07_ordnance_cost_by_ruling) {
  const auto cannon = weapon(data::WeaponType::ordnance, 72);
  EXPECT_EQ(fire(cannon, 30).action_points, 2);
  EXPECT_EQ(fire(cannon, 30, false, SalvoMode::automatic, /*sight=*/false).action_points, 3);
  Rulings always2;
  always2.set("ruling.SHOOT-07", "always2");
  EXPECT_EQ(fire(cannon, 30, false, SalvoMode::automatic, false, always2).action_points, 2);
  EXPECT_TRUE(fire(cannon, 30).once_per_turn);
}

TEST(WeaponFire, SHOOT_09_relentless) {
  const Firing heavy = fire(weapon(data::WeaponType::heavy, 36, 3), 20, /*relentless=*/true);
  EXPECT_EQ(heavy.action_points, 1);
  EXPECT_EQ(heavy.shots, 3);
  EXPECT_TRUE(heavy.once_per_turn) << "never 6 or 9 shots";
  const auto bolter = weapon(data::WeaponType::rapid_fire, 24);
  EXPECT_EQ(fire(bolter, 16, true).shots, 2);
  EXPECT_EQ(fire(bolter, 17, true).shots, 1);
  EXPECT_EQ(fire(weapon(data::WeaponType::slow, 24), 10, true).action_points, 2);
}

TEST(WeaponFire, SHOOT_49_a_quarter_of_the_unit_may_throw) {
  EXPECT_EQ(grenade_throwers_allowed(10), 3);
  EXPECT_EQ(grenade_throwers_allowed(5), 2);
  EXPECT_EQ(grenade_throwers_allowed(4), 1);
  EXPECT_EQ(grenade_throwers_allowed(1), 1);
}

}  // namespace
}  // namespace arap::rules
