#pragma once
// Copies a host std::vector into a new device view (and waits: the vector
// may die right after).

#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

namespace aspmv::impl {

template <class MemorySpace, class ExecSpace, class T>
Kokkos::View<T*, MemorySpace> to_device(const ExecSpace& exec, const std::vector<T>& v, const std::string& label) {
  Kokkos::View<T*, MemorySpace> d(Kokkos::view_alloc(Kokkos::WithoutInitializing, label), v.size());
  Kokkos::deep_copy(exec, d, Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(v.data(), v.size()));
  exec.fence();
  return d;
}

}  // namespace aspmv::impl
