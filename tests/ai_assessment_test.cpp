// The AI's sketch of a unit (ai/assessment): which model stands for a unit of mixed models.
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "ai/assessment.hpp"
#include "game/setup.hpp"
#include "game/state.hpp"
#include "support/game_fixture.hpp"

namespace arap::ai {
namespace {

// A Devastator Squad: a sergeant, then two Marines with heavy bolters, then two with lascannons
// (two groups of the one Marine profile).
std::shared_ptr<const game::GameSetup> devastators() {
  const std::string text =
      "id: devastators\nname: Devastators\ntable: {width: 48, height: 48}\nturn_limit: 1\n"
      "victory: {kind: kill_points}\n"
      "sides:\n"
      "  - name: Red\n    army: space_marines\n"
      "    deployment: [[0, 0], [48, 0], [48, 12], [0, 12]]\n    units:\n"
      "      - {unit: devastator_squad, at: [24, 6], facing: 0}\n"
      "  - name: Blue\n    army: orks\n"
      "    deployment: [[0, 36], [48, 36], [48, 48], [0, 48]]\n    units:\n"
      "      - {unit: slugga_boyz, at: [24, 42], facing: 180}\n";
  return game::make_setup_from_text(text, "devastators.yaml", test::shipped_library());
}

// The most numerous kind (profile and group) of the living models stands for the unit, the
// earliest of its models; on a tie, the kind whose first model comes first. The tactician weighs
// what enemy guns do to a unit against that model (exposure), so a wrong pick changes its moves.
TEST(Assessment, representative_model_is_the_first_of_the_most_numerous_kind) {
  const auto setup = devastators();
  game::GameState s = game::initial_state(*setup, 1);
  std::vector<int> members;
  for (const int m : s.members(0)) members.push_back(m);
  ASSERT_EQ(members.size(), 5u);
  const int sergeant = members[0];
  const int heavy_bolter = members[1];
  const int lascannon = members[3];
  ASSERT_EQ(setup->models[members[1]].group, setup->models[members[2]].group);
  ASSERT_EQ(setup->models[members[3]].group, setup->models[members[4]].group);
  ASSERT_NE(setup->models[members[1]].group, setup->models[members[3]].group);
  // Two heavy bolters tie two lascannons: the heavy bolters come first.
  EXPECT_EQ(representative_model(s, 0), heavy_bolter);
  // One heavy bolter left: the lascannons outnumber it.
  s.models[heavy_bolter].pose.alive = false;
  EXPECT_EQ(representative_model(s, 0), lascannon);
  // A dead model never stands for its unit; one of each left: the first living kind, the sergeant.
  s.models[lascannon].pose.alive = false;
  EXPECT_EQ(representative_model(s, 0), sergeant);
  s.models[sergeant].pose.alive = false;
  EXPECT_EQ(representative_model(s, 0), members[2]);
  for (const int m : members) s.models[m].pose.alive = false;
  EXPECT_EQ(representative_model(s, 0), -1);
}

}  // namespace
}  // namespace arap::ai
