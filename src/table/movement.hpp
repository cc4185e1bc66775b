// MOVE-01..14, MOVE-19..21: what a move costs on this table, whether it is legal (and if not,
// why), the variable-terrain, charge and flee dice, and the furthest legal move toward or away
// from a point (charges, flinches, routs, the AI).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dice/dice_source.hpp"
#include "dice/distribution.hpp"
#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

enum class MoveMode : std::uint8_t {
  normal,     // MOVE-01
  backwards,  // MOVE-06: keeps facing; each 1/2" costs 1"
  sidestep,   // MOVE-06: keeps facing; 1/2" extra per action (ruling A-06)
  crawl,      // MOVE-08: each 1/2" costs 1" (very difficult: 2")
  tactical,   // MOVE-13: rolled D6" allowance, terrain applies
  charge,     // MOVE-04: may end in base contact
  flee,       // MOVE-05: may leave the table
  climb,      // MOVE-20/21: a 2-AP climbing move over obstacles taller than the model
  swim,       // MOVE-17: the only way through deep water, at a rolled D3+1"
  jump,       // MOVE-25: may jump down drops taller than the model (up to 6"), tests on landing
  warp_jump,  // ADV-25: one straight leap of up to 12" over anything, landing where it may stand
  fleet,      // ADV-06: a Fleet unit's extra rolled D6" once an activation, no AP, terrain applies
  // ADV-24 (optional): mounted models ride difficult ground at full speed (a D6 for each on
  // entering it: a 1 and mount and rider are lost); otherwise a normal move.
  hell_for_leather,
  // GEN-09 / ADV-19: a unit out of coherency moves only its cut-off models, each straight toward
  // the rest until 2.5" from them (the action's dx, dy are 0); the ground weighs as a normal move.
  close_ranks,
};
// ADV-24: whether riders Hell for Leather take `feature` at full speed (difficult ground the GM
// has not ruled out), and the ground class a move in `mode` pays for on it (such ground, ridden so:
// open ground).
bool ridden_at_full_speed(const TerrainFeature& feature);
MovementClass ground_class(const TerrainFeature& feature, MoveMode mode);

// ADV-25: how far a Warp Spider's jump goes.
inline constexpr double kWarpJump = 12.0;

// MOVE-25: the highest drop a model may jump down of its own will.
inline constexpr double kMaxJumpDown = 6.0;
// ADV-17: the least drop a jump down into mêlée (MOVE-26) must have to earn its extras.
inline constexpr double kDivingChargeMinHeight = 2.0;
// MOVE-22: how high a jump pack lifts its wearer up a face (two building levels), and how near the
// foot of the face the leap must start.
inline constexpr double kMaxLeapUp = 6.0;
inline constexpr double kLeapReach = 6.0;

// ADV-08: Move Through Cover: the inches of difficult or very difficult ground a model with the
// rule crosses free in each movement action (the first it meets).
inline constexpr double kMoveThroughCoverFree = 1.0;

// MOVE-16: a gap jumped across on the way (a drop and a rise back to about the same level).
struct GapJump {
  double at = 0.0;        // inches along the path to the near edge
  double width = 0.0;     // inches across
  double depth = 0.0;     // the drop into it: a failed jump falls this far
  bool too_wide = false;  // wider than the model may try: the jump fails without a roll
  // ADV-14: a rope strung across the gap (a `rope` feature over its middle): crossed hand over
  // hand at the difficult-ground rate, with no jump, no test and no width limit.
  bool rope = false;
};

// ADV-14: a thrown grapple's rope climbed on the way (up or down).
struct RopeClimb {
  double at = 0.0;      // inches along the path to where the model takes hold
  double height = 0.0;  // the height climbed on it
};

struct MoveRequest {
  int model = 0;
  std::vector<Point> path;  // waypoints after the start; the last is where the model ends
  std::optional<double> final_facing;  // default: along the last leg (kept when backwards/sidestep)
  MoveMode mode = MoveMode::normal;
  double allowance = 4.0;  // inches this action may spend
  // CHARGE-07 / MOVE-20: a Charge or a climbing move may cross an obstacle taller than the model
  // if one climb (at most its basic move high, one Initiative test) gets over it; 0 = no climbing.
  double climb_limit = 0.0;
  // CHARGE-08: a run's dice already include its turns, so MOVE-07 adds nothing.
  bool turning_included = false;
  // MOVE-16: the widest gap the model may try to jump (its basic move less 1"); wider gaps may
  // still be tried, and fail. Gaps no wider than the free jump are crossed in any case.
  double gap_limit = 0.0;
  // MOVE-22: the model wears a jump pack: a jump move may leap up a face (kMaxLeapUp) it starts
  // within kLeapReach of.
  bool jump_pack = false;
  // The bearing of a one-leg path, when the caller already has it: a unit moving as a body gives
  // every model the same displacement, so listings compute it once instead of per model. It only
  // weighs the turn (MOVE-07); a move that is applied leaves it unset.
  std::optional<double> leg_heading;
  // The terrain near a region that holds the whole path, when the caller gathered it once for many
  // paths (straight_reach then skips its own index queries); unset: the table's index is asked.
  const NearbyTerrain* terrain = nullptr;
};

struct MoveReport {
  bool legal = true;
  std::string reason;  // the rule broken, in words, when not legal
  double distance = 0.0;
  double terrain_cost = 0.0;   // MOVE-03/06/08: distance weighted by ground and mode
  double turning_cost = 0.0;   // MOVE-07
  bool deep_water = false;     // MOVE-17: the path starts in or crosses deep water
  int action_cost = 1;         // ACT-10: the dearest feature the path touches
  double sidestep_cost = 0.0;  // MOVE-06
  double obstacle_cost = 0.0;  // MOVE-19/21
  double final_facing = 0.0;
  bool left_table = false;    // only fleeing models may
  bool path_blocked = false;  // impassable ground, a climb, an enemy or the table edge in the way
  // CHARGE-07: how far along the path the first obstacle needing an Initiative test is crossed
  // (negative when none is).
  double climb_at = -1.0;
  // CHARGE-07: every such crossing, in path order (the text asks a test of each obstacle).
  std::vector<double> climbs_at;
  // MOVE-23: the highest drop taller than the model climbed down (climb moves); a failed
  // climbing test makes the climber fall from there.
  double climb_drop = 0.0;
  // MOVE-25/26: the highest drop taller than the model jumped down (jump and charge moves; it
  // costs no allowance) and how far along the path the first such drop is.
  double jump_drop = 0.0;
  double jump_at = -1.0;
  std::vector<GapJump> gaps;  // MOVE-16: gaps wider than the free jump, in path order
  // MOVE-22: the highest face leapt up with a jump pack (no allowance; a test when grabbing hold)
  // and how far along the path the first such leap is.
  double leap_height = 0.0;
  double leap_at = -1.0;
  // MOVE-24: the highest drop descended by rope (at the normal rate, one test for the unit) and
  // how far along the path the first such descent is.
  double rope_drop = 0.0;
  double rope_at = -1.0;
  // MOVE-18: how far along the path the model climbs out of deep water onto a raised surface (a
  // jetty, a boat): an Initiative test, failed, leaves it in the water.
  double climb_out_at = -1.0;
  // MOVE-15: ground asking an agility roll, each with how far along the path it is first entered.
  std::vector<std::pair<const TerrainFeature*, double>> agility;
  std::vector<const TerrainFeature*> ladders;    // MOVE-28: ladders climbed up or down
  std::vector<RopeClimb> rope_climbs;            // ADV-14: grapple ropes among them
  std::vector<const TerrainFeature*> dangerous;  // MOVE-11: hazard tests due
  std::vector<const TerrainFeature*> variable;   // MOVE-12: variable ground touched
  double total_cost() const { return terrain_cost + turning_cost + sidestep_cost + obstacle_cost; }
};

// Checks one movement action of `request.model`; never changes anything. Without `explain` an
// illegal move's reason is left empty (searches that try many moves skip the formatting).
MoveReport check_move(const Table& table, std::span<const TableModel> models,
                      const MoveRequest& request, bool explain = true);

// MOVE-03: inches of allowance an inch of ground of this class costs (difficult 2, very
// difficult 4; 0 for impassable, which no move enters).
double class_factor(MovementClass movement);

// MOVE-07: the cost of turning through `total_degrees` in one action (first 90 free, then 1/2"
// for each further 90 or part of it).
double turning_cost(double total_degrees);

// The furthest legal straight move toward `goal` (or, with `away`, directly away from it),
// trying bearings up to 90 degrees either side when the direct line is blocked. Returns the
// request (with its report) that ends nearest the goal, or farthest from it when moving away.
struct PlannedMove {
  MoveRequest request;
  MoveReport report;
};
std::optional<PlannedMove> plan_straight_move(const Table& table,
                                              std::span<const TableModel> models, int model,
                                              const Point& goal, double allowance, MoveMode mode,
                                              bool away = false, double climb_limit = 0.0,
                                              bool turning_included = false);

// MOVE-01/03/06/07/08/21: the furthest length in [0, limit] the mover may go along the unit
// vector `direction` with the path unbarred (impassable or deep ground, an obstacle too tall, an
// enemy base, the table edge) and the cost within `request.allowance`, measured in one pass over
// the ground along the whole ray. Where the move ends (bases overlapping) is check_move's affair.
// Empty where the ray meets a change of level taller than a free step (MOVE-19..28): trial moves
// measure those. A planner checks the answer with check_move; it is exact up to rounding.
// With `level_step_at`, such a ray is measured up to its first such step instead, whose distance
// is stored there (left alone when the ray has none): the answer is then exact short of the step,
// and what lies beyond is for trial moves.
std::optional<double> straight_reach(const Table& table, std::span<const TableModel> models,
                                     const MoveRequest& request, const Point& direction,
                                     double limit, double* level_step_at = nullptr);
// The largest d in (0, limit] at which the mover's base, carried d along `direction`, overlaps no
// other base (0 when there is none).
double furthest_clear_end(std::span<const TableModel> models, int model, const Point& direction,
                          double limit);
// The same in two steps, for a model asked again at shorter limits: the stretches of the line
// (open intervals of d) that the other bases rule out, in the models' order, measured once; then
// the furthest clear end below each limit. The answers are furthest_clear_end's.
struct BlockedStretch {
  double from = 0.0;
  double to = 0.0;
};
void blocked_stretches(std::span<const TableModel> models, int model, const Point& direction,
                       std::vector<BlockedStretch>& out);
double furthest_clear_end(std::span<const BlockedStretch> stretches, double limit);
// How far from `from` the ray along unit vector `direction` stays on the table.
double distance_to_edge(const Table& table, const Point& from, const Point& direction);

// MOVE-12 (optional rule): the allowance for an action in variable ground.
enum class VariableMode : std::uint8_t { normal, crawl, tactical, charge, very_difficult };
int variable_die_sides(int move);  // M <= 3: D3, 4: D4, 5: D5, 6+: D6 (ruling A-07)
// ADV-08: `move_through_cover` rolls one die more and keeps the best.
int roll_variable_allowance(dice::DiceSource& dice, int move, VariableMode mode,
                            bool move_through_cover = false);
dice::Distribution variable_allowance_distribution(int move, VariableMode mode,
                                                   bool move_through_cover = false);

// MOVE-04 / CHARGE-02 (ruling A-27): M + 2D6 when M <= 6, M + R3D6P2 when M > 6; a prone
// humanoid charges exactly M.
int roll_charge_distance(dice::DiceSource& dice, int move, bool prone = false);
dice::Distribution charge_distance_distribution(int move, bool prone = false);
// MOVE-05: 2D6 when M <= 6, R3D6P2 when M > 6.
int roll_flee_distance(dice::DiceSource& dice, int move);
dice::Distribution flee_distance_distribution(int move);

}  // namespace arap::table
