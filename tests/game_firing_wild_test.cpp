// ADV-34 (advanced, option firing_wild_limits): a shot at a model nobody sees is fired wild, at
// BS1 (SHOOT-56), and bows, crossbows, slings, antique pistols and muskets are never fired wild.
// They may still snap shoot at BS1 at a seen target, as when Standing and Firing at Chargers
// (CHARGE-15). No shipped weapon is one of these, so the tests bring a musket of their own.
#include <gtest/gtest.h>

#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// The shipped data, a musket (cannot_fire_wild) and an army of musketeers, loaded once.
std::shared_ptr<const data::Library> musket_library() {
  static const auto library = test::library_with(
      "musket",
      {{"weapons.yaml",
        "  - {id: musket, name: Musket, range: 18, type: assault, shots: 1, strength: 4, ap: 6,\n"
        "     properties: [cannot_fire_wild]}\n"},
       {"armies/zz_musketeers.yaml",
        "army: frontier_militia\n"
        "profiles:\n"
        "  - {id: militiaman, M: 4, WS: 3, BS: 4, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 6}\n"
        "units:\n"
        "  - id: musketeers\n"
        "    models:\n"
        "      - {profile: militiaman, count: 5, weapons: [musket]}\n"}});
  return library;
}

constexpr const char* kCloud =
    "terrain:\n  - {id: cloud, kind: smoke, polygon: [[4, 14], [44, 14], [44, 18], [4, 18]]}\n";

// Red: the musketeers (unit 0) at y = 8 facing north; Blue: Slugga Boyz (unit 1) 14" up the table
// facing south, behind the smoke cloud unless `clear`.
class FiringWild : public test::ScriptedGame {
 protected:
  void arrange(bool clear, const std::string& options = "") {
    const std::string text =
        "name: firing_wild\n"
        "table: {width: 48, height: 48}\n"
        "turn_limit: 6\n" +
        options + (clear ? std::string() : std::string(kCloud)) +
        "sides:\n"
        "  - {name: Red, army: frontier_militia, units: [{unit: musketeers, at: [24, 8]}]}\n"
        "  - {name: Blue, army: orks, units: [{unit: slugga_boyz, at: [24, 22], facing: 180,\n"
        "      spacing: 1.5}]}\n";
    begin(make_setup_from_text(text, "firing_wild.yaml", musket_library()), 3);
  }

  Action volley() const {
    Action a = act(ActionKind::shoot, 0);
    a.target = 1;
    return a;
  }

  const Event* roll(const std::string& rule) const {
    for (const auto& e : log_)
      if (e.value("type", "") == "roll" && e.value("rule", "") == rule) return &e;
    return nullptr;
  }
};

TEST_F(FiringWild, ADV_34_a_musket_is_never_fired_wild_into_smoke) {
  arrange(false);
  script({1});
  must(activate(0, 1));
  const std::string reason = illegal_reason(state_, volley());
  EXPECT_EQ(reason.rfind("ADV-34:", 0), 0u) << reason;
  EXPECT_NE(reason.find("Musket"), std::string::npos) << reason;
  for (const auto& a : legal_actions(state_)) EXPECT_NE(a.kind, ActionKind::shoot) << a.unit;
}

TEST_F(FiringWild, ADV_34_switched_off_the_musket_fires_through_smoke_at_bs1) {
  arrange(false, "options: {firing_wild_limits: false}\n");
  script({1});
  must(activate(0, 1));
  ASSERT_EQ(illegal_reason(state_, volley()), "");
  script({2, 2, 2, 2, 2});  // five muskets, every one a 2: BS1 hits on a 1 only
  must(volley());
  const Event* hit = roll("SHOOT-10");
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->at("goal"), 1);
  EXPECT_EQ(hit->at("hits"), 0);
  EXPECT_TRUE(dice_.exhausted());
}

TEST_F(FiringWild, ADV_34_in_the_open_the_musket_aims_at_its_bs) {
  arrange(true);
  script({1});
  must(activate(0, 1));
  script({4, 5, 5, 5, 5});                   // BS4: the 4 hits, the 5s miss
  for (int i = 0; i < 10; ++i) script({1});  // wound, save and anything after: all 1s
  must(volley());
  const Event* hit = roll("SHOOT-10");
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->at("goal"), 4);
  EXPECT_EQ(hit->at("hits"), 1);
}

// The catalogue's other half: a musket may snap shoot. The Boyz charge from 14" (beyond their
// 4" move, so Stand and Fire is offered, CHARGE-13) and fall short; the musketeers' shots at them
// are at BS1: goal 1.
TEST_F(FiringWild, ADV_34_a_musket_snap_shoots_at_chargers_at_bs1) {
  arrange(true);
  second_side_charges(1, 0);
  script({1, 1});           // the Charge distance: 4 + 2", short (a roll over 12" would cost -1)
  script({1, 1});           // the Stand and Fire activation roll: two successes
  script({1, 2, 2, 2, 2});  // one musket hits (a 1), four miss
  for (int i = 0; i < 60; ++i) script({6});  // everything after fails or misses
  must(act(ActionKind::stand_and_fire, 0));
  const Event* hit = roll("CHARGE-15");
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(hit->at("goal"), 1);
  EXPECT_EQ(hit->at("hits"), 1);
}

}  // namespace
}  // namespace arap::game
