// Internal to the game layer: who fires what at a target and the situation the table gives each
// shot (fire_plan.cpp: SHOOT-01..27, MOVE-28), and how fire lands (fire.cpp: hits, templates,
// markers), shared with reaction fire and grenades (fire_reactions.cpp) and fire_groups (the
// door's view of a shot, for previews).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/context.hpp"
#include "game/engine.hpp"
#include "rules/area_effects.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/weapon_fire.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

using data::WeaponProfile;

// SHOOT-06: Heavy, Slow and Ordnance weapons fire once a turn, in an action of their own.
bool heavy_class(const rules::Firing& firing);
// MOVE-28: whether a model at `p` stands on a ladder.
bool on_ladder(const GameState& s, const table::Point& p);
// MOVE-28: from a ladder only pistols and basic weapons fire (no heavy or two-handed ones); ADV-15:
// nor do a portable ladder's bearers fire any other.
bool fires_from_ladder(const WeaponProfile& weapon);
// ADV-28 (advanced, option prone_crews): a weapon crew that stood still through its last turn,
// and has neither moved nor changed posture since, is shot at as if prone (MOVE-10).
bool crew_claims_prone(const GameState& s, int unit);
bool basic_weapon(const WeaponProfile& w);
bool ranged(const WeaponProfile& w);
// SHOOT-01, SHOOT-49: whether a target stands beyond every ranged weapon, or every blast grenade
// a model of `unit` may throw (one with BS), of all of `unit`'s living models. Listings ask this
// of every enemy unit, most of them out of reach. The gap between the boxes around the two units'
// living models is no longer than any model's range to the target, and the rain (ADV-21) only
// ever shortens a reach, so a target past it is fired at by nobody. The unit's box and its
// longest reaches are measured once, when made; `poses` must outlive it.
class UnitReach {
 public:
  UnitReach(const GameState& s, const std::vector<table::TableModel>& poses, int unit);
  // Never for an ADV-41 crossfire target: it is measured where it passed, which the box does not
  // bound.
  bool beyond_weapons(const GameState& s, int target) const;
  bool beyond_grenades(const GameState& s, int target) const;

 private:
  double gap(const GameState& s, int target) const;
  const std::vector<table::TableModel>& poses_;
  table::PointBox own_;
  double longest_ = -1.0;
  double longest_grenade_ = -1.0;
};
// ADV-75 (optional): the sum of the GM's scenario modifiers on `unit`'s shots with `weapon`.
int gm_to_hit(const GameState& s, int unit, const WeaponProfile& weapon);
// ADV-49 (advanced): whether a shot of `weapon`, a weapon-mounted grenade launcher, takes one of
// the unit's SHOOT-49 throwing places.
bool takes_throwing_place(const GameState& s, const WeaponProfile& weapon);
// SHOOT-49: the models of `unit` that may still throw (or fire a launcher, ADV-49) this turn.
int throwing_places_left(const GameState& s, int unit);

struct Shot {
  int model = -1;
  const WeaponProfile* weapon = nullptr;
  rules::Firing firing;
  double range = 0.0;
  std::vector<int> targets;    // eligible target models (SHOOT-27)
  bool indirect = false;       // SHOOT-54: a barrage weapon firing at a target only a spotter sees
  int firers = 1;              // SHOOT-26: models whose identical weapons are rolled together
  bool through_smoke = false;  // SHOOT-17: only smoke hides the targets (BS1, lasers weaker)
  bool through_unit = false;   // ADV-37: only another unit's models hide the targets (-2)
  bool two_pistols = false;    // ADV-31: one of a fighter's two pistols (-1 each)
};

// ADV-34: whether `weapon` may fire wild (at a target nobody sees): not bows, crossbows, slings,
// antique pistols or muskets while the option firing_wild_limits holds.
bool may_fire_wild(const GameState& s, const WeaponProfile& weapon);
// SHOOT-17: the models of `target` that smoke alone hides from model `m` within `range`, when
// `weapon` may fire through smoke (not a laser below Strength 6, ADV-34: nor a weapon that never
// fires wild).
std::vector<int> smoke_targets(const GameState& s, const std::vector<table::TableModel>& poses,
                               int m, int target, const WeaponProfile& weapon, double range);
// SHOOT-55: the models of `target` within `range` that model `m` cannot see for terrain but
// whose place it knows (they, or their banners, show above it): a lobbed shot or a grenade may
// be aimed at them as if seen.
std::vector<int> known_targets(const GameState& s, const std::vector<table::TableModel>& poses,
                               int m, int target, double range);
// SHOOT-01/04/20 and SHOOT-17/56: the models of `target` that model `m` may aim `weapon` at
// within `range`: those it sees; when it sees none, those that smoke alone hides from it (a shot
// through smoke), unless the weapon is a laser too weak to pierce smoke.
struct FireTargets {
  std::vector<int> models;
  bool through_smoke = false;
};
FireTargets fire_targets(const GameState& s, const std::vector<table::TableModel>& poses, int m,
                         int target, const WeaponProfile& weapon, double range);
// SHOOT-17: the Strength change smoke brings to `shot`'s hits (0 unless a laser fires through it).
int smoke_strength_change(const GameState& s, const Shot& shot);

// Who fires what at `target` in this action: each living model its first weapon that may fire in
// an action of this kind and reaches an eligible model of the target unit. With `first_only` it
// stops at the first model that may fire, leaving its targets unlisted (legality checks only ask
// whether anyone may).
// Issue 13: every modifier a to-hit roll applied, named as `arap odds attack` names them, for
// the roll's `modifiers` field (beside `target`, `range` and `cover`).
Event modifiers_json(const rules::ShootingGoal& goal);

// A model that fires, and the weapon it fires (a two-pistol fighter is listed twice, ADV-31).
struct Firer {
  int model = -1;
  const WeaponProfile* weapon = nullptr;
};
// ADV-32: one action's fire may be split between units, by model group: each of the action's
// `picks` sends a group of the unit (its index among the unit's model groups, in the army list's
// order) at another target; the rest fire at the action's target. A volley is one target and the
// groups firing at it (bit k: group k).
using GroupMask = std::uint32_t;
constexpr GroupMask kAllGroups = ~GroupMask{0};
constexpr int kMaxModelGroups = 32;
struct Volley {
  int target = -1;
  GroupMask groups = kAllGroups;
};
// The model groups of `unit` in the order their first models stand (the army list's order).
std::vector<const data::ModelGroup*> model_groups(const GameSetup& setup, int unit);
// The index of model `m`'s group among its unit's model groups.
int group_index(const GameState& s, int m);
// How many model groups `unit` has.
int group_count(const GameState& s, int unit);
// The action's volleys: the main target's first, then each split in order (one volley when the
// fire is not split).
std::vector<Volley> volleys_of(const Action& a);
// The smallest arc, in degrees, that holds every bearing from `unit`'s centre to the centres of
// `targets` (ADV-32 allows 90).
double targets_span(const GameState& s, int unit, const std::vector<int>& targets);

// What a shooting action may spend (SHOOT-07, ADV-30): the acting unit's AP left, so a weapon
// whose firing costs more stays silent; or any amount, to tell a player why nothing fires.
enum class FireBudget : std::uint8_t { acting_points, unlimited };
// `firers`, when given, receives the models that fire with their weapons. A Reload weapon spent
// (ADV-30) stays silent. Each shot's firing.action_points is what it costs: the action costs the
// dearest of them (SHOOT-07: an Ordnance weapon firing indirectly costs its indirect price).
// Handed a listing's own poses, it takes the unit's reach and sight lines from the listing's
// ListingMemo (measured once for every target); otherwise it measures them here.
std::vector<Shot> plan_fire(const GameState& s, const std::vector<table::TableModel>& poses,
                            int unit, int target, bool heavy, bool first_only = false,
                            std::vector<Firer>* firers = nullptr,
                            FireBudget budget = FireBudget::acting_points,
                            GroupMask groups = kAllGroups);
std::string target_problem(const GameState& s, const Action& a);
// ADV-32: the model groups of `unit` (bit k: group k) that would fire at `target` in an action of
// this kind, or declare a shot at it and waste it (ADV-33).
GroupMask firing_groups(const GameState& s, const std::vector<table::TableModel>& poses, int unit,
                        int target, bool heavy);
// ADV-33 (advanced, option declared_shots): a shot is declared before the range is measured, so
// a model that sees the target in its fire arc but has no weapon of the action's kind reaching it
// fires anyway and wastes the shot. These are such models of `unit` among those not in `firing`
// (plan_fire's firers), each with the longest-ranged weapon it would have declared; with
// `first_only`, at most one. Empty while the option is off.
struct WastedShot {
  int model = -1;
  const WeaponProfile* weapon = nullptr;
  double range = 0.0;     // to the target's nearest model (SHOOT-01)
  int action_points = 1;  // what the declared weapon's firing costs (SHOOT-05..07)
};
// While one lives on this thread, the checks of a listing of `state` keep what they would measure
// again and again of a state that does not change while it is listed: the table's models (one
// copy, not one a shot check), each unit's reach (UnitReach, for every target's shot test), the
// sight lines through one grid, and which models see which enemy units in their fire arc
// (SHOOT-01/04, at any distance: wasted_shots asks that for the heavy and the other weapons, and
// for each model group, ADV-32). One at a time; the state must not change meanwhile.
class ListingMemo {
 public:
  explicit ListingMemo(const GameState& state);
  ~ListingMemo();
  ListingMemo(const ListingMemo&) = delete;
  ListingMemo& operator=(const ListingMemo&) = delete;
  // The memo alive for `state` on this thread, if any.
  static ListingMemo* active_for(const GameState& state);
  // -1 not asked yet, else 0 or 1.
  std::int8_t& seen(int model, int unit);
  // The state's table models, gathered when first asked and kept for the whole listing.
  const std::vector<table::TableModel>& poses();
  // Whether `poses` is this memo's own copy (the one reach() and lines() measure on): a check
  // handed other poses (moved models, a reaction's firing positions) measures for itself.
  bool holds(const std::vector<table::TableModel>& poses) const {
    return gathered_ && &poses == &poses_;
  }
  // `unit`'s reach on those poses, measured when first asked. Only the last unit's is kept: the
  // reference holds until another unit's reach is asked.
  const UnitReach& reach(int unit);
  // The sight lines of the state's models, kept for the whole listing (its grid of models, and
  // what it knows of each unit, are found once).
  table::SightLines& lines();

 private:
  const GameState& state_;
  int units_ = 0;
  std::vector<std::int8_t> seen_;
  bool gathered_ = false;
  std::vector<table::TableModel> poses_;
  std::optional<UnitReach> reach_;
  int reach_unit_ = -1;
  std::unique_ptr<table::SightLines> lines_;
  ListingMemo* outer_ = nullptr;
};
// `asked`, when given, leaves out before any sight line is drawn the models it refuses: a caller
// that needs only some of the wasted shots (those that would change the state) is spared the
// lines of the rest.
std::vector<WastedShot> wasted_shots(const GameState& s,
                                     const std::vector<table::TableModel>& poses, int unit,
                                     int target, bool heavy, const std::vector<Firer>& firing,
                                     bool first_only = false, GroupMask groups = kAllGroups,
                                     const std::function<bool(const WastedShot&)>& asked = nullptr);
// SHOOT-49/50: the throw model `m` would make at `target`: its first blast grenade that reaches an
// eligible model, or nothing (no BS, no such grenade, nobody in reach).
std::optional<Shot> grenade_throw(const GameState& s, const std::vector<table::TableModel>& poses,
                                  int m, int target);
// SHOOT-11m: the situation of a thrown grenade (the marker's cover is judged at its centre).
rules::ShootingSituation throw_situation(const GameState& s,
                                         const std::vector<table::TableModel>& poses, int unit,
                                         int target, const Shot& shot);
// SHOOT-38/43: against templates and markers, prone and tactically moving models in the open,
// and fleeting models anywhere, count as in soft cover.
table::Cover effect_cover(const GameState& s, int model, table::Cover cover);
// The modifiers the table gives `shot` at `target` (SHOOT-11..19, 56..60).
rules::ShootingSituation situation(const GameState& s, const std::vector<table::TableModel>& poses,
                                   int unit, int target, const Shot& shot, rules::ShotKind kind);

// What each hit on a model does: wound, save and Damage (DICE-07, SHOOT-22..24, SHOOT-59).
struct HitEffect {
  int hits = 0;
  int wounds = 0;
  int unsaved = 0;
  int slain = 0;
  std::vector<int> damage_dice;  // faces of D3/D6 Damage rolls (SHOOT-23), for the log
};

// SHOOT-27: the allocation dice of one volley, for the log: every face in order, and (when the
// game is logged) what each die chose among.
struct AllocationDice {
  std::vector<int> faces;
  nlohmann::json rolls = nlohmann::json::array();  // {die, face, among, model}
};

// `strength_change`: SHOOT-17's loss to a laser fired through smoke (smoke_strength_change).
// `aim`: ADV-22, whom of a rider and its mount (option separate_mounts) a shot at short range
// picks out.
void resolve_hit_on(Context& c, int model, const WeaponProfile& weapon, int user_strength,
                    double range, HitEffect& effect, std::vector<int>& wound_faces,
                    std::vector<int>& save_faces, int strength_change = 0,
                    MountAim aim = MountAim::either);
// Bookkeeping after fire lands on a unit: hits for suppression, pinning tests (SHOOT-25/28/33),
// ADV-02's suppression points. `pins`: casualties call for a pinning test (pinning_fire).
// `firer`: the firing unit (-1 for reaction fire at Chargers, which earns no S-points).
void after_fire(Context& c, int firer, int unit, int hits, int slain, const WeaponProfile& weapon,
                bool pins);
// SHOOT-28, ADV-42 (optional, option pinning_guidance): whether casualties from `weapon`, fired by
// `firing_unit` at `range` (`indirect`: at a target no crew member saw, SHOOT-54), call for a
// pinning test.
bool pinning_fire(const GameState& s, int firing_unit, const WeaponProfile& weapon, double range,
                  bool indirect);
// SHOOT-39..48: one area marker fired (or thrown) at `target`, scattered and resolved; returns the
// models slain.
int fire_marker(Context& c, int unit, int target, const Shot& shot, rules::AreaDelivery delivery,
                int goal, std::vector<table::TableModel>& poses,
                std::optional<double> guess = std::nullopt,
                std::vector<HitEffect>* by_unit = nullptr);  // adds its hits per unit
// SHOOT-36/37: the models a template laid from `firer` toward `aim` covers.
std::vector<int> models_under_template(const Context& c,
                                       const std::vector<table::TableModel>& poses, int firer,
                                       const table::Point& aim, const WeaponProfile& weapon);
// SHOOT-38: the hits a template lays on the models under it, per unit.
std::vector<HitEffect> template_hits(Context& c, const char* rule, int unit,
                                     const std::vector<table::TableModel>& poses, int firer,
                                     const std::vector<int>& under, const WeaponProfile& weapon,
                                     int goal, int firer_roll, int strength_change = 0);
// SHOOT-48: empty, or why the declared guess range is refused (`grenades`: a hand grenade's).
std::string guess_problem(const GameState& s, const Action& a, bool grenades);
// SHOOT-58: a close combat fired into. Hits are shared between the target's side and the side
// fighting it (the enemy unit nearest the shooter takes the latter's share).
struct MeleeSplit {
  int other_unit = -1;       // -1: the target is not locked
  int target_side_goal = 3;  // a D6 of this or less hits the target's side, else the other
};
MeleeSplit melee_split(const GameState& s, const std::vector<table::TableModel>& poses, int target,
                       const table::Point& shooter);
// Damage (or other) dice of several effects, in order, for one log event.
std::vector<int> joined(const std::vector<int>& a, const std::vector<int>& b);
// SHOOT-27: the model a hit is allocated to (from the open first, nearest first).
int allocate_hit(Context& c, const std::vector<int>& eligible,
                 const std::vector<table::Cover>& cover, AllocationDice& dice);

}  // namespace arap::game::detail
