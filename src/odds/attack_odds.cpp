#include "odds/attack_odds.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "dice/probability.hpp"
#include "odds/casualties.hpp"
#include "odds/work_limit.hpp"

namespace arap::odds {

namespace {

using dice::Distribution;

// The sum of `times` independent copies of `one` (every template or marker placed), by repeated
// squaring: O(log times) convolutions instead of `times`. The last convolutions dominate, so the
// work is estimated from the final support and refused up front when it is over the limit.
Distribution repeat(const Distribution& one, int times) {
  const double support = static_cast<double>(times) * std::max(0, one.highest()) + 1.0;
  WorkBudget("adding up every template or marker").expect(support * support);
  Distribution total = Distribution::point(0);
  Distribution power = one;
  for (int left = times; left > 0; left >>= 1) {
    if (left & 1) total = total.plus(power);
    if (left > 1) power = power.plus(power);
  }
  return total;
}

Distribution mixture_with_zero(const Distribution& hit, double p_hit) {
  Distribution result(0, {1.0 - p_hit});
  for (int v = hit.lowest(); v <= hit.highest(); ++v) result.add(v, p_hit * hit[v]);
  return result;
}

void check_target(const TargetSpec& target) {
  if (target.models < 1) throw OddsError("target.models must be at least 1");
  if (target.wounds < 1) throw OddsError("target.wounds must be at least 1");
  if (target.toughness < 1 || target.toughness > 10) throw OddsError("target.toughness is 1..10");
}

void wounding(const AttackRequest& request, bool close, AttackReport& report,
              rules::WoundingProfile& profile) {
  const auto& weapon = request.weapon;
  const bool melta = melta_applies(request);
  report.strength =
      weapon.strength_for(request.attacker.strength, /*better_strength=*/true);  // ADV-55
  if (request.kind == AttackKind::shooting && request.shooting.through_smoke) {
    // SHOOT-17: a laser loses 2 Strength through smoke, or cannot fire through it at all.
    const auto through =
        rules::strength_through_smoke(report.strength, weapon.has(data::WeaponProperty::laser));
    if (!through) throw OddsError("SHOOT-17: a laser below Strength 6 cannot fire through smoke");
    report.strength = *through;
  }
  report.wound_goal = rules::wound_goal(request.target.toughness, report.strength, close);
  report.p_wound = rules::p_wound(report.wound_goal, melta);
  rules::SaveInputs save;
  save.armour = request.target.save;
  save.invulnerable = request.target.invulnerable;
  save.ap = weapon.ap;
  save.needler = weapon.has(data::WeaponProperty::needler);
  save.gone_to_ground = request.target.gone_to_ground &&
                        request.kind == AttackKind::shooting;  // ADV-01: against fire only
  // ADV-56: a monstrous creature's blows leave no armour save, like a power weapon's.
  save.ignores_armour =
      weapon.has(data::WeaponProperty::power_weapon) || (close && request.attacker.monstrous);
  report.save_goal = rules::save_goal(save);
  report.p_save = rules::p_save(report.save_goal);
  report.p_unsaved_per_hit = report.p_wound * (1.0 - report.p_save);
  profile = wounding_profile(request, report);
  if (melta)
    report.notes.emplace_back(
        "SHOOT-59: Melta at half range rolls wound and Damage as "
        "the higher of two dice");
  if (save.armour && !save.ignores_armour && save.ap && *save.ap <= *save.armour) {
    report.notes.emplace_back(
        fmt::format("SHOOT-24: AP{} removes the {}+ armour save", *save.ap, *save.armour));
  }
  if (save.armour && save.ignores_armour) {
    report.notes.emplace_back("ADV-54: a power weapon ignores armour saves");
  }
  if (request.instant_death &&
      rules::instant_death_applies(report.strength, request.target.toughness,
                                   request.target.wounds))
    report.notes.emplace_back(
        request.target.unstoppable
            ? "ADV-39: an unsaved wound costs the unstoppable target D3 wounds"
            : "ADV-39: an unsaved wound slays the target outright");
  if (!report.wound_goal.possible) {
    report.notes.emplace_back(
        fmt::format("DICE-07: a wound goal of {} cannot be rolled{}", report.wound_goal.goal,
                    report.wound_goal.goal <= 9 ? " beyond short range" : ""));
  }
}

Distribution damage_distribution(const rules::WoundingProfile& profile) {
  return profile.damage_best_of_two ? dice::expression_best_of_two_distribution(profile.damage)
                                    : dice::expression_distribution(profile.damage);
}

void evaluate_shooting(const AttackRequest& request, AttackReport& report) {
  const auto& weapon = request.weapon;
  if (weapon.is_melee()) throw OddsError("SHOOT-05: a mêlée weapon cannot be used for shooting");
  rules::FiringInputs inputs;
  inputs.range = request.range;
  inputs.relentless = request.attacker.relentless;
  inputs.line_of_sight = request.line_of_sight;
  inputs.salvo = request.salvo;
  const rules::Firing firing = rules::weapon_firing(weapon, inputs, request.rulings);
  if (!firing.allowed) throw OddsError(std::string(firing.refusal));
  if (firing.once_per_turn && request.firings > 1) {
    throw OddsError(
        "SHOOT-06: this weapon fires only once per turn; extra AP cannot fire it again");
  }
  report.action_points = firing.action_points * request.firings;
  const int effects = request.attacker.models * firing.shots * request.firings;
  report.shots = effects;

  rules::ShootingSituation s = request.shooting;
  s.ballistic_skill = request.attacker.skill;
  s.range = request.range;
  s.laser = weapon.has(data::WeaponProperty::laser);
  if (weapon.has(data::WeaponProperty::shotgun) &&
      rules::at_half_range(request.range, weapon.range)) {
    s.shotgun_at_half_range = true;
  }
  const bool thrown = weapon.type == data::WeaponType::grenade;
  if (thrown) s.hand_grenade = true;  // SHOOT-11m
  if (weapon.is_template()) {
    s.kind = rules::ShotKind::template_;
  } else if (weapon.is_area() && !thrown) {
    s.kind = request.line_of_sight ? rules::ShotKind::area : rules::ShotKind::indirect;
  } else {
    s.kind = rules::ShotKind::direct;  // thrown grenades roll to hit like a direct shot
  }
  const rules::ShootingGoal goal = rules::shooting_hit_goal(s, request.rulings);
  if (!goal.allowed) throw OddsError(std::string(goal.refusal));
  for (const auto& applied : goal.modifiers()) {
    const auto& row = rules::info(applied.id);
    report.modifiers.push_back({std::string(row.name), std::string(row.rule), applied.value});
  }
  report.hit_goal = goal.goal;

  rules::WoundingProfile profile;
  wounding(request, rules::at_short_range(request.range, weapon.range), report, profile);
  const double u = report.p_unsaved_per_hit;

  if (s.kind == rules::ShotKind::direct && !weapon.is_area()) {
    report.resolution = "direct";
    report.p_hit = dice::p_low(goal.goal);
    report.unsaved_wounds = Distribution::binomial(effects, report.p_hit * u);
    report.groups.push_back({"shots", effects, goal.goal, report.p_hit});
  } else if (s.kind == rules::ShotKind::template_) {
    report.resolution = "template";
    const rules::CoverCounts under = effective_models_under(request);
    Distribution one(0, {0.0});
    for (int roll = 1; roll <= 6; ++roll) {
      Distribution given = Distribution::point(0);
      const auto add_class = [&](int count, rules::Cover cover) {
        const double p = rules::p_template_model_hit(goal.goal, roll, cover, request.rulings);
        given = given.plus(Distribution::binomial(count, p * u));
      };
      add_class(under.open, rules::Cover::none);
      add_class(under.soft, rules::Cover::soft);
      add_class(under.hard, rules::Cover::hard);
      for (int v = given.lowest(); v <= given.highest(); ++v) one.add(v, given[v] / 6.0);
    }
    const rules::Cover main = under.hard >= under.soft && under.hard >= under.open
                                  ? rules::Cover::hard
                              : under.soft >= under.open ? rules::Cover::soft
                                                         : rules::Cover::none;
    report.p_hit = rules::p_template_hit(goal.goal, main, request.rulings);
    report.unsaved_wounds = repeat(one, effects);
    report.groups.push_back({fmt::format("templates ({} open, {} soft, {} hard under each)",
                                         under.open, under.soft, under.hard),
                             effects, goal.goal, report.p_hit});
  } else {
    // Area markers (fired, indirect or thrown): the chance the marker stays on the aim point, then
    // SHOOT-43's per-model rolls under it.
    const rules::CoverCounts under = effective_models_under(request);
    double p_on = 0.0;
    if (thrown) {
      report.resolution = "thrown";
      p_on = dice::p_low(goal.goal);  // SHOOT-50: a miss always scatters at least 1"
    } else if ((!request.line_of_sight && request.shooting.hidden_target) ||
               request.shooting.through_smoke) {
      // SHOOT-17: a marker fired through smoke is fired at a hidden target.
      report.resolution = "hidden";
      p_on = 0.0;  // SHOOT-57: three-dice scatter never lands on target
    } else {
      report.resolution = request.line_of_sight ? "area" : "indirect";
      p_on = dice::skill_scatter_distribution(goal.goal)[0];
    }
    report.p_on_target = p_on;
    Distribution on_target = Distribution::point(0);
    on_target = on_target.plus(
        Distribution::binomial(under.open, rules::p_area_hit(rules::Cover::none) * u));
    on_target = on_target.plus(
        Distribution::binomial(under.soft, rules::p_area_hit(rules::Cover::soft) * u));
    on_target = on_target.plus(
        Distribution::binomial(under.hard, rules::p_area_hit(rules::Cover::hard) * u));
    const Distribution one = request.scatter == ScatterAssumption::on_target
                                 ? on_target
                                 : mixture_with_zero(on_target, p_on);
    report.p_hit = p_on;
    report.unsaved_wounds = repeat(one, effects);
    report.groups.push_back({fmt::format("markers ({} open, {} soft, {} hard under each)",
                                         under.open, under.soft, under.hard),
                             effects, goal.goal, p_on});
    report.notes.emplace_back(request.scatter == ScatterAssumption::on_target
                                  ? "area: every marker is assumed to land on its aim point"
                                  : "area: a marker that scatters is assumed to hit no one");
  }
  report.slain =
      slain_distribution(report.unsaved_wounds, request.target.models, request.target.wounds,
                         damage_distribution(profile), request.allocation);
}

void evaluate_melee(const AttackRequest& request, AttackReport& report) {
  report.resolution = "melee";
  const auto& attacker = request.attacker;
  int charge_bonus = 0;
  rules::MeleeSituation s = request.melee;
  s.weapon_skill = attacker.skill;
  switch (request.charge) {  // CHARGE-05
    case ChargeDirection::none:
      break;
    case ChargeDirection::front:
      charge_bonus = 1;
      break;
    case ChargeDirection::flank:
      charge_bonus = 2;
      break;
    case ChargeDirection::rear:
      charge_bonus = 2;
      s.rear_charge = true;
      break;
  }
  rules::WoundingProfile profile;
  wounding(request, /*close=*/true, report, profile);
  const double u = report.p_unsaved_per_hit;
  const int base_attacks = attacker.models * (attacker.attacks + attacker.bonus_attacks);
  const rules::MeleeGoal base = rules::melee_hit_goal(s);
  report.hit_goal = base.goal;
  report.p_hit = dice::p_low(base.goal);
  report.groups.push_back({"attacks", base_attacks, base.goal, report.p_hit});
  report.unsaved_wounds = Distribution::binomial(base_attacks, report.p_hit * u);
  report.shots = base_attacks;
  if (charge_bonus > 0) {
    rules::MeleeSituation bonus = s;
    bonus.charge_bonus_attack = true;  // MELEE-06a: no two-weapon -1 on these
    const rules::MeleeGoal goal = rules::melee_hit_goal(bonus);
    const int count = attacker.models * charge_bonus;
    const double p = dice::p_low(goal.goal);
    report.groups.push_back({"charge bonus attacks", count, goal.goal, p});
    report.unsaved_wounds = report.unsaved_wounds.plus(Distribution::binomial(count, p * u));
    report.shots += count;
  }
  for (const auto& row : rules::melee_modifier_table()) {
    const bool on =
        (row.id == rules::MeleeModifier::two_weapons && s.two_weapons) ||
        (row.id == rules::MeleeModifier::uphill && (s.uphill || s.target_prone)) ||
        (row.id == rules::MeleeModifier::barricade && s.barricade) ||
        (row.id == rules::MeleeModifier::planting_charges && s.planting_charges) ||
        (row.id == rules::MeleeModifier::rear_charge && s.rear_charge) ||
        (row.id == rules::MeleeModifier::ambush && s.ambush) ||
        (row.id == rules::MeleeModifier::jumping_down && s.jumping_down) ||
        (row.id == rules::MeleeModifier::blocking && s.blocking) ||
        (row.id == rules::MeleeModifier::improvised_weapon && s.improvised_weapon && !s.unarmed) ||
        (row.id == rules::MeleeModifier::unarmed && s.unarmed);
    if (on && !s.free_hack) {
      report.modifiers.push_back({std::string(row.name), std::string(row.rule), row.value});
    }
  }
  if (s.free_hack) report.notes.emplace_back("MELEE-22: free hacks hit on 4- whatever the WS");
  report.slain =
      slain_distribution(report.unsaved_wounds, request.target.models, request.target.wounds,
                         damage_distribution(profile), request.allocation);
}

}  // namespace

rules::CoverCounts effective_models_under(const AttackRequest& request) {
  if (request.models_under) return *request.models_under;
  rules::CoverCounts under;
  const auto& s = request.shooting;
  const int n = request.target.models;
  if (s.target_cover == rules::Cover::hard && !s.fleeting_target) {
    under.hard = n;
  } else if (s.target_cover != rules::Cover::none || s.fleeting_target || s.target_prone) {
    under.soft = n;  // SHOOT-38/43: prone, tactical and fleeting models count as soft cover
  } else {
    under.open = n;
  }
  return under;
}

bool melta_applies(const AttackRequest& request) {
  return request.weapon.has(data::WeaponProperty::melta) &&
         (request.kind == AttackKind::melee ||
          rules::at_half_range(request.range, request.weapon.range));
}

rules::WoundingProfile wounding_profile(const AttackRequest& request, const AttackReport& report) {
  rules::WoundingProfile profile;
  profile.wound = report.wound_goal;
  profile.wound_best_of_two = melta_applies(request);
  profile.save = report.save_goal;
  profile.damage = request.weapon.damage;
  profile.damage_best_of_two = profile.wound_best_of_two;
  if (request.instant_death)  // ADV-39: the same rule as the live blow or shot
    rules::apply_instant_death(profile, report.strength, request.target.toughness,
                               request.target.wounds, request.target.unstoppable);
  return profile;
}

namespace {

// Issue 17: every group of the squad fires its own weapon; the unsaved wounds add up, and the
// target loses models to all of them one group after another (slain_by_groups: whole models
// first, each wound with its own weapon's Damage, nothing spilling between hits). Groups are
// taken in the unit's order, as the engine resolves a volley model by model.
AttackReport evaluate_squad(const AttackRequest& request) {
  if (request.allocation != rules::Allocation::sequential) {
    throw OddsError("a squad attack is computed with sequential allocation (SHOOT-27, ADV-38)");
  }
  AttackReport report;
  report.resolution = "squad";
  report.unsaved_wounds = Distribution::point(0);
  std::vector<GroupWounds> wounds;
  for (const auto& group : request.squad) {
    AttackRequest part = request;
    part.squad.clear();
    part.named_units.clear();
    part.attacker.models = group.models;
    part.attacker.skill = group.skill;
    part.attacker.strength = group.strength;
    part.weapon = group.weapon;
    // SHOOT-06: a once-per-turn weapon fires once however many firings the others make.
    if (rules::once_per_turn(group.weapon.type)) part.firings = 1;
    const AttackReport r = evaluate_attack(part);
    report.shots += r.shots;
    if (r.action_points) {
      report.action_points = std::max(report.action_points.value_or(0), *r.action_points);
    }
    report.unsaved_wounds = report.unsaved_wounds.plus(r.unsaved_wounds);
    wounds.push_back({r.unsaved_wounds, damage_distribution(wounding_profile(part, r))});
    report.squad.push_back(
        {group.label, group.weapon.name.empty() ? group.weapon.id : group.weapon.name, group.models,
         r.shots, r.hit_goal, r.p_hit, r.p_wound, r.p_unsaved_per_hit, r.unsaved_wounds.mean()});
    for (const auto& g : r.groups) {
      report.groups.push_back({group.label + ": " + g.label, g.attacks, g.hit_goal, g.p_hit});
    }
    for (const auto& m : r.modifiers) {
      const bool seen = std::any_of(report.modifiers.begin(), report.modifiers.end(),
                                    [&](const ModifierReport& x) { return x.name == m.name; });
      if (!seen) report.modifiers.push_back(m);
    }
    for (const auto& note : r.notes) {
      if (std::find(report.notes.begin(), report.notes.end(), note) == report.notes.end()) {
        report.notes.push_back(note);
      }
    }
  }
  report.slain = slain_by_groups(wounds, request.target.models, request.target.wounds);
  for (auto it = request.named_units.rbegin(); it != request.named_units.rend(); ++it) {
    report.notes.insert(report.notes.begin(), *it);
  }
  return report;
}

}  // namespace

AttackReport evaluate_attack(const AttackRequest& request) {
  if (!request.squad.empty()) {
    check_target(request.target);
    return evaluate_squad(request);
  }
  check_target(request.target);
  if (request.attacker.models < 1) throw OddsError("attacker.models must be at least 1");
  if (request.firings < 1) throw OddsError("firings must be at least 1");
  AttackReport report;
  if (request.kind == AttackKind::shooting) {
    evaluate_shooting(request, report);
  } else {
    evaluate_melee(request, report);
  }
  for (auto it = request.named_units.rbegin(); it != request.named_units.rend(); ++it) {
    report.notes.insert(report.notes.begin(), *it);
  }
  return report;
}

}  // namespace arap::odds
