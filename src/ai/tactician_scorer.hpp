// Internal to the tactician (tactician.cpp, tactician_turn.cpp): the scorer that weighs every
// legal action with its personality's weights and the door's exact odds, and the helpers both
// files share.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "ai/assessment.hpp"
#include "ai/tactician.hpp"
#include "dice/dice_source.hpp"
#include "game/activation_condition.hpp"
#include "game/engine.hpp"
#include "rules/activation.hpp"
#include "rules/leadership.hpp"

namespace arap::ai::detail {

using game::Action;
using game::ActionKind;
using game::GameState;
using game::Phase;

inline constexpr double kRefused = 10 * kRuledOut;  // an option the personality will not take

// Dice that always show 1: every activation die succeeds and every test passes. Used only on a
// copy, to ask "what could this unit do with its action points?" (never to play).
class BestCaseDice final : public dice::DiceSource {
 public:
  int roll(int) override { return 1; }
};

// Dice that always show their highest face: a Charge rolled with them goes as far as it can. Used
// only on a copy, to see which models a Charge brings into contact (never to play).
class HighestDice final : public dice::DiceSource {
 public:
  int roll(int sides) override { return sides; }
};

// The AP of an activation worth having: the first in full, each further one `decay` times less.
inline double weighted_ap(const dice::Distribution& ap, double decay) {
  double out = 0.0;
  for (int k = std::max(1, ap.lowest()); k <= ap.highest(); ++k) {
    double worth = 0.0;
    for (int i = 0; i < k; ++i) worth += std::pow(decay, i);
    out += ap[k] * worth;
  }
  return out;
}

inline double percent(double p) {
  return std::round(p * 1000.0) / 10.0;
}

// Units of `side` that have not yet tried to activate this player turn, on the table.
inline int waiting_units(const GameState& s, const Assessment& a, int side, int except = -1) {
  int n = 0;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u)
    if (u != except && a.unit(u).on_table && a.side_of(u) == side && !a.unit(u).routing &&
        !s.units[u].own_turn.attempted)
      ++n;
  return n;
}

using game::activation_condition;  // ACT-06

// P(the unit fails a Ld test): what a forced test is worth to its enemy (SHOOT-28/31, MORALE-03).
inline double p_fails_test(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  if (info.fearless) return 0.0;
  return 1.0 - rules::leadership_odds(s.leadership(unit), info.no_fear).p_pass;
}

class Scorer {
 public:
  // `opportunities`: where the units' opportunities are kept (a playout's memo, kept between
  // decisions); by default this Scorer's own. `explain`: whether each option gets its words and
  // odds (`why`, `odds`); a Scorer asked only for scores (a playout's, an opportunity's) is
  // spared building them. Scores never depend on it.
  Scorer(const GameState& s, const TacticianWeights& w,
         std::map<int, double>* opportunities = nullptr, bool explain = true)
      : s_(s),
        w_(w),
        a_(s, w),
        opportunities_(opportunities ? opportunities : &own_opportunities_),
        explain_(explain) {}
  // Wasted shots (ADV-33) are left out: they slay nobody, so they never beat ending the
  // activation, and whether anyone sees a target out of reach is dear to find out.
  static constexpr game::KindSet kListed = game::kAllKinds & ~game::kWastedShots;
  std::vector<ScoredAction> rank(game::KindSet kinds = kListed);
  // rank(kinds).front() without ranking the rest: the first listed of the best scored (a playout
  // wants only that); nullopt when nothing is listed.
  std::optional<ScoredAction> best(game::KindSet kinds);
  // The best gain the acting unit can make with one action now (0 when nothing beats waiting).
  double best_gain();

 private:
  ScoredAction score(const Action& action);
  double per_wound(int u) const;
  void score_fire(ScoredAction& out);
  // ADV-01: what going to ground saves, less the activation given up (the go_to_ground weight).
  // Under declared fire: that fire previewed on the unit standing and gone to ground (the losses
  // and the pinning test it escapes). In its own turn: its exposure to the enemy's next turn, by
  // the share of unsaved wounds the better save stops.
  void score_ground(ScoredAction& out);
  void score_charge(ScoredAction& out);
  // The models of each side that strike in the first round of `charge` (fighters()), seen on a
  // copy where the Charge is rolled at its longest, the charged unit holds and any interceptor
  // lets it pass. Every model of each unit when the copy makes no contact.
  std::pair<int, int> charge_fighters(const Action& charge);
  void score_move(ScoredAction& out);
  void score_aim(ScoredAction& out);
  // ADV-35/50 (tactician_smoke.cpp): a cloud weighed by the enemy fire it screens off every unit
  // of ours less the fire of ours it screens off the enemy, each by the exposure weight (one
  // enemy player turn, as the cloud lasts), times P(the throw lands where aimed).
  void score_smoke(ScoredAction& out);
  // best_fire of the state being scored, asked by every Fleet move and Aim option: kept.
  double best_fire_now();
  double best_fire(const GameState& s);
  // What unit `u` could do with its AP, measured on a copy where its roll succeeds in full.
  double opportunity(const Action& hypothetical, int u);
  // What a bust costs unit `u` while it waits: its whole activation, its best action times the AP
  // it would have, as weighed for a roll of two dice (its own roll is not known yet). Asked for
  // every activation option of every other unit, so kept.
  double activation_worth(int u);
  void score_activation(ScoredAction& out);
  // The activation with the most dice `unit` may roll (ACT-06), to ask what its AP could buy.
  Action best_roll(int unit) const;
  void score_pick_up(ScoredAction& out);
  // The charged unit: holding means the first round against a Charge (CHARGE-05); running
  // (CHARGE-08) is taken only when that round is worse than the personality tolerates.
  void score_response(ScoredAction& out);
  void score_melee_choice(ScoredAction& out);
  const GameState& s_;
  const TacticianWeights& w_;
  Assessment a_;
  std::map<int, double> own_opportunities_;
  std::map<int, double>* opportunities_;
  bool explain_;
  std::map<int, double> activation_worth_;
  std::optional<double> best_fire_now_;
};

}  // namespace arap::ai::detail
