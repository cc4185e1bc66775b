// The scenario options that are on/off switches, by the name a scenario's `options:` map and an
// `option.<name>` override (arap sim, ladder) give them: one list for both readers.
#pragma once

#include <array>
#include <string_view>

#include "table/scenario.hpp"

namespace arap::table {

struct SwitchOption {
  std::string_view name;
  bool ScenarioOptions::*member;
};

inline constexpr std::array<SwitchOption, 69> kSwitchOptions = {{
    {"heavy_casualty_minus_one_at_half", &ScenarioOptions::heavy_casualty_minus_one_at_half},
    {"recharge_after_failed_charge", &ScenarioOptions::recharge_after_failed_charge},
    {"look_out_sir", &ScenarioOptions::look_out_sir},
    {"hiding", &ScenarioOptions::hiding},
    {"better_strength", &ScenarioOptions::better_strength},
    {"fighting_in_smoke", &ScenarioOptions::fighting_in_smoke},
    {"smoke_in_play", &ScenarioOptions::smoke_in_play},
    {"no_retreat", &ScenarioOptions::no_retreat},
    {"mass_attacks", &ScenarioOptions::mass_attacks},
    {"dogged_units", &ScenarioOptions::dogged_units},
    {"no_pinning_in_melee", &ScenarioOptions::no_pinning_in_melee},
    {"charge_fire_order", &ScenarioOptions::charge_fire_order},
    {"last_man_standing", &ScenarioOptions::last_man_standing},
    {"monstrous_creature_bonus", &ScenarioOptions::monstrous_creature_bonus},
    {"rallied_units", &ScenarioOptions::rallied_units},
    {"rallied_know_pursuers", &ScenarioOptions::rallied_know_pursuers},
    {"two_weapons", &ScenarioOptions::two_weapons},
    {"ambidextrous", &ScenarioOptions::ambidextrous},
    {"paired_claws", &ScenarioOptions::paired_claws},
    {"shields", &ScenarioOptions::shields},
    {"consolidation", &ScenarioOptions::consolidation},
    {"pursuit_details", &ScenarioOptions::pursuit_details},
    {"instant_death", &ScenarioOptions::instant_death},
    {"shooting_through_units", &ScenarioOptions::shooting_through_units},
    {"two_pistols", &ScenarioOptions::two_pistols},
    {"relentless_details", &ScenarioOptions::relentless_details},
    {"area_cover_calls", &ScenarioOptions::area_cover_calls},
    {"launcher_grenade_limit", &ScenarioOptions::launcher_grenade_limit},
    {"krak_veterans", &ScenarioOptions::krak_veterans},
    {"gm_modifiers", &ScenarioOptions::gm_modifiers},
    {"charge_known_enemies", &ScenarioOptions::charge_known_enemies},
    {"blind_charges", &ScenarioOptions::blind_charges},
    {"confined_blasts", &ScenarioOptions::confined_blasts},
    {"tidy_up", &ScenarioOptions::tidy_up},
    {"poor_resolve", &ScenarioOptions::poor_resolve},
    {"move_through_cover", &ScenarioOptions::move_through_cover},
    {"dangerous_ground_details", &ScenarioOptions::dangerous_ground_details},
    {"climbing_gear", &ScenarioOptions::climbing_gear},
    {"fall_saves", &ScenarioOptions::fall_saves},
    {"diving_charge_height", &ScenarioOptions::diving_charge_height},
    {"warp_jump", &ScenarioOptions::warp_jump},
    {"declared_shots", &ScenarioOptions::declared_shots},
    {"melee_facing", &ScenarioOptions::melee_facing},
    {"fleet", &ScenarioOptions::fleet},
    {"firing_wild_limits", &ScenarioOptions::firing_wild_limits},
    {"crossfire", &ScenarioOptions::crossfire},
    {"pinning_guidance", &ScenarioOptions::pinning_guidance},
    {"no_fear_roll_off", &ScenarioOptions::no_fear_roll_off},
    {"going_to_ground", &ScenarioOptions::going_to_ground},
    {"suppression_points", &ScenarioOptions::suppression_points},
    {"weather", &ScenarioOptions::weather},
    {"prone_crews", &ScenarioOptions::prone_crews},
    {"deep_strike", &ScenarioOptions::deep_strike},
    {"underwater", &ScenarioOptions::underwater},
    {"reload_weapons", &ScenarioOptions::reload_weapons},
    {"bodyguards", &ScenarioOptions::bodyguards},
    {"machine_rates", &ScenarioOptions::machine_rates},
    {"hitting_cover", &ScenarioOptions::hitting_cover},
    {"field_of_view", &ScenarioOptions::field_of_view},
    {"encumbrance", &ScenarioOptions::encumbrance},
    {"swimming_kit", &ScenarioOptions::swimming_kit},
    {"hell_for_leather", &ScenarioOptions::hell_for_leather},
    {"coherency", &ScenarioOptions::coherency},
    {"mobs", &ScenarioOptions::mobs},
    {"rope_and_grapple", &ScenarioOptions::rope_and_grapple},
    {"rope_strength_tests", &ScenarioOptions::rope_strength_tests},
    {"portable_ladders", &ScenarioOptions::portable_ladders},
    {"shield_bonus", &ScenarioOptions::shield_bonus},
    {"separate_mounts", &ScenarioOptions::separate_mounts},
}};

}  // namespace arap::table
