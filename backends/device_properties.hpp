#pragma once
// What aspmv reports and uses about the device an execution space runs on.
// Filled by each backend's traits (backends/<space>/traits.hpp).

#include <cstdint>
#include <string>

namespace aspmv {

struct DeviceProperties {
  std::string backend;  // "Serial", "OpenMP", "Cuda", "HIP"
  std::string name;     // device or CPU model name
  bool is_gpu = false;
  int compute_units = 0;         // SMs, CUs, or host threads
  int simd_width = 1;            // warp / wavefront width; 1 on CPUs
  int max_vector_length = 1;     // largest TpR run as one hardware vector
  int max_team_threads = 1;      // threads of one team
  int max_threads_per_unit = 1;  // threads resident on one SM / CU (1 on CPUs: a core runs one)
  std::int64_t l2_cache_bytes = 0;
  std::int64_t shared_memory_per_team_bytes = 0;
  std::int64_t memory_bytes = 0;
  double peak_bandwidth_gbs = 0;   // from memory clock and bus width; 0 if unknown
  std::string compute_capability;  // "9.0", "gfx908", or empty
  std::string thread_binding;  // OpenMP: the proc_bind policy the runtime applies ("spread", "false", ...); else empty
};

}  // namespace aspmv
