#pragma once
// One element of a vector or of a column of a multivector, so that a kernel
// body serves rank-1 and rank-2 views alike (column c of a rank-1 view is
// the view itself).

#include <cstdint>

namespace aspmv::impl {

template <class V>
KOKKOS_FORCEINLINE_FUNCTION decltype(auto) entry(const V& v, const std::int64_t i, const std::int64_t c) {
  if constexpr (V::rank == 1) {
    (void)c;
    return v(i);
  } else {
    return v(i, c);
  }
}

// Vectors a view holds: 1 for rank 1, its second extent for rank 2.
template <class V>
std::int64_t vector_count(const V& v) {
  if constexpr (V::rank == 1)
    return 1;
  else
    return static_cast<std::int64_t>(v.extent(1));
}

}  // namespace aspmv::impl
