// A battle whose dice are scripted, for game rule tests.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "dice/scripted_dice.hpp"
#include "game/engine.hpp"
#include "support/game_fixture.hpp"

namespace arap::test {

using game::Action;
using game::ActionKind;
using game::apply;
using game::describe;
using game::EventLog;
using game::GameSetup;
using game::GameState;
using game::initial_state;

// Every die shows the same face: the outcome of a whole round is then fixed and checkable.
class ConstantDice final : public dice::DiceSource {
 public:
  explicit ConstantDice(int face) : face_(face) {}
  int roll(int sides) override { return std::min(face_, sides); }

 private:
  int face_;
};

// A battle whose dice are scripted, with helpers to apply actions and read the log.
class ScriptedGame : public ::testing::Test {
 protected:
  void begin(std::shared_ptr<const GameSetup> setup, std::uint64_t seed) {
    setup_ = std::move(setup);
    state_ = initial_state(*setup_, seed);
    state_.scripted_dice = &dice_;
  }

  // A lone Red `unit` of `army` (unit 0) at (24, 10) facing north, Blue's Slugga Boyz far off at
  // (24, 44); `extra` is more scenario text (options, terrain). It is Red's turn, unit 0 activated
  // on two scripted successes (2 AP).
  void begin_lone_unit(const std::string& name, const std::string& army, const std::string& unit,
                       const std::string& extra = "", std::uint64_t seed = 3) {
    begin(battle(name, army, "[{unit: " + unit + ", at: [24, 10], facing: 0}]", "orks",
                 "[{unit: slugga_boyz, at: [24, 44], facing: 180}]", extra),
          seed);
    state_.phasing = 0;
    script({1, 1});
    must(activate(0, 2));
  }

  void script(std::initializer_list<int> faces) {
    for (const int f : faces) dice_.push(f);
  }

  Action activate(int unit, int dice) {
    Action a = act(ActionKind::activate, unit);
    a.dice = dice;
    return a;
  }

  void must(const Action& a) { ASSERT_EQ(apply(state_, a, &log_), "") << describe(a); }

  // A normal move of every model of `unit` by (dx, dy).
  Action move(int unit, double dx, double dy) const {
    Action a = act(ActionKind::move, unit);
    a.dx = dx;
    a.dy = dy;
    return a;
  }

  // A shot by `unit` at `target` (heavy weapons with `heavy`).
  Action shoot(int unit, int target, bool heavy = false) const {
    Action a = act(ActionKind::shoot, unit);
    a.target = target;
    a.heavy = heavy;
    return a;
  }

  // Puts model `model` at (x, y) facing `facing`.
  void place(int model, double x, double y, double facing) {
    state_.models[model].pose.position = {x, y};
    state_.models[model].pose.facing = facing;
  }

  // Takes model `model` off the table, as a casualty.
  void remove_model(int model) {
    state_.models[model].pose.alive = false;
    state_.models[model].wounds_left = 0;
  }

  Action charge(int unit, int target, bool fire = false) const {
    Action a = act(ActionKind::charge, unit);
    a.target = target;
    a.fire = fire;
    return a;
  }

  // The first side ends its activation phase; the second activates `unit` with `dice` dice (all
  // scripted to succeed: that many AP) and declares a charge on `target`.
  void second_side_charges(int unit, int target, bool fire = false, int dice = 1) {
    must(act(ActionKind::end_phase));
    for (int i = 0; i < dice; ++i) script({1});
    must(activate(unit, dice));
    must(charge(unit, target, fire));
  }

  bool logged(const std::string& type) const {
    for (const auto& e : log_) {
      if (e.value("type", "") == type) return true;
    }
    return false;
  }

  // The dice events of `rule` ("MOVE-25"), in the order they were rolled.
  std::vector<game::Event> rolls(const std::string& rule) const {
    std::vector<game::Event> out;
    for (const auto& e : log_)
      if (e.value("type", "") == "roll" && e.value("rule", "") == rule) out.push_back(e);
    return out;
  }

  // A jump move (MOVE-22/25) of every model of `unit` by (dx, dy).
  Action jump(int unit, double dx, double dy) const {
    Action a = move(unit, dx, dy);
    a.mode = table::MoveMode::jump;
    return a;
  }

  std::shared_ptr<const GameSetup> setup_;
  GameState state_;
  dice::ScriptedDice dice_;
  EventLog log_;
};

}  // namespace arap::test
