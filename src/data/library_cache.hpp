// Issue 17: a loaded data library kept as JSON between runs, so a short command (`arap odds` on
// a named squad) does not pay for parsing YAML each time: yaml-cpp reads about 3 KB of the
// library per millisecond, nlohmann's JSON reader the whole of it in well under one. The cache is
// keyed by the library's fingerprint (every file's name and bytes), so any edit to data/ misses
// it and the YAML is read (and checked) again.
#pragma once

#include <filesystem>

#include <nlohmann/json.hpp>

#include "data/library.hpp"

namespace arap::data {

// Every definition of `library`: weapons, special rules, profiles (with the key they are found
// by), armies and their units; what the loaders build, field for field.
nlohmann::json library_to_json(const Library& library);
// The library `library_to_json` wrote; throws std::runtime_error on anything malformed.
Library library_from_json(const nlohmann::json& json);

// `Library::load(data_dir)` through `cache_dir`: a cache file for the folder's fingerprint is
// read when present and whole; otherwise the YAML is loaded and the cache written (atomically,
// quietly skipped when the folder cannot be written). An empty `cache_dir` loads directly.
Library load_with_cache(const std::filesystem::path& data_dir,
                        const std::filesystem::path& cache_dir);

}  // namespace arap::data
