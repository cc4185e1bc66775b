#include "ai/assessment.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <boost/container/small_vector.hpp>

#include "odds/named_unit.hpp"
#include "rules/charge.hpp"
#include "rules/combat_resolution.hpp"
#include "table/cover.hpp"
#include "table/geometry.hpp"
#include "table/line_of_sight.hpp"

namespace arap::ai {

namespace {

// Rough chances for the sketches only (exposure and intent); every choice itself is priced with
// the exact odds of advice::preview and odds::evaluate_melee.
double p_hit(int skill) {
  return std::clamp(skill, 1, 5) / 6.0;
}  // a low roll (SHOOT-10)
double p_wound(int strength, int toughness) {  // a high roll against (T+4)-S (SHOOT-23)
  return (7 - std::clamp(toughness + 4 - strength, 2, 6)) / 6.0;
}
double p_unsaved(const data::Profile& target, std::optional<int> ap) {  // SHOOT-24
  double p = 1.0;
  if (target.save && !(ap && *ap <= *target.save)) p = std::min(p, (*target.save - 1) / 6.0);
  if (target.invulnerable) p = std::min(p, (*target.invulnerable - 1) / 6.0);
  return p;
}

data::Profile reference_target() {
  data::Profile p;
  p.toughness = 4;
  p.save = 5;
  return p;
}

// Expected unsaved wounds of `unit`'s ranged weapons (one volley) and mêlée attacks (one round)
// against `target`, and its longest range.
struct Punch {
  double volley = 0.0;
  double melee = 0.0;
  double max_range = 0.0;
};
Punch punch_of(const game::GameState& s, int unit, const data::Profile& target) {
  Punch out;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const auto& model = s.info(m);
    const auto& p = *model.profile;
    const data::WeaponProfile* melee = nullptr;
    double best_volley = 0.0;
    for (const auto* w : model.group->weapons) {
      if (w->is_melee()) {
        if (melee == nullptr) melee = w;
        continue;
      }
      const double shots = w->is_template() || w->is_area() ? 3.0 : std::max(1, w->shots);
      const double v = shots * p_hit(p.ballistic_skill) *
                       p_wound(w->strength.resolve(p.strength), target.toughness) *
                       p_unsaved(target, w->ap);
      best_volley = std::max(best_volley, v);  // a model fires one weapon a turn
      out.max_range = std::max(out.max_range, w->range);
    }
    out.volley += best_volley;
    const int strength =
        melee ? melee->strength_for(p.strength, s.setup->options.better_strength) : p.strength;
    out.melee += (p.attacks + 1) * p_hit(p.weapon_skill) * p_wound(strength, target.toughness) *
                 p_unsaved(target, melee ? melee->ap : std::nullopt);
  }
  return out;
}

}  // namespace

namespace {

// How far the game has gone: 0 in the first turn, 1 in the last.
double game_progress(const game::GameState& s) {
  const int limit = s.setup->scenario.turn_limit;
  return limit > 1 ? std::clamp((s.turn - 1.0) / (limit - 1.0), 0.0, 1.0) : 1.0;
}

bool scores_kill_points(const game::GameState& s) {
  return s.setup->scenario.victory.kind == table::Victory::Kind::kill_points;
}

// Where the score is kill points, units standing off score nothing: every unit is pulled toward
// the nearest enemy by kill_urgency per inch, growing with the square of the game's progress (as
// objectives grow with objective_urgency), so the last turns are spent closing for the kill.
double hunt_worth(const game::GameState& s, const TacticianWeights& w) {
  if (!scores_kill_points(s)) return 0.0;
  const double progress = game_progress(s);
  return w.kill_urgency * progress * progress;
}

// A weight with a kill-points counterpart: the counterpart where only whole units score, when the
// personality gives one (above 0); the weight itself on an objectives table, or without one.
double on_this_table(const game::GameState& s, double kill_points_weight, double weight) {
  return scores_kill_points(s) && kill_points_weight > 0.0 ? kill_points_weight : weight;
}

}  // namespace

double objective_worth(const game::GameState& s, const TacticianWeights& w) {
  const double progress = game_progress(s);
  return w.objective_point * (1.0 + w.objective_urgency * progress * progress);
}

double static_value(const game::GameState& s, int side, const TacticianWeights& w) {
  double value = 0.0;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    const auto& info = s.setup->units[u];
    if (!s.unit_alive(u) && !s.units[u].away && !s.units[u].in_reserve) continue;
    int wounds = 0;
    int full = 0;
    for (int m : s.members(u)) {
      full += s.info(m).profile->wounds;
      if (s.models[m].pose.alive) wounds += s.models[m].wounds_left;
    }
    double worth = w.kill_point + w.unit_strength * wounds / std::max(1, full);
    if (s.units[u].routing) worth -= w.rout * w.kill_point;
    value += info.side == side ? worth : -worth;
  }
  const double point = objective_worth(s, w);
  for (const auto& o : s.setup->scenario.victory.objectives) {
    int sides = 0;
    for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
      const auto& pose = s.models[m].pose;
      if (pose.alive && !s.units[s.models[m].pose.unit].routing &&
          table::distance(pose.position, o.at) <= o.radius)
        sides |= 1 << pose.side;
    }
    if (sides == (1 << side))
      value += point * o.points;
    else if (sides != 0 && (sides & (1 << side)) == 0 && (sides & (sides - 1)) == 0)
      value -= point * o.points;
  }
  return value;
}

int representative_model(const game::GameState& s, int unit) {
  // The living models by kind (profile and group), each kind with its count and its first model
  // in the unit's order: the answer is the first model of the most numerous kind, the earliest
  // such kind on a tie (a unit has a few kinds, so the list stays short).
  struct Kind {
    const data::Profile* profile;
    const data::ModelGroup* group;
    int count;
    int first;
  };
  boost::container::small_vector<Kind, 4> kinds;
  for (int m : s.members(unit)) {
    if (!s.models[m].pose.alive) continue;
    const data::Profile* profile = s.info(m).profile;
    const data::ModelGroup* group = s.setup->models[m].group;
    const auto known = std::find_if(kinds.begin(), kinds.end(), [&](const Kind& k) {
      return k.profile == profile && k.group == group;
    });
    if (known != kinds.end())
      ++known->count;
    else
      kinds.push_back({profile, group, 1, m});
  }
  int best = -1;
  int best_count = 0;
  for (const Kind& k : kinds)  // kinds stand in the order of their first models
    if (k.count > best_count) best_count = k.count, best = k.first;
  return best;
}

int Assessment::representative_of(int u) const {
  if (representative_[u] == -2) representative_[u] = representative_model(state_, u);
  return representative_[u];
}

Assessment::Assessment(const game::GameState& s, const TacticianWeights& weights)
    : state_(s),
      weights_(weights),
      objective_point_(objective_worth(s, weights)),
      hunt_(hunt_worth(s, weights)),
      // Where only whole units score, a unit left with a few models is a kill point missed (on an
      // objectives table it still contests): kill_focus weighs the progress toward it.
      focus_(on_this_table(s, weights.kill_focus, weights.focus)),
      // Whole units are destroyed, or rout and are run down, in close combat far more often than
      // by fire: a mêlée unit hanging back scores nothing there (on an objectives table holding
      // ground matters more).
      close_in_(on_this_table(s, weights.kill_close_in, weights.close_in)),
      pursuit_(on_this_table(s, weights.kill_pursue, weights.pursue)),
      units_(s.units.size()),
      threat_cache_(s.units.size() * s.units.size(),
                    {std::numeric_limits<double>::quiet_NaN(), 0.0}),
      friend_on_objective_(s.units.size() * s.setup->scenario.victory.objectives.size(), -1),
      representative_(s.units.size(), -2) {
  static const data::Profile reference = reference_target();
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    const auto& info = s.setup->units[u];
    UnitSketch& k = units_[u];
    k.side = info.side;
    k.move = s.unit_move(u);
    k.on_table = s.unit_alive(u) && !s.units[u].away && !s.units[u].in_reserve;
    k.locked = s.locked(u);
    k.routing = s.units[u].routing;
    for (int m : s.members(u)) {
      k.full_wounds += s.info(m).profile->wounds;
      ++k.full_models;
      if (!s.models[m].pose.alive) continue;
      ++k.models;
      k.wounds += s.models[m].wounds_left;
    }
    k.full_wounds = std::max(1, k.full_wounds - 1);
    if (!k.on_table) continue;
    k.centre = game::unit_centre(s, u);
    const Punch punch = punch_of(s, u, reference);
    k.volley = punch.volley;
    k.melee = punch.melee;
    k.max_range = punch.max_range;
    k.melee_share = punch.melee + punch.volley > 0 ? punch.melee / (punch.melee + punch.volley) : 0;
  }
}

double Assessment::unit_value(int u) const {
  const auto& k = units_[u];
  if (!k.on_table && k.models == 0) return 0.0;
  return weights_.kill_point + weights_.unit_strength * k.wounds / k.full_wounds;
}

double Assessment::loss_value(int u, double slain) const {
  const auto& k = units_[u];
  if (k.models == 0) return 0.0;
  const double taken = std::min(slain, static_cast<double>(k.models));
  // Its share of the unit as it began, plus progress toward the kill point: a model of a unit with
  // few left is worth more (focus fire finishes units; focus_of says which weight).
  return weights_.unit_strength * taken / std::max(1, k.full_models) +
         focus_ * weights_.kill_point * taken / k.models;
}

double Assessment::sign_for(int side, int u) const {
  return units_[u].side == side ? -weights_.own_losses : 1.0;
}

double Assessment::exposure_on(const table::Table& table, int u, const table::Point& spot,
                               bool tactical) const {
  const int m = representative_of(u);
  if (m < 0) return 0.0;
  const data::Profile& target = *state_.info(m).profile;
  double wounds = 0.0;
  for (int e = 0; e < static_cast<int>(units_.size()); ++e) {
    const auto& k = units_[e];
    if (!k.on_table || k.side == units_[u].side || k.routing) continue;
    const double d = table::distance(k.centre, spot);
    // A Charge reaches about its move and a 2D6" roll (CHARGE-02) further.
    const bool reach = !k.locked && d <= k.move + 8.0;
    const bool in_range = k.max_range > 0.0 && d <= k.max_range + (k.locked ? 0.0 : k.move);
    if (!reach && !in_range) continue;
    // What enemy `e` does to `u` is the same for every spot scored: worked out once a pair.
    auto& known = threat_cache_[static_cast<std::size_t>(e) * units_.size() + u];
    if (std::isnan(known.first)) {
      const Punch p = punch_of(state_, e, target);
      known = {p.volley, p.melee};
    }
    const Punch punch{known.first, known.second, k.max_range};
    double threat = reach ? punch.melee : 0.0;
    if (in_range && table::terrain_sight(table, k.centre, spot).clear()) {
      const bool covered =
          tactical || table::model_cover(table, k.centre, spot) != table::Cover::none;
      threat = std::max(threat, punch.volley * (covered ? weights_.cover_shield : 1.0));
    }
    wounds += threat;
  }
  return wounds;
}

double Assessment::position_value(int u, const table::Point& spot, bool tactical) const {
  const auto& s = state_;
  const auto& k = units_[u];
  double value = 0.0;
  const auto& victory = s.setup->scenario.victory;
  if (victory.kind == table::Victory::Kind::objectives) {
    // The objective most worth going for: its points, less the further it is; half as much when
    // another of our units is already on it.
    double best = 0.0;
    const std::size_t count = victory.objectives.size();
    for (std::size_t i = 0; i < count; ++i) {
      const auto& o = victory.objectives[i];
      signed char& held = friend_on_objective_[u * count + i];
      if (held < 0) {
        held = 0;
        for (int f = 0; f < static_cast<int>(units_.size()); ++f)
          if (f != u && units_[f].on_table && units_[f].side == k.side && !units_[f].routing &&
              table::distance(units_[f].centre, o.at) <= o.radius)
            held = 1;
      }
      const bool held_by_friend = held != 0;
      const double gap = std::max(0.0, table::distance(spot, o.at) - o.radius + 1.0);
      const double worth = objective_point_ * o.points * (held_by_friend ? 0.5 : 1.0) /
                           (1.0 + gap / weights_.objective_reach);
      best = std::max(best, worth);
    }
    value += best;
  }
  double nearest = std::numeric_limits<double>::infinity();
  bool target_in_reach = false;
  const auto& table = s.table();
  for (int e = 0; e < static_cast<int>(units_.size()); ++e) {
    const auto& enemy = units_[e];
    if (!enemy.on_table || enemy.side == k.side || enemy.routing) continue;
    const double d = table::distance(spot, enemy.centre);
    nearest = std::min(nearest, d);
    if (!target_in_reach && k.max_range > 0.0 && d <= k.max_range &&
        table::terrain_sight(table, spot, enemy.centre).clear())
      target_in_reach = true;
  }
  if (std::isfinite(nearest)) value -= (close_in_ * k.melee_share + hunt_) * nearest;
  if (target_in_reach) value += weights_.in_range * (1.0 - k.melee_share);
  const double per_wound =
      (weights_.kill_point + weights_.unit_strength) / std::max(1, k.full_wounds);
  value -= weights_.exposure * weights_.own_losses * exposure(u, spot, tactical) * per_wound;
  return value;
}

double Assessment::volley_against(int shooter, int target) const {
  const int m = representative_of(target);
  if (m < 0) return 0.0;
  return punch_of(state_, shooter, *state_.info(m).profile).volley;
}

int fighters(const game::GameState& s, int unit, int foe, bool closes_in) {
  int count = 0;
  int alive = 0;
  for (int m : s.members(unit)) {
    const auto& pose = s.models[m].pose;
    if (!pose.alive) continue;
    ++alive;
    const double reach = closes_in ? s.info(m).move : 0.0;
    for (int n : s.members(foe)) {
      const auto& other = s.models[n].pose;
      if (!other.alive) continue;
      const bool engaged =
          table::within_melee_radius(pose, other) || table::within_melee_radius(other, pose);
      if (engaged || (reach > 0.0 && table::distance(pose.position, other.position) -
                                             pose.base_radius - other.base_radius <=
                                         reach)) {
        ++count;
        break;
      }
    }
  }
  return alive == 0 ? 0 : std::max(1, count);
}

bool strikes_later(const game::GameState& s, int unit, int foe) {
  const int m = representative_model(s, unit);
  const int n = representative_model(s, foe);
  return m >= 0 && n >= 0 && s.info(m).profile->initiative < s.info(n).profile->initiative;
}

odds::MeleeSide Assessment::melee_side(int u, int fighters) const {
  const auto& s = state_;
  const int m = representative_model(s, u);
  const auto& model = s.info(m);
  const auto& p = *model.profile;
  const auto& info = s.setup->units[u];
  const int models = fighters >= 0 ? std::min(fighters, units_[u].models) : units_[u].models;
  odds::MeleeSide side = odds::statline_side(p, std::clamp(models, 1, 40));
  side.leadership = s.leadership(u);
  side.reroll_morale = info.no_fear;
  side.fearless = info.fearless || s.setup->dogged(u);  // no rout test (MORALE-02, ADV-43)
  side.pinned = s.units[u].own_turn.pinned;
  // ADV-62: a unit standing in a cloud it cannot see through fights from skill 1 (the foe's place
  // is not known before the fight; the unit's own is the estimate).
  const auto& pose = s.models[m].pose;
  side.in_smoke =
      s.setup->options.fighting_in_smoke && s.table().in_cloud(pose.position, pose.infra_vision);
  odds::arm_side(side, p, model.kit, s.setup->options.better_strength,  // ADV-55/57/58/59
                 s.setup->options.shield_bonus && !pose.mounted);       // ADV-60 (optional)
  side.monstrous =
      s.setup->options.monstrous_creature_bonus && p.has_rule("monstrous_creature");  // ADV-56
  side.instant_death = s.setup->options.instant_death;                                // ADV-39
  return side;
}

std::optional<Assessment::MeleeOutlook> Assessment::melee(int attacker, int defender, bool charge,
                                                          int attacker_fighters,
                                                          int defender_fighters) const {
  const auto key =
      std::make_tuple(attacker, defender, charge, attacker_fighters, defender_fighters);
  if (auto it = melee_cache_.find(key); it != melee_cache_.end()) return it->second;
  std::optional<MeleeOutlook> out;
  if (units_[attacker].models > 0 && units_[defender].models > 0) {
    odds::MeleeRequest request;
    request.attacker = melee_side(attacker, attacker_fighters);
    request.defender = melee_side(defender, defender_fighters);
    request.rout_cap = state_.setup->rulings.melee_16();
    request.no_retreat = state_.setup->options.no_retreat;  // ADV-66
    if (charge) {
      // CHARGE-05: a front Charge (the usual case; flank and rear only add to it).
      const auto bonus =
          rules::charge_bonus(rules::Approach::front, false, state_.setup->rulings.charge_05());
      request.attacker.bonus_attacks = bonus.extra_attacks;
      request.attacker.crs_modifier = rules::crs_modifier({.charge_bonus = bonus.charger_crs});
    }
    try {
      const odds::MeleeReport r = odds::evaluate_melee(request);
      MeleeOutlook o;
      o.p_win = r.attacker_wins;
      o.p_enemy_routs = r.defender_routs;
      o.p_own_routs = r.attacker_routs;
      o.enemy_slain = r.attacker_slain.mean();
      o.own_slain = r.defender_slain.mean();
      const double kp = weights_.kill_point;
      const double dealt = loss_value(defender, o.enemy_slain) +
                           kp * (r.defender_wiped_out + weights_.rout * r.defender_routs);
      const double taken = loss_value(attacker, o.own_slain) +
                           kp * (r.attacker_wiped_out + weights_.rout * r.attacker_routs);
      o.value = dealt - weights_.own_losses * taken;
      o.defender_value = taken - weights_.own_losses * dealt;
      out = o;
    } catch (const std::length_error&) {
      // Too big to compute exactly: no outlook (the tactician then does not seek this fight).
    }
  }
  melee_cache_.emplace(key, out);
  return out;
}

}  // namespace arap::ai
