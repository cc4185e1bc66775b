// ADV-22 riding animals, the second way (option separate_mounts): rider and mount two bodies on
// one base. Whom a hit strikes (a D6 beyond short range: the rider on 4+, on 5+ under a very large
// mount; the firer's pick at short range; both for area weapons), the rider on foot once its mount
// falls, and the S (speed - 6) hit of a mount slain at speed (the catalogue's EX-19: at 10", S4).
#include <gtest/gtest.h>

#include "advice/preview.hpp"
#include "game/context.hpp"
#include "game/fire_plan.hpp"
#include "game/melee_internal.hpp"
#include "game/mounts.hpp"
#include "game/record.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: the Guard's Rough Riders (unit 0: the sergeant 0, riders 1-4; guardsmen T3 5+ on horses
// T3 W1 with no save) at (24, 10) facing north, riding apart; Blue: Slugga Boyz (unit 1, models
// 5-16) at (24, 44). Red's turn, the riders activated with 2 AP.
class RidingApart : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin_lone_unit("riding_apart", "imperial_guard", "rough_riders",
                    "options: {separate_mounts: true}\n");
  }

  // One hit of `weapon` (S as the weapon says) on model `m` from `range` inches.
  void hit(int m, const char* weapon, double range, MountAim aim = MountAim::either) {
    detail::Context c(state_, &log_);
    detail::HitEffect effect;
    std::vector<int> wound_faces;
    std::vector<int> save_faces;
    detail::resolve_hit_on(c, m, *setup_->library->weapon(weapon), 3, range, effect, wound_faces,
                           save_faces, 0, aim);
  }

  std::vector<Event> events(const std::string& type) const {
    std::vector<Event> out;
    for (const auto& e : log_)
      if (e.value("type", "") == type) out.push_back(e);
    return out;
  }
};

TEST_F(RidingApart, ADV_22_each_rider_keeps_its_mount_as_a_second_body) {
  EXPECT_GE(setup_->models[1].on_foot, 0);
  EXPECT_EQ(state_.models[1].mount_wounds_left, 1) << "the horse's W";
  EXPECT_EQ(state_.info(1).profile->name, "Guardsman on Horse") << "one base, the mount's M";
  EXPECT_DOUBLE_EQ(state_.unit_move(0), 8.0);
  // Without the option the pair is one model (the first way).
  const auto one =
      test::battle("riding_as_one", "imperial_guard", "[{unit: rough_riders, at: [24, 10]}]",
                   "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]");
  EXPECT_EQ(one->models[1].on_foot, -1);
  EXPECT_EQ(initial_state(*one, 1).models[1].mount_wounds_left, 0);
}

TEST_F(RidingApart, ADV_22_beyond_short_range_a_4_strikes_the_rider) {
  // Slugga (12", S4, AP6) from 10": the die 4 strikes the rider; S4 wounds T3 on 3+; its 5+
  // save fails on a 4: the rider is slain and its horse flees with it.
  script({4, 3, 4});
  hit(1, "slugga", 10.0);
  EXPECT_FALSE(state_.models[1].pose.alive);
  const auto struck = events("mount_hit");
  ASSERT_EQ(struck.size(), 1u);
  EXPECT_EQ(struck[0]["rule"], "ADV-22");
  EXPECT_EQ(struck[0]["goal"], 4);
  EXPECT_EQ(struck[0]["die"], 4);
  EXPECT_EQ(struck[0]["strikes"], "rider");
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(RidingApart, ADV_22_beyond_short_range_a_3_strikes_the_mount_and_the_rider_walks_on) {
  // The die 3 strikes the horse; S4 wounds T3 on 3+; it has no save: it falls. The riders have
  // not moved this turn, so the guardsman steps down unhurt.
  script({3, 3});
  hit(1, "slugga", 10.0);
  EXPECT_TRUE(dice_.exhausted());
  const ModelState& model = state_.models[1];
  EXPECT_TRUE(model.pose.alive);
  EXPECT_TRUE(model.dismounted);
  EXPECT_EQ(model.mount_wounds_left, 0);
  EXPECT_EQ(model.wounds_left, 1);
  EXPECT_EQ(state_.info(1).profile->name, "Guardsman");
  EXPECT_FALSE(model.pose.mounted) << "SHOOT-20: no longer screens comrades on foot";
  EXPECT_DOUBLE_EQ(model.pose.base_radius, table::base_radius_inches(25));
  EXPECT_EQ(model.pose.bulk, 1);
  EXPECT_DOUBLE_EQ(state_.unit_move(0), 4.0) << "the unit keeps to its slowest: a man on foot";
  EXPECT_EQ(state_.armour_save(1), 5) << "the guardsman's own 5+, not the pair's 6+";
  ASSERT_EQ(events("mount_slain").size(), 1u);
  EXPECT_NE(battle_report(*setup_, log_).find("a Rough Rider's Horse falls; the rider fights on"),
            std::string::npos);
  EXPECT_TRUE(rolls("ADV-22").empty()) << "not thrown: the horse stood still";
  // The next hit needs no die: only the rider is left.
  script({6, 6});  // wounded, and saved on 5+
  hit(1, "slugga", 10.0);
  EXPECT_EQ(events("mount_hit").size(), 1u);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(RidingApart, ADV_22_a_mount_slain_at_10_inches_throws_its_rider_with_an_S4_hit) {
  // EX-19: the riders move 8" and 2" this turn, then a horse falls: its rider takes one hit of
  // S 10 - 6 = 4 with no save. S4 wounds T3 on 3+: a 3 slays the guardsman.
  must(move(0, 0.0, 8.0));
  must(move(0, 0.0, 2.0));
  script({3, 3, 3});
  hit(1, "slugga", 10.0);
  EXPECT_TRUE(dice_.exhausted()) << "no save die is rolled for the throw";
  const auto thrown = rolls("ADV-22");
  ASSERT_EQ(thrown.size(), 1u);
  EXPECT_EQ(thrown[0]["what"], "rider thrown at speed");
  EXPECT_EQ(thrown[0]["strength"], 4);
  EXPECT_EQ(thrown[0]["goal"], 3);
  EXPECT_FALSE(state_.models[1].pose.alive);
}

TEST_F(RidingApart, ADV_22_a_thrown_rider_may_get_up_unhurt) {
  must(move(0, 0.0, 8.0));
  must(move(0, 0.0, 2.0));
  script({3, 3, 2});  // the throw's S4 fails to wound on a 2
  hit(2, "slugga", 10.0);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(state_.models[2].pose.alive);
  EXPECT_TRUE(state_.models[2].dismounted);
}

TEST_F(RidingApart, ADV_22_at_short_range_the_shot_picks_out_rider_or_mount) {
  script({3});  // 5" is short range for a Slugga: no die says whom; the horse is wounded on 3+
  hit(1, "slugga", 5.0, MountAim::mount);
  EXPECT_TRUE(state_.models[1].dismounted);
  EXPECT_TRUE(events("mount_hit").empty());
  script({3, 6});  // at the rider: wounded on 3+, saved on 6
  hit(2, "slugga", 5.0, MountAim::rider);
  EXPECT_TRUE(state_.models[2].pose.alive);
  EXPECT_FALSE(state_.models[2].dismounted);
  EXPECT_TRUE(dice_.exhausted());
  // Beyond short range the aim counts for nothing: the die decides (a 1 strikes the horse).
  script({1, 2});
  hit(3, "slugga", 10.0, MountAim::rider);
  EXPECT_EQ(events("mount_hit").size(), 1u);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(RidingApart, ADV_22_an_area_weapon_strikes_rider_and_mount_each_on_its_own) {
  // A frag grenade (S3): the rider is wounded on 4+ and saves on 5+ (a 6 here); the horse is
  // wounded on 4+ (a 4) and has no save.
  script({4, 6, 4});
  hit(1, "frag_grenade", 3.0);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(events("mount_hit").empty()) << "no die says whom: both are struck";
  EXPECT_TRUE(state_.models[1].pose.alive);
  EXPECT_TRUE(state_.models[1].dismounted);
}

TEST_F(RidingApart, ADV_22_a_very_large_mount_lets_the_rider_be_struck_only_on_5_up) {
  // The same riders on a Size 3 beast (GEN-06: over 3 m).
  GameSetup giant_setup = *setup_;
  data::Profile beast = *giant_setup.models[1].group->mount;
  beast.size = 3;
  data::ModelGroup group = *giant_setup.models[1].group;
  group.mount = &beast;
  giant_setup.models[1].group = &group;
  state_.setup = &giant_setup;
  script({4, 1});  // a 4 strikes the beast, which the Slugga fails to wound
  hit(1, "slugga", 10.0);
  const auto struck = events("mount_hit");
  ASSERT_EQ(struck.size(), 1u);
  EXPECT_EQ(struck[0]["goal"], 5);
  EXPECT_EQ(struck[0]["strikes"], "mount");
  script({5, 1});  // a 5 strikes the rider
  hit(1, "slugga", 10.0);
  EXPECT_EQ(events("mount_hit").back()["strikes"], "rider");
  EXPECT_TRUE(dice_.exhausted());
  state_.setup = setup_.get();
}

TEST_F(RidingApart, ADV_22_a_blow_in_melee_strikes_as_the_die_says) {
  // ruling.ADV-22: blows are dealt as hits beyond short range. A Boy (S3, choppa) strikes: the
  // die 2 strikes the horse, wounded on 4+ (a 4).
  detail::Context c(state_, &log_);
  script({2, 4});
  EXPECT_TRUE(detail::land_blow(c, 6, 1, setup_->library->weapon("choppa")));
  EXPECT_TRUE(state_.models[1].dismounted);
  script({5, 4, 1});  // then a 5 strikes the rider: wounded on 4+, its 5+ save fails on a 1
  EXPECT_TRUE(detail::land_blow(c, 6, 2, setup_->library->weapon("choppa")));
  EXPECT_LE(state_.models[2].wounds_left, 0);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(RidingApart, ADV_22_an_aim_is_read_checked_and_listed) {
  Action aimed = shoot(0, 1);
  aimed.mount_aim = MountAim::mount;
  EXPECT_EQ(action_from_json(to_json(aimed)), aimed);
  EXPECT_EQ(to_json(aimed)["mount_aim"], "mount");
  EXPECT_THROW(
      action_from_json({{"type", "shoot"}, {"unit", 0}, {"target", 1}, {"mount_aim", "horse"}}),
      data::DataError);
  EXPECT_THROW(action_from_json({{"type", "move"}, {"unit", 0}, {"mount_aim", "rider"}}),
               data::DataError);
  // The Slugga Boyz' turn: 4" off, their pistols are at short range of the riders.
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  script({1, 1});
  must(activate(1, 2));
  for (int m = 5; m <= 16; ++m) place(m, 18.5 + (m - 5), 14.0, 180.0);
  Action at_riders = shoot(1, 0);
  at_riders.mount_aim = MountAim::rider;
  EXPECT_EQ(illegal_reason(state_, at_riders), "");
  int aimed_listed = 0;
  for (const Action& a : legal_actions(state_))
    aimed_listed += a.kind == ActionKind::shoot && a.mount_aim != MountAim::either ? 1 : 0;
  EXPECT_EQ(aimed_listed, 2) << "the riders, and their horses";
  // From 30" away no pistol is at short range.
  for (int m = 5; m <= 16; ++m) place(m, 18.5 + (m - 5), 40.0, 180.0);
  EXPECT_NE(illegal_reason(state_, at_riders).find("ADV-22: no weapon"), std::string::npos)
      << illegal_reason(state_, at_riders);
}

// The preview's chain: one Slugga shot from 10" (beyond short range) at the riders. A hit strikes
// the rider on 4+ (1/2): wounded on 3+ (4/6), its 5+ save failed 4/6 of the time; or the horse:
// wounded on 3+, no save. Slain: P(hit) x 1/2 x 16/36; a wound through to either: P(hit) x 20/36.
// A horse slain at 10" throws its rider: S4 wounds T3 on 3+ (4/6), adding P(hit) x 1/2 x 4/6 x 4/6.
TEST_F(RidingApart, ADV_22_the_preview_counts_riders_and_mounts_exactly) {
  must(act(ActionKind::end_activation, 0));
  must(act(ActionKind::end_phase));
  script({1, 1});
  must(activate(1, 2));
  for (int m = 5; m <= 16; ++m)
    if (m != 6) remove_model(m);
  place(6, 24.0, 22.0, 180.0);
  const advice::Preview still = advice::preview(state_, shoot(1, 0));
  ASSERT_EQ(still.groups.size(), 1u);
  ASSERT_EQ(still.groups[0].shots, 1);
  const double hit = still.groups[0].report.p_hit;
  ASSERT_GT(hit, 0.0);
  EXPECT_TRUE(still.exact);
  EXPECT_NEAR(still.slain.at_least(1), hit * 16.0 / 72.0, 1e-12);
  EXPECT_NEAR(still.unsaved_wounds.at_least(1), hit * 20.0 / 36.0, 1e-12);
  state_.units[0].moved_last_turn = 10.0f;
  const advice::Preview fast = advice::preview(state_, shoot(1, 0));
  EXPECT_NEAR(fast.slain.at_least(1), hit * (16.0 / 72.0 + 0.5 * 4.0 / 6.0 * 4.0 / 6.0), 1e-12);
  // From 5" the Slugga may aim at the horses: every hit strikes one (no die), 4/6 slain, and its
  // rider thrown and slain 4/6 of that.
  place(6, 24.0, 15.0, 180.0);
  Action at_horses = shoot(1, 0);
  at_horses.mount_aim = MountAim::mount;
  const advice::Preview aimed = advice::preview(state_, at_horses);
  ASSERT_EQ(aimed.groups.size(), 1u);
  const double close_hit = aimed.groups[0].report.p_hit;
  EXPECT_NEAR(aimed.slain.at_least(1), close_hit * 4.0 / 6.0 * 4.0 / 6.0, 1e-12);
  EXPECT_NEAR(aimed.unsaved_wounds.at_least(1), close_hit * 4.0 / 6.0, 1e-12);
}

TEST(RidingAsOne, ADV_22_an_aim_needs_the_option) {
  const auto setup =
      test::battle("aim_without_option", "orks", "[{unit: slugga_boyz, at: [24, 14], facing: 0}]",
                   "imperial_guard", "[{unit: rough_riders, at: [24, 19]}]");
  GameState state = initial_state(*setup, 1);
  dice::ScriptedDice dice{1, 1};
  state.scripted_dice = &dice;
  state.phasing = 0;
  Action activate = act(ActionKind::activate, 0);
  activate.dice = 2;
  ASSERT_EQ(apply(state, activate, nullptr), "");
  Action aimed = act(ActionKind::shoot, 0);
  aimed.target = 1;
  aimed.mount_aim = MountAim::rider;
  EXPECT_NE(illegal_reason(state, aimed).find("separate_mounts"), std::string::npos);
}

}  // namespace
}  // namespace arap::game
