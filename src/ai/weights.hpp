// The tactician's weights (issue 15): one personality is a named set of numbers read from
// data/ai/tactician.yaml, never constants in code. docs/ai.md explains each weight.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace arap::ai {

// Every weight is read from data (a personality without `from:` must give them all).
struct TacticianWeights {
  std::string name = "balanced";
  double kill_point = 0.0;
  double unit_strength = 0.0;
  double own_losses = 0.0;
  double focus = 0.0;
  double kill_focus = 0.0;  // focus on a kill-points table, when above 0 (0: focus serves both)
  double kill_urgency = 0.0;
  double rout = 0.0;
  double pinning = 0.0;
  double objective_point = 0.0;
  double objective_reach = 0.0;
  double objective_urgency = 0.0;
  double close_in = 0.0;
  double kill_close_in = 0.0;  // close_in on a kill-points table, when above 0 (0: close_in)
  double in_range = 0.0;
  double exposure = 0.0;
  double cover_shield = 0.0;
  double min_charge_reach = 0.0;
  double failed_charge = 0.0;
  double break_off_below = 0.0;
  double bust = 0.0;
  double gift_die = 0.0;
  double rescue = 0.0;
  double ap_decay = 0.0;
  double stand_up = 0.0;
  double go_to_ground = 0.0;    // ADV-01: the price of the activation a unit gives up
  double regroup = 0.0;         // ADV-03: each suppression point shed
  double drop_range = 12.0;     // ADV-26: inches from the nearest enemy a deep strike aims at
  double reload = 0.5;          // ADV-30: each model whose spent Reload weapons a reload readies
  double bodyguard = 1.0;       // ADV-53: a bodyguard taking an engaged leader's place
  double split = -1.0;          // GEN-09 / ADV-19: a unit out of coherency splitting
  double close_ranks = 1.0;     // GEN-09/ADV-19: a unit out of coherency free to move again
  double join = 0.5;            // ADV-19/20: a character joining (again per Ld lent), mobs merging
  double leave = -1.0;          // ADV-19: a joined character leaving its squad
  double place_ladder = 0.3;    // ADV-15: a carried ladder set up against a face (the way up open)
  double ladder_spacing = 4.0;  // ADV-15: no ladder set up this near one already standing
  double cast_down_ladder = 1.0;  // ADV-15: an enemy ladder pushed over, and each climber on it
  double pursue = 0.0;  // MELEE-24/25: a fight that presses the pursuit, per unit of P(foes rout)
  double kill_pursue = 0.0;  // pursue on a kill-points table, when above 0 (0: pursue)
  double min_gain = 0.0;
};

// The search agent's settings (the `search:` block of the same file).
struct SearchSettings {
  double think_seconds = 0.0;
  int iterations = 0;
  int candidates = 0;
  double widening = 0.0;
  double exploration = 0.0;
  int rollout_activations = 0;
  // Who plays the playouts: the greedy agent (cheap, noisy) or the tactician (dearer; it plays the
  // way the tactician at the table will, so a playout says more about the option tried).
  enum class Rollout { greedy, tactician };
  Rollout rollout_policy = Rollout::greedy;
  // Whether the tactician's playouts may make free moves (MOVE-14) in the activation phase; off,
  // they only activate, and skip listing every unit's free moves at each activation choice.
  bool rollout_free_moves = true;
  double value_scale = 0.0;
  double prior = 0.0;
  int threads = 1;  // from the command line (root-parallel search), not the file
};

// A difficulty level for players (the `difficulty:` block): "easy", "normal", "hard" name an agent
// kind and how far it falls short of its best; "easy:cautious" adds a personality.
struct DifficultyLevel {
  std::string name;
  std::string agent;           // "tactician" or "search"
  double blunder = 0.0;        // tactician: noise (in score points) added before the best is taken
  double think_seconds = 0.0;  // search: seconds per decision (0: the search block's)
};

// The personalities of one file, by name.
class Personalities {
 public:
  // Reads `file` (data/ai/tactician.yaml); a bad value, an unknown weight or personality, or a
  // loop of `from:` is a data::DataError naming the file, line and field.
  static Personalities load(const std::filesystem::path& file);
  static Personalities load_text(const std::string& text, const std::string& name);
  // The personality called `name`; std::invalid_argument listing the known ones otherwise.
  const TacticianWeights& get(const std::string& name) const;
  bool has(const std::string& name) const { return by_name_.count(name) != 0; }
  std::vector<std::string> names() const;
  const SearchSettings& search() const { return search_; }
  SearchSettings& search() { return search_; }
  // The difficulty levels in the file's order (none when it has no `difficulty:` block).
  const std::vector<DifficultyLevel>& levels() const { return levels_; }
  const DifficultyLevel* level(const std::string& name) const;

 private:
  std::map<std::string, TacticianWeights> by_name_;
  SearchSettings search_;
  std::vector<DifficultyLevel> levels_;
};

}  // namespace arap::ai
