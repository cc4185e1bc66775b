// SHOOT-01..27, MOVE-28: who fires what at a target (the situation the table gives each shot is
// fire_situation.cpp's; ADV-32's split volleys and fire_groups, the door's view of a shot, are
// fire_split.cpp's; which weapons may fire at which target models, fire_targets.cpp's).
#include "game/fire_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "game/context.hpp"
#include "game/sorted_apart.hpp"
#include "rules/area_effects.hpp"
#include "table/cover.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game::detail {

namespace {

// SHOOT-26: identical weapons in the same hands are rolled together (two pistols of one fighter
// too, ADV-31: the group's firers then counts pistols).
void add_shot(std::vector<Shot>& shots, Shot shot, const GameState& s) {
  const WeaponProfile* weapon = shot.weapon;
  const int skill = s.info(shot.model).profile->ballistic_skill;
  auto same = std::find_if(shots.begin(), shots.end(), [&](const Shot& other) {
    return other.weapon == weapon && !weapon->is_area() && !weapon->is_template() &&
           !shot.indirect && other.through_smoke == shot.through_smoke &&
           other.through_unit == shot.through_unit && other.two_pistols == shot.two_pistols &&
           s.info(other.model).profile->ballistic_skill == skill;
  });
  if (same == shots.end()) {
    shots.push_back(std::move(shot));
    return;
  }
  same->firing.shots += shot.firing.shots;
  ++same->firers;
  same->range = std::min(same->range, shot.range);
  for (const int t : shot.targets) {
    if (std::find(same->targets.begin(), same->targets.end(), t) == same->targets.end()) {
      same->targets.push_back(t);
    }
  }
}

// ADV-41 (advanced, option crossfire): shots at routers and pursuers measure range to where they
// passed the firer on their last move, not to where they stopped.
bool crossfire_target(const GameState& s, int target) {
  if (!s.setup->options.crossfire) return false;
  const UnitState& t = s.units[target];
  return t.routing || t.rout_pending || t.pursuing >= 0;
}

// The closest target model `i` (now at `at`) came to `eye`: along its last flee, rout or pursuit
// move (a straight line from where it began) when one is recorded, else where it stands.
double passing_distance(const GameState& s, const table::Point& eye, int i,
                        const table::Point& at) {
  const ModelState& ms = s.models[i];
  if (!ms.crossfire_path) return table::distance(eye, at);
  return table::distance_to_segment(eye, ms.crossfire_from, at);
}

// table::range_to_unit over the target's own models only (a unit's models are consecutive):
// asked for every model of every unit at every listed target. With `passing`, ADV-41's range.
double range_to_target(const GameState& s, const std::vector<table::TableModel>& poses, int m,
                       int target, bool passing = false) {
  // Now: the least squared distance and one root, which is the least distance exactly (the root
  // is monotone and correctly rounded; every shot test of every listing asks this).
  double best = std::numeric_limits<double>::infinity();
  for (int i : s.members(target)) {
    if (!poses[i].alive) continue;
    const table::Point off = poses[i].position - poses[m].position;
    best = std::min(best, passing ? passing_distance(s, poses[m].position, i, poses[i].position)
                                  : table::dot(off, off));
  }
  return passing ? best : std::sqrt(best);
}

// range_to_target from each firer of `unit` in turn: after the first few, a big target's models
// sorted along the axis the two units lie apart on (sorted_apart), so that each firer meets a
// rank or two of them, not all. The least squared distance is the plain scan's, and so its root.
class RangesTo {
 public:
  RangesTo(const GameState& s, const std::vector<table::TableModel>& poses, int unit, int target)
      : s_(s), poses_(poses), unit_(unit), target_(target) {}
  double from(int m) const {
    // Sorting pays once a few firers have asked (a legality check asks one or two).
    constexpr int kScans = 2;
    if (!sorted_ && asked_++ >= kScans) sort();
    if (!sorted_ || sorted_->empty()) return range_to_target(s_, poses_, m, target_);
    const table::Point& at = poses_[m].position;
    double best = std::numeric_limits<double>::infinity();
    sorted_->search(
        at,
        [&](int, const table::Point& p) {
          const table::Point off = p - at;
          best = std::min(best, table::dot(off, off));
        },
        [&] { return best; });
    return std::sqrt(best);
  }

 private:
  void sort() const {
    constexpr std::size_t kWorthSorting = 16;  // living models below which the scan costs less
    sorted_.emplace(sorted_apart(
        s_, unit_, target_, [&](int m) -> const table::TableModel& { return poses_[m]; },
        kWorthSorting));  // left empty below that: the scan answers
  }
  const GameState& s_;
  const std::vector<table::TableModel>& poses_;
  int unit_;
  int target_;
  mutable int asked_ = 0;
  mutable std::optional<table::AxisSorted> sorted_;
};

}  // namespace

UnitReach::UnitReach(const GameState& s, const std::vector<table::TableModel>& poses, int unit)
    : poses_(poses) {
  for (int m : s.members(unit)) {
    if (!poses[m].alive) continue;
    own_.add(poses[m].position);
    const bool throws = s.info(m).profile->ballistic_skill > 0;  // SHOOT-49 as throw_illegal
    for (const WeaponProfile* weapon : s.setup->models[m].group->weapons) {
      if (ranged(*weapon)) longest_ = std::max(longest_, weapon->range);
      if (throws && weapon->is_blast_grenade())
        longest_grenade_ = std::max(longest_grenade_, weapon->range);
    }
  }
}

double UnitReach::gap(const GameState& s, int target) const {
  return own_.gap(s.living_box(target, poses_));
}

bool UnitReach::beyond_weapons(const GameState& s, int target) const {
  // ADV-41 measures to where a crossfire target passed, which the boxes do not bound.
  if (crossfire_target(s, target)) return false;
  return longest_ < 0.0 || gap(s, target) > longest_ + 1e-6;
}

bool UnitReach::beyond_grenades(const GameState& s, int target) const {
  return longest_grenade_ < 0.0 || gap(s, target) > longest_grenade_ + 1e-6;
}

namespace {

// How one model measures range to the target: to where it stands, or (ADV-41) for a direct-fire
// weapon at routers or pursuers, to where they passed. Blast markers and templates are laid
// where the models stand now, so those weapons always measure there.
struct TargetRange {
  double now = 0.0;
  double passing = 0.0;  // == now unless the target is a crossfire target
  bool crossfire = false;

  static bool direct(const WeaponProfile& weapon) {
    return !weapon.is_area() && !weapon.is_template();
  }
  bool passes(const WeaponProfile& weapon) const { return crossfire && direct(weapon); }
  double for_weapon(const WeaponProfile& weapon) const { return passes(weapon) ? passing : now; }
  // The reach to hand the table's sight searches: unlimited when ADV-41 filters the models after.
  double search_reach(const WeaponProfile& weapon, double reach) const {
    return passes(weapon) ? std::numeric_limits<double>::infinity() : reach;
  }
};

TargetRange target_range(const GameState& s, const std::vector<table::TableModel>& poses, int m,
                         int target, bool crossfire, const RangesTo& ranges) {
  TargetRange r;
  r.now = ranges.from(m);
  r.crossfire = crossfire;
  r.passing = crossfire ? range_to_target(s, poses, m, target, true) : r.now;
  return r;
}

// ADV-41: of the seen models `found`, those whose passing distance from model `m` is within
// `reach` (the weapon's; the table's search took them at any range).
std::vector<int> within_passing_reach(const GameState& s,
                                      const std::vector<table::TableModel>& poses, int m,
                                      std::vector<int> found, double reach) {
  std::erase_if(found, [&](int i) {
    return passing_distance(s, poses[m].position, i, poses[i].position) > reach + 1e-9;
  });
  return found;
}

// Whether model `m` may fire at all in a shooting action of this kind (heavy or not).
bool may_fire(const GameState& s, const std::vector<table::TableModel>& poses, int m, bool heavy) {
  if (!poses[m].alive || s.models[m].fell_over) return false;  // MOVE-15: no attacks after a fall
  if (!heavy && s.models[m].heavy_only) return false;          // ADV-29
  return s.info(m).profile->ballistic_skill > 0;               // SHOOT-10
}

// SHOOT-07, ADV-30: the AP a heavy-class firing of `unit` may cost: what the acting unit has left
// (a unit not acting now, as in a preview of another's shot, is not limited).
int fire_budget(const GameState& s, int unit, FireBudget budget) {
  if (budget == FireBudget::unlimited) return std::numeric_limits<int>::max();
  const bool acting = (s.phase == Phase::active && s.active_unit == unit) ||
                      (s.phase == Phase::reaction && s.reactions[0].unit == unit);
  return acting ? acting_points(s) : std::numeric_limits<int>::max();
}

}  // namespace

bool fires_from_ladder(const WeaponProfile& weapon) {
  return weapon.type == data::WeaponType::pistol || basic_weapon(weapon);
}

std::vector<const data::ModelGroup*> model_groups(const GameSetup& setup, int unit) {
  std::vector<const data::ModelGroup*> groups;
  const auto& info = setup.units[unit];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (std::find(groups.begin(), groups.end(), setup.models[m].group) == groups.end())
      groups.push_back(setup.models[m].group);
  return groups;
}

// ADV-32: whether model `m` of `unit` is in `groups`, the unit's groups looked up once a call.
class GroupFilter {
 public:
  GroupFilter(const GameState& s, int unit, GroupMask groups) : s_(s), groups_(groups) {
    if (groups != kAllGroups) order_ = model_groups(*s.setup, unit);
  }
  bool admits(int m) const {
    if (groups_ == kAllGroups) return true;
    const auto at = std::find(order_.begin(), order_.end(), s_.setup->models[m].group);
    return ((groups_ >> (at - order_.begin())) & 1u) != 0;
  }

 private:
  const GameState& s_;
  GroupMask groups_;
  std::vector<const data::ModelGroup*> order_;
};

std::vector<Shot> plan_fire(const GameState& s, const std::vector<table::TableModel>& poses,
                            int unit, int target, bool heavy, bool first_only,
                            std::vector<Firer>* firers, FireBudget budget, GroupMask groups) {
  std::vector<Shot> shots;
  const int points = heavy ? fire_budget(s, unit, budget) : std::numeric_limits<int>::max();
  const auto& info = s.setup->units[unit];
  const UnitState& u = s.units[unit];
  // ADV-49: weapon-mounted grenade launchers fire only while the unit has throwing places left
  // (counted at the first launcher: most units carry none, and this is every legality check).
  std::optional<int> places;
  const bool crossfire = crossfire_target(s, target);  // ADV-41
  // A listing's checks share its measures, when handed its poses (ListingMemo).
  ListingMemo* memo = ListingMemo::active_for(s);
  if (memo != nullptr && !memo->holds(poses)) memo = nullptr;
  if (memo != nullptr ? memo->reach(unit).beyond_weapons(s, target)
                      : UnitReach(s, poses, unit).beyond_weapons(s, target))
    return shots;
  const GroupFilter filter(s, unit, groups);
  // Every firer's lines through one grid, made when the first is asked (most legality checks
  // settle before any is), or the listing's.
  std::optional<table::SightLines> sight;
  const auto lines = [&]() -> table::SightLines& {
    if (memo != nullptr) return memo->lines();
    if (!sight) sight.emplace(s.table(), poses);
    return *sight;
  };
  const RangesTo ranges_to(s, poses, unit, target);
  for (int m : s.members(unit)) {
    if (!may_fire(s, poses, m, heavy)) continue;
    if (!filter.admits(m)) continue;  // ADV-32
    const auto& model = s.info(m);
    const auto fire = [&](Shot&& shot) {
      if (takes_throwing_place(s, *shot.weapon)) --*places;
      if (firers != nullptr) firers->push_back({m, shot.weapon});
      add_shot(shots, std::move(shot), s);
    };
    const TargetRange ranges = target_range(s, poses, m, target, crossfire, ranges_to);
    std::optional<bool> climbing;  // MOVE-28: looked up for the first weapon in reach
    // ADV-31: a two-pistol fighter fires its first pistol and then looks only for a second one.
    // (A legality check stops at the first firer: no pairing then, nor the rule's lookup.)
    const bool pairs_pistols = !heavy && !first_only && s.setup->options.two_pistols &&
                               model.profile->has_rule("two_pistols");
    std::optional<Shot> pistol_in_hand;
    for (const WeaponProfile* weapon : model.group->weapons) {
      if (!ranged(*weapon)) continue;
      if (pistol_in_hand && weapon->type != data::WeaponType::pistol) continue;
      if (!weapon_loaded(s, m, *weapon)) continue;           // ADV-30: spent until reloaded
      const double range = ranges.for_weapon(*weapon);       // ADV-41: where they passed
      const double weapon_range = weapon_reach(s, *weapon);  // ADV-21: the rain may cut it
      if (range > weapon_range + 1e-9) continue;  // SHOOT-01: nobody in the unit within reach
      // ADV-15: a ladder's bearers fire only what could be fired from one.
      if (!climbing) climbing = on_ladder(s, poses[m].position) || bears_ladder(s, m);
      if (*climbing && !fires_from_ladder(*weapon)) continue;
      if (takes_throwing_place(s, *weapon)) {  // ADV-49
        if (!places) places = throwing_places_left(s, unit);
        if (*places <= 0) continue;
      }
      rules::FiringInputs inputs;
      inputs.range = range;
      inputs.relentless = info.relentless;
      rules::Firing firing = rules::weapon_firing(*weapon, inputs, s.setup->rulings);
      if (!firing.allowed) continue;
      if (heavy_class(firing) != heavy) continue;
      if (heavy_class(firing) && u.player_turn.heavy_fired) continue;  // SHOOT-06
      if (firing.action_points > points) continue;  // ADV-30: Slow; SHOOT-07: Ordnance
      const auto& table = s.table();
      // ADV-41: the sight searches look at any range, and the passing distance decides reach.
      const bool passes = ranges.passes(*weapon);
      const double reach = ranges.search_reach(*weapon, weapon_range);
      const auto in_reach = [&](std::vector<int> found) {
        return passes ? within_passing_reach(s, poses, m, std::move(found), weapon_range) : found;
      };
      std::vector<int> targets;
      if (!first_only || passes) {
        targets = in_reach(lines().eligible_targets(m, target, reach));
        if (first_only && !targets.empty()) {
          shots.push_back({m, weapon, firing, range, {}, false});
          return shots;
        }
      } else if (lines().any_eligible_target(m, target, reach)) {
        shots.push_back({m, weapon, firing, range, {}, false});
        return shots;
      }
      bool indirect = false;
      if (targets.empty() && weapon->is_area() && weapon->has(data::WeaponProperty::barrage)) {
        // SHOOT-55: a known place (a banner over the wall) counts as sight for a lobbed shot;
        // failing that, SHOOT-54: it may fire where a friendly model sees the target.
        targets = known_targets(s, poses, m, target, weapon_range);
        if (targets.empty()) {
          targets = table::spotted_targets(table, poses, m, target, weapon_range,
                                           s.setup->options.field_of_view);  // ADV-32
          indirect = true;
          if (!targets.empty()) {
            // SHOOT-07: fired without sight, an Ordnance weapon may cost more (by ruling).
            inputs.line_of_sight = false;
            firing = rules::weapon_firing(*weapon, inputs, s.setup->rulings);
            if (firing.action_points > points) continue;
          }
        }
      }
      bool smoke = false;
      if (targets.empty()) {
        // SHOOT-17: nobody seen, but perhaps somebody behind smoke alone.
        targets = in_reach(smoke_targets(s, poses, m, target, *weapon, reach));
        smoke = !targets.empty();
        indirect = false;
        if (smoke && first_only) {
          shots.push_back({m, weapon, firing, range, {}, false, 1, true});
          return shots;
        }
      }
      bool past_unit = false;
      if (targets.empty() && s.setup->options.shooting_through_units && !weapon->is_area() &&
          !weapon->is_template()) {
        // ADV-37 (optional): nobody seen, but perhaps somebody past another, non-friendly unit.
        targets = in_reach(table::targets_past_units(table, poses, m, target, reach));
        past_unit = !targets.empty();
        if (past_unit && first_only) {
          shots.push_back({m, weapon, firing, range, {}, false, 1, false, true});
          return shots;
        }
      }
      if (targets.empty()) continue;
      // ADV-32: what one model fires at in one action shares one fire arc (not when it cannot see).
      if (s.setup->options.field_of_view && !indirect)
        targets = table::within_one_fire_arc(poses, m, std::move(targets));
      Shot shot{m, weapon, firing, range, std::move(targets), indirect, 1, smoke, past_unit};
      if (pistol_in_hand) {
        // ADV-31: the second pistol fires too, both at -1.
        pistol_in_hand->two_pistols = shot.two_pistols = true;
        fire(std::move(*pistol_in_hand));
        fire(std::move(shot));
        pistol_in_hand.reset();
        break;
      }
      if (pairs_pistols && weapon->type == data::WeaponType::pistol) {
        pistol_in_hand = std::move(shot);  // look for a pistol in the other hand
        continue;
      }
      fire(std::move(shot));
      break;
    }
    // No second pistol may fire: the first fires alone, without the penalty.
    if (pistol_in_hand) fire(std::move(*pistol_in_hand));
  }
  return shots;
}

namespace {
thread_local ListingMemo* active_listing_memo = nullptr;
// The storage of the last memo on this thread, taken by the next when it first needs it: a search
// lists thousands of states, and each memo would otherwise allocate its copies anew (a memo made
// inside another finds these empty and allocates its own).
thread_local std::vector<std::int8_t> spare_seen;
thread_local std::vector<table::TableModel> spare_poses;
}  // namespace

ListingMemo::ListingMemo(const GameState& state)
    : state_(state), units_(static_cast<int>(state.units.size())), outer_(active_listing_memo) {
  active_listing_memo = this;
}

std::int8_t& ListingMemo::seen(int model, int unit) {
  if (seen_.empty()) {
    seen_.swap(spare_seen);
    seen_.assign(state_.models.size() * state_.units.size(), std::int8_t{-1});
  }
  return seen_[static_cast<std::size_t>(model) * units_ + unit];
}

const std::vector<table::TableModel>& ListingMemo::poses() {
  if (!gathered_) {
    poses_.swap(spare_poses);
    state_.table_models(poses_);
    gathered_ = true;
  }
  return poses_;
}

const UnitReach& ListingMemo::reach(int unit) {
  // A listing lists one unit's actions: the last unit asked is kept.
  if (!reach_ || reach_unit_ != unit) {
    reach_.emplace(state_, poses(), unit);
    reach_unit_ = unit;
  }
  return *reach_;
}

table::SightLines& ListingMemo::lines() {
  if (!lines_) lines_ = std::make_unique<table::SightLines>(state_.table(), poses());
  return *lines_;
}

ListingMemo::~ListingMemo() {
  active_listing_memo = outer_;
  lines_.reset();  // it looks at poses_, given away below
  reach_.reset();
  // What it took it gives back for the next memo.
  if (!seen_.empty()) spare_seen.swap(seen_);
  if (gathered_) spare_poses.swap(poses_);
}

ListingMemo* ListingMemo::active_for(const GameState& state) {
  return active_listing_memo != nullptr && &active_listing_memo->state_ == &state
             ? active_listing_memo
             : nullptr;
}

std::vector<WastedShot> wasted_shots(const GameState& s,
                                     const std::vector<table::TableModel>& poses, int unit,
                                     int target, bool heavy, const std::vector<Firer>& firing,
                                     bool first_only, GroupMask groups,
                                     const std::function<bool(const WastedShot&)>& asked) {
  std::vector<WastedShot> out;
  if (!s.setup->options.declared_shots) return out;
  // A listing asks again of models it has already drawn lines from (for heavy weapons and the
  // rest, for each model group).
  ListingMemo* memo = ListingMemo::active_for(s);
  const auto& info = s.setup->units[unit];
  const UnitState& u = s.units[unit];
  std::optional<int> places;  // ADV-49, counted at the first launcher (as plan_fire does)
  const bool crossfire = crossfire_target(s, target);  // ADV-41
  const GroupFilter filter(s, unit, groups);
  const RangesTo ranges_to(s, poses, unit, target);
  // MOVE-28; ADV-15: which members bear the unit's ladder (asked once, not for each model).
  const bool ladder_carried = !s.portable_ladders.empty() && carried_ladder(s, unit) >= 0;
  const std::uint64_t bearers = ladder_carried ? ladder_bearers(s, unit, nullptr) : 0;
  int index = -1;  // the model's place among the unit's members
  for (int m : s.members(unit)) {
    ++index;
    // The same firers plan_fire considers, less those that fire.
    if (!may_fire(s, poses, m, heavy)) continue;
    if (!filter.admits(m)) continue;  // ADV-32
    if (std::any_of(firing.begin(), firing.end(), [&](const Firer& f) { return f.model == m; }))
      continue;
    // One known to see nothing of the target in its arc is passed over before its weapons are
    // weighed, as the sight test below would pass it over after.
    if (memo != nullptr && memo->seen(m, target) == 0) continue;
    const auto& model = s.info(m);
    const TargetRange ranges = target_range(s, poses, m, target, crossfire, ranges_to);
    // MOVE-28; ADV-15: a ladder's bearers fire only what could be fired from one (looked up at
    // the first weapon that could not be).
    std::optional<bool> climbing;
    const auto is_climbing = [&] {
      if (!climbing)
        climbing = on_ladder(s, poses[m].position) || ((bearers >> std::min(index, 63)) & 1u) != 0;
      return *climbing;
    };
    const WeaponProfile* declared = nullptr;
    int declared_cost = 1;
    const int points =
        heavy ? fire_budget(s, unit, FireBudget::acting_points) : std::numeric_limits<int>::max();
    for (const WeaponProfile* weapon : model.group->weapons) {
      if (!ranged(*weapon) || ranges.for_weapon(*weapon) <= weapon_reach(s, *weapon) + 1e-9)
        continue;
      if (!fires_from_ladder(*weapon) && is_climbing()) continue;
      if (!weapon_loaded(s, m, *weapon)) continue;  // ADV-30
      if (takes_throwing_place(s, *weapon)) {
        if (!places) places = throwing_places_left(s, unit);
        if (*places <= 0) continue;
      }
      // Its kind as it would fire at the edge of its reach (SHOOT-05/06).
      rules::FiringInputs inputs;
      inputs.range = weapon->range;
      inputs.relentless = info.relentless;
      const rules::Firing firing_kind = rules::weapon_firing(*weapon, inputs, s.setup->rulings);
      if (!firing_kind.allowed || heavy_class(firing_kind) != heavy) continue;
      if (heavy && u.player_turn.heavy_fired) continue;  // SHOOT-06
      if (firing_kind.action_points > points) continue;  // ADV-30, SHOOT-07
      if (declared == nullptr || weapon->range > declared->range) {
        declared = weapon;
        declared_cost = firing_kind.action_points;
      }
    }
    if (declared == nullptr) continue;
    const WastedShot shot{m, declared, ranges.for_weapon(*declared), declared_cost};
    if (asked && !asked(shot)) continue;
    out.push_back(shot);
  }
  // Seen, in the fire arc (SHOOT-01/04), at whatever distance. Sight lines are the dear part: a
  // legality check (any one will do) tries the nearest models first, the likeliest to see.
  if (first_only)
    std::stable_sort(out.begin(), out.end(),
                     [](const WastedShot& x, const WastedShot& y) { return x.range < y.range; });
  std::vector<WastedShot> seen;
  // Every model's lines through one grid: a listing's own (its models are the state's, as are
  // `poses`), else this call's.
  std::optional<table::SightLines> own;
  const auto lines = [&]() -> table::SightLines& {
    if (memo != nullptr) return memo->lines();
    if (!own) own.emplace(s.table(), poses);
    return *own;
  };
  for (const WastedShot& w : out) {
    const auto sees = [&] { return lines().any_eligible_target(w.model, target, 1e9); };
    if (memo != nullptr) {
      std::int8_t& known = memo->seen(w.model, target);
      if (known < 0) known = sees() ? 1 : 0;
      if (known == 0) continue;
    } else if (!sees()) {
      continue;
    }
    seen.push_back(w);
    if (first_only) break;
  }
  return seen;
}

void mark_crossfire_start(GameState& s, int unit) {
  if (!s.setup->options.crossfire) return;
  for (int m : s.members(unit)) {
    ModelState& model = s.models[m];
    model.crossfire_path = model.pose.alive;
    model.crossfire_from = model.pose.position;
  }
}

void clear_crossfire(GameState& s, int unit) {
  for (int m : s.members(unit)) s.models[m].crossfire_path = false;
}

std::string target_problem(const GameState& s, const Action& a) {
  if (a.target < 0 || a.target >= static_cast<int>(s.units.size()) || !s.unit_alive(a.target)) {
    return "there is no such target unit on the table";
  }
  if (s.setup->units[a.target].side == s.setup->units[a.unit].side) {
    return "SHOOT-20: you cannot shoot at your own side";
  }
  if (s.units[a.target].hidden) return "ADV-04: that unit is hidden and cannot be targeted";
  return "";
}

std::optional<Shot> grenade_throw(const GameState& s, const std::vector<table::TableModel>& poses,
                                  int m, int target) {
  if (!poses[m].alive || s.info(m).profile->ballistic_skill <= 0) return std::nullopt;
  if (s.models[m].heavy_only) return std::nullopt;  // ADV-29: a grenade is another weapon
  for (const auto* weapon : s.setup->models[m].group->weapons) {
    if (!weapon->is_blast_grenade()) continue;
    auto found = fire_targets(s, poses, m, target, *weapon, weapon->range);
    // SHOOT-55: a grenade may be thrown where the thrower knows the foe stands.
    if (found.models.empty()) found.models = known_targets(s, poses, m, target, weapon->range);
    if (found.models.empty()) continue;
    return Shot{m,
                weapon,
                {},
                range_to_target(s, poses, m, target),
                std::move(found.models),
                false,
                1,
                found.through_smoke};
  }
  return std::nullopt;
}

}  // namespace arap::game::detail
