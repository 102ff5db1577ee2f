#pragma once
// Backend traits of Kokkos::OpenMP: host threads, teams of one thread (rows
// are handed out in chunks), a TpR vector runs as a sequential inner loop.

#include <backends/host/host_properties.hpp>
#include <backends/owned_instance.hpp>

#include <Kokkos_Core.hpp>
#include <omp.h>

#include <cstdint>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::OpenMP> {
  static constexpr const char* name = "OpenMP";
  static constexpr bool is_gpu = false;
  static constexpr int max_tpr = 32;
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
  using host_pinned_memory_space = Kokkos::HostSpace;                    // nothing to pin: kernels read host memory
  static DeviceProperties properties(const Kokkos::OpenMP& /*space*/) {  // concurrency() is static in Kokkos 3.4
    auto p = host::properties(name, Kokkos::OpenMP::concurrency());
    p.thread_binding = proc_bind_name(omp_get_proc_bind());  // as read from OMP_PROC_BIND at start-up
    return p;
  }
  static const char* proc_bind_name(omp_proc_bind_t b) {
    switch (b) {
      case omp_proc_bind_false: return "false";
      case omp_proc_bind_true: return "true";
      case omp_proc_bind_master: return "master";
      case omp_proc_bind_close: return "close";
      case omp_proc_bind_spread: return "spread";
    }
    return "unknown";
  }
  // Kokkos 3.4's host spaces hold no per-instance queue: work runs on the
  // calling thread's pool, synchronously, so every instance is the same one.
  static bool same_instance(const Kokkos::OpenMP&, const Kokkos::OpenMP&) { return true; }
  static OwnedInstance<Kokkos::OpenMP> new_instance() { return {Kokkos::OpenMP(), nullptr}; }
  // Runs f(partition, partitions) on `partitions` partitions of the thread
  // pool at once (Kokkos 3.4's OpenMP::partition_master, nested parallelism
  // enabled for the call); serially when the pool is too small to split.
  template <class F>
  static void in_partitions(int partitions, F&& f) {
    if (Kokkos::OpenMP::concurrency() < partitions) {
      for (int p = 0; p < partitions; ++p) f(p, partitions);
      return;
    }
    const int levels = omp_get_max_active_levels();
    omp_set_max_active_levels(2);
    Kokkos::OpenMP::partition_master(f, partitions, Kokkos::OpenMP::concurrency() / partitions);
    omp_set_max_active_levels(levels);
  }
};

}  // namespace aspmv::backends
