// What the tactician (and later the search's static evaluation) knows about a position, as one
// goal function (style 4): what each unit is worth, how strong it is at range and in mêlée, how
// exposed a spot is to the enemy's guns and claws, what a spot is worth toward objectives and the
// fight, and the exact outlook of a mêlée round between two units (odds::evaluate_melee).
#pragma once

#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "ai/weights.hpp"
#include "game/engine.hpp"
#include "odds/melee_odds.hpp"

namespace arap::ai {

// One unit seen from the AI: living strength and rough powers (for exposure and intent; the
// choices themselves use exact odds).
struct UnitSketch {
  bool on_table = false;  // alive, on the table, not fled
  int side = 0;
  int models = 0;  // living
  int wounds = 0;  // wounds left over the living models
  int full_wounds = 1;
  int full_models = 0;
  table::Point centre;
  double max_range = 0.0;    // its longest ranged weapon
  double volley = 0.0;       // expected unsaved wounds of one volley against a T4 Sv5+ unit
  double melee = 0.0;        // the same for one round of mêlée attacks
  double melee_share = 0.0;  // melee / (melee + volley)
  double move = 4.0;
  bool locked = false;
  bool routing = false;
};

class Assessment {
 public:
  Assessment(const game::GameState& state, const TacticianWeights& weights);

  const UnitSketch& unit(int u) const { return units_[u]; }
  int side_of(int u) const { return units_[u].side; }

  // What a whole unit is worth to its owner: a kill point plus its strength (wounds left).
  double unit_value(int u) const;
  // The value of taking `slain` models from unit `u` (its share of the unit's strength, and with
  // the `focus` weight its share of the way to the kill point).
  double loss_value(int u, double slain) const;
  // Sign: +1 for an enemy of `side`, -own_losses for a unit of `side`.
  double sign_for(int side, int u) const;

  // Expected wounds unit `u` would take next turn standing at `spot`: every enemy gun in range
  // with sight of it (halved, or as weighted, when the spot gives cover against it), every enemy
  // that could reach it in mêlée.
  // `tactical`: the unit moved at the double (MOVE-13), which enemy guns count as cover.
  double exposure(int u, const table::Point& spot, bool tactical = false) const {
    return exposure_on(state_.table(), u, spot, tactical);
  }
  // The same on another table: the state's with a cloud laid (ADV-35/50), asked before it is.
  double exposure_on(const table::Table& table, int u, const table::Point& spot,
                     bool tactical = false) const;
  // The worth of unit `u` standing at `spot` (objectives, reach of its weapons, nearness to the
  // enemy as its mêlée share wants, less its exposure).
  double position_value(int u, const table::Point& spot, bool tactical = false) const;

  // The exact outlook of one mêlée round of `attacker` against `defender` (both as they stand),
  // with a front Charge's bonuses when `charge`; none when too big to compute exactly.
  struct MeleeOutlook {
    double value = 0.0;           // for the attacker's side, in the weights' points
    double defender_value = 0.0;  // the same round for the defender's side
    double p_win = 0.0;
    double p_enemy_routs = 0.0;
    double p_own_routs = 0.0;
    double enemy_slain = 0.0;
    double own_slain = 0.0;
  };
  // `attacker_fighters` and `defender_fighters`, when not -1, are the models of each side that
  // strike in the round (fighters()); otherwise every model of the unit fights.
  std::optional<MeleeOutlook> melee(int attacker, int defender, bool charge,
                                    int attacker_fighters = -1, int defender_fighters = -1) const;
  // Rough expected unsaved wounds of one volley of `shooter` at `target` (for stand and fire).
  double volley_against(int shooter, int target) const;

  const game::GameState& state() const { return state_; }
  const TacticianWeights& weights() const { return weights_; }
  // MELEE-24/25: what a pressed pursuit of routers is worth, per unit of P(they rout): pursue, or
  // kill_pursue where the score is kill points (routers run down are whole units won).
  double pursuit_worth() const { return pursuit_; }

 private:
  odds::MeleeSide melee_side(int u, int fighters) const;

  const game::GameState& state_;
  const TacticianWeights& weights_;
  double objective_point_;  // objective_worth() of this state's turn
  double hunt_;             // kill points only: the pull per inch toward the enemy, this turn
  double focus_;            // focus or kill_focus, as the scenario scores
  double close_in_;         // close_in or kill_close_in, as the scenario scores
  double pursuit_;          // pursue or kill_pursue, as the scenario scores
  std::vector<UnitSketch> units_;
  mutable std::map<std::tuple<int, int, bool, int, int>, std::optional<MeleeOutlook>> melee_cache_;
  // [enemy * units + unit] -> the enemy's (volley, mêlée) expected wounds on the unit, NaN until
  // found (exposure's inner loop, asked once for every move scored).
  mutable std::vector<std::pair<double, double>> threat_cache_;
  // [unit * objectives + objective] -> whether another unit of its side stands on the objective,
  // -1 until found (position_value asks it for every move scored).
  mutable std::vector<signed char> friend_on_objective_;
  // Each unit's representative_model, found when first asked (-2: not yet): exposure_on asks it
  // for every move scored, and the state does not change under an assessment.
  mutable std::vector<int> representative_;
  int representative_of(int u) const;
};

// MELEE-04/09: how many models of `unit` strike in a round against `foe` as the table stands: those
// engaged with a model of `foe`, and, when `closes_in` (the unit strikes at a lower Initiative step
// than the foe's, so its unengaged models close in up to their move first), those within their
// move of a model of `foe` too. At least one while the unit has a model.
int fighters(const game::GameState& state, int unit, int foe, bool closes_in);
// Whether the models of `unit` strike at a lower Initiative than those of `foe` (MELEE-04), each
// unit as its most numerous model.
bool strikes_later(const game::GameState& state, int unit, int foe);

// What one objective point is worth now: objective_point, growing with the square of the game's
// progress to (1 + objective_urgency) times it in the last turn, as objectives score only when the
// game ends.
double objective_worth(const game::GameState& state, const TacticianWeights& weights);

// The static evaluation of a position for `side` (the search's leaf value, in the weights'
// points): every unit's worth (a kill point plus its strength; a routing one less `rout` of a kill
// point), ours counted plus and theirs minus, and each objective one side holds alone at
// `objective_point` per point.
double static_value(const game::GameState& state, int side, const TacticianWeights& weights);

// The most common profile among a unit's living models and one of its models with it.
int representative_model(const game::GameState& state, int unit);

}  // namespace arap::ai
