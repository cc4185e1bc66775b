// The rules index (data/rules.yaml, issue 13): every catalogue rule with its tier, a summary in
// the project's words, whether the engine plays it (and why not), and its ruling switches.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "data/data_error.hpp"

namespace arap::data {

struct RuleEntry {
  std::string id;                    // catalogue ID, e.g. "SHOOT-31"
  std::string title;                 // the catalogue's heading
  std::string tier;                  // core, advanced or optional
  std::string status;                // implemented, partial, not_implemented or guidance
  std::string summary;               // one line in the project's words
  std::string note;                  // what is missing and why (empty when implemented)
  std::vector<std::string> rulings;  // "ruling.<ID>[.<part>]" switches of this rule
  // The scenario option that switches it (`options:` in a scenario, option.<name> on the command
  // line): an advanced rule's is on unless set false, an optional rule's off unless set true.
  std::string option;
  // Further switches within the rule, off unless set true whatever the tier: parts the rules leave
  // to the GM (ADV-14's rope_strength_tests). Key `gm_options` in rules.yaml.
  std::vector<std::string> gm_options;
  SourceLocation where;
};

inline constexpr std::string_view kRuleTiers[] = {"core", "advanced", "optional"};
inline constexpr std::string_view kRuleStatuses[] = {"implemented", "partial", "not_implemented",
                                                     "guidance"};

// Strict: unknown or duplicate keys, unknown tiers and statuses, IDs given twice or not shaped
// like "AREA-12", and a missing note where the rule is not implemented are refused with file,
// line and field.
std::vector<RuleEntry> load_rules_index(const std::string& file);
std::vector<RuleEntry> load_rules_index_text(const std::string& text, const std::string& name);

// The entry of `id` (case-insensitive), or null.
const RuleEntry* find_rule(const std::vector<RuleEntry>& index, std::string_view id);

}  // namespace arap::data
