// Typed access to a YAML document that remembers where each value came from, so that every
// complaint names file, line, column and field path (e.g. weapons[3].strength).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "data/data_error.hpp"

namespace arap::data {

class Field {
 public:
  // Parses `path`; syntax errors become DataError with the parser's line.
  static Field load_file(const std::string& path);
  static Field load_text(const std::string& text, const std::string& name);
  // The root of a parsed document (the loaders above refuse keys given twice, issue 14).
  static Field wrap(std::shared_ptr<const std::string> file, YAML::Node root);

  bool has(std::string_view key) const;
  Field operator[](std::string_view key) const;  // must exist
  Field at(std::size_t index) const;
  std::size_t size() const { return node_.size(); }
  bool is_sequence() const { return node_.IsSequence(); }
  bool is_map() const { return node_.IsMap(); }
  bool is_scalar() const { return node_.IsScalar(); }
  bool is_null() const { return node_.IsNull(); }

  std::string as_string() const;
  int as_int(int lowest, int highest) const;
  double as_number(double lowest, double highest) const;
  bool as_bool() const;
  std::uint64_t as_uint64() const;  // a whole number from 0 to 2^64-1 (seeds)
  // A sequence here, with a readable complaint otherwise.
  const Field& expect_sequence() const;
  const Field& expect_map() const;
  // Rejects keys other than `allowed` (a typo must not pass silently).
  void allow_only(std::initializer_list<std::string_view> allowed) const;
  // The same for a list built at run time (e.g. from a table of known names).
  void allow_only(std::span<const std::string_view> allowed) const;
  // The keys of a mapping, in document order.
  std::vector<std::string> keys() const;

  const std::string& path() const { return path_; }
  SourceLocation location() const;
  [[noreturn]] void fail(const std::string& problem) const;

 private:
  Field(std::shared_ptr<const std::string> file, YAML::Node node, std::string path,
        YAML::Mark fallback)
      : file_(std::move(file)),
        node_(std::move(node)),
        path_(std::move(path)),
        fallback_(fallback) {}

  std::shared_ptr<const std::string> file_;
  YAML::Node node_;
  std::string path_;
  YAML::Mark fallback_;
};

// " (did you mean "x"?)" for a word one or two edits from a known one, else nothing.
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& known);

}  // namespace arap::data
