#pragma once
// Backend traits of Kokkos::Cuda: warps of 32, TpR up to 32 as the team
// vector length, device facts from cudaGetDeviceProperties.

#include <aspmv/backends/device_properties.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>

#include <string>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::Cuda> {
  static constexpr const char* name = "Cuda";
  static constexpr bool is_gpu = true;
  static constexpr int max_tpr = 32;
  static constexpr int max_team_size = 1024;
  static DeviceProperties properties(const Kokkos::Cuda& space) {
    DeviceProperties p;
    p.backend = name;
    p.is_gpu = true;
    const int dev = space.cuda_device();
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess) {
      p.name = "unknown CUDA device";
      return p;
    }
    p.name = prop.name;
    p.compute_units = prop.multiProcessorCount;
    p.simd_width = prop.warpSize;
    p.max_vector_length = prop.warpSize;
    p.max_team_threads = prop.maxThreadsPerBlock;
    p.l2_cache_bytes = prop.l2CacheSize;
    p.shared_memory_per_team_bytes = static_cast<std::int64_t>(prop.sharedMemPerBlock);
    p.memory_bytes = static_cast<std::int64_t>(prop.totalGlobalMem);
    p.compute_capability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
    int mem_clock_khz = 0;
    if (cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, dev) == cudaSuccess)
      p.peak_bandwidth_gbs = 2.0 * mem_clock_khz * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
    return p;
  }
};

}  // namespace aspmv::backends
