// One scratch folder per test process, under the system's temp folder and removed when the
// process ends: a test run on a shared machine leaves no files behind (each gtest case runs as
// its own process under ctest, so each gets its own folder).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace arap::test {

class ScratchDir {
 public:
  ScratchDir()
      : path_(std::filesystem::temp_directory_path() /
              ("arap_test_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;  // nothing useful to do about a folder that will not go
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The process's scratch folder, made on first use.
inline const std::filesystem::path& scratch_dir() {
  static const ScratchDir dir;
  return dir.path();
}

}  // namespace arap::test
