// Issue 17: the data library kept as JSON between runs must be the library the YAML gives,
// definition for definition, and must be used only for the very files it was made from.
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "data/library.hpp"
#include "data/library_cache.hpp"
#include "odds/attack_request.hpp"
#include "support/expect.hpp"
#include "support/scratch.hpp"

namespace arap::data {
namespace {

std::filesystem::path temp_dir(const std::string& name) {
  const auto dir = test::scratch_dir() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(LibraryCache, a_round_trip_keeps_every_definition) {
  const Library yaml = Library::load(ARAP_DATA_DIR);
  const nlohmann::json once = library_to_json(yaml);
  const Library cached = library_from_json(once);
  EXPECT_EQ(library_to_json(cached), once);
  EXPECT_EQ(cached.fingerprint(), yaml.fingerprint());
  ASSERT_EQ(cached.weapons().size(), yaml.weapons().size());
  ASSERT_EQ(cached.armies().size(), yaml.armies().size());
  // Spot checks through the lookups the engine uses.
  const auto* melta = cached.weapon("meltagun");
  ASSERT_NE(melta, nullptr);
  EXPECT_TRUE(melta->has(WeaponProperty::melta));
  EXPECT_EQ(melta->damage, yaml.weapon("meltagun")->damage);
  const auto* nob = cached.profile("orks/nob");
  ASSERT_NE(nob, nullptr);
  EXPECT_EQ(nob->wounds, 2);
  EXPECT_EQ(nob->base_mm, yaml.profile("orks/nob")->base_mm);
  const Army* guard = cached.army("imperial_guard");
  ASSERT_NE(guard, nullptr);
  const auto* squad = guard->find_unit("infantry_squad");
  ASSERT_NE(squad, nullptr);
  EXPECT_EQ(squad->model_count(), 10);
  EXPECT_EQ(squad->models[0].weapons[0], cached.weapon("laspistol")) << "pointers into itself";
  EXPECT_EQ(cached.profile("ogryn"), guard->find_unit("ogryn_squad")->models[0].profile);
  // The same squad odds either way.
  const std::string request = R"({"attacker": {"army": "imperial_guard", "unit": "infantry_squad"},
      "range": 8, "target": {"army": "space_marines", "unit": "tactical_squad", "wounds": 2}})";
  const auto a = odds::evaluate_attack(odds::parse_attack_request(request, "a.json", &yaml));
  const auto b = odds::evaluate_attack(odds::parse_attack_request(request, "b.json", &cached));
  for (int k = 0; k <= 10; ++k) EXPECT_EQ(a.slain[k], b.slain[k]);
}

TEST(LibraryCache, is_written_once_read_after_and_missed_when_the_data_changes) {
  const auto data = temp_dir("data");
  const auto cache = temp_dir("cache");
  std::filesystem::copy(ARAP_DATA_DIR, data, std::filesystem::copy_options::recursive);
  const Library first = load_with_cache(data, cache);
  const auto file = cache / fmt::format("library-{:016x}.json", first.fingerprint());
  ASSERT_TRUE(std::filesystem::exists(file));
  // A cache file that says the bolter is Strength 9 proves the second load reads the cache.
  nlohmann::json doctored = nlohmann::json::parse(std::ifstream(file));
  for (auto& w : doctored["weapons"])
    if (w["id"] == "bolter") w["strength"] = {0, 9};
  std::ofstream(file) << doctored.dump();
  EXPECT_EQ(load_with_cache(data, cache).weapon("bolter")->strength.value, 9);
  // Any change to the data folder is a new fingerprint: the YAML is read again.
  std::ofstream(data / "weapons.yaml", std::ios::app) << "# an edit\n";
  const Library edited = load_with_cache(data, cache);
  EXPECT_NE(edited.fingerprint(), first.fingerprint());
  EXPECT_EQ(edited.weapon("bolter")->strength.value, 4);
  // A damaged cache file is read past, and replaced.
  const auto again = cache / fmt::format("library-{:016x}.json", edited.fingerprint());
  std::ofstream(again) << "{\"fingerprint\": ";
  EXPECT_EQ(load_with_cache(data, cache).weapon("bolter")->strength.value, 4);
  EXPECT_NO_THROW(nlohmann::json::parse(std::ifstream(again)));
  // An error in the data is reported as ever, never cached.
  std::ofstream(data / "weapons.yaml", std::ios::app) << "  - {id: broken}\n";
  EXPECT_THROW(load_with_cache(data, cache), DataError);
  // Its own folders only: their parent is the process's scratch folder, which later tests use.
  std::filesystem::remove_all(data);
  std::filesystem::remove_all(cache);
}

}  // namespace
}  // namespace arap::data
