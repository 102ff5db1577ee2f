#pragma once
// The threads a CPU range kernel runs on (the table's host_thread_nnz): one
// per host_thread_nnz stored entries, at least one and at most the pool; 0
// (every thread of the pool) where the table says 0 or the space is a GPU.
// backends::parallel_range takes the count (backends/openmp/range_launch.hpp).

#include <algorithm>
#include <cstdint>
#include <string>

namespace aspmv::impl {

inline int host_thread_count(std::int64_t thread_nnz, std::int64_t entries, std::int64_t pool) {
  if (thread_nnz <= 0 || pool <= 1) return 0;
  const std::int64_t wanted = entries / thread_nnz + (entries % thread_nnz != 0 ? 1 : 0);
  return wanted >= pool ? 0 : static_cast<int>(std::max<std::int64_t>(1, wanted));
}

// The team a launch with that count runs on: `threads`, or the pool for 0.
inline std::int64_t host_team(int threads, std::int64_t pool) { return threads > 0 ? threads : pool; }

// ", on 3 threads" for a plan's description; "" for the pool (0).
inline std::string describe_threads(int threads) {
  if (threads <= 0) return "";
  return ", on " + std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

}  // namespace aspmv::impl
