// GEN-09 (sub-units) with ADV-19's splitting limits (advanced, option coherency). A unit whose
// models have drifted into parts more than 3" apart (centre to centre) may either close ranks with
// its next move (coherency.cpp: the catalogue's declaration that the next move restores
// coherency) or split: each part becomes a unit of its own, in an empty slot the setup made for
// the squad, with its own activation roll, Ld and morale tests, and no leader's help where the
// leader is not. ADV-19's limits: at most as many parts as the Initiative of the squad's majority
// troop type, and no part of one model unless it is an Independent Character. Parts of a squad
// that come back within 3" of each other merge again (GEN-09), once neither is acting, fighting,
// routing or pursuing; the merged unit's starting strength is the squad's again (ADV-19). A
// part made only of a guest's models (a joined Independent Character, ADV-19; a merged mob,
// ADV-20: joining.cpp) goes back to the guest's own unit rather than to a slot.
//
// Rulings (least advantage, documented in docs/game.md): a split is made in the phasing side's
// activation phase, before the unit activates, and costs nothing; a unit locked in mêlée, routing
// or pursuing does not split (ADV-19 lets no character leave such a unit either); a merged unit
// keeps every restriction either part had this turn (an activation attempt, pinning,
// suppression, a Charge made, shots fired).
#include <algorithm>

#include <fmt/format.h>

#include "game/context.hpp"
#include "game/melee_internal.hpp"
#include "table/coherency.hpp"
#include "table/geometry.hpp"

namespace arap::game::detail {

namespace {

bool lone_character(const GameSetup& setup, int m) {
  return setup.models[m].profile->has_rule("independent_character");
}

// The living models of `unit` in their connected parts under the 3" chain, the main body first
// (ADV-74: the part with the leader, else the largest; guests aside, the one with more of the
// unit's own squad; among equals the one with the lowest model), each in model order.
std::vector<std::vector<int>> parts_of_unit(const GameState& s, int unit) {
  std::vector<int> alive;
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) alive.push_back(m);
  std::vector<table::TableModel> poses;
  poses.reserve(alive.size());
  for (int m : alive) poses.push_back(s.models[m].pose);
  std::vector<int> slots(alive.size());
  for (std::size_t k = 0; k < slots.size(); ++k) slots[k] = static_cast<int>(k);
  std::vector<std::vector<int>> parts;
  for (const auto& group : table::coherent_groups(poses, slots)) {
    std::vector<int> models;
    for (int k : group) models.push_back(alive[static_cast<std::size_t>(k)]);
    std::sort(models.begin(), models.end());
    parts.push_back(std::move(models));
  }
  const int leader = s.leader_of(unit);
  const int squad = s.setup->squad_of(unit);
  const auto own = [&](const std::vector<int>& part) {
    return std::count_if(part.begin(), part.end(),
                         [&](int m) { return s.setup->models[m].unit == squad; });
  };
  std::stable_sort(parts.begin(), parts.end(), [&](const auto& a, const auto& b) {
    const bool a_led = std::find(a.begin(), a.end(), leader) != a.end();
    const bool b_led = std::find(b.begin(), b.end(), leader) != b.end();
    if (a_led != b_led) return a_led;
    if (a.size() != b.size()) return a.size() > b.size();
    if (own(a) != own(b)) return own(a) > own(b);
    return a.front() < b.front();
  });
  return parts;
}

// The squad's units (itself and its slots) with a living model standing in them.
int standing_parts(const GameState& s, int squad) {
  const UnitInfo& info = s.setup->units[squad];
  int parts = s.unit_alive(squad) ? 1 : 0;
  for (int k = 0; k < info.slot_count; ++k) parts += s.unit_alive(info.first_slot + k) ? 1 : 0;
  return parts;
}

// The squad's empty slots (no model, living or dead, stands in them).
std::vector<int> free_slots(const GameState& s, int squad) {
  const UnitInfo& info = s.setup->units[squad];
  std::vector<int> free;
  for (int k = 0; k < info.slot_count; ++k) {
    const int slot = info.first_slot + k;
    if (s.members(slot).empty()) free.push_back(slot);
  }
  return free;
}

// The unit a part of `unit` goes to that need not take a slot: the own unit of the guest squad
// all its models come from, while that unit stands empty (ADV-19: the character leaves); or -1.
int home_of_part(const GameState& s, int unit, const std::vector<int>& part) {
  const int home = s.setup->models[part.front()].unit;
  if (home == s.setup->squad_of(unit)) return -1;
  for (int m : part)
    if (s.setup->models[m].unit != home) return -1;
  return s.members(home).empty() ? home : -1;
}

// Whether `unit` is settled enough to merge: not acting, fighting, routing, pursuing, off the
// table or in the middle of a Charge or a declared shot.
bool at_rest(const GameState& s, int unit) {
  const UnitState& u = s.units[unit];
  if (u.locked != 0 || u.routing || u.rout_pending || u.pursuing >= 0 || u.away || u.fled ||
      u.in_reserve || u.consolidation > 0)
    return false;
  if (s.phase == Phase::active && s.active_unit == unit) return false;
  for (int k = 0; k < s.reaction_count; ++k)  // the reacting unit and those still to react
    if (s.reactions[static_cast<std::size_t>(k)].unit == unit) return false;
  return s.charging_unit != unit && s.charge_target != unit && s.pending_fire.unit != unit &&
         s.pending_fire.target != unit;
}

// Every model of the squad's range stands in the squad itself (no part is split off; guests
// aside).
bool whole(const GameState& s, int squad) {
  const UnitInfo& info = s.setup->units[squad];
  for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
    if (s.models[m].pose.unit != squad) return false;
  return true;
}

// Some living model of `a` within 3" (centre to centre) of a living model of `b`.
bool touching(const GameState& s, int a, int b) {
  for (int m : s.members(a)) {
    if (!s.models[m].pose.alive) continue;
    for (int n : s.members(b))
      if (s.models[n].pose.alive &&
          table::distance(s.models[m].pose.position, s.models[n].pose.position) <=
              table::kCoherencyDistance + 1e-9)
        return true;
  }
  return false;
}

// The restrictions of `from` carried into `into` as two parts merge (least advantage: whatever
// either part has done or suffered this turn holds for the whole).
void combine(UnitState& into, const UnitState& from) {
  const auto any = [](bool& a, bool b) { a = a || b; };
  const auto both = [](bool& a, bool b) { a = a && b; };
  const auto most = [](auto& a, auto b) { a = std::max(a, b); };
  const auto add = [](std::int16_t& a, std::int16_t b) { a = static_cast<std::int16_t>(a + b); };
  auto& a = into.own_turn;
  const auto& b = from.own_turn;
  any(a.attempted, b.attempted);
  any(a.free_moved, b.free_moved);
  any(a.pinned, b.pinned);
  any(a.suppressed, b.suppressed);
  both(a.aimed, b.aimed);
  any(a.pinning_failed, b.pinning_failed);
  any(a.morale_checked, b.morale_checked);
  any(a.blast_hit, b.blast_hit);
  any(a.hazard_checked, b.hazard_checked);
  any(a.rallied, b.rallied);
  any(a.faced, b.faced);
  any(a.no_fear_flinched, b.no_fear_flinched);
  any(a.moved_this_turn, b.moved_this_turn);
  add(a.hazard_losses, b.hazard_losses);
  add(a.hits_taken, b.hits_taken);
  add(a.casualties_taken, b.casualties_taken);
  add(a.throwers_used, b.throwers_used);
  most(a.moved_inches, b.moved_inches);
  auto& p = into.player_turn;
  const auto& q = from.player_turn;
  any(p.stood_up, q.stood_up);
  any(p.engaged, q.engaged);
  any(p.heavy_fired, q.heavy_fired);
  most(p.charges, q.charges);
  any(p.charge_failed, q.charge_failed);
  any(p.fell, q.fell);
  any(p.fleet_moved, q.fleet_moved);
  any(p.fired, q.fired);
  any(into.picked_up, from.picked_up);
  any(into.tactical, from.tactical);
  both(into.hidden, from.hidden);
  any(into.revealing, from.revealing);
  any(into.ambush_spent, from.ambush_spent);
  most(into.ground_turns, from.ground_turns);
  most(into.s_points, from.s_points);
  any(into.stirred_last_turn, from.stirred_last_turn);
  most(into.moved_last_turn, from.moved_last_turn);
}

// Every unit's record of `unit` (parted from it, fought it, rallied from it) held of `part` too;
// with `forget`, no longer of `unit` (it stands empty).
void share_records(GameState& s, int unit, int part, bool forget = false) {
  const std::uint64_t was = bit(unit);
  for (UnitState& v : s.units) {
    for (std::uint64_t* record :
         {&v.left_combat, &v.left_combat_fresh, &v.recent_foes, &v.rallied_from}) {
      if ((*record & was) == 0) continue;
      *record |= bit(part);
      if (forget) *record &= ~was;
    }
  }
}

// ADV-19 / ADV-20: names in `unit`'s guests every other squad with a model standing in it.
void refresh_guests(GameState& s, int unit) {
  const int squad = s.setup->squad_of(unit);
  std::uint64_t guests = 0;
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const int home = s.setup->models[m].unit;
    if (s.models[m].pose.unit == unit && home != squad) guests |= bit(home);
  }
  s.units[unit].guests = guests;
}

// The models of a join or leave event, by their number in the game.
nlohmann::json model_list(const std::vector<int>& models) {
  nlohmann::json out = nlohmann::json::array();
  for (int m : models) out.push_back(m);
  return out;
}

}  // namespace

std::string split_illegal(const GameState& s, const Action& a) {
  const GameSetup& setup = *s.setup;
  const UnitInfo& info = setup.units[a.unit];
  if (!setup.options.coherency)
    return "ADV-19: units split only under the option coherency (off in this game)";
  if (info.side != s.phasing)
    return fmt::format("GEN-09: only {}'s units split now, in its activation phase",
                       setup.scenario.sides[s.phasing].name);
  const UnitState& u = s.units[a.unit];
  if (u.locked != 0)
    return fmt::format("ADV-19: {} is locked in mêlée and fights as one unit", info.name);
  if (u.routing || u.rout_pending) return fmt::format("ADV-19: {} is routing", info.name);
  if (u.pursuing >= 0) return fmt::format("ADV-19: {} is pursuing its routers", info.name);
  // Before the parts are measured (asked of every unit in each activation-phase listing): a squad
  // with no sub-unit slot never stands in two parts.
  const int squad = setup.squad_of(a.unit);
  const UnitInfo& squad_info = setup.units[squad];
  if (squad_info.slot_count == 0 && u.guests == 0)
    return fmt::format(
        "ADV-19: {} stands in one part only (too few models for two parts of two, or troops of "
        "Initiative 1)",
        squad_info.name);
  // The chain test every move asks (no allocation) before the parts are measured.
  if (unit_coherent(s, a.unit))
    return fmt::format(
        "GEN-09: {} is in coherency (every model within 3\" of another): it has no parts to split "
        "into",
        info.name);
  const auto parts = parts_of_unit(s, a.unit);
  for (const auto& part : parts)
    if (part.size() == 1 && !lone_character(setup, part.front()))
      return fmt::format(
          "ADV-19: a part of one model may not stand alone unless it is an Independent "
          "Character: {} must close ranks instead (move mode close_ranks)",
          info.name);
  // A part that goes back to its own unit (a guest leaving) is no part of this squad's.
  int new_parts = 0;
  for (std::size_t k = 1; k < parts.size(); ++k)
    new_parts += home_of_part(s, a.unit, parts[k]) < 0 ? 1 : 0;
  const int after = standing_parts(s, squad) + new_parts;
  if (after > squad_info.part_limit)
    return fmt::format(
        "ADV-19: {} may stand in at most {} parts (the Initiative of its troops); this split "
        "would make {}",
        squad_info.name, squad_info.part_limit, after);
  if (static_cast<int>(free_slots(s, squad).size()) < new_parts)
    return fmt::format(
        "ADV-19: no room for another part of {}: a game tracks at most 64 units, sub-units "
        "included",
        squad_info.name);
  return "";
}

void apply_split(Context& c, const Action& a) {
  GameState& s = c.state;
  const int squad = c.setup.squad_of(a.unit);
  const auto parts = parts_of_unit(s, a.unit);
  const auto slots = free_slots(s, squad);
  nlohmann::json listed = nlohmann::json::array();
  const auto numbers = [&](const std::vector<int>& models) {
    nlohmann::json out = nlohmann::json::array();
    // Each model numbered within its own squad (a guest's is another squad's: ADV-19/20).
    for (int m : models) out.push_back(m - c.setup.units[c.setup.models[m].unit].first_model);
    return out;
  };
  if (c.logging()) listed.push_back({{"unit", a.unit}, {"models", numbers(parts.front())}});
  std::size_t next_slot = 0;
  for (std::size_t k = 1; k < parts.size(); ++k) {
    const int home = home_of_part(s, a.unit, parts[k]);
    const int slot = home >= 0 ? home : slots[next_slot++];
    s.units[slot] = s.units[a.unit];  // the part carries its squad's state this turn
    s.units[slot].strength_at_turn_end = static_cast<std::int16_t>(parts[k].size());
    // The squad's dead stay with the squad; the part holds its living models.
    for (int m : parts[k]) s.models[m].pose.unit = slot;
    share_records(s, a.unit, slot);
    refresh_guests(s, slot);
    if (c.logging()) {
      nlohmann::json part = {{"unit", slot}, {"models", numbers(parts[k])}};
      if (home >= 0) part["home"] = true;  // ADV-19: a character leaving by the split
      listed.push_back(std::move(part));
    }
  }
  s.units[a.unit].strength_at_turn_end = static_cast<std::int16_t>(parts.front().size());
  refresh_guests(s, a.unit);
  if (c.logging())
    c.event(
        {{"type", "split"}, {"unit", a.unit}, {"parts", std::move(listed)}, {"rule", "ADV-19"}});
}

void merge_parts(Context& c) {
  GameState& s = c.state;
  const GameSetup& setup = c.setup;
  if (!setup.options.coherency) return;
  for (int squad = 0; squad < setup.squads(); ++squad) {
    const UnitInfo& info = setup.units[squad];
    if (info.slot_count == 0) continue;
    if (whole(s, squad)) continue;
    // The squad and its slots, in order: a later part merges into an earlier one.
    bool merged = false;
    std::vector<int> units{squad};
    for (int k = 0; k < info.slot_count; ++k) units.push_back(info.first_slot + k);
    for (std::size_t i = 0; i < units.size(); ++i) {
      const int into = units[i];
      if (!s.unit_alive(into) || !at_rest(s, into)) continue;
      for (std::size_t j = i + 1; j < units.size(); ++j) {
        const int from = units[j];
        if (!s.unit_alive(from) || !at_rest(s, from) || !touching(s, into, from)) continue;
        combine(s.units[into], s.units[from]);
        const std::uint64_t guests = s.units[from].guests;
        std::vector<int> moving;
        for (int m : s.members(from)) moving.push_back(m);
        for (int m : moving) s.models[m].pose.unit = into;
        s.units[from] = UnitState{};
        s.units[into].guests |= guests;
        merged = true;
        if (c.logging())
          c.event({{"type", "merged"}, {"unit", into}, {"part", from}, {"rule", "GEN-09"}});
        j = i;  // the grown part may now reach one it did not
      }
    }
    // ADV-19: whole again by a merge, the squad's strength is its starting strength (and its
    // guests').
    if (merged && whole(s, squad)) {
      int guests = 0;
      for (int m : s.members(squad))
        guests += s.setup->models[m].unit != squad && s.models[m].pose.alive ? 1 : 0;
      s.units[squad].strength_at_turn_end = static_cast<std::int16_t>(info.model_count + guests);
    }
  }
}

// ADV-19 / ADV-20: what a unit may join. Independent Characters join a squad (not another lone
// character); mobs merge with mobs; military squads never merge.
std::string join_illegal(const GameState& s, const Action& a) {
  const GameSetup& setup = *s.setup;
  const int units = static_cast<int>(s.units.size());
  const UnitInfo& info = setup.units[a.unit];
  const bool character = info.character;
  const bool mob = info.mob;
  if (!character && !mob)
    return fmt::format(
        "ADV-19: {} is no Independent Character and no mob: two military squads never merge",
        info.name);
  if (character && !setup.options.coherency)
    return "ADV-19: characters join units only under the option coherency (off in this game)";
  if (!character && !setup.options.mobs)
    return "ADV-20: mobs merge only under the option mobs (off in this game)";
  if (info.side != s.phasing)
    return fmt::format("ADV-19: only {}'s units join others now, in its activation phase",
                       setup.scenario.sides[s.phasing].name);
  if (a.target < 0 || a.target >= units || a.target == a.unit)
    return fmt::format("ADV-19: {} names no other unit to join (target {})", info.name, a.target);
  const UnitInfo& host = setup.units[a.target];
  if (host.side != info.side)
    return fmt::format("ADV-19: {} is an enemy unit: only a friendly unit is joined", host.name);
  if (!s.unit_alive(a.target) || s.units[a.target].in_reserve || s.units[a.target].away)
    return fmt::format("ADV-19: {} is not on the table", host.name);
  if (!s.unit_alive(a.unit) || s.units[a.unit].in_reserve || s.units[a.unit].away)
    return fmt::format("ADV-19: {} is not on the table", info.name);
  if (character && host.character)
    return fmt::format("ADV-19: {} is a lone character too: a character joins a squad", host.name);
  if (mob && !character && !host.mob)
    return fmt::format("ADV-20: {} is no mob: a mob merges only with another mob", host.name);
  const UnitState& u = s.units[a.unit];
  const UnitState& v = s.units[a.target];
  if (u.locked != 0 || v.locked != 0)
    return fmt::format("ADV-19: {} is locked in mêlée", u.locked != 0 ? info.name : host.name);
  if (u.routing || u.rout_pending || v.routing || v.rout_pending)
    return fmt::format("ADV-19: {} is routing",
                       u.routing || u.rout_pending ? info.name : host.name);
  if (!at_rest(s, a.unit) || !at_rest(s, a.target))
    return fmt::format("ADV-19: {} is busy (pursuing, consolidating, or in a Charge or a shot)",
                       at_rest(s, a.unit) ? host.name : info.name);
  if (!touching(s, a.unit, a.target))
    return fmt::format(
        "ADV-19: no model of {} stands within 3\" (centre to centre) of a model of {}", info.name,
        host.name);
  return "";
}

void apply_join(Context& c, const Action& a) {
  GameState& s = c.state;
  std::vector<int> moving;
  for (int m : s.members(a.unit)) moving.push_back(m);
  const int joined = s.living_models(a.unit);
  UnitState& host = s.units[a.target];
  // The restrictions either had this turn hold for the whole (least advantage, as a merge).
  combine(host, s.units[a.unit]);
  host.strength_at_turn_end = static_cast<std::int16_t>(host.strength_at_turn_end + joined);
  for (int m : moving) s.models[m].pose.unit = a.target;
  share_records(s, a.unit, a.target, /*forget=*/true);
  s.units[a.unit] = UnitState{};
  refresh_guests(s, a.target);
  if (c.logging())
    c.event({{"type", "joined"},
             {"unit", a.unit},
             {"target", a.target},
             {"models", model_list(moving)},
             {"rule", c.setup.units[a.unit].character ? "ADV-19" : "ADV-20"}});
}

// ADV-19: a joined character leaves the unit (`unit`, the host) to stand as its own unit
// (`target`, the character's) again.
std::string leave_illegal(const GameState& s, const Action& a) {
  const GameSetup& setup = *s.setup;
  const UnitInfo& info = setup.units[a.unit];
  if (!setup.options.coherency)
    return "ADV-19: characters join and leave units only under the option coherency (off in "
           "this game)";
  if (info.side != s.phasing)
    return fmt::format("ADV-19: only {}'s characters leave units now, in its activation phase",
                       setup.scenario.sides[s.phasing].name);
  if (a.target < 0 || a.target >= setup.squads() || (s.units[a.unit].guests >> a.target & 1) == 0)
    return fmt::format("ADV-19: no character of unit {} has joined {}", a.target, info.name);
  if (!setup.units[a.target].character)
    return fmt::format(
        "ADV-19: {} is a mob merged into {}: it parts by splitting (more than 3\" away)",
        setup.units[a.target].name, info.name);
  const UnitState& u = s.units[a.unit];
  if (u.locked != 0)
    return fmt::format("ADV-19: {} is locked in mêlée: no character leaves it", info.name);
  if (u.routing || u.rout_pending)
    return fmt::format("ADV-19: {} is routing: no character leaves it", info.name);
  if (!at_rest(s, a.unit))
    return fmt::format("ADV-19: {} is busy (pursuing, consolidating, or in a Charge or a shot)",
                       info.name);
  bool living = false;
  for (int m : s.members(a.unit))
    living = living || (setup.models[m].unit == a.target && s.models[m].pose.alive);
  if (!living) return fmt::format("ADV-19: {} has fallen", setup.units[a.target].name);
  return "";
}

void apply_leave(Context& c, const Action& a) {
  GameState& s = c.state;
  std::vector<int> leaving;
  for (int m : s.members(a.unit))
    if (c.setup.models[m].unit == a.target && s.models[m].pose.alive) leaving.push_back(m);
  UnitState& host = s.units[a.unit];
  s.units[a.target] = host;  // the character carries the unit's state this turn (as a part)
  s.units[a.target].strength_at_turn_end = static_cast<std::int16_t>(leaving.size());
  host.strength_at_turn_end = static_cast<std::int16_t>(
      std::max(0, host.strength_at_turn_end - static_cast<int>(leaving.size())));
  for (int m : leaving) s.models[m].pose.unit = a.target;
  share_records(s, a.unit, a.target);
  refresh_guests(s, a.unit);
  refresh_guests(s, a.target);
  if (c.logging())
    c.event({{"type", "left"},
             {"unit", a.unit},
             {"target", a.target},
             {"models", model_list(leaving)},
             {"rule", "ADV-19"}});
}

}  // namespace arap::game::detail
