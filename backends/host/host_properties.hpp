#pragma once
// Host CPU facts shared by the Serial and OpenMP backends: model name from
// /proc/cpuinfo, cache size from sysconf, memory from sysconf.

#include <backends/device_properties.hpp>

#include <unistd.h>

#include <fstream>
#include <string>

namespace aspmv::backends::host {

inline std::string cpu_model_name() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) {
        auto name = line.substr(colon + 1);
        const auto first = name.find_first_not_of(' ');
        return first == std::string::npos ? name : name.substr(first);
      }
    }
  }
  return "unknown CPU";
}

inline DeviceProperties properties(const char* backend, int threads) {
  DeviceProperties p;
  p.backend = backend;
  p.name = cpu_model_name();
  p.is_gpu = false;
  p.compute_units = threads;
  p.simd_width = 1;
  p.max_vector_length = 1;
  p.max_team_threads = 1;
#ifdef _SC_LEVEL2_CACHE_SIZE
  const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
  p.l2_cache_bytes = l2 > 0 ? l2 : 0;
#endif
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  p.memory_bytes = pages > 0 && page > 0 ? static_cast<std::int64_t>(pages) * page : 0;
  return p;
}

}  // namespace aspmv::backends::host
