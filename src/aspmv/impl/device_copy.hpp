#pragma once
// Device arrays of a plan: every allocation names the execution-space
// instance it is made on (no default-instance fence) and leaves the memory
// uninitialized (every array is written before it is read).

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::impl {

template <class T, class MemorySpace, class ExecSpace>
Kokkos::View<T*, MemorySpace> allocate(const ExecSpace& exec, std::int64_t n, const std::string& label) {
  return Kokkos::View<T*, MemorySpace>(Kokkos::view_alloc(exec, Kokkos::WithoutInitializing, label),
                                       static_cast<std::size_t>(n));
}

// Copies a host std::vector into a new device view (and waits: the vector
// may die right after).
template <class MemorySpace, class ExecSpace, class T>
Kokkos::View<T*, MemorySpace> to_device(const ExecSpace& exec, const std::vector<T>& v, const std::string& label) {
  auto d = allocate<T, MemorySpace>(exec, static_cast<std::int64_t>(v.size()), label);
  Kokkos::deep_copy(exec, d, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(v.data(), v.size()));
  exec.fence();
  return d;
}

}  // namespace aspmv::impl
