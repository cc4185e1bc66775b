// CHARGE-02/03/04/07/08, MOVE-03/07/12/21 exactly: will a Charge reach, over the ground between
// the lead Charger and the nearest enemy model, and how far does it move when it fails?
// `arap odds charge` (docs/odds.md, issue 17).
//
// The request describes the straight line the lead Charger takes: the gap to close (the distance
// to the nearest enemy model less the Charger's mêlée radius, CHARGE-03), the ground along it in
// order (open, difficult, very difficult: MOVE-03), the obstacles on it (their height is paid from
// the allowance, MOVE-21; one that needs an Initiative test halts the Charge on a failure,
// CHARGE-07), the turn the Charger must make first (MOVE-07) and whether the target runs
// (CHARGE-08).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dice/distribution.hpp"
#include "odds/named_unit.hpp"
#include "rules/charge.hpp"
#include "rules/rulings.hpp"

namespace arap::odds {

enum class Ground : std::uint8_t { open, difficult, very_difficult };
std::string_view to_string(Ground ground);

struct GroundStretch {
  Ground ground = Ground::open;
  double length = 0.0;  // inches along the Charger's line
};

struct ChargeObstacle {
  double at = 0.0;               // inches from the lead Charger along its line
  double height = 0.0;           // MOVE-21: the allowance crossing it costs
  bool initiative_test = false;  // CHARGE-07: one Initiative test, failure halts the Charge
};

struct ChargeRequest {
  rules::ChargeMove
      move;               // M, prone, leaping; variable_sides when the Charge is in variable ground
  int initiative = 3;     // CHARGE-07's test
  double distance = 0.0;  // lead Charger to the nearest enemy model (as arap measures, MELEE-01)
  double melee_radius = 2.0;        // the Charger's Size (GEN-06, MELEE-01)
  std::vector<GroundStretch> path;  // in order from the Charger; the rest of the way is open
  std::vector<ChargeObstacle> obstacles;
  int turn_degrees = 0;                 // MOVE-07: how far the Charger turns to face its way
  std::optional<int> target_runs_move;  // CHARGE-08: the target runs, with this basic move
  rules::ChargeDice dice_rule = rules::ChargeDice::by_basic_move;
  std::vector<std::string> named_units;
};

// Where a failed Charge leaves the unit, and how likely (not conditioned on failing).
struct FailedMove {
  double inches = 0.0;  // ground moved toward the target
  double probability = 0.0;
  bool halted = false;  // stopped at an obstacle by a failed Initiative test (CHARGE-07)
};

struct GroundRow {
  std::string ground;  // open, difficult, very_difficult, variable
  double p_reach = 0.0;
};

struct ChargeReport {
  dice::Distribution roll;                // the Charge distance (CHARGE-02)
  double gap = 0.0;                       // ground to cover: distance less the mêlée radius
  double turn_cost = 0.0;                 // MOVE-07
  double allowance_needed = 0.0;          // turning, ground and obstacles
  double p_reach = 0.0;                   // contact made (against a runner: it is caught and routs)
  double p_short = 0.0;                   // the roll was too short (CHARGE-04)
  double p_halted = 0.0;                  // an Initiative test failed at an obstacle (CHARGE-07)
  double p_tests_passed = 1.0;            // every obstacle test on the way passed
  std::vector<FailedMove> failed_moves;   // CHARGE-04 / CHARGE-07, by inches
  double mean_failed_move = 0.0;          // given a failure
  std::vector<GroundRow> by_ground;       // the same gap in each kind of ground
  std::vector<double> reach_by_distance;  // P(reach) when the enemy is d" away, d = 0, 1, 2 ...
  std::vector<std::string> notes;
};

ChargeReport evaluate_charge(const ChargeRequest& request);

ChargeRequest parse_charge_request(const std::string& text, const std::string& source_name,
                                   const LibraryLoader& library);
nlohmann::json to_json(const ChargeReport& report);

}  // namespace arap::odds
