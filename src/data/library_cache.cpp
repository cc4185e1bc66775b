// Issue 17: the data library as JSON, for the per-run cache (see library_cache.hpp).
#include "data/library_cache.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

namespace arap::data {

namespace {

using nlohmann::json;

// The layout of the cache: a file written by a build that wrote fewer fields is a miss (read
// again from the YAML), not a library with those fields left empty. 2: ADV-22's rider and mount.
constexpr int kCacheFormat = 2;

// A new field in one of these structs must be written and read here too: these sizes make the
// build fail until it is (they hold for the 64-bit GCC and Clang the project builds with).
static_assert(sizeof(WeaponProfile) == 184, "WeaponProfile changed: update library_cache.cpp");
static_assert(sizeof(Profile) == 168, "Profile changed: update library_cache.cpp");
static_assert(sizeof(ModelGroup) == 112, "ModelGroup changed: update library_cache.cpp");
static_assert(sizeof(UnitDefinition) == 120, "UnitDefinition changed: update library_cache.cpp");
static_assert(sizeof(HatedFoe) == 104, "HatedFoe changed: update library_cache.cpp");
static_assert(sizeof(Army) == 144, "Army changed: update library_cache.cpp");

json optional_int(const std::optional<int>& value) {
  return value ? json(*value) : json(nullptr);
}

std::optional<int> read_optional_int(const json& value) {
  if (value.is_null()) return std::nullopt;
  return value.get<int>();
}

json weapon_json(const WeaponProfile& w) {
  return {{"id", w.id},
          {"name", w.name},
          {"type", static_cast<int>(w.type)},
          {"shots", w.shots},
          {"shots_full", w.shots_full},
          {"range", w.range},
          {"strength", {static_cast<int>(w.strength.kind), w.strength.value}},
          {"ap", optional_int(w.ap)},
          {"damage", {w.damage.count, w.damage.sides, w.damage.bonus}},
          {"effect", static_cast<int>(w.effect)},
          {"effect_size", w.effect_size},
          {"properties", w.properties},
          {"attack_type", static_cast<int>(w.attack_type)},
          {"attacks", w.attacks},
          {"encumbrance", w.encumbrance},  // ADV-18
          {"item", w.item}};
}

WeaponProfile read_weapon_json(const json& j) {
  WeaponProfile w;
  w.id = j.at("id").get<std::string>();
  w.name = j.at("name").get<std::string>();
  w.type = static_cast<WeaponType>(j.at("type").get<int>());
  w.shots = j.at("shots").get<int>();
  w.shots_full = j.at("shots_full").get<int>();
  w.range = j.at("range").get<double>();
  w.strength = {static_cast<StrengthSpec::Kind>(j.at("strength").at(0).get<int>()),
                j.at("strength").at(1).get<int>()};
  w.ap = read_optional_int(j.at("ap"));
  w.damage = {j.at("damage").at(0).get<int>(), j.at("damage").at(1).get<int>(),
              j.at("damage").at(2).get<int>()};
  w.effect = static_cast<WeaponEffect>(j.at("effect").get<int>());
  w.effect_size = j.at("effect_size").get<double>();
  w.properties = j.at("properties").get<std::uint32_t>();
  w.attack_type = static_cast<AttackType>(j.at("attack_type").get<int>());
  w.attacks = j.at("attacks").get<int>();
  w.encumbrance = j.value("encumbrance", 0.0);  // ADV-18
  w.item = j.value("item", "");
  return w;
}

json profile_json(const std::string& key, const Profile& p) {
  return {{"key", key},
          {"id", p.id},
          {"name", p.name},
          {"move", p.move},
          {"ws", p.weapon_skill},
          {"bs", p.ballistic_skill},
          {"s", p.strength},
          {"t", p.toughness},
          {"w", p.wounds},
          {"i", p.initiative},
          {"a", p.attacks},
          {"ld", p.leadership},
          {"save", optional_int(p.save)},
          {"invulnerable", optional_int(p.invulnerable)},
          {"size", p.size},
          {"bulk", static_cast<int>(p.bulk)},
          {"height", p.height},
          {"base", p.base_mm},
          {"special_rules", p.special_rules}};
}

Profile read_profile_json(const json& j) {
  Profile p;
  p.id = j.at("id").get<std::string>();
  p.name = j.at("name").get<std::string>();
  p.move = j.at("move").get<int>();
  p.weapon_skill = j.at("ws").get<int>();
  p.ballistic_skill = j.at("bs").get<int>();
  p.strength = j.at("s").get<int>();
  p.toughness = j.at("t").get<int>();
  p.wounds = j.at("w").get<int>();
  p.initiative = j.at("i").get<int>();
  p.attacks = j.at("a").get<int>();
  p.leadership = j.at("ld").get<int>();
  p.save = read_optional_int(j.at("save"));
  p.invulnerable = read_optional_int(j.at("invulnerable"));
  p.size = j.at("size").get<int>();
  p.bulk = static_cast<Bulk>(j.at("bulk").get<int>());
  p.height = j.at("height").get<double>();
  p.base_mm = j.at("base").get<int>();
  p.special_rules = j.at("special_rules").get<std::vector<std::string>>();
  return p;
}

}  // namespace

json library_to_json(const Library& library) {
  // The key each profile is found by: "army/id" for an army's own, the id for a creature.
  std::unordered_map<const Profile*, std::string> keys;
  for (const auto& army : library.armies())
    for (const Profile* p : army.profiles) keys[p] = army.id + "/" + p->id;
  json out;
  out["fingerprint"] = library.fingerprint();
  out["format"] = kCacheFormat;
  out["special_rules"] = json::array();
  for (const auto& rule : library.special_rules()) out["special_rules"].push_back(rule);
  out["weapons"] = json::array();
  for (const auto& w : library.weapons()) out["weapons"].push_back(weapon_json(w));
  out["terrain_examples"] = json::array();  // ADV-09
  for (const auto& e : library.terrain_examples())
    out["terrain_examples"].push_back({{"id", e.id}, {"movement", e.movement}, {"list", e.list}});
  out["profiles"] = json::array();
  for (const auto& p : library.profiles()) {
    const auto found = keys.find(&p);
    out["profiles"].push_back(profile_json(found == keys.end() ? p.id : found->second, p));
  }
  const auto key_of = [&keys](const Profile* p) {
    const auto found = keys.find(p);
    return found == keys.end() ? p->id : found->second;
  };
  out["armies"] = json::array();
  for (const auto& army : library.armies()) {
    json a{{"id", army.id}, {"name", army.name}, {"file", army.file}};
    a["profiles"] = json::array();
    for (const Profile* p : army.profiles) a["profiles"].push_back(key_of(p));
    a["units"] = json::array();
    for (const auto& unit : army.units) {
      json u{{"id", unit.id}, {"name", unit.name}};
      u["models"] = json::array();
      for (const auto& group : unit.models) {
        json weapons = json::array();
        for (const auto* w : group.weapons) weapons.push_back(w->id);
        u["models"].push_back({{"name", group.name},
                               {"profile", key_of(group.profile)},
                               {"count", group.count},
                               {"leader", group.leader},
                               {"banner", group.banner},
                               {"shield", to_string(group.shield)},
                               {"shield_on_back", group.shield_on_back},  // ADV-18 / ADV-60
                               {"bodyguard", group.bodyguard},
                               {"suspensors", group.suspensors},  // ADV-18
                               {"kit_kg", group.kit_kg},
                               {"weapons", weapons}});
        if (group.rider != nullptr) {  // ADV-22: the pair's rider and mount apart
          u["models"].back()["rider"] = key_of(group.rider);
          u["models"].back()["mount"] = key_of(group.mount);
        }
      }
      u["hates"] = json::array();
      for (const auto& foe : unit.hates)
        u["hates"].push_back({{"id", foe.id},
                              {"file", foe.where.file},
                              {"line", foe.where.line},
                              {"column", foe.where.column},
                              {"field", foe.field}});
      u["weapon_crew"] = unit.weapon_crew;  // ADV-28
      a["units"].push_back(u);
    }
    out["armies"].push_back(a);
  }
  return out;
}

Library library_from_json(const json& j) {
  if (j.value("format", 1) != kCacheFormat)
    throw std::runtime_error("cache: written by another version of arap");
  Library library;
  library.set_fingerprint(j.at("fingerprint").get<std::uint64_t>());
  for (const auto& rule : j.at("special_rules")) library.add_special_rule(rule.get<std::string>());
  for (const auto& w : j.at("weapons")) library.add_weapon(read_weapon_json(w));
  for (const auto& e : j.at("terrain_examples"))
    library.add_terrain_example({e.at("id").get<std::string>(), e.at("movement").get<std::string>(),
                                 e.at("list").get<int>()});
  for (const auto& p : j.at("profiles"))
    library.add_profile(p.at("key").get<std::string>(), read_profile_json(p));
  const auto profile = [&library](const json& key) {
    const Profile* p = library.profile(key.get<std::string>());
    if (p == nullptr) throw std::runtime_error("cache: no profile " + key.dump());
    return p;
  };
  for (const auto& a : j.at("armies")) {
    Army army;
    army.id = a.at("id").get<std::string>();
    army.name = a.at("name").get<std::string>();
    army.file = a.at("file").get<std::string>();
    for (const auto& key : a.at("profiles")) army.profiles.push_back(profile(key));
    for (const auto& u : a.at("units")) {
      UnitDefinition unit;
      unit.id = u.at("id").get<std::string>();
      unit.name = u.at("name").get<std::string>();
      for (const auto& m : u.at("models")) {
        ModelGroup group;
        group.name = m.at("name").get<std::string>();
        group.profile = profile(m.at("profile"));
        group.count = m.at("count").get<int>();
        group.leader = m.at("leader").get<bool>();
        group.banner = m.at("banner").get<double>();  // SHOOT-55
        group.shield = shield_from_string(m.value("shield", "none")).value_or(Shield::none);
        group.shield_on_back = m.value("shield_on_back", false);  // ADV-18 / ADV-60
        group.bodyguard = m.value("bodyguard", false);            // ADV-53
        group.suspensors = m.value("suspensors", 0);              // ADV-18
        group.kit_kg = m.value("kit_kg", 0.0);
        if (m.contains("rider")) {  // ADV-22
          group.rider = profile(m.at("rider"));
          group.mount = profile(m.at("mount"));
        }
        for (const auto& id : m.at("weapons")) {
          const WeaponProfile* w = library.weapon(id.get<std::string>());
          if (w == nullptr) throw std::runtime_error("cache: no weapon " + id.dump());
          group.weapons.push_back(w);
        }
        unit.models.push_back(std::move(group));
      }
      for (const auto& h : u.at("hates"))
        unit.hates.push_back(
            {h.at("id").get<std::string>(),
             {h.at("file").get<std::string>(), h.at("line").get<int>(), h.at("column").get<int>()},
             h.at("field").get<std::string>()});
      unit.weapon_crew = u.value("weapon_crew", false);  // ADV-28
      army.units.push_back(std::move(unit));
    }
    library.add_army(std::move(army));
  }
  return library;
}

Library load_with_cache(const std::filesystem::path& data_dir,
                        const std::filesystem::path& cache_dir) {
  if (cache_dir.empty() || !std::filesystem::is_directory(data_dir)) return Library::load(data_dir);
  const std::uint64_t fingerprint = library_fingerprint(data_dir);
  const auto file = cache_dir / fmt::format("library-{:016x}.json", fingerprint);
  {
    std::ifstream in(file, std::ios::binary);
    if (in) {
      try {
        const json cached = json::parse(in);
        if (cached.at("fingerprint").get<std::uint64_t>() == fingerprint)
          return library_from_json(cached);
      } catch (const std::exception&) {
        // A damaged or foreign cache file: read the YAML and write it anew.
      }
    }
  }
  Library library = Library::load(data_dir);
  std::error_code error;
  std::filesystem::create_directories(cache_dir, error);
  if (!error) {
    auto partial = file;
    partial += fmt::format(".{}.part", static_cast<unsigned long long>(fingerprint % 100000));
    {
      std::ofstream out(partial, std::ios::binary | std::ios::trunc);
      out << library_to_json(library).dump();
    }
    std::filesystem::rename(partial, file, error);
    if (error) std::filesystem::remove(partial, error);
  }
  return library;
}

}  // namespace arap::data
