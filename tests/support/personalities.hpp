// The shipped AI personalities, loaded once, and a helper that loads a personalities file's text
// and returns its refusal (issue 15's weight and difficulty tests share them).
#pragma once

#include <algorithm>
#include <fstream>
#include <string>

#include "ai/weights.hpp"
#include "data/data_error.hpp"

namespace arap::test {

inline const ai::Personalities& shipped_personalities() {
  static const ai::Personalities p =
      ai::Personalities::load(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  return p;
}

// The DataError's message for `yaml` read as "test.yaml", or "" when it loads.
inline std::string personalities_error(const std::string& yaml) {
  try {
    ai::Personalities::load_text(yaml, "test.yaml");
  } catch (const data::DataError& e) {
    return e.what();
  }
  return "";
}

// The shipped personalities file with the first `from` replaced by `to`; `line` gets the number
// of the line changed (0 when `from` is not in the file), for tests of a refusal's line.
inline std::string shipped_personalities_with(const std::string& from, const std::string& to,
                                              int& line) {
  std::ifstream in(std::string(ARAP_DATA_DIR) + "/ai/tactician.yaml");
  std::string text;
  line = 0;
  for (std::string row; std::getline(in, row);) {
    const auto at = row.find(from);
    if (line == 0 && at != std::string::npos) {
      row.replace(at, from.size(), to);
      line = 1 + static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    }
    text += row + "\n";
  }
  return text;
}

}  // namespace arap::test
