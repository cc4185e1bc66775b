#include "data/yaml_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <functional>

#include <fmt/format.h>

namespace arap::data {

namespace {

// Issue 14: a key given twice in one mapping is refused (YAML readers keep the first and JSON
// readers the last, so either way one of them would vanish without a word).
void refuse_duplicate_keys(const YAML::Node& node, const std::string& path,
                           const std::string& file) {
  if (node.IsMap()) {
    std::vector<std::string> seen;
    for (const auto& entry : node) {
      const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : std::string();
      const std::string child = path.empty() ? key : path + "." + key;
      if (entry.first.IsScalar()) {
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
          const YAML::Mark mark = entry.first.Mark();
          throw DataError({file, mark.line + 1, mark.column + 1}, child,
                          "this key is given twice in the same mapping (say it once)");
        }
        seen.push_back(key);
      }
      refuse_duplicate_keys(entry.second, child, file);
    }
  } else if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i)
      refuse_duplicate_keys(node[i], fmt::format("{}[{}]", path, i), file);
  }
}

// The edit distance between two short words, a swap of neighbours counting as one edit (optimal
// string alignment): the "did you mean" of unknown keys and names.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

Field load_node(const std::function<YAML::Node()>& parse, const std::string& name) {
  try {
    YAML::Node root = parse();
    refuse_duplicate_keys(root, "", name);
    return Field::wrap(std::make_shared<const std::string>(name), root);
  } catch (const YAML::ParserException& error) {
    throw DataError({name, error.mark.line + 1, error.mark.column + 1}, "",
                    "not valid YAML: " + error.msg);
  }
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& known) {
  std::string_view best;
  std::size_t best_distance = 3;  // at most two edits away
  for (const auto candidate : known) {
    const std::size_t d = edit_distance(word, candidate);
    if (d < best_distance && d < candidate.size()) {
      best_distance = d;
      best = candidate;
    }
  }
  return best.empty() ? std::string() : fmt::format(" (did you mean \"{}\"?)", best);
}

Field Field::wrap(std::shared_ptr<const std::string> file, YAML::Node root) {
  return Field(std::move(file), std::move(root), "", YAML::Mark());
}

Field Field::load_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw DataError({path, 0, 0}, "", "cannot open the file");
  return load_node([&in] { return YAML::Load(in); }, path);
}

Field Field::load_text(const std::string& text, const std::string& name) {
  return load_node([&text] { return YAML::Load(text); }, name);
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
  allow_only(std::span<const std::string_view>(allowed.begin(), allowed.size()));
}

void Field::allow_only(std::span<const std::string_view> allowed) const {
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
                      "unknown key" + did_you_mean(key, {allowed.begin(), allowed.end()}) +
                          " (allowed: " + list + ")");
    }
  }
}

std::uint64_t Field::as_uint64() const {
  if (!node_.IsScalar()) fail("expected a whole number from 0 up");
  const std::string& text = node_.Scalar();
  std::uint64_t value = 0;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || ptr != text.data() + text.size())
    fail(fmt::format("expected a whole number from 0 to 2^64-1, got \"{}\"", text));
  return value;
}

}  // namespace arap::data
