// ADV-51: a unit charges only enemies it can see or knows are there; with the GM's blind_charges
// allowance a charge at an unseen enemy goes ahead without its Charge bonuses.
#include <gtest/gtest.h>

#include "game/context.hpp"
#include "game/record.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

// Red: a Guard infantry squad (unit 0) facing north at y = 14; Blue: an Assault squad (unit 1)
// facing it from y = 24. A smoke cloud fills the strip between them (y 17-21), so neither sees
// the other; the Assault squad could reach the Guard through it.
class ChargeKnownEnemies : public test::ScriptedGame {
 protected:
  void arrange(const std::string& options) {
    begin(test::battle("known_enemies_" + std::to_string(++count_), "imperial_guard",
                       "[{unit: infantry_squad, at: [24, 14]}]", "space_marines",
                       "[{unit: assault_squad, at: [24, 24], facing: 180, spacing: 1.5}]",
                       options +
                           "terrain:\n"
                           "  - {id: cloud, kind: smoke, polygon: [[0, 17], [48, 17], [48, 21], "
                           "[0, 21]]}\n"),
          3);
    must(act(ActionKind::end_phase));
    script({1});
    must(activate(1, 1));
  }

  bool charge_listed() const {
    for (const auto& a : legal_actions(state_))
      if (a.kind == ActionKind::charge && a.unit == 1 && a.target == 0) return true;
    return false;
  }

  const Event* last(const std::string& type) const {
    for (auto it = log_.rbegin(); it != log_.rend(); ++it)
      if (it->value("type", "") == type) return &*it;
    return nullptr;
  }

  int count_ = 0;
};

TEST_F(ChargeKnownEnemies, ADV_51_a_charge_at_an_enemy_out_of_sight_is_refused) {
  arrange("");
  const GameState before = state_;
  const std::string reason = apply(state_, charge(1, 0), &log_);
  EXPECT_NE(reason.find("ADV-51"), std::string::npos) << reason;
  EXPECT_EQ(state_, before);
  EXPECT_FALSE(charge_listed());
}

TEST_F(ChargeKnownEnemies, ADV_51_switched_off_the_unseen_enemy_may_be_charged) {
  arrange("options: {charge_known_enemies: false}\n");
  EXPECT_EQ(illegal_reason(state_, charge(1, 0)), "");
  EXPECT_TRUE(charge_listed());
}

TEST_F(ChargeKnownEnemies, ADV_51_a_blind_charge_the_GM_allows_gets_no_bonuses) {
  arrange("options: {blind_charges: true}\n");
  EXPECT_TRUE(charge_listed());
  must(charge(1, 0));
  ASSERT_EQ(state_.phase, Phase::charge_response);
  script({6, 6});  // 4 + 12 = 16": in contact
  must(act(ActionKind::hold, 0));
  ASSERT_NE(last("blind_charge"), nullptr);
  EXPECT_EQ(last("blind_charge")->at("rule"), "ADV-51");
  ASSERT_NE(last("charge"), nullptr);
  EXPECT_EQ(last("charge")->at("approach"), "front");
  EXPECT_EQ(last("charge")->at("bonus_attacks"), 0) << "a frontal charge would get 1 (CHARGE-05)";
  EXPECT_TRUE(state_.units[1].locked & 1u);
  EXPECT_NE(battle_report(*setup_, log_).find("blind: no Charge bonuses (ADV-51)"),
            std::string::npos);
}

}  // namespace
}  // namespace arap::game
