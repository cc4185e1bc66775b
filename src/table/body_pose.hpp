// A model's body on the table as its profile gives it: its base, Size (GEN-06), Bulk (GEN-07) and
// height, and the special rules the table reads (SHOOT-20 mounted, ADV-07 leaping, ADV-35
// infra-vision). Set when a scenario places the model, and again when it changes body (ADV-22: a
// rider whose mount fell).
#pragma once

#include "data/profile.hpp"
#include "table/table_model.hpp"

namespace arap::table {

inline void take_body(TableModel& pose, const data::Profile& profile) {
  pose.base_radius = base_radius_inches(profile.base_mm);
  pose.size = profile.size;
  pose.bulk = static_cast<int>(profile.bulk);
  pose.height = profile.height;
  pose.infra_vision = profile.has_rule("infra_vision");
  pose.leaping = profile.has_rule("leaping");
  pose.mounted = profile.has_rule("mounted");
}

}  // namespace arap::table
