// Reads data/creatures.yaml and data/armies/*.yaml: profiles (catalogue §3.1) and units.
#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "data/library.hpp"
#include "data/mounts.hpp"
#include "data/yaml_reader.hpp"

namespace arap::data {

namespace {

std::optional<int> read_save(const Field& field) {
  if (field.is_null() || field.as_string() == "-") return std::nullopt;
  return field.as_int(2, 6);
}

Profile read_profile(const Field& field, const Library& library) {
  field.allow_only({"id", "name", "M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Inv",
                    "size", "bulk", "height", "base", "special_rules"});
  Profile profile;
  profile.id = field["id"].as_string();
  profile.name = field.has("name") ? field["name"].as_string() : profile.id;
  profile.move = field["M"].as_int(0, 30);
  profile.weapon_skill = field["WS"].as_int(0, 10);
  profile.ballistic_skill = field["BS"].as_int(0, 10);
  profile.strength = field["S"].as_int(1, 10);
  profile.toughness = field["T"].as_int(1, 10);
  profile.wounds = field["W"].as_int(1, 20);
  profile.initiative = field["I"].as_int(0, 10);
  profile.attacks = field["A"].as_int(0, 10);
  profile.leadership = field["Ld"].as_int(2, 10);
  if (field.has("Sv")) profile.save = read_save(field["Sv"]);
  if (field.has("Inv")) profile.invulnerable = read_save(field["Inv"]);
  if (field.has("size")) profile.size = field["size"].as_int(1, 4);
  if (field.has("bulk")) {
    const auto bulk = bulk_from_string(field["bulk"].as_string());
    if (!bulk) field["bulk"].fail("expected normal, bulky, very_bulky or extremely_bulky");
    profile.bulk = *bulk;
  }
  // MOVE-19 ruling: a Size 2 humanoid without a stated height stands 1.5"; other sizes scale.
  profile.height = field.has("height") ? field["height"].as_number(0.1, 60.0) : 0.75 * profile.size;
  // Issue 14: every model stands on a base (a 0 mm base would crowd nobody and be in no contact).
  if (field.has("base")) profile.base_mm = field["base"].as_int(1, 300);
  if (field.has("special_rules")) {
    const Field list = field["special_rules"];
    list.expect_sequence();
    for (std::size_t i = 0; i < list.size(); ++i) {
      std::string rule = list.at(i).as_string();
      if (!library.knows_special_rule(rule)) {
        const auto& known = library.special_rules();
        list.at(i).fail(
            fmt::format("unknown special rule \"{}\"{} (add it to data/special_rules.yaml first)",
                        rule, did_you_mean(rule, {known.begin(), known.end()})));
      }
      profile.special_rules.push_back(std::move(rule));
    }
  }
  return profile;
}

}  // namespace

void load_creatures(const std::string& file, Library& library) {
  const Field root = Field::load_file(file);
  root.allow_only({"creatures"});
  const Field list = root["creatures"];
  list.expect_sequence();
  for (std::size_t i = 0; i < list.size(); ++i) {
    Profile profile = read_profile(list.at(i), library);
    if (library.profile(profile.id) != nullptr) {
      list.at(i)["id"].fail(fmt::format("creature \"{}\" is defined twice", profile.id));
    }
    std::string key = profile.id;
    library.add_profile(std::move(key), std::move(profile));
  }
}

namespace {

// Names a library knows, for "did you mean" (issue 14).
std::vector<std::string_view> weapon_ids(const Library& library) {
  std::vector<std::string_view> ids;
  for (const auto& weapon : library.weapons()) ids.push_back(weapon.id);
  return ids;
}

std::vector<std::string_view> profile_ids(const Library& library, const Army& army) {
  std::vector<std::string_view> ids;
  for (const Profile* profile : army.profiles) ids.push_back(profile->id);
  for (const auto& profile : library.profiles()) ids.push_back(profile.id);
  return ids;
}

void read_army(const Field& root, const std::string& file, Library& library);

}  // namespace

void load_army(const std::string& file, Library& library) {
  read_army(Field::load_file(file), file, library);
}

void load_army_text(const std::string& text, const std::string& name, Library& library) {
  read_army(Field::load_text(text, name), name, library);
}

namespace {

void read_army(const Field& root, const std::string& file, Library& library) {
  root.allow_only({"army", "name", "profiles", "units"});
  Army army;
  army.id = root["army"].as_string();
  army.name = root.has("name") ? root["name"].as_string() : army.id;
  army.file = file;
  if (library.army(army.id) != nullptr) {
    root["army"].fail(fmt::format("army \"{}\" is defined twice", army.id));
  }
  const Field profiles = root["profiles"];
  profiles.expect_sequence();
  for (std::size_t i = 0; i < profiles.size(); ++i) {
    Profile profile = read_profile(profiles.at(i), library);
    std::string key = army.id + "/" + profile.id;
    if (library.profile(key) != nullptr) {
      profiles.at(i)["id"].fail(fmt::format("profile \"{}\" is defined twice", key));
    }
    army.profiles.push_back(&library.add_profile(std::move(key), std::move(profile)));
  }
  const Field units = root["units"];
  units.expect_sequence();
  for (std::size_t i = 0; i < units.size(); ++i) {
    const Field unit_field = units.at(i);
    unit_field.allow_only({"id", "name", "models", "hates", "weapon_crew"});
    UnitDefinition unit;
    unit.id = unit_field["id"].as_string();
    unit.name = unit_field.has("name") ? unit_field["name"].as_string() : unit.id;
    unit.weapon_crew = unit_field.has("weapon_crew") && unit_field["weapon_crew"].as_bool();
    if (army.find_unit(unit.id) != nullptr) {
      unit_field["id"].fail(fmt::format("unit \"{}\" is defined twice", unit.id));
    }
    const Field models = unit_field["models"];
    models.expect_sequence();
    if (models.size() == 0) models.fail("a unit needs at least one model");
    int leaders = 0;
    for (std::size_t m = 0; m < models.size(); ++m) {
      const Field model_field = models.at(m);
      model_field.allow_only({"profile", "name", "count", "leader", "weapons", "banner", "shield",
                              "shield_worn", "bodyguard", "suspensors", "kit_kg", "mount"});
      ModelGroup group;
      // A profile named by `key`: the army's own, else a creature's.
      const auto profile_named = [&](const char* key) {
        const std::string id = model_field[key].as_string();
        const Profile* found = library.profile(army.id + "/" + id);
        if (found == nullptr) found = library.profile(id);
        if (found == nullptr) {
          model_field[key].fail(
              fmt::format("no profile \"{}\" in this army's profiles or in creatures.yaml{}", id,
                          did_you_mean(id, profile_ids(library, army))));
        }
        return found;
      };
      group.profile = profile_named("profile");
      if (model_field.has("mount")) {  // ADV-22: rider and mount are one model
        const Profile* mount = profile_named("mount");
        if (group.profile->has_rule("independent_character")) {
          model_field["mount"].fail(
              "ADV-22: a character and its mount are two models, which the engine does not field "
              "yet; only a rider who is no character shares one model with its mount");
        }
        group.rider = group.profile;
        group.mount = mount;
        Profile pair = ridden(*group.profile, *mount);
        std::string key = army.id + "/" + pair.id;
        const Profile* known = library.profile(key);
        if (known == nullptr) {
          known = &library.add_profile(std::move(key), std::move(pair));
          army.profiles.push_back(known);
        }
        group.profile = known;
      }
      group.name = model_field.has("name") ? model_field["name"].as_string() : group.profile->name;
      group.count = model_field.has("count") ? model_field["count"].as_int(1, 100) : 1;
      group.leader = model_field.has("leader") && model_field["leader"].as_bool();
      if (model_field.has("banner")) group.banner = model_field["banner"].as_number(0.1, 12.0);
      // ADV-18: suspensors lift half an inch of encumbrance each; kit weighs half an inch a 10 kg.
      if (model_field.has("suspensors")) group.suspensors = model_field["suspensors"].as_int(0, 12);
      if (model_field.has("kit_kg")) group.kit_kg = model_field["kit_kg"].as_number(0.0, 500.0);
      if (model_field.has("shield")) {  // ADV-60
        const std::string kind = model_field["shield"].as_string();
        const auto shield = shield_from_string(kind);
        if (!shield || *shield == Shield::none) {
          model_field["shield"].fail(fmt::format("no shield \"{}\" (ADV-60: one of {}){}", kind,
                                                 fmt::join(shield_names(), ", "),
                                                 did_you_mean(kind, shield_names())));
        }
        group.shield = *shield;
      }
      if (model_field.has("shield_worn")) {  // ADV-18 / ADV-60: on the arm, or slung on the back
        const Field worn = model_field["shield_worn"];
        const std::string where = worn.as_string();
        if (where != "arm" && where != "back")
          worn.fail(fmt::format("expected arm or back, not \"{}\"", where));
        if (group.shield == Shield::none)
          worn.fail("ADV-60: these models carry no shield (give them one with shield:)");
        group.shield_on_back = where == "back";
      }
      if (group.leader) {
        ++leaders;
        if (group.count != 1) model_field["count"].fail("a leader entry has exactly one model");
      }
      if (model_field.has("bodyguard")) {  // ADV-53
        group.bodyguard = model_field["bodyguard"].as_bool();
        if (group.bodyguard && group.leader)
          model_field["bodyguard"].fail(
              "ADV-53: the leader is the Principal the bodyguards guard, not one of them");
      }
      if (model_field.has("weapons")) {
        const Field weapons = model_field["weapons"];
        weapons.expect_sequence();
        for (std::size_t w = 0; w < weapons.size(); ++w) {
          const std::string weapon_id = weapons.at(w).as_string();
          const WeaponProfile* weapon = library.weapon(weapon_id);
          if (weapon == nullptr) {
            weapons.at(w).fail(fmt::format("no weapon \"{}\" in weapons.yaml{}", weapon_id,
                                           did_you_mean(weapon_id, weapon_ids(library))));
          }
          if (weapon->has(WeaponProperty::reload) && w >= kReloadSlots) {
            weapons.at(w).fail(
                fmt::format("ADV-30: a Reload weapon must be among the first {} weapons of a model",
                            kReloadSlots));
          }
          group.weapons.push_back(weapon);
        }
        // MELEE-02: natural weapons share out the model's attacks, never more than it has.
        int natural = 0;
        int natural_kinds = 0;
        for (const auto* weapon : group.weapons) {
          natural += weapon->is_melee() ? weapon->attacks : 0;
          natural_kinds += weapon->is_melee() && weapon->attacks > 0 ? 1 : 0;
        }
        if (natural > group.profile->attacks) {
          weapons.fail(
              fmt::format("MELEE-02: its natural weapons make {} attacks, more than {}'s A {}",
                          natural, group.profile->name, group.profile->attacks));
        }
        if (natural_kinds > 4) weapons.fail("MELEE-02: at most four kinds of natural attack");
      }
      unit.models.push_back(std::move(group));
    }
    if (leaders > 1) unit_field["models"].fail("a unit has at most one leader");
    if (leaders == 0 && std::any_of(unit.models.begin(), unit.models.end(),
                                    [](const ModelGroup& g) { return g.bodyguard; }))
      unit_field["models"].fail(
          "ADV-53: bodyguards guard the unit's leader (the Principal): mark one model leader: "
          "true");
    if (unit_field.has("hates")) {
      // MORALE-06: checked against every army once all are loaded (Library::load).
      const Field hates = unit_field["hates"];
      hates.expect_sequence();
      for (std::size_t h = 0; h < hates.size(); ++h)
        unit.hates.push_back({hates.at(h).as_string(), hates.at(h).location(), hates.at(h).path()});
    }
    army.units.push_back(std::move(unit));
  }
  library.add_army(std::move(army));
}

}  // namespace

}  // namespace arap::data
