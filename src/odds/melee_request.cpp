// The mêlée odds request (issue 17's named units included) and report as JSON: parse_side reads
// one side's statline, weapon and kit (ADV-55/57/58/59/60, ADV-39), apply_charge works out the
// first round after a Charge (CHARGE-05/10, MELEE-14a/b/d). The odds themselves are in
// melee_odds.cpp.
#include <algorithm>

#include <fmt/format.h>

#include "data/weapon.hpp"
#include "data/yaml_reader.hpp"
#include "odds/melee_odds.hpp"
#include "rules/charge.hpp"
#include "rules/close_combat_kit.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/melee_goal.hpp"

namespace arap::odds {

namespace {

using data::Field;

std::optional<int> optional_roll(const Field& parent, std::string_view key, int lo, int hi) {
  if (!parent.has(key)) return std::nullopt;
  const Field field = parent[key];
  if (field.is_null()) return std::nullopt;
  return field.as_int(lo, hi);
}

MeleeSide parse_side(const Field& f, const LibraryLoader& library,
                     std::vector<std::string>& named_units, const char* role) {
  f.expect_map();
  // "army" and "unit" name a unit of the data library (below); typed fields override it.
  f.allow_only({"army",
                "unit",
                "models",
                "ws",
                "s",
                "t",
                "w",
                "i",
                "a",
                "bonus_attacks",
                "ld",
                "save",
                "invulnerable",
                "ap",
                "power_weapon",
                "monstrous",
                "damage",
                "modifiers",
                "crs",
                "wounds_dealt_before",
                "reroll_morale",
                "fearless",
                "assault_grenades",
                "pinned",
                "in_smoke",
                "extra_attacks",
                "extra_weapon",
                "reroll_wounds",
                "instant_death",
                "unstoppable"});
  MeleeSide side;
  if (names_a_unit(f)) {
    // Issue 17: the unit's statline and mêlée weapon from the data library.
    const NamedUnit named = read_named_unit(f, library);
    const auto& p = *named.main->profile;
    side = statline_side(p, std::min(named.models, 40));
    side.reroll_morale = p.has_rule("they_shall_know_no_fear");
    side.fearless = p.has_rule("fearless");
    // ADV-55/57/58/59 with their options on, as a scenario has them unless it says otherwise.
    arm_side(side, p, rules::close_combat_kit(p, *named.main, rules::KitRules{}),
             /*better_strength=*/true);
    // CHARGE-16 (2.3): the unit throws assault grenades when most of its models carry them.
    int carrying = 0;
    for (const auto& group : named.unit->models) {
      const bool has = std::any_of(group.weapons.begin(), group.weapons.end(), [](const auto* w) {
        return w->has(data::WeaponProperty::assault_grenade);
      });
      carrying += has ? group.count : 0;
    }
    side.assault_grenades = 2 * carrying > named.unit->model_count();
    named_units.push_back(fmt::format("{}: {}", role, named.describe()));
    if (named.models > 40) f["models"].fail("a mêlée round is computed for at most 40 models");
  } else {
    side.models = f["models"].as_int(1, 40);
  }
  if (f.has("ws")) side.weapon_skill = f["ws"].as_int(0, 10);
  if (f.has("s")) side.strength = f["s"].as_int(1, 10);
  if (f.has("t")) side.toughness = f["t"].as_int(1, 10);
  if (f.has("w")) side.wounds = f["w"].as_int(1, 20);
  if (f.has("i")) side.initiative = f["i"].as_int(0, 10);
  if (f.has("a")) side.attacks = f["a"].as_int(0, 10);
  if (f.has("bonus_attacks")) side.bonus_attacks = f["bonus_attacks"].as_int(0, 2);
  if (f.has("ld")) side.leadership = f["ld"].as_int(2, 12);
  if (f.has("save")) side.save = optional_roll(f, "save", 2, 6);
  if (f.has("invulnerable")) side.invulnerable = optional_roll(f, "invulnerable", 2, 6);
  if (f.has("ap")) side.ap = optional_roll(f, "ap", 1, 6);
  if (f.has("power_weapon")) side.power_weapon = f["power_weapon"].as_bool();
  if (f.has("monstrous")) side.monstrous = f["monstrous"].as_bool();              // ADV-56
  if (f.has("instant_death")) side.instant_death = f["instant_death"].as_bool();  // ADV-39
  if (f.has("unstoppable")) side.unstoppable = f["unstoppable"].as_bool();
  if (f.has("damage")) {
    const auto damage = data::parse_dice_expression(f["damage"].as_string());
    if (!damage) f["damage"].fail("a Damage is a number or dice such as D3 or D6+1");
    side.damage = *damage;
  }
  if (f.has("modifiers")) {
    const Field list = f["modifiers"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string name = list.at(i).as_string();
      const auto id = rules::melee_modifier_from_name(name);
      if (!id) list.at(i).fail("unknown mêlée modifier \"" + name + "\" (see --help)");
      side.modifiers.push_back(*id);
    }
  }
  side.crs_modifier = f.has("crs") ? f["crs"].as_int(-10, 10) : 0;
  side.wounds_already_dealt =
      f.has("wounds_dealt_before") ? f["wounds_dealt_before"].as_int(0, 100) : 0;
  if (f.has("reroll_morale")) side.reroll_morale = f["reroll_morale"].as_bool();
  if (f.has("fearless")) side.fearless = f["fearless"].as_bool();
  if (f.has("assault_grenades")) side.assault_grenades = f["assault_grenades"].as_bool();
  if (f.has("pinned")) side.pinned = f["pinned"].as_bool();
  if (f.has("in_smoke")) side.in_smoke = f["in_smoke"].as_bool();
  if (f.has("extra_attacks")) {  // ADV-57: typed, the extra attacks are made
    side.extra_attacks = f["extra_attacks"].as_int(0, 2);
    side.extra_blow.reset();
  }
  if (f.has("extra_weapon")) {
    const Field w = f["extra_weapon"];
    w.expect_map();
    w.allow_only({"s", "ap", "power_weapon", "damage"});
    MeleeBlow blow{side.strength, side.ap, side.power_weapon, side.damage};
    if (w.has("s")) blow.strength = w["s"].as_int(1, 10);
    if (w.has("ap")) blow.ap = optional_roll(w, "ap", 1, 6);
    if (w.has("power_weapon")) blow.power_weapon = w["power_weapon"].as_bool();
    if (w.has("damage")) {
      const auto damage = data::parse_dice_expression(w["damage"].as_string());
      if (!damage) w["damage"].fail("a Damage is a number or dice such as D3 or D6+1");
      blow.damage = *damage;
    }
    side.extra_blow = blow;
  }
  if (f.has("reroll_wounds")) side.reroll_wounds = f["reroll_wounds"].as_bool();  // ADV-59
  side.typed_bonus_attacks = f.has("bonus_attacks");
  side.typed_crs = f.has("crs");
  return side;
}

// CHARGE-05/10, MELEE-14a/b/d: the first round after a Charge, worked out from the direction of
// approach, cover and slope; a side's typed bonus_attacks or crs still wins.
void apply_charge(MeleeRequest& request, rules::Approach approach, bool into_cover, bool uphill,
                  rules::ChargeCrs crs_rule) {
  MeleeSide& a = request.attacker;
  MeleeSide& d = request.defender;
  const rules::ChargeBonus bonus = rules::charge_bonus(approach, false, crs_rule);
  if (!a.typed_bonus_attacks) a.bonus_attacks = bonus.extra_attacks;
  if (bonus.rear_to_hit && std::find(a.modifiers.begin(), a.modifiers.end(),
                                     rules::MeleeModifier::rear_charge) == a.modifiers.end())
    a.modifiers.push_back(rules::MeleeModifier::rear_charge);
  if (!a.typed_crs)
    a.crs_modifier =
        rules::crs_modifier({.charge_bonus = bonus.charger_crs, .charged_from_uphill = uphill});
  if (!d.typed_crs)
    d.crs_modifier = rules::crs_modifier({.flank_rear_charges = bonus.charged_crs_penalty});
  // CHARGE-10: into cover the Chargers strike at I1 in the first round, unless they throw
  // assault grenades (CHARGE-16) or the defenders are pinned (MELEE-28).
  const bool slowed = into_cover && !a.assault_grenades && !d.pinned;
  a.initiative =
      rules::striking_initiative({.initiative = a.initiative, .charged_into_cover = slowed});
  request.named_units.push_back(fmt::format(
      "CHARGE-05: a {} Charge: +{} attacks per Charger{}, CRS {:+d} / {:+d}{}",
      rules::to_string(approach), a.bonus_attacks, bonus.rear_to_hit ? ", +1 to hit" : "",
      a.crs_modifier, d.crs_modifier,
      into_cover ? (slowed ? "; into cover: the Chargers strike at I1 (CHARGE-10)"
                           : "; into cover, but no I1 (assault grenades or pinned defenders)")
                 : ""));
}

nlohmann::json distribution_json(const dice::Distribution& d) {
  nlohmann::json out = nlohmann::json::object();
  for (int v = d.lowest(); v <= d.highest(); ++v)
    if (d[v] > 0.0) out[std::to_string(v)] = d[v];
  return out;
}

}  // namespace

MeleeRequest parse_melee_request(const std::string& text, const std::string& source_name) {
  return parse_melee_request(text, source_name, LibraryLoader{});
}

MeleeRequest parse_melee_request(const std::string& text, const std::string& source_name,
                                 const LibraryLoader& library) {
  const Field root = Field::load_text(text, source_name);
  root.expect_map();
  root.allow_only(
      {"attacker", "defender", "rulings", "charge", "into_cover", "uphill", "no_retreat"});
  MeleeRequest request;
  request.attacker = parse_side(root["attacker"], library, request.named_units, "attacker");
  request.defender = parse_side(root["defender"], library, request.named_units, "defender");
  if (root.has("no_retreat")) request.no_retreat = root["no_retreat"].as_bool();  // ADV-66
  rules::Rulings set;
  if (root.has("rulings")) {
    const Field rulings = root["rulings"];
    rulings.allow_only({"ruling.MELEE-16", "ruling.CHARGE-05"});
    for (const std::string& name : rulings.keys()) {
      try {
        set.set(name, rulings[name].as_string());
      } catch (const std::invalid_argument& error) {
        rulings[name].fail(error.what());
      }
    }
    request.rout_cap = set.melee_16();
  }
  std::optional<rules::Approach> approach;
  if (root.has("charge")) {
    const Field charge = root["charge"];
    const std::string name = charge.as_string();
    if (name == "front")
      approach = rules::Approach::front;
    else if (name == "flank")
      approach = rules::Approach::flank;
    else if (name == "rear")
      approach = rules::Approach::rear;
    else if (name != "none")
      charge.fail(fmt::format("a Charge comes in the front, flank or rear (or none){}",
                              data::did_you_mean(name, {"front", "flank", "rear", "none"})));
  }
  const bool into_cover = root.has("into_cover") && root["into_cover"].as_bool();
  const bool uphill = root.has("uphill") && root["uphill"].as_bool();
  if ((into_cover || uphill) && !approach)
    root[into_cover ? "into_cover" : "uphill"].fail(
        "CHARGE-10/MELEE-14b concern the Chargers: say which way they came (\"charge\")");
  if (approach) apply_charge(request, *approach, into_cover, uphill, set.charge_05());
  return request;
}

nlohmann::json to_json(const MeleeReport& r) {
  return {{"wound_difference", distribution_json(r.wound_difference)},
          {"mean_wound_difference", r.wound_difference.mean()},
          {"defender_models_slain", distribution_json(r.attacker_slain)},
          {"attacker_models_slain", distribution_json(r.defender_slain)},
          {"attacker_wins", r.attacker_wins},
          {"defender_wins", r.defender_wins},
          {"draw", r.draw},
          {"attacker_routs", r.attacker_routs},
          {"defender_routs", r.defender_routs},
          {"attacker_wiped_out", r.attacker_wiped_out},
          {"defender_wiped_out", r.defender_wiped_out}};
}

}  // namespace arap::odds
