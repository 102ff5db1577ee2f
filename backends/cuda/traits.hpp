#pragma once
// Backend traits of Kokkos::Cuda: warps of 32, TpR up to 32 as the team
// vector length, device facts from cudaGetDeviceProperties.

#include <backends/device_properties.hpp>
#include <backends/device_properties_cache.hpp>
#include <backends/gpu_prop_fields.hpp>
#include <backends/owned_instance.hpp>

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::Cuda> {
  static constexpr const char* name = "Cuda";
  static constexpr bool is_gpu = true;
  static constexpr int max_tpr = 32;
  static constexpr int max_team_size = 1024;
  // Threads of a team that run in lock step (a warp; team ranks are lanes
  // when the vector length is 1), and the value of the lane `delta` below.
  static constexpr int warp_lanes = 32;
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle_up(const T& v, int delta) {
#ifdef __CUDA_ARCH__
    return Kokkos::shfl_up(v, delta, warp_lanes);
#else
    (void)delta;
    return v;
#endif
  }
  // The value of lane `src` of the warp (every lane of the warp calls it; src may differ between lanes).
  template <class T>
  KOKKOS_INLINE_FUNCTION static T broadcast(const T& v, int src) {
#ifdef __CUDA_ARCH__
    const int width = warp_lanes;  // shfl takes the width by reference: no odr-use of the member in device code
    return Kokkos::shfl(v, src, width);
#else
    (void)src;
    return v;
#endif
  }
  // The warp's lanes whose `p` holds, as bits (bit j: lane j; every lane of the warp calls it).
  KOKKOS_INLINE_FUNCTION static std::uint64_t ballot(bool p) {
#ifdef __CUDA_ARCH__
    return __ballot_sync(0xffffffffu, p ? 1 : 0);
#else
    return p ? 1 : 0;
#endif
  }
  using host_pinned_memory_space = Kokkos::CudaHostPinnedSpace;  // page-locked host memory kernels can read
  static DeviceProperties properties(const Kokkos::Cuda& space) {
    return cached_device_properties(space.cuda_device(), [](int dev, DeviceProperties& p) {
      p.backend = name;
      p.is_gpu = true;
      cudaDeviceProp prop{};
      if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess) {
        p.name = "unknown CUDA device";
        return false;
      }
      fill_common_gpu_fields(prop, p);
      p.compute_capability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
      int mem_clock_khz = 0;
      if (cudaDeviceGetAttribute(&mem_clock_khz, cudaDevAttrMemoryClockRate, dev) == cudaSuccess)
        p.peak_bandwidth_gbs = 2.0 * mem_clock_khz * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
      return true;
    });
  }
  // Instances are queues: two are the same when they share a stream.
  static bool same_instance(const Kokkos::Cuda& a, const Kokkos::Cuda& b) { return a.cuda_stream() == b.cuda_stream(); }
  // Concurrency on a GPU comes from instances (streams), not host threads:
  // partitions run one after the other on the calling thread.
  template <class F>
  static void in_partitions(int partitions, F&& f) {
    for (int p = 0; p < partitions; ++p) f(p, partitions);
  }
  // A new instance on a stream of its own.
  static OwnedInstance<Kokkos::Cuda> new_instance() {
    cudaStream_t s = nullptr;
    if (cudaStreamCreate(&s) != cudaSuccess) throw std::runtime_error("aspmv: cudaStreamCreate failed");
    std::shared_ptr<void> owner(s, [](void* p) { cudaStreamDestroy(static_cast<cudaStream_t>(p)); });
    return {Kokkos::Cuda(s), owner};
  }
};

}  // namespace aspmv::backends
