#include "data/weapon.hpp"

#include <array>
#include <charconv>

#include <fmt/format.h>

namespace arap::data {

namespace {

constexpr std::array<std::string_view, 11> kTypeNames = {
    "rapid_fire", "assault", "heavy",   "pistol", "salvo", "slow",
    "ordnance",   "primary", "grenade", "bomb",   "melee"};

constexpr std::array<std::string_view, static_cast<std::size_t>(WeaponProperty::count_)>
    kPropertyNames = {"barrage",
                      "pinning",
                      "multiple_battery",
                      "laser",
                      "melta",
                      "shotgun",
                      "needler",
                      "assault_grenade",
                      "defensive_grenade",
                      "krak",
                      "power_weapon",
                      "power_fist",
                      "strike_last",
                      "reload",
                      "sniper",
                      "low_signature",
                      "two_handed",
                      "auto_pin",
                      "hand_weapon",
                      "natural",
                      "lightning_claw",
                      "primitive",
                      "grenade_launcher",
                      "cannot_fire_wild",
                      "flamer",
                      "plasma",
                      "polearm",
                      "smoke",
                      "blind",
                      "discharger"};

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || ptr != end) return std::nullopt;
  return value;
}

}  // namespace

std::string_view to_string(WeaponType type) {
  return kTypeNames[static_cast<std::size_t>(type)];
}

std::optional<WeaponType> weapon_type_from_string(std::string_view text) {
  for (std::size_t i = 0; i < kTypeNames.size(); ++i) {
    if (kTypeNames[i] == text) return static_cast<WeaponType>(i);
  }
  return std::nullopt;
}

std::string_view to_string(WeaponEffect effect) {
  switch (effect) {
    case WeaponEffect::none:
      return "none";
    case WeaponEffect::template_teardrop:
      return "teardrop";
    case WeaponEffect::template_strip:
      return "strip";
    case WeaponEffect::torrent:
      return "torrent";
    case WeaponEffect::area:
      return "area";
  }
  return "none";
}

std::string_view to_string(WeaponProperty property) {
  return kPropertyNames[static_cast<std::size_t>(property)];
}

std::vector<std::string_view> weapon_property_names() {
  return {kPropertyNames.begin(), kPropertyNames.end()};
}

std::optional<WeaponProperty> weapon_property_from_string(std::string_view text) {
  for (std::size_t i = 0; i < kPropertyNames.size(); ++i) {
    if (kPropertyNames[i] == text) return static_cast<WeaponProperty>(i);
  }
  return std::nullopt;
}

int StrengthSpec::resolve(int user_strength) const {
  switch (kind) {
    case Kind::fixed:
      return value;
    case Kind::user:
      return user_strength;
    case Kind::user_plus:
      return user_strength + value;
    case Kind::user_times:
      return std::min(10, user_strength * value);
  }
  return value;
}

std::string StrengthSpec::to_text() const {
  switch (kind) {
    case Kind::fixed:
      return std::to_string(value);
    case Kind::user:
      return "user";
    case Kind::user_plus:
      return fmt::format("user{:+d}", value);
    case Kind::user_times:
      return fmt::format("x{}", value);
  }
  return "?";
}

std::optional<StrengthSpec> parse_strength(std::string_view text) {
  if (text == "user" || text == "User") return StrengthSpec::of_user();
  if (text.starts_with("user") || text.starts_with("User")) text.remove_prefix(4);
  if (text.starts_with('+') || text.starts_with('-')) {
    const bool negative = text.front() == '-';
    text.remove_prefix(1);
    const auto amount = parse_int(text);
    if (!amount || *amount < 0 || *amount > 9) return std::nullopt;
    return StrengthSpec{StrengthSpec::Kind::user_plus, negative ? -*amount : *amount};
  }
  if (text.starts_with('x') || text.starts_with('X')) {
    text.remove_prefix(1);
    const auto factor = parse_int(text);
    if (!factor || *factor < 2 || *factor > 4) return std::nullopt;
    return StrengthSpec{StrengthSpec::Kind::user_times, *factor};
  }
  const auto value = parse_int(text);
  if (!value || *value < 1 || *value > 10) return std::nullopt;
  return StrengthSpec::fixed_at(*value);
}

std::optional<DamageSpec> parse_dice_expression(std::string_view text) {
  DamageSpec result{0, 6, 0};
  const auto d = text.find_first_of("dD");
  if (d == std::string_view::npos) {
    const auto value = parse_int(text);
    if (!value || *value < 0 || *value > 20) return std::nullopt;
    result.bonus = *value;
    return result;
  }
  const std::string_view count_text = text.substr(0, d);
  std::string_view rest = text.substr(d + 1);
  if (count_text.empty()) {
    result.count = 1;
  } else {
    const auto count = parse_int(count_text);
    if (!count || *count < 1 || *count > 6) return std::nullopt;
    result.count = *count;
  }
  const auto sign = rest.find_first_of("+-");
  const auto sides = parse_int(rest.substr(0, sign));
  if (!sides || *sides < 2 || *sides > 100) return std::nullopt;
  result.sides = *sides;
  if (sign != std::string_view::npos) {
    const auto bonus = parse_int(rest.substr(sign + 1));
    if (!bonus || *bonus > 20) return std::nullopt;
    result.bonus = rest[sign] == '-' ? -*bonus : *bonus;
  }
  return result;
}

std::string to_text(const DamageSpec& damage) {
  if (damage.count == 0) return std::to_string(damage.bonus);
  std::string text = damage.count == 1 ? "" : std::to_string(damage.count);
  text += fmt::format("D{}", damage.sides);
  if (damage.bonus != 0) text += fmt::format("{:+d}", damage.bonus);
  return text;
}

}  // namespace arap::data
