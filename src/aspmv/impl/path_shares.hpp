#pragma once
// Whole rows in equal shares of the merge path of rows and nonzeros, found by
// one binary search of the row offsets per share boundary, with no analysis
// and nothing stored: row r starts at path position r + offsets[r], and share
// s of `shares` takes the rows [first(s), first(s + 1)) where first(s) is the
// least row with r + offsets[r] >= s * (rows + nnz) / shares. So first(0) = 0,
// first(shares) = rows, every row lies in exactly one share, and a share holds
// about (rows + nnz) / shares of the work unless one row alone is longer
// (a row is never split). The CPU launch shape of row-per-thread kernels:
// one contiguous run of rows per thread, balanced by nonzeros.

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// s * path / shares without forming s * path (path up to 2^62, shares < 2^31).
KOKKOS_INLINE_FUNCTION std::int64_t path_share_start(std::int64_t path, std::int64_t share, std::int64_t shares) {
  const std::int64_t q = path / shares, r = path % shares;
  return share * q + share * r / shares;
}

// The first row of share `share` (0 <= share <= shares) of a CSR matrix with
// `rows` rows whose row offsets are `offsets` (offsets(rows) = nnz).
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t path_share_first_row(const Offsets& offsets, std::int64_t rows, std::int64_t share,
                                                         std::int64_t shares) {
  if (share <= 0) return 0;
  if (share >= shares) return rows;
  const std::int64_t start = path_share_start(rows + static_cast<std::int64_t>(offsets(rows)), share, shares);
  std::int64_t lo = 0, hi = rows;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (mid + static_cast<std::int64_t>(offsets(mid)) < start)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

}  // namespace aspmv::impl
