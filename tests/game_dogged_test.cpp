// ADV-43 (the dogged take no heavy-casualty or rout test, but test against pinning) and ADV-44
// (no pinning test for a unit locked in mêlée), with forced dice. No shipped army is dogged: the
// tests add one to a copy of the data.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

// The shipped data and an army of dogged troopers and plain conscripts (Ld 7), loaded once.
std::shared_ptr<const data::Library> dogged_library() {
  static const auto library = test::library_with(
      "dogged",
      {{"armies/zz_dogged.yaml",
        "army: penal_legion\n"
        "profiles:\n"
        "  - {id: trooper, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 5,\n"
        "     special_rules: [dogged]}\n"
        "  - {id: conscript, M: 4, WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 5}\n"
        "units:\n"
        "  - id: penal_squad\n"
        "    models:\n"
        "      - {profile: trooper, count: 10, weapons: [lasgun]}\n"
        "  - id: conscript_squad\n"
        "    models:\n"
        "      - {profile: conscript, count: 10, weapons: [lasgun]}\n"}});
  return library;
}

// Red: the dogged squad (unit 0) and the conscripts (unit 1); Blue: a Tactical squad (unit 2).
class DoggedUnits : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options = "") {
    const std::string text =
        "name: dogged\n"
        "table: {width: 48, height: 48}\n"
        "turn_limit: 6\n" +
        options +
        "sides:\n"
        "  - {name: Red, army: penal_legion, units: [{unit: penal_squad, at: [12, 8]},\n"
        "      {unit: conscript_squad, at: [36, 8]}]}\n"
        "  - {name: Blue, army: space_marines, units: [{unit: tactical_squad, at: [24, 40]}]}\n";
    begin(make_setup_from_text(text, "dogged.yaml", dogged_library()), 5);
  }

  // `unit` lost four of its ten models to fire since its last turn (SHOOT-31 is due).
  void lose_four(int unit) {
    const auto& info = setup_->units[unit];
    for (int m = info.first_model; m < info.first_model + 4; ++m) {
      state_.models[m].pose.alive = false;
      state_.models[m].wounds_left = 0;
    }
    state_.units[unit].strength_at_turn_end = 10;
    state_.units[unit].own_turn.casualties_taken = 4;
  }
};

TEST_F(DoggedUnits, ADV_43_a_dogged_unit_takes_no_heavy_casualty_test) {
  arrange();
  ASSERT_TRUE(setup_->dogged(0));
  ASSERT_FALSE(setup_->dogged(1));
  lose_four(0);
  lose_four(1);
  script({1, 1});  // the conscripts' test passes
  detail::Context c(state_, &log_);
  detail::pre_activation_tests(c, 0);
  EXPECT_TRUE(rolls("SHOOT-31").empty());
  detail::pre_activation_tests(c, 1);
  ASSERT_EQ(rolls("SHOOT-31").size(), 1u);
  EXPECT_EQ(rolls("SHOOT-31")[0].at("unit"), 1);
}

TEST_F(DoggedUnits, ADV_43_the_option_off_makes_the_dogged_test) {
  arrange("options: {dogged_units: false}\n");
  EXPECT_FALSE(setup_->dogged(0));
  lose_four(0);
  script({1, 1});
  detail::Context c(state_, &log_);
  detail::pre_activation_tests(c, 0);
  EXPECT_EQ(rolls("SHOOT-31").size(), 1u);
}

TEST_F(DoggedUnits, ADV_43_a_dogged_unit_still_tests_against_pinning) {
  arrange();
  script({6, 6});  // 12 fails Ld 7: pinned
  detail::Context c(state_, &log_);
  detail::pinning_test(c, 0, false);
  ASSERT_EQ(rolls("SHOOT-28").size(), 1u);
  EXPECT_TRUE(state_.units[0].own_turn.pinned);
}

TEST_F(DoggedUnits, ADV_44_a_unit_locked_in_melee_takes_no_pinning_test) {
  arrange();
  state_.units[1].locked = std::uint64_t{1} << 2;
  state_.units[2].locked = std::uint64_t{1} << 1;
  detail::Context c(state_, &log_);
  detail::pinning_test(c, 1, false);
  EXPECT_TRUE(rolls("SHOOT-28").empty());
  EXPECT_FALSE(state_.units[1].own_turn.pinned);
}

TEST_F(DoggedUnits, ADV_44_the_option_off_tests_a_locked_unit) {
  arrange("options: {no_pinning_in_melee: false}\n");
  state_.units[1].locked = std::uint64_t{1} << 2;
  state_.units[2].locked = std::uint64_t{1} << 1;
  script({6, 6});
  detail::Context c(state_, &log_);
  detail::pinning_test(c, 1, false);
  EXPECT_EQ(rolls("SHOOT-28").size(), 1u);
  EXPECT_TRUE(state_.units[1].own_turn.pinned);
}

}  // namespace
}  // namespace arap::game
