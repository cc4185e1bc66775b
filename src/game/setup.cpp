#include "game/setup.hpp"

#include <fstream>
#include <sstream>

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "game/climbing.hpp"
#include "rules/activation.hpp"
#include "rules/encumbrance.hpp"

namespace arap::game {

// GEN-09 / ADV-19: the empty unit slots a squad's split parts fill (defined below).
void add_sub_unit_slots(GameSetup& setup);

namespace {

// ADV-04: how near the model spots hidden enemies: its Initiative in inches, twice that with acute
// senses.
double spotting_of(const data::Profile& p) {
  return p.initiative * (p.has_rule("acute_senses") ? 2.0 : 1.0);
}

// ADV-18: the model's current move, its M less what its group carries (option encumbrance).
double current_move_of(const GameSetup& setup, const data::Profile& p,
                       const data::ModelGroup* group) {
  return setup.options.encumbrance && group != nullptr ? rules::encumbered_move(*group, p)
                                                       : static_cast<double>(p.move);
}

// SHOOT-47: who counts as a character in the unit (see ModelInfo::character).
void mark_characters(GameSetup& setup, const UnitInfo& info) {
  const auto same_kind = [&](int a, int b) {
    return setup.models[a].profile == setup.models[b].profile &&
           setup.models[a].group->weapons == setup.models[b].group->weapons;
  };
  const int end = info.first_model + info.model_count;
  int rank_and_file = -1;
  int most = 0;
  for (int m = info.first_model; m < end; ++m) {
    int n = 0;
    for (int k = info.first_model; k < end; ++k) n += same_kind(m, k) ? 1 : 0;
    if (n > most) {
      most = n;
      rank_and_file = m;
    }
  }
  for (int m = info.first_model; m < end; ++m) {
    auto& model = setup.models[m];
    model.character = model.leader || (most >= 2 && !same_kind(m, rank_and_file));
  }
}

}  // namespace

namespace {
std::shared_ptr<const GameSetup> finish_setup(std::shared_ptr<GameSetup> setup);
}  // namespace

std::shared_ptr<const GameSetup> make_setup(const std::string& scenario_file,
                                            std::shared_ptr<const data::Library> library) {
  std::ifstream in(scenario_file, std::ios::binary);
  if (!in) throw data::DataError({scenario_file, 0, 0}, "", "cannot open the file");
  std::ostringstream text;
  text << in.rdbuf();
  return make_setup_from_text(text.str(), scenario_file, std::move(library));
}

std::shared_ptr<const GameSetup> make_setup_from_text(
    const std::string& text, const std::string& name,
    std::shared_ptr<const data::Library> library) {
  auto setup = std::make_shared<GameSetup>();
  setup->scenario_file = name;
  setup->scenario_text = text;
  setup->library = std::move(library);
  setup->scenario = table::load_scenario_text(text, name, *setup->library);
  return finish_setup(std::move(setup));
}

namespace {

std::shared_ptr<const GameSetup> finish_setup(std::shared_ptr<GameSetup> setup) {
  setup->options = setup->scenario.options;
  for (const auto& ruling : setup->scenario.rulings) {
    try {
      setup->rulings.set(ruling.name, ruling.value);
    } catch (const std::invalid_argument& error) {
      throw data::DataError(ruling.where, "rulings." + ruling.name, error.what());
    }
  }
  setup->sides = static_cast<int>(setup->scenario.sides.size());
  const int doors = setup->scenario.table.door_count();  // ACT-16
  if (doors > 0) {
    for (unsigned open = 0; open < (1u << doors); ++open)
      setup->door_tables.push_back(setup->scenario.table.with_doors(open));
  }
  if (setup->scenario.units.size() > 64) {
    throw data::DataError({setup->scenario_file, 0, 0}, "units",
                          "a scenario may place at most 64 units (mêlée locks are a 64-bit set)");
  }
  const rules::KitRules kit_rules{setup->options.two_weapons, setup->options.ambidextrous,
                                  setup->options.paired_claws, setup->options.shields};
  int next_model = 0;
  for (std::size_t u = 0; u < setup->scenario.units.size(); ++u) {
    const auto& placed = setup->scenario.units[u];
    setup->deep_strike_reserves = setup->deep_strike_reserves || placed.deep_strike;
    UnitInfo info;
    info.id = placed.id;
    info.name = placed.name;
    info.side = placed.side;
    info.first_model = next_model;
    info.model_count = static_cast<int>(placed.models.size());
    const data::Profile* leader = placed.models.front().profile;
    for (const auto& model : placed.models) {
      if (model.leader) leader = model.profile;
    }
    info.activation_value = rules::activation_value(leader->initiative);
    info.leadership = leader->leadership;
    for (std::size_t k = 0; k < placed.models.size(); ++k) {
      if (placed.models[k].leader) info.leader_model = next_model + static_cast<int>(k);
    }
    info.move = 99.0;
    bool all_fearless = true;
    bool all_dogged = true;
    bool all_relentless = true;
    bool all_jump_packs = true;
    bool all_climbing_gear = true;
    bool all_warp_jump = true;
    bool all_fleet = true;
    bool all_breathe_underwater = true;
    bool all_robots = true;
    bool all_dreadnoughts = true;
    bool all_mob = true;
    bool all_characters = true;
    bool any_invulnerable = false;
    bool any_big = false;
    for (const auto& model : placed.models) {
      const data::Profile& p = *model.profile;
      // ADV-18: what the model carries slows it; the unit keeps to its slowest member.
      const double current_move = current_move_of(*setup, p, model.group);
      info.move = std::min(info.move, current_move);
      all_fearless = all_fearless && p.has_rule("fearless");
      all_mob = all_mob && p.has_rule("mob");                                  // ADV-20
      all_characters = all_characters && p.has_rule("independent_character");  // ADV-19
      all_dogged = all_dogged && p.has_rule("dogged");
      // ADV-29: a fixed weapon emplacement counts as a (static) Relentless model.
      all_relentless = all_relentless && (p.has_rule("relentless") || p.has_rule("emplacement"));
      all_jump_packs = all_jump_packs && p.has_rule("jump_pack");
      // ADV-13: climbing gear counts only when every model has it (or hooks of its own).
      all_climbing_gear =
          all_climbing_gear && (p.has_rule("climbing_gear") || p.has_rule("flesh_hooks"));
      info.energy_scanner = info.energy_scanner || p.has_rule("energy_scanner");  // ADV-10
      info.any_rope_and_grapple = info.any_rope_and_grapple || carries_grapple(p);
      all_warp_jump = all_warp_jump && p.has_rule("warp_jump");  // ADV-25
      // ADV-06; ADV-23: a Beast is subject to the Fleet rule.
      all_fleet = all_fleet && (p.has_rule("fleet") || p.has_rule("beast"));
      all_breathe_underwater = all_breathe_underwater && p.has_rule("breathes_underwater");
      any_invulnerable = any_invulnerable || p.invulnerable.has_value();
      info.emplacement = info.emplacement || p.has_rule("emplacement");  // ADV-29
      all_robots = all_robots && p.has_rule("robot");                    // ADV-27
      all_dreadnoughts = all_dreadnoughts && p.has_rule("dreadnought");  // ADV-27
      any_big = any_big || p.size >= 3 || p.has_rule("monstrous_creature");
      info.no_fear = info.no_fear || p.has_rule("they_shall_know_no_fear");
      if (p.has_rule("slow_and_purposeful") || p.has_rule("cannot_crawl")) {
        info.can_move_tactically = false;
      }
      setup->models.push_back({model.profile, model.group, static_cast<int>(u), model.leader});
      setup->models.back().spotting = spotting_of(p);
      setup->models.back().move = current_move;
      if (model.group != nullptr)
        setup->models.back().kit = rules::close_combat_kit(p, *model.group, kit_rules);
      setup->banners.push_back(model.group != nullptr ? model.group->banner : 0.0);  // SHOOT-55
      ++next_model;
    }
    info.initiative = leader->initiative;
    info.jump_pack = all_jump_packs;
    info.climbing_gear = all_climbing_gear;
    info.warp_jump = all_warp_jump;
    info.fleet = all_fleet;
    info.breathes_underwater = all_breathe_underwater;  // ADV-12
    info.machine = all_robots         ? Machine::robot
                   : all_dreadnoughts ? Machine::dreadnought
                                      : Machine::none;  // ADV-27
    mark_characters(*setup, info);
    // ADV-22 (option separate_mounts): each rider on foot, as it fights on once its mount falls.
    for (int m = info.first_model; setup->options.separate_mounts && m < next_model; ++m) {
      ModelInfo& mounted = setup->models[m];
      if (mounted.group == nullptr || mounted.group->rider == nullptr) continue;
      const data::Profile& rider = *mounted.group->rider;
      ModelInfo foot = mounted;
      foot.profile = &rider;
      foot.spotting = spotting_of(rider);
      foot.move = current_move_of(*setup, rider, mounted.group);
      foot.kit = rules::close_combat_kit(rider, *mounted.group, kit_rules);
      mounted.on_foot = static_cast<int>(setup->on_foot.size());
      setup->on_foot.push_back(foot);
    }
    int assault = 0;
    int defensive = 0;
    int frenzied = 0;
    for (const auto& model : placed.models) {
      const data::Profile& p = *model.profile;
      frenzied += p.has_rule("frenzy") ? 1 : 0;
      info.need_not_pursue = info.need_not_pursue || p.has_rule("slow_and_purposeful");
      info.hit_and_run = info.hit_and_run || p.has_rule("hit_and_run");
      info.flesh_hooks = info.flesh_hooks || p.has_rule("flesh_hooks");
      bool has_assault = false;
      bool has_defensive = false;
      for (const auto* weapon : model.group->weapons) {
        has_assault = has_assault || weapon->has(data::WeaponProperty::assault_grenade);
        has_defensive = has_defensive || weapon->has(data::WeaponProperty::defensive_grenade);
        info.has_ranged =
            info.has_ranged || (!weapon->is_melee() && weapon->type != data::WeaponType::grenade &&
                                weapon->type != data::WeaponType::bomb);
      }
      assault += has_assault ? 1 : 0;
      defensive += has_defensive ? 1 : 0;
    }
    const int count = info.model_count;
    info.leaping = leader->has_rule("leaping");
    info.frenzy = 2 * frenzied > count;
    info.assault_grenades = 2 * assault > count;  // CHARGE-16 (2.3): the majority carries them
    info.defensive_grenades = 2 * defensive > count;
    info.fearless = all_fearless;
    info.mob = all_mob;
    info.character = all_characters;
    info.dogged = all_dogged;
    info.relentless = all_relentless;
    info.weapon_crew = placed.definition->weapon_crew;  // ADV-28
    // SHOOT-34: monsters, the fearless, models with invulnerable saves, independent characters.
    info.never_suppressed = all_fearless || any_invulnerable || any_big ||
                            (info.model_count == 1 && leader->has_rule("independent_character"));
    setup->units.push_back(info);
  }
  // MORALE-06: a unit hates the enemy units of the armies, or the units, its data names.
  const auto& placed = setup->scenario.units;
  for (std::size_t u = 0; u < placed.size(); ++u) {
    for (const auto& foe : placed[u].definition->hates) {
      for (std::size_t v = 0; v < placed.size(); ++v) {
        if (placed[v].side == placed[u].side) continue;
        const std::string& army = setup->scenario.sides[placed[v].side].army->id;
        if (foe.id == army || foe.id == army + "/" + placed[v].definition->id)
          setup->units[u].hates |= std::uint64_t{1} << v;
      }
    }
  }
  add_sub_unit_slots(*setup);
  return setup;
}

}  // namespace

void add_sub_unit_slots(GameSetup& setup) {
  // ADV-19 (option coherency): a squad may stand in as many parts as the Initiative of its
  // majority troop type, each of two models or more (a lone Independent Character excepted), so
  // it gets that many less one empty unit slots for the parts a split makes (GEN-09). The slots
  // come after the scenario's units, whose numbers do not change; while mêlée locks are a 64-bit
  // set, squads later in the scenario get fewer slots once 64 units are reached.
  const int squads = setup.squads();
  std::vector<int> characters(static_cast<std::size_t>(squads), 0);
  for (int u = 0; u < squads; ++u) {
    UnitInfo& info = setup.units[u];
    std::array<int, 16> initiative{};
    for (int m = info.first_model; m < info.first_model + info.model_count; ++m) {
      const data::Profile& p = *setup.models[m].profile;
      ++initiative[std::clamp(p.initiative, 0, 15)];
      characters[static_cast<std::size_t>(u)] += p.has_rule("independent_character") ? 1 : 0;
    }
    // The majority type's Initiative; among equals the lower (the least-advantage reading).
    int majority = 0;
    for (int i = 0; i < 16; ++i)
      if (initiative[i] > initiative[majority]) majority = i;
    info.part_limit = std::max(1, majority);
    // ADV-20: a mob splits as its player sees fit, into parts of two or more.
    if (info.mob && setup.options.mobs) info.part_limit = std::max(1, info.model_count / 2);
  }
  if (!setup.options.coherency) return;
  for (int u = 0; u < squads; ++u) {
    const int lone = characters[static_cast<std::size_t>(u)];
    const int most_parts =
        std::min(setup.units[u].part_limit, (setup.units[u].model_count - lone) / 2 + lone);
    const int slots = std::min(most_parts - 1, 64 - static_cast<int>(setup.units.size()));
    if (slots <= 0) continue;
    setup.units[u].first_slot = static_cast<int>(setup.units.size());
    setup.units[u].slot_count = slots;
    for (int k = 0; k < slots; ++k) {
      UnitInfo slot = setup.units[u];
      slot.squad = u;
      slot.first_slot = -1;
      slot.slot_count = 0;
      slot.id = fmt::format("{}.{}", setup.units[u].id, k + 2);
      slot.name = fmt::format("{} ({})", setup.units[u].name, k + 2);
      setup.units.push_back(std::move(slot));
    }
  }
  // MORALE-06: a part hates what its squad hates, and is hated as its squad is.
  const int all = static_cast<int>(setup.units.size());
  for (int u = 0; u < all; ++u) {
    std::uint64_t& hates = setup.units[u].hates;
    for (int v = squads; v < all; ++v)
      if (hates & (std::uint64_t{1} << setup.units[v].squad)) hates |= std::uint64_t{1} << v;
  }
}

}  // namespace arap::game
