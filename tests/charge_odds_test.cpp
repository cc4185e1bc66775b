// `arap odds charge` (issue 17): P(reach) over the ground on the way and the failed Charge's move,
// each checked against the dice counted out by hand in the test (CHARGE-02/03/04/07/08,
// MOVE-03/07/12/21), and the mêlée round after a Charge worked out from its direction
// (CHARGE-05/10/16).
#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "dice/every_outcome.hpp"
#include "odds/charge_odds.hpp"
#include "odds/melee_odds.hpp"
#include "support/expect.hpp"

namespace arap::odds {
namespace {

using test::frac;

const data::Library& library() {
  static const data::Library loaded = data::Library::load(ARAP_DATA_DIR);
  return loaded;
}

const LibraryLoader kLoader = [](LibraryNeed) { return &library(); };

ChargeReport charge(const std::string& json) {
  return evaluate_charge(parse_charge_request(json, "charge.json", kLoader));
}

// P(2D6 >= n), counted.
double two_dice_at_least(int n) {
  int ways = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) ways += a + b >= n ? 1 : 0;
  return frac(ways, 36);
}

void expect_whole(const ChargeReport& r) {
  EXPECT_PROB(r.p_reach + r.p_short + r.p_halted, 1.0);
  double failed = 0.0;
  for (const auto& f : r.failed_moves) failed += f.probability;
  EXPECT_PROB(failed, r.p_short + r.p_halted);
}

TEST(ChargeOdds, CHARGE_02_an_M4_unit_reaches_10_inches_with_13_in_18) {
  // EX-06: the enemy 12" away, radius 2": 10" of ground, M4 + 2D6 >= 10.
  const ChargeReport r = charge(R"({"charger": {"move": 4}, "distance": 12})");
  EXPECT_PROB(r.p_reach, frac(13, 18));
  EXPECT_EQ(r.roll.lowest(), 6);
  EXPECT_EQ(r.roll.highest(), 16);
  EXPECT_PROB(r.roll[16], frac(1, 36));
  expect_whole(r);
  // M8 rolls M + R3D6P2 (ruling.CHARGE-02 byBasicMove): 10..20; always2D6: 10..20 as 2D6.
  const ChargeReport fast = charge(R"({"charger": {"move": 8}, "distance": 30})");
  EXPECT_EQ(fast.roll.lowest(), 10);
  EXPECT_EQ(fast.roll.highest(), 20);
  EXPECT_PROB(fast.roll[20], frac(16, 216));  // two sixes among three dice
  const ChargeReport two = charge(
      R"({"charger": {"move": 8}, "distance": 30, "rulings": {"ruling.CHARGE-02": "always2D6"}})");
  EXPECT_PROB(two.roll[20], frac(1, 36));
}

TEST(ChargeOdds, CHARGE_02_a_prone_unit_charges_exactly_its_move) {
  EXPECT_PROB(charge(R"({"charger": {"move": 4, "prone": true}, "distance": 6})").p_reach, 1.0);
  const ChargeReport r = charge(R"({"charger": {"move": 4, "prone": true}, "distance": 6.5})");
  EXPECT_PROB(r.p_reach, 0.0);
  ASSERT_EQ(r.failed_moves.size(), 1u);
  EXPECT_DOUBLE_EQ(r.failed_moves[0].inches, 4.0);
}

TEST(ChargeOdds, CHARGE_03_contact_within_the_chargers_radius) {
  // 10.5" away, Size 2: 8.5" to cover, so a 9" roll (2D6 >= 5) makes contact.
  const ChargeReport r = charge(R"({"charger": {"move": 4, "size": 2}, "distance": 10.5})");
  EXPECT_DOUBLE_EQ(r.gap, 8.5);
  EXPECT_PROB(r.p_reach, two_dice_at_least(5));
  // A Size 3 Charger reaches from a further inch away.
  EXPECT_PROB(charge(R"({"charger": {"move": 4, "size": 3}, "distance": 11.5})").p_reach,
              two_dice_at_least(5));
  EXPECT_PROB(charge(R"({"charger": {"move": 4}, "distance": 1.5})").p_reach, 1.0);
}

TEST(ChargeOdds, CHARGE_04_a_failed_charge_moves_its_highest_die) {
  // Out of reach whatever the roll: the move is the higher of 2D6 (1/36, 3/36, ..., 11/36).
  const ChargeReport r = charge(R"({"charger": {"move": 4}, "distance": 40})");
  EXPECT_PROB(r.p_short, 1.0);
  ASSERT_EQ(r.failed_moves.size(), 6u);
  for (int h = 1; h <= 6; ++h) {
    EXPECT_DOUBLE_EQ(r.failed_moves[h - 1].inches, h);
    EXPECT_PROB(r.failed_moves[h - 1].probability, frac(2 * h - 1, 36));
  }
  EXPECT_PROB(r.mean_failed_move, frac(161, 36));
  // EX-15: 2 and 5 (11") is short of 12" of ground: the unit moves 5".
  const ChargeReport ex15 = charge(R"({"charger": {"move": 4}, "distance": 14})");
  double five = 0.0;
  for (const auto& f : ex15.failed_moves)
    if (f.inches == 5.0) five = f.probability;
  // Short rolls (2D6 < 8) whose higher die is 5: (1..2, 5) both ways.
  EXPECT_PROB(five, frac(4, 36));
  expect_whole(ex15);
}

TEST(ChargeOdds, MOVE_03_difficult_ground_costs_double_on_the_way) {
  // 12" away, radius 2: 3" of difficult ground then 7" open costs 13" of allowance.
  const ChargeReport r = charge(R"({"charger": {"move": 4}, "distance": 12,
                 "path": [{"ground": "difficult", "length": 3}]})");
  EXPECT_DOUBLE_EQ(r.allowance_needed, 13.0);
  EXPECT_PROB(r.p_reach, two_dice_at_least(9));
  // The failed move crosses the difficult ground at half rate: h <= 6 covers h/2 inches.
  std::map<double, double> expected;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      if (4 + a + b < 13) expected[std::max(a, b) / 2.0] += frac(1, 36);
  ASSERT_EQ(r.failed_moves.size(), expected.size());
  for (const auto& f : r.failed_moves) EXPECT_PROB(f.probability, expected[f.inches]);
  // Very difficult ground costs four times: 2" of it and 8" open = 16".
  EXPECT_PROB(charge(R"({"charger": {"move": 4}, "distance": 12,
                         "path": [{"ground": "very_difficult", "length": 2}]})")
                  .p_reach,
              frac(1, 36));
  // The rows for the whole way in one kind of ground.
  ASSERT_EQ(r.by_ground.size(), 4u);
  EXPECT_PROB(r.by_ground[0].p_reach, frac(13, 18));  // open: 10"
  EXPECT_PROB(r.by_ground[1].p_reach, 0.0);           // difficult: 20"
  expect_whole(r);
}

TEST(ChargeOdds, MOVE_07_turning_past_90_degrees_costs_half_an_inch_each) {
  // 10" of ground and a 180-degree turn: 10.5", so the roll must be 11 or more.
  const ChargeReport r = charge(R"({"charger": {"move": 4}, "distance": 12, "turn": 180})");
  EXPECT_DOUBLE_EQ(r.turn_cost, 0.5);
  EXPECT_PROB(r.p_reach, two_dice_at_least(7));
  EXPECT_PROB(charge(R"({"charger": {"move": 4}, "distance": 12, "turn": 90})").p_reach,
              frac(13, 18));
}

TEST(ChargeOdds, CHARGE_07_an_obstacle_test_halts_the_charge_on_a_failure) {
  // I3: a test passes with 1/2. The wall (1" high) costs 1" more: 11" for 10" of ground.
  const ChargeReport r = charge(R"({"charger": {"move": 4, "initiative": 3}, "distance": 12,
      "obstacles": [{"at": 3, "height": 1, "initiative_test": true}]})");
  EXPECT_DOUBLE_EQ(r.allowance_needed, 11.0);
  EXPECT_PROB(r.p_reach, two_dice_at_least(7) * frac(1, 2));
  EXPECT_PROB(r.p_halted, two_dice_at_least(7) * frac(1, 2));
  double halted_at_wall = 0.0;
  for (const auto& f : r.failed_moves) {
    if (f.halted) halted_at_wall += f.probability;
    if (f.halted) {
      EXPECT_DOUBLE_EQ(f.inches, 3.0);
    }
    // A short roll's move does not climb: it stops at the wall.
    EXPECT_LE(f.inches, 3.0);
  }
  EXPECT_PROB(halted_at_wall, r.p_halted);
  expect_whole(r);
  // Two walls: a test at each (CHARGE-07: every obstacle that needs one).
  const ChargeReport two = charge(R"({"charger": {"move": 4, "initiative": 3}, "distance": 12,
      "obstacles": [{"at": 3, "initiative_test": true}, {"at": 6, "initiative_test": true}]})");
  EXPECT_PROB(two.p_reach, frac(13, 18) * frac(1, 4));
  expect_whole(two);
}

TEST(ChargeOdds, CHARGE_08_a_runner_is_caught_when_the_charge_covers_its_flight) {
  // The target (M4) 8" away runs 2D6; the Charger (M4) needs 8 - 2 + flight.
  const ChargeReport r =
      charge(R"({"charger": {"move": 4}, "distance": 8, "target_runs": {"move": 4}})");
  double expected = 0.0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) expected += frac(1, 36) * two_dice_at_least(6 + a + b - 4);
  EXPECT_PROB(r.p_reach, expected);
  expect_whole(r);
}

TEST(ChargeOdds, MOVE_12_in_variable_ground_the_roll_is_twice_the_better_die) {
  // M4: 2, 4, 6, 8 with 1/16, 3/16, 5/16, 7/16; 6" of ground needs a 6 or an 8.
  const ChargeReport r = charge(R"({"charger": {"move": 4}, "distance": 8, "variable": true})");
  EXPECT_PROB(r.roll[2], frac(1, 16));
  EXPECT_PROB(r.roll[8], frac(7, 16));
  EXPECT_PROB(r.p_reach, frac(12, 16));
  EXPECT_PROB(r.by_ground[3].p_reach, frac(12, 16));
  expect_whole(r);
}

TEST(ChargeOdds, units_by_name_and_bad_requests) {
  const ChargeRequest named = parse_charge_request(
      R"({"charger": {"army": "space_marines", "unit": "tactical_squad"}, "distance": 9})",
      "named.json", kLoader);
  EXPECT_EQ(named.move.move, 4);
  EXPECT_EQ(named.initiative, 4);
  EXPECT_DOUBLE_EQ(named.melee_radius, 2.0);
  ASSERT_EQ(named.named_units.size(), 1u);
  const auto problem = [](const std::string& json) {
    try {
      parse_charge_request(json, "bad.json", kLoader);
    } catch (const data::DataError& error) {
      return error;
    }
    ADD_FAILURE() << json;
    return data::DataError({}, "", "");
  };
  EXPECT_EQ(problem(R"({"charger": {"move": 4}, "distance": 8,
                        "path": [{"ground": "dificult", "length": 3}]})")
                .field(),
            "path[0].ground");
  EXPECT_NE(problem(R"({"charger": {"move": 4}, "distance": 8,
                        "path": [{"ground": "dificult", "length": 3}]})")
                .problem()
                .find("did you mean \"difficult\""),
            std::string::npos);
  EXPECT_EQ(problem(R"({"charger": {"move": 4}, "distance": 8,
                        "path": [{"ground": "open", "length": 9}]})")
                .field(),
            "path[0].length");
  EXPECT_EQ(problem(R"({"charger": {"move": 4}, "distance": 8, "obstacles": [{"at": 7}]})").field(),
            "obstacles[0].at");
  EXPECT_EQ(problem(R"({"charger": {"move": 4}, "distance": 8, "speed": 3})").field(), "speed");
  EXPECT_EQ(
      problem(R"({"charger": {"move": 4, "size": 2}, "distance": 8, "melee_radius": 2})").field(),
      "melee_radius");
}

TEST(EveryOutcome, DICE_01_walks_every_face_once_with_its_probability) {
  double total = 0.0;
  int outcomes = 0;
  std::map<int, double> sums;
  // A die decides how many more dice follow: 1 -> none, 2 -> one D3, else two D2.
  dice::for_each_outcome(
      [](dice::DiceSource& d) {
        const int first = d.roll(3);
        if (first == 1) return 1;
        if (first == 2) return 2 + d.roll(3);
        return 3 + d.roll(2) + d.roll(2);
      },
      [&](int sum, double p) {
        total += p;
        ++outcomes;
        sums[sum] += p;
      });
  EXPECT_EQ(outcomes, 1 + 3 + 4);
  EXPECT_PROB(total, 1.0);
  EXPECT_PROB(sums[1], frac(1, 3));
  EXPECT_PROB(sums[5], frac(1, 9) + frac(1, 3) * frac(1, 4));
}

// CHARGE-05: a rear Charge gives +2 attacks, +1 to hit, +1 CRS and the Charged unit -1 CRS; the
// request that says "rear" is the round typed out by hand.
TEST(MeleeRequests, CHARGE_05_the_direction_of_the_charge_sets_the_bonuses) {
  const std::string sides = R"("defender": {"models": 10, "ws": 3, "s": 3, "t": 3, "i": 3,
      "a": 1, "ld": 7, "save": 5})";
  const MeleeRequest rear = parse_melee_request(
      R"({"charge": "rear", "attacker": {"models": 5, "ws": 4, "s": 4, "t": 4, "i": 4, "a": 1,
          "ld": 8, "save": 3}, )" +
          sides + "}",
      "rear.json");
  EXPECT_EQ(rear.attacker.bonus_attacks, 2);
  EXPECT_EQ(rear.attacker.crs_modifier, 1);
  EXPECT_EQ(rear.defender.crs_modifier, -1);
  const MeleeRequest typed = parse_melee_request(
      R"({"attacker": {"models": 5, "ws": 4, "s": 4, "t": 4, "i": 4, "a": 1, "ld": 8, "save": 3,
          "bonus_attacks": 2, "modifiers": ["rear_charge"], "crs": 1}, "defender": {"models": 10,
          "ws": 3, "s": 3, "t": 3, "i": 3, "a": 1, "ld": 7, "save": 5, "crs": -1}})",
      "typed.json");
  const MeleeReport a = evaluate_melee(rear);
  const MeleeReport b = evaluate_melee(typed);
  EXPECT_PROB(a.attacker_wins, b.attacker_wins);
  for (int k = 0; k <= 10; ++k) EXPECT_PROB(a.attacker_slain[k], b.attacker_slain[k]);
  const MeleeRequest front = parse_melee_request(
      R"({"charge": "front", "attacker": {"models": 5, "ws": 4}, )" + sides + "}", "front.json");
  EXPECT_EQ(front.attacker.bonus_attacks, 1);
  EXPECT_EQ(front.defender.crs_modifier, 0);
  EXPECT_EQ(front.attacker.modifiers.size(), 0u);
}

TEST(MeleeRequests, CHARGE_10_into_cover_the_chargers_strike_at_initiative_1) {
  const auto initiative = [](const std::string& attacker_extra, const std::string& defender_extra) {
    return parse_melee_request(R"({"charge": "front", "into_cover": true,
        "attacker": {"models": 5, "i": 4)" +
                                   attacker_extra + R"(},
        "defender": {"models": 5)" +
                                   defender_extra + "}}",
                               "cover.json")
        .attacker.initiative;
  };
  EXPECT_EQ(initiative("", ""), 1);
  EXPECT_EQ(initiative(R"(, "assault_grenades": true)", ""), 4);  // CHARGE-16
  EXPECT_EQ(initiative("", R"(, "pinned": true)"), 4);            // MELEE-28
  // A named unit carrying frag grenades throws them: Space Marines keep their Initiative.
  const MeleeRequest marines = parse_melee_request(
      R"({"charge": "front", "into_cover": true,
          "attacker": {"army": "space_marines", "unit": "tactical_squad"},
          "defender": {"army": "orks", "unit": "slugga_boyz"}})",
      "named.json", kLoader);
  EXPECT_TRUE(marines.attacker.assault_grenades);
  EXPECT_EQ(marines.attacker.initiative, 4);
}

}  // namespace
}  // namespace arap::odds
