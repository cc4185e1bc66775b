// ADV-22 riding animals: a rider who is no character and its mount are one model (data::ridden):
// the mount's M, the two's Toughness averaged up, their saves averaged to the worse (none counts
// as 7), very bulky, and mounted (SHOOT-20). The Guard's Rough Riders ride horses.
#include <gtest/gtest.h>

#include <fstream>

#include "data/library.hpp"
#include "data/mounts.hpp"
#include "support/scratch.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

TEST(Riding, ADV_22_a_slave_boy_on_a_warbeast_is_one_target) {
  // The catalogue's EX-19: a T3 rider with no save on a T6 2+ warbeast.
  data::Profile boy;
  boy.id = "slave_boy";
  boy.name = "Slave boy";
  boy.toughness = 3;
  boy.weapon_skill = 2;
  data::Profile beast;
  beast.id = "warbeast";
  beast.name = "Warbeast";
  beast.move = 7;
  beast.toughness = 6;
  beast.save = 2;
  beast.base_mm = 50;
  const data::Profile pair = data::ridden(boy, beast);
  EXPECT_EQ(pair.toughness, 5) << "4.5 rounded up";
  EXPECT_EQ(pair.save, 5) << "(7 + 2) / 2 = 4.5, rounded to the worse";
  EXPECT_EQ(pair.move, 7) << "the mount's M";
  EXPECT_EQ(pair.weapon_skill, 2) << "the rider's";
  EXPECT_EQ(pair.bulk, data::Bulk::very_bulky);
  EXPECT_EQ(pair.base_mm, 50);
  EXPECT_TRUE(pair.has_rule("mounted"));
  EXPECT_EQ(pair.name, "Slave boy on Warbeast");
  // Neither with a save: none.
  beast.save.reset();
  EXPECT_EQ(data::ridden(boy, beast).save, std::nullopt);
}

// Red: the Guard's Rough Riders (unit 0) at (24, 10) facing north; Blue: Slugga Boyz far off.
class RoughRiders : public test::ScriptedGame {
 protected:
  void SetUp() override { begin_lone_unit("rough_riders", "imperial_guard", "rough_riders"); }
};

TEST_F(RoughRiders, ADV_22_guardsmen_on_horses_move_and_are_shot_at_as_one) {
  const auto& rider = *setup_->models[0].profile;
  EXPECT_EQ(rider.name, "Sergeant on Horse");
  EXPECT_EQ(rider.move, 8);
  EXPECT_EQ(rider.toughness, 3);
  EXPECT_EQ(rider.save, 6) << "5+ and none: 6+";
  EXPECT_EQ(rider.attacks, 2) << "the sergeant's";
  EXPECT_TRUE(state_.models[0].pose.mounted) << "SHOOT-20: comrades on foot cannot fire past";
  EXPECT_EQ(state_.models[0].pose.bulk, static_cast<int>(data::Bulk::very_bulky));
  EXPECT_DOUBLE_EQ(setup_->units[0].move, 8.0);
  const table::Point start = state_.models[1].pose.position;
  must(move(0, 0.0, 8.0));
  EXPECT_NEAR(state_.models[1].pose.position.y - start.y, 8.0, 1e-9);
}

TEST_F(RoughRiders, ADV_22_horses_do_not_crawl) {
  Action crawl = move(0, 0.0, 1.0);
  crawl.mode = table::MoveMode::crawl;
  EXPECT_NE(illegal_reason(state_, crawl).find("MOVE-08: the Sergeant on Horse cannot crawl"),
            std::string::npos);
}

// MOVE-09 with 2.3's detail (ADV-28): a horse may lie down, though it may not crawl.
TEST_F(RoughRiders, MOVE_09_horses_lie_down) {
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::go_prone, 0)), "");
}

// MOVE-09 with 2.3's detail: a vehicle or machine cannot go prone (the Marines' Dreadnought, the
// Guard's Crusader Robot and Sentry Gun: cannot_go_prone).
TEST(MachinesProne, MOVE_09_machines_do_not_go_prone) {
  const auto setup =
      test::battle("machines_prone", "imperial_guard",
                   "[{unit: crusader_robot, at: [16, 8]}, {unit: sentry_gun, at: "
                   "[30, 8]}]",
                   "space_marines", "[{unit: dreadnought, at: [24, 40], facing: 180}]");
  GameState state = initial_state(*setup, 3);
  dice::ScriptedDice dice;
  state.scripted_dice = &dice;
  state.phasing = 0;
  for (const int unit : {0, 1}) {
    GameState s = state;
    dice.push(1);
    Action activate = act(ActionKind::activate, unit);
    activate.dice = 1;
    ASSERT_EQ(apply(s, activate, nullptr), "");
    EXPECT_NE(illegal_reason(s, act(ActionKind::go_prone, unit)).find("cannot go prone"),
              std::string::npos)
        << unit;
  }
  EXPECT_TRUE(setup->models[2].profile->has_rule("cannot_go_prone")) << "the Dreadnought";
}

data::DataError bad_riders(const std::string& name, const std::string& group) {
  const auto path = (test::scratch_dir() / (name + ".yaml")).string();
  std::ofstream(path) << "army: riders\nname: Riders\nprofiles:\n"
                      << "  - {id: hero, name: Hero, M: 4, WS: 5, BS: 5, S: 4, T: 4, W: 2, I: 5, "
                         "A: 2, Ld: 9, Sv: 4, special_rules: [independent_character]}\n"
                      << "units:\n  - id: riders\n    name: Riders\n    models:\n"
                      << "      - " << group << "\n";
  data::Library library = data::Library::load(ARAP_DATA_DIR);
  try {
    data::load_army(path, library);
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.where().file, path);
    EXPECT_EQ(error.where().line, 9);
    EXPECT_EQ(error.field(), "units[0].models[0].mount");
    return error;
  }
  ADD_FAILURE() << group << " was accepted";
  return data::DataError({}, "", "accepted");
}

TEST(Riding, ADV_22_a_mount_must_exist_and_carry_no_character) {
  const auto missing = bad_riders("riders_no_mount", "{profile: hero, mount: hors}");
  EXPECT_NE(std::string(missing.what()).find("horse"), std::string::npos) << missing.what();
  const auto hero = bad_riders("riders_hero", "{profile: hero, leader: true, mount: horse}");
  EXPECT_NE(std::string(hero.what()).find("ADV-22"), std::string::npos) << hero.what();
}

}  // namespace
}  // namespace arap::game
