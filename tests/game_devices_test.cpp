// ACT-16: doors and consoles, used from within 2" (base centre) on the model's own level. A shut
// door bars moves, charges, sight and markers; an open one is a gap in its wall. A console opens
// and shuts the doors it works.
#include <gtest/gtest.h>

#include "data/data_error.hpp"
#include "game/actions.hpp"
#include "game/view.hpp"
#include "support/scripted_game.hpp"
#include "table/line_of_sight.hpp"

namespace arap::game {
namespace {

using test::act;

// A wall along y = 16 with a door from x 10 to 30 (a gate as wide as the squad's line).
std::string gate(bool open) {
  return std::string("obstacles:\n") +
         "  - {id: west_wall, kind: wall, height: 3, blocks_sight: true, points: [[0, 16], [10, "
         "16]]}\n"
         "  - {id: gate, kind: door" +
         (open ? ", open: true" : "") +
         ", points: [[10, 16], [30, 16]]}\n"
         "  - {id: east_wall, kind: wall, height: 3, blocks_sight: true, points: [[30, 16], [48, "
         "16]]}\n";
}

// A console, 8" long, from y `y0` to y0 + 1 (x 16..24), working the gate.
std::string console(double y0, const std::string& more_terrain = "") {
  return "terrain:\n" + more_terrain + "  - {id: gate_switch, kind: console, operates: [gate], " +
         "polygon: [[16, " + std::to_string(y0) + "], [24, " + std::to_string(y0) + "], [24, " +
         std::to_string(y0 + 1) + "], [16, " + std::to_string(y0 + 1) + "]]}\n";
}

class Devices : public test::ScriptedGame {
 protected:
  // Red: a Guard infantry squad in a line at y = `squad_y` facing south (toward -y); Blue: a
  // Tactical squad far off, behind the gate. Red activates with three dice, all scripted to pass.
  void guard_at(double squad_y, const std::string& extra) {
    begin(test::battle(
              "devices_" + std::to_string(++count_), "imperial_guard",
              "[{unit: infantry_squad, at: [20, " + std::to_string(squad_y) + "], facing: 180}]",
              "space_marines", "[{unit: tactical_squad, at: [20, 4], facing: 0}]", extra),
          5);
    script({1, 1, 1});
    must(activate(0, 3));
  }

  Action use(int unit, int target) const {
    Action a = act(ActionKind::use, unit);
    a.target = target;
    return a;
  }

  bool gate_open() const { return (state_.doors_open & 1u) != 0; }

  static inline int count_ = 0;
};

TEST_F(Devices, ACT_16_a_console_two_inches_away_on_the_same_level_can_be_used) {
  // The console's north edge is y = 18; the squad's line stands at y = 20: exactly 2.0" away.
  guard_at(20, console(17) + gate(false));
  const int console_number = 1;  // the doors come first, then the consoles
  ASSERT_EQ(state_.table().devices()[console_number].id, "gate_switch");
  EXPECT_FALSE(gate_open());
  const int points = state_.action_points;
  must(use(0, console_number));
  EXPECT_TRUE(gate_open());
  EXPECT_EQ(state_.action_points, points - 1);  // one action point, like most actions
  ASSERT_TRUE(logged("used"));
  game::Event used;
  for (const auto& e : log_)
    if (e.value("type", "") == "used") used = e;
  EXPECT_EQ(used["rule"], "ACT-16");
  EXPECT_EQ(used["id"], "gate_switch");
  EXPECT_EQ(used["doors"][0]["id"], "gate");
  EXPECT_EQ(used["doors"][0]["open"], true);
  must(use(0, console_number));  // and shut again
  EXPECT_FALSE(gate_open());
}

TEST_F(Devices, ACT_16_a_console_two_inches_away_but_one_level_up_cannot_be_used) {
  // The same console, on a 3" platform whose edge runs along y = 18.
  guard_at(20, console(17,
                       "  - {id: platform, kind: ground, elevation: 3, polygon: [[4, 10], "
                       "[44, 10], [44, 18], [4, 18]]}\n") +
                   gate(false));
  const std::string why = illegal_reason(state_, use(0, 1));
  EXPECT_NE(why.find("ACT-16"), std::string::npos) << why;
  EXPECT_NE(why.find("own level"), std::string::npos) << why;
  EXPECT_FALSE(gate_open());
}

TEST_F(Devices, ACT_16_a_model_more_than_two_inches_away_cannot_use_a_console) {
  guard_at(20.01, console(17) + gate(false));
  const std::string why = illegal_reason(state_, use(0, 1));
  EXPECT_NE(why.find("within 2\""), std::string::npos) << why;
  EXPECT_NE(why.find("2.01"), std::string::npos) << why;
}

TEST_F(Devices, ACT_16_a_shut_door_bars_the_way_and_sight_an_open_one_does_not) {
  guard_at(17.5, gate(false));
  const std::string why = illegal_reason(state_, move(0, 0, -4));
  EXPECT_NE(why.find("ACT-16: the door gate is shut"), std::string::npos) << why;
  const table::Point here{20, 17.5};
  const table::Point beyond{20, 12};
  EXPECT_FALSE(table::terrain_sight(state_.table(), here, beyond).clear());
  must(use(0, 0));  // 1.5" from the door's line
  EXPECT_TRUE(gate_open());
  EXPECT_TRUE(table::terrain_sight(state_.table(), here, beyond).clear());
  must(move(0, 0, -4));
  for (int m = 0; m < 10; ++m) EXPECT_NEAR(state_.models[m].pose.position.y, 13.5, 1e-9);
  // The walls on either side still stand.
  EXPECT_FALSE(table::terrain_sight(state_.table(), {5, 17.5}, {5, 12}).clear());
}

TEST_F(Devices, ACT_16_a_shut_door_stops_straight_moves_such_as_charges_and_flights) {
  guard_at(17.5, gate(false));
  const auto poses = state_.table_models();
  const table::Point goal{poses[4].position.x, 10.0};
  const auto shut =
      table::plan_straight_move(state_.table(), poses, 4, goal, 6.0, table::MoveMode::charge);
  if (shut) {
    EXPECT_GT(shut->request.path.back().y, 16.0 - 1e-3);  // short of the door, if at all
  }
  must(use(0, 0));
  const auto open =
      table::plan_straight_move(state_.table(), poses, 4, goal, 6.0, table::MoveMode::charge);
  ASSERT_TRUE(open.has_value());
  EXPECT_NEAR(open->request.path.back().y, 11.5, 1e-6);  // through the gate, the full 6"
}

TEST_F(Devices, ACT_16_a_door_cannot_be_shut_on_a_model_in_its_doorway) {
  guard_at(17.5, gate(true));
  EXPECT_TRUE(gate_open());
  must(move(0, 0, -1.5));  // the line now stands on the door's line
  const std::string why = illegal_reason(state_, use(0, 0));
  EXPECT_NE(why.find("stands in the doorway of gate"), std::string::npos) << why;
  must(move(0, 0, -1.5));  // clear of it (base radius 0.5")
  must(use(0, 0));
  EXPECT_FALSE(gate_open());
}

TEST_F(Devices, ACT_16_uses_are_listed_for_the_devices_in_reach_only) {
  guard_at(17.5, console(30) + gate(false));
  std::vector<int> listed;
  for (const auto& a : legal_actions(state_))
    if (a.kind == ActionKind::use) listed.push_back(a.target);
  EXPECT_EQ(listed, std::vector<int>{0});  // the gate, not the console 11.5" off
  const std::string why = illegal_reason(state_, use(0, 7));
  EXPECT_NE(why.find("no door or console numbered 7"), std::string::npos) << why;
}

TEST_F(Devices, ACT_16_a_use_round_trips_through_json_and_the_state_view) {
  guard_at(17.5, gate(false));
  const Action a = use(0, 0);
  EXPECT_EQ(to_json(a), nlohmann::json::parse(R"({"type": "use", "unit": 0, "target": 0})"));
  EXPECT_EQ(action_from_json(to_json(a)), a);
  EXPECT_EQ(state_view(state_)["open_doors"], nlohmann::json::array());
  must(a);
  EXPECT_EQ(state_view(state_)["open_doors"], nlohmann::json::array({"gate"}));
  const auto view = table_view(*setup_);
  ASSERT_EQ(view["devices"].size(), 1u);
  EXPECT_EQ(view["devices"][0]["kind"], "door");
}

TEST_F(Devices, ACT_16_scenarios_name_what_is_wrong_with_a_door_or_console) {
  const auto refused = [](const std::string& extra) {
    try {
      test::battle("devices_bad_" + std::to_string(++count_), "imperial_guard",
                   "[{unit: infantry_squad, at: [20, 20], facing: 180}]", "space_marines",
                   "[{unit: tactical_squad, at: [20, 4], facing: 0}]", extra);
    } catch (const data::DataError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refused("terrain:\n  - {id: box, kind: console, polygon: [[1, 1], [2, 1], [2, 2]]}\n")
                .find("operates"),
            std::string::npos);
  EXPECT_NE(refused(console(30) + "obstacles:\n  - {id: gat, kind: wall, points: [[0, 1], [1, "
                                  "1]]}\n")
                .find("no door is called \"gate\""),
            std::string::npos);
  EXPECT_NE(refused("obstacles:\n  - {id: w, kind: wall, open: true, points: [[0, 1], [1, 1]]}\n")
                .find("only a door"),
            std::string::npos);
  std::string seven = "obstacles:\n";
  for (int i = 0; i < 7; ++i)
    seven += "  - {id: d" + std::to_string(i) + ", kind: door, points: [[" + std::to_string(i) +
             ", 30], [" + std::to_string(i) + ".5, 30]]}\n";
  EXPECT_NE(refused(seven).find("at most 6 doors"), std::string::npos);
}

}  // namespace
}  // namespace arap::game
