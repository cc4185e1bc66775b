#include "odds/melee_odds.hpp"

#include "odds/work_limit.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "data/weapon.hpp"
#include "data/yaml_reader.hpp"
#include "dice/probability.hpp"
#include "rules/attack_resolution.hpp"
#include "rules/charge.hpp"
#include "rules/combat_resolution.hpp"
#include "rules/leadership.hpp"
#include "rules/melee_goal.hpp"
#include "rules/shields.hpp"
#include "rules/wound_save.hpp"

namespace arap::odds {

namespace {

// The goals of one side's attacks on the other, from the one goal function per test: its
// attacks, then its Charge bonus attacks (free of MELEE-06a's -1), then a second weapon's extra
// attacks (ADV-57), each a group of identical blows per model.
struct Blows {
  int per_model = 0;
  int hit_goal = 0;
  rules::WoundingProfile wounding;
  double p_unsaved = 0.0;
  dice::Distribution damage;
};

struct Striking {
  std::vector<Blows> groups;
};

Blows blows(int per_model, const rules::MeleeSituation& sit, const MeleeBlow& with,
            const MeleeSide& by, const MeleeSide& on) {
  Blows out;
  out.per_model = per_model;
  out.hit_goal = rules::melee_hit_goal(sit).goal;
  out.wounding.wound = rules::wound_goal(on.toughness, with.strength, /*close=*/true);
  out.wounding.wound_reroll = by.reroll_wounds;  // ADV-59
  out.wounding.save = rules::save_goal(
      {on.save, on.invulnerable, with.ap, false, with.power_weapon || by.monstrous});  // ADV-56
  out.wounding.damage = with.damage;
  if (by.instant_death)  // ADV-39: the same rule as the live blow
    rules::apply_instant_death(out.wounding, with.strength, on.toughness, on.wounds,
                               on.unstoppable);
  const double p_wound = rules::p_wound(out.wounding.wound);
  out.p_unsaved = dice::p_low(out.hit_goal) *
                  (by.reroll_wounds ? p_wound * (2.0 - p_wound) : p_wound) *
                  (1.0 - rules::p_save(out.wounding.save));
  out.damage = dice::expression_distribution(out.wounding.damage);
  return out;
}

Striking striking(const MeleeSide& by, const MeleeSide& on, const rules::MeleeSituation& sit) {
  Striking out;
  const MeleeBlow main{by.strength, by.ap, by.power_weapon, by.damage};
  rules::MeleeSituation bonus_sit = sit;
  bonus_sit.charge_bonus_attack = true;
  if (rules::melee_hit_goal(bonus_sit).goal == rules::melee_hit_goal(sit).goal) {
    out.groups.push_back(blows(by.attacks + by.bonus_attacks, sit, main, by, on));
  } else {
    out.groups.push_back(blows(by.attacks, sit, main, by, on));
    out.groups.push_back(blows(by.bonus_attacks, bonus_sit, main, by, on));
  }
  if (by.extra_attacks > 0)
    out.groups.push_back(blows(by.extra_attacks, sit, by.extra_blow.value_or(main), by, on));
  return out;
}

// (models left, damage on the model in line, wounds inflicted) -> probability.
using Chain = std::map<std::tuple<int, int, int>, double>;

// MELEE-08 sequential: the blows of `models` strikers one at a time on the model in line until
// the unit is gone.
Chain strike_chain(int models, int left, int damage_on, int wounds, const Striking& striking) {
  Chain now{{{left, damage_on, 0}, 1.0}};
  for (const Blows& s : striking.groups) {
    for (int a = 0; a < models * s.per_model; ++a) {
      Chain next;
      for (const auto& [key, p] : now) {
        const auto [l, d, k] = key;
        if (l == 0) {
          next[key] += p;
          continue;
        }
        next[key] += p * (1.0 - s.p_unsaved);
        for (int dmg = std::max(1, s.damage.lowest()); dmg <= s.damage.highest(); ++dmg) {
          const double q = s.damage[dmg];
          if (q <= 0.0) continue;
          const bool falls = d + dmg >= wounds;  // SHOOT-23: the excess is lost
          next[{falls ? l - 1 : l, falls ? 0 : d + dmg, k + 1}] += p * s.p_unsaved * q;
        }
        if (s.damage.lowest() <= 0) next[{l, d, k + 1}] += p * s.p_unsaved * s.damage[0];
      }
      now = std::move(next);
      if (now.size() > 200000)
        throw TooLargeToCompute(
            "this mêlée round has too many outcomes to compute exactly (over 200,000 states): "
            "ask for fewer models");
    }
  }
  return now;
}

// (a left, a damage, b left, b damage, dealt by a, dealt by b) -> probability.
using Joint = std::map<std::tuple<int, int, int, int, int, int>, double>;

Joint strike(const Joint& in, bool a_strikes, bool b_strikes, const MeleeRequest& r,
             const Striking& a_on_b, const Striking& b_on_a) {
  Joint out;
  for (const auto& [key, p] : in) {
    const auto [al, ad, bl, bd, ka, kb] = key;
    Chain on_b{{{bl, bd, 0}, 1.0}};
    Chain on_a{{{al, ad, 0}, 1.0}};
    if (a_strikes) on_b = strike_chain(al, bl, bd, r.defender.wounds, a_on_b);
    if (b_strikes) on_a = strike_chain(bl, al, ad, r.attacker.wounds, b_on_a);
    for (const auto& [kb_key, pb] : on_b) {
      for (const auto& [ka_key, pa] : on_a) {
        out[{std::get<0>(ka_key), std::get<1>(ka_key), std::get<0>(kb_key), std::get<1>(kb_key),
             ka + std::get<2>(kb_key), kb + std::get<2>(ka_key)}] += p * pa * pb;
      }
    }
  }
  return out;
}

struct Verdict {
  int winner = 0;       // 1 attacker, -1 defender, 0 draw
  int rout_target = 0;  // the loser's rout test Ld
  bool loser_tests = false;
  int no_retreat = 0;  // ADV-66: the fearless loser's extra wounds
};

Verdict judge(const MeleeRequest& r, int a_left, int b_left, int wd) {
  Verdict v;
  if (a_left == 0 && b_left == 0) return v;  // nobody left: nothing to decide
  rules::CombatTally a;
  a.side = 0;
  a.inflicted = wd > 0 ? wd : 0;
  a.taken = wd < 0 ? -wd : 0;
  a.modifiers = r.attacker.crs_modifier;
  a.destroyed = a_left == 0;
  rules::CombatTally b;
  b.side = 1;
  b.inflicted = a.taken;
  b.taken = a.inflicted;
  b.modifiers = r.defender.crs_modifier;
  b.destroyed = b_left == 0;
  const rules::CombatTally both[] = {a, b};
  const rules::CombatOutcome out = rules::decide_round(both);
  if (out.winning_side >= 0) {
    v.winner = out.winning_side == 0 ? 1 : -1;
    return v;
  }
  if (out.lost[0]) v.winner = -1;
  if (out.lost[1]) v.winner = 1;
  if (v.winner != 0) {
    const MeleeSide& loser = v.winner == 1 ? r.defender : r.attacker;
    const int loser_wd = v.winner == 1 ? -wd : wd;
    v.loser_tests = !loser.fearless;
    v.rout_target = rules::rout_test_target(loser.leadership, loser_wd, r.rout_cap);
    const int loser_left = v.winner == 1 ? b_left : a_left;
    if (loser.fearless && r.no_retreat && loser_left > 1)
      v.no_retreat = rules::no_retreat_wounds(both, v.winner == 1 ? 1 : 0);
  }
  return v;
}

// The MELEE-06 rows named in the request, as the goal function's situation.
rules::MeleeSituation situation_of(const MeleeSide& side) {
  rules::MeleeSituation sit;
  sit.weapon_skill = side.weapon_skill;
  sit.in_cloud = side.in_smoke;
  for (const auto id : side.modifiers) {
    switch (id) {
      case rules::MeleeModifier::two_weapons:
        sit.two_weapons = true;
        break;
      case rules::MeleeModifier::uphill:
        sit.uphill = true;
        break;
      case rules::MeleeModifier::barricade:
        sit.barricade = true;
        break;
      case rules::MeleeModifier::planting_charges:
        sit.planting_charges = true;
        break;
      case rules::MeleeModifier::rear_charge:
        sit.rear_charge = true;
        break;
      case rules::MeleeModifier::ambush:
        sit.ambush = true;
        break;
      case rules::MeleeModifier::jumping_down:
        sit.jumping_down = true;
        break;
      case rules::MeleeModifier::blocking:
        sit.blocking = true;
        break;
      case rules::MeleeModifier::improvised_weapon:
        sit.improvised_weapon = true;
        break;
      case rules::MeleeModifier::unarmed:
        sit.unarmed = true;
        break;
      case rules::MeleeModifier::count_:
        break;
    }
  }
  return sit;
}

MeleeBlow blow_of(const data::WeaponProfile& weapon, int user_strength, bool better_strength) {
  return {weapon.strength_for(user_strength, better_strength), weapon.ap,
          weapon.has(data::WeaponProperty::power_weapon), weapon.damage};
}

}  // namespace

MeleeSide statline_side(const data::Profile& p, int models) {
  MeleeSide side;
  side.models = models;
  side.weapon_skill = p.weapon_skill;
  side.strength = p.strength;
  side.toughness = p.toughness;
  side.wounds = p.wounds;
  side.initiative = p.initiative;
  side.attacks = p.attacks;
  side.leadership = p.leadership;
  side.save = p.save;
  side.invulnerable = p.invulnerable;
  side.unstoppable = p.has_rule("unstoppable");  // ADV-39
  return side;
}

void arm_side(MeleeSide& side, const data::Profile& profile, const rules::CloseCombatKit& kit,
              bool better_strength, bool shield_bonus) {
  side.attacks = rules::kit_attacks(kit, profile.attacks);  // ADV-59
  side.reroll_wounds = kit.paired_claws;
  if (kit.main != nullptr) {
    const MeleeBlow main = blow_of(*kit.main, profile.strength, better_strength);  // ADV-55
    side.strength = main.strength;
    side.ap = main.ap;
    side.power_weapon = main.power_weapon;
    side.damage = main.damage;
  }
  // ADV-60: a shield guards (a buckler too: the odds never strike with it).
  const auto guarded = rules::shielded({side.save, side.invulnerable, std::nullopt}, kit.shield,
                                       {.melee = true, .bonus = shield_bonus});
  side.save = guarded.armour;
  side.invulnerable = guarded.invulnerable;
  if (kit.improvised) side.modifiers.push_back(rules::MeleeModifier::improvised_weapon);
  if (kit.unarmed) side.modifiers.push_back(rules::MeleeModifier::unarmed);
  // ADV-57: the extra attack when the fighter would make it, decided as in play.
  rules::MeleeSituation sit = situation_of(side);
  sit.in_cloud = false;
  if (!rules::takes_extra_attacks(kit, side.attacks, rules::melee_hit_goal(sit).goal)) return;
  side.extra_attacks = kit.extra_attacks;
  if (!kit.ambidextrous) side.modifiers.push_back(rules::MeleeModifier::two_weapons);
  side.extra_blow = kit.second != nullptr
                        ? blow_of(*kit.second, profile.strength, better_strength)
                        : MeleeBlow{profile.strength, std::nullopt, false, {0, 6, 1}};
}

// ADV-66: a side's save against No Retreat's wounds (its armour or invulnerable save, no AP).
std::optional<int> no_retreat_save(const MeleeSide& side) {
  return rules::save_goal({side.save, side.invulnerable, std::nullopt});
}

MeleeReport evaluate_melee(const MeleeRequest& r) {
  const Striking a_on_b = striking(r.attacker, r.defender, situation_of(r.attacker));
  const Striking b_on_a = striking(r.defender, r.attacker, situation_of(r.defender));
  Joint joint{{{r.attacker.models, 0, r.defender.models, 0, 0, 0}, 1.0}};
  if (r.attacker.initiative == r.defender.initiative) {
    joint = strike(joint, true, true, r, a_on_b, b_on_a);  // MELEE-04: simultaneous
  } else if (r.attacker.initiative > r.defender.initiative) {
    joint = strike(joint, true, false, r, a_on_b, b_on_a);
    joint = strike(joint, false, true, r, a_on_b, b_on_a);
  } else {
    joint = strike(joint, false, true, r, a_on_b, b_on_a);
    joint = strike(joint, true, false, r, a_on_b, b_on_a);
  }
  MeleeReport report;
  report.wound_difference = dice::Distribution(0, {0.0});
  report.attacker_slain = dice::Distribution(0, {0.0});
  report.defender_slain = dice::Distribution(0, {0.0});
  for (const auto& [key, p] : joint) {
    const auto [al, ad, bl, bd, ka, kb] = key;
    const int wd = (ka + r.attacker.wounds_already_dealt) - (kb + r.defender.wounds_already_dealt);
    report.wound_difference.add(wd, p);
    const Verdict v = judge(r, al, bl, wd);
    // The models each side has left after the round and, for a fearless loser, No Retreat's
    // wounds (ADV-66): each unsaved one a Wound on the model already hurt, then the next.
    const auto settle = [&](int a_left, int b_left, double q) {
      report.attacker_slain.add(r.defender.models - b_left, q);
      report.defender_slain.add(r.attacker.models - a_left, q);
      if (a_left == 0) report.attacker_wiped_out += q;
      if (b_left == 0) report.defender_wiped_out += q;
    };
    if (v.no_retreat == 0) {
      settle(al, bl, p);
    } else {
      const bool defender_lost = v.winner == 1;
      const MeleeSide& loser = defender_lost ? r.defender : r.attacker;
      const double unsaved = 1.0 - rules::p_save(no_retreat_save(loser));
      std::vector<double> count{1.0};  // P(k unsaved) so far
      for (int w = 0; w < v.no_retreat; ++w) {
        std::vector<double> next(count.size() + 1, 0.0);
        for (std::size_t k = 0; k < count.size(); ++k) {
          next[k] += count[k] * (1.0 - unsaved);
          next[k + 1] += count[k] * unsaved;
        }
        count = std::move(next);
      }
      for (std::size_t k = 0; k < count.size(); ++k) {
        if (count[k] == 0.0) continue;
        int left = defender_lost ? bl : al;
        int hurt = defender_lost ? bd : ad;
        for (std::size_t w = 0; w < k && left > 0; ++w)
          if (++hurt >= loser.wounds) {
            --left;
            hurt = 0;
          }
        settle(defender_lost ? al : left, defender_lost ? left : bl, p * count[k]);
      }
    }
    if (v.winner == 1) report.attacker_wins += p;
    if (v.winner == -1) report.defender_wins += p;
    if (v.winner == 0) report.draw += p;
    if (v.loser_tests) {
      const MeleeSide& loser = v.winner == 1 ? r.defender : r.attacker;
      const double rout = 1.0 - rules::leadership_odds(v.rout_target, loser.reroll_morale).p_pass;
      (v.winner == 1 ? report.defender_routs : report.attacker_routs) += p * rout;
    }
  }
  return report;
}

namespace {

int live_strikes(dice::DiceSource& dice, int models, const Striking& striking,
                 rules::CasualtyState& target) {
  int dealt = 0;
  for (const Blows& s : striking.groups) {
    const auto& w = s.wounding;
    for (int a = 0; a < models * s.per_model && target.models_left() > 0; ++a) {
      if (!dice::roll_low(dice, s.hit_goal)) continue;
      if (!rules::roll_wound(dice, w)) continue;
      if (w.save && dice::roll_high(dice, *w.save)) continue;
      target.apply_damage(rules::roll_damage(dice, w));
      ++dealt;
    }
  }
  return dealt;
}

}  // namespace

MeleeOutcome simulate_melee(dice::DiceSource& dice, const MeleeRequest& r) {
  const Striking a_on_b = striking(r.attacker, r.defender, situation_of(r.attacker));
  const Striking b_on_a = striking(r.defender, r.attacker, situation_of(r.defender));
  rules::CasualtyState a(r.attacker.models, r.attacker.wounds, rules::Allocation::sequential);
  rules::CasualtyState b(r.defender.models, r.defender.wounds, rules::Allocation::sequential);
  int ka = 0;
  int kb = 0;
  const auto a_strikes = [&] { ka += live_strikes(dice, a.models_left(), a_on_b, b); };
  const auto b_strikes = [&] { kb += live_strikes(dice, b.models_left(), b_on_a, a); };
  if (r.attacker.initiative == r.defender.initiative) {
    const int a_models = a.models_left();
    rules::CasualtyState b_copy = b;
    kb += live_strikes(dice, b.models_left(), b_on_a, a);
    ka += live_strikes(dice, a_models, a_on_b, b_copy);
    b = b_copy;
  } else if (r.attacker.initiative > r.defender.initiative) {
    a_strikes();
    b_strikes();
  } else {
    b_strikes();
    a_strikes();
  }
  MeleeOutcome out;
  out.wound_difference =
      (ka + r.attacker.wounds_already_dealt) - (kb + r.defender.wounds_already_dealt);
  out.attacker_slain = b.slain();
  out.defender_slain = a.slain();
  const Verdict v = judge(r, a.models_left(), b.models_left(), out.wound_difference);
  out.winner = v.winner;
  if (v.no_retreat > 0) {  // ADV-66: the fearless loser's extra wounds, each saved or not
    rules::CasualtyState& loser = v.winner == 1 ? b : a;
    const auto save = no_retreat_save(v.winner == 1 ? r.defender : r.attacker);
    for (int w = 0; w < v.no_retreat && loser.models_left() > 0; ++w)
      if (!save || !dice::roll_high(dice, *save)) loser.apply_damage(1);
    out.attacker_slain = b.slain();
    out.defender_slain = a.slain();
  }
  if (v.loser_tests) {
    const MeleeSide& loser = v.winner == 1 ? r.defender : r.attacker;
    const bool passed =
        rules::roll_leadership_test(dice, v.rout_target, loser.reroll_morale).passed;
    (v.winner == 1 ? out.defender_routs : out.attacker_routs) = !passed;
  }
  return out;
}

}  // namespace arap::odds
