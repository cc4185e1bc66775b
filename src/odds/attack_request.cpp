#include "odds/attack_request.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "data/yaml_reader.hpp"
#include "rules/weapon_fire.hpp"

namespace arap::odds {

namespace {

using data::Field;

std::optional<int> optional_save(const Field& parent, std::string_view key) {
  if (!parent.has(key)) return std::nullopt;
  const Field field = parent[key];
  if (field.is_null()) return std::nullopt;
  return field.as_int(2, 6);
}

data::WeaponProfile default_hand_weapon() {
  data::WeaponProfile weapon;
  weapon.id = "hand_weapon";
  weapon.name = "Hand weapon";
  weapon.type = data::WeaponType::melee;
  weapon.strength = data::StrengthSpec::of_user();
  return weapon;
}

void apply_shooting_modifier(const Field& entry, std::string_view name, const Field* value,
                             rules::ShootingSituation& s) {
  using M = rules::ShootingModifier;
  const auto modifier = rules::shooting_modifier_from_name(name);
  if (!modifier) entry.fail(fmt::format("unknown shooting modifier \"{}\" (see --help)", name));
  if (value != nullptr && *modifier != M::fast_target && *modifier != M::over_obstacle &&
      *modifier != M::gm_modifier && *modifier != M::s_points) {
    entry.fail(fmt::format("modifier \"{}\" takes no value", name));
  }
  switch (*modifier) {
    case M::soft_cover:
      if (s.target_cover != rules::Cover::hard) s.target_cover = rules::Cover::soft;
      break;
    case M::hard_cover:
      s.target_cover = rules::Cover::hard;
      break;
    case M::small_target:
      s.small_target = true;
      break;
    case M::tactical_movement:
      s.tactical_movement = true;
      break;
    case M::firing_from_hard_cover:
      s.firing_from_hard_cover = true;
      break;
    case M::fleeting_target:
      s.fleeting_target = true;
      break;
    case M::target_prone:
      s.target_prone = true;
      break;
    case M::moving_surface:
      s.moving_surface = true;
      break;
    case M::fast_target:
      if (value == nullptr)
        entry.fail("fast_target needs the inches the target moved, e.g. {\"fast_target\": 24}");
      s.target_moved_inches = value->as_int(0, 1000);
      break;
    case M::small_group:
      s.small_group = true;
      break;
    case M::wounded_firer:
      s.wounded_firer = true;
      break;
    case M::confused:
      s.confused = true;
      break;
    case M::hand_grenade:
      s.hand_grenade = true;
      break;
    case M::improvised_missile:
      s.improvised_missile = true;
      break;
    case M::into_melee:
      s.into_melee = true;
      break;
    case M::aimed:
      s.aimed = true;
      break;
    case M::ambush:
      s.ambush = true;
      break;
    case M::two_pistols:
      s.two_pistols = true;
      break;
    case M::shotgun:
      s.shotgun_at_half_range = true;
      break;
    case M::corrective_aiming:
      s.corrective_aiming = true;
      break;
    case M::bounced_template:
      s.bounced_template = true;
      break;
    case M::over_obstacle:
      if (value == nullptr)
        entry.fail(
            "over_obstacle needs the obstacle's height as a multiple of the thrower's, e.g. "
            "{\"over_obstacle\": 2}");
      s.over_obstacle_ratio = value->as_number(0.0, 100.0);
      break;
    case M::ladder:
      s.on_ladder = true;
      break;
    case M::long_charge:
      s.long_charge = true;
      break;
    case M::through_unit:
      s.through_unit = true;
      break;
    case M::gm_modifier:
      if (value == nullptr)
        entry.fail("gm_modifier needs the GM's total to-hit change, e.g. {\"gm_modifier\": -3}");
      s.gm_modifier = value->as_int(-12, 12);
      break;
    case M::s_points:  // ADV-02
      if (value == nullptr)
        entry.fail("s_points needs the firing unit's suppression points, e.g. {\"s_points\": 2}");
      s.s_points = value->as_int(0, 12);
      break;
    case M::count_:
      break;
  }
}

void apply_melee_modifier(const Field& entry, std::string_view name, rules::MeleeSituation& s) {
  if (name == "target_prone") {
    s.target_prone = true;
    return;
  }
  if (name == "attacker_prone") {
    s.attacker_prone = true;
    return;
  }
  if (name == "in_smoke") {  // ADV-62: blows struck in smoke or a blind cloud
    s.in_cloud = true;
    return;
  }
  using M = rules::MeleeModifier;
  const auto modifier = rules::melee_modifier_from_name(name);
  if (!modifier) entry.fail(fmt::format("unknown mêlée modifier \"{}\" (see --help)", name));
  switch (*modifier) {
    case M::two_weapons:
      s.two_weapons = true;
      break;
    case M::uphill:
      s.uphill = true;
      break;
    case M::barricade:
      s.barricade = true;
      break;
    case M::planting_charges:
      s.planting_charges = true;
      break;
    case M::rear_charge:
      s.rear_charge = true;
      break;
    case M::ambush:
      s.ambush = true;
      break;
    case M::jumping_down:
      s.jumping_down = true;
      break;
    case M::blocking:
      s.blocking = true;
      break;
    case M::improvised_weapon:
      s.improvised_weapon = true;
      break;
    case M::unarmed:
      s.unarmed = true;
      break;
    case M::count_:
      break;
  }
}

void read_modifiers(const Field& list, AttackRequest& request) {
  list.expect_sequence();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Field entry = list.at(i);
    std::string name;
    std::optional<Field> value;
    if (entry.is_scalar()) {
      name = entry.as_string();
      const auto colon = name.find(':');
      if (colon != std::string::npos) {
        value = Field::load_text(name.substr(colon + 1), entry.location().file);
        name = name.substr(0, colon);
      }
    } else if (entry.is_map() && entry.size() == 1) {
      for (const auto* key : {"fast_target", "over_obstacle"}) {
        if (entry.has(key)) {
          name = key;
          value = entry[key];
        }
      }
      if (name.empty()) entry.fail("expected a modifier name, or {\"fast_target\": inches}");
    } else {
      entry.fail("expected a modifier name such as \"hard_cover\"");
    }
    if (request.kind == AttackKind::shooting) {
      apply_shooting_modifier(entry, name, value ? &*value : nullptr, request.shooting);
    } else {
      if (value) entry.fail(fmt::format("modifier \"{}\" takes no value", name));
      apply_melee_modifier(entry, name, request.melee);
    }
  }
}

rules::CoverCounts read_under(const Field& field) {
  rules::CoverCounts under;
  if (field.is_scalar()) {
    under.open = field.as_int(0, 1000);
    return under;
  }
  field.allow_only({"open", "soft", "hard"});
  if (field.has("open")) under.open = field["open"].as_int(0, 1000);
  if (field.has("soft")) under.soft = field["soft"].as_int(0, 1000);
  if (field.has("hard")) under.hard = field["hard"].as_int(0, 1000);
  return under;
}

}  // namespace

namespace {

// Issue 17: a named unit with no weapon given fires every model's weapon. Each model group
// fires its first ranged weapon that reaches `range` (a thrown grenade is a throw, not a shot);
// with fewer models alive than the unit has, the losses come off its most numerous group (the
// rank and file), leaders and special weapons last: the reading that flatters neither side most
// is unclear, and this is how players remove casualties.
std::vector<SquadGroup> squad_groups(const NamedUnit& named, const Field& attacker,
                                     const Field& root) {
  const double range = root["range"].as_number(0.0, 1000.0);
  int lost = named.unit->model_count() - named.models;
  std::vector<SquadGroup> groups;
  for (const auto& group : named.unit->models) {
    int alive = group.count;
    if (&group == named.main) {
      const int off = std::min(lost, alive);
      alive -= off;
      lost -= off;
    }
    if (alive <= 0) continue;
    for (const auto* weapon : group.weapons) {
      if (weapon->is_melee() || weapon->type == data::WeaponType::grenade) continue;
      if (weapon->range + 1e-9 < range) continue;
      groups.push_back(
          {group.name, alive, group.profile->ballistic_skill, group.profile->strength, *weapon});
      break;
    }
  }
  // Losses beyond the main group come off the others in the unit's order.
  for (auto& g : groups) {
    const int off = std::min(lost, g.models);
    g.models -= off;
    lost -= off;
  }
  std::erase_if(groups, [](const SquadGroup& g) { return g.models <= 0; });
  if (groups.empty())
    attacker.fail(fmt::format("no model of the unit has a weapon reaching {}\"", range));
  return groups;
}

}  // namespace

AttackRequest parse_attack_request(const std::string& text, const std::string& source_name,
                                   const data::Library* library) {
  return parse_attack_request(text, source_name,
                              LibraryLoader([library](LibraryNeed) { return library; }));
}

AttackRequest parse_attack_request(const std::string& text, const std::string& source_name,
                                   const LibraryLoader& library) {
  std::string cleaned = text;
  std::replace(cleaned.begin(), cleaned.end(), '\t', ' ');  // JSON allows tabs, YAML does not
  const Field root = Field::load_text(cleaned, source_name);
  root.allow_only({"kind", "attacker", "weapon", "range", "firings", "salvo_mode", "line_of_sight",
                   "modifiers", "charge", "free_hack", "models_under", "scatter", "allocation",
                   "target", "rulings", "hidden_target", "through_smoke", "instant_death"});
  AttackRequest request;
  const std::string kind = root.has("kind") ? root["kind"].as_string() : "shooting";
  if (kind == "shooting") {
    request.kind = AttackKind::shooting;
  } else if (kind == "melee") {
    request.kind = AttackKind::melee;
  } else {
    root["kind"].fail("expected \"shooting\" or \"melee\"");
  }

  if (root.has("instant_death")) request.instant_death = root["instant_death"].as_bool();  // ADV-39
  if (root.has("rulings")) {
    const Field rulings = root["rulings"];
    for (const std::string& name : rulings.keys()) {
      try {
        request.rulings.set(name, rulings[name].as_string());
      } catch (const std::invalid_argument& error) {
        rulings[name].fail(error.what());
      }
    }
  }

  const Field attacker = root["attacker"];
  if (names_a_unit(attacker)) {
    // Issue 17: the statline of a unit of the data library; the typed fields still override.
    attacker.allow_only({"army", "unit", "models", "skill", "strength", "attacks", "bonus_attacks",
                         "relentless", "monstrous"});
    const NamedUnit named = read_named_unit(attacker, library);
    const auto& p = *named.main->profile;
    if (!root.has("weapon") && request.kind == AttackKind::shooting) {
      request.squad = squad_groups(named, attacker, root);
    }
    request.attacker.models = named.models;
    request.attacker.skill = request.kind == AttackKind::melee ? p.weapon_skill : p.ballistic_skill;
    request.attacker.strength = p.strength;
    request.attacker.attacks = p.attacks;
    request.attacker.relentless = p.has_rule("relentless");
    request.named_units.push_back("attacker: " + named.describe());
    if (attacker.has("skill")) request.attacker.skill = attacker["skill"].as_int(0, 10);
  } else {
    attacker.allow_only(
        {"models", "skill", "strength", "attacks", "bonus_attacks", "relentless", "monstrous"});
    if (attacker.has("models")) request.attacker.models = attacker["models"].as_int(1, 1000);
    request.attacker.skill = attacker["skill"].as_int(0, 10);
  }
  if (attacker.has("strength")) request.attacker.strength = attacker["strength"].as_int(1, 10);
  if (attacker.has("attacks")) request.attacker.attacks = attacker["attacks"].as_int(0, 20);
  if (attacker.has("bonus_attacks")) {
    request.attacker.bonus_attacks = attacker["bonus_attacks"].as_int(0, 20);
  }
  if (attacker.has("relentless")) request.attacker.relentless = attacker["relentless"].as_bool();
  if (attacker.has("monstrous")) {
    if (request.kind != AttackKind::melee)
      attacker["monstrous"].fail("ADV-56: a monstrous creature's bonus is for mêlée attacks only");
    request.attacker.monstrous = attacker["monstrous"].as_bool();
  }

  if (root.has("weapon")) {
    const Field weapon = root["weapon"];
    if (weapon.is_scalar()) {
      const std::string id = weapon.as_string();
      const data::Library* weapons = library ? library(LibraryNeed::weapons) : nullptr;
      const data::WeaponProfile* found = weapons ? weapons->weapon(id) : nullptr;
      if (found == nullptr) {
        std::vector<std::string_view> known;
        if (weapons != nullptr) {
          for (const auto& profile : weapons->weapons()) known.push_back(profile.id);
        }
        weapon.fail(fmt::format("no weapon \"{}\" in the data library{}", id,
                                data::did_you_mean(id, known)));
      }
      request.weapon = *found;
    } else {
      request.weapon = data::read_weapon(weapon);
    }
  } else if (request.kind == AttackKind::melee) {
    request.weapon = default_hand_weapon();
  } else if (request.squad.empty()) {
    root.fail("a shooting request needs a weapon (or an attacker named by army and unit)");
  }
  if (root.has("weapon") && request.weapon.has(data::WeaponProperty::smoke)) {
    root["weapon"].fail("ADV-35: a smoke weapon lays a cloud and wounds nobody: it has no odds");
  }
  if (request.kind == AttackKind::melee && !request.weapon.is_melee()) {
    root["weapon"].fail("a mêlée attack needs a weapon of type melee");
  }

  if (request.kind == AttackKind::shooting) {
    request.range = root["range"].as_number(0.0, 1000.0);
  } else if (root.has("range")) {
    root["range"].fail("mêlée attacks have no range");
  }
  if (root.has("firings")) {
    request.firings = root["firings"].as_int(1, 10);
    if (request.firings > 1 && rules::once_per_turn(request.weapon.type)) {
      root["firings"].fail(fmt::format(
          "SHOOT-06: {} weapons fire once per player turn; extra AP cannot fire them again",
          data::to_string(request.weapon.type)));
    }
  }
  if (root.has("salvo_mode")) {
    const std::string mode = root["salvo_mode"].as_string();
    if (mode == "auto") {
      request.salvo = rules::SalvoMode::automatic;
    } else if (mode == "half") {
      request.salvo = rules::SalvoMode::half;
    } else if (mode == "full") {
      request.salvo = rules::SalvoMode::full;
    } else {
      root["salvo_mode"].fail("expected auto, half or full");
    }
  }
  if (root.has("line_of_sight")) request.line_of_sight = root["line_of_sight"].as_bool();
  if (root.has("hidden_target")) request.shooting.hidden_target = root["hidden_target"].as_bool();
  if (root.has("through_smoke")) {
    if (request.kind != AttackKind::shooting) root["through_smoke"].fail("only shots pass smoke");
    request.shooting.through_smoke = root["through_smoke"].as_bool();
  }
  if (root.has("modifiers")) read_modifiers(root["modifiers"], request);
  if (root.has("charge")) {
    if (request.kind != AttackKind::melee) root["charge"].fail("only mêlée attacks charge");
    const std::string charge = root["charge"].as_string();
    if (charge == "none") {
      request.charge = ChargeDirection::none;
    } else if (charge == "front") {
      request.charge = ChargeDirection::front;
    } else if (charge == "flank") {
      request.charge = ChargeDirection::flank;
    } else if (charge == "rear") {
      request.charge = ChargeDirection::rear;
    } else {
      root["charge"].fail("expected none, front, flank or rear");
    }
  }
  if (root.has("free_hack")) {
    if (request.kind != AttackKind::melee) root["free_hack"].fail("free hacks are mêlée attacks");
    request.melee.free_hack = root["free_hack"].as_bool();
  }
  if (root.has("models_under")) request.models_under = read_under(root["models_under"]);
  if (root.has("scatter")) {
    const std::string scatter = root["scatter"].as_string();
    if (scatter == "misses") {
      request.scatter = ScatterAssumption::misses;
    } else if (scatter == "on_target") {
      request.scatter = ScatterAssumption::on_target;
    } else {
      root["scatter"].fail("expected misses or on_target");
    }
  }
  if (root.has("allocation")) {
    const std::string allocation = root["allocation"].as_string();
    if (allocation == "sequential") {
      request.allocation = rules::Allocation::sequential;
    } else if (allocation == "random") {
      request.allocation = rules::Allocation::random;
    } else {
      root["allocation"].fail("expected sequential or random");
    }
  }

  const Field target = root["target"];
  if (names_a_unit(target)) {
    // Issue 17: the target's profile from the data library; typed fields still override.
    target.allow_only({"army", "unit", "models", "toughness", "save", "invulnerable", "wounds",
                       "unstoppable", "gone_to_ground"});
    const NamedUnit named = read_named_unit(target, library);
    const auto& p = *named.main->profile;
    request.target.models = named.models;
    request.target.toughness = p.toughness;
    request.target.save = p.save;
    request.target.invulnerable = p.invulnerable;
    request.target.wounds = p.wounds;
    request.target.unstoppable = p.has_rule("unstoppable");
    request.named_units.push_back("target: " + named.describe());
    if (target.has("toughness")) request.target.toughness = target["toughness"].as_int(1, 10);
  } else {
    target.allow_only(
        {"models", "toughness", "save", "invulnerable", "wounds", "unstoppable", "gone_to_ground"});
    if (target.has("models")) request.target.models = target["models"].as_int(1, 1000);
    request.target.toughness = target["toughness"].as_int(1, 10);
  }
  if (target.has("save")) request.target.save = optional_save(target, "save");
  if (target.has("invulnerable")) {
    request.target.invulnerable = optional_save(target, "invulnerable");
  }
  if (target.has("wounds")) request.target.wounds = target["wounds"].as_int(1, 100);
  if (target.has("unstoppable")) request.target.unstoppable = target["unstoppable"].as_bool();
  if (target.has("gone_to_ground"))  // ADV-01
    request.target.gone_to_ground = target["gone_to_ground"].as_bool();
  return request;
}

nlohmann::json distribution_json(const dice::Distribution& distribution) {
  nlohmann::json array = nlohmann::json::array();
  for (int v = 0; v <= distribution.highest(); ++v) array.push_back(distribution[v]);
  return array;
}

namespace {

nlohmann::json optional_json(const std::optional<int>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

}  // namespace

nlohmann::json to_json(const AttackReport& report) {
  nlohmann::json out;
  out["resolution"] = report.resolution;
  out["shots"] = report.shots;
  out["action_points"] = optional_json(report.action_points);
  out["hit_goal"] = report.hit_goal;
  out["p_hit"] = report.p_hit;
  out["strength"] = report.strength;
  out["wound_goal"] = report.wound_goal.goal;
  out["wound_possible"] = report.wound_goal.possible;
  out["p_wound"] = report.p_wound;
  out["save_goal"] = optional_json(report.save_goal);
  out["p_save"] = report.p_save;
  out["p_unsaved_per_hit"] = report.p_unsaved_per_hit;
  if (report.p_on_target) out["p_on_target"] = *report.p_on_target;
  nlohmann::json groups = nlohmann::json::array();
  for (const auto& group : report.groups) {
    groups.push_back({{"label", group.label},
                      {"attacks", group.attacks},
                      {"hit_goal", group.hit_goal},
                      {"p_hit", group.p_hit}});
  }
  out["groups"] = groups;
  nlohmann::json modifiers = nlohmann::json::array();
  for (const auto& modifier : report.modifiers) {
    modifiers.push_back(
        {{"name", modifier.name}, {"rule", modifier.rule}, {"value", modifier.value}});
  }
  out["modifiers"] = modifiers;
  out["unsaved_wounds"] = distribution_json(report.unsaved_wounds);
  out["mean_unsaved_wounds"] = report.unsaved_wounds.mean();
  out["slain"] = distribution_json(report.slain);
  out["mean_slain"] = report.slain.mean();
  out["notes"] = report.notes;
  if (!report.squad.empty()) {
    nlohmann::json squad = nlohmann::json::array();
    for (const auto& row : report.squad) {
      squad.push_back({{"label", row.label},
                       {"weapon", row.weapon},
                       {"models", row.models},
                       {"shots", row.shots},
                       {"hit_goal", row.hit_goal},
                       {"p_hit", row.p_hit},
                       {"p_wound", row.p_wound},
                       {"p_unsaved_per_hit", row.p_unsaved_per_hit},
                       {"mean_unsaved_wounds", row.mean_unsaved}});
    }
    out["squad"] = squad;
  }
  return out;
}

std::string modifier_help() {
  std::string text = "Shooting modifiers (\"modifiers\" of a shooting request):\n";
  for (const auto& row : rules::shooting_modifier_table()) {
    text += fmt::format("  {:<24} {:>3}  {:<10} {}\n", row.name, fmt::format("{:+d}", row.value),
                        row.rule, row.summary);
  }
  text +=
      "  (fast_target takes the inches moved: {\"fast_target\": 24} or \"fast_target:24\";\n"
      "   over_obstacle takes the height ratio: {\"over_obstacle\": 2};\n"
      "   gm_modifier takes the GM's total: {\"gm_modifier\": -3})\n";
  text += "Melee modifiers (\"modifiers\" of a melee request):\n";
  for (const auto& row : rules::melee_modifier_table()) {
    text += fmt::format("  {:<24} {:>3}  {:<10} {}\n", row.name, fmt::format("{:+d}", row.value),
                        row.rule, row.summary);
  }
  text += fmt::format("  {:<24} {:>3}  {:<10} {}\n", "target_prone", "+1", "MOVE-09",
                      "standing attacker against a prone model (counts as uphill)");
  text += fmt::format("  {:<24} {:>3}  {:<10} {}\n", "attacker_prone", "", "MOVE-09",
                      "attacker fights prone at half WS, rounded up");
  return text;
}

}  // namespace arap::odds
