#pragma once
// Column indices stored as 8- or 16-bit deltas from a base column: what the
// compressed-index kernels share (csr_delta's per-row bases, the per-block
// bases of kernels/csr_adaptive_delta.hpp). A span of columns fits a width when its
// smallest column is not negative (invalid input keeps A's own indices) and
// its largest minus its smallest is below 2^bits.

#include <backends/kokkos_compat.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// Column k of a narrow run (a row, a block): its base plus the stored delta.
template <class DeltaView>
struct DeltaColumns {
  DeltaView delta;
  std::int32_t base;
  template <class K>
  KOKKOS_FORCEINLINE_FUNCTION std::int32_t operator()(const K k) const {
    return base + static_cast<std::int32_t>(delta(k));
  }
};

// Column k of row `row` stored as its signed distance from the row index
// (csr_delta when every entry of the matrix lies within 2^(bits-1) - 1 of
// its row: bands and grid stencils; no base to read).
template <class DeltaView>
struct RowRelativeColumns {
  DeltaView delta;
  std::int64_t row;
  template <class K>
  KOKKOS_FORCEINLINE_FUNCTION std::int64_t operator()(const K k) const {
    return row + static_cast<std::int64_t>(delta(k));
  }
};

// The signed width (8 or 16) every entry's distance from its row fits, 0 when neither.
inline int row_relative_bits(std::int64_t largest_distance) {
  if (largest_distance <= 127) return 8;
  if (largest_distance <= 32767) return 16;
  return 0;
}

// The smallest and largest column of a run of entries (empty: base 0, fits).
struct ColumnSpan {
  std::int64_t lo;
  std::int64_t hi;
  KOKKOS_INLINE_FUNCTION bool fits(std::int64_t limit) const { return lo >= 0 && hi - lo < limit; }
};
template <class Cols, class Offset>
KOKKOS_INLINE_FUNCTION ColumnSpan column_span(const Cols& cols, Offset begin, Offset end) {
  if (end <= begin) return {0, 0};
  std::int64_t lo = cols(begin), hi = cols(begin);
  for (auto k = begin + 1; k < end; ++k) {
    const std::int64_t c = cols(k);
    lo = c < lo ? c : lo;
    hi = c > hi ? c : hi;
  }
  return {lo, hi};
}

// The largest |column - row| of a row's entries from their span (a negative
// column is out of every width; an empty row is at distance 0).
KOKKOS_INLINE_FUNCTION std::int64_t row_distance(const ColumnSpan& span, std::int64_t row, bool empty) {
  if (empty) return 0;
  if (span.lo < 0) return INT64_MAX;
  return row - span.lo > span.hi - row ? row - span.lo : span.hi - row;
}

// Runs (rows, blocks) too wide for 8 and for 16 bits and their nonzeros,
// summed by one reduction.
struct WideNonzeros {
  std::int64_t bits8 = 0;
  std::int64_t bits16 = 0;
  std::int64_t runs8 = 0;
  std::int64_t runs16 = 0;
  std::int64_t nonzeros(int bits) const { return bits == 8 ? bits8 : bits16; }
  std::int64_t runs(int bits) const { return bits == 8 ? runs8 : runs16; }
};
// The base of a functor that sums WideNonzeros (Kokkos finds init and join
// as const members: they cannot be static).
struct WideNonzerosReduction {
  using value_type = WideNonzeros;
  KOKKOS_FUNCTION void init(WideNonzeros& wide) const {  // NOLINT(readability-convert-member-functions-to-static)
    wide.bits8 = wide.bits16 = wide.runs8 = wide.runs16 = 0;
  }
  // NOLINTNEXTLINE(readability-convert-member-functions-to-static)
  KOKKOS_FUNCTION void join(volatile WideNonzeros& into, const volatile WideNonzeros& from) const { add(into, from); }
  KOKKOS_INLINE_FUNCTION static void add(volatile WideNonzeros& into, const volatile WideNonzeros& from) {
    backends::volatile_add(into.bits8, from.bits8);  // C++20 deprecates += on volatile
    backends::volatile_add(into.bits16, from.bits16);
    backends::volatile_add(into.runs8, from.runs8);
    backends::volatile_add(into.runs16, from.runs16);
  }
  KOKKOS_INLINE_FUNCTION static void count(const ColumnSpan& span, std::int64_t n, WideNonzeros& wide) {
    if (!span.fits(256)) {
      wide.bits8 += n;
      wide.runs8 += 1;
    }
    if (!span.fits(65536)) {
      wide.bits16 += n;
      wide.runs16 += 1;
    }
  }
};

// Index bytes a delta width moves over the matrix: the narrow runs' deltas
// and the wide runs' 32-bit indices.
inline std::int64_t delta_index_bytes(std::int64_t nnz, std::int64_t wide_nnz, int bits) {
  return (nnz - wide_nnz) * (bits / 8) + wide_nnz * 4;
}

// The width that moves fewer index bytes (8 on a tie).
inline int delta_bits(std::int64_t nnz, const WideNonzeros& wide) {
  return delta_index_bytes(nnz, wide.bits8, 8) <= delta_index_bytes(nnz, wide.bits16, 16) ? 8 : 16;
}

}  // namespace aspmv::impl
