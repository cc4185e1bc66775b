// ADV-19's Independent Characters joining and leaving squads (option coherency), MORALE-03's Ld of
// a unit a character has joined, and ADV-20's mobs merging (option mobs). A joined model stands in
// the host unit as a guest (UnitState::guests); it goes home to its own unit when it leaves, or
// when a split leaves it in a part of its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/view.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

Action join(int unit, int target) {
  Action a = act(ActionKind::join, unit);
  a.target = target;
  return a;
}

Action leave(int unit, int character) {
  Action a = act(ActionKind::leave, unit);
  a.target = character;
  return a;
}

std::uint64_t bit(int unit) {
  return std::uint64_t{1} << unit;
}

// Red: an Infantry Squad (unit 0: the Sergeant, model 0, Ld 8, the leader; nine Guardsmen, Ld 7)
// in a line 2" apart from x = 8 to x = 26 on y = 10, and a Commissar (unit 1, model 10, an
// Independent Character of Ld 9) at (`commissar_x`, 10). Blue: Slugga Boyz (unit 2), far off.
class Joining : public test::ScriptedGame {
 protected:
  void arrange(double commissar_x, const std::string& extra = "") {
    begin(test::battle("joining_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [16, 10], facing: 0}, {unit: commissar, at: "
                       "[40, 10], facing: 0}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", extra),
          3);
    state_.phasing = 0;
    for (int m = 0; m < 10; ++m) place(m, 8.0 + 2.0 * m, 10.0, 90.0);
    place(kCommissar, commissar_x, 10.0, 90.0);
  }
  bool listed(const Action& wanted) {
    const auto actions = legal_actions(state_);
    return std::any_of(actions.begin(), actions.end(),
                       [&](const Action& a) { return a == wanted; });
  }

  static constexpr int kCommissar = 10;
  int count_ = 0;
};

TEST_F(Joining, ADV_19_a_character_within_3_inches_joins_the_squad_and_leaves_it_again) {
  arrange(28.5);  // 2.5" from the last Guardsman (x 26)
  ASSERT_TRUE(setup_->units[1].character);
  EXPECT_TRUE(listed(join(1, 0)));
  must(join(1, 0));
  EXPECT_EQ(state_.models[kCommissar].pose.unit, 0);
  EXPECT_EQ(state_.units[0].guests, bit(1));
  EXPECT_FALSE(state_.unit_alive(1)) << "the character's own unit stands empty";
  EXPECT_TRUE(state_.units[1] == UnitState{});
  EXPECT_EQ(state_.living_models(0), 11);
  EXPECT_EQ(state_.units[0].strength_at_turn_end, 11);
  EXPECT_TRUE(logged("joined"));
  // The state view lists the Commissar under his own unit, standing in the squad.
  EXPECT_EQ(state_view(state_)["units"][1]["models"][0]["unit"], 0);
  // He leaves again: his own unit once more, standing where he is.
  EXPECT_TRUE(listed(leave(0, 1)));
  must(leave(0, 1));
  EXPECT_EQ(state_.models[kCommissar].pose.unit, 1);
  EXPECT_EQ(state_.units[0].guests, 0u);
  EXPECT_TRUE(state_.unit_alive(1));
  EXPECT_EQ(state_.units[0].strength_at_turn_end, 10);
  EXPECT_EQ(state_.units[1].strength_at_turn_end, 1);
  EXPECT_TRUE(logged("left"));
}

TEST_F(Joining, MORALE_03_a_joined_character_lends_his_higher_ld_until_he_leaves) {
  // The catalogue's test: Guardsmen Ld 7, Sergeant Ld 8, Commissar Ld 9.
  arrange(28.5);
  EXPECT_EQ(state_.leadership(0), 8) << "the Sergeant's";
  must(join(1, 0));
  EXPECT_EQ(state_.leadership(0), 9) << "the Commissar's, higher";
  must(leave(0, 1));
  EXPECT_EQ(state_.leadership(0), 8) << "the Commissar has left";
  remove_model(0);
  EXPECT_EQ(state_.leadership(0), 7) << "the Sergeant is dead: the Guardsmen's own";
}

TEST_F(Joining, ADV_19_a_character_more_than_3_inches_away_does_not_join) {
  arrange(29.5);  // 3.5" from the last Guardsman
  const auto refused = refusal_of(illegal_reason(state_, join(1, 0)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("within 3"), std::string::npos) << refused.text;
  EXPECT_FALSE(listed(join(1, 0)));
}

TEST_F(Joining, ADV_19_two_military_squads_never_merge_and_no_enemy_is_joined) {
  arrange(28.5);
  const auto squads = refusal_of(illegal_reason(state_, join(0, 1)));
  EXPECT_EQ(squads.rule, "ADV-19");
  EXPECT_NE(squads.text.find("never merge"), std::string::npos) << squads.text;
  place(kCommissar, 24.0, 42.0, 90.0);  // among the Boyz (a free move away, for this test)
  EXPECT_EQ(refusal_of(illegal_reason(state_, join(1, 2))).rule, "ADV-19");
}

TEST_F(Joining, ADV_19_no_character_leaves_a_unit_locked_in_melee_or_routing) {
  arrange(28.5);
  must(join(1, 0));
  state_.units[0].routing = true;
  auto refused = refusal_of(illegal_reason(state_, leave(0, 1)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("routing"), std::string::npos) << refused.text;
  state_.units[0].routing = false;
  state_.units[0].locked = bit(2);
  refused = refusal_of(illegal_reason(state_, leave(0, 1)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("locked"), std::string::npos) << refused.text;
  state_.units[0].locked = 0;
  EXPECT_EQ(illegal_reason(state_, leave(0, 1)), "");
}

TEST_F(Joining, ADV_19_a_character_cut_off_from_the_squad_splits_away_to_his_own_unit) {
  arrange(28.5);
  must(join(1, 0));
  place(kCommissar, 40.0, 10.0, 90.0);  // 14" from the squad: out of coherency
  EXPECT_FALSE(unit_coherent(state_, 0));
  must(act(ActionKind::split, 0));  // a lone character may stand alone (ADV-19)
  EXPECT_EQ(state_.models[kCommissar].pose.unit, 1) << "home, not a slot of the squad";
  EXPECT_EQ(state_.units[0].guests, 0u);
  for (int k = 0; k < setup_->units[0].slot_count; ++k)
    EXPECT_FALSE(state_.unit_alive(setup_->units[0].first_slot + k));
  bool home = false;
  for (const auto& e : log_)
    if (e.value("type", "") == "split") home = e["parts"][1].value("home", false);
  EXPECT_TRUE(home);
  EXPECT_EQ(state_.leadership(0), 8);
}

TEST_F(Joining, ADV_19_a_joined_character_keeps_his_own_kill_point_while_he_lives) {
  arrange(28.5);
  must(join(1, 0));
  for (int m = 0; m < 10; ++m) remove_model(m);  // the squad falls; the Commissar stands
  for (int m = kCommissar + 1; m < static_cast<int>(state_.models.size()); ++m) remove_model(m);
  must(act(ActionKind::end_phase, -1));
  ASSERT_EQ(state_.phase, Phase::game_over);
  EXPECT_EQ(state_.score[1], 1) << "the Infantry Squad only: the Commissar's unit stands";
  EXPECT_EQ(state_.score[0], 1) << "the Boyz";
}

// Red: two mobs of six Rioters (units 0 and 1, models 0-5 and 6-11) in lines 2" apart on y = 10,
// the second `gap` inches beyond the first.
class Mobs : public test::ScriptedGame {
 protected:
  void arrange(double gap, const std::string& extra = "") {
    begin(test::battle("mobs_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: rioters, at: [16, 10], facing: 0}, {unit: rioters, at: [40, 10], "
                       "facing: 0}]",
                       "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", extra),
          3);
    state_.phasing = 0;
    for (int m = 0; m < 6; ++m) place(m, 4.0 + 2.0 * m, 10.0, 90.0);
    for (int m = 6; m < 12; ++m) place(m, 14.0 + gap + 2.0 * (m - 6), 10.0, 90.0);
  }
  int count_ = 0;
};

TEST_F(Mobs, ADV_20_two_mob_units_may_merge_into_one) {
  arrange(2.5);  // model 6 is 2.5" from model 5
  ASSERT_TRUE(setup_->units[0].mob);
  must(join(1, 0));
  for (int m = 0; m < 12; ++m) EXPECT_EQ(state_.models[m].pose.unit, 0) << m;
  EXPECT_EQ(state_.living_models(0), 12);
  EXPECT_FALSE(state_.unit_alive(1));
  EXPECT_EQ(state_.units[0].strength_at_turn_end, 12) << "ADV-20: one large squad for morale";
  // Split apart again, the other mob's Rioters go back to their own unit.
  for (int m = 6; m < 12; ++m) place(m, 30.0 + 2.0 * (m - 6), 10.0, 90.0);
  must(act(ActionKind::split, 0));
  for (int m = 6; m < 12; ++m) EXPECT_EQ(state_.models[m].pose.unit, 1) << m;
  EXPECT_EQ(state_.units[0].guests, 0u);
}

TEST_F(Mobs, ADV_20_without_the_option_mobs_stay_apart) {
  arrange(2.5, "options: {mobs: false}\n");
  EXPECT_EQ(refusal_of(illegal_reason(state_, join(1, 0))).rule, "ADV-20");
}

TEST_F(Mobs, ADV_20_a_mob_merges_only_with_a_mob) {
  begin(test::battle("mobs_and_squads", "imperial_guard",
                     "[{unit: rioters, at: [16, 10], facing: 0}, {unit: infantry_squad, at: [16, "
                     "14], facing: 0}]",
                     "orks", "[{unit: slugga_boyz, at: [24, 44], facing: 180}]"),
        3);
  state_.phasing = 0;
  const auto refused = refusal_of(illegal_reason(state_, join(0, 1)));
  EXPECT_EQ(refused.rule, "ADV-20");
  EXPECT_NE(refused.text.find("no mob"), std::string::npos) << refused.text;
}

}  // namespace
}  // namespace arap::game
