// The exact attack odds: requests, goals, distributions, casualties (SHOOT-27, ADV-38), errors.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "dice/probability.hpp"
#include "odds/attack_request.hpp"
#include "odds/casualties.hpp"
#include "odds/melee_odds.hpp"
#include "odds/test_odds.hpp"
#include "odds/work_limit.hpp"
#include "support/expect.hpp"

namespace arap::odds {
namespace {

using dice::Distribution;
using test::frac;

const data::Library& library() {
  static const data::Library loaded = data::Library::load(ARAP_DATA_DIR);
  return loaded;
}

AttackReport evaluate(const std::string& json) {
  return evaluate_attack(parse_attack_request(json, "test.json", &library()));
}

TEST(AttackOdds, bolters_at_rapid_fire_range_are_binomial) {
  const AttackReport report = evaluate(R"({"attacker": {"models": 5, "skill": 4},
      "weapon": "bolter", "range": 10, "modifiers": ["soft_cover"],
      "target": {"models": 10, "toughness": 3, "save": 5}})");
  EXPECT_EQ(report.shots, 10);
  EXPECT_EQ(report.action_points, 1);
  EXPECT_EQ(report.hit_goal, 3);
  EXPECT_PROB(report.p_hit, frac(1, 2));
  EXPECT_EQ(report.wound_goal.goal, 3);
  EXPECT_EQ(report.save_goal, std::nullopt) << "AP5 against 5+";
  const Distribution expected = Distribution::binomial(10, frac(1, 2) * frac(2, 3));
  for (int k = 0; k <= 10; ++k) {
    EXPECT_PROB(report.unsaved_wounds[k], expected[k]);
    EXPECT_PROB(report.slain[k], expected[k]);
  }
  EXPECT_PROB(report.slain.mean(), frac(10, 3));
  ASSERT_EQ(report.modifiers.size(), 1u);
  EXPECT_EQ(report.modifiers[0].rule, "SHOOT-11a");
}

TEST(AttackOdds, SHOOT_27_a_unit_cannot_lose_more_models_than_it_has) {
  const AttackReport report = evaluate(R"({"attacker": {"models": 10, "skill": 5},
      "weapon": "bolter", "range": 5, "target": {"models": 3, "toughness": 3}})");
  EXPECT_EQ(report.slain.highest(), 3);
  EXPECT_PROB(report.slain[3], report.unsaved_wounds.at_least(3));
  EXPECT_PROB(report.slain.total(), 1.0);
}

TEST(Casualties, ADV_38_sequential_multi_wound) {
  const Distribution d1 = Distribution::point(1);
  EXPECT_PROB(
      slain_distribution(Distribution::point(5), 5, 2, d1, rules::Allocation::sequential)[2], 1.0);
  const Distribution d3 = dice::expression_distribution({1, 3, 0});
  const Distribution one =
      slain_distribution(Distribution::point(1), 3, 2, d3, rules::Allocation::sequential);
  EXPECT_PROB(one[1], frac(2, 3));
  EXPECT_PROB(one[0], frac(1, 3));
  // Two D3 wounds on W2 models: 1+1 kills one, any 2 or 3 kills; SHOOT-23 forbids spill-over.
  const Distribution two =
      slain_distribution(Distribution::point(2), 3, 2, d3, rules::Allocation::sequential);
  EXPECT_PROB(two[2], frac(4, 9));
  EXPECT_PROB(two[1], frac(5, 9));
}

TEST(Casualties, SHOOT_27_random_allocation_allows_repeats) {
  const Distribution d1 = Distribution::point(1);
  const Distribution w1 =
      slain_distribution(Distribution::point(2), 2, 1, d1, rules::Allocation::random);
  EXPECT_PROB(w1[1], frac(1, 2));
  EXPECT_PROB(w1[2], frac(1, 2));
  const Distribution w2 =
      slain_distribution(Distribution::point(2), 2, 2, d1, rules::Allocation::random);
  EXPECT_PROB(w2[1], frac(1, 2));
  EXPECT_PROB(w2[0], frac(1, 2));
  const Distribution three =
      slain_distribution(Distribution::point(3), 8, 1, d1, rules::Allocation::random);
  EXPECT_PROB(three[3], frac(8 * 7 * 6, 512));
}

TEST(AttackOdds, CHARGE_05_charge_bonus_attacks_and_rear_plus_one) {
  const AttackReport rear = evaluate(R"({"kind": "melee", "attacker": {"models": 5, "skill": 4,
      "attacks": 1}, "charge": "rear", "target": {"models": 10, "toughness": 3}})");
  EXPECT_EQ(rear.shots, 15);
  for (const auto& group : rear.groups) EXPECT_EQ(group.hit_goal, 5);
  EXPECT_EQ(rear.action_points, std::nullopt);
  const AttackReport front = evaluate(R"({"kind": "melee", "attacker": {"models": 5, "skill": 4},
      "charge": "front", "target": {"models": 10, "toughness": 3}})");
  EXPECT_EQ(front.shots, 10);
  for (const auto& group : front.groups) EXPECT_EQ(group.hit_goal, 4);
}

TEST(AttackOdds, MELEE_06_two_weapons_spares_the_bonus_attack) {
  const AttackReport report = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "attacks": 2}, "charge": "front", "modifiers": ["two_weapons"],
      "target": {"models": 1, "toughness": 4}})");
  ASSERT_EQ(report.groups.size(), 2u);
  EXPECT_EQ(report.groups[0].attacks, 2);
  EXPECT_EQ(report.groups[0].hit_goal, 3);
  EXPECT_EQ(report.groups[1].attacks, 1);
  EXPECT_EQ(report.groups[1].hit_goal, 4);
}

TEST(AttackOdds, MELEE_07_power_fist_doubles_strength_and_ignores_armour) {
  const AttackReport report = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "strength": 4, "attacks": 1}, "weapon": "power_fist",
      "target": {"models": 1, "toughness": 4, "save": 3, "invulnerable": 5, "wounds": 3}})");
  EXPECT_EQ(report.strength, 8);
  EXPECT_EQ(report.wound_goal.goal, 2);
  EXPECT_EQ(report.save_goal, 5);
  const double unsaved = frac(2, 3) * frac(5, 6) * frac(2, 3);
  EXPECT_PROB(report.unsaved_wounds[1], unsaved);
  EXPECT_PROB(report.slain[1], unsaved * frac(1, 3)) << "a D3 of 3 fells a W3 model";
}

TEST(AttackOdds, ADV_55_a_chainsword_strikes_at_the_better_strength) {
  // The shipped chainsword is S4: a Strength 5 wielder strikes at 5, a Strength 3 one at 4.
  const AttackReport strong = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "strength": 5}, "weapon": "chainsword", "target": {"models": 1, "toughness": 4}})");
  EXPECT_EQ(strong.strength, 5);
  const AttackReport weak = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "strength": 3}, "weapon": "chainsword", "target": {"models": 1, "toughness": 4}})");
  EXPECT_EQ(weak.strength, 4);
}

TEST(AttackOdds, ADV_62_in_smoke_a_ws5_fighter_hits_on_a_one) {
  const AttackReport report = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 5},
      "modifiers": ["in_smoke"], "target": {"models": 1, "toughness": 3}})");
  EXPECT_EQ(report.hit_goal, 1);
  EXPECT_PROB(report.p_hit, frac(1, 6));
  const AttackReport two = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 5},
      "modifiers": ["in_smoke", "two_weapons"], "target": {"models": 1, "toughness": 3}})");
  EXPECT_PROB(two.p_hit, frac(1, 12));  // goal 0 (DICE-06)
}

TEST(AttackOdds, ADV_56_a_monstrous_creature_leaves_no_armour_save) {
  // S7 against T4 wounds on 2+ (5/6); the 3+ armour is gone, a 4+ invulnerable save stands.
  const AttackReport bare = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "strength": 7, "monstrous": true}, "target": {"models": 1, "toughness": 4, "save": 3}})");
  EXPECT_FALSE(bare.save_goal.has_value());
  EXPECT_PROB(bare.p_unsaved_per_hit, frac(5, 6));
  const AttackReport warded = evaluate(R"({"kind": "melee", "attacker": {"models": 1,
      "skill": 4, "strength": 7, "monstrous": true}, "target": {"models": 1, "toughness": 4,
      "save": 3, "invulnerable": 4}})");
  EXPECT_EQ(warded.save_goal, 4);
  const AttackReport plain = evaluate(R"({"kind": "melee", "attacker": {"models": 1, "skill": 4,
      "strength": 7}, "target": {"models": 1, "toughness": 4, "save": 3}})");
  EXPECT_EQ(plain.save_goal, 3);
  EXPECT_THROW(evaluate(R"({"kind": "shooting", "attacker": {"models": 1, "skill": 4,
      "monstrous": true}, "weapon": "bolter", "range": 12, "target": {"models": 1}})"),
               std::exception);
}

TEST(AttackOdds, MELEE_22_free_hacks) {
  const AttackReport report = evaluate(R"({"kind": "melee", "free_hack": true,
      "attacker": {"models": 1, "skill": 1, "attacks": 1}, "target": {"models": 1, "toughness": 3}})");
  EXPECT_EQ(report.hit_goal, 4);
  EXPECT_PROB(report.p_hit, frac(2, 3));
}

TEST(AttackOdds, SHOOT_38_template_mixture_is_exact) {
  const AttackReport report = evaluate(R"({"attacker": {"skill": 4}, "weapon": "flamer",
      "range": 6, "models_under": {"open": 1},
      "target": {"models": 5, "toughness": 1}})");
  EXPECT_EQ(report.resolution, "template");
  EXPECT_PROB(report.unsaved_wounds[1], frac(5, 6) * frac(5, 6));
  // One open and one hard-cover model: the firer's roll ties their fates together.
  const AttackReport pair = evaluate(R"({"attacker": {"skill": 4}, "weapon": "flamer",
      "range": 6, "models_under": {"open": 1, "hard": 1},
      "target": {"models": 5, "toughness": 1, "save": null}})");
  double both = 0.0;
  for (int r = 1; r <= 6; ++r) {
    const double open = rules::p_template_model_hit(4, r, rules::Cover::none);
    const double hard = rules::p_template_model_hit(4, r, rules::Cover::hard);
    both += open * hard * frac(5, 6) * frac(5, 6) / 6.0;
  }
  EXPECT_PROB(pair.unsaved_wounds[2], both);
}

TEST(AttackOdds, SHOOT_43_area_marker_on_target_or_missing) {
  const AttackReport report = evaluate(R"({"attacker": {"skill": 3},
      "weapon": "missile_launcher_frag", "range": 30, "models_under": {"open": 2, "soft": 1},
      "target": {"models": 10, "toughness": 3, "save": 5}})");
  EXPECT_EQ(report.resolution, "area");
  ASSERT_TRUE(report.p_on_target);
  EXPECT_PROB(*report.p_on_target, frac(2, 9));
  const double u = frac(2, 3) * frac(2, 3);  // S4 vs T3 wounds on 3+; 5+ save allowed by AP6
  const double all_three = frac(2, 9) * u * u * frac(5, 6) * u;
  EXPECT_PROB(report.unsaved_wounds[3], all_three);
  const AttackReport hopeful = evaluate(R"({"attacker": {"skill": 3}, "scatter": "on_target",
      "weapon": "missile_launcher_frag", "range": 30, "models_under": {"open": 2, "soft": 1},
      "target": {"models": 10, "toughness": 3, "save": 5}})");
  EXPECT_PROB(hopeful.unsaved_wounds[3], u * u * frac(5, 6) * u);
}

TEST(AttackOdds, SHOOT_59_melta_at_half_range) {
  const AttackReport close = evaluate(R"({"attacker": {"skill": 4}, "weapon": "meltagun",
      "range": 6, "target": {"models": 1, "toughness": 8, "wounds": 6}})");
  EXPECT_PROB(close.p_wound, frac(3, 4)) << "S8 vs T8 wounds on 4+, best of two";
  const AttackReport far = evaluate(R"({"attacker": {"skill": 4}, "weapon": "meltagun",
      "range": 7, "target": {"models": 1, "toughness": 8, "wounds": 6}})");
  EXPECT_PROB(far.p_wound, frac(1, 2));
  // At half range the D6 Damage is the higher of two dice: P(6) = 11/36.
  EXPECT_PROB(close.slain[1], frac(2, 3) * frac(3, 4) * frac(11, 36));
}

// SHOOT-17 (its catalogue test): through smoke an S9 lascannon hits as S7, so against T7 it wounds
// on 4+ (1/2) instead of 2+; the shot is at BS1 (SHOOT-56); an S3 lasgun cannot fire through.
TEST(AttackOdds, SHOOT_17_lasers_through_smoke) {
  const AttackReport smoke = evaluate(R"({"attacker": {"skill": 3}, "weapon": "lascannon",
      "range": 20, "through_smoke": true, "target": {"models": 1, "toughness": 7, "wounds": 5}})");
  EXPECT_EQ(smoke.strength, 7);
  EXPECT_EQ(smoke.wound_goal.goal, 4);
  EXPECT_PROB(smoke.p_wound, frac(1, 2));
  EXPECT_EQ(smoke.hit_goal, 1) << "BS1";
  EXPECT_PROB(smoke.p_hit, frac(1, 6));
  const AttackReport clear = evaluate(R"({"attacker": {"skill": 3}, "weapon": "lascannon",
      "range": 20, "target": {"models": 1, "toughness": 7, "wounds": 5}})");
  EXPECT_EQ(clear.strength, 9);
  EXPECT_PROB(clear.p_wound, frac(5, 6));
  EXPECT_EQ(clear.hit_goal, 3);
  const AttackReport bolter = evaluate(R"({"attacker": {"skill": 4}, "weapon": "bolter",
      "range": 20, "through_smoke": true, "target": {"toughness": 4}})");
  EXPECT_EQ(bolter.strength, 4) << "not a laser: only BS1";
  EXPECT_EQ(bolter.hit_goal, 1);
  try {
    evaluate(R"({"attacker": {"skill": 3}, "weapon": "lasgun", "range": 20,
        "through_smoke": true, "target": {"toughness": 3}})");
    ADD_FAILURE() << "an S3 laser fired through smoke";
  } catch (const OddsError& error) {
    EXPECT_NE(std::string(error.what()).find("SHOOT-17"), std::string::npos) << error.what();
  }
  // A marker through smoke is fired as at a hidden target: three-dice scatter, never on target.
  const AttackReport mortar = evaluate(R"({"attacker": {"skill": 3}, "weapon": "mortar",
      "range": 30, "through_smoke": true, "target": {"models": 5, "toughness": 3},
      "models_under": {"open": 3}})");
  EXPECT_EQ(mortar.resolution, "hidden");
  ASSERT_TRUE(mortar.p_on_target.has_value());
  EXPECT_PROB(*mortar.p_on_target, 0.0);
}

TEST(AttackOdds, refusals_name_the_rule) {
  const auto refusal = [](const std::string& json) -> std::string {
    try {
      evaluate(json);
    } catch (const OddsError& error) {
      return error.what();
    }
    return "";
  };
  EXPECT_NE(refusal(R"({"attacker": {"skill": 4}, "weapon": "bolter", "range": 30,
      "target": {"toughness": 3}})")
                .find("SHOOT-01"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"attacker": {"skill": 0}, "weapon": "bolter", "range": 10,
      "target": {"toughness": 3}})")
                .find("SHOOT-10"),
            std::string::npos);
  EXPECT_NE(refusal(R"({"attacker": {"skill": 4}, "weapon": "chainsword", "range": 1,
      "target": {"toughness": 3}})")
                .find("SHOOT-05"),
            std::string::npos);
}

TEST(AttackRequests, bad_requests_name_line_and_field) {
  const auto problem = [](const std::string& json) -> data::DataError {
    try {
      parse_attack_request(json, "req.json", &library());
    } catch (const data::DataError& error) {
      return error;
    }
    ADD_FAILURE() << "expected a DataError for " << json;
    return data::DataError({}, "", "");
  };
  const data::DataError modifier = problem(
      "{\"attacker\": {\"skill\": 4}, \"weapon\": \"bolter\", \"range\": 10,\n"
      " \"modifiers\": [\"hard_cover\", \"lucky\"],\n \"target\": {\"toughness\": 3}}");
  EXPECT_EQ(modifier.field(), "modifiers[1]");
  EXPECT_EQ(modifier.where().line, 2);
  EXPECT_NE(modifier.problem().find("lucky"), std::string::npos);
  EXPECT_EQ(problem(R"({"attacker": {"skill": 4}, "weapon": "death_ray", "range": 10,
      "target": {"toughness": 3}})")
                .field(),
            "weapon");
  EXPECT_EQ(problem(R"({"attacker": {"skill": 4}, "weapon": "bolter", "range": 10,
      "target": {"toughness": 11}})")
                .field(),
            "target.toughness");
  EXPECT_EQ(problem(R"({"attacker": {"skill": 4}, "weapon": "bolter", "range": 10})").field(),
            "target");
  EXPECT_EQ(problem(R"({"attacker": {"skill": 4}, "weapon": "bolter", "range": 10,
      "rulings": {"ruling.SHOOT-18": "sometimes"}, "target": {"toughness": 3}})")
                .field(),
            "rulings.ruling.SHOOT-18");
  EXPECT_NO_THROW(
      parse_attack_request("{\"attacker\":\t{\"skill\": 4}, \"weapon\": \"bolter\","
                           " \"range\": 10, \"target\": {\"toughness\": 3}}",
                           "tabs.json", &library()));
}

TEST(AttackRequests, fast_target_takes_inches_and_inline_weapons_work) {
  const AttackReport report = evaluate(R"({"attacker": {"models": 2, "skill": 3},
      "weapon": {"type": "heavy", "shots": 2, "range": 48, "strength": 7, "ap": 4, "damage": "D3"},
      "range": 30, "modifiers": [{"fast_target": 24}, "wounded_firer"],
      "target": {"models": 3, "toughness": 5, "save": 4, "wounds": 3}})");
  EXPECT_EQ(report.hit_goal, 0);
  EXPECT_EQ(report.shots, 4);
  EXPECT_EQ(report.action_points, 2);
  const AttackReport colon = evaluate(R"({"attacker": {"skill": 4}, "weapon": "lasgun",
      "range": 20, "modifiers": ["fast_target:24"], "target": {"toughness": 3}})");
  EXPECT_EQ(colon.hit_goal, 4) << "SHOOT-16: the lasgun is a laser";
}

// SHOOT-06 is a property of the request (heavy weapon, two firings): refused at its field.
TEST(AttackRequests, SHOOT_06_a_heavy_weapon_fired_twice_is_refused_at_firings) {
  try {
    parse_attack_request(
        "{\"attacker\": {\"skill\": 4}, \"weapon\": \"heavy_bolter\",\n"
        " \"range\": 10, \"firings\": 2, \"target\": {\"toughness\": 3}}",
        "heavy.json", &library());
    ADD_FAILURE() << "a heavy bolter fired twice was accepted";
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.field(), "firings");
    EXPECT_EQ(error.where().line, 2);
    EXPECT_NE(error.problem().find("SHOOT-06"), std::string::npos) << error.what();
  }
}

// Issue 14, item 6: the data folder is read only for a weapon named by id, and YAML requests
// name library weapons just as JSON ones do.
TEST(AttackRequests, the_library_is_loaded_only_for_a_weapon_named_by_id) {
  int loads = 0;
  const LibraryLoader loader = [&loads](LibraryNeed) -> const data::Library* {
    ++loads;
    return &library();
  };
  parse_attack_request(R"({"attacker": {"skill": 4}, "range": 10, "target": {"toughness": 3},
      "weapon": {"type": "assault", "shots": 2, "range": 24, "strength": 4, "ap": 5}})",
                       "inline.json", loader);
  EXPECT_EQ(loads, 0);
  const AttackRequest yaml = parse_attack_request(
      "attacker: {skill: 4}\nweapon: bolter\nrange: 10\ntarget: {toughness: 3}\n", "bolter.yaml",
      loader);
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(yaml.weapon.id, "bolter");
  try {
    parse_attack_request("attacker: {skill: 4}\nweapon: boltr\nrange: 10\ntarget: {toughness: 3}\n",
                         "typo.yaml", loader);
    ADD_FAILURE() << "a misspelt weapon was accepted";
  } catch (const data::DataError& error) {
    EXPECT_EQ(error.field(), "weapon");
    EXPECT_EQ(error.where().line, 2);
    EXPECT_NE(error.problem().find("did you mean \"bolter\""), std::string::npos) << error.what();
  }
}

// Many templates are added up by repeated squaring: the same distribution, exactly, as adding
// one template at a time.
TEST(AttackOdds, SHOOT_38_many_templates_sum_like_one_at_a_time) {
  const AttackReport one = evaluate(R"({"attacker": {"skill": 4}, "weapon": "flamer",
      "range": 6, "models_under": {"open": 2, "soft": 1},
      "target": {"models": 30, "toughness": 3, "save": 5}})");
  const AttackReport seven = evaluate(R"({"attacker": {"models": 7, "skill": 4},
      "weapon": "flamer", "range": 6, "models_under": {"open": 2, "soft": 1},
      "target": {"models": 30, "toughness": 3, "save": 5}})");
  Distribution expected = Distribution::point(0);
  for (int i = 0; i < 7; ++i) expected = expected.plus(one.unsaved_wounds);
  ASSERT_EQ(seven.unsaved_wounds.highest(), expected.highest());
  for (int k = 0; k <= expected.highest(); ++k) {
    EXPECT_PROB(seven.unsaved_wounds[k], expected[k]);
  }
}

// The sequential chain visits only the band of states that can hold probability; checked here
// against every sequence of D3 Damage rolls, counted by hand.
TEST(Casualties, ADV_38_the_banded_chain_matches_every_damage_sequence) {
  const Distribution d3 = dice::expression_distribution({1, 3, 0});
  const int models = 3;
  const int wounds = 3;
  for (int shots = 0; shots <= 6; ++shots) {
    std::vector<double> expected(models + 1, 0.0);
    int sequences = 1;
    for (int i = 0; i < shots; ++i) sequences *= 3;
    for (int code = 0; code < sequences; ++code) {
      int slain = 0;
      int on_current = 0;
      for (int i = 0, c = code; i < shots; ++i, c /= 3) {
        if (slain == models) break;
        on_current += 1 + c % 3;
        if (on_current >= wounds) {  // SHOOT-23: the excess is lost
          ++slain;
          on_current = 0;
        }
      }
      expected[slain] += 1.0 / sequences;
    }
    const Distribution slain = slain_distribution(Distribution::point(shots), models, wounds, d3,
                                                  rules::Allocation::sequential);
    for (int k = 0; k <= models; ++k) EXPECT_PROB(slain[k], expected[k]) << shots << " " << k;
  }
}

// Issue 14, item 6: within the accepted limits, a request whose exact answer would take
// minutes is refused at once with what to shrink; large but feasible ones still answer.
TEST(OddsLimits, requests_too_large_to_compute_exactly_are_refused_with_what_to_shrink) {
  try {
    evaluate(R"({"attacker": {"models": 1000, "skill": 4}, "weapon": "deathspitter",
        "range": 10, "firings": 10, "target": {"models": 1000, "toughness": 3, "wounds": 100}})");
    ADD_FAILURE() << "ten thousand markers over a thousand models were computed";
  } catch (const TooLargeToCompute& error) {
    EXPECT_NE(std::string(error.what()).find("fewer models"), std::string::npos) << error.what();
  }
  const AttackReport big = evaluate(R"({"attacker": {"models": 1000, "skill": 4},
      "weapon": "big_shoota", "range": 10, "firings": 10,
      "target": {"models": 1000, "toughness": 3, "wounds": 100}})");
  EXPECT_EQ(big.shots, 30000);
  EXPECT_PROB(big.slain.total(), 1.0);
  EXPECT_NEAR(big.unsaved_wounds.mean(), 30000.0 * frac(2, 3) * frac(5, 6),
              1e-6);  // BS4 hits on 4-, S5 wounds T3 on 2+
}

// Issue 17: attacker and target named by army and unit take their profiles from the data.
TEST(AttackRequests, SHOOT_10_units_named_by_army_take_their_profiles) {
  int loads = 0;
  const LibraryLoader loader = [&loads](LibraryNeed) -> const data::Library* {
    ++loads;
    return &library();
  };
  const AttackRequest request = parse_attack_request(
      R"({"attacker": {"army": "space_marines", "unit": "tactical_squad", "models": 8},
          "weapon": "bolter", "range": 10,
          "target": {"army": "imperial_guard", "unit": "infantry_squad"}})",
      "named.json", loader);
  EXPECT_GE(loads, 1);
  EXPECT_EQ(request.attacker.models, 8);
  EXPECT_EQ(request.attacker.skill, 4) << "a Space Marine's BS";
  EXPECT_EQ(request.target.models, 10);
  EXPECT_EQ(request.target.toughness, 3);
  EXPECT_EQ(request.target.save, 5);
  const AttackReport report = evaluate_attack(request);
  EXPECT_EQ(report.shots, 16) << "rapid fire at half range: two each";
  // BS4 hits on 4- (2/3), S4 wounds T3 on 3+ (2/3), AP5 leaves no 5+ save.
  const Distribution expected = Distribution::binomial(16, frac(2, 3) * frac(2, 3));
  for (int k = 0; k < 10; ++k) EXPECT_PROB(report.slain[k], expected[k]);
  EXPECT_PROB(report.slain[10], expected.at_least(10));
  ASSERT_GE(report.notes.size(), 2u);
  EXPECT_NE(report.notes[0].find("Tactical Squad"), std::string::npos);
  const auto problem = [&loader](const std::string& json) {
    try {
      parse_attack_request(json, "bad.json", loader);
    } catch (const data::DataError& error) {
      return error;
    }
    ADD_FAILURE() << json;
    return data::DataError({}, "", "");
  };
  const auto unit = problem(R"({"attacker": {"army": "space_marines", "unit": "tactical_sqad"},
      "weapon": "bolter", "range": 10, "target": {"toughness": 3}})");
  EXPECT_EQ(unit.field(), "attacker.unit");
  EXPECT_NE(unit.problem().find("did you mean \"tactical_squad\""), std::string::npos);
  EXPECT_EQ(problem(R"({"attacker": {"army": "space_marines", "unit": "tactical_squad",
      "models": 11}, "weapon": "bolter", "range": 10, "target": {"toughness": 3}})")
                .field(),
            "attacker.models");
}

// Issue 17: a mêlée side named by army and unit is the same round as its statline typed out
// (Nobz: WS4 S4 T4 W2 I3 A3 Ld7 4+, big choppa S+2; Guardsmen: WS3 S3 T3 W1 I3 A1 Ld7 5+).
TEST(MeleeRequests, MELEE_05_named_sides_match_their_typed_statlines) {
  const LibraryLoader loader = [](LibraryNeed) { return &library(); };
  const MeleeRequest named = parse_melee_request(
      R"({"attacker": {"army": "orks", "unit": "nobz", "bonus_attacks": 1},
          "defender": {"army": "imperial_guard", "unit": "infantry_squad"}})",
      "named.json", loader);
  const auto& nob = *library().profile("orks/nob");
  const auto* choppa = library().weapon("big_choppa");
  ASSERT_NE(choppa, nullptr);
  const std::string typed = fmt::format(
      R"({{"attacker": {{"models": 5, "ws": {}, "s": {}, "t": {}, "w": {}, "i": {}, "a": {},
          "ld": {}, "save": {}, "ap": {}, "bonus_attacks": 1}},
          "defender": {{"models": 10, "ws": 3, "s": 3, "t": 3, "w": 1, "i": 3, "a": 1, "ld": 7,
          "save": 5}}}})",
      nob.weapon_skill, choppa->strength.resolve(nob.strength), nob.toughness, nob.wounds,
      nob.initiative, nob.attacks, nob.leadership, *nob.save,
      choppa->ap ? std::to_string(*choppa->ap) : std::string("null"));
  const MeleeRequest typed_request = parse_melee_request(typed, "typed.json");
  const MeleeReport a = evaluate_melee(named);
  const MeleeReport b = evaluate_melee(typed_request);
  EXPECT_PROB(a.attacker_wins, b.attacker_wins);
  EXPECT_PROB(a.defender_routs, b.defender_routs);
  for (int k = 0; k <= 10; ++k) EXPECT_PROB(a.attacker_slain[k], b.attacker_slain[k]);
  EXPECT_EQ(named.named_units.size(), 2u);
}

// Issue 17: a squad's groups wound one unit in turn. Checked against every outcome counted by
// hand: a D3-Damage hit (unsaved with 1/2), then two Damage-1 shots (each unsaved with 1/3), on
// two models of 2 wounds; damage stays on the model in line and never spills (SHOOT-23, ADV-38).
TEST(Casualties, ADV_38_groups_of_a_squad_carry_damage_model_by_model) {
  const Distribution d3 = dice::expression_distribution({1, 3, 0});
  const Distribution one = Distribution::point(1);
  const std::vector<GroupWounds> groups{{Distribution::binomial(1, frac(1, 2)), d3},
                                        {Distribution::binomial(2, frac(1, 3)), one}};
  const Distribution slain = slain_by_groups(groups, 2, 2);
  std::vector<double> expected(3, 0.0);
  for (int a = 0; a <= 1; ++a) {
    for (int damage = 1; damage <= 3; ++damage) {
      if (a == 0 && damage > 1) continue;
      const double pa = a == 1 ? frac(1, 2) * frac(1, 3) : frac(1, 2);
      for (int b = 0; b <= 2; ++b) {
        const double pb = b == 0 ? frac(4, 9) : b == 1 ? frac(4, 9) : frac(1, 9);
        int dead = 0;
        int on = 0;
        const auto wound = [&](int amount) {
          if (dead == 2) return;
          on += amount;
          if (on >= 2) {
            ++dead;
            on = 0;
          }
        };
        if (a == 1) wound(damage);
        for (int i = 0; i < b; ++i) wound(1);
        expected[dead] += pa * pb;
      }
    }
  }
  for (int k = 0; k <= 2; ++k) EXPECT_PROB(slain[k], expected[k]) << k;
}

// Issue 17: a unit named without a weapon fires every model's own: the Guard squad's sergeant,
// lasguns, flamer and grenade launcher, each group with its goals, summed exactly; on W1 models
// every unsaved wound is a model slain.
TEST(AttackRequests, SHOOT_27_a_named_squad_fires_every_models_weapon) {
  const AttackRequest request = parse_attack_request(
      R"({"attacker": {"army": "imperial_guard", "unit": "infantry_squad", "models": 8},
          "range": 8, "target": {"army": "space_marines", "unit": "tactical_squad"}})",
      "squad.json", &library());
  ASSERT_EQ(request.squad.size(), 4u);
  int models = 0;
  for (const auto& group : request.squad) models += group.models;
  EXPECT_EQ(models, 8) << "two guardsmen lost from the rank and file";
  EXPECT_EQ(request.squad[1].models, 5);
  EXPECT_EQ(request.squad[2].weapon.id, "flamer");
  const AttackReport report = evaluate_attack(request);
  ASSERT_EQ(report.squad.size(), 4u);
  EXPECT_EQ(report.squad[1].shots, 10) << "five lasguns, two shots each at half range";
  double mean = 0.0;
  for (const auto& row : report.squad) mean += row.mean_unsaved;
  EXPECT_NEAR(report.unsaved_wounds.mean(), mean, 1e-12);
  for (int k = 0; k < 10; ++k) EXPECT_PROB(report.slain[k], report.unsaved_wounds[k]);
  EXPECT_PROB(report.slain[10], report.unsaved_wounds.at_least(10));
}

TEST(TestOdds, ACT_07_activation_report_json) {
  const nlohmann::json report = activation_report(4, 3, rules::ActivationCondition::normal);
  EXPECT_EQ(report["value"], 4);
  EXPECT_PROB(report["p_bust"].get<double>(), frac(7, 27));
  ASSERT_EQ(report["actions"].size(), 4u);
  EXPECT_PROB(report["actions"][3].get<double>(), frac(8, 27));
}

TEST(TestOdds, DICE_09_leadership_report_json) {
  const nlohmann::json report = leadership_report(8, -3, false);
  EXPECT_EQ(report["target"], 5);
  EXPECT_PROB(report["p_pass"].get<double>(), frac(5, 18));
}

}  // namespace
}  // namespace arap::odds
