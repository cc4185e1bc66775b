// The shipped AI personalities, loaded once, and a helper that loads a personalities file's text
// and returns its refusal (issue 15's weight and difficulty tests share them).
#pragma once

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

}  // namespace arap::test
