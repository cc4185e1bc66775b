// Shared by the fuzz targets (issue 14): the shipped data library, loaded once, and the rule for
// what a target may throw. A target throws only the errors a person is meant to read (bad data,
// an illegal action, a request too large to compute); anything else escapes and libFuzzer reports
// it as a crash, as it does memory errors (AddressSanitizer) and undefined behaviour (UBSan).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "data/library.hpp"

namespace arap::fuzz {

inline std::shared_ptr<const data::Library> shipped_library() {
  static const auto library =
      std::make_shared<const data::Library>(data::Library::load(ARAP_DATA_DIR));
  return library;
}

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace arap::fuzz
