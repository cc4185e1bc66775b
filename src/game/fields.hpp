// Every field of the game state, listed once. The digest hashes what these visitors name, and a
// test perturbs each named field in turn to show that `==` and the digest both see it. The
// static_asserts on the structs' sizes fail when a field is added without being listed here.
#pragma once

#include <type_traits>

#include "game/state.hpp"

namespace arap::game::fields {

// `visit(name, field)` for every field of a model's state.
template <typename Model, typename Visit>
requires std::is_same_v<std::remove_const_t<Model>, ModelState>
void for_each(Model& m, Visit&& visit) {
  visit("position.x", m.pose.position.x);
  visit("position.y", m.pose.position.y);
  visit("facing", m.pose.facing);
  visit("base_radius", m.pose.base_radius);
  visit("size", m.pose.size);
  visit("bulk", m.pose.bulk);
  visit("height", m.pose.height);
  visit("pose.unit", m.pose.unit);
  visit("pose.side", m.pose.side);
  visit("alive", m.pose.alive);
  visit("engaged", m.pose.engaged);
  visit("mounted", m.pose.mounted);
  visit("infra_vision", m.pose.infra_vision);
  visit("leaping", m.pose.leaping);
  visit("move_through_cover", m.pose.move_through_cover);
  visit("sight_limit", m.pose.sight_limit);
  visit("wounds_left", m.wounds_left);
  visit("prone", m.prone);
  visit("fell_over", m.fell_over);
  visit("heavy_only", m.heavy_only);
  visit("unloaded", m.unloaded);
  visit("crossfire_path", m.crossfire_path);
  visit("armour_shed", m.armour_shed);
  visit("shield_dropped", m.shield_dropped);
  visit("smoke_discharged", m.smoke_discharged);
  visit("crossfire_from.x", m.crossfire_from.x);
  visit("crossfire_from.y", m.crossfire_from.y);
  visit("mount_wounds_left", m.mount_wounds_left);
  visit("dismounted", m.dismounted);
}

// `visit(name, field)` for every field of a cloud laid in play (ADV-35/50). The laid table is
// built from the clouds and the doors, so it has no fields of its own.
template <typename CloudState, typename Visit>
requires std::is_same_v<std::remove_const_t<CloudState>, Cloud>
void for_each(CloudState& c, Visit&& visit) {
  visit("cloud.x", c.centre.x);
  visit("cloud.y", c.centre.y);
  visit("cloud.radius", c.radius);
  visit("cloud.laid_in", c.laid_in);
  visit("cloud.side", c.side);
  visit("cloud.blind", c.blind);
}

// `visit(name, field)` for every field of a portable ladder (ADV-15).
template <typename LadderState, typename Visit>
requires std::is_same_v<std::remove_const_t<LadderState>, PortableLadder>
void for_each(LadderState& l, Visit&& visit) {
  visit("ladder.x", l.at.x);
  visit("ladder.y", l.at.y);
  visit("ladder.up_x", l.up.x);
  visit("ladder.up_y", l.up.y);
  visit("ladder.rise", l.rise);
  visit("ladder.carrier", l.carrier);
  visit("ladder.side", l.side);
  visit("ladder.standing", l.standing);
  visit("ladder.owner", l.owner);
  visit("ladder.hook", l.hook);
  visit("ladder.span", l.span);
}

// clang-format off
#define ARAP_UNIT_FIELDS(X) \
  X(own_turn.attempted) \
  X(picked_up) \
  X(own_turn.free_moved) \
  X(own_turn.pinned) \
  X(own_turn.suppressed) \
  X(routing) \
  X(rout_pending) \
  X(no_fear_flinch) \
  X(no_retreat_round) \
  X(own_turn.no_fear_flinched) \
  X(tactical) \
  X(own_turn.aimed) \
  X(player_turn.heavy_fired) \
  X(own_turn.pinning_failed) \
  X(own_turn.morale_checked) \
  X(fled) \
  X(away) \
  X(in_reserve) \
  X(awaiting_drop) \
  X(own_turn.blast_hit) \
  X(fleeting) \
  X(own_turn.hazard_checked) \
  X(own_turn.hazard_losses) \
  X(own_turn.moved_this_turn) \
  X(player_turn.stood_up) \
  X(player_turn.fell) \
  X(player_turn.fleet_moved) \
  X(player_turn.fired) \
  X(hidden) \
  X(revealing) \
  X(round.ambush_charge) \
  X(round.jump_bonus) \
  X(round.uphill_crs) \
  X(ambush_spent) \
  X(strength_at_turn_end) \
  X(own_turn.hits_taken) \
  X(own_turn.casualties_taken) \
  X(own_turn.throwers_used) \
  X(krak_attackers) \
  X(bucklers_strike) \
  X(pursue_routers) \
  X(consolidation) \
  X(corrective_target) \
  X(ground_turns) \
  X(s_points) \
  X(player_turn.tally_blast) \
  X(player_turn.tally_done) \
  X(player_turn.tally_firer) \
  X(player_turn.tally_hits) \
  X(own_turn.shot_target_this_turn) \
  X(locked) \
  X(pursuing) \
  X(press_pursuit) \
  X(left_combat) \
  X(left_combat_fresh) \
  X(recent_foes) \
  X(recent_turn) \
  X(beaten_by) \
  X(player_turn.charges) \
  X(player_turn.may_charge_again) \
  X(player_turn.charge_failed) \
  X(no_break_off) \
  X(last_man) \
  X(rallied_from) \
  X(guests) \
  X(own_turn.rallied) \
  X(own_turn.faced) \
  X(round.first_round) \
  X(round.bodyguard_swapped) \
  X(round.charged_into_cover) \
  X(round.simultaneous) \
  X(round.bonus_attacks) \
  X(round.rear_bonus) \
  X(round.charge_crs) \
  X(round.flank_penalty) \
  X(melee_choice) \
  X(round.round_inflicted) \
  X(round.round_taken) \
  X(player_turn.held_ap) \
  X(player_turn.engaged) \
  X(moved_last_turn) \
  X(stirred_last_turn) \
  X(own_turn.moved_inches)
// clang-format on

template <typename Unit, typename Visit>
requires std::is_same_v<std::remove_const_t<Unit>, UnitState>
void for_each(Unit& u, Visit&& visit) {
#define ARAP_VISIT(field) visit(#field, u.field);
  ARAP_UNIT_FIELDS(ARAP_VISIT)
#undef ARAP_VISIT
}

// clang-format off
#define ARAP_CHARGE_FIELDS(X) \
  X(distance) \
  X(highest_die) \
  X(denied) \
  X(hard_cover) \
  X(climbed) \
  X(hazardous) \
  X(jumped) \
  X(ladder) \
  X(uphill) \
  X(wounds_taken) \
  X(wounds_dealt) \
  X(interceptor) \
  X(passed_by)
// clang-format on

// The scalar fields of the state itself (models, units and arrays are visited by the caller).
template <typename State, typename Visit>
void for_each_scalar(State& s, Visit&& visit) {
  visit("turn", s.turn);
  visit("phasing", s.phasing);
  visit("phase", s.phase);
  visit("active_unit", s.active_unit);
  visit("action_points", s.action_points);
  visit("busts", s.busts);
  visit("bust_pending", s.bust_pending);
  visit("busted_side", s.busted_side);
  visit("failed_dice", s.failed_dice);
  visit("after_melee", s.after_melee);
  visit("consolidation_after_melee", s.consolidation_after_melee);
  visit("reaction_count", s.reaction_count);
  visit("charging_unit", s.charging_unit);
  visit("charge_target", s.charge_target);
  visit("fire_and_charge", s.fire_and_charge);
  visit("charge_return", s.charge_return);
#define ARAP_VISIT(field) visit("charge_progress." #field, s.charge_progress.field);
  ARAP_CHARGE_FIELDS(ARAP_VISIT)
#undef ARAP_VISIT
  visit("pending_fire.unit", s.pending_fire.unit);
  visit("pending_fire.target", s.pending_fire.target);
  visit("pending_fire.grenade", s.pending_fire.grenade);
  visit("pending_fire.heavy", s.pending_fire.heavy);
  visit("pending_fire.guessed", s.pending_fire.guessed);
  visit("pending_fire.back", s.pending_fire.back);
  visit("pending_fire.guess", s.pending_fire.guess);
  visit("winner", s.winner);
  visit("actions_applied", s.actions_applied);
  visit("doors_open", s.doors_open);
  visit("rain", s.rain);
}

// A field added to these structs must be added to the lists above (and then these sizes updated).
#if defined(__x86_64__) && defined(__GNUC__)
static_assert(sizeof(ModelState) == 96, "list the new ModelState field in fields::for_each");
static_assert(sizeof(UnitState) == 160, "list the new UnitState field in ARAP_UNIT_FIELDS");
static_assert(sizeof(UnitState::OwnTurn) == 28 && sizeof(UnitState::PlayerTurn) == 16 &&
                  sizeof(UnitState::Round) == 16,
              "list the new UnitState field in ARAP_UNIT_FIELDS");
static_assert(sizeof(GameState::ChargeInProgress) == 32,
              "list the new ChargeInProgress field in ARAP_CHARGE_FIELDS");
static_assert(sizeof(GameState::FireInProgress) == 16,
              "list the new FireInProgress field in for_each_scalar");
static_assert(sizeof(Cloud) == 32, "list the new Cloud field in for_each(Cloud)");
static_assert(sizeof(PortableLadder) == 48, "list the new PortableLadder field in for_each");
static_assert(sizeof(GameState) == 312,
              "list the new GameState field in for_each_scalar or digest()");
#endif

}  // namespace arap::game::fields
