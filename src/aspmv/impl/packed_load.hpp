#pragma once
// N consecutive elements read as one packed load: a struct of N elements
// aligned to their size (at most 16 bytes), so a GPU compiler emits one
// 8- or 16-byte load for 2 or 4 column indices (two 16-byte loads for 4
// doubles) where it would otherwise issue N loads and may schedule them one
// by one. The caller guarantees the address is aligned to that size
// (is_packed_aligned); SELL's lanes of G entries (kernels/sell.hpp) are.

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>

namespace aspmv::impl {

template <class T, int N>
struct alignas(N * sizeof(T) >= 16 ? 16 : N * sizeof(T)) Packed {
  T v[N];
};

template <int N, class T>
KOKKOS_FORCEINLINE_FUNCTION Packed<T, N> load_packed(const T* p) {
  return *reinterpret_cast<const Packed<T, N>*>(p);
}

// Whether `p` may start a packed load of N elements.
template <int N, class T>
bool is_packed_aligned(const T* p) {
  return reinterpret_cast<std::uintptr_t>(p) % alignof(Packed<T, N>) == 0;
}

}  // namespace aspmv::impl
