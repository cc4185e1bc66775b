// The one error type of the data layer: where (file, line, column), which field (a path such as
// units[2].models[0].count) and what was expected. Loaders throw it; they never crash.
#pragma once

#include <stdexcept>
#include <string>

namespace arap::data {

struct SourceLocation {
  std::string file;
  int line = 0;  // 1-based; 0 when unknown
  int column = 0;
};

class DataError : public std::runtime_error {
 public:
  DataError(SourceLocation where, std::string field, std::string problem);

  const SourceLocation& where() const { return where_; }
  const std::string& field() const { return field_; }
  const std::string& problem() const { return problem_; }

 private:
  SourceLocation where_;
  std::string field_;
  std::string problem_;
};

}  // namespace arap::data
