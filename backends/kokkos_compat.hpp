#pragma once
// What differs between the Kokkos versions aspmv is written for, in one
// place. aspmv builds and is tested against Kokkos 3.4.01 (the version the
// Debian sources provide); its code keeps to the API that Kokkos 3.4 and 4.x
// share (read from the 4.x documentation), as C++17 and as C++20 (Kokkos 5
// requires C++20; CI compiles and runs the unit and kernel tests both ways).
//
// 1. Custom reductions: Kokkos 3.4 joins partial results through volatile
//    references on some backends, so reducers and reduced types carry a
//    volatile join as well; Kokkos 4 removed that requirement (the overload
//    is then unused), and C++20 deprecates compound assignment to volatile
//    objects. volatile_add spells the volatile join without it.

#include <Kokkos_Core.hpp>

namespace aspmv::backends {

template <class T>
KOKKOS_FORCEINLINE_FUNCTION void volatile_add(volatile T& d, const volatile T& s) {
  d = d + s;
}

}  // namespace aspmv::backends
