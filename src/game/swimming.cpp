// MOVE-17 swimming, with ADV-11's armour and gear (option swimming_kit) and the 2.3 detail of a
// character's second roll; ADV-12's underwater walkers (breathes_underwater) go along the bottom,
// so neither their armour nor their gear weighs on them.
#include <fmt/format.h>

#include "dice/rolls.hpp"
#include "game/context.hpp"
#include "rules/swimming.hpp"

namespace arap::game::detail {

namespace {

bool walks_the_bottom(const GameState& s, int m) {
  return s.info(m).profile->has_rule("breathes_underwater");  // ADV-12
}

// ADV-11: the armour model `m` swims in now (none once shed).
rules::SwimArmour armour_in_water(const GameState& s, int m) {
  if (!s.setup->options.swimming_kit || s.models[m].armour_shed || walks_the_bottom(s, m))
    return rules::SwimArmour::none;
  return rules::swim_armour(*s.info(m).profile);
}

}  // namespace

bool swims_d3_only(const GameState& s, int unit) {
  for (int m : s.members(unit))
    if (s.models[m].pose.alive && armour_in_water(s, m) == rules::SwimArmour::light) return true;
  return false;
}

std::string swimming_gear_problem(const GameState& s, const UnitMove& move) {
  if (!s.setup->options.swimming_kit || s.setup->rulings.adv_11() == rules::SwimmingGear::gm_allows)
    return {};
  for (const auto& [m, report] : move.reports) {
    if (!report.deep_water || !s.models[m].pose.alive || walks_the_bottom(s, m)) continue;
    const auto& model = s.info(m);
    if (model.group == nullptr) continue;
    for (const auto* weapon : model.group->weapons)
      if (weapon != nullptr && rules::hinders_swimming(*weapon))
        return fmt::format(
            "ADV-11: the {} cannot take a {} swimming (ruling.ADV-11 gmAllows lets the GM allow "
            "it)",
            model.profile->name, weapon->name);
  }
  return {};
}

bool ready_to_swim(Context& c, const Action& a, const UnitMove& wet) {
  GameState& s = c.state;
  if (!c.setup.options.swimming_kit) return false;
  bool d3_only = false;
  for (const auto& [m, report] : wet.reports) {
    if (!report.deep_water || !s.models[m].pose.alive || walks_the_bottom(s, m)) continue;
    if (s.shield(m) != data::Shield::none) {  // let go of without a test
      s.models[m].shield_dropped = true;
      if (c.logging())
        c.event({{"type", "shield_dropped"}, {"rule", "ADV-11"}, {"unit", a.unit}, {"model", m}});
    }
    switch (armour_in_water(s, m)) {
      case rules::SwimArmour::none:
        break;
      case rules::SwimArmour::light:
        d3_only = true;
        break;
      case rules::SwimArmour::heavy: {
        // Shed it (an Initiative test) or sink with it.
        const int initiative = c.state.info(m).profile->initiative;
        c.dice.start();
        const bool shed = dice::roll_low(c.dice, initiative);
        c.roll_event("ADV-11", "shed armour to swim", initiative, a.unit,
                     {{"model", m}, {"shed", shed}});
        if (shed)
          s.models[m].armour_shed = true;
        else
          remove_casualty(c, m);
        break;
      }
    }
  }
  return d3_only;
}

// MOVE-17: a 1 on the swim die puts D6 of the unit's swimmers (those in or entering the deep
// water, the last in the unit's order first) out of action; nobody swims that action. A character
// the loss falls on (a leader or an Independent Character: a hero, not SHOOT-47's specialist with
// other arms) rolls again: a 1 and it is lost, anything else and it is saved, the loss spent on it
// (2.3's detail of the rule).
void lose_swimmers(Context& c, const Action& a, const UnitMove& wet) {
  GameState& s = c.state;
  c.dice.start();
  int lost = c.dice.roll(6);
  c.roll_event("MOVE-17", "swimmers lost", 0, a.unit, {{"models", lost}});
  for (auto it = wet.reports.rbegin(); it != wet.reports.rend() && lost > 0; ++it) {
    const int m = it->first;
    if (!it->second.deep_water || !s.models[m].pose.alive) continue;
    --lost;
    const auto& info = c.state.info(m);
    if (info.leader || info.profile->has_rule("independent_character")) {
      c.dice.start();
      const bool saved = c.dice.roll(6) != 1;
      c.roll_event("MOVE-17", "character in the water", 2, a.unit,
                   {{"model", m}, {"saved", saved}});
      if (saved) continue;
    }
    remove_casualty(c, m);
  }
}

}  // namespace arap::game::detail
