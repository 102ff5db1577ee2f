#pragma once
// A progress bar with an ETA on a terminal; silent when stderr is a pipe or
// a file (CI logs and `| tee` stay clean).

#include <chrono>
#include <cstddef>
#include <string>

namespace aspmv::collect {

class Progress {
 public:
  Progress(std::size_t total, bool enabled);
  void update(std::size_t done, const std::string& current);
  void finish();

 private:
  std::size_t total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
};

bool stderr_is_terminal();

}  // namespace aspmv::collect
