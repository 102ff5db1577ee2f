#pragma once
// The DeviceProperties fields that CUDA's cudaDeviceProp and HIP's hipDeviceProp_t name alike, filled once for
// both; each backend adds what its struct names differently (compute capability, memory clock).

#include <backends/device_properties.hpp>

#include <cstdint>

namespace aspmv::backends {

template <class GpuProp>
void fill_common_gpu_fields(const GpuProp& prop, DeviceProperties& p) {
  p.name = prop.name;
  p.compute_units = prop.multiProcessorCount;
  p.simd_width = prop.warpSize;
  p.max_vector_length = prop.warpSize;
  p.max_team_threads = prop.maxThreadsPerBlock;
  p.max_threads_per_unit = prop.maxThreadsPerMultiProcessor;
  p.l2_cache_bytes = prop.l2CacheSize;
  p.shared_memory_per_team_bytes = static_cast<std::int64_t>(prop.sharedMemPerBlock);
  p.memory_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
}

}  // namespace aspmv::backends
