// The tactician (issue 15). One currency for every choice: the weights of its personality times
// exact odds. Shots and throws: advice::preview's models slain, P(wiped out) and P(pinning test)
// (SHOOT-28) with the target's chance of failing it (MORALE-03). Charges: P(reach) from the real
// table (CHARGE-02/03/07) times the first round's exact outlook (CHARGE-05, MELEE-13..19), less a
// failed charge (CHARGE-04); never below the personality's least P(reach). Moves: the worth of
// where the unit ends (ai/assessment). Activations: what the unit could do with its AP, less the
// risk of a bust to the units still waiting (ACT-06/07) and the dice it gives the opponent to pick
// up (ACT-08). Pick-ups: the same, less rescuing the opponent from its bust (ACT-08).
#include "ai/tactician.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "advice/preview.hpp"
#include "ai/agents.hpp"
#include "ai/assessment.hpp"
#include "game/view.hpp"
#include "rules/activation.hpp"
#include "rules/fire_morale.hpp"
#include "rules/leadership.hpp"
#include "rules/wound_save.hpp"

namespace arap::ai {

using game::Action;
using game::ActionKind;
using game::GameState;
using game::Phase;

namespace {

constexpr double kRefused = 10 * kRuledOut;  // an option the personality will not take

// Dice that always show 1: every activation die succeeds and every test passes. Used only on a
// copy, to ask "what could this unit do with its action points?" (never to play).
class BestCaseDice final : public dice::DiceSource {
 public:
  int roll(int) override { return 1; }
};

// Dice that always show their highest face: a Charge rolled with them goes as far as it can. Used
// only on a copy, to see which models a Charge brings into contact (never to play).
class HighestDice final : public dice::DiceSource {
 public:
  int roll(int sides) override { return sides; }
};

// The AP of an activation worth having: the first in full, each further one `decay` times less.
double weighted_ap(const dice::Distribution& ap, double decay) {
  double out = 0.0;
  for (int k = std::max(1, ap.lowest()); k <= ap.highest(); ++k) {
    double worth = 0.0;
    for (int i = 0; i < k; ++i) worth += std::pow(decay, i);
    out += ap[k] * worth;
  }
  return out;
}

double percent(double p) {
  return std::round(p * 1000.0) / 10.0;
}

// Units of `side` that have not yet tried to activate this player turn, on the table.
int waiting_units(const GameState& s, const Assessment& a, int side, int except = -1) {
  int n = 0;
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u)
    if (u != except && a.unit(u).on_table && a.side_of(u) == side && !a.unit(u).routing &&
        !s.units[u].own_turn.attempted)
      ++n;
  return n;
}

// What its activation roll is read as (ACT-06: pinned and suppressed units roll differently).
rules::ActivationCondition activation_condition(const GameState& s, int unit) {
  const auto& u = s.units[unit];
  return u.own_turn.pinned       ? rules::ActivationCondition::pinned
         : u.own_turn.suppressed ? rules::ActivationCondition::suppressed
                                 : rules::ActivationCondition::normal;
}

// P(the unit fails a Ld test): what a forced test is worth to its enemy (SHOOT-28/31, MORALE-03).
double p_fails_test(const GameState& s, int unit) {
  const auto& info = s.setup->units[unit];
  if (info.fearless) return 0.0;
  return 1.0 - rules::leadership_odds(s.leadership(unit), info.no_fear).p_pass;
}

class Scorer {
 public:
  Scorer(const GameState& s, const TacticianWeights& w) : s_(s), w_(w), a_(s, w) {}

  // Wasted shots (ADV-33) are left out: they slay nobody, so they never beat ending the
  // activation, and whether anyone sees a target out of reach is dear to find out.
  static constexpr game::KindSet kListed = game::kAllKinds & ~game::kWastedShots;

  std::vector<ScoredAction> rank() {
    const auto options = game::legal_actions(s_, kListed);
    std::vector<ScoredAction> out;
    out.reserve(options.size());
    for (const auto& action : options) out.push_back(score(action));
    std::stable_sort(out.begin(), out.end(), [](const ScoredAction& x, const ScoredAction& y) {
      return x.score > y.score;
    });
    return out;
  }

  // The best gain the acting unit can make with one action now (0 when nothing beats waiting).
  double best_gain() {
    double best = 0.0;
    for (const auto& action : game::legal_actions(s_, kListed)) {
      if (action.kind == ActionKind::end_activation) continue;
      best = std::max(best, score(action).score);
    }
    return best;
  }

 private:
  ScoredAction score(const Action& action) {
    ScoredAction out{action, 0.0, {}, nlohmann::json::object()};
    switch (action.kind) {
      case ActionKind::shoot:
      case ActionKind::throw_grenade:
        score_fire(out);
        break;
      case ActionKind::charge:
        score_charge(out);
        break;
      case ActionKind::move:
      case ActionKind::free_move:
      case ActionKind::consolidate:  // ADV-68: weighed as the free move it is
        score_move(out);
        break;
      case ActionKind::activate:
        score_activation(out);
        break;
      case ActionKind::pick_up:
        score_pick_up(out);
        break;
      case ActionKind::aim:
        score_aim(out);
        break;
      case ActionKind::hide: {
        const table::Point here = a_.unit(action.unit).centre;
        const double wounds = a_.exposure(action.unit, here, s_.units[action.unit].tactical);
        out.score = w_.exposure * w_.own_losses * wounds * per_wound(action.unit);
        out.why = fmt::format("hidden, it escapes about {:.1f} expected wounds", wounds);
        out.odds["exposure"] = wounds;
        break;
      }
      case ActionKind::go_to_ground:
        score_ground(out);
        break;
      case ActionKind::stay_up:
        out.score = 0.0;
        break;
      case ActionKind::regroup: {
        // ADV-03: D6 of its S-points shed, on average.
        const int points = s_.units[action.unit].s_points;
        double shed = 0.0;
        for (int face = 1; face <= 6; ++face) shed += std::min(face, points) / 6.0;
        out.score = w_.regroup * shed;
        out.why = fmt::format("sheds about {:.1f} of its {} S-points", shed, points);
        out.odds["expected_shed"] = shed;
        break;
      }
      case ActionKind::stand_up:
        out.score = w_.stand_up;
        out.why = "back on its feet to act";
        break;
      case ActionKind::go_prone:
        out.score = -w_.min_gain;  // only when nothing else is open
        break;
      case ActionKind::use:
        // ACT-16: no weight values a door yet; its moves go round shut ones.
        out.score = -w_.min_gain;
        out.why = "doors and consoles are not weighed yet";
        break;
      case ActionKind::stand_and_fire: {
        const double wounds = a_.volley_against(action.unit, s_.charging_unit);
        // About half the unit's dice fire (CHARGE-13: an activation roll decides the shots).
        out.score =
            a_.loss_value(s_.charging_unit, 0.5 * wounds * a_.unit(s_.charging_unit).models /
                                                std::max(1, a_.unit(s_.charging_unit).wounds));
        out.why = fmt::format("fires at the Chargers first, about {:.1f} wounds", 0.5 * wounds);
        break;
      }
      case ActionKind::hold:
      case ActionKind::run:
        score_response(out);
        break;
      case ActionKind::fight:
      case ActionKind::break_off:
      case ActionKind::hit_and_run:
        score_melee_choice(out);
        break;
      case ActionKind::intercept: {
        const auto o = a_.melee(action.unit, s_.charging_unit, false);
        out.score = o ? o->value : kRefused;
        if (o) {
          out.why = fmt::format("{:.0f}% to win the round", percent(o->p_win));
          out.odds["p_win_round"] = o->p_win;
        }
        break;
      }
      case ActionKind::reload: {
        // ADV-30: worth its weight for each model it readies (a shot now scores on its own).
        int spent = 0;
        const auto& info = s_.setup->units[action.unit];
        for (int m = info.first_model; m < info.first_model + info.model_count; ++m)
          spent += s_.models[m].pose.alive && s_.models[m].unloaded != 0 ? 1 : 0;
        out.score = w_.reload * spent;
        out.why = fmt::format("readies the spent weapons of {} models", spent);
        break;
      }
      case ActionKind::bodyguard:
        // ADV-53: the leader (its Ld and activation value) out of the blows, before choosing.
        out.score = w_.bodyguard;
        out.why = "a bodyguard takes the leader's place in the fight";
        break;
      case ActionKind::face:
        // ADV-71: the rally already faced the nearest enemy, the likeliest threat.
        out.score = -w_.min_gain;
        out.why = "the rally already faces the nearest enemy";
        break;
      case ActionKind::deep_strike: {
        // ADV-26: the aim point nearest drop_range from the enemy (the only choice then open).
        const double gap = drop_gap(s_, action);
        out.score = -w_.min_gain * std::abs(gap - w_.drop_range);
        out.why = fmt::format("aims {:.0f}\" from the nearest enemy", gap);
        break;
      }
      case ActionKind::end_activation:
      case ActionKind::end_phase:
      case ActionKind::decline_pick_up:
      case ActionKind::let_pass:
        out.score = 0.0;
        break;
    }
    return out;
  }

  double per_wound(int u) const {
    return (w_.kill_point + w_.unit_strength) / std::max(1, a_.unit(u).full_wounds);
  }

  void score_fire(ScoredAction& out) {
    const auto& a = out.action;
    const advice::Preview p = advice::preview(s_, a);
    if (p.refused || p.slain.highest() < 0) {
      out.score = kRefused;
      return;
    }
    const double slain = p.slain.mean();
    const double p_kill = 1.0 - p.slain[0];
    const double fail = p_fails_test(s_, a.target);
    // SHOOT-31: only a test this fire makes due is its doing; one already due comes anyway.
    const auto& target = s_.units[a.target];
    const bool due_already =
        rules::heavy_casualty_check(target.strength_at_turn_end, target.own_turn.casualties_taken)
            .due;
    const double heavy_casualties = due_already ? 0.0 : p.p_heavy_casualties;
    out.score = a_.sign_for(a_.side_of(a.unit), a.target) *
                    (a_.loss_value(a.target, slain) + w_.kill_point * p.p_wiped_out) +
                w_.pinning * (p.p_pinning_test * fail + p.p_auto_pinned) +
                w_.kill_point * w_.rout * heavy_casualties * fail * 0.5;
    out.why = fmt::format("{:.1f} slain expected, {:.0f}% to slay one, {:.0f}% to wipe them out",
                          slain, percent(p_kill), percent(p.p_wiped_out));
    out.odds = {{"expected_slain", slain},
                {"p_kill", p_kill},
                {"p_wiped_out", p.p_wiped_out},
                {"p_pinning_test", p.p_pinning_test},
                {"p_heavy_casualties", p.p_heavy_casualties}};
  }

  // ADV-01: what going to ground saves, less the activation given up (the go_to_ground weight).
  // Under declared fire: that fire previewed on the unit standing and gone to ground (the losses
  // and the pinning test it escapes). In its own turn: its exposure to the enemy's next turn, by
  // the share of unsaved wounds the better save stops.
  void score_ground(ScoredAction& out) {
    const int unit = out.action.unit;
    double saved_wounds = 0.0;
    double slain_saved = 0.0;
    double pin_saved = 0.0;
    if (const auto fire = game::declared_fire(s_)) {
      GameState copy = s_;
      copy.phase = copy.pending_fire.back;
      copy.pending_fire = {};
      const advice::Preview standing = advice::preview(copy, *fire);
      copy.units[unit].ground_turns = 1;
      const advice::Preview down = advice::preview(copy, *fire);
      if (standing.refused || down.refused) return;
      slain_saved = standing.slain.mean() - down.slain.mean();
      pin_saved = standing.p_pinning_test * p_fails_test(s_, unit);
      out.score = w_.own_losses * a_.loss_value(unit, slain_saved) + w_.pinning * pin_saved;
      out.why = fmt::format("down, it loses {:.2f} fewer models and escapes a {:.0f}% pinning test",
                            slain_saved, percent(standing.p_pinning_test));
    } else {
      const table::Point here = a_.unit(unit).centre;
      const double wounds = a_.exposure(unit, here, s_.units[unit].tactical);
      const data::Profile& profile = *s_.setup->models[s_.setup->units[unit].first_model].profile;
      const double up =
          1.0 - rules::p_save(rules::save_goal({profile.save, profile.invulnerable, std::nullopt}));
      rules::SaveInputs lying{profile.save, profile.invulnerable, std::nullopt};
      lying.gone_to_ground = true;
      const double down = 1.0 - rules::p_save(rules::save_goal(lying));
      saved_wounds = up > 0.0 ? wounds * (up - down) / up : 0.0;
      out.score = w_.exposure * w_.own_losses * saved_wounds * per_wound(unit);
      out.why = fmt::format("down, it escapes about {:.1f} of {:.1f} expected wounds", saved_wounds,
                            wounds);
    }
    out.score -= w_.go_to_ground;
    out.odds = {{"wounds_saved", saved_wounds},
                {"slain_saved", slain_saved},
                {"p_pinning_escaped", pin_saved}};
  }

  void score_charge(ScoredAction& out) {
    const auto& a = out.action;
    const advice::Preview p = advice::preview(s_, a);
    if (p.refused || !p.charge) {
      out.score = kRefused;
      return;
    }
    const double reach = p.charge->p_reach;
    out.odds["p_reach"] = reach;
    // MELEE-04/09: the round as the Charge would place the models, not every model fighting.
    const auto [chargers, charged] = charge_fighters(a);
    if (chargers >= 0) {
      out.odds["chargers_fighting"] = chargers;
      out.odds["charged_fighting"] = charged;
    }
    const auto o = a_.melee(a.unit, a.target, true, chargers, charged);
    if (!o) {
      out.score = kRefused;
      out.why = "the fight is too big to weigh exactly";
      return;
    }
    out.odds["p_win_round"] = o->p_win;
    out.odds["p_enemy_routs"] = o->p_enemy_routs;
    out.odds["expected_slain"] = o->enemy_slain;
    out.why = fmt::format("{:.0f}% to reach, {:.0f}% to win the round, {:.0f}% they rout",
                          percent(reach), percent(o->p_win), percent(o->p_enemy_routs));
    if (reach < w_.min_charge_reach) {
      out.score = kRefused;
      out.why += fmt::format(" (below its {:.0f}% least)", percent(w_.min_charge_reach));
      return;
    }
    // Fire and Charge spends its AP on both; weighed as the charge alone, so the plain charge
    // (listed first) is kept when they tie.
    out.score = reach * o->value - (1.0 - reach) * w_.failed_charge - (a.fire ? w_.min_gain : 0.0);
  }

  // The models of each side that strike in the first round of `charge` (fighters()), seen on a
  // copy where the Charge is rolled at its longest, the charged unit holds and any interceptor
  // lets it pass. Every model of each unit when the copy makes no contact.
  std::pair<int, int> charge_fighters(const Action& charge) {
    GameState copy = s_;
    game::reseed(copy, 0);
    HighestDice highest;
    if (game::apply(copy, charge, highest, nullptr).empty()) {
      for (int step = 0; step < 4; ++step) {
        Action answer;
        if (copy.phase == Phase::charge_response)
          answer = game::make_action(ActionKind::hold, copy.charge_target);
        else if (copy.phase == Phase::interception)
          answer = game::make_action(ActionKind::let_pass, copy.charge_progress.interceptor);
        else
          break;
        if (!game::apply(copy, answer, highest, nullptr).empty()) break;
      }
    }
    if (((copy.units[charge.unit].locked >> charge.target) & 1u) == 0) return {-1, -1};
    return {
        fighters(copy, charge.unit, charge.target, strikes_later(copy, charge.unit, charge.target)),
        fighters(copy, charge.target, charge.unit,
                 strikes_later(copy, charge.target, charge.unit))};
  }

  void score_move(ScoredAction& out) {
    const auto& a = out.action;
    const table::Point from = a_.unit(a.unit).centre;
    const table::Point to{from.x + a.dx, from.y + a.dy};
    // MOVE-13: a unit that moved at the double counts as in cover to enemy guns until it
    // next activates.
    const bool was_tactical = s_.units[a.unit].tactical;
    const bool tactical = a.kind == ActionKind::move && a.mode == table::MoveMode::tactical;
    const bool fleet = a.kind == ActionKind::move && a.mode == table::MoveMode::fleet;
    const double before = a_.position_value(a.unit, from, was_tactical);
    double after = a_.position_value(a.unit, to, was_tactical || tactical);
    if (tactical || fleet) {
      // MOVE-13, ADV-06: the plan is made at the best roll; the unit goes D6" of it, so the worth
      // is the average over the six rolls (a roll at least the plan's length goes the whole way).
      const double length = std::hypot(a.dx, a.dy);
      double sum = 0.0;
      for (int roll = 1; roll <= 6; ++roll) {
        const double share = std::min(1.0, roll / std::max(length, 1e-9));
        sum += share >= 1.0
                   ? after
                   : a_.position_value(a.unit, {from.x + a.dx * share, from.y + a.dy * share},
                                       was_tactical || tactical);
      }
      after = sum / 6.0;
    }
    // MOVE-20: a climb needs the unit's Initiative test on a D6 (none with climbing gear, ADV-13);
    // failed, the unit stays where it is and the action points are spent.
    double p_moves = 1.0;
    const auto& info = s_.setup->units[a.unit];
    if (a.kind == ActionKind::move && a.mode == table::MoveMode::climb &&
        !(s_.setup->options.climbing_gear && info.climbing_gear))
      p_moves = std::clamp(info.initiative, 0, 6) / 6.0;
    after = p_moves * after + (1.0 - p_moves) * before;
    // ADV-06: a Fleet move costs no AP but forbids firing for the rest of the activation: it
    // gives up the best shot the unit has now.
    const double forgone = fleet && game::pending(s_).action_points > 0 ? best_fire_now() : 0.0;
    out.score =
        after - before - forgone - (a.kind == ActionKind::move && !fleet ? w_.min_gain : 0.0);
    out.odds = {{"position_before", before}, {"position_after", after}};
    if (p_moves < 1.0) out.odds["p_moves"] = p_moves;
    out.why = fmt::format("its position is worth {:.1f} there against {:.1f} here", after, before);
  }

  void score_aim(ScoredAction& out) {
    // Worth the better shot it gives over the best shot now, each with the AP it leaves.
    if (s_.action_points < 2) {
      out.score = kRefused;
      return;
    }
    GameState copy = s_;
    game::reseed(copy, 0);
    if (!game::apply(copy, out.action, nullptr).empty()) {
      out.score = kRefused;
      return;
    }
    const double now = best_fire_now();
    const double aimed = best_fire(copy);
    out.score = aimed - 2.0 * now;
    out.why =
        fmt::format("an aimed shot worth {:.1f} against {:.1f} for two shots", aimed, 2 * now);
  }

  // best_fire of the state being scored, asked by every Fleet move and Aim option: kept.
  double best_fire_now() {
    if (!best_fire_now_) best_fire_now_ = best_fire(s_);
    return *best_fire_now_;
  }

  double best_fire(const GameState& s) {
    Scorer inner(s, w_);
    double best = 0.0;
    // A wasted shot (ADV-33) slays nobody: it never beats the 0 this starts from.
    for (const auto& action : game::legal_actions(
             s, game::kind_bit(ActionKind::shoot) | game::kind_bit(ActionKind::throw_grenade))) {
      ScoredAction scored{action, 0.0, {}, nlohmann::json::object()};
      inner.score_fire(scored);
      best = std::max(best, scored.score);
    }
    return best;
  }

  // What unit `u` could do with its AP, measured on a copy where its roll succeeds in full.
  double opportunity(const Action& hypothetical, int u) {
    if (auto it = opportunity_.find(u); it != opportunity_.end()) return it->second;
    GameState copy = s_;
    game::reseed(copy, 0);
    BestCaseDice ones;
    double best = 0.0;
    if (game::apply(copy, hypothetical, ones, nullptr).empty() &&
        (copy.phase == Phase::active || copy.phase == Phase::reaction) &&
        game::pending(copy).unit == u) {
      Scorer inner(copy, w_);
      best = inner.best_gain();
    }
    opportunity_[u] = best;
    return best;
  }

  // What a bust costs unit `u` while it waits: its whole activation, its best action times the AP
  // it would have, as weighed for a roll of two dice (its own roll is not known yet). Asked for
  // every activation option of every other unit, so kept.
  double activation_worth(int u) {
    if (auto it = activation_worth_.find(u); it != activation_worth_.end()) return it->second;
    const double worth =
        opportunity(best_roll(u), u) *
        weighted_ap(rules::activation_odds(2, s_.activation_value(u), activation_condition(s_, u))
                        .action_points,
                    w_.ap_decay);
    activation_worth_[u] = worth;
    return worth;
  }

  void score_activation(ScoredAction& out) {
    const auto& a = out.action;
    const double opp = opportunity(best_roll(a.unit), a.unit);
    const advice::Preview p = advice::preview(s_, a);
    const double ap = weighted_ap(*p.action_points, w_.ap_decay);
    const double failed = a.dice - p.action_points->mean();
    // ACT-07: a bust ends the phase, and the units still waiting lose what they could have done.
    double waiting_worth = 0.0;
    int waiting = 0;
    for (int v = 0; v < static_cast<int>(s_.units.size()); ++v) {
      if (v == a.unit || a_.side_of(v) != a_.side_of(a.unit) || !a_.unit(v).on_table ||
          s_.units[v].own_turn.attempted)
        continue;
      Action roll = game::make_action(ActionKind::activate, v);
      roll.dice = 1;
      if (!game::is_legal(s_, roll)) continue;
      ++waiting;
      waiting_worth += activation_worth(v);
    }
    out.score = opp * ap - *p.p_bust * w_.bust * waiting_worth - failed * w_.gift_die;
    if (opp <= w_.min_gain) out.score = std::min(out.score, 0.0) - w_.min_gain;
    out.odds = {{"p_bust", *p.p_bust},
                {"expected_ap", p.action_points->mean()},
                {"best_action", opp},
                {"units_waiting", waiting},
                {"waiting_worth", waiting_worth}};
    out.why = fmt::format("{:.1f} AP expected, {:.0f}% to bust with {} unit(s) still to act",
                          p.action_points->mean(), percent(*p.p_bust), waiting);
  }

  // The activation with the most dice `unit` may roll (ACT-06), to ask what its AP could buy.
  Action best_roll(int unit) const {
    Action roll = game::make_action(ActionKind::activate, unit);
    for (int dice = 3; dice >= 1; --dice) {
      roll.dice = dice;
      if (game::is_legal(s_, roll)) return roll;
    }
    return roll;
  }

  void score_pick_up(ScoredAction& out) {
    const auto& a = out.action;
    double total = 0.0;
    double expected_ap = 0.0;
    for (int i = 0; i < a.pick_count; ++i) {
      const auto [unit, dice] = a.picks[i];
      Action single = game::make_action(ActionKind::pick_up);
      single.picks[0] = {unit, std::min<int>(3, s_.failed_dice)};
      single.pick_count = 1;
      const double opp = opportunity(single, unit);
      const auto odds =
          rules::activation_odds(dice, s_.activation_value(unit), activation_condition(s_, unit));
      total += opp * weighted_ap(odds.action_points, w_.ap_decay);
      expected_ap += odds.action_points.mean();
    }
    // ACT-08: any pick-up cancels the opponent's bust, and its waiting units act after all.
    const int rescued = s_.bust_pending ? waiting_units(s_, a_, s_.phasing) : 0;
    out.score = total - w_.rescue * rescued;
    out.odds = {{"expected_ap", expected_ap}, {"rescues_units", rescued}};
    out.why = rescued > 0 ? fmt::format("{:.1f} AP expected, but it lets {} enemy unit(s) act",
                                        expected_ap, rescued)
                          : fmt::format("{:.1f} AP expected", expected_ap);
  }

  // The charged unit: holding means the first round against a Charge (CHARGE-05); running
  // (CHARGE-08) is taken only when that round is worse than the personality tolerates.
  void score_response(ScoredAction& out) {
    const auto o = a_.melee(s_.charging_unit, out.action.unit, true);
    const double hold = o ? o->defender_value : 0.0;
    if (out.action.kind == ActionKind::hold) {
      out.score = hold;
      if (o) {
        out.why = fmt::format("{:.0f}% to win the first round", percent(1.0 - o->p_win));
        out.odds["p_lose_round"] = o->p_win;
      }
    } else {
      out.score = hold < w_.break_off_below ? w_.break_off_below : hold - w_.kill_point;
      out.why = "runs from a fight it would lose";
    }
  }

  void score_melee_choice(ScoredAction& out) {
    const int u = out.action.unit;
    int foe = -1;
    for (int v = 0; v < static_cast<int>(s_.units.size()); ++v)
      if ((s_.units[u].locked >> v) & 1u) {
        if (foe < 0 || a_.unit(v).models > a_.unit(foe).models) foe = v;
      }
    const auto o = foe >= 0 ? a_.melee(u, foe, false) : std::nullopt;
    const double fight = o ? o->value : 0.0;
    if (out.action.kind == ActionKind::fight) {
      out.score = fight - (out.action.krak ? w_.min_gain : 0.0);
      if (o) {
        out.why = fmt::format("{:.0f}% to win the round, {:.0f}% to rout them", percent(o->p_win),
                              percent(o->p_enemy_routs));
        out.odds = {{"p_win_round", o->p_win},
                    {"p_enemy_routs", o->p_enemy_routs},
                    {"p_own_routs", o->p_own_routs}};
      }
    } else {
      out.score =
          fight < w_.break_off_below ? w_.break_off_below + w_.min_gain : fight - w_.kill_point;
      out.why = "leaves a fight it would lose";
    }
  }

  const GameState& s_;
  const TacticianWeights& w_;
  Assessment a_;
  std::map<int, double> opportunity_;
  std::map<int, double> activation_worth_;
  std::optional<double> best_fire_now_;
};

}  // namespace

std::vector<ScoredAction> TacticianAgent::rank(const GameState& state) const {
  Scorer scorer(state, weights_);
  return scorer.rank();
}

}  // namespace arap::ai
