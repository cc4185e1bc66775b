#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include <fmt/format.h>

namespace arap::app {

ProgressBar::ProgressBar(bool enabled)
    : on_(enabled && isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressBar::operator()(int done, int total) {
  if (!on_) return;
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  // At most ten redraws a second: thousands of random games a second would flood the terminal.
  if (done < total && now - last_ < std::chrono::milliseconds(100)) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0.0 ? done / elapsed : 0.0;
  const double eta = done > 0 ? elapsed / done * (total - done) : 0.0;
  constexpr int kWidth = 30;
  const int filled = kWidth * std::clamp(done, 0, total) / std::max(1, total);
  fmt::print(stderr, "\r[{:<{}}] {}/{} games, {:.1f} games/s, ETA {:.0f}s ",
             std::string(filled, '#'), kWidth, done, total, rate, eta);
  if (done >= total) fmt::print(stderr, "\n");
}

}  // namespace arap::app
