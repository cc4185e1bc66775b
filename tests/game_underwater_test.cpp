// ADV-12 underwater movement (advanced, option underwater): a unit whose every model needs no air
// (breathes_underwater: every Space Marine) swims through deep water as MOVE-17 does, but a move
// that leaves it wholly under the surface hides it, and nobody spots it there, however close.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

constexpr int kMarines = 0;  // Red: a Tactical squad on the south bank (y = 10)
constexpr int kGuard = 1;    // Blue: a Guard squad further north

std::string river_battle(const std::string& extra = "") {
  return "terrain:\n  - {id: river, kind: water, deep: true, polygon: [[0, 11], [48, 11], [48, "
         "16], [0, 16]]}\n" +
         extra;
}

class Underwater : public test::ScriptedGame {
 protected:
  void SetUp() override { start("underwater", "space_marines", "tactical_squad"); }

  void start(const std::string& name, const std::string& army, const std::string& unit,
             const std::string& extra = "") {
    begin(test::battle(name, army, "[{unit: " + unit + ", at: [24, 10]}]", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 30], facing: 180}]", river_battle(extra)),
          3);
    script({1, 1});
    must(activate(kMarines, 2));
  }

  Action swim(double dy) const {
    Action a = act(ActionKind::move, kMarines);
    a.mode = table::MoveMode::swim;
    a.dy = dy;
    return a;
  }
};

TEST_F(Underwater, ADV_12_a_marine_squad_under_the_water_is_hidden_and_cannot_be_targeted) {
  script({6});  // D3 = 3: 4" into the river, every model under
  must(swim(4.0));
  EXPECT_TRUE(detail::submerged(state_, kMarines));
  EXPECT_TRUE(state_.units[kMarines].hidden);
  bool hidden_by_water = false;
  for (const auto& e : log_)
    hidden_by_water =
        hidden_by_water || (e.value("type", "") == "hidden" && e.value("rule", "") == "ADV-12");
  EXPECT_TRUE(hidden_by_water);
  must(act(ActionKind::end_activation, kMarines));
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(kGuard, 1));
  const std::string refused = apply(state_, shoot(kGuard, kMarines), &log_);
  EXPECT_NE(refused.find("hidden"), std::string::npos) << refused;
}

TEST_F(Underwater, ADV_12_nobody_spots_a_submerged_unit_however_close) {
  script({6});
  must(swim(4.0));
  // A Guardsman wades to the bank right beside the first Marine (spotting reaches its I, 3").
  const table::Point marine = state_.models[0].pose.position;
  const int guardsman = state_.setup->units[kGuard].first_model;
  place(guardsman, marine.x, 16.6, 180);
  EXPECT_LT(table::distance(state_.models[guardsman].pose.position, marine), 3.0);
  EXPECT_FALSE(detail::unit_spotted(state_, kMarines));
}

TEST_F(Underwater, ADV_12_a_one_on_the_movement_die_leaves_d6_of_them_stuck_out_of_action) {
  script({6});
  must(swim(4.0));
  const int before = state_.living_models(kMarines);
  script({1, 2});  // stuck: two of the squad, for the rest of the game
  must(swim(1.0));
  EXPECT_EQ(state_.living_models(kMarines), before - 2);
  EXPECT_TRUE(state_.units[kMarines].hidden) << "the rest stay under";
}

TEST_F(Underwater, ADV_12_swimming_out_of_the_water_reveals_the_unit) {
  script({6});
  must(swim(4.0));
  script({6});  // 4" more: every model climbs out past y = 16
  must(swim(4.0));
  EXPECT_FALSE(detail::submerged(state_, kMarines));
  EXPECT_FALSE(state_.units[kMarines].hidden);
}

class GuardSwimmers : public Underwater {
 protected:
  void SetUp() override { start("guard_swimmers", "imperial_guard", "infantry_squad"); }
};

TEST_F(GuardSwimmers, ADV_12_those_who_must_breathe_swim_in_plain_sight) {
  script({6});
  must(swim(4.0));
  EXPECT_FALSE(detail::submerged(state_, kMarines));
  EXPECT_FALSE(state_.units[kMarines].hidden);
}

class UnderwaterOff : public Underwater {
 protected:
  void SetUp() override {
    start("underwater_off", "space_marines", "tactical_squad", "options: {underwater: false}\n");
  }
};

TEST_F(UnderwaterOff, ADV_12_the_option_off_leaves_swimming_marines_in_sight) {
  script({6});
  must(swim(4.0));
  EXPECT_FALSE(state_.units[kMarines].hidden);
}

}  // namespace
}  // namespace arap::game
