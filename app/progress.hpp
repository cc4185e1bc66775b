// A progress bar on stderr for long runs (sim, ladder, merge): games done, games a second and the
// time left. Silent unless stderr is a terminal, so logs and pipes stay clean.
#pragma once

#include <chrono>
#include <mutex>

namespace arap::app {

class ProgressBar {
 public:
  // `enabled` false: never prints (--quiet); true: prints only to a terminal.
  explicit ProgressBar(bool enabled);
  // Thread-safe; called as games finish.
  void operator()(int done, int total);

 private:
  bool on_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
  std::mutex mutex_;
};

}  // namespace arap::app
