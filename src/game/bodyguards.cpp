// ADV-53 (advanced, option bodyguards): models a unit marks as bodyguards guard its leader, the
// Principal. While the Principal is engaged in mêlée, a living bodyguard within 3" of it (centre
// to centre, GEN-04) may trade places with it: chosen in the unit's mêlée choice (MELEE-29 step
// 1), once a round.
#include <fmt/format.h>

#include <string>

#include "game/context.hpp"

namespace arap::game::detail {

namespace {

constexpr double kGuardReach = 3.0;  // ADV-53: inches, centre to centre

bool principal_engaged(const GameState& s, int principal) {
  const auto& pose = s.models[principal].pose;
  for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
    const auto& other = s.models[n].pose;
    if (other.alive && other.side != pose.side && engaged_pair(pose, other)) return true;
  }
  return false;
}

// Whether model `a` fits where `b` stands and `b` where `a` does (bases of other sizes may not).
bool bases_fit(const GameState& s, int a, int b) {
  const auto clear = [&](int mover, const table::Point& at) {
    for (int n = 0; n < static_cast<int>(s.models.size()); ++n) {
      if (n == a || n == b || !s.models[n].pose.alive) continue;
      const auto& other = s.models[n].pose;
      if (table::distance(other.position, at) <
          other.base_radius + s.models[mover].pose.base_radius - 1e-6)
        return false;
    }
    return true;
  };
  return clear(a, s.models[b].pose.position) && clear(b, s.models[a].pose.position);
}

}  // namespace

std::string bodyguard_illegal(const GameState& s, const Action& a) {
  if (!s.setup->options.bodyguards)
    return "ADV-53: bodyguards are off in this scenario (option bodyguards)";
  if (a.unit < 0 || a.unit >= static_cast<int>(s.units.size()) || a.unit != s.melee_chooser())
    return "ADV-53: only the unit choosing how to fight now may swap its bodyguards";
  const auto& info = s.setup->units[a.unit];
  const int principal = info.leader_model;
  if (principal < 0 || !s.models[principal].pose.alive)
    return fmt::format("ADV-53: {} has no living leader for bodyguards to guard", info.name);
  if (a.target < 0 || a.target >= info.model_count)
    return fmt::format("ADV-53: {} has models 0 to {}", info.name, info.model_count - 1);
  const int guard = info.first_model + a.target;
  const auto& group = s.setup->models[guard].group;
  if (guard == principal || group == nullptr || !group->bodyguard)
    return fmt::format("ADV-53: model {} of {} is not a bodyguard", a.target, info.name);
  if (!s.models[guard].pose.alive)
    return fmt::format("ADV-53: model {} of {} has fallen", a.target, info.name);
  if (s.units[a.unit].round.bodyguard_swapped)
    return fmt::format("ADV-53: a bodyguard of {} has already traded places this round", info.name);
  if (!principal_engaged(s, principal))
    return fmt::format("ADV-53: the leader of {} is not engaged in mêlée", info.name);
  const double gap =
      table::distance(s.models[guard].pose.position, s.models[principal].pose.position);
  if (gap > kGuardReach + 1e-9)
    return fmt::format("ADV-53: that bodyguard stands {:.1f}\" from its leader (3\" at most)", gap);
  if (!bases_fit(s, guard, principal))
    return "ADV-53: their bases do not fit in each other's places";
  return "";
}

void apply_bodyguard(Context& c, const Action& a) {
  GameState& s = c.state;
  const auto& info = c.setup.units[a.unit];
  const int principal = info.leader_model;
  const int guard = info.first_model + a.target;
  auto& p = s.models[principal].pose;
  auto& g = s.models[guard].pose;
  std::swap(p.position, g.position);
  std::swap(p.facing, g.facing);
  s.units[a.unit].round.bodyguard_swapped = true;
  if (c.logging())
    c.event({{"type", "bodyguard"},
             {"rule", "ADV-53"},
             {"unit", a.unit},
             {"principal", principal - info.first_model},
             {"bodyguard", a.target}});
}

}  // namespace arap::game::detail
