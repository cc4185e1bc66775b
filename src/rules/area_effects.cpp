#include "rules/area_effects.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "dice/probability.hpp"

namespace arap::rules {

namespace {

int template_margin(Cover cover) {
  switch (cover) {
    case Cover::none:
      return 0;
    case Cover::soft:
      return 1;
    case Cover::hard:
      return 2;
  }
  return 0;
}

int template_fallback_goal(Cover cover) {
  return 3 - template_margin(cover);
}

bool reached(int goal, int firer_roll, Cover cover) {
  return firer_roll != 6 && firer_roll <= goal - template_margin(cover);
}

bool fallback_allowed(int goal, int firer_roll, const Rulings& rulings) {
  const bool success = firer_roll != 6 && firer_roll <= goal;
  return !success || rulings.shoot_38_fallback_on_success();
}

}  // namespace

TemplateHits roll_template_hits(dice::DiceSource& dice, int goal, const CoverCounts& under,
                                const Rulings& rulings) {
  TemplateHits result;
  result.firer_roll = dice.d6();
  const auto resolve = [&](int count, Cover cover) {
    int hits = 0;
    for (int i = 0; i < count; ++i) {
      hits += roll_template_model(dice, goal, result.firer_roll, cover, rulings) ? 1 : 0;
    }
    return hits;
  };
  result.hit.open = resolve(under.open, Cover::none);
  result.hit.soft = resolve(under.soft, Cover::soft);
  result.hit.hard = resolve(under.hard, Cover::hard);
  return result;
}

bool roll_template_model(dice::DiceSource& dice, int goal, int firer_roll, Cover cover,
                         const Rulings& rulings) {
  if (reached(goal, firer_roll, cover)) return true;
  if (!fallback_allowed(goal, firer_roll, rulings)) return false;
  return dice::roll_low(dice, template_fallback_goal(cover));
}

double p_template_model_hit(int goal, int firer_roll, Cover cover, const Rulings& rulings) {
  if (reached(goal, firer_roll, cover)) return 1.0;
  if (!fallback_allowed(goal, firer_roll, rulings)) return 0.0;
  return dice::p_low(template_fallback_goal(cover));
}

double p_template_hit(int goal, Cover cover, const Rulings& rulings) {
  double p = 0.0;
  for (int roll = 1; roll <= 6; ++roll) p += p_template_model_hit(goal, roll, cover, rulings) / 6.0;
  return p;
}

int area_model_goal(Cover cover) {
  switch (cover) {
    case Cover::none:
      return 6;
    case Cover::soft:
      return 5;
    case Cover::hard:
      return 4;
  }
  return 6;
}

CoverCounts roll_area_hits(dice::DiceSource& dice, const CoverCounts& under) {
  CoverCounts hit;
  hit.open = under.open;  // no die: the open are hit automatically
  for (int i = 0; i < under.soft; ++i) hit.soft += dice::roll_low(dice, 5) ? 1 : 0;
  for (int i = 0; i < under.hard; ++i) hit.hard += dice::roll_low(dice, 4) ? 1 : 0;
  return hit;
}

double p_area_hit(Cover cover) {
  return cover == Cover::none ? 1.0 : dice::p_low(area_model_goal(cover));
}

double scatter_cap(AreaDelivery delivery, double aim_range) {
  if (delivery == AreaDelivery::thrown_grenade || delivery == AreaDelivery::launcher_short) {
    return std::numeric_limits<double>::infinity();
  }
  return aim_range / 2.0;
}

AreaScatter roll_area_scatter(dice::DiceSource& dice, AreaDelivery delivery, int goal,
                              double aim_range, const Rulings& rulings) {
  dice::ScatterResult result;
  switch (delivery) {
    case AreaDelivery::fired:
    case AreaDelivery::indirect:
    case AreaDelivery::launcher_short:
      result = dice::roll_skill_scatter(dice, goal);
      break;
    case AreaDelivery::hidden_target:
      result =
          dice::roll_three_dice_scatter(dice, rulings.dice_19() == ThreeDiceHitRule::top_pair_only
                                                  ? dice::ThreeDiceHit::top_pair_only
                                                  : dice::ThreeDiceHit::any_double);
      break;
    case AreaDelivery::thrown_grenade:
      if (dice::roll_low(dice, goal)) return AreaScatter{};
      result = dice::roll_short_scatter(dice, /*scatter_only=*/true);
      break;
  }
  AreaScatter scatter;
  scatter.roll = result;
  scatter.on_target = result.on_target;
  scatter.distance = std::min<double>(result.distance, scatter_cap(delivery, aim_range));
  scatter.bearing_degrees = result.bearing_degrees;
  return scatter;
}

}  // namespace arap::rules
