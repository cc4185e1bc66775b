// Rules an audit of whole games found broken, each forced with scripted dice: SHOOT-31/33 (no fire
// tests for units in mêlée this turn), ACT-09/11 (charged before acting: fight, do not shoot),
// CHARGE-04 (a reaction's failed charge ends with that player turn), SHOOT-06 (one firing of a
// heavy weapon per player turn, reactions included), ACT-05 (a dead leader's Initiative no longer
// counts), MELEE-11 (every unit left behind is bound), CHARGE-08 (a run's dice include turning)
// and the outcome labels of failed pinning and suppression tests.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "game/context.hpp"
#include "support/log_audit.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

const Event* last_of(const EventLog& log, const std::string& type, const std::string& what = "") {
  for (auto it = log.rbegin(); it != log.rend(); ++it)
    if (it->value("type", "") == type && (what.empty() || it->value("what", "") == what))
      return &*it;
  return nullptr;
}

// Red: Guard infantry (unit 0, value 3, Ld 8) and a lascannon team (unit 1); Blue: a Tactical
// squad (unit 2) and an Assault squad (unit 3), 10" from the Guard.
class Referee : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("referee", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}, {unit: heavy_weapons_team, at: [10, "
                       "14]}]",
                       "space_marines",
                       "[{unit: tactical_squad, at: [24, 40], facing: 180}, {unit: assault_squad, "
                       "at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
  }
};

TEST_F(Referee, SHOOT_31_no_test_at_the_turn_end_for_a_unit_in_melee_this_turn) {
  // Heavy losses and enough hits for both tests; the unit fought this turn and the fight is over.
  state_.units[0].own_turn.casualties_taken = 4;
  state_.units[0].own_turn.hits_taken = 6;
  GameState control = state_;
  state_.units[0].player_turn.engaged = true;
  must(act(ActionKind::end_phase));  // no dice: neither test is taken
  EXPECT_EQ(last_of(log_, "roll", "heavy casualty test"), nullptr);
  EXPECT_EQ(last_of(log_, "roll", "suppression test"), nullptr);
  EXPECT_TRUE(dice_.exhausted());
  // The same unit out of mêlée takes its heavy-casualty test (ruling A-19) and passes on 2.
  control.scripted_dice = &dice_;
  EventLog control_log;
  script({1, 1});
  ASSERT_EQ(apply(control, act(ActionKind::end_phase), &control_log), "");
  ASSERT_NE(last_of(control_log, "roll", "heavy casualty test"), nullptr);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(Referee, SHOOT_33_charger_and_charged_are_engaged_until_the_player_turn_ends) {
  second_side_charges(3, 0);
  script({3, 3});  // 10": contact
  must(act(ActionKind::hold, 0));
  ASSERT_TRUE(state_.units[3].locked & 1u);
  EXPECT_TRUE(state_.units[0].player_turn.engaged);
  EXPECT_TRUE(state_.units[3].player_turn.engaged);
  EXPECT_FALSE(state_.units[2].player_turn.engaged);
  ConstantDice sixes(6);  // every attack misses, every test fails
  state_.scripted_dice = &sixes;
  must(act(ActionKind::end_phase));
  must(act(ActionKind::fight, 3));
  must(act(ActionKind::fight, 0));
  ASSERT_NE(last_of(log_, "combat_result"), nullptr);
  EXPECT_FALSE(state_.units[0].player_turn.engaged) << "a new player turn, a new count";
}

TEST_F(Referee, SHOOT_33_a_failed_suppression_test_is_logged_as_failed_not_routed) {
  state_.units[0].own_turn.hits_taken = 3;
  script({5, 6, 1, 1, 1});  // Ld 8: 11 fails (an odd total) -> suppressed; 3 successes - 1
  must(activate(0, 3));
  const Event* test = last_of(log_, "roll", "suppression test");
  ASSERT_NE(test, nullptr);
  EXPECT_EQ(test->at("outcome"), "failed");
  EXPECT_TRUE(state_.units[0].own_turn.suppressed);
  EXPECT_FALSE(state_.units[0].rout_pending);
}

TEST_F(Referee, SHOOT_32_the_heavy_casualty_test_still_reads_pinned_or_routed) {
  state_.units[0].own_turn.casualties_taken = 4;
  script({5, 5, 1, 1});  // Ld 8: 10 fails (even) -> pinned; then the activation dice
  must(activate(0, 2));
  const Event* test = last_of(log_, "roll", "heavy casualty test");
  ASSERT_NE(test, nullptr);
  EXPECT_EQ(test->at("outcome"), "pinned") << "the heavy-casualty test keeps its even/odd reading";
}

TEST_F(Referee, CHARGE_04_a_failed_reaction_charge_ends_with_that_player_turn) {
  // Blue's Assault squad failed a charge made as a pick-up reaction in Red's turn.
  state_.units[3].player_turn.charge_failed = true;
  state_.units[3].player_turn.charges = 1;
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 1);
  EXPECT_FALSE(state_.units[3].player_turn.charge_failed);
  EXPECT_EQ(state_.units[3].player_turn.charges, 0);
  script({1});
  must(activate(3, 1));
  EXPECT_EQ(illegal_reason(state_, charge(3, 0)), "") << "its own turn: it may charge again";
}

TEST_F(Referee, MELEE_14_terms_of_a_round_never_fought_do_not_reach_a_later_fight) {
  // The Assault squad charged (+1 CRS, reaction-fire wounds toward the WD) but its foe fled or
  // died before the round was fought.
  auto& stale = state_.units[3].round;
  stale.first_round = true;
  stale.charge_crs = 1;
  stale.bonus_attacks = 1;
  stale.round_inflicted = 2;
  const GameState kept = state_;
  must(act(ActionKind::end_phase));
  ASSERT_EQ(state_.phasing, 1);
  EXPECT_EQ(state_.units[3].round, UnitState::Round{});
  EXPECT_NE(kept.units[3].round, UnitState::Round{});
}

// Blue's Assault squad charges a lascannon team 10" away, which stands and fires with two
// successes (every die a 1); `spent`: the lascannon already fired in this player turn.
EventLog stand_and_fire_at_chargers(bool spent, bool* flag_after) {
  auto setup = test::battle("heavy", "imperial_guard", "[{unit: heavy_weapons_team, at: [24, 14]}]",
                            "space_marines",
                            "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]");
  GameState s = initial_state(*setup, 3);
  ConstantDice ones(1);
  s.scripted_dice = &ones;
  EventLog log;
  EXPECT_EQ(apply(s, act(ActionKind::end_phase), &log), "");
  s.units[0].player_turn.heavy_fired = spent;
  Action go = act(ActionKind::activate, 1);
  go.dice = 1;
  EXPECT_EQ(apply(s, go, &log), "");
  Action charge_action = act(ActionKind::charge, 1);
  charge_action.target = 0;
  EXPECT_EQ(apply(s, charge_action, &log), "");
  EXPECT_EQ(apply(s, act(ActionKind::stand_and_fire, 0), &log), "");
  *flag_after = s.units[0].player_turn.heavy_fired;
  return log;
}

bool fired(const EventLog& log, const std::string& weapon) {
  for (const auto& e : log)
    if (e.value("type", "") == "roll" && e.value("weapon", "") == weapon) return true;
  return false;
}

TEST(RefereeHeavy, SHOOT_06_stand_and_fire_spares_a_heavy_weapon_already_fired_this_turn) {
  bool flag = false;
  const EventLog fresh = stand_and_fire_at_chargers(false, &flag);
  EXPECT_TRUE(fired(fresh, "lascannon")) << "two successes fire the heavy weapon (CHARGE-14)";
  EXPECT_TRUE(flag) << "and it counts as this player turn's firing";
  const EventLog spent = stand_and_fire_at_chargers(true, &flag);
  EXPECT_FALSE(fired(spent, "lascannon"));
  EXPECT_TRUE(fired(spent, "laspistol")) << "the crew's pistols still fire";
}

TEST_F(Referee, ACT_09_a_unit_charged_before_it_acts_keeps_its_points_for_after_the_round) {
  script({1, 5, 6});  // value 3: one AP; two failures on offer
  must(activate(0, 3));
  ASSERT_EQ(state_.phase, Phase::pick_up);
  Action pick = act(ActionKind::pick_up);
  pick.picks[0] = {3, 2};
  pick.pick_count = 1;
  script({1, 1});  // the Assault squad: two AP
  must(pick);
  ASSERT_EQ(state_.phase, Phase::reaction);
  must(charge(3, 0));
  script({3, 3});  // 10": contact
  must(act(ActionKind::hold, 0));
  ASSERT_TRUE(state_.units[0].locked & (1u << 3));
  // ACT-11 / MELEE-29: the Guard are in a mêlée; they neither shoot nor move, their AP wait.
  EXPECT_EQ(state_.phase, Phase::activation);
  EXPECT_EQ(state_.units[0].player_turn.held_ap, 1);
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 3;
  EXPECT_NE(illegal_reason(state_, shoot), "");
  EXPECT_NE(illegal_reason(state_, activate(0, 1)), "");
}

TEST_F(Referee, ACT_05_the_activation_value_follows_the_living_models) {
  auto setup = test::battle("warlock", "eldar", "[{unit: guardian_defenders, at: [24, 10]}]",
                            "space_marines", "[{unit: tactical_squad, at: [24, 40]}]");
  GameState s = initial_state(*setup, 1);
  EXPECT_EQ(s.activation_value(0), 5) << "the Warlock's I5 while he lives";
  const int warlock = setup->units[0].leader_model;
  ASSERT_GE(warlock, 0);
  s.models[warlock].pose.alive = false;
  EXPECT_EQ(s.activation_value(0), 4) << "then the Guardians' I4";
  dice::ScriptedDice dice;
  s.scripted_dice = &dice;
  dice.push(4);  // a success at 4, a failure at 3
  EventLog log;
  Action go = act(ActionKind::activate, 0);
  go.dice = 1;
  ASSERT_EQ(apply(s, go, &log), "");
  const Event* roll = last_of(log, "roll", "activation");
  ASSERT_NE(roll, nullptr);
  EXPECT_EQ(roll->at("goal"), 4);
  EXPECT_EQ(roll->at("action_points"), 1);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// MELEE-05 in the log: the Tactical sergeant's chainsword and his marines' clubbing bolters
// (ADV-57 off: no free knife, no pistol in mêlée) strike at different goals, so they are logged
// as separate rolls whose dice a referee can check against their own goal.
TEST(RefereeLog, MELEE_05_one_roll_event_per_to_hit_goal) {
  auto setup = test::battle("mixed", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                            "space_marines",
                            "[{unit: tactical_squad, at: [24, 15.5], facing: 180, spacing: 1}]",
                            "options: {two_weapons: false}\n");
  GameState s = initial_state(*setup, 3);
  s.units[0].locked = 1u << 1;
  s.units[1].locked = 1u << 0;
  ConstantDice sixes(6);  // every blow misses: each event's dice are its to-hit rolls
  s.scripted_dice = &sixes;
  EventLog log;
  ASSERT_EQ(apply(s, act(ActionKind::end_phase), &log), "");
  while (s.phase == Phase::melee_choice) {
    ASSERT_EQ(apply(s, act(ActionKind::fight, pending(s).unit), &log), "");
  }
  std::set<int> marine_goals;
  int marine_attacks = 0;
  for (const auto& e : log) {
    if (e.value("rule", "") != "MELEE-05") continue;
    EXPECT_EQ(e.at("dice").size(), e.at("attacks").get<std::size_t>());
    for (const int face : e.at("dice")) EXPECT_GT(face, e.at("goal").get<int>());
    if (e.at("unit") == 1) {
      marine_goals.insert(e.at("goal").get<int>());
      marine_attacks += e.at("attacks").get<int>();
    }
  }
  EXPECT_EQ(marine_goals.size(), 2u) << "the sergeant's goal and his marines' goal";
  EXPECT_GT(marine_attacks, 2);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// CHARGE-04 found by the log audit: a free move (MOVE-14) is an action like any other, so a unit
// whose charge failed may not make one later in the same player turn.
TEST_F(Referee, CHARGE_04_no_free_move_after_a_failed_charge) {
  state_.units[0].player_turn.charge_failed = true;
  Action free = act(ActionKind::free_move, 0);
  free.dx = 0.0;
  free.dy = -1.0;
  // Far from any enemy, the Guard could otherwise make it.
  for (int m = 0; m < 10; ++m) state_.models[m].pose.position.y -= 10.0;
  EXPECT_NE(illegal_reason(state_, free).find("CHARGE-04"), std::string::npos);
  state_.units[0].player_turn.charge_failed = false;
  EXPECT_EQ(illegal_reason(state_, free), "");
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// The playout harness's audit catches what it is meant to: fabricated logs with one fault each.
TEST(LogAudit, flags_tests_in_melee_second_activations_wrong_points_and_double_heavy_fire) {
  auto setup = test::battle("audit", "imperial_guard", "[{unit: heavy_weapons_team, at: [24, 14]}]",
                            "space_marines", "[{unit: assault_squad, at: [24, 24]}]");
  const auto action = [](const std::string& kind, int unit, bool heavy = false) {
    return Event{{"type", "action"},
                 {"side", 0},
                 {"action", {{"type", kind}, {"unit", unit}, {"heavy", heavy}}}};
  };
  EventLog log{{{"type", "player_turn_start"}, {"side", 0}, {"turn", 1}}};
  EXPECT_EQ(test::audit_log(*setup, log).size(), 0u);
  log.push_back({{"type", "charge_declared"}, {"unit", 1}, {"target", 0}});
  log.push_back({{"type", "roll"}, {"what", "heavy casualty test"}, {"unit", 0}, {"goal", 7}});
  EXPECT_EQ(test::audit_log(*setup, log).size(), 1u) << "SHOOT-31";
  log.push_back(action("activate", 0));
  log.push_back({{"type", "roll"},
                 {"what", "activation"},
                 {"rule", "ACT-06"},
                 {"unit", 0},
                 {"goal", 3},
                 {"condition", "normal"},
                 {"dice", {1, 2}},
                 {"action_points", 1}});
  EXPECT_EQ(test::audit_log(*setup, log).size(), 2u) << "ACT-06: two successes, one AP";
  log.push_back(action("activate", 0));
  EXPECT_EQ(test::audit_log(*setup, log).size(), 3u) << "ACT-03";
  log.push_back(action("shoot", 0, true));
  log.push_back(action("shoot", 0, true));
  EXPECT_EQ(test::audit_log(*setup, log).size(), 4u) << "SHOOT-06";
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// Issue 13: a move in the log says where the unit stood and where it ends, for replays.
TEST_F(Referee, MOVE_01_a_logged_move_carries_its_start_end_and_facing) {
  const table::Point before = detail::unit_centre(state_, 0);
  script({1});
  must(activate(0, 1));
  must(move(0, 1.5, -2.0));
  const Event* moved = last_of(log_, "move");
  ASSERT_NE(moved, nullptr);
  EXPECT_NEAR(moved->at("from")[0].get<double>(), before.x, 1e-9);
  EXPECT_NEAR(moved->at("from")[1].get<double>(), before.y, 1e-9);
  EXPECT_NEAR(moved->at("to")[0].get<double>(), before.x + 1.5, 1e-9);
  EXPECT_NEAR(moved->at("to")[1].get<double>(), before.y - 2.0, 1e-9);
  EXPECT_NEAR(moved->at("facing").get<double>(), state_.models[0].pose.facing, 1e-9);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// Issue 13: a to-hit roll names its target, range, cover and every modifier, and the goal is the
// firer's BS plus those modifiers (DICE-04/05: at most 5), so the log alone checks it.
TEST_F(Referee, SHOOT_10_a_to_hit_roll_shows_how_its_goal_was_made) {
  script({1});
  must(activate(0, 1));
  ConstantDice sixes(6);  // every shot misses
  state_.scripted_dice = &sixes;
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 3;
  must(shoot);
  int checked = 0;
  for (const auto& e : log_) {
    if (e.value("rule", "") != "SHOOT-10") continue;
    ++checked;
    EXPECT_EQ(e.at("target"), 3);
    EXPECT_GT(e.at("range").get<double>(), 5.0);
    EXPECT_LT(e.at("range").get<double>(), 12.0);
    EXPECT_EQ(e.at("cover"), "open") << "nothing between the squads";
    int sum = 0;
    for (const auto& m : e.at("modifiers")) {
      EXPECT_FALSE(m.at("name").get<std::string>().empty());
      EXPECT_EQ(m.at("rule").get<std::string>().rfind("SHOOT-", 0), 0u) << m.dump();
      sum += m.at("value").get<int>();
    }
    EXPECT_EQ(e.at("goal").get<int>(), std::min(5, 3 + sum)) << e.dump();  // Guardsmen: BS3
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// Dice that cycle through a fixed list: a volley then mixes hits, wounds and failed saves.
class CyclingDice final : public dice::DiceSource {
 public:
  explicit CyclingDice(std::vector<int> faces) : faces_(std::move(faces)) {}
  int roll(int sides) override { return std::min(faces_[next_++ % faces_.size()], sides); }

 private:
  std::vector<int> faces_;
  std::size_t next_ = 0;
};

// Issue 13: the volley's summary counts every casualty it caused on the target, template and
// marker ones included (a summary once read "0 slain" right after two casualties).
TEST_F(Referee, SHOOT_22_the_volley_summary_counts_every_casualty_it_caused) {
  CyclingDice dice({1, 6, 1, 2, 6, 1});
  state_.scripted_dice = &dice;
  must(activate(0, 1));
  const std::size_t start = log_.size();
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 3;
  must(shoot);
  std::map<int, int> casualties;
  for (std::size_t i = start; i < log_.size(); ++i)
    if (log_[i].value("type", "") == "casualty") ++casualties[log_[i].at("unit").get<int>()];
  const Event* summary = last_of(log_, "shooting");
  ASSERT_NE(summary, nullptr);
  EXPECT_GT(casualties[3], 0) << "the cycle kills somebody";
  EXPECT_EQ(summary->at("slain").get<int>(), casualties[3]);
  int listed = 0;
  for (const auto& row : summary->at("by_unit")) {
    EXPECT_EQ(row.at("slain").get<int>(), casualties[row.at("unit").get<int>()]);
    listed += row.at("slain").get<int>();
  }
  int total = 0;
  for (const auto& [unit, n] : casualties) total += n;
  EXPECT_EQ(listed, total);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// Issue 13: a referee checks a D6-Damage hit from the log alone: which model the allocation die
// picked among which, the wound die, and the Damage die (SHOOT-23/27).
TEST_F(Referee, SHOOT_23_the_log_carries_damage_dice_and_what_each_allocation_die_chose) {
  ConstantDice twos(2);  // activates (2 <= 3), hits (2 <= BS3), wounds T4 with S9 on 2+
  state_.scripted_dice = &twos;
  must(activate(1, 2));
  Action shoot = act(ActionKind::shoot, 1);
  shoot.target = 3;
  shoot.heavy = true;
  must(shoot);
  const Event* wounds = last_of(log_, "wounds");
  ASSERT_NE(wounds, nullptr);
  EXPECT_EQ(wounds->at("weapon"), "lascannon");
  EXPECT_EQ(wounds->at("wound_dice"), nlohmann::json({2}));
  EXPECT_EQ(wounds->at("save_dice"), nlohmann::json::array()) << "AP2 leaves a 3+ no save";
  EXPECT_EQ(wounds->at("damage_dice"), nlohmann::json({2})) << "the lascannon's D6 Damage";
  EXPECT_EQ(wounds->at("slain"), 1);
  const auto& allocations = wounds->at("allocations");
  ASSERT_EQ(allocations.size(), wounds->at("allocation_dice").size());
  ASSERT_EQ(allocations.size(), 1u) << "several marines in the open were equally eligible";
  const auto& roll = allocations[0];
  EXPECT_EQ(roll.at("die"), roll.at("among").size());
  EXPECT_EQ(roll.at("face"), 2);
  EXPECT_EQ(roll.at("model"), roll.at("among")[1]);
  // The model the die chose is the one that fell.
  const Event* fallen = last_of(log_, "casualty");
  ASSERT_NE(fallen, nullptr);
  EXPECT_EQ(fallen->at("model"), roll.at("model"));
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// Issue 13: a mêlée roll event's `dice` are its to-hit rolls; the wound, save and Damage dice
// of the same blows come in lists of their own, so each die is read against the right goal.
TEST(RefereeLog, MELEE_07_melee_wound_and_save_dice_are_listed_apart) {
  // ADV-57 off: the marines club with bolters (no AP), so the Guard have saves to roll.
  auto setup = test::battle("mixed", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                            "space_marines",
                            "[{unit: tactical_squad, at: [24, 15.5], facing: 180, spacing: 1}]",
                            "options: {two_weapons: false}\n");
  GameState s = initial_state(*setup, 3);
  s.units[0].locked = 1u << 1;
  s.units[1].locked = 1u << 0;
  // Every die a 4: Marines (WS 4) hit, Guards (WS 3) miss; S4 wounds T3 on 3+; a 5+ save fails.
  ConstantDice fours(4);
  s.scripted_dice = &fours;
  EventLog log;
  ASSERT_EQ(apply(s, act(ActionKind::end_phase), &log), "");
  while (s.phase == Phase::melee_choice) {
    ASSERT_EQ(apply(s, act(ActionKind::fight, pending(s).unit), &log), "");
  }
  int checked = 0;
  for (const auto& e : log) {
    if (e.value("rule", "") != "MELEE-05") continue;
    EXPECT_EQ(e.at("dice").size(), e.at("attacks").get<std::size_t>());
    if (e.at("unit") != 1 || e.at("hits").get<int>() == 0) continue;
    ++checked;
    EXPECT_EQ(e.at("wound_dice").size(), e.at("hits").get<std::size_t>()) << e.dump();
    EXPECT_EQ(e.at("save_dice").size(), e.at("unsaved").get<std::size_t>()) << e.dump();
    for (const int face : e.at("save_dice")) EXPECT_EQ(face, 4);
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace arap::game
