#pragma once
// Small device-side types and helpers shared by the kernels.

#include <backends/host/simd_reduction.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// A range of rows and the first team of the group's league that works on it.
// Arrays of RowBlock end with a sentinel {m, m, total_teams}.
struct RowBlock {
  std::int32_t row_begin;
  std::int32_t row_end;
  std::int64_t team_begin;
};

// Part of one row's nonzeros, for rows split over several teams.
template <class Offset>
struct RowSegment {
  std::int32_t row;
  Offset nnz_begin;
  Offset nnz_end;
};

// The first i in [lo, hi) for which at_or_after(i) holds, hi if none; the
// predicate is false then true along [lo, hi) (a lower bound by bisection).
template <class Predicate>
KOKKOS_INLINE_FUNCTION std::int64_t first_index_where(std::int64_t lo, std::int64_t hi, const Predicate& at_or_after) {
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (at_or_after(mid))
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

// y(row) = alpha * sum + beta * y(row); beta == 0 never reads y.
template <class YView, class Value>
KOKKOS_INLINE_FUNCTION void write_row(const YView& y, std::int64_t row, Value alpha, Value sum, Value beta) {
  if (beta == Value(0))
    y(row) = alpha * sum;
  else
    y(row) = alpha * sum + beta * y(row);
}

// Sum of vals(j) * x(cols(j)) over row `row`, one thread, in order.
template <class Value, class Offsets, class Cols, class Vals, class X>
KOKKOS_INLINE_FUNCTION Value row_sum(const Offsets& offsets, const Cols& cols, const Vals& vals, const X& x,
                                     std::int64_t row) {
  Value sum = 0;
  for (auto j = offsets(row); j < offsets(row + 1); ++j) sum += vals(j) * x(cols(j));
  return sum;
}

// The same sum, the host compiler free to vectorize it (ASPMV_HOST_SIMD_SUM:
// lanes' partial sums added at the end; on devices, without OpenMP and on
// targets without vector gathers the plain loop). CPU launch shapes only.
template <class Value, class Offsets, class Cols, class Vals, class X>
KOKKOS_INLINE_FUNCTION Value row_sum_simd(const Offsets& offsets, const Cols& cols, const Vals& vals, const X& x,
                                          std::int64_t row) {
  Value sum = 0;
  const auto begin = offsets(row), end = offsets(row + 1);
  ASPMV_HOST_SIMD_SUM
  for (auto j = begin; j < end; ++j) sum += vals(j) * x(cols(j));
  return sum;
}

// How a CPU thread sums one row (the table's host_row_simd and
// host_row_partial_sums): in order; in SIMD lanes (row_sum_simd); or in two or
// four interleaved partial sums, added pairwise at the end, so that the
// multiply-adds of a row are not one chain of dependent additions (another
// order than CSR's, inside the same rounding bound, the same every run); or in
// AVX-512 lanes chosen at run time (backends/host/avx512_rows.hpp: whole runs
// of rows, never through sum_row).
enum class RowSum { in_order, simd_lanes, two_partials, four_partials, avx512_lanes };

template <int Parts, class Value, class Offsets, class Cols, class Vals, class X>
KOKKOS_INLINE_FUNCTION Value row_sum_partials(const Offsets& offsets, const Cols& cols, const Vals& vals, const X& x,
                                              std::int64_t row) {
  static_assert(Parts == 2 || Parts == 4, "two or four partial sums");
  Value part[Parts] = {};
  auto j = offsets(row);
  const auto end = offsets(row + 1);
  for (; j + Parts <= end; j += Parts)
    for (int p = 0; p < Parts; ++p) part[p] += vals(j + p) * x(cols(j + p));
  for (; j < end; ++j) part[0] += vals(j) * x(cols(j));  // the last few, in order
  if constexpr (Parts == 4)
    return (part[0] + part[1]) + (part[2] + part[3]);
  else
    return part[0] + part[1];
}

template <RowSum Sum, class Value, class Offsets, class Cols, class Vals, class X>
KOKKOS_INLINE_FUNCTION Value sum_row(const Offsets& offsets, const Cols& cols, const Vals& vals, const X& x,
                                     std::int64_t row) {
  static_assert(Sum != RowSum::avx512_lanes, "AVX-512 lanes sum whole runs of rows (backends/host/avx512_rows.hpp)");
  if constexpr (Sum == RowSum::simd_lanes)
    return row_sum_simd<Value>(offsets, cols, vals, x, row);
  else if constexpr (Sum == RowSum::two_partials)
    return row_sum_partials<2, Value>(offsets, cols, vals, x, row);
  else if constexpr (Sum == RowSum::four_partials)
    return row_sum_partials<4, Value>(offsets, cols, vals, x, row);
  else
    return row_sum<Value>(offsets, cols, vals, x, row);
}

// Index of the block that holds `team`: the last b with blocks(b).team_begin <= team.
template <class BlocksView>
KOKKOS_INLINE_FUNCTION std::int64_t find_block(const BlocksView& blocks, std::int64_t num_blocks, std::int64_t team) {
  std::int64_t lo = 0, hi = num_blocks - 1;
  while (lo < hi) {
    const std::int64_t mid = (lo + hi + 1) / 2;
    if (blocks(mid).team_begin <= team)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

}  // namespace aspmv::impl
