// ADV-64, the order of charge-time fire, played through the engine with forced dice: when the
// Chargers Fire and Charge and the Charged Stand and Fire, a Charged unit in cover fires first,
// else the higher Initiative, and equal Initiatives fire at once.
#include <gtest/gtest.h>

#include <string>

#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red (unit 0) waits at y = 14 facing north; Blue's `chargers` (unit 1) stand 10" north of it,
// facing south, and charge it firing (Fire and Charge); Red stands and fires with one success.
class ChargeFireOrder : public test::ScriptedGame {
 protected:
  void arrange(const std::string& red_army, const std::string& red_unit,
               const std::string& blue_army, const std::string& chargers,
               const std::string& extra = "") {
    begin(
        test::battle("fire_order_" + std::to_string(++count_), red_army,
                     "[{unit: " + red_unit + ", at: [24, 14]}]", blue_army,
                     "[{unit: " + chargers + ", at: [24, 24], facing: 180, spacing: 1.5}]", extra),
        3);
  }

  // Blue activates and charges firing; a 10" charge; Red's two dice against its activation
  // value 3 or 4 give one success; then `faces` and a long run of 6s (every later shot misses).
  void charge_and_stand(std::initializer_list<int> faces = {}) {
    second_side_charges(1, 0, /*fire=*/true);
    script({3, 3});
    script({2, 5});
    script(faces);
    for (int i = 0; i < 200; ++i) script({6});
    must(act(ActionKind::stand_and_fire, 0));
  }

  // Where the first event of `type` stands in the log (-1: none).
  int position(const std::string& type) const {
    for (std::size_t i = 0; i < log_.size(); ++i)
      if (log_[i].value("type", "") == type) return static_cast<int>(i);
    return -1;
  }

  std::string first() const {
    const int at = position("charge_fire_order");
    return at < 0 ? "" : log_[at].at("first").get<std::string>();
  }

  const Event& event(const std::string& type) const { return log_.at(position(type)); }

  int count_ = 0;
};

const char* const kWall =
    "obstacles:\n  - {id: wall, kind: wall, height: 1, points: [[4, 15], [44, 15]]}\n";

TEST_F(ChargeFireOrder, ADV_64_the_higher_initiative_fires_first) {
  // I4 Assault Marines charge I3 Guardsmen in the open: the marines' pistols go first.
  arrange("imperial_guard", "infantry_squad", "space_marines", "assault_squad");
  charge_and_stand();
  EXPECT_EQ(first(), "chargers");
  ASSERT_GE(position("fire_and_charge"), 0);
  ASSERT_GE(position("stand_and_fire"), 0);
  EXPECT_LT(position("fire_and_charge"), position("stand_and_fire"));
  EXPECT_LT(position("charge_fire_order"), position("fire_and_charge"));
}

TEST_F(ChargeFireOrder, ADV_64_a_charged_unit_in_cover_fires_first) {
  // The same charge at Guardsmen behind a wall: cover beats Initiative.
  arrange("imperial_guard", "infantry_squad", "space_marines", "assault_squad", kWall);
  charge_and_stand();
  EXPECT_EQ(first(), "charged");
  EXPECT_LT(position("stand_and_fire"), position("fire_and_charge"));
}

TEST_F(ChargeFireOrder, ADV_64_the_option_off_lets_the_charged_fire_first) {
  arrange("imperial_guard", "infantry_squad", "space_marines", "assault_squad",
          "options: {charge_fire_order: false}\n");
  charge_and_stand();
  EXPECT_EQ(position("charge_fire_order"), -1);
  EXPECT_LT(position("stand_and_fire"), position("fire_and_charge"));
}

TEST_F(ChargeFireOrder, ADV_64_equal_initiatives_fire_at_once) {
  // Guardsmen (I3) charge Guardsmen (I3). The chargers' sergeant hits with his laspistol (1), the
  // allocation die gives the hit to a Guardsman (1), it wounds (6) and he fails his save (1).
  // Firing at the same moment, the fallen Guardsman still shoots: the Charged fire all ten shots.
  arrange("imperial_guard", "infantry_squad", "imperial_guard", "infantry_squad");
  charge_and_stand({1, 1, 6, 1});
  EXPECT_EQ(first(), "together");
  EXPECT_LT(position("fire_and_charge"), position("stand_and_fire"));
  EXPECT_EQ(event("fire_and_charge").at("unsaved"), 1);
  int living = 0;
  for (int m = 0; m < 10; ++m) living += state_.models[m].pose.alive ? 1 : 0;
  EXPECT_EQ(living, 9);
  EXPECT_EQ(event("stand_and_fire").at("shots"), 10);
}

TEST_F(ChargeFireOrder, ADV_64_the_later_side_fires_without_its_fallen) {
  // Assault Marines (I4) fire first at Guardsmen (I3): their sergeant's plasma pistol hits (1),
  // the allocation die gives the hit to Guardsman 3 (1) and it wounds (6), beyond any save. He is
  // gone before the Guard shoot: nine shots.
  arrange("imperial_guard", "infantry_squad", "space_marines", "assault_squad");
  charge_and_stand({1, 1, 6});
  EXPECT_EQ(first(), "chargers");
  EXPECT_EQ(event("fire_and_charge").at("unsaved"), 1);
  EXPECT_FALSE(state_.models[3].pose.alive);
  EXPECT_EQ(event("stand_and_fire").at("shots"), 9);
}

}  // namespace
}  // namespace arap::game
