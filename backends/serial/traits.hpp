#pragma once
// Backend traits of Kokkos::Serial: one host thread, teams of one thread,
// a TpR vector runs as a sequential inner loop.

#include <aspmv/backends/host/host_properties.hpp>

#include <Kokkos_Core.hpp>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::Serial> {
  static constexpr const char* name = "Serial";
  static constexpr bool is_gpu = false;
  static constexpr int max_tpr = 32;      // accepted TpR values run sequentially
  static constexpr int max_team_size = 1;
  static DeviceProperties properties(const Kokkos::Serial&) { return host::properties(name, 1); }
};

}  // namespace aspmv::backends
