// Terminal progress bar (see progress.hpp).

#include "progress.hpp"

#include <unistd.h>

#include <cstdio>

namespace aspmv::collect {

bool stderr_is_terminal() { return isatty(STDERR_FILENO) == 1; }

Progress::Progress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void Progress::update(std::size_t done, const std::string& current) {
  if (!enabled_ || total_ == 0) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double frac = double(done) / double(total_);
  const double eta = done > 0 ? elapsed / double(done) * double(total_ - done) : 0.0;
  constexpr int width = 30;
  const int fill = static_cast<int>(frac * width);
  std::fprintf(stderr, "\r[%.*s%*s] %zu/%zu %5.1f%% ETA %3dm%02ds  %-40.40s", fill, "##############################",
               width - fill, "", done, total_, 100 * frac, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60,
               current.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (enabled_) std::fputs("\n", stderr);
}

}  // namespace aspmv::collect
