#pragma once
// Backend traits of Kokkos::Serial: one host thread, teams of one thread,
// a TpR vector runs as a sequential inner loop.

#include <backends/host/host_properties.hpp>
#include <backends/owned_instance.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::Serial> {
  static constexpr const char* name = "Serial";
  static constexpr bool is_gpu = false;
  static constexpr int max_tpr = 32;  // accepted TpR values run sequentially
  static constexpr int max_team_size = 1;
  // No lanes in lock step: each thread is its own "warp".
  static constexpr int warp_lanes = 1;
  template <class T>
  KOKKOS_INLINE_FUNCTION static T shuffle_up(const T& v, int /*delta*/) {
    return v;
  }
  // The value of lane `src` of the warp (each thread is its own warp here).
  template <class T>
  KOKKOS_INLINE_FUNCTION static T broadcast(const T& v, int /*src*/) {
    return v;
  }
  // The warp's lanes whose `p` holds, as bits (one lane: bit 0).
  KOKKOS_INLINE_FUNCTION static std::uint64_t ballot(bool p) { return p ? 1 : 0; }
  using host_pinned_memory_space = Kokkos::HostSpace;  // nothing to pin: kernels read host memory
  static DeviceProperties properties(const Kokkos::Serial&) { return host::properties(name, 1); }
  // Kokkos 3.4's host spaces hold no per-instance queue: work runs on the
  // calling thread's pool, synchronously, so every instance is the same one.
  static bool same_instance(const Kokkos::Serial&, const Kokkos::Serial&) { return true; }
  static OwnedInstance<Kokkos::Serial> new_instance() { return {Kokkos::Serial(), nullptr}; }
  // One thread: partitions run one after the other.
  template <class F>
  static void in_partitions(int partitions, F&& f) {
    for (int p = 0; p < partitions; ++p) f(p, partitions);
  }
};

}  // namespace aspmv::backends
