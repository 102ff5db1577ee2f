#pragma once
// Entries per column of a CSR matrix, by atomic increments (the counts do
// not depend on the order): A^T's row lengths (transpose.hpp) and A's
// longest column (features.hpp).

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

template <class Counts, class Cols>
struct CountPerColumn {
  Counts counts;  // at least num_cols, zeroed; counts(c) += entries of column c
  Cols cols;
  KOKKOS_FUNCTION void operator()(const std::int64_t k) const { Kokkos::atomic_increment(&counts(cols(k))); }
};

}  // namespace aspmv::impl
