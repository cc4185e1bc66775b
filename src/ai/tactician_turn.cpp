// The tactician's turn-order choices (issue 15): activation dice against P(bust) and what the
// units still waiting would lose (ACT-06/07), pick-ups against rescuing the opponent's bust
// (ACT-08), what a unit could do with its AP (measured on a copy rolled at its best), going to
// ground (ADV-01), and the mêlée answers: hold or run from a Charge (CHARGE-05/08), fight or break
// off (MELEE-29).
#include <algorithm>

#include <fmt/format.h>

#include "advice/preview.hpp"
#include "ai/tactician_scorer.hpp"

namespace arap::ai::detail {

void Scorer::score_ground(ScoredAction& out) {
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
    const data::Profile& profile = *s_.info(s_.setup->units[unit].first_model).profile;
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

double Scorer::opportunity(const Action& hypothetical, int u) {
  if (auto it = opportunities_->find(u); it != opportunities_->end()) return it->second;
  GameState copy = s_;
  game::reseed(copy, 0);
  BestCaseDice ones;
  double best = 0.0;
  if (game::apply(copy, hypothetical, ones, nullptr).empty() &&
      (copy.phase == Phase::active || copy.phase == Phase::reaction) &&
      game::pending(copy).unit == u) {
    Scorer inner(copy, w_, nullptr, false);  // only its scores are asked
    best = inner.best_gain();
  }
  (*opportunities_)[u] = best;
  return best;
}

double Scorer::activation_worth(int u) {
  if (auto it = activation_worth_.find(u); it != activation_worth_.end()) return it->second;
  const double worth =
      opportunity(best_roll(u), u) *
      weighted_ap(rules::activation_odds(2, s_.activation_value(u), activation_condition(s_, u))
                      .action_points,
                  w_.ap_decay);
  activation_worth_[u] = worth;
  return worth;
}

void Scorer::score_activation(ScoredAction& out) {
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
  if (!explain_) return;
  out.odds = {{"p_bust", *p.p_bust},
              {"expected_ap", p.action_points->mean()},
              {"best_action", opp},
              {"units_waiting", waiting},
              {"waiting_worth", waiting_worth}};
  out.why = fmt::format("{:.1f} AP expected, {:.0f}% to bust with {} unit(s) still to act",
                        p.action_points->mean(), percent(*p.p_bust), waiting);
}

Action Scorer::best_roll(int unit) const {
  Action roll = game::make_action(ActionKind::activate, unit);
  for (int dice = 3; dice >= 1; --dice) {
    roll.dice = dice;
    if (game::is_legal(s_, roll)) return roll;
  }
  return roll;
}

void Scorer::score_pick_up(ScoredAction& out) {
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
  if (!explain_) return;
  out.odds = {{"expected_ap", expected_ap}, {"rescues_units", rescued}};
  out.why = rescued > 0 ? fmt::format("{:.1f} AP expected, but it lets {} enemy unit(s) act",
                                      expected_ap, rescued)
                        : fmt::format("{:.1f} AP expected", expected_ap);
}

void Scorer::score_response(ScoredAction& out) {
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

void Scorer::score_melee_choice(ScoredAction& out) {
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
    // MELEE-24/25: after routers without the test to stay, pressing on; worth it by the table.
    if (out.action.pursue)
      out.score += (o ? o->p_enemy_routs : 0.0) * a_.pursuit_worth() - w_.min_gain;
    if (o) {
      out.why =
          fmt::format("{:.0f}% to win the round, {:.0f}% to rout them{}", percent(o->p_win),
                      percent(o->p_enemy_routs), out.action.pursue ? " and run them down" : "");
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

}  // namespace arap::ai::detail
