// ADV-42 (optional, option pinning_guidance): 2.3's guidance on which fire pins. A sniper rifle
// pins only from beyond 12"; blind or long barrage fire pins; a hidden unit's quiet fire and
// thrown grenades pin; weapons with the pinning property still pin. With scripted dice.
#include <gtest/gtest.h>

#include "rules/fire_morale.hpp"
#include "support/sniper_fixture.hpp"

namespace arap::game {
namespace {

using test::act;

// The sniper of test::SniperFixture, `range` inches from his mark.
class PinningGuidance : public test::SniperFixture {
 protected:
  void arrange(double range, const std::string& options = "options: {pinning_guidance: true}\n") {
    arrange_sniper("pinning_guidance", range, options);
  }

  // The sniper fires and slays the Guardsman: a 1 hits (BS4), a 6 wounds (3+), a 1 fails the
  // 5+ save. Any pinning test then passes on 1s.
  void snipe() {
    script({1, 6, 1});
    script({1, 1});
    must(shoot(0, 1, /*heavy=*/true));
    ASSERT_FALSE(state_.models[6].pose.alive);
  }
};

TEST_F(PinningGuidance, ADV_42_a_sniper_casualty_from_15_inches_calls_for_a_pinning_test) {
  arrange(15.0);
  snipe();
  EXPECT_EQ(rolls("SHOOT-28").size(), 1u);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(PinningGuidance, ADV_42_a_sniper_casualty_from_10_inches_does_not) {
  arrange(10.0);
  snipe();
  EXPECT_TRUE(rolls("SHOOT-28").empty());
  EXPECT_FALSE(dice_.exhausted()) << "the pinning test's dice were not rolled";
}

TEST_F(PinningGuidance, ADV_42_switched_off_the_pinning_sniper_rifle_pins_at_any_range) {
  arrange(10.0, "");
  snipe();
  EXPECT_EQ(rolls("SHOOT-28").size(), 1u);
}

// The door's view agrees with the live rule: the preview's pinning odds follow it.
TEST_F(PinningGuidance, ADV_42_the_fire_groups_say_whether_a_casualty_pins) {
  arrange(10.0);
  auto groups = fire_groups(state_, shoot(0, 1, true));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_FALSE(groups[0].pins);
  arrange(15.0);
  groups = fire_groups(state_, shoot(0, 1, true));
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_TRUE(groups[0].pins);
}

// The classification itself, case by case (the game layer fills it from the weapon and firer).
TEST(PinningGuidanceRule, ADV_42_which_fire_pins) {
  using rules::pinning_test_due;
  using rules::PinningFire;
  PinningFire sniper{.pinning_weapon = true, .sniper = true, .range = 12.0};
  EXPECT_FALSE(pinning_test_due(sniper, true)) << "12\" is within 12\"";
  sniper.range = 12.5;
  EXPECT_TRUE(pinning_test_due(sniper, true));
  sniper.range = 6.0;
  EXPECT_TRUE(pinning_test_due(sniper, false)) << "without guidance the property decides";

  PinningFire barrage{.barrage = true, .range = 24.0};
  EXPECT_FALSE(pinning_test_due(barrage, true));
  barrage.range = 30.0;
  EXPECT_TRUE(pinning_test_due(barrage, true)) << "from beyond 24\"";
  barrage.range = 10.0;
  barrage.indirect = true;
  EXPECT_TRUE(pinning_test_due(barrage, true)) << "fired blind";
  EXPECT_FALSE(pinning_test_due(barrage, false));

  PinningFire quiet{.low_signature = true, .range = 30.0};
  EXPECT_FALSE(pinning_test_due(quiet, true)) << "a seen firer's quiet weapon";
  quiet.firer_hidden = true;
  EXPECT_TRUE(pinning_test_due(quiet, true));

  PinningFire grenade{.grenade = true, .range = 6.0};
  EXPECT_FALSE(pinning_test_due(grenade, true));
  grenade.firer_hidden = true;
  EXPECT_TRUE(pinning_test_due(grenade, true)) << "a hidden thrower";
  PinningFire needle{.quiet = true, .firer_hidden = true, .range = 20.0};
  EXPECT_TRUE(pinning_test_due(needle, true)) << "the firer stays hidden";

  PinningFire plain{.range = 3.0};
  plain.firer_hidden = true;
  EXPECT_FALSE(pinning_test_due(plain, true)) << "a hidden unit's ordinary rifle";
  plain.pinning_weapon = true;
  plain.firer_hidden = false;
  EXPECT_TRUE(pinning_test_due(plain, true));
}

}  // namespace
}  // namespace arap::game
