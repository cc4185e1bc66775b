// GEN-09 sub-units with ADV-19's splitting limits (advanced, option coherency): a unit whose
// models stand in parts more than 3" apart may split, each part then a unit of its own (its own
// activation roll, its own Ld away from the leader); parts of a squad back within 3" of each other
// merge once at rest, with the squad's starting strength; at most as many parts as the troops'
// Initiative, and no part of one model unless it is an Independent Character.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/view.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Tactical Squad (unit 0): the Veteran Sergeant (model 0, the leader, Ld 9) and nine
// Marines (Ld 8, I4), placed by each test; Red's activation phase, nothing activated yet.
class SubUnits : public test::ScriptedGame {
 protected:
  void arrange(const std::vector<table::Point>& at, const std::string& extra = "") {
    begin(test::battle("sub_units_" + std::to_string(++count_), "space_marines",
                       "[{unit: tactical_squad, at: [24, 10], facing: 0}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", extra),
          3);
    state_.phasing = 0;
    for (int m = 0; m < 10; ++m) place(m, at[m].x, at[m].y, 90.0);
  }
  // Models 0-5 two inches apart from x = 8, models 6-9 from x = `second`, all on y = 10.
  void two_parts(double second) {
    std::vector<table::Point> at;
    for (int m = 0; m < 6; ++m) at.push_back({8.0 + 2.0 * m, 10.0});
    for (int m = 6; m < 10; ++m) at.push_back({second + 2.0 * (m - 6), 10.0});
    arrange(at);
  }
  int slot() const { return setup_->units[0].first_slot; }

  int count_ = 0;
};

TEST_F(SubUnits, GEN_09_a_part_out_of_coherency_splits_off_and_activates_on_its_own) {
  two_parts(30.0);  // models 5 and 6: 12" apart
  ASSERT_EQ(setup_->units[0].part_limit, 4) << "ADV-19: the Marines' Initiative";
  ASSERT_EQ(setup_->units[0].slot_count, 3);
  EXPECT_FALSE(unit_coherent(state_, 0));
  const auto listed = legal_actions(state_);
  EXPECT_TRUE(std::any_of(listed.begin(), listed.end(), [](const Action& a) {
    return a.kind == ActionKind::split && a.unit == 0;
  }));
  must(act(ActionKind::split, 0));
  const int part = slot();
  for (int m = 0; m < 6; ++m) EXPECT_EQ(state_.models[m].pose.unit, 0) << m;
  for (int m = 6; m < 10; ++m) EXPECT_EQ(state_.models[m].pose.unit, part) << m;
  EXPECT_EQ(state_.living_models(0), 6);
  EXPECT_EQ(state_.living_models(part), 4);
  EXPECT_EQ(setup_->units[part].squad, 0);
  EXPECT_EQ(state_.units[part].strength_at_turn_end, 4) << "ADV-19: a part's own morale tests";
  EXPECT_EQ(state_.units[0].strength_at_turn_end, 6);
  // GEN-09 / MORALE-03: the part away from its Sergeant tests on the Marines' Ld.
  EXPECT_EQ(state_.leadership(0), 9);
  EXPECT_EQ(state_.leadership(part), 8);
  bool logged_split = false;
  for (const auto& e : log_)
    if (e.value("type", "") == "split") {
      logged_split = true;
      EXPECT_EQ(e["rule"], "ADV-19");
      ASSERT_EQ(e["parts"].size(), 2u);
      EXPECT_EQ(e["parts"][1]["unit"], part);
      EXPECT_EQ(e["parts"][1]["models"], nlohmann::json({6, 7, 8, 9}));
    }
  EXPECT_TRUE(logged_split);
  // Its own activation roll: the part activates on one die; the rest of the squad has not tried.
  script({1});
  must(activate(part, 1));
  EXPECT_EQ(state_.active_unit, part);
  EXPECT_TRUE(state_.units[part].own_turn.attempted);
  EXPECT_FALSE(state_.units[0].own_turn.attempted);
  // The views: the squad lists all ten models, those of the part naming it; the slot names its
  // squad and lists none.
  const auto view = state_view(state_);
  EXPECT_EQ(view["units"][0]["models"].size(), 10u);
  EXPECT_FALSE(view["units"][0]["models"][5].contains("unit"));
  EXPECT_EQ(view["units"][0]["models"][6]["unit"], part);
  EXPECT_EQ(view["units"][part]["models"].size(), 0u);
  EXPECT_EQ(table_view(*setup_)["units"][part]["squad"], 0);
}

TEST_F(SubUnits, GEN_09_a_part_back_within_3_inches_merges_once_its_activation_ends) {
  two_parts(24.0);  // models 5 (x 18) and 6 (x 24): 6" apart
  must(act(ActionKind::split, 0));
  const int part = slot();
  script({1});
  must(activate(part, 1));      // 1 AP: the move ends the activation
  must(move(part, -3.5, 0.0));  // model 6 to x 20.5: 2.5" from model 5
  for (int m = 0; m < 10; ++m) EXPECT_EQ(state_.models[m].pose.unit, 0) << m;
  EXPECT_FALSE(state_.unit_alive(part));
  EXPECT_TRUE(state_.units[part] == UnitState{}) << "the slot is empty again";
  EXPECT_EQ(state_.units[0].strength_at_turn_end, 10) << "ADV-19: the starting strength again";
  EXPECT_TRUE(logged("merged"));
  // The merged squad keeps the part's activation attempt (least advantage: no second go for the
  // models that have moved).
  EXPECT_TRUE(state_.units[0].own_turn.attempted);
  EXPECT_EQ(refusal_of(illegal_reason(state_, activate(0, 1))).rule, "ACT-04");
}

TEST_F(SubUnits, GEN_09_a_part_within_3_inches_waits_while_it_is_acting) {
  two_parts(24.0);
  must(act(ActionKind::split, 0));
  const int part = slot();
  script({1, 1});
  must(activate(part, 2));
  must(move(part, -3.5, 0.0));
  EXPECT_EQ(state_.models[6].pose.unit, part) << "still acting: 1 AP left";
  must(act(ActionKind::end_activation, part));
  EXPECT_EQ(state_.models[6].pose.unit, 0);
}

TEST_F(SubUnits, ADV_19_ten_marines_of_initiative_4_cannot_stand_in_5_parts) {
  std::vector<table::Point> at;
  for (int m = 0; m < 10; ++m) at.push_back({4.0 + 8.0 * (m / 2) + 2.5 * (m % 2), 10.0});
  arrange(at);  // five pairs, 5.5" between pairs
  const auto refused = refusal_of(illegal_reason(state_, act(ActionKind::split, 0)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("at most 4 parts"), std::string::npos) << refused.text;
  // Four pairs and a part of two more Marines is allowed.
  place(8, 30.5, 10.0, 90.0);
  place(9, 33.0, 10.0, 90.0);  // the last pair joins the fourth
  EXPECT_EQ(illegal_reason(state_, act(ActionKind::split, 0)), "");
}

TEST_F(SubUnits, ADV_19_a_part_of_one_model_that_is_no_character_may_not_stand_alone) {
  std::vector<table::Point> at;
  for (int m = 0; m < 9; ++m) at.push_back({8.0 + 2.0 * m, 10.0});
  at.push_back({8.0 + 2.0 * 8 + 6.0, 10.0});  // model 9 alone, 6" beyond model 8
  arrange(at);
  const auto refused = refusal_of(illegal_reason(state_, act(ActionKind::split, 0)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("Independent Character"), std::string::npos) << refused.text;
  // Closing ranks stays open to it.
  script({1});
  must(activate(0, 1));
  Action close = act(ActionKind::move, 0);
  close.mode = table::MoveMode::close_ranks;
  EXPECT_EQ(illegal_reason(state_, close), "");
}

TEST_F(SubUnits, ADV_19_three_ogryns_have_no_room_for_two_parts_of_two) {
  begin(test::battle("sub_units_ogryns", "imperial_guard",
                     "[{unit: ogryn_squad, at: [24, 10], facing: 0}]", "orks",
                     "[{unit: slugga_boyz, at: [24, 44], facing: 180}]"),
        3);
  state_.phasing = 0;
  place(0, 10.0, 10.0, 90.0);
  place(1, 12.0, 10.0, 90.0);
  place(2, 30.0, 10.0, 90.0);  // 18" from the others
  EXPECT_EQ(setup_->units[0].slot_count, 0);
  const auto refused = refusal_of(illegal_reason(state_, act(ActionKind::split, 0)));
  EXPECT_EQ(refused.rule, "ADV-19");
  EXPECT_NE(refused.text.find("one part only"), std::string::npos) << refused.text;
}

TEST_F(SubUnits, GEN_09_a_coherent_unit_has_nothing_to_split) {
  two_parts(20.0);  // models 5 (x 18) and 6 (x 20): 2" apart
  const auto refused = refusal_of(illegal_reason(state_, act(ActionKind::split, 0)));
  EXPECT_EQ(refused.rule, "GEN-09");
}

TEST_F(SubUnits, ADV_19_without_the_option_nothing_splits) {
  begin(test::battle("sub_units_off", "space_marines",
                     "[{unit: tactical_squad, at: [24, 10], facing: 0}]", "orks",
                     "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                     "options: {coherency: false}\n"),
        3);
  EXPECT_EQ(setup_->units.size(), 2u) << "no sub-unit slots";
  EXPECT_EQ(refusal_of(illegal_reason(state_, act(ActionKind::split, 0))).rule, "ADV-19");
}

TEST_F(SubUnits, GEN_09_a_squad_counts_one_kill_point_while_any_part_stands) {
  two_parts(30.0);
  must(act(ActionKind::split, 0));
  for (int m = 6; m < 10; ++m) remove_model(m);  // the part is wiped out
  for (int m = 10; m < static_cast<int>(state_.models.size()); ++m) remove_model(m);  // the Boyz
  must(act(ActionKind::end_phase, -1));
  ASSERT_EQ(state_.phase, Phase::game_over);
  EXPECT_EQ(state_.score[1], 0) << "the rest of the squad stands";
  EXPECT_EQ(state_.score[0], 1) << "the Boyz";
}

}  // namespace
}  // namespace arap::game
