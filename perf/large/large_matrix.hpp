#pragma once
// The test matrix of aspmv_large_offsets, defined by formulas of the row and
// of the entry's position in its row, so the device can generate any number
// of nonzeros without a host copy and the host can recompute any row to check
// it. Rows:
//   - a few long rows at fixed places (the last row among them) whose
//     lengths are given (tens of millions of nonzeros in the default size);
//   - medium rows, about one in 16384, of 512..8192 nonzeros;
//   - empty rows, about one in 20 of the rest;
//   - short rows of 1..short_max nonzeros.
// Columns of rows with at least 512 nonzeros walk along the row (x stays in
// cache: one thread per row remains affordable for CSR-scalar), the others
// are spread at random. Values, x and the initial y are multiples of 1/256 in
// [-1, 1]: every product is exact in float and double, and every partial sum
// of a row is exact in double (at most 2^37 in magnitude), so a correct
// double SpMV is exact whatever its summation order.

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::large {

inline constexpr int max_long_rows = 16;
inline constexpr std::int64_t wide_row = 512;          // rows this long get walking columns
inline constexpr std::uint64_t medium_one_in = 16384;  // a power of two (mask)
inline constexpr std::int64_t medium_min = 512, medium_span = 7681;
inline constexpr std::uint64_t empty_one_in = 20;

struct MatrixSpec {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::int64_t short_max = 31;  // short rows have 1..short_max nonzeros
  int num_long = 0;
  std::int64_t long_row[max_long_rows] = {};
  std::int64_t long_len[max_long_rows] = {};
  std::uint64_t seed = 1;
};

KOKKOS_INLINE_FUNCTION std::uint64_t mix64(std::uint64_t z) {  // splitmix64's finalizer
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// A multiple of 1/256 in [-1, 1] from the top 24 bits of h.
KOKKOS_INLINE_FUNCTION double quantised(std::uint64_t h) {
  return static_cast<double>(static_cast<std::int64_t>((h >> 40) % 513u) - 256) / 256.0;
}

KOKKOS_INLINE_FUNCTION std::uint64_t salted(const MatrixSpec& s, std::uint64_t salt, std::uint64_t i) {
  return mix64(mix64(s.seed ^ (salt << 58)) ^ i);
}

KOKKOS_INLINE_FUNCTION std::int64_t row_length(const MatrixSpec& s, std::int64_t r) {
  for (int i = 0; i < s.num_long; ++i)
    if (s.long_row[i] == r) return s.long_len[i];
  const std::uint64_t h = salted(s, 1, static_cast<std::uint64_t>(r));
  if ((h & (medium_one_in - 1)) == 7) return medium_min + static_cast<std::int64_t>((h >> 32) % medium_span);
  if (((h >> 14) & 0xFFFF) % empty_one_in == 0) return 0;
  return 1 + static_cast<std::int64_t>((h >> 48) % static_cast<std::uint64_t>(s.short_max));
}

// Expected length of a row that is not one of the long rows.
inline double mean_other_row_length(std::int64_t short_max) {
  const double p_medium = 1.0 / double(medium_one_in);
  const double medium_mean = double(medium_min) + double(medium_span - 1) / 2;
  const double p_empty = 1.0 / double(empty_one_in);
  return p_medium * medium_mean + (1 - p_medium) * (1 - p_empty) * (double(short_max) + 1) / 2;
}

// Entry j of row r: its hash, column and value.
KOKKOS_INLINE_FUNCTION std::uint64_t row_key(const MatrixSpec& s, std::int64_t r) {
  return salted(s, 2, static_cast<std::uint64_t>(r));
}
KOKKOS_INLINE_FUNCTION std::uint64_t entry_hash(std::uint64_t key, std::int64_t j) {
  return mix64(key ^ static_cast<std::uint64_t>(j));
}
KOKKOS_INLINE_FUNCTION std::int32_t entry_column(const MatrixSpec& s, std::int64_t r, std::int64_t len, std::int64_t j,
                                                 std::uint64_t h) {
  if (len >= wide_row) return static_cast<std::int32_t>((r + j + static_cast<std::int64_t>(h & 63)) % s.cols);
  return static_cast<std::int32_t>((h & 0xFFFFFFFFFFull) % static_cast<std::uint64_t>(s.cols));
}
KOKKOS_INLINE_FUNCTION double entry_value(std::uint64_t h) { return quantised(h); }

KOKKOS_INLINE_FUNCTION double x_value(const MatrixSpec& s, std::int64_t j) {
  return quantised(salted(s, 3, static_cast<std::uint64_t>(j)));
}
KOKKOS_INLINE_FUNCTION double y0_value(const MatrixSpec& s, std::int64_t r) {
  return quantised(salted(s, 4, static_cast<std::uint64_t>(r)));
}

// The last row r with off(r) <= k (for k < nnz: the row holding entry k).
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t row_of_entry(const Offsets& off, std::int64_t rows, std::int64_t k) {
  std::int64_t lo = 0, hi = rows - 1;
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo + 1) / 2;
    if (static_cast<std::int64_t>(off(mid)) <= k)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

}  // namespace aspmv::large
