#include "data/data_error.hpp"

#include <fmt/format.h>

namespace arap::data {

namespace {

std::string describe(const SourceLocation& where, const std::string& field,
                     const std::string& problem) {
  std::string text = where.file;
  if (where.line > 0) text += fmt::format(":{}:{}", where.line, where.column);
  if (!field.empty()) text += ": " + field;
  return text + ": " + problem;
}

}  // namespace

DataError::DataError(SourceLocation where, std::string field, std::string problem)
    : std::runtime_error(describe(where, field, problem)),
      where_(std::move(where)),
      field_(std::move(field)),
      problem_(std::move(problem)) {}

}  // namespace arap::data
