#include "data/yaml_reader.hpp"

#include <charconv>
#include <cmath>
#include <fstream>

#include <fmt/format.h>

namespace arap::data {

Field Field::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw DataError({path, 0, 0}, "", "cannot open the file");
  try {
    YAML::Node root = YAML::Load(in);
    return Field(std::make_shared<const std::string>(path), root, "", YAML::Mark());
  } catch (const YAML::ParserException& error) {
    throw DataError({path, error.mark.line + 1, error.mark.column + 1}, "",
                    "not valid YAML: " + error.msg);
  }
}

Field Field::load_text(const std::string& text, const std::string& name) {
  try {
    YAML::Node root = YAML::Load(text);
    return Field(std::make_shared<const std::string>(name), root, "", YAML::Mark());
  } catch (const YAML::ParserException& error) {
    throw DataError({name, error.mark.line + 1, error.mark.column + 1}, "",
                    "not valid YAML: " + error.msg);
  }
}

SourceLocation Field::location() const {
  YAML::Mark mark = node_.IsDefined() ? node_.Mark() : fallback_;
  if (mark.is_null()) mark = fallback_;
  if (mark.is_null()) return {*file_, 0, 0};
  return {*file_, mark.line + 1, mark.column + 1};
}

void Field::fail(const std::string& problem) const {
  throw DataError(location(), path_, problem);
}

bool Field::has(std::string_view key) const {
  return node_.IsMap() && node_[std::string(key)].IsDefined();
}

Field Field::operator[](std::string_view key) const {
  const std::string child_path = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  if (!node_.IsMap()) fail("expected a mapping with the key '" + std::string(key) + "'");
  YAML::Node child = node_[std::string(key)];
  if (!child.IsDefined()) {
    throw DataError(location(), child_path, "missing (required)");
  }
  return Field(file_, child, child_path, node_.Mark());
}

Field Field::at(std::size_t index) const {
  return Field(file_, node_[index], fmt::format("{}[{}]", path_, index), node_.Mark());
}

std::string Field::as_string() const {
  if (!node_.IsScalar()) fail("expected a text value");
  return node_.Scalar();
}

int Field::as_int(int lowest, int highest) const {
  if (!node_.IsScalar()) fail(fmt::format("expected a whole number {}..{}", lowest, highest));
  const std::string& text = node_.Scalar();
  int value = 0;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || ptr != text.data() + text.size()) {
    fail(fmt::format("expected a whole number {}..{}, got \"{}\"", lowest, highest, text));
  }
  if (value < lowest || value > highest) {
    fail(fmt::format("expected a whole number {}..{}, got {}", lowest, highest, value));
  }
  return value;
}

double Field::as_number(double lowest, double highest) const {
  if (!node_.IsScalar()) fail(fmt::format("expected a number {}..{}", lowest, highest));
  const std::string& text = node_.Scalar();
  double value = 0;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value)) {
    fail(fmt::format("expected a number {}..{}, got \"{}\"", lowest, highest, text));
  }
  if (value < lowest || value > highest) {
    fail(fmt::format("expected a number {}..{}, got {}", lowest, highest, value));
  }
  return value;
}

bool Field::as_bool() const {
  if (node_.IsScalar()) {
    const std::string& text = node_.Scalar();
    if (text == "true" || text == "yes") return true;
    if (text == "false" || text == "no") return false;
  }
  fail("expected true or false");
}

const Field& Field::expect_sequence() const {
  if (!node_.IsSequence()) fail("expected a list");
  return *this;
}

const Field& Field::expect_map() const {
  if (!node_.IsMap()) fail("expected a mapping of keys to values");
  return *this;
}

std::vector<std::string> Field::keys() const {
  expect_map();
  std::vector<std::string> result;
  for (const auto& entry : node_) result.push_back(entry.first.Scalar());
  return result;
}

void Field::allow_only(std::initializer_list<std::string_view> allowed) const {
  expect_map();
  for (const auto& entry : node_) {
    const std::string key = entry.first.Scalar();
    bool known = false;
    for (const auto candidate : allowed) known = known || candidate == key;
    if (!known) {
      std::string list;
      for (const auto candidate : allowed)
        list += (list.empty() ? "" : ", ") + std::string(candidate);
      const std::string child_path = path_.empty() ? key : path_ + "." + key;
      throw DataError(Field(file_, entry.first, child_path, node_.Mark()).location(), child_path,
                      "unknown key (allowed: " + list + ")");
    }
  }
}

}  // namespace arap::data
