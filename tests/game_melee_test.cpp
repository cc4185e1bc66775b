// Charges and close combat as the game plays them, with scripted dice: CHARGE-01..17 and
// MELEE-04..29 through the engine's actions.
#include <cmath>

#include <gtest/gtest.h>

#include "game/context.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// Red: a Guard infantry squad (unit 0: sergeant + 9, I3, Ld 8) facing north at y = 14; Blue: an
// Assault squad (unit 1: sergeant A2 + 4 marines, WS4 I4, M4, value 4) facing it from y = 24.
class Melee : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("melee", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
  }

  // Blue's turn: the Assault squad activates with one die (a success) and charges the Guard.
  void blue_charges(bool fire = false) { second_side_charges(1, 0, fire); }

  int events(const std::string& type) const {
    int n = 0;
    for (const auto& e : log_) n += e.value("type", "") == type ? 1 : 0;
    return n;
  }

  const Event* last(const std::string& type) const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("type", "") == type) return &*it;
    return nullptr;
  }

  double gap() const {
    double best = 1e9;
    for (int m = 0; m < 10; ++m)
      for (int n = 10; n < 15; ++n)
        if (state_.models[m].pose.alive && state_.models[n].pose.alive)
          best = std::min(best, table::distance(state_.models[m].pose.position,
                                                state_.models[n].pose.position));
    return best;
  }
};

TEST_F(Melee, CHARGE_03_a_charge_within_reach_locks_the_units) {
  const double start = gap();
  ASSERT_GT(start, 4.0);
  blue_charges();
  ASSERT_EQ(state_.phase, Phase::charge_response);
  EXPECT_EQ(pending(state_).side, 0);
  EXPECT_EQ(pending(state_).unit, 0);
  script({3, 3});  // 4 + 6 = 10"
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(state_.units[1].locked & 1u) << "gap " << start;
  EXPECT_TRUE(state_.units[0].locked & 2u);
  EXPECT_TRUE(logged("charge"));
  EXPECT_EQ(last("charge")->at("approach"), "front");
  ASSERT_TRUE(logged("unit_moved"));
  EXPECT_EQ(last("unit_moved")->at("why"), "charge");
  EXPECT_EQ(last("unit_moved")->at("rule"), "CHARGE-03");
  EXPECT_EQ(last("charge")->at("bonus_attacks"), 1);  // CHARGE-05 frontal
  EXPECT_LE(gap(), 2.0 + 1e-9);
  // The charge used the unit's only AP: the activation is over and Blue is back to choosing.
  EXPECT_EQ(state_.phase, Phase::activation);
  // CHARGE-01: the unit is locked; MELEE-29: it cannot be activated again.
  EXPECT_NE(illegal_reason(state_, activate(1, 1)), "");
}

TEST_F(Melee, CHARGE_04_a_failed_charge_moves_the_highest_die) {
  const double start = gap();
  blue_charges();
  script({1, 2});  // 4 + 3 = 7": short
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(logged("charge_failed"));
  EXPECT_EQ(last("charge_failed")->at("inches"), 2);
  // Issue 13: the log says why: the 7" roll is shorter than the gap to mêlée radius.
  ASSERT_TRUE(logged("charge_missed"));
  EXPECT_EQ(last("charge_missed")->at("why"), "short_roll");
  EXPECT_EQ(last("charge_missed")->at("reach"), 7.0);
  EXPECT_GT(last("charge_missed")->at("needed").get<double>(), 7.0);
  // Issue 13: the failed charge's move is logged with its start and end for a replay.
  const Event* moved = last("unit_moved");
  ASSERT_NE(moved, nullptr);
  EXPECT_EQ(moved->at("why"), "failed_charge");
  EXPECT_EQ(moved->at("unit"), 1);
  const double dx = moved->at("to")[0].get<double>() - moved->at("from")[0].get<double>();
  const double dy = moved->at("to")[1].get<double>() - moved->at("from")[1].get<double>();
  EXPECT_NEAR(std::hypot(dx, dy), 2.0, 0.05);
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_NEAR(gap(), start - 2.0, 0.05);
  EXPECT_TRUE(state_.units[1].player_turn.charge_failed);
}

TEST_F(Melee, CHARGE_02_out_of_reach_is_refused_and_changes_nothing) {
  must(act(ActionKind::end_phase));
  script({1});
  must(activate(1, 1));
  // Move the Guard far away: 4 + 12 + 2 = 18" is the longest reach.
  for (int m = 0; m < 10; ++m) state_.models[m].pose.position.y -= 10.0;
  const GameState before = state_;
  const std::string reason = apply(state_, charge(1, 0), &log_);
  EXPECT_NE(reason.find("CHARGE-02"), std::string::npos) << reason;
  EXPECT_TRUE(state_ == before);
}

TEST_F(Melee, CHARGE_01_one_charge_per_turn) {
  must(act(ActionKind::end_phase));
  script({1, 1, 1});
  must(activate(1, 3));  // 3 AP
  must(charge(1, 0));
  script({1, 2});  // fails
  must(act(ActionKind::hold, 0));
  // CHARGE-04: a failed charge ends the activation (the optional re-charge is off).
  EXPECT_EQ(state_.phase, Phase::activation);
}

TEST_F(Melee, CHARGE_08_running_away_and_being_caught_routs) {
  blue_charges();
  script({6, 6});  // the charge: 16" (rolled when the charge is made)
  script({2, 2});  // the Guard run 4"
  // Free hacks (MELEE-22) by the chargers in reach, all sixes (misses), then the D6 rout move.
  for (int i = 0; i < 30; ++i) script({6});
  must(act(ActionKind::run, 0));
  const Event* hacks = nullptr;
  for (const auto& e : log_)
    if (e.value("what", "") == "free hacks") hacks = &e;
  ASSERT_NE(hacks, nullptr);
  EXPECT_EQ(hacks->at("goal"), 4);
  EXPECT_EQ(hacks->at("unsaved"), 0);
  EXPECT_TRUE(logged("caught_running"));
  EXPECT_TRUE(state_.units[0].rout_pending || !state_.unit_alive(0));
  EXPECT_EQ(state_.units[1].locked, 0u);  // no combat follows, only free hacks
}

TEST_F(Melee, CHARGE_14_stand_and_fire_with_no_success_only_holds) {
  blue_charges();
  script({3, 3});  // charge 10"
  script({6, 6});  // Guard activation value 3: no success
  must(act(ActionKind::stand_and_fire, 0));
  EXPECT_FALSE(logged("stand_and_fire"));
  EXPECT_TRUE(state_.units[1].locked & 1u);
}

TEST_F(Melee, CHARGE_14_stand_and_fire_with_one_success_fires_rifles_once_at_BS1) {
  blue_charges();
  script({3, 3});  // charge 10" (rolled before the reaction fire, CHARGE-15 needs it)
  script({2, 5});  // one success
  // Seven lasguns and the sergeant's laspistol fire once each at BS1 (goal 1), all missing; the
  // flamer lays its template and the grenadier fires one frag marker (CHARGE-15).
  for (int i = 0; i < 40; ++i) script({6});
  must(act(ActionKind::stand_and_fire, 0));
  const Event* fire = last("stand_and_fire");
  ASSERT_NE(fire, nullptr);
  EXPECT_EQ(fire->at("shots"), 10);
  int direct = 0;
  for (const auto& e : log_) {
    if (e.value("rule", "") != "CHARGE-15" || e.value("what", "") != "to hit") continue;
    ++direct;
    EXPECT_EQ(e.at("goal"), 1);
    EXPECT_EQ(e.at("dice").size(), 1u);
    EXPECT_EQ(e.at("hits"), 0);
  }
  EXPECT_EQ(direct, 8);
  EXPECT_TRUE(logged("marker"));
}

TEST_F(Melee, CHARGE_14_two_successes_also_fire_heavy_weapons) {
  // The same squad has no heavy weapon; two successes fire the same once-only shots.
  blue_charges();
  script({3, 3});
  script({1, 2});  // two successes
  for (int i = 0; i < 40; ++i) script({6});
  must(act(ActionKind::stand_and_fire, 0));
  EXPECT_EQ(last("stand_and_fire")->at("shots"), 10);
}

class MeleeRound : public Melee {
 protected:
  // Blue charges (10" roll) and is locked with the Guard; then Blue's phase ends.
  void locked_then_end_phase(int face) {
    blue_charges();
    script({3, 3});
    must(act(ActionKind::hold, 0));
    ASSERT_TRUE(state_.units[1].locked & 1u);
    constant_ = ConstantDice(face);
    state_.scripted_dice = &constant_;
    must(act(ActionKind::end_phase));
    // MELEE-29: Blue (the phasing side) chooses first, then Red.
    ASSERT_EQ(state_.phase, Phase::melee_choice);
    EXPECT_EQ(pending(state_).unit, 1);
  }

  ConstantDice constant_{6};
};

TEST_F(MeleeRound, MELEE_29_all_misses_the_charger_wins_on_its_charge_bonus) {
  locked_then_end_phase(6);  // every attack misses, every Ld test fails
  must(act(ActionKind::fight, 1));
  must(act(ActionKind::fight, 0));
  const Event* result = last("combat_result");
  ASSERT_NE(result, nullptr);
  EXPECT_EQ(result->at("wound_difference"), nlohmann::json({0, 0}));
  EXPECT_EQ(result->at("score"), nlohmann::json({0, 1}));  // MELEE-14a: +1 for charging
  const auto rout = rolls("MELEE-16");
  ASSERT_EQ(rout.size(), 1u);
  EXPECT_EQ(rout[0].at("unit"), 0);
  EXPECT_EQ(rout[0].at("goal"), 8);  // Ld 8 + WD 0
  // MELEE-19: the Guard rout (and, all sixes, flee off the table in the next compulsory phase).
  EXPECT_TRUE(logged("rout"));
  EXPECT_EQ(state_.units[0].locked, 0u);
  // MELEE-24: the winners failed their test not to pursue.
  EXPECT_TRUE(logged("pursuing"));
  EXPECT_EQ(rolls("MELEE-24").size(), 1u);
  // The first round's bonus attacks: the sergeant 2 + 1, marines 1 + 1; each also makes the
  // extra attack of his second weapon (ADV-57; ambidextrous, ADV-58), counted apart.
  int blue_attacks = 0;
  int extra = 0;
  for (const auto& e : rolls("MELEE-05"))
    if (e.at("unit") == 1) {
      blue_attacks += e.at("attacks").get<int>();
      extra += e.value("extra_attacks", 0);
    }
  EXPECT_GT(extra, 0);
  EXPECT_EQ((blue_attacks - extra) % 2, 1);  // 3 for the sergeant plus 2 per marine in reach
}

TEST_F(MeleeRound, MELEE_04_higher_initiative_strikes_first_and_the_dead_do_not_strike) {
  // Fours: the marines (WS4, I4) hit and kill with every attack; the Guard (WS3, I3) would miss.
  locked_then_end_phase(4);
  must(act(ActionKind::fight, 1));
  must(act(ActionKind::fight, 0));
  const auto attacks = rolls("MELEE-05");
  ASSERT_FALSE(attacks.empty());
  EXPECT_EQ(attacks.front().at("unit"), 1);
  EXPECT_EQ(attacks.front().at("step"), 4);
  // MELEE-08 tier 4: with nobody left in reach, the wounds go on to the nearest of the unit.
  int killed = 0;
  for (int m = 0; m < 10; ++m) killed += state_.models[m].pose.alive ? 0 : 1;
  EXPECT_EQ(killed, 10);
  EXPECT_EQ(attacks.front().at("unsaved"), 10);
  EXPECT_EQ(attacks.size(), 1u);  // the dead Guard never strike at step 3
  // MELEE-13: a side that wipes out its opponents wins outright; nobody tests.
  const Event* result = last("combat_result");
  EXPECT_EQ(result->at("winning_side"), 1);
  EXPECT_TRUE(rolls("MELEE-16").empty());
}

TEST_F(MeleeRound, MELEE_18_snake_eyes_pass_and_the_loser_flinches) {
  locked_then_end_phase(1);  // every attack hits, no wound roll succeeds; rout test 1+1 passes
  must(act(ActionKind::fight, 1));
  must(act(ActionKind::fight, 0));
  EXPECT_TRUE(logged("combat_result"));
  const auto flinch = rolls("MELEE-18");
  ASSERT_EQ(flinch.size(), 1u);
  EXPECT_EQ(flinch[0].at("inches"), 1);
  EXPECT_FALSE(state_.units[0].rout_pending);
  // A 1" flinch from contact stays within the 2" radius: the fight goes on next turn.
  EXPECT_TRUE(state_.units[0].locked & 2u);
}

TEST_F(MeleeRound, MELEE_10_break_off_takes_one_free_hack_per_engaged_enemy) {
  locked_then_end_phase(1);
  must(act(ActionKind::fight, 1));
  must(act(ActionKind::break_off, 0));  // Ld test 1+1 passes
  const auto hacks = [&] {
    for (const auto& e : log_)
      if (e.value("what", "") == "free hacks") return e;
    return Event{};
  }();
  ASSERT_FALSE(hacks.is_null());
  EXPECT_EQ(hacks.at("goal"), 4);
  EXPECT_EQ(state_.units[0].locked, 0u);
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_EQ(state_.units[0].left_combat, 1u << 1);
  EXPECT_FALSE(logged("combat_result"));  // nobody left to fight
}

TEST_F(MeleeRound, MELEE_12_hit_and_run_needs_the_rule) {
  locked_then_end_phase(1);
  const GameState before = state_;
  const std::string reason = apply(state_, act(ActionKind::hit_and_run, 1), &log_);
  EXPECT_NE(reason.find("MELEE-12"), std::string::npos);
  EXPECT_TRUE(state_ == before);
}

TEST_F(MeleeRound, MELEE_26_a_quarter_of_the_unit_makes_krak_attacks_at_initiative_one) {
  locked_then_end_phase(1);
  // The Guard squad carries no krak grenades: refused, nothing changes.
  Action guard_krak = act(ActionKind::fight, 0);
  guard_krak.krak = true;
  Action blue_krak = act(ActionKind::fight, 1);
  blue_krak.krak = true;
  {
    // SHOOT-49's quarter is shared with grenades thrown this turn.
    GameState spent = state_;
    spent.units[1].own_turn.throwers_used = 2;
    EXPECT_NE(apply(spent, blue_krak, nullptr).find("SHOOT-49"), std::string::npos);
  }
  must(blue_krak);
  const GameState before = state_;
  EXPECT_NE(apply(state_, guard_krak, &log_), "");
  EXPECT_EQ(state_, before);
  must(act(ActionKind::fight, 0));
  // Five models: a quarter, rounded up, is two (the sergeant and the first marine).
  ASSERT_TRUE(logged("krak_attacks"));
  EXPECT_EQ(last("krak_attacks")->at("models"), 2);
  int step_one = 0;
  int step_four = 0;
  for (const auto& e : rolls("MELEE-05")) {
    if (e.at("unit") != 1) continue;
    if (e.at("step") == 1) step_one += e.at("attacks").get<int>();
    if (e.at("step") == 4) step_four += e.at("attacks").get<int>();
  }
  EXPECT_EQ(step_one, 2) << "one krak attack each, no charge-bonus attacks";
  EXPECT_EQ(step_four, 9)
      << "the other three marines: 1 + 1 for the charge + 1 with the second weapon (ADV-57)";
}

TEST_F(Melee, illegal_responses_change_nothing) {
  blue_charges();
  const GameState before = state_;
  EXPECT_NE(apply(state_, act(ActionKind::hold, 1), &log_), "");   // not the charged unit
  EXPECT_NE(apply(state_, act(ActionKind::fight, 0), &log_), "");  // not a mêlée choice now
  EXPECT_TRUE(state_ == before);
}

// CHARGE-09: Red's Guard squad (unit 0) and a Commissar (unit 1, model 10, Size 2) near the path
// of Blue's Assault squad (unit 2, models 11-15) charging the Guard.
class Interception : public test::ScriptedGame {
 protected:
  void start(double offset) {
    begin(test::battle("intercept", "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}, {unit: commissar, at: [44, 44]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]"),
          3);
    // The lead Charger is the Assault model nearest the Guard; the Commissar stands `offset`
    // inches to the side of the middle of its path.
    int lead = -1;
    int foe = -1;
    double best = 1e9;
    for (int m = 11; m < 16; ++m)
      for (int n = 0; n < 10; ++n) {
        const double d =
            table::distance(state_.models[m].pose.position, state_.models[n].pose.position);
        if (d < best) {
          best = d;
          lead = m;
          foe = n;
        }
      }
    const table::Point a = state_.models[lead].pose.position;
    const table::Point b = state_.models[foe].pose.position;
    const table::Point along = (b - a) * (1.0 / table::distance(a, b));
    state_.models[10].pose.position = (a + b) * 0.5 + table::Point{-along.y, along.x} * offset;
  }

  void blue_charges() {
    second_side_charges(2, 0);
    script({3, 3});  // 4 + 6 = 10": enough to reach the Guard
    must(act(ActionKind::hold, 0));
  }
};

TEST_F(Interception, CHARGE_09_offered_within_the_interceptors_radius) {
  start(1.8);
  blue_charges();
  ASSERT_EQ(state_.phase, Phase::interception);
  EXPECT_EQ(pending(state_).side, 0);
  EXPECT_EQ(pending(state_).unit, 1);
  EXPECT_EQ(state_.units[2].locked, 0u) << "the Chargers wait for the answer";
  EXPECT_TRUE(logged("interception_offered"));
  // Only the interceptor answers, and only with intercept or let_pass.
  const GameState before = state_;
  EXPECT_NE(apply(state_, act(ActionKind::intercept, 0), &log_), "");
  EXPECT_NE(apply(state_, act(ActionKind::hold, 1), &log_), "");
  EXPECT_EQ(state_, before);
}

TEST_F(Interception, CHARGE_09_not_offered_outside_the_radius) {
  start(2.2);
  blue_charges();
  EXPECT_FALSE(logged("interception_offered"));
  EXPECT_TRUE(state_.units[2].locked & 1u);
  EXPECT_FALSE(state_.units[2].locked & 2u);
}

TEST_F(Interception, CHARGE_09_interceptors_fight_the_chargers_without_any_bonus) {
  start(1.8);
  blue_charges();
  must(act(ActionKind::intercept, 1));
  EXPECT_TRUE(logged("intercepted"));
  EXPECT_TRUE(state_.units[2].locked & 2u) << "locked with the Commissar";
  EXPECT_FALSE(state_.units[2].locked & 1u) << "the Guard was never reached";
  EXPECT_TRUE(detail::units_engaged(state_, 1, 2));
  EXPECT_EQ(state_.units[2].round.bonus_attacks, 0);
  EXPECT_EQ(state_.units[2].round.charge_crs, 0);
  EXPECT_FALSE(state_.units[2].round.rear_bonus);
  EXPECT_EQ(state_.units[1].round.flank_penalty, 0);
  EXPECT_EQ(state_.phase, Phase::activation);  // the charge spent the Assault squad's only AP
}

TEST_F(Interception, CHARGE_09_letting_them_pass_lets_the_charge_go_on) {
  start(1.8);
  blue_charges();
  must(act(ActionKind::let_pass, 1));
  EXPECT_TRUE(state_.units[2].locked & 1u);
  EXPECT_FALSE(state_.units[2].locked & 2u);
  EXPECT_EQ(state_.units[2].round.bonus_attacks, 1);  // CHARGE-05: a frontal charge, as usual
}

// CHARGE-07: the Assault squad (unit 1, I4, M4, 1.5" tall) charges the Guard (unit 0) over a
// wall 2" high between them: taller than the models, lower than their move, so one Initiative
// test gets the unit over it.
class ChargeOverWall : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("wall", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                       "obstacles:\n  - {id: wall, kind: wall, height: 2, points: [[4, 19.5], "
                       "[44, 19.5]]}\n"),
          3);
    second_side_charges(1, 0);
    script({6, 6});  // 4 + 12 = 16": enough to reach the Guard over the wall
  }

  double lowest_y() const {
    double y = 1e9;
    for (int m = 10; m < 15; ++m) y = std::min(y, state_.models[m].pose.position.y);
    return y;
  }
};

TEST_F(ChargeOverWall, CHARGE_07_a_passed_initiative_test_crosses_and_fights_at_I1) {
  script({4});  // I4: passed
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(state_.units[1].locked & 1u);
  EXPECT_LT(lowest_y(), 19.5);
  // CHARGE-10: the obstacle needed a test, so the Guard count as in cover; the squad's assault
  // grenades (CHARGE-16) cancel the I1 it would otherwise fight at.
  EXPECT_TRUE(state_.charge_progress.climbed);
  ASSERT_TRUE(setup_->units[1].assault_grenades);
  EXPECT_FALSE(state_.units[1].round.charged_into_cover);
}

TEST_F(ChargeOverWall, CHARGE_07_a_failed_test_halts_at_the_wall_and_fails_the_charge) {
  script({5});  // I4: failed
  must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_TRUE(state_.units[1].player_turn.charge_failed);
  EXPECT_TRUE(logged("charge_halted"));
  EXPECT_GT(lowest_y(), 19.5) << "still on the chargers' side of the wall";
  EXPECT_EQ(state_.phase, Phase::activation);
}

// CHARGE-07: two such walls on the way, a test at each; failing the second halts the unit
// between them (the text asks a test of each obstacle, not one for the Charge).
TEST_F(ChargeOverWall, CHARGE_07_two_walls_take_a_test_each) {
  dice_ = dice::ScriptedDice{};  // the fixture's own Charge roll is not used here
  log_.clear();
  begin(test::battle("two_walls", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                     "space_marines",
                     "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                     "obstacles:\n  - {id: near_wall, kind: wall, height: 2, points: [[4, 21.5], "
                     "[44, 21.5]]}\n  - {id: far_wall, kind: wall, height: 2, points: [[4, 17.5], "
                     "[44, 17.5]]}\n"),
        3);
  second_side_charges(1, 0);
  const GameState start = state_;
  script({6, 6, 4, 5});  // 16": enough; the first test passes (I4), the second fails
  must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_TRUE(logged("charge_halted"));
  EXPECT_LT(lowest_y(), 21.5) << "over the near wall";
  EXPECT_GT(lowest_y(), 17.5) << "short of the far wall";
  EXPECT_TRUE(dice_.exhausted());
  state_ = start;
  state_.scripted_dice = &dice_;
  script({6, 6, 4, 4});
  must(act(ActionKind::hold, 0));
  EXPECT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(ChargeOverWall, CHARGE_07_an_obstacle_above_the_move_is_impassable_to_charges) {
  // Rebuild with a 5" wall: more than one climb (M4), so no charge crosses it.
  begin(test::battle("high_wall", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                     "space_marines",
                     "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                     "obstacles:\n  - {id: wall, kind: wall, height: 5, points: [[4, 19.5], "
                     "[44, 19.5]]}\n"),
        3);
  dice_ = {};
  log_.clear();
  second_side_charges(1, 0);
  script({3, 3});
  must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.units[1].locked, 0u);
  EXPECT_FALSE(logged("charge_halted"));
  EXPECT_TRUE(logged("charge_failed"));  // CHARGE-04: no way over, a failed charge
  // Issue 13: 4 + 6 = 10" would have been enough on open ground: the wall barred the way.
  ASSERT_TRUE(logged("charge_missed"));
  for (const auto& e : log_) {
    if (e.value("type", "") != "charge_missed") continue;
    EXPECT_EQ(e.at("why"), "path");
    EXPECT_LT(e.at("needed").get<double>(), 10.0);
  }
  EXPECT_GT(lowest_y(), 19.5);
}

// A minefield strip (hurts on a 1) lies across the Assault squad's charge at the Guard. The core
// rules: one hazard die per model however far it charges (ADV-10, off here, rolls two past 6").
class ChargeHazards : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("mines", "imperial_guard", "[{unit: infantry_squad, at: [24, 14]}]",
                       "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                       "options: {dangerous_ground_details: false}\n"
                       "terrain:\n  - {id: mines, kind: minefield, dangerous: {triggers_on: 1}, "
                       "polygon: [[4, 18.5], [44, 18.5], [44, 20.5], [4, 20.5]]}\n"),
          3);
  }
};

TEST_F(ChargeHazards, CHARGE_07_dangerous_ground_on_the_way_takes_its_hazard_tests) {
  second_side_charges(1, 0);
  script({6, 6});  // 16"
  script({1, 1});  // the first marine over the mines is hurt and fails its 3+ save
  script({6, 6, 6, 6, 6, 6});
  must(act(ActionKind::hold, 0));
  int tests = 0;
  for (const auto& e : log_) tests += e.value("rule", "") == "MOVE-11" ? 1 : 0;
  EXPECT_GE(tests, 4);
  EXPECT_EQ(state_.living_models(1), 4);
  EXPECT_TRUE(state_.units[1].locked & 1u);
  EXPECT_TRUE(state_.charge_progress.hazardous);  // CHARGE-10: the Guard count as in cover
}

TEST_F(ChargeHazards, MORALE_08_a_quarter_lost_on_the_way_in_forces_a_check) {
  second_side_charges(1, 0);
  script({6, 6});        // 16"
  script({1, 1, 1, 1});  // two marines hurt by the mines, both saves failed: 2 of 5 lost
  script({6, 6, 6});     // the other three cross safely
  script({5, 6, 6, 6});  // MORALE-08 at Ld 9: 11, then the No Fear re-roll 12: pinned
  must(act(ActionKind::hold, 0));
  EXPECT_EQ(state_.living_models(1), 3);
  EXPECT_TRUE(dice_.exhausted());
  EXPECT_TRUE(state_.units[1].own_turn.pinned);
  EXPECT_TRUE(state_.units[1].locked & 1u) << "pinned, the chargers still fight";
}

// CHARGE-15: Red's Tactical squad (unit 0; its Flamer Marine carries an 8" template) stands and
// fires at Slugga Boyz (unit 1) charging from 12" away. Every die rolls 1: two successes, every
// shot hits, every wound roll fails; the 6" charge falls short.
class ReactionTemplate : public test::ScriptedGame {
 protected:
  void SetUp() override {
    begin(test::battle("reaction_template", "space_marines",
                       "[{unit: tactical_squad, at: [24, 14], facing: 0, spacing: 1.5}]", "orks",
                       "[{unit: slugga_boyz, at: [24, 26], facing: 180, spacing: 1.5}]"),
          3);
    state_.scripted_dice = &ones_;
  }
  ConstantDice ones_{1};
};

TEST_F(ReactionTemplate, CHARGE_15_a_template_is_laid_with_the_chargers_seven_inches_away) {
  const std::vector<table::TableModel> before = state_.table_models();
  must(act(ActionKind::end_phase));
  must(activate(1, 1));
  must(charge(1, 0));
  must(act(ActionKind::stand_and_fire, 0));
  const Event* laid = nullptr;
  for (const auto& e : log_)
    if (e.value("rule", "") == "CHARGE-15" && e.value("what", "") == "reaction template") laid = &e;
  ASSERT_NE(laid, nullptr) << "the flamer fired";
  // 12" apart the 8" template would reach nobody; halted 7" away the Boyz are under it.
  EXPECT_GE(laid->at("under").get<int>(), 1);
  EXPECT_EQ(laid->at("dice"), Event::array({1})) << "the firer's die is logged with the roll";
  EXPECT_TRUE(logged("template_hits")) << "each model's fallback die, wounds and saves";
  // The halt was imagined: the Boyz stand where the failed charge left them, not 7" away.
  EXPECT_TRUE(logged("charge_failed"));
  for (int m = 10; m < static_cast<int>(before.size()); ++m)
    EXPECT_LE(table::distance(before[m].position, state_.models[m].pose.position), 1.0 + 1e-9);
}

// MELEE-02 / EX-16: a Squiggoth (Blue unit 2, model 2: 2 gores, 1 stomp, 1 tail lash) facing
// south, with one Commissar (Red unit 0) 2.8" ahead and another (Red unit 1) 2.8" to its side.
class AttackArcs : public test::ScriptedGame {
 protected:
  int attacks_with(bool front, bool side) {
    begin(test::battle("arcs", "imperial_guard",
                       "[{unit: commissar, at: [10, 10]}, {unit: commissar, at: [40, 10]}]", "orks",
                       "[{unit: squiggoth, at: [24, 24], facing: 180}]"),
          3);
    state_.scripted_dice = &sixes_;
    const table::Point beast = state_.models[2].pose.position;
    state_.models[0].pose.position = beast + table::Point{0.0, front ? -2.8 : -20.0};
    state_.models[1].pose.position = beast + table::Point{side ? 2.8 : 20.0, 0.0};
    state_.units[2].locked = (front ? 1u : 0u) | (side ? 2u : 0u);
    state_.units[0].locked = front ? 4u : 0u;
    state_.units[1].locked = side ? 4u : 0u;
    must(act(ActionKind::end_phase));  // Red's activation phase ends: the fight comes round
    while (state_.phase == Phase::melee_choice) must(act(ActionKind::fight, pending(state_).unit));
    int attacks = 0;
    for (const auto& e : log_)
      if (e.value("rule", "") == "MELEE-05" && e.value("unit", -1) == 2)
        attacks += e.at("attacks").get<int>();
    return attacks;
  }
  ConstantDice sixes_{6};  // every attack misses
};

TEST_F(AttackArcs, MELEE_02_enemies_ahead_and_beside_draw_every_attack) {
  EXPECT_EQ(attacks_with(true, true), 4);
}

TEST_F(AttackArcs, MELEE_02_an_enemy_only_ahead_leaves_the_tail_idle) {
  EXPECT_EQ(attacks_with(true, false), 3);  // two gores and the stomp
}

TEST_F(AttackArcs, MELEE_02_an_enemy_only_beside_meets_the_stomp_and_the_tail) {
  EXPECT_EQ(attacks_with(false, true), 2);
}

}  // namespace
}  // namespace arap::game

namespace arap::game {
namespace {

// CHARGE-08: the run's 2D6 already include turning about, so the Guard (facing the chargers)
// cover the whole roll; MOVE-07's half inch for the about-turn is not taken off.
TEST_F(Melee, CHARGE_08_a_run_from_a_charge_pays_nothing_for_turning) {
  std::vector<table::Point> before;
  for (int m = 0; m < 10; ++m) before.push_back(state_.models[m].pose.position);
  blue_charges();
  script({1, 1});  // the charge: 4" + 2" (rolled when it is made), short of the runners
  script({2, 2});  // the Guard run 4"
  must(act(ActionKind::run, 0));
  EXPECT_EQ(state_.units[0].locked, 0u);
  for (int m = 0; m < 10; ++m) {
    // Each runner turns about (MOVE-07 would charge 1/2") and still covers the full 4".
    EXPECT_NEAR(table::distance(before[m], state_.models[m].pose.position), 4.0, 1e-6) << m;
    EXPECT_GT(std::abs(table::turn_between(state_.models[m].pose.facing, 0.0)), 135.0) << m;
  }
}

}  // namespace
}  // namespace arap::game
