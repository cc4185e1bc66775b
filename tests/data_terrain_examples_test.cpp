// ADV-09: the 2.3 chapters' examples of ground as data (terrain_examples.yaml, sorted by the
// catalogue's ruling), and a scenario feature that names one with `like`.
#include <gtest/gtest.h>

#include "support/game_fixture.hpp"
#include "table/terrain.hpp"

namespace arap {
namespace {

TEST(TerrainExamples, ADV_09_the_library_sorts_the_examples) {
  const auto& library = *test::shipped_library();
  ASSERT_NE(library.terrain_example("marsh"), nullptr);
  EXPECT_EQ(library.terrain_example("marsh")->movement, "difficult");
  EXPECT_EQ(library.terrain_example("marsh")->list, 2);
  ASSERT_NE(library.terrain_example("tar_pit"), nullptr);
  EXPECT_EQ(library.terrain_example("tar_pit")->movement, "very_difficult");
  ASSERT_NE(library.terrain_example("stairs"), nullptr);
  EXPECT_EQ(library.terrain_example("stairs")->movement, "normal");
  EXPECT_EQ(library.terrain_example("lava"), nullptr);
}

std::shared_ptr<const game::GameSetup> with_ground(const std::string& ground) {
  static int count = 0;
  return test::battle("examples_" + std::to_string(++count), "imperial_guard",
                      "[{unit: infantry_squad, at: [12, 10]}]", "orks",
                      "[{unit: slugga_boyz, at: [24, 44], facing: 180}]",
                      "terrain:\n  - {id: patch, kind: ground, " + ground +
                          ", polygon: [[0, 20], [48, 20], [48, 24], [0, 24]]}\n");
}

table::MovementClass movement_of(const game::GameSetup& setup) {
  return setup.scenario.table.features().front().movement;
}

TEST(TerrainExamples, ADV_09_a_feature_like_an_example_takes_its_movement) {
  EXPECT_EQ(movement_of(*with_ground("like: marsh")), table::MovementClass::difficult);
  EXPECT_EQ(movement_of(*with_ground("like: tar_pit")), table::MovementClass::very_difficult);
  EXPECT_EQ(movement_of(*with_ground("like: stairs")), table::MovementClass::normal);
  // A movement given beside it wins.
  EXPECT_EQ(movement_of(*with_ground("like: tar_pit, movement: difficult")),
            table::MovementClass::difficult);
}

TEST(TerrainExamples, ADV_09_an_unknown_example_is_refused_with_the_names_known) {
  try {
    with_ground("like: lava");
    ADD_FAILURE() << "accepted";
  } catch (const std::exception& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("ADV-09"), std::string::npos) << what;
    EXPECT_NE(what.find("lava"), std::string::npos) << what;
    EXPECT_NE(what.find("tar_pit"), std::string::npos) << what;
    EXPECT_NE(what.find("like"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace arap
