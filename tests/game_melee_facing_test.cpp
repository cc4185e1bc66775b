// ADV-52 (advanced, option melee_facing): at the start of each mêlée round a model beset by
// enemies turns to face the most numerous of them, so its front-arc blows reach the others only
// through MELEE-08's later tiers; the Charge's bonuses were fixed before it turned.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "support/arranged_fight.hpp"

namespace arap::game {
namespace {

// Red: a Guard infantry squad (unit 0); its sergeant (model 0) stands at (24, 20) facing 135
// degrees (south-east). Blue: Slugga Boyz (unit 1): two Boyz touch him from the north, 35
// degrees either side of it, and a third touches him from straight south. The rest of both units
// wait far off. Every die a 6: every blow misses, the round is drawn and the fight goes on.
class MeleeFacing : public test::ArrangedFight {
 protected:
  void arrange(const std::string& extra) {
    setup_ = guard_against_boyz("melee_facing_" + std::to_string(++count_), extra);
    const int first = setup_->units[1].first_model;
    left_ = first + 1;
    right_ = first + 2;
    rear_ = first + 3;
    const double touch = 0.98;  // two 25 mm bases
    const double side = touch * std::sin(35.0 * M_PI / 180.0);
    const double ahead = touch * std::cos(35.0 * M_PI / 180.0);
    place(0, 24.0, 20.0, 135.0);
    place(left_, 24.0 - side, 20.0 + ahead, 180.0);
    place(right_, 24.0 + side, 20.0 + ahead, 180.0);
    place(rear_, 24.0, 20.0 - touch, 0.0);
    lock(0, 1);
    state_.scripted_dice = &constant_;
  }

  // MELEE-08's tier (1: contact in arc, 2: contact out of it) of each Boy for the sergeant's
  // front-arc blows, as the state now stands.
  std::map<int, int> tiers() const {
    std::vector<std::pair<double, int>> order;
    detail::allocation_order(state_, 0, std::uint64_t{1} << 1, table::AttackArc::front, order);
    std::map<int, int> out;
    for (const auto& [key, model] : order)
      if (model == left_ || model == right_ || model == rear_)
        out[model] = static_cast<int>(key / 1000.0);
    return out;
  }

  std::shared_ptr<const GameSetup> setup_;
  int left_ = 0, right_ = 0, rear_ = 0;
  int count_ = 0;
};

TEST_F(MeleeFacing, ADV_52_a_fighter_beset_front_and_rear_faces_the_pair) {
  arrange("");
  // Before the round he faces the lone Boy: it is his first tier, the pair his second.
  EXPECT_EQ(tiers(), (std::map<int, int>{{left_, 2}, {right_, 2}, {rear_, 1}}));
  fight(0, 1);
  ASSERT_NE(state_.units[0].locked & 2u, 0u) << "the fight goes on";
  // He turned squarely to the pair (north, bearing 0).
  EXPECT_NEAR(std::remainder(state_.models[0].pose.facing, 360.0), 0.0, 1e-9);
  const auto* facing = last("melee_facing");
  ASSERT_NE(facing, nullptr);
  EXPECT_EQ(facing->at("rule"), "ADV-52");
  const auto turned = facing->at("models").get<std::vector<int>>();
  EXPECT_NE(std::find(turned.begin(), turned.end(), 0), turned.end());
  // Now the pair take his wounds first; the Boy behind him only once they are gone.
  EXPECT_EQ(tiers(), (std::map<int, int>{{left_, 1}, {right_, 1}, {rear_, 2}}));
}

TEST_F(MeleeFacing, ADV_52_a_model_already_facing_the_larger_group_keeps_its_facing) {
  arrange("");
  place(0, 24.0, 20.0, 10.0);  // the pair already in his front arc
  fight(0, 1);
  EXPECT_NEAR(state_.models[0].pose.facing, 10.0, 1e-9);
  const auto* facing = last("melee_facing");
  if (facing != nullptr) {
    const auto turned = facing->at("models").get<std::vector<int>>();
    EXPECT_EQ(std::find(turned.begin(), turned.end(), 0), turned.end());
  }
}

// The threats about a model are the foes within either one's mêlée radius (MELEE-01: here the
// models' size, 2"). A Guardsman 1.99" west of a Boy turns to face him (east, bearing 90); 2.01"
// off he has no threat about him and keeps facing west. The round's other turns are not asked.
TEST_F(MeleeFacing, ADV_52_only_foes_within_the_melee_radius_are_threats) {
  arrange("");
  const table::Point boy = state_.models[left_].pose.position;
  for (const double gap : {1.99, 2.01}) {
    place(1, boy.x - gap, boy.y, 270.0);
    const auto turned = detail::face_threats(state_, {0});
    const bool turned_him = std::find(turned.begin(), turned.end(), 1) != turned.end();
    EXPECT_EQ(turned_him, gap < 2.0) << gap;
    EXPECT_NEAR(state_.models[1].pose.facing, gap < 2.0 ? 90.0 : 270.0, 1e-9) << gap;
  }
}

TEST_F(MeleeFacing, ADV_52_switched_off_nobody_turns) {
  arrange("options: {melee_facing: false}\n");
  fight(0, 1);
  EXPECT_NEAR(state_.models[0].pose.facing, 135.0, 1e-9);
  EXPECT_EQ(last("melee_facing"), nullptr);
  EXPECT_EQ(tiers(), (std::map<int, int>{{left_, 2}, {right_, 2}, {rear_, 1}}));
}

}  // namespace
}  // namespace arap::game
