// ADV-18 encumbrance (advanced, option encumbrance): what a model carries takes half inches off
// its M, suspensors give them back, and the unit's current move is what the rules then read: the
// move allowance, the variable-ground die (whole inches, MOVE-12), the pursuit exemption
// (MELEE-24) and the Charge's M + 2D6.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ai/sweep.hpp"
#include "data/data_error.hpp"
#include "data/library.hpp"
#include "game/charge_internal.hpp"
#include "game/context.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/encumbrance.hpp"
#include "support/scripted_game.hpp"
#include "table/movement.hpp"

namespace arap::game {
namespace {

using test::act;

const data::UnitDefinition& shipped_unit(const std::string& army, const std::string& unit) {
  const data::Army* a = test::shipped_library()->army(army);
  EXPECT_NE(a, nullptr);
  for (const auto& u : a->units)
    if (u.id == unit) return u;
  ADD_FAILURE() << "no unit " << army << "/" << unit;
  return a->units.front();
}

const data::ModelGroup& group_named(const data::UnitDefinition& unit, const std::string& name) {
  for (const auto& g : unit.models)
    if (g.name == name) return g;
  ADD_FAILURE() << "no group " << name;
  return unit.models.front();
}

TEST(Encumbrance, ADV_18_a_guardsman_with_a_lascannon_and_one_suspensor_moves_two_and_a_half) {
  const auto& team = shipped_unit("imperial_guard", "heavy_weapons_team");
  const auto& gunner = group_named(team, "Gunner");
  EXPECT_EQ(gunner.suspensors, 1);
  EXPECT_DOUBLE_EQ(rules::encumbrance(gunner), 1.5);  // the lascannon's 2", less one suspensor
  EXPECT_DOUBLE_EQ(rules::encumbered_move(gunner), 2.5);
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group_named(team, "Loader")), 4.0);
}

TEST(Encumbrance, ADV_18_a_launchers_two_loads_are_weighed_once) {
  const auto& squad = shipped_unit("imperial_guard", "infantry_squad");
  data::ModelGroup grenadier = group_named(squad, "Grenadier");
  ASSERT_EQ(grenadier.weapons.size(), 3u);  // frag and krak loads of one launcher, a grenade
  EXPECT_DOUBLE_EQ(rules::encumbered_move(grenadier), 4.0);  // its suspensor lifts the 0.5"
  grenadier.suspensors = 0;
  EXPECT_DOUBLE_EQ(rules::encumbered_move(grenadier), 3.5);
}

TEST(Encumbrance, ADV_18_kit_weighs_half_an_inch_per_whole_ten_kilograms) {
  data::ModelGroup group =
      group_named(shipped_unit("imperial_guard", "infantry_squad"), "Guardsman");
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group), 4.0);
  group.kit_kg = 9.5;
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group), 4.0);
  group.kit_kg = 25.0;
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group), 3.0);
  group.suspensors = 5;  // relief never lifts a model above its M
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group), 4.0);
  group.suspensors = 0;
  group.kit_kg = 200.0;  // nor sinks it below nothing
  EXPECT_DOUBLE_EQ(rules::encumbered_move(group), 0.0);
}

TEST(Encumbrance, ADV_18_terminators_carry_heavy_weapons_free_but_not_other_loads) {
  const auto& squad = shipped_unit("space_marines", "terminator_squad");
  data::ModelGroup gunner = group_named(squad, "Assault cannon Terminator");
  EXPECT_DOUBLE_EQ(rules::encumbered_move(gunner), 4.0);  // heavy_carrier: the cannon's 2" free
  gunner.weapons.push_back(test::shipped_library()->weapon("grenade_launcher_frag"));
  EXPECT_DOUBLE_EQ(rules::encumbered_move(gunner), 3.5);  // not a heavy weapon: it still weighs
  // Space Marines' heavy weapons have suspensors enough.
  const auto& devastators = shipped_unit("space_marines", "devastator_squad");
  for (const auto& g : devastators.models)
    EXPECT_DOUBLE_EQ(rules::encumbered_move(g), 4.0) << g.name;
}

TEST(Encumbrance, ADV_18_a_weapons_encumbrance_comes_in_half_inches) {
  const auto path = (test::scratch_dir() / "encumbrance_bad_weapons.yaml").string();
  std::ofstream(path) << "weapons:\n  - {id: rock, name: Rock, range: 12, type: assault, "
                         "strength: 3, ap: \"-\", encumbrance: 0.7}\n";
  data::Library library;
  try {
    data::load_weapons(path, library);
    FAIL() << "an encumbrance of 0.7\" was accepted";
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.where().file, path);
    EXPECT_EQ(error.where().line, 2);
    EXPECT_EQ(error.field(), "weapons[0].encumbrance");
    EXPECT_NE(std::string(error.what()).find("half inches"), std::string::npos) << error.what();
  }
}

// Red: the Guard's heavy weapons team (unit 0) at (24, 10) facing north; Blue: Slugga Boyz.
class EncumberedTeam : public test::ScriptedGame {
 protected:
  void arrange(const std::string& extra = "") {
    begin(test::battle("encumbered_team", "imperial_guard",
                       "[{unit: heavy_weapons_team, at: [24, 10], facing: 0}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 30], facing: 180}]", extra),
          3);
  }
};

TEST_F(EncumberedTeam, ADV_18_the_team_moves_at_its_gunners_current_move) {
  arrange();
  EXPECT_DOUBLE_EQ(setup_->units[0].move, 2.5);
  EXPECT_DOUBLE_EQ(setup_->models[0].move, 2.5);  // the gunner
  EXPECT_DOUBLE_EQ(setup_->models[1].move, 4.0);  // the loader
  script({1, 1});
  must(activate(0, 2));
  const auto too_far = refusal(state_, move(0, 0.0, 2.6));
  ASSERT_TRUE(too_far) << "a 2.6\" move was allowed";
  const table::Point before = state_.models[0].pose.position;
  must(move(0, 0.0, 2.5));
  EXPECT_NEAR(state_.models[0].pose.position.y - before.y, 2.5, 1e-9);
}

TEST_F(EncumberedTeam, ADV_18_the_dice_read_by_M_take_the_whole_inches) {
  arrange();
  EXPECT_EQ(setup_->units[0].whole_move(), 2);
  // MOVE-12: M 2.5 rounds down to 2: the variable-ground die is a D3.
  EXPECT_EQ(table::variable_die_sides(setup_->units[0].whole_move()), 3);
  // CHARGE-02: the Charge covers the whole inches plus 2D6.
  const rules::ChargeMove charge = detail::charge_move_of(state_, 0, 1);
  EXPECT_EQ(charge.move, 2);
}

// MOVE-12 with ADV-18: in variable ground the 2.5" team rolls the better of two D3 (M 2.5 rounds
// down to 2); switched off, the M4 team rolls D4s.
constexpr const char* kJungle =
    "terrain:\n  - {id: jungle, kind: ground, variable: true, polygon: [[0, 10.5], [48, 10.5], "
    "[48, 30], [0, 30]]}\n";

TEST_F(EncumberedTeam, ADV_18_in_variable_ground_the_team_rolls_the_better_of_two_D3) {
  arrange(kJungle);
  script({1, 1});
  must(activate(0, 2));
  script({2, 3});  // two D3: the better is 3"
  must(move(0, 0.0, 2.0));
  const auto roll = rolls("MOVE-12");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 3);
  EXPECT_TRUE(dice_.exhausted());
  // DICE-10: a D3 is read from a D6, so a 4 counts 1: two faces of 4 and 1 give 1" (a D4's 4).
  dice_ = {};
  begin(setup_, 3);
  script({1, 1});
  must(activate(0, 2));
  script({4, 1});
  must(move(0, 0.0, 2.0));
  const auto low = rolls("MOVE-12");  // the first game's roll, then this one's
  ASSERT_EQ(low.size(), 2u);
  EXPECT_EQ(low.back()["inches"], 1);
}

TEST_F(EncumberedTeam, ADV_18_off_the_team_rolls_D4s_in_variable_ground) {
  arrange(std::string("options: {encumbrance: false}\n") + kJungle);
  script({1, 1});
  must(activate(0, 2));
  script({4, 1});
  must(move(0, 0.0, 2.0));
  const auto roll = rolls("MOVE-12");
  ASSERT_EQ(roll.size(), 1u);
  EXPECT_EQ(roll[0]["inches"], 4);
}

TEST_F(EncumberedTeam, ADV_18_an_encumbered_unit_need_not_pursue) {
  arrange();
  rules::PursuitInputs in;
  in.basic_move = setup_->units[0].move;  // as melee.cpp gives it: the current move
  EXPECT_EQ(rules::pursuit_decision(in), rules::PursuitDecision::may_stay);  // 2.5" <= 3"
  in.basic_move = 3.5;
  EXPECT_EQ(rules::pursuit_decision(in), rules::PursuitDecision::test);
}

TEST_F(EncumberedTeam, ADV_18_off_every_model_moves_at_its_M) {
  arrange("options: {encumbrance: false}\n");
  EXPECT_DOUBLE_EQ(setup_->units[0].move, 4.0);
  script({1, 1});
  must(activate(0, 2));
  must(move(0, 0.0, 4.0));
}

// arap sim --ruling and --compare: the override is set before the game is, so the current moves
// follow it (a copy of a finished setup with the switch flipped kept the 2.5").
TEST_F(EncumberedTeam, ADV_18_a_sweep_override_switches_it_off) {
  arrange();
  EXPECT_DOUBLE_EQ(ai::with_override(*setup_, "option.encumbrance=false")->units[0].move, 4.0);
  EXPECT_DOUBLE_EQ(ai::with_override(*setup_, "option.encumbrance=true")->units[0].move, 2.5);
}

}  // namespace
}  // namespace arap::game
