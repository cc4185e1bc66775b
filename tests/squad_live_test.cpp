// Issue 17: the exact odds of a whole squad's fire against the same squad firing in the engine.
// A Guard Veteran squad (a plasma pistol, four shotguns, a meltagun) shoots a Tactical squad 8"
// away in the open, many times from the same position with live dice; the models slain must fit
// the distribution `arap odds attack` computes for the named squad (chi-square).
#include <gtest/gtest.h>

#include "dice/random_dice.hpp"
#include "odds/attack_request.hpp"
#include "support/expect.hpp"
#include "support/scripted_game.hpp"

namespace arap::game {
namespace {

using test::act;

class SquadLive : public test::ScriptedGame {
 protected:
  void SetUp() override {
    // The Veterans in a line 8" short of the Marines' front rank (a block of five by two): every
    // shooter is 8-11" from every target, inside 12" and outside half range.
    begin(test::battle("squad_live", "imperial_guard",
                       "[{unit: veteran_squad, at: [24, 14], spacing: 1.2}]", "space_marines",
                       "[{unit: tactical_squad, at: [24, 22.6], facing: 180, formation: block, "
                       "spacing: 1.2}]"),
          5);
  }
};

TEST_F(SquadLive, SHOOT_27_a_squads_fire_in_play_fits_its_exact_odds) {
  const auto& library = *setup_->library;
  const odds::LibraryLoader loader = [&library](odds::LibraryNeed) { return &library; };
  const odds::AttackRequest request = odds::parse_attack_request(
      R"({"attacker": {"army": "imperial_guard", "unit": "veteran_squad"}, "range": 8,
          "target": {"army": "space_marines", "unit": "tactical_squad"}})",
      "squad.json", loader);
  const odds::AttackReport exact = odds::evaluate_attack(request);
  ASSERT_EQ(exact.squad.size(), 3u) << "plasma pistol, shotguns, meltagun";

  script({1});
  must(activate(0, 1));
  Action shoot = act(ActionKind::shoot, 0);
  shoot.target = 1;
  const GameState ready = state_;
  const int models = setup_->units[1].model_count;
  dice::RandomDice live(20261124);
  std::map<int, long> slain;
  const long samples = 20000;
  for (long i = 0; i < samples; ++i) {
    GameState s = ready;
    s.scripted_dice = &live;
    ASSERT_EQ(apply(s, shoot, nullptr), "");
    ++slain[models - s.living_models(1)];
  }
  test::expect_fits(slain, exact.slain, samples);
}

}  // namespace
}  // namespace arap::game
