// SHOOT-01/02/04/20, ACT-15, MELEE-01/02, CHARGE-05: what a model can see, where its arcs are,
// which quadrant of a unit a charger meets, and range to a unit.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

// SHOOT-04: the forward 180 degrees (the edge counts as in view).
bool in_field_of_view(const TableModel& viewer, const Point& p);
// SHOOT-04: 45 degrees either side of the facing.
bool in_fire_arc(const TableModel& shooter, const Point& p);
// ACT-15: a free pivot of up to 90 degrees can bring `p` into the fire arc (within 135 degrees).
bool in_arc_after_free_pivot(const TableModel& shooter, const Point& p);
// ADV-32: the field of view is bounded by a line across the viewer's base: a Size 1-2 target is
// in view only when its whole base is in front of that line (larger ones: their centre).
bool wholly_in_field_of_view(const TableModel& viewer, const TableModel& target);
// ADV-32 with SHOOT-04 and ACT-15: the targets one model fires at in one action lie in one
// 90-degree fire arc, turned at most 90 degrees by the free pivot. Of `targets` (models each
// within that pivot's reach), those in the arc that holds the nearest of them and as many of the
// rest as any such arc holds; ties go to the smallest turn. Order is kept.
std::vector<int> within_one_fire_arc(std::span<const TableModel> models, int from,
                                     std::vector<int> targets);

// MELEE-02 attack arcs.
enum class AttackArc : std::uint8_t {
  front,            // default: the front 180 degrees
  front_narrow,     // bite, gore: the front 90 degrees
  front_and_sides,  // claw: everything but the rear 90 degrees
  sides_and_rear,   // tail: everything but the front 90 degrees
  all_round,        // stomp, tentacle
};
bool in_attack_arc(const TableModel& attacker, const Point& p, AttackArc arc);
// MELEE-01: within the attacker's mêlée radius (its Size in inches) or touching.
bool within_melee_radius(const TableModel& attacker, const TableModel& target);

// CHARGE-05: which quadrant of a unit (centre, facing) a contact point lies in; corners go to
// the front (45 degrees) and the flank (135 degrees).
enum class Quadrant : std::uint8_t { front, flank, rear };
Quadrant quadrant_of(const Point& unit_centre, double unit_facing, const Point& contact);

struct Sight {
  // rain (ADV-21): the target stands beyond how far the viewer sees in the rain.
  enum class Blocker : std::uint8_t { none, terrain, obstacle, model, rain };
  Blocker blocker = Blocker::none;
  const TerrainFeature* feature = nullptr;
  const LinearObstacle* obstacle = nullptr;
  int model = -1;
  // ADV-37: the line passed models of another, non-friendly unit that were let through.
  bool past_unit = false;
  bool clear() const { return blocker == Blocker::none; }
  // Blocked by something no height shows over: a model in the way, or the rain (SHOOT-55).
  bool no_sight_over() const { return blocker == Blocker::model || blocker == Blocker::rain; }
  // SHOOT-17: nothing but smoke stands in the way (a shot may still be taken through it).
  bool smoke_only() const {
    return blocker == Blocker::terrain && feature != nullptr && feature->kind == TerrainKind::smoke;
  }
};

// SHOOT-02: sight between two points through terrain only. Symmetric. Opaque features do not
// hide their own occupants (they look out of windows and firing slits); see-through features
// (woods) hide what lies deeper than their see_through distance along the line. Smoke (SHOOT-17)
// hides everything the line meets in it, its occupants included; it is reported only when
// nothing solid blocks the line.
Sight terrain_sight(const Table& table, const Point& a, const Point& b);
// SHOOT-55: the same, but terrain lower than `top` inches does not block: whether something that
// high at `b` shows over whatever stands between (smoke hides it all the same).
Sight terrain_sight_over(const Table& table, const Point& a, const Point& b, double top);

// SHOOT-02 and SHOOT-20: sight from model `from` to model `to`, blocked by terrain and by other
// models whose base the line crosses and whose Size is at least the larger of the two (a small
// model does not hide a big one). The shooter may look past one comrade of its own unit that is
// not engaged, not bigger than it and not mounted when it is on foot. A model with infra-vision
// (ADV-35) sees through smoke that is not a blind cloud. A viewer with a sight_limit sees nothing
// further than that (ADV-21, centre to centre as ranges are measured).
// With `past_other_units` (ADV-37), models of units neither the shooter's side's nor the target's
// do not block the line; `past_unit` then says whether any stood in it.
Sight line_of_sight(const Table& table, std::span<const TableModel> models, int from, int to,
                    bool past_other_units = false);

// GEN-04 / SHOOT-01: distance to the nearest living member of `unit`.
double range_to_unit(std::span<const TableModel> models, int from, int unit);
// SHOOT-27: members of `unit` within `range`, in view, in the arc reachable with the free pivot
// and in sight of model `from`.
std::vector<int> eligible_targets(const Table& table, std::span<const TableModel> models, int from,
                                  int unit, double range);
// SHOOT-17: members of `unit` that eligible_targets would list were it not for smoke: in reach and
// arc, and hidden from model `from` by smoke alone.
std::vector<int> smoke_screened_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range);
// ADV-37: members of `unit` that eligible_targets would list were it not for the models of other
// units, none of them of `from`'s side, standing in the way.
std::vector<int> targets_past_units(const Table& table, std::span<const TableModel> models,
                                    int from, int unit, double range);
// Whether eligible_targets would find any (stops at the first).
bool any_eligible_target(const Table& table, std::span<const TableModel> models, int from, int unit,
                         double range);

// A run of sight questions about one table and one set of models that stay as they are meanwhile
// (every firer of a volley, every model's check for wasted shots): the models near each line are
// found through one grid built for the whole run, where each free function above builds its own.
// The answers are the free functions'.
class SightLines {
 public:
  SightLines(const Table& table, std::span<const TableModel> models);
  ~SightLines();
  SightLines(const SightLines&) = delete;
  SightLines& operator=(const SightLines&) = delete;
  std::vector<int> eligible_targets(int from, int unit, double range);
  bool any_eligible_target(int from, int unit, double range);

 private:
  struct Lines;
  const Table& table_;
  std::unique_ptr<Lines> lines_;
};

namespace detail {
// Whether models standing near model `from` cross every line from it to every living member of
// `unit` (SHOOT-02/20), proved for the unit's bounding box at once; false where it cannot prove
// it (the lines are then drawn one by one). eligible_targets asks it before drawing many lines.
bool shadowed_by_models(std::span<const TableModel> models, int from, int unit);
// The box around a unit's living models and the largest Size among them, which the proof asks of
// the target unit (a run of questions finds it once).
struct UnitBox {
  Point lo, hi;
  int tall = 0;
  bool any = false;  // any living model
};
UnitBox unit_box(std::span<const TableModel> models, int unit);
bool shadowed_by_models(std::span<const TableModel> models, int from, const UnitBox& box);
}  // namespace detail

// SHOOT-54: members of `unit` that model `from` may bombard without seeing them: within `range`,
// in the arc reachable with the free pivot, and in view and sight of a living model of `from`'s
// side (the spotter; the shooter's own sight is not required).
// SHOOT-55: the living members of `unit` in reach and arc of model `from` that it cannot see
// because terrain alone is in the way, but whose place it knows: each shows above that terrain
// (its height plus tops_above[i], a banner, is higher than all of it).
std::vector<int> known_position_targets(const Table& table, std::span<const TableModel> models,
                                        int from, int unit, double range,
                                        std::span<const double> tops_above);

// `whole_base`: ADV-32's line across the spotter's base (wholly_in_field_of_view).
std::vector<int> spotted_targets(const Table& table, std::span<const TableModel> models, int from,
                                 int unit, double range, bool whole_base = false);

}  // namespace arap::table
