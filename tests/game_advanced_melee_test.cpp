// Advanced mêlée rules of issue 19 played through the engine with forced dice: ADV-55 (contact
// weapons strike at the better Strength), ADV-61 (mass attacks), ADV-62 (blows struck in smoke or
// a blind cloud, with ruling.ADV-62) and ADV-66 (No Retreat).
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "rules/combat_resolution.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

using test::act;
using test::ConstantDice;

// ADV-55 on the shipped weapons: the chainsword's fixed S4 is a floor for its wielder, a pistol
// keeps its own Strength, and with the option off the weapon's own Strength stands.
TEST(BetterStrength, ADV_55_a_contact_weapon_strikes_at_the_better_strength) {
  const auto& library = *test::shipped_library();
  const auto& chainsword = *library.weapon("chainsword");
  const auto& bolt_pistol = *library.weapon("bolt_pistol");
  const auto& power_axe = *library.weapon("power_axe");
  EXPECT_EQ(chainsword.strength_for(5, true), 5);
  EXPECT_EQ(chainsword.strength_for(3, true), 4);
  EXPECT_EQ(bolt_pistol.strength_for(5, true), 4);  // a shot, in mêlée too
  EXPECT_EQ(chainsword.strength_for(5, false), 4);  // option better_strength off
  EXPECT_EQ(power_axe.strength_for(4, true), 5);    // User+1 is GEN-10's, not a floor
}

// Red: a Guard squad (unit 0): Guardsman X (model 1) touches the Lictor (unit 1, model 10, WS6)
// in front, as in the MELEE-08 tests; the rest of the squad waits well off. Every die a 6: every
// blow misses and the round is drawn, so only the goals are seen.
class SmokeFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra) {
    begin(test::battle("smoke_fight_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}]", "tyranids",
                       "[{unit: lictor, at: [24, 24], facing: 180}]", extra),
          3);
    log_.clear();
    place(10, 24.0, 20.0, 180.0);
    place(1, 24.0, 18.7, 0.0);
    for (const int m : {0, 2, 3, 4, 5, 6, 7, 8, 9}) place(m, 8.0 + 1.5 * m, 6.0, 0.0);
    lock(0, 1);
    state_.scripted_dice = &constant_;
  }

  // The to-hit goal of the first mêlée roll of `unit`.
  int goal_of(int unit) const {
    for (const auto& e : rolls("MELEE-05"))
      if (e.at("unit") == unit) return e.at("goal").get<int>();
    ADD_FAILURE() << "unit " << unit << " struck no blow";
    return -99;
  }

  // A cloud over the Lictor alone, or over Guardsman X alone.
  static std::string cloud(bool over_lictor, const std::string& more = "") {
    const std::string y = over_lictor ? "[[20, 19.5], [28, 19.5], [28, 23], [20, 23]]"
                                      : "[[20, 17], [28, 17], [28, 19.2], [20, 19.2]]";
    return "terrain:\n  - {id: cloud, kind: smoke, polygon: " + y + more + "}\n";
  }

  int count_ = 0;
};

TEST_F(SmokeFight, ADV_62_blows_struck_in_the_open_keep_their_goals) {
  arrange("");
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 5);  // WS6, at most 5 (MELEE-05)
  EXPECT_EQ(goal_of(0), 3);  // WS3 with his free knife (ADV-57)
}

TEST_F(SmokeFight, ADV_62_a_blow_struck_into_or_out_of_smoke_starts_from_one) {
  arrange(cloud(true));
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 1);  // WS6 in the cloud
  EXPECT_EQ(goal_of(0), 1);  // into the cloud: 1
}

TEST_F(SmokeFight, ADV_62_ruling_attacker_in_cloud_blinds_only_those_standing_in_it) {
  arrange(cloud(false) + "rulings: {ruling.ADV-62: attackerInCloud}\n");
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 5);  // the Lictor stands outside: its blows into the cloud keep WS6
  EXPECT_EQ(goal_of(0), 1);  // X stands in it
}

TEST_F(SmokeFight, ADV_62_infra_vision_pierces_smoke_but_not_a_blind_cloud) {
  arrange(cloud(true));
  state_.models[10].pose.infra_vision = true;  // ADV-35 (no shipped profile has it)
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 5);
  EXPECT_EQ(goal_of(0), 1);  // the Guardsman has no such eyes
  arrange(cloud(true, ", blind: true"));
  state_.models[10].pose.infra_vision = true;
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 1);
}

TEST_F(SmokeFight, ADV_62_the_option_off_ignores_the_cloud) {
  arrange(cloud(true) + "options: {fighting_in_smoke: false}\n");
  fight(0, 1);
  EXPECT_EQ(goal_of(1), 5);
  EXPECT_EQ(goal_of(0), 3);
}

TEST(NoRetreat, ADV_66_extra_wounds_are_the_points_the_round_was_lost_by) {
  using rules::CombatTally;
  // The catalogue's case: the fearless squad's CRS -2 against the enemy's +2: four wounds.
  const std::vector<CombatTally> two = {{0, 0, 2, 0, false}, {1, 2, 0, 0, false}};
  EXPECT_EQ(rules::no_retreat_wounds(two, 0), 4);
  // Lost by modifiers alone (WD 0, CRS -1 against 0): one; never fewer than one.
  const std::vector<CombatTally> close = {{0, 1, 1, -1, false}, {1, 1, 1, 0, false}};
  EXPECT_EQ(rules::no_retreat_wounds(close, 0), 1);
  // More units: the loser's own negative score.
  const std::vector<CombatTally> three = {
      {0, 0, 3, 0, false}, {1, 2, 0, 0, false}, {1, 1, 0, 0, false}};
  EXPECT_EQ(rules::no_retreat_wounds(three, 0), 3);
}

// Red: a Guard squad (unit 0); Guardsmen X (model 1) and Y (model 2) touch Ripper R1 (unit 1,
// model 10: fearless, W3, no save); R2 and R3 (models 11, 12) stand far off, R2 the nearer to the
// Guard. X and Y each hit and wound (1, then 6: S3 against T3 needs 4+); R1's three blows miss.
// The rippers lose by WD -2 against +2.
class RipperFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra) {
    begin(test::battle("ripper_fight_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}]", "tyranids",
                       "[{unit: ripper_swarms, at: [24, 30], facing: 180}]", extra),
          3);
    place(10, 24.0, 20.0, 180.0);
    place(11, 36.0, 36.0, 180.0);
    place(12, 40.0, 40.0, 180.0);
    place(1, 24.0, 18.7, 0.0);
    place(2, 25.25, 19.3, 0.0);
    for (const int m : {0, 3, 4, 5, 6, 7, 8, 9}) place(m, 8.0 + 1.5 * m, 6.0, 0.0);
    lock(0, 1);
    script({1, 6, 1, 6});  // X and Y: hit, wound
    script({6, 6, 6});     // R1 misses three times
    for (int i = 0; i < 40; ++i) script({6});
  }

  std::vector<int> casualties() const {
    std::vector<int> out;
    for (const auto& e : log_)
      if (e.value("type", "") == "casualty") out.push_back(e.at("model").get<int>());
    return out;
  }

  int count_ = 0;
};

TEST_F(RipperFight, ADV_66_a_fearless_unit_that_loses_takes_the_points_as_wounds) {
  arrange("");
  fight(0, 1);
  EXPECT_EQ(last("combat_result")->at("score"), nlohmann::json({2, -2}));
  const auto extra = rolls("ADV-66");
  ASSERT_EQ(extra.size(), 1u);
  EXPECT_EQ(extra[0].at("unit"), 1);
  EXPECT_EQ(extra[0].at("wounds"), 4);
  EXPECT_EQ(extra[0].at("unsaved"), 4);  // rippers have no save
  EXPECT_EQ(extra[0].at("goal"), 0);
  // R1's last Wound, then three on R2, the next nearest the Guard: both fall.
  EXPECT_EQ(casualties(), (std::vector<int>{10, 11}));
  EXPECT_TRUE(state_.models[12].pose.alive);
  EXPECT_TRUE(rolls("MELEE-16").empty());  // fearless: no rout test (MORALE-02)
}

TEST_F(RipperFight, ADV_66_a_lone_fearless_model_takes_no_extra_wounds) {
  arrange("");
  for (const int m : {11, 12}) {
    state_.models[m].pose.alive = false;
    state_.models[m].wounds_left = 0;
  }
  fight(0, 1);
  EXPECT_TRUE(rolls("ADV-66").empty());
  EXPECT_TRUE(state_.models[10].pose.alive);
}

TEST_F(RipperFight, ADV_66_the_option_off_spares_the_losers) {
  arrange("options: {no_retreat: false}\n");
  fight(0, 1);
  EXPECT_TRUE(rolls("ADV-66").empty());
  EXPECT_TRUE(casualties().empty());
}

// Red: a Guard squad (unit 0) with Guardsmen 1-8 in a ring about a lone Tactical Marine (model 11;
// the rest of his squad has fallen), every base touching his. Every die a 6: all blows miss.
class MassFight : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra) {
    begin(test::battle("mass_fight_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 10]}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 30], facing: 180}]", extra),
          3);
    for (int m = 10; m < 20; ++m) {
      state_.models[m].pose.alive = m == 11;
      state_.models[m].wounds_left = m == 11 ? 1 : 0;
    }
    place(11, 24.0, 20.0, 180.0);
    for (int i = 0; i < 8; ++i) {
      const double bearing = 45.0 * i;
      const table::Point at = table::Point{24.0, 20.0} + table::heading_vector(bearing) * 1.3;
      place(1 + i, at.x, at.y, table::normalise_bearing(bearing + 180.0));
    }
    place(0, 8.0, 6.0, 0.0);
    place(9, 12.0, 6.0, 0.0);
    lock(0, 1);
    state_.scripted_dice = &constant_;
  }

  int attacks_by(int unit) const {
    int total = 0;
    for (const auto& e : rolls("MELEE-05"))
      if (e.at("unit") == unit) total += e.at("attacks").get<int>();
    return total;
  }

  int count_ = 0;
};

TEST_F(MassFight, ADV_61_no_more_than_six_attackers_of_equal_size_on_one_model) {
  arrange("");
  fight(0, 1);
  EXPECT_EQ(attacks_by(0), 6);  // eight Guardsmen touch him; two find no one to strike
}

TEST_F(MassFight, ADV_61_the_option_off_lets_all_eight_strike) {
  arrange("options: {mass_attacks: false}\n");
  fight(0, 1);
  EXPECT_EQ(attacks_by(0), 8);
}

TEST_F(RipperFight, ADV_61_smaller_attackers_are_neither_limited_nor_counted) {
  arrange("");
  detail::MassAttacks mass(state_, true);
  // Six Size 2 Guardsmen on Ripper R1 (Size 1): a seventh is refused, a repeat is not.
  for (int m = 1; m <= 6; ++m) {
    ASSERT_TRUE(mass.allows(m, 10));
    mass.attacked(m, 10);
  }
  EXPECT_FALSE(mass.allows(7, 10));
  EXPECT_TRUE(mass.allows(3, 10));
  EXPECT_TRUE(mass.allows(7, 11));  // another ripper
  // The Size 1 rippers on Guardsman X are never limited.
  for (const int r : {10, 11, 12}) mass.attacked(r, 1);
  EXPECT_TRUE(mass.allows(10, 1));
  EXPECT_TRUE(detail::MassAttacks(state_, false).allows(7, 10));
}

// ADV-56 on the shipped Hive Tyrant (a monstrous creature) striking with its scything talons
// (AP -): a Tactical Marine's 3+ armour is no use with the option on; the Captain's 4+
// invulnerable save stands.
TEST(MonstrousBlows, ADV_56_a_monstrous_creature_leaves_no_armour_save) {
  for (const bool on : {false, true}) {
    const auto setup = test::battle(
        on ? "monstrous_on" : "monstrous_off", "tyranids", "[{unit: hive_tyrant, at: [24, 20]}]",
        "space_marines",
        "[{unit: tactical_squad, at: [24, 30], facing: 180}, {unit: captain, at: [10, 30]}]",
        on ? "options: {monstrous_creature_bonus: true}\n" : "");
    GameState state = initial_state(*setup, 1);
    detail::Context c(state, nullptr);
    const data::WeaponProfile* talons = nullptr;
    for (const auto* w : setup->models[0].group->weapons)
      if (w->id == "scything_talons") talons = w;
    ASSERT_NE(talons, nullptr);
    const int marine = setup->units[1].first_model + 1;
    const int captain = setup->units[2].first_model;
    EXPECT_EQ(detail::blow_profile(c, 0, marine, talons).save, on ? std::nullopt : std::optional(3))
        << (on ? "on" : "off");
    EXPECT_EQ(detail::blow_profile(c, 0, captain, talons).save, on ? 4 : 3);
    // The marine's blows on the Tyrant keep its 3+ save: only monstrous strikers count.
    EXPECT_EQ(detail::blow_profile(c, marine, 0, nullptr).save, 3);
  }
}

}  // namespace
}  // namespace arap::game
