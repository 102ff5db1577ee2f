#pragma once
// Backend traits of Kokkos' HIP space: wavefronts of 64, TpR up to 64,
// device facts from hipGetDeviceProperties.

#include <backends/device_properties.hpp>
#include <backends/device_properties_cache.hpp>
#include <backends/gpu_prop_fields.hpp>
#include <backends/owned_instance.hpp>

#include <Kokkos_Core.hpp>
#include <hip/hip_runtime.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace aspmv::backends {

#if KOKKOS_VERSION >= 40000
using HipExecutionSpace = Kokkos::HIP;
using HipHostPinnedSpace = Kokkos::HIPHostPinnedSpace;
#else
using HipExecutionSpace = Kokkos::Experimental::HIP;
using HipHostPinnedSpace = Kokkos::Experimental::HIPHostPinnedSpace;
#endif

template <>
struct Traits<HipExecutionSpace> {
  static constexpr const char* name = "HIP";
  static constexpr bool is_gpu = true;
  static constexpr int max_tpr = 64;
  static constexpr int max_team_size = 1024;
  // Threads of a team that run in lock step (a wavefront; team ranks are
  // lanes when the vector length is 1), and the value of the lane `delta` below.
  static constexpr int warp_lanes = 64;
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle_up(const T& v, int delta) {
#ifdef __HIP_DEVICE_COMPILE__
    T out{};
    ::Kokkos::Experimental::Impl::in_place_shfl_up(out, v, delta, warp_lanes);
    return out;
#else
    (void)delta;
    return v;
#endif
  }
  // The value of lane `src` of the wavefront (every lane of it calls it; src may differ between lanes).
  template <class T>
  KOKKOS_INLINE_FUNCTION static T broadcast(const T& v, int src) {
#ifdef __HIP_DEVICE_COMPILE__
    T out{};
    const int width = warp_lanes;  // taken by reference: no odr-use of the member in device code
    ::Kokkos::Experimental::Impl::in_place_shfl(out, v, src, width);
    return out;
#else
    (void)src;
    return v;
#endif
  }
  // The wavefront's lanes whose `p` holds, as bits (bit j: lane j; every lane of it calls it).
  KOKKOS_INLINE_FUNCTION static std::uint64_t ballot(bool p) {
#ifdef __HIP_DEVICE_COMPILE__
    return __ballot(p ? 1 : 0);
#else
    return p ? 1 : 0;
#endif
  }
  using host_pinned_memory_space = HipHostPinnedSpace;  // page-locked host memory kernels can read
  static DeviceProperties properties(const HipExecutionSpace& space) {
    return cached_device_properties(space.hip_device(), [](int dev, DeviceProperties& p) {
      p.backend = name;
      p.is_gpu = true;
      hipDeviceProp_t prop{};
      if (hipGetDeviceProperties(&prop, dev) != hipSuccess) {
        p.name = "unknown HIP device";
        return false;
      }
      fill_common_gpu_fields(prop, p);
      p.compute_capability = prop.gcnArchName;
      p.peak_bandwidth_gbs = 2.0 * prop.memoryClockRate * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
      return true;
    });
  }
  // Instances are queues: two are the same when they share a stream.
  static bool same_instance(const HipExecutionSpace& a, const HipExecutionSpace& b) {
    return a.hip_stream() == b.hip_stream();
  }
  // Concurrency on a GPU comes from instances (streams), not host threads:
  // partitions run one after the other on the calling thread.
  template <class F>
  static void in_partitions(int partitions, F&& f) {
    for (int p = 0; p < partitions; ++p) f(p, partitions);
  }
  // A new instance on a stream of its own.
  static OwnedInstance<HipExecutionSpace> new_instance() {
    hipStream_t s = nullptr;
    if (hipStreamCreate(&s) != hipSuccess) throw std::runtime_error("aspmv: hipStreamCreate failed");
    std::shared_ptr<void> owner(s, [](void* p) { (void)hipStreamDestroy(static_cast<hipStream_t>(p)); });
    return {HipExecutionSpace(s), owner};
  }
};

}  // namespace aspmv::backends
