#pragma once
// Backend traits of Kokkos::OpenMP: host threads, teams of one thread (rows
// are handed out in chunks), a TpR vector runs as a sequential inner loop.

#include <aspmv/backends/host/host_properties.hpp>

#include <Kokkos_Core.hpp>

namespace aspmv::backends {

template <>
struct Traits<Kokkos::OpenMP> {
  static constexpr const char* name = "OpenMP";
  static constexpr bool is_gpu = false;
  static constexpr int max_tpr = 32;
  static constexpr int max_team_size = 1;
  static DeviceProperties properties(const Kokkos::OpenMP& space) {
    return host::properties(name, space.concurrency());
  }
};

}  // namespace aspmv::backends
