// ACT-16: doors and consoles. A unit uses one for an action point (ACT-03/ACT-09: most actions
// cost one) when a model of it stands with its base centre within 2" of it on the same level.
// A door opens or shuts; a console opens or shuts every door it works. The table for each way
// the doors may stand is made once by the setup; the state keeps only which doors are open.
#include <cmath>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "game/context.hpp"

namespace arap::game::detail {

namespace {

constexpr double kReach = 2.0;  // ACT-16: inches from the base centre
constexpr double kLevelTolerance = 1e-6;

// The first living model standing in the doorway of `door` (its base over the door's line), or -1.
// Doors come first among the devices, so door k is device k.
int model_in_doorway(const GameState& s, const table::Table& table, int door) {
  const table::Device& device = table.devices()[door];
  for (int m = 0; m < static_cast<int>(s.models.size()); ++m) {
    const auto& pose = s.models[m].pose;
    if (pose.alive && table.device_distance(device, pose.position) < pose.base_radius - 1e-9)
      return m;
  }
  return -1;
}

}  // namespace

std::string use_illegal(const GameState& s, const Action& a, bool explain) {
  const table::Table& table = s.table();
  const auto& devices = table.devices();
  if (a.target < 0 || a.target >= static_cast<int>(devices.size())) {
    if (!explain) return "ACT-16";
    if (devices.empty()) return "ACT-16: this table has no doors or consoles";
    return fmt::format(
        "ACT-16: no door or console numbered {} (this table has {}, numbered 0 to {})", a.target,
        devices.size(), devices.size() - 1);
  }
  if (s.units[a.unit].locked != 0)
    return "MELEE-29: a unit locked in mêlée fights (or breaks off); it cannot work a door";
  const table::Device& device = devices[a.target];
  const auto& info = s.setup->units[a.unit];
  // The device's bounding box: a model farther from it than the reach along either axis is
  // farther from the device itself, so a check that need not explain measures only the others
  // (listings ask this of every device for every unit).
  table::Point lo{1e18, 1e18};
  table::Point hi{-1e18, -1e18};
  if (device.is_door()) {
    for (const auto& p : table.obstacles()[device.obstacle].points) {
      lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
      hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
    }
  } else {
    const auto& bounds = table.features()[device.feature].bounds;
    lo = {bounds.min_corner().x(), bounds.min_corner().y()};
    hi = {bounds.max_corner().x(), bounds.max_corner().y()};
  }
  const double grow = kReach + 1e-6;
  const auto clearly_beyond = [&](const table::Point& p) {
    return p.x < lo.x - grow || p.x > hi.x + grow || p.y < lo.y - grow || p.y > hi.y + grow;
  };
  double nearest = std::numeric_limits<double>::infinity();
  double nearest_level = 0.0;
  bool in_reach = false;
  std::optional<double> level;  // the device's, looked up for the first model within reach
  for (int m : s.members(a.unit)) {
    const auto& model = s.models[m];
    if (!model.pose.alive || model.fell_over) continue;
    if (!explain && clearly_beyond(model.pose.position)) continue;
    const double d = table.device_distance(device, model.pose.position);
    // The level a model stands on is looked up only where it matters: within reach, or for the
    // refusal's words (listings ask this of every door for every unit).
    const bool near = d <= kReach + 1e-9;
    if (!near && !(explain && d < nearest)) continue;
    const double stands = table.level_at(model.pose.position);
    if (!level) level = table.device_level(device);
    if (near && std::abs(stands - *level) <= kLevelTolerance) {
      in_reach = true;
      break;
    }
    if (d < nearest) {
      nearest = d;
      nearest_level = stands;
    }
  }
  if (!in_reach) {
    if (!explain) return "ACT-16";
    if (!std::isfinite(nearest))
      return fmt::format("ACT-16: no model of {} is on its feet to use {}", info.name, device.id);
    if (nearest <= kReach + 1e-9)
      return fmt::format(
          "ACT-16: {} is {}\" up and the nearest model of {} stands {}\" up: it must be used "
          "from its own level",
          device.id, level ? *level : table.device_level(device), info.name, nearest_level);
    return fmt::format(
        "ACT-16: a model must stand within 2\" of {} (base centre) to use it; the nearest model "
        "of {} is {:.2f}\" away",
        device.id, info.name, nearest);
  }
  const unsigned open = s.doors_open;
  for (const int door : device.doors) {
    if ((open >> door & 1u) == 0) continue;  // it would open: nothing can be in the way
    if (const int m = model_in_doorway(s, table, door); m >= 0) {
      if (!explain) return "ACT-16";
      const auto& who = s.setup->units[s.models[m].pose.unit];
      return fmt::format("ACT-16: a model of {} stands in the doorway of {}: it cannot be shut",
                         who.name, table.obstacles()[devices[door].obstacle].id);
    }
  }
  return "";
}

void apply_use(Context& c, const Action& a) {
  GameState& s = c.state;
  const table::Table& before = s.table();
  const table::Device& device = before.devices()[a.target];
  unsigned open = s.doors_open;
  for (const int door : device.doors) open ^= 1u << door;
  s.doors_open = static_cast<std::uint8_t>(open);
  const auto kept = s.laid.table;  // `before` may be the laid table: alive for the log below
  refresh_laid_table(s);           // ADV-35/50: the clouds stand on the new table
  if (!c.logging()) return;
  nlohmann::json doors = nlohmann::json::array();
  for (const int door : device.doors) {
    const auto& id = before.obstacles()[before.devices()[door].obstacle].id;
    doors.push_back({{"id", id}, {"open", (open >> door & 1u) != 0}});
  }
  c.event({{"type", "used"},
           {"unit", a.unit},
           {"rule", "ACT-16"},
           {"device", a.target},
           {"id", device.id},
           {"doors", doors}});
}

}  // namespace arap::game::detail
