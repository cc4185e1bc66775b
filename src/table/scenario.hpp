// Scenarios (data/scenarios/*.yaml): the table, its terrain, the sides with their armies and
// where each unit stands, the turn limit, victory conditions and ruling switches.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "data/data_error.hpp"
#include "data/library.hpp"
#include "table/table_model.hpp"
#include "table/terrain.hpp"

namespace arap::table {

struct PlacedModel {
  const data::Profile* profile = nullptr;
  const data::ModelGroup* group = nullptr;
  bool leader = false;
  TableModel pose;
};

struct PlacedUnit {
  std::string id;  // unique in the scenario: side name + "/" + unit id (+ "#n" when repeated)
  std::string name;
  int side = 0;
  const data::UnitDefinition* definition = nullptr;
  std::vector<PlacedModel> models;
};

struct Side {
  std::string name;
  const data::Army* army = nullptr;
  std::optional<Polygon> deployment;
};

struct Objective {
  std::string id;
  Point at;
  double radius = 3.0;
  int points = 1;
};

struct Victory {
  enum class Kind : std::uint8_t { kill_points, objectives };
  Kind kind = Kind::kill_points;
  std::vector<Objective> objectives;
};

// A ruling switch as written in the scenario; the game layer checks name and value.
struct ScenarioRuling {
  std::string name;
  std::string value;
  data::SourceLocation where;
};

struct Scenario {
  std::string id;
  std::string name;
  std::string description;
  Table table;
  std::vector<Side> sides;
  std::vector<PlacedUnit> units;
  int turn_limit = 6;
  Victory victory;
  std::vector<ScenarioRuling> rulings;

  // Every model of every unit as the table sees it (unit = index into `units`).
  std::vector<TableModel> table_models() const;
};

// Throws data::DataError naming file, line and field.
Scenario load_scenario(const std::string& file, const data::Library& library);

}  // namespace arap::table
