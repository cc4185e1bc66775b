// The tactician (issue 15). One currency for every choice: the weights of its personality times
// exact odds. Shots and throws: advice::preview's models slain, P(wiped out) and P(pinning test)
// (SHOOT-28) with the target's chance of failing it (MORALE-03). Charges: P(reach) from the real
// table (CHARGE-02/03/07) times the first round's exact outlook (CHARGE-05, MELEE-13..19), less a
// failed charge (CHARGE-04); never below the personality's least P(reach). Moves: the worth of
// where the unit ends (ai/assessment). Activations: what the unit could do with its AP, less the
// risk of a bust to the units still waiting (ACT-06/07) and the dice it gives the opponent to pick
// up (ACT-08). Pick-ups: the same, less rescuing the opponent from its bust (ACT-08). This file
// scores fire, charges, moves and aims; the turn-order and mêlée choices (activations, pick-ups,
// going to ground, charge responses, fight or break off) are weighed in tactician_turn.cpp.
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
#include "ai/tactician_scorer.hpp"
#include "game/climbing.hpp"
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

namespace detail {

std::vector<ScoredAction> Scorer::rank(game::KindSet kinds) {
  const auto options = game::legal_actions(s_, kinds);
  std::vector<ScoredAction> out;
  out.reserve(options.size());
  for (const auto& action : options) out.push_back(score(action));
  std::stable_sort(out.begin(), out.end(),
                   [](const ScoredAction& x, const ScoredAction& y) { return x.score > y.score; });
  return out;
}

std::optional<ScoredAction> Scorer::best(game::KindSet kinds) {
  std::optional<ScoredAction> top;
  for (const auto& action : game::legal_actions(s_, kinds)) {
    ScoredAction scored = score(action);
    // Strictly better only: the first of equal scores stays, as rank's stable sort keeps it.
    if (!top || scored.score > top->score) top = std::move(scored);
  }
  return top;
}

double Scorer::best_gain() {
  double best = 0.0;
  for (const auto& action : game::legal_actions(s_, kListed)) {
    if (action.kind == ActionKind::end_activation) continue;
    best = std::max(best, score(action).score);
  }
  return best;
}

ScoredAction Scorer::score(const Action& action) {
  ScoredAction out{action, 0.0, {}, explain_ ? nlohmann::json::object() : nlohmann::json()};
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
      for (int m : s_.members(action.unit))
        spent += s_.models[m].pose.alive && s_.models[m].unloaded != 0 ? 1 : 0;
      out.score = w_.reload * spent;
      out.why = fmt::format("readies the spent weapons of {} models", spent);
      break;
    }
    case ActionKind::throw_smoke:
    case ActionKind::discharge_smoke:
      score_smoke(out);
      break;
    case ActionKind::place_ladder: {
      // ADV-15: the way up opens, and the bearers are free of the burden; beside a ladder already
      // standing (the watchtower's own), only the burden goes.
      const table::Point at{action.dx, action.dy};
      bool beside = false;
      for (const auto& feature : s_.table().features()) {
        if (feature.kind != table::TerrainKind::ladder) continue;
        for (const auto& corner : feature.ring)
          beside = beside || table::distance(corner, at) <= w_.ladder_spacing;
      }
      out.score = beside ? -w_.min_gain : w_.place_ladder;
      out.why = beside ? "a ladder already stands there"
                       : "sets its ladder up: the way up is open and the bearers are free";
      break;
    }
    case ActionKind::throw_grapple: {
      // ADV-14: a rope up, at the odds of the hook holding.
      const double p = game::grapple_chance(s_, action);
      out.score = w_.place_ladder * p;
      out.why =
          fmt::format("{:.0f}% that the grapple holds: a rope {}", percent(p),
                      game::grapple_across_gap(s_, action) ? "across the gap" : "up the face");
      out.odds["p_hook_holds"] = p;
      break;
    }
    case ActionKind::pick_up_ladder:
      out.score = -w_.min_gain;  // a burden taken up again: only when nothing else is open
      out.why = "takes a ladder up again";
      break;
    case ActionKind::cast_down_ladder: {
      const game::LadderOutlook ladder = game::ladder_outlook(s_, action);
      int climbers = 0;
      if (ladder.occupied) {
        const auto& standing = s_.portable_ladders[action.target];
        for (const auto& model : s_.models)
          climbers +=
              model.pose.alive &&
                      std::abs(table::dot(model.pose.position - standing.at, standing.up)) <= 1.0 &&
                      table::distance(model.pose.position, standing.at) <= 1.3
                  ? 1
                  : 0;
      }
      out.score = ladder.p_cast_down * w_.cast_down_ladder * (1 + climbers);
      out.why = fmt::format("{:.0f}% to cast the ladder down, {} climbing it",
                            percent(ladder.p_cast_down), climbers);
      out.odds["p_cast_down"] = ladder.p_cast_down;
      break;
    }
    case ActionKind::bodyguard:
      // ADV-53: the leader (its Ld and activation value) out of the blows, before choosing.
      out.score = w_.bodyguard;
      out.why = "a bodyguard takes the leader's place in the fight";
      break;
    case ActionKind::split:
      // GEN-09 / ADV-19: parts that act apart, weighed against closing ranks (the data's weight:
      // above zero, the tactician splits a scattered unit before it activates).
      out.score = w_.split;
      out.why = "the scattered parts act as units of their own";
      break;
    case ActionKind::join: {
      // ADV-19 / MORALE-03: a character lends the squad its Ld when higher; ADV-20: mobs merge.
      const int lent = std::max(0, s_.leadership(action.unit) - s_.leadership(action.target));
      out.score = w_.join * (1 + (s_.setup->units[action.unit].character ? lent : 0));
      out.why = fmt::format("joins {} (Ld +{})", s_.setup->units[action.target].name, lent);
      // A joiner that has tried to activate would spend the unit's activation with it.
      if (s_.units[action.unit].own_turn.attempted && !s_.units[action.target].own_turn.attempted) {
        out.score = -w_.min_gain;
        out.why += ", but it would take the unit's activation this turn";
      }
      out.odds["ld_lent"] = lent;
      break;
    }
    case ActionKind::leave:
      // ADV-19: the character would take its Ld and its blows away from the squad.
      out.score = w_.leave;
      out.why = fmt::format("{} leaves to act alone", s_.setup->units[action.target].name);
      break;
    case ActionKind::face:
      // ADV-71: the rally already faced the nearest enemy, the likeliest threat.
      out.score = -w_.min_gain;
      out.why = "the rally already faces the nearest enemy";
      break;
    case ActionKind::pursuit_order:
      // MELEE-25: the order it took when it chose to pursue (or not) stands.
      out.score = -w_.min_gain;
      out.why = "keeps the pursuit going as it chose in the fight";
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

double Scorer::per_wound(int u) const {
  return (w_.kill_point + w_.unit_strength) / std::max(1, a_.unit(u).full_wounds);
}

void Scorer::score_fire(ScoredAction& out) {
  const auto& a = out.action;
  const advice::Preview p = advice::preview(s_, a);
  if (p.refused || p.slain.highest() < 0) {
    out.score = kRefused;
    return;
  }
  // The worth of one volley's odds against its target (ADV-32: a split action sums its volleys).
  const auto volley_worth = [&](const advice::Preview& v) {
    if (v.target < 0 || v.slain.highest() < 0) return 0.0;
    const double fail = p_fails_test(s_, v.target);
    // SHOOT-31: only a test this fire makes due is its doing; one already due comes anyway.
    const auto& target = s_.units[v.target];
    const bool due_already =
        rules::heavy_casualty_check(target.strength_at_turn_end, target.own_turn.casualties_taken)
            .due;
    const double heavy_casualties = due_already ? 0.0 : v.p_heavy_casualties;
    return a_.sign_for(a_.side_of(a.unit), v.target) *
               (a_.loss_value(v.target, v.slain.mean()) + w_.kill_point * v.p_wiped_out) +
           w_.pinning * (v.p_pinning_test * fail + v.p_auto_pinned) +
           w_.kill_point * w_.rout * heavy_casualties * fail * 0.5;
  };
  const double slain = p.slain.mean();
  const double p_kill = 1.0 - p.slain[0];
  out.score = volley_worth(p);
  double split_slain = 0.0;
  for (const auto& part : p.split) {
    out.score += volley_worth(part);
    if (part.slain.highest() >= 0) split_slain += part.slain.mean();
  }
  if (!explain_) return;
  out.why = fmt::format("{:.1f} slain expected, {:.0f}% to slay one, {:.0f}% to wipe them out",
                        slain, percent(p_kill), percent(p.p_wiped_out));
  if (!p.split.empty())
    out.why += fmt::format("; {:.1f} more slain by the groups sent at other units", split_slain);
  out.odds = {{"expected_slain", slain},
              {"p_kill", p_kill},
              {"p_wiped_out", p.p_wiped_out},
              {"p_pinning_test", p.p_pinning_test},
              {"p_heavy_casualties", p.p_heavy_casualties}};
  if (!p.split.empty()) out.odds["split_expected_slain"] = split_slain;
}

void Scorer::score_charge(ScoredAction& out) {
  const auto& a = out.action;
  const advice::Preview p = advice::preview(s_, a);
  if (p.refused || !p.charge) {
    out.score = kRefused;
    return;
  }
  const double reach = p.charge->p_reach;
  // MELEE-04/09: the round as the Charge would place the models, not every model fighting.
  const auto [chargers, charged] = charge_fighters(a);
  const auto o = a_.melee(a.unit, a.target, true, chargers, charged);
  if (explain_) {
    out.odds["p_reach"] = reach;
    if (chargers >= 0) {
      out.odds["chargers_fighting"] = chargers;
      out.odds["charged_fighting"] = charged;
    }
  }
  if (!o) {
    out.score = kRefused;
    if (explain_) out.why = "the fight is too big to weigh exactly";
    return;
  }
  if (explain_) {
    out.odds["p_win_round"] = o->p_win;
    out.odds["p_enemy_routs"] = o->p_enemy_routs;
    out.odds["expected_slain"] = o->enemy_slain;
    out.why = fmt::format("{:.0f}% to reach, {:.0f}% to win the round, {:.0f}% they rout",
                          percent(reach), percent(o->p_win), percent(o->p_enemy_routs));
  }
  if (reach < w_.min_charge_reach) {
    out.score = kRefused;
    if (explain_)
      out.why += fmt::format(" (below its {:.0f}% least)", percent(w_.min_charge_reach));
    return;
  }
  // Fire and Charge spends its AP on both; weighed as the charge alone, so the plain charge
  // (listed first) is kept when they tie.
  out.score = reach * o->value - (1.0 - reach) * w_.failed_charge - (a.fire ? w_.min_gain : 0.0);
}

std::pair<int, int> Scorer::charge_fighters(const Action& charge) {
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
      fighters(copy, charge.target, charge.unit, strikes_later(copy, charge.target, charge.unit))};
}

void Scorer::score_move(ScoredAction& out) {
  const auto& a = out.action;
  const table::Point from = a_.unit(a.unit).centre;
  // GEN-09 / ADV-19: closing ranks moves the cut-off models only; the unit may move freely after.
  const bool closing = a.mode == table::MoveMode::close_ranks;
  const table::Point to = closing ? game::centre_after_closing_ranks(s_, a.unit)
                                  : table::Point{from.x + a.dx, from.y + a.dy};
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
  // MOVE-20: a climb needs the unit's Initiative test on a D6 (none with climbing gear, ADV-13; a
  // rope and grapple rolls a failure again, ADV-14); failed, the unit stays where it is and the
  // action points are spent.
  double p_moves = 1.0;
  const auto& info = s_.setup->units[a.unit];
  if (a.kind == ActionKind::move && a.mode == table::MoveMode::climb)
    p_moves = rules::climb_pass_chance(info.initiative, game::climb_kit(s_, a.unit));
  after = p_moves * after + (1.0 - p_moves) * before;
  // ADV-06: a Fleet move costs no AP but forbids firing for the rest of the activation: it
  // gives up the best shot the unit has now.
  const double forgone = fleet && game::pending(s_).action_points > 0 ? best_fire_now() : 0.0;
  out.score = after - before - forgone -
              (a.kind == ActionKind::move && !fleet ? w_.min_gain : 0.0) +
              (closing ? w_.close_ranks : 0.0);
  if (!explain_) return;
  out.odds = {{"position_before", before}, {"position_after", after}};
  if (p_moves < 1.0) out.odds["p_moves"] = p_moves;
  out.why = closing ? fmt::format("closes ranks (its position is worth {:.1f} then against {:.1f})",
                                  after, before)
                    : fmt::format("its position is worth {:.1f} there against {:.1f} here", after,
                                  before);
}

void Scorer::score_aim(ScoredAction& out) {
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
  if (explain_)
    out.why =
        fmt::format("an aimed shot worth {:.1f} against {:.1f} for two shots", aimed, 2 * now);
}

double Scorer::best_fire_now() {
  if (!best_fire_now_) best_fire_now_ = best_fire(s_);
  return *best_fire_now_;
}

double Scorer::best_fire(const GameState& s) {
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

}  // namespace detail

std::vector<ScoredAction> TacticianAgent::rank(const GameState& state) const {
  detail::Scorer scorer(state, weights_);
  return scorer.rank();
}

game::Action TacticianAgent::playout_choice(const GameState& state, PlayoutMemo& memo,
                                            bool free_moves) const {
  detail::Scorer scorer(state, weights_, &memo.opportunity, false);
  const auto best =
      scorer.best(free_moves ? detail::Scorer::kListed
                             : detail::Scorer::kListed & ~game::kind_bit(ActionKind::free_move));
  if (!best) throw std::logic_error("no legal action to choose from");
  return best->action;
}

}  // namespace arap::ai
