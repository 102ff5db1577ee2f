#pragma once
// A Kokkos profiling region open for the lifetime of a scope (ArborX's
// ScopedRegion): a call that throws still closes its region.

#include <Kokkos_Core.hpp>

#include <string>

namespace aspmv::impl {

class ScopedRegion {
 public:
  explicit ScopedRegion(const std::string& name) { Kokkos::Profiling::pushRegion(name); }
  ~ScopedRegion() { Kokkos::Profiling::popRegion(); }
  ScopedRegion(const ScopedRegion&) = delete;
  ScopedRegion& operator=(const ScopedRegion&) = delete;
};

}  // namespace aspmv::impl
