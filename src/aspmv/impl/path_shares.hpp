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

#include <aspmv/impl/kernel_types.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

namespace aspmv::impl {

// s * path / shares without forming s * path (path up to 2^62, shares < 2^31).
KOKKOS_INLINE_FUNCTION std::int64_t path_share_start(std::int64_t path, std::int64_t share, std::int64_t shares) {
  const std::int64_t q = path / shares, r = path % shares;
  return share * q + share * r / shares;
}

// The first item of share `share` (0 <= share <= shares) of `count` items
// whose path positions `position(i)` rise with i (position(count): the path's
// length): the least i with position(i) >= the share's start.
template <class Position>
KOKKOS_INLINE_FUNCTION std::int64_t path_share_first(const Position& position, std::int64_t count, std::int64_t share,
                                                     std::int64_t shares) {
  if (share <= 0) return 0;
  if (share >= shares) return count;
  const std::int64_t start = path_share_start(position(count), share, shares);
  return first_index_where(0, count, [&](std::int64_t i) { return position(i) >= start; });
}

// How many shares a CPU launch takes: per_thread shares (at least one) for
// each of the space instance's threads, at least one and at most `items`
// (rows, slices) in all.
inline std::int64_t host_share_count(std::int64_t per_thread, std::int64_t threads, std::int64_t items) {
  const std::int64_t wanted = std::max<std::int64_t>(1, per_thread) * std::max<std::int64_t>(1, threads);
  return std::clamp<std::int64_t>(wanted, 1, std::max<std::int64_t>(1, items));
}

// Row r's place on the merge path of a CSR matrix: r + offsets(r).
template <class Offsets>
struct RowPathPosition {
  const Offsets& offsets;
  KOKKOS_INLINE_FUNCTION std::int64_t operator()(std::int64_t r) const {
    return r + static_cast<std::int64_t>(offsets(r));
  }
};

// The first row of share `share` (0 <= share <= shares) of a CSR matrix with
// `rows` rows whose row offsets are `offsets` (offsets(rows) = nnz).
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t path_share_first_row(const Offsets& offsets, std::int64_t rows, std::int64_t share,
                                                         std::int64_t shares) {
  return path_share_first(RowPathPosition<Offsets>{offsets}, rows, share, shares);
}

}  // namespace aspmv::impl
