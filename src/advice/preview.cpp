// preview(state, action): exact odds of an action on the real table. Shots and throws: every
// weapon group the engine would fire (game::fire_groups) with the situation the table gives it,
// evaluated exactly by the odds layer, then combined: unsaved wounds added up, and models slain
// carried model by model across groups (each group's own Damage; no wound spills from one model
// to the next; the most wounded model first), which is how the live allocation takes them
// (SHOOT-27, ADV-38). Charges: game::charge_reach. Activations: rules::activation_odds.
#include "advice/preview.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "dice/probability.hpp"
#include "game/activation_condition.hpp"
#include "game/mounts.hpp"
#include "odds/attack_request.hpp"
#include "rules/activation.hpp"
#include "rules/cover_strikes.hpp"
#include "rules/fire_morale.hpp"
#include "rules/shields.hpp"
#include "rules/shooting_goal.hpp"
#include "rules/wound_save.hpp"

namespace arap::advice {

namespace {

using game::Action;
using game::ActionKind;
using game::GameState;

// What most of the unit's living models share (`of` reads it from a model; a tie goes to the
// smallest key), or `none` when none is alive: the odds layer takes one profile and one shield.
template <typename Key, typename Of>
Key most_common(const GameState& s, int unit, Key none, Of of) {
  std::map<Key, int> counts;
  for (int m : s.members(unit))
    if (s.models[m].pose.alive) ++counts[of(m)];
  Key best = none;
  int most = 0;
  for (const auto& [key, n] : counts)
    if (n > most) {
      most = n;
      best = key;
    }
  return best;
}

const data::Profile* common_profile(const GameState& s, int unit) {
  return most_common(s, unit, static_cast<const data::Profile*>(nullptr),
                     [&](int m) { return s.info(m).profile; });
}

// ADV-60: the shield most of the unit's living models carry (none, usually; ADV-11: none once
// let go of to swim).
data::Shield common_shield(const GameState& s, int unit) {
  return most_common(s, unit, data::Shield::none, [&](int m) { return s.shield(m); });
}

// The armour save that most of the unit's living models of `profile` have now: the profile's,
// unless more of them shed it to swim than kept it (ADV-11).
std::optional<int> common_save(const GameState& s, int unit, const data::Profile* profile) {
  int kept = 0;
  int shed = 0;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive || s.info(m).profile != profile) continue;
    ++(s.models[m].armour_shed ? shed : kept);
  }
  return shed > kept ? std::nullopt : profile->save;
}

// Slain across groups: a distribution over (models slain, damage on the model taking wounds).
class Carried {
 public:
  Carried(int models, int wounds, int damage_on_first)
      : models_(models), wounds_(wounds), p_((models + 1) * wounds, 0.0) {
    p_[index(0, std::clamp(damage_on_first, 0, wounds - 1))] = 1.0;
  }
  // Adds `unsaved` wounds, each doing `damage`: the distribution after k wounds, weighted by
  // P(k), summed over k.
  void add(const dice::Distribution& unsaved, const dice::Distribution& damage) {
    std::vector<double> next(p_.size(), 0.0);
    std::vector<double> after = p_;
    for (int k = 0; k <= unsaved.highest(); ++k) {
      for (std::size_t i = 0; i < after.size(); ++i) next[i] += unsaved[k] * after[i];
      if (k < unsaved.highest()) after = one_wound(after, damage);
    }
    p_ = std::move(next);
  }
  dice::Distribution slain() const {
    std::vector<double> out(models_ + 1, 0.0);
    for (int slain = 0; slain <= models_; ++slain)
      for (int on = 0; on < wounds_; ++on) out[slain] += p_[index(slain, on)];
    return dice::Distribution(0, std::move(out));
  }

 private:
  std::size_t index(int slain, int on) const {
    return static_cast<std::size_t>(slain * wounds_ + on);
  }
  std::vector<double> one_wound(const std::vector<double>& state,
                                const dice::Distribution& damage) const {
    std::vector<double> out(state.size(), 0.0);
    for (int slain = 0; slain <= models_; ++slain)
      for (int on = 0; on < wounds_; ++on) {
        const double p = state[index(slain, on)];
        if (p <= 0.0) continue;
        if (slain == models_) {
          out[index(slain, on)] += p;  // nobody left to wound
          continue;
        }
        for (int d = damage.lowest(); d <= damage.highest(); ++d) {
          const double pd = damage[d];
          if (pd <= 0.0) continue;
          const int total = on + std::max(0, d);
          if (total >= wounds_)
            out[index(slain + 1, 0)] += p * pd;  // slain; the rest of the Damage is lost
          else
            out[index(slain, total)] += p * pd;
        }
      }
    return out;
  }
  int models_;
  int wounds_;
  std::vector<double> p_;
};

// ADV-22 (option separate_mounts): riders on mounts that are bodies of their own, under direct
// fire. A distribution over (riders still mounted, riders on foot, wounds through to either), each
// hit landing on a living model at random (SHOOT-27: all of one cover, as the odds layer takes
// them), then on the rider or on the mount of a mounted one. Riders and mounts of one Wound each.
class RidersApart {
 public:
  RidersApart(int mounted, int on_foot) : mounted_(mounted), models_(mounted + on_foot) {
    p_[{mounted, on_foot, 0}] = 1.0;
  }
  // `hits` landing one by one: on a mounted model the rider is struck with `p_rider` (the die, or
  // the firer's aim) and slain with `u_rider`; else its mount, slain with `u_mount`, whose rider is
  // then slain thrown with `thrown`. A rider on foot is slain with `u_rider`.
  void add(const dice::Distribution& hits, double p_rider, double u_rider, double u_mount,
           double thrown) {
    std::map<Key, double> next;
    std::map<Key, double> after = p_;
    for (int k = 0; k <= hits.highest(); ++k) {
      if (k >= hits.lowest())
        for (const auto& [key, p] : after) next[key] += hits[k] * p;
      if (k < hits.highest()) after = one_hit(after, p_rider, u_rider, u_mount, thrown);
    }
    p_ = std::move(next);
  }
  dice::Distribution slain() const {
    std::vector<double> out(static_cast<std::size_t>(models_) + 1, 0.0);
    for (const auto& [key, p] : p_) out[models_ - std::get<0>(key) - std::get<1>(key)] += p;
    return dice::Distribution(0, std::move(out));
  }
  dice::Distribution through() const {
    int most = 0;
    for (const auto& [key, p] : p_) most = std::max(most, std::get<2>(key));
    std::vector<double> out(static_cast<std::size_t>(most) + 1, 0.0);
    for (const auto& [key, p] : p_) out[std::get<2>(key)] += p;
    return dice::Distribution(0, std::move(out));
  }

 private:
  using Key = std::tuple<int, int, int>;  // mounted, on foot, wounds through
  static std::map<Key, double> one_hit(const std::map<Key, double>& from, double p_rider,
                                       double u_rider, double u_mount, double thrown) {
    std::map<Key, double> out;
    for (const auto& [key, p] : from) {
      const auto [m, d, k] = key;
      const int n = m + d;
      if (n == 0) {
        out[key] += p;  // nobody left: the hit is lost
        continue;
      }
      const double on_mounted = static_cast<double>(m) / n;
      const double rider_slain = on_mounted * p_rider * u_rider;
      const double mount_slain = on_mounted * (1.0 - p_rider) * u_mount;
      const double walker_slain = (1.0 - on_mounted) * u_rider;
      if (m > 0) {
        out[{m - 1, d, k + 1}] += p * (rider_slain + mount_slain * thrown);
        out[{m - 1, d + 1, k + 1}] += p * mount_slain * (1.0 - thrown);
      }
      if (d > 0) out[{m, d - 1, k + 1}] += p * walker_slain;
      out[key] += p * (1.0 - rider_slain - mount_slain - walker_slain);
    }
    return out;
  }
  int mounted_;
  int models_;
  std::map<Key, double> p_;
};

// The odds of one volley of the action (ADV-32: 0 is the action's target, k its k-th split).
void preview_fire(const GameState& s, const Action& a, Preview& out, int volley = 0) {
  const int target_unit = volley == 0 ? a.target : a.picks[volley - 1].second;
  out.target = target_unit;
  const auto groups = game::fire_groups(s, a, volley);
  // ADV-33: a legal shot that nobody's weapon reaches is declared all the same, and wasted.
  if (groups.empty() && a.kind == ActionKind::shoot)
    out.notes.push_back("ADV-33: no weapon reaches the target: every shot would be wasted");
  const data::Profile* target = common_profile(s, target_unit);
  const auto& tinfo = s.setup->units[target_unit];
  int living = 0;
  int most_damage = 0;
  for (int m : s.members(target_unit)) {
    if (!s.models[m].pose.alive) continue;
    ++living;
    most_damage = std::max(most_damage, s.info(m).profile->wounds - s.models[m].wounds_left);
  }
  out.target_models = living;
  if (target == nullptr) return;
  // ADV-22 (option separate_mounts): riders whose mounts are bodies of their own.
  int mounted = 0;
  int on_foot = 0;
  int first_apart = -1;
  bool others = false;
  for (int m : s.members(target_unit)) {
    if (!s.models[m].pose.alive) continue;
    if (game::rides_apart(s, m)) {
      ++mounted;
      if (first_apart < 0) first_apart = m;
    } else if (s.models[m].dismounted) {
      ++on_foot;
    } else {
      others = true;
    }
  }
  std::optional<RidersApart> apart;
  std::optional<RidersApart> apart_pinning;
  std::optional<RidersApart> apart_pins;
  if (first_apart >= 0) {
    // One chain for the unit: every rider and every mount alike, of one Wound each.
    const auto like = [](const data::Profile& body, const data::Profile& first) {
      return body.wounds == 1 && body.toughness == first.toughness && body.save == first.save &&
             body.wounds == first.wounds;
    };
    const auto& rider = game::rider_profile(s, first_apart);
    const auto& mount = game::mount_profile(s, first_apart);
    bool alike = !others;
    for (int m : s.members(target_unit))
      if (s.models[m].pose.alive && (game::rides_apart(s, m) || s.models[m].dismounted))
        alike = alike && like(game::rider_profile(s, m), rider) &&
                like(game::mount_profile(s, m), mount) &&
                game::rider_struck_on(s, m) == game::rider_struck_on(s, first_apart);
    if (alike) {
      apart.emplace(mounted, on_foot);
      apart_pinning.emplace(mounted, on_foot);
      apart_pins.emplace(mounted, on_foot);
    } else {
      out.exact = false;
      out.notes.push_back(
          "ADV-22: not exact: riders and mounts of more than one Wound, or of more than one "
          "profile, are counted as one body each");
    }
  }
  Carried carried(living, std::max(1, target->wounds), most_damage);
  out.unsaved_wounds = dice::Distribution::point(0);
  Carried pinning(living, std::max(1, target->wounds), most_damage);
  Carried pins(living, std::max(1, target->wounds), most_damage);
  bool any_pinning = false;
  bool any_pins = false;
  for (const auto& g : groups) {
    odds::AttackRequest request;
    request.kind = odds::AttackKind::shooting;
    const auto& firer = *s.info(g.model).profile;
    request.attacker.models = g.firers;
    request.attacker.skill = firer.ballistic_skill;
    request.attacker.strength = firer.strength;
    request.attacker.relentless = s.setup->units[a.unit].relentless;
    request.weapon = *g.weapon;
    request.range = g.range;
    request.shooting = g.situation;
    request.target.models = living;
    request.target.toughness = target->toughness;
    // ADV-60: the target's shield against this weapon's shots.
    const auto shielded =
        rules::shielded({common_save(s, target_unit, target), target->invulnerable, std::nullopt},
                        common_shield(s, target_unit),
                        {.primitive_weapon = g.weapon->has(data::WeaponProperty::primitive),
                         .storm_shots = s.setup->rulings.adv_60()});
    request.target.save = shielded.armour;
    request.target.invulnerable = shielded.invulnerable;
    request.target.wounds = std::max(1, target->wounds);
    request.target.unstoppable = target->has_rule("unstoppable");
    request.target.gone_to_ground = s.units[target_unit].gone_to_ground();  // ADV-01
    request.instant_death = s.setup->options.instant_death;                 // ADV-39
    request.rulings = s.setup->rulings;
    GroupPreview row;
    row.weapon = g.weapon->id;
    row.firers = g.firers;
    row.shots = g.shots;
    row.range = g.range;
    row.cover = std::string(table::to_string(g.situation.target_cover));
    row.exact = g.kind == rules::ShotKind::direct;
    out.exact = out.exact && row.exact;
    try {
      row.report = odds::evaluate_attack(request);
    } catch (const std::exception& error) {
      out.notes.push_back(g.weapon->id + ": " + error.what());
      continue;
    }
    if (s.setup->options.hitting_cover && g.kind == rules::ShotKind::direct &&
        g.situation.target_cover != table::Cover::none)  // SHOOT-15
      row.expected_cover_hits = row.report.shots * rules::cover_strike_chance(row.report.hit_goal);
    // ADV-22: each hit on a mounted model strikes the rider or the mount, each with its own
    // Toughness and saves (exact for direct fire; the odds layer's templates and markers are not).
    if (apart && row.report.resolution == "direct" && !row.report.groups.empty()) {
      const auto& rider = game::rider_profile(s, first_apart);
      const auto& mount = game::mount_profile(s, first_apart);
      const auto through = [&](const data::Profile& body, data::Shield shield) {
        odds::AttackRequest on = request;
        on.target.toughness = body.toughness;
        const auto guarded =
            rules::shielded({body.save, body.invulnerable, std::nullopt}, shield,
                            {.primitive_weapon = g.weapon->has(data::WeaponProperty::primitive),
                             .storm_shots = s.setup->rulings.adv_60()});
        on.target.save = guarded.armour;
        on.target.invulnerable = guarded.invulnerable;
        on.target.wounds = 1;
        on.target.unstoppable = body.has_rule("unstoppable");
        return odds::evaluate_attack(on).p_unsaved_per_hit;
      };
      const double u_rider = through(rider, common_shield(s, target_unit));
      const double u_mount = through(mount, data::Shield::none);
      const bool aimed =
          a.mount_aim != game::MountAim::either && rules::at_short_range(g.range, g.weapon->range);
      const double p_rider = aimed ? (a.mount_aim == game::MountAim::rider ? 1.0 : 0.0)
                                   : (7.0 - game::rider_struck_on(s, first_apart)) / 6.0;
      const int thrown_strength = game::thrown_rider_strength(game::riding_speed(s, target_unit));
      const double thrown =
          thrown_strength > 0
              ? rules::p_wound(rules::wound_goal(rider.toughness, thrown_strength, true))
              : 0.0;
      const auto hits =
          dice::Distribution::binomial(row.report.groups.front().attacks, row.report.p_hit);
      apart->add(hits, p_rider, u_rider, u_mount, thrown);
      if (g.weapon->has(data::WeaponProperty::auto_pin))
        apart_pins->add(hits, p_rider, u_rider, u_mount, thrown);
      else if (g.pins)
        apart_pinning->add(hits, p_rider, u_rider, u_mount, thrown);
    } else if (apart) {
      apart.reset();
      out.exact = false;
      out.notes.push_back(
          "ADV-22: not exact: the riders and mounts under templates and markers are counted as "
          "one body each");
    }
    const auto profile = odds::wounding_profile(request, row.report);
    const auto damage = profile.damage_best_of_two
                            ? dice::expression_best_of_two_distribution(profile.damage)
                            : dice::expression_distribution(profile.damage);
    out.unsaved_wounds = out.unsaved_wounds.plus(row.report.unsaved_wounds);
    carried.add(row.report.unsaved_wounds, damage);
    if (g.weapon->has(data::WeaponProperty::auto_pin)) {
      pins.add(row.report.unsaved_wounds, damage);
      any_pins = true;
    } else if (g.pins) {  // SHOOT-28, ADV-42
      pinning.add(row.report.unsaved_wounds, damage);
      any_pinning = true;
    }
    for (const auto& note : row.report.notes) out.notes.push_back(g.weapon->id + ": " + note);
    out.groups.push_back(std::move(row));
  }
  out.slain = apart ? apart->slain() : carried.slain();
  if (apart) out.unsaved_wounds = apart->through();  // ADV-22: on riders and mounts alike
  out.p_wiped_out = living > 0 ? out.slain[living] : 0.0;
  // ADV-01: a unit gone to ground takes no pinning test.
  if (any_pinning && !s.units[target_unit].gone_to_ground())
    out.p_pinning_test = (apart ? apart_pinning->slain() : pinning.slain()).at_least(1);
  if (any_pins) out.p_auto_pinned = (apart ? apart_pins->slain() : pins.slain()).at_least(1);
  // SHOOT-31: losses to fire since its last turn, these included, reach 25 % of its strength
  // then, and the unit is not exempt from the test it would take before it next activates
  // (MORALE-02/04: fearless, already tested, pinned, failed a pinning test, routing). A pinning
  // test this fire forces may still pin it first.
  const auto& u = s.units[target_unit];
  const bool exempt = tinfo.fearless || s.setup->dogged(target_unit) || u.own_turn.morale_checked ||
                      u.own_turn.pinned || u.own_turn.pinning_failed || u.routing ||
                      u.rout_pending || u.own_turn.hazard_checked;
  for (int k = 0; k <= out.slain.highest() && !exempt; ++k)
    if (rules::heavy_casualty_check(u.strength_at_turn_end, u.own_turn.casualties_taken + k).due)
      out.p_heavy_casualties += out.slain[k];
  if (!out.exact)
    out.notes.push_back(
        "not exact: templates and markers are counted over the whole unit in its cover and a "
        "scattered marker as a miss (the odds layer's model), not placed on this table");
}

}  // namespace

Preview preview(const GameState& s, const Action& a) {
  Preview out;
  out.action = game::to_json(a).value("type", "");
  if (auto refused = game::refusal(s, a)) {
    out.refused = std::move(refused);
    return out;
  }
  switch (a.kind) {
    case ActionKind::shoot:
    case ActionKind::throw_grenade:
      preview_fire(s, a, out);
      for (int k = 1; a.kind == ActionKind::shoot && k <= a.pick_count; ++k) {
        Preview part;
        part.action = out.action;
        preview_fire(s, a, part, k);  // ADV-32: the groups sent at another unit
        out.split.push_back(std::move(part));
      }
      break;
    case ActionKind::charge:
      out.charge = game::charge_reach(s, a);
      break;
    case ActionKind::deep_strike:
      out.drop = game::drop_outlook(s, a);
      break;
    case ActionKind::throw_smoke:
      out.smoke = game::smoke_outlook(s, a);
      break;
    case ActionKind::cast_down_ladder:
      out.ladder = game::ladder_outlook(s, a);
      break;
    case ActionKind::activate:
    case ActionKind::pick_up: {
      const int unit = a.kind == ActionKind::activate ? a.unit : a.picks[0].first;
      const int dice = a.kind == ActionKind::activate ? a.dice : a.picks[0].second;
      const auto odds = rules::activation_odds(dice, s.activation_value(unit),
                                               game::activation_condition(s, unit));
      // ACT-08 ruling: a pick-up roll never busts.
      out.p_bust = a.kind == ActionKind::activate ? odds.p_bust : 0.0;
      out.p_no_action_points = odds.action_points[0];
      out.action_points = odds.action_points;
      if (a.kind == ActionKind::pick_up && a.pick_count > 1)
        out.notes.push_back("the odds are for the first unit's roll");
      break;
    }
    default:
      out.notes.push_back("nothing is rolled for this action");
      break;
  }
  return out;
}

nlohmann::json to_json(const Preview& p) {
  nlohmann::json out = {{"action", p.action}};
  if (p.refused) {
    out["refused"] = game::to_json(*p.refused);
    return out;
  }
  if (!p.groups.empty()) {
    nlohmann::json groups = nlohmann::json::array();
    for (const auto& g : p.groups) {
      nlohmann::json row = odds::to_json(g.report);
      row["weapon"] = g.weapon;
      row["firers"] = g.firers;
      row["range"] = g.range;
      row["cover"] = g.cover;
      row["exact"] = g.exact;
      if (g.expected_cover_hits) row["expected_cover_hits"] = *g.expected_cover_hits;
      groups.push_back(std::move(row));
    }
    out["groups"] = std::move(groups);
    out["exact"] = p.exact;
    out["target_models"] = p.target_models;
    out["unsaved_wounds"] = odds::distribution_json(p.unsaved_wounds);
    out["slain"] = odds::distribution_json(p.slain);
    out["mean_slain"] = p.slain.mean();
    out["p_kill_at_least_one"] = p.slain.at_least(1);
    out["p_wiped_out"] = p.p_wiped_out;
    out["p_pinning_test"] = p.p_pinning_test;
    out["p_auto_pinned"] = p.p_auto_pinned;
    out["p_heavy_casualties"] = p.p_heavy_casualties;
  }
  if (p.target >= 0) out["target"] = p.target;
  if (!p.split.empty()) {  // ADV-32: each volley sent at another unit, as a preview of its own
    nlohmann::json split = nlohmann::json::array();
    for (const auto& part : p.split) split.push_back(to_json(part));
    out["split"] = std::move(split);
  }
  if (p.charge) {
    out["charge"] = {{"distance", p.charge->distance},
                     {"roll", odds::distribution_json(p.charge->roll)},
                     {"shortest_roll", p.charge->shortest_roll},
                     {"p_roll_reaches", p.charge->p_roll_reaches},
                     {"p_reach", p.charge->p_reach},
                     {"failed_move", odds::distribution_json(p.charge->failed_move)}};
  }
  if (p.drop) {
    out["drop"] = {{"p_double", p.drop->p_double},
                   {"p_off_table", p.drop->p_off_table},
                   {"p_impassable", p.drop->p_impassable},
                   {"p_on_models", p.drop->p_on_models},
                   {"p_mishap", p.drop->p_mishap},
                   {"p_landed", p.drop->p_landed},
                   {"p_rough_landing", p.drop->p_rough_landing}};
  }
  if (p.smoke) {
    out["smoke"] = {{"model", p.smoke->model},
                    {"weapon", p.smoke->weapon->id},
                    {"radius", p.smoke->weapon->effect_size},
                    {"blind", p.smoke->weapon->has(data::WeaponProperty::blind)},
                    {"goal", p.smoke->goal},
                    {"p_on_target", p.smoke->p_on_target}};
  }
  if (p.ladder) {
    out["ladder"] = {{"occupied", p.ladder->occupied},
                     {"pushers", p.ladder->pushers},
                     {"p_cast_down", p.ladder->p_cast_down}};
  }
  if (p.action_points) {
    out["p_bust"] = *p.p_bust;
    out["p_no_action_points"] = *p.p_no_action_points;
    out["action_points"] = odds::distribution_json(*p.action_points);
  }
  if (!p.notes.empty()) out["notes"] = p.notes;
  return out;
}

}  // namespace arap::advice
