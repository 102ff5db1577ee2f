#pragma once
// L2Window<Kokkos::Cuda> (backends/l2_window.hpp): the instance's stream gets
// an access policy window over the array, hits persisting, for as long as
// the object lives; the stream's previous window comes back after.
//
// Persisting lines live in a part of the L2 set aside for them, a
// device-wide limit (cudaLimitPersistingL2CacheSize). When it is 0 (CUDA's
// default) the first window sets it to the device's maximum
// (cudaDeviceProp::persistingL2CacheMaxSize) and leaves it there: lines
// that are not persisting still use the set-aside part while no persisting
// line needs it, but x's lines stay persisting after the kernels end, until
// other persisting lines replace them. A limit the caller set is kept. A
// window larger than the set-aside part marks only that share of its
// accesses persisting (hitRatio), so that its lines do not evict each other.

#include <Kokkos_Core.hpp>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <string>

namespace aspmv::backends {

template <>
class L2Window<Kokkos::Cuda> {
 public:
  L2Window(const Kokkos::Cuda& exec, const void* base, std::size_t bytes) : stream_(exec.cuda_stream()) {
    if (stream_ == nullptr) {
      why_ = "the instance is on CUDA's legacy default stream, which takes no access policy: nothing changes";
      return;
    }
    if (base == nullptr || bytes == 0) {
      why_ = "an empty array: nothing changes";
      return;
    }
    const Device d = device(exec.cuda_device());
    if (d.set_aside == 0 || d.max_window == 0) {
      why_ = d.why;
      return;
    }
    if (cudaStreamGetAttribute(stream_, cudaStreamAttributeAccessPolicyWindow, &previous_) != cudaSuccess) {
      cudaGetLastError();
      why_ = "cudaStreamGetAttribute failed: nothing changes";
      return;
    }
    cudaStreamAttrValue v = {};
    v.accessPolicyWindow.base_ptr = const_cast<void*>(base);
    v.accessPolicyWindow.num_bytes = std::min(bytes, d.max_window);
    v.accessPolicyWindow.hitRatio =
        static_cast<float>(std::min(1.0, double(d.set_aside) / double(v.accessPolicyWindow.num_bytes)));
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    if (cudaStreamSetAttribute(stream_, cudaStreamAttributeAccessPolicyWindow, &v) != cudaSuccess) {
      cudaGetLastError();
      why_ = "cudaStreamSetAttribute failed: nothing changes";
      return;
    }
    active_ = true;
    why_ = "persisting window of " + std::to_string(v.accessPolicyWindow.num_bytes) + " bytes, hit ratio " +
           std::to_string(v.accessPolicyWindow.hitRatio) + ", set-aside " + std::to_string(d.set_aside) + " bytes";
  }
  ~L2Window() {
    if (active_) cudaStreamSetAttribute(stream_, cudaStreamAttributeAccessPolicyWindow, &previous_);
  }
  L2Window(const L2Window&) = delete;
  L2Window& operator=(const L2Window&) = delete;

  bool active() const { return active_; }
  std::string why() const { return why_; }

 private:
  struct Device {
    std::size_t set_aside = 0;   // bytes of L2 set aside for persisting lines
    std::size_t max_window = 0;  // cudaDeviceProp::accessPolicyMaxWindowSize
    std::string why;
  };
  // Once per device and process: the set-aside part (made the device's
  // maximum when nobody set it) and the largest window.
  static Device device(int id) {
    static std::mutex m;
    static Device known[64];
    static bool looked[64] = {};
    if (id < 0 || id >= 64) return {0, 0, "device number out of range: nothing changes"};
    std::lock_guard<std::mutex> lock(m);
    if (!looked[id]) {
      looked[id] = true;
      known[id] = look(id);
    }
    return known[id];
  }
  static Device look(int id) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, id) != cudaSuccess) {
      cudaGetLastError();
      return {0, 0, "cudaGetDeviceProperties failed: nothing changes"};
    }
    if (p.persistingL2CacheMaxSize <= 0 || p.accessPolicyMaxWindowSize <= 0)
      return {0, 0, "the device has no persisting L2 lines (before compute capability 8.0): nothing changes"};
    std::size_t limit = 0;
    int current = -1;
    cudaGetDevice(&current);
    cudaSetDevice(id);
    if (cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize) == cudaSuccess && limit == 0 &&
        cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, std::size_t(p.persistingL2CacheMaxSize)) == cudaSuccess)
      cudaDeviceGetLimit(&limit, cudaLimitPersistingL2CacheSize);
    cudaGetLastError();
    if (current >= 0) cudaSetDevice(current);
    if (limit == 0) return {0, 0, "the device's L2 set-aside for persisting lines could not be set: nothing changes"};
    return {limit, std::size_t(p.accessPolicyMaxWindowSize), {}};
  }

  cudaStream_t stream_ = nullptr;
  cudaStreamAttrValue previous_ = {};
  bool active_ = false;
  std::string why_;
};

}  // namespace aspmv::backends
