// Internal to the game layer: the charge parts shared by charge.cpp (CHARGE-01..08, 10..19: the
// declaration, responses, the move into contact and its bonuses) and charge_interception.cpp
// (CHARGE-09 interceptions, and charge_reach for previews).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "game/context.hpp"
#include "rules/charge.hpp"

namespace arap::game::detail {

struct NearestPair {
  int own = -1;
  int enemy = -1;
  double distance = 1e18;
};

// The closest pair of living models between `unit` and `target`.
NearestPair nearest_pair(const GameState& s, int unit, int target);
// No more than nearest_pair's distance: the gap between the boxes that hold the two units'
// living models (0 when they overlap), found in one pass over each; with `largest_size`, the
// greatest Size among `unit`'s living models. Empty units are infinitely far apart.
double box_gap(const GameState& s, int unit, int target, int* largest_size = nullptr);
// CHARGE-02: what the unit's charge distance at `target` is rolled from (MOVE-12: two dice sized
// by M, the better doubled, when the lead's line to it touches variable ground; ADV-08: three
// when every Charger moves through cover). A `target` of -1 rolls as over open ground.
rules::ChargeMove charge_move_of(const GameState& s, int unit, int target);
// Moves model `m` straight toward `goal` up to `inches`; true when it moved.
bool step_toward(Context& c, std::vector<table::TableModel>& poses, int m, const table::Point& goal,
                 double inches, table::MoveMode mode, double climb_limit = 0.0);
// CHARGE-03: the rest of the Chargers go for unengaged enemy models first.
void place_chargers(Context& c, int charger, int target, int lead, double inches,
                    double climb_limit = 0.0);
// The charge is over: the acting unit (or reaction) carries on.
void finish_charge(Context& c, int charger);

// CHARGE-03: the lead Charger's furthest straight move toward its nearest enemy model (climbing
// up to `climb` high, CHARGE-07), and whether it ends within its mêlée radius of a living model of
// `goal_unit`. The live charge and charge_reach both measure with it.
struct LeadMove {
  std::optional<table::PlannedMove> plan;
  table::TableModel moved;
  bool contact = false;
};
LeadMove lead_move(const GameState& s, const std::vector<table::TableModel>& poses,
                   const NearestPair& pair, int goal_unit, double inches, double climb);

enum class Contact : std::uint8_t { made, missed, halted };
// CHARGE-03/07: the lead Charger's move into contact with `goal_unit`.
Contact make_contact(Context& c, int charger, int goal_unit, double inches);
// CHARGE-07: the Chargers stop at an obstacle they failed to cross.
void halt_charge(Context& c, int charger);
// ADV-65 (optional, option poor_resolve): whether `unit`, if of poor resolve (its leader's profile
// has the special rule poor_resolve), holds after charge-time fire took it down from `before`
// models: no test under a quarter lost, else an Ld test (event roll, rule ADV-65).
bool poor_resolve_holds(Context& c, int unit, int before);
// CHARGE-04: a charge that fell short.
void fail_charge(Context& c, int charger, int target, int highest_die);
// CHARGE-05/06 (and ADV-72): the first round's terms of a Charge by `charger` that reached
// `target` from where its models stand now, none of the bonuses when `no_bonus` (or when it goes
// on with last turn's fight). The units are not locked here.
rules::ChargeBonus set_charge_terms(Context& c, int charger, int target, bool no_bonus);
// CHARGE-03/05: the units lock and the first round's terms are set.
void engage(Context& c, int charger, int target);
// CHARGE-09: the Charge goes on from where it paused (the next interceptor, or contact).
void continue_charge(Context& c);

}  // namespace arap::game::detail
