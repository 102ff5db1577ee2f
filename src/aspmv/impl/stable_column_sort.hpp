#pragma once
// The order of A's nonzeros by column, stable (within a column, by row): the
// permutation that turns CSR into CSC, i.e. A into A^T in CSR. An LSD radix
// sort over the column index, 8 bits a pass (as many passes as the column
// count needs), where each thread walks its own block of entries in order,
// so every pass is stable and the result deterministic without a
// comparison sort. One histogram per (digit, block), one exclusive scan,
// one scatter per pass; no atomics.

#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <utility>

namespace aspmv::impl {

// Entries one thread walks per pass (a thread keeps a 256-bin histogram).
constexpr std::int64_t column_sort_block = 256;
constexpr int column_sort_bits = 8;
constexpr int column_sort_bins = 1 << column_sort_bits;

// 8-bit passes that cover column indices 0 .. num_cols - 1.
inline int column_sort_passes(std::int64_t num_cols) {
  int bits = 0;
  while (bits < 31 && (std::int64_t(1) << bits) < num_cols) ++bits;
  return (bits + column_sort_bits - 1) / column_sort_bits;
}

template <class Cols, class Perm, class Counts>
struct ColumnDigitCount {
  Cols cols;
  Perm perm;  // entry order before this pass; unused when identity
  Counts counts;
  std::int64_t nnz, num_blocks;
  int shift;
  bool identity;
  KOKKOS_FUNCTION void operator()(const std::int64_t b) const {
    typename Counts::non_const_value_type local[column_sort_bins] = {};
    const std::int64_t end = (b + 1) * column_sort_block < nnz ? (b + 1) * column_sort_block : nnz;
    for (std::int64_t i = b * column_sort_block; i < end; ++i) {
      const auto k = identity ? i : static_cast<std::int64_t>(perm(i));
      ++local[(cols(k) >> shift) & (column_sort_bins - 1)];
    }
    for (int d = 0; d < column_sort_bins; ++d) counts(d * num_blocks + b) = local[d];
  }
};

// counts(i) = counts(0) + ... + counts(i - 1), in place (with parallel_scan).
template <class Counts>
struct ExclusiveScanInPlace {
  Counts counts;
  using value_type = typename Counts::non_const_value_type;
  KOKKOS_FUNCTION void operator()(const std::int64_t i, value_type& update, const bool final) const {
    const value_type v = counts(i);
    if (final) counts(i) = update;
    update += v;
  }
};

template <class Cols, class Perm, class PermOut, class Counts>
struct ColumnDigitScatter {
  Cols cols;
  Perm perm;
  PermOut out;
  Counts counts;  // after the scan: where (digit, block) starts
  std::int64_t nnz, num_blocks;
  int shift;
  bool identity;
  KOKKOS_FUNCTION void operator()(const std::int64_t b) const {
    typename Counts::non_const_value_type next[column_sort_bins];
    for (int d = 0; d < column_sort_bins; ++d) next[d] = counts(d * num_blocks + b);
    const std::int64_t end = (b + 1) * column_sort_block < nnz ? (b + 1) * column_sort_block : nnz;
    for (std::int64_t i = b * column_sort_block; i < end; ++i) {
      const auto k = identity ? i : static_cast<std::int64_t>(perm(i));
      out(next[(cols(k) >> shift) & (column_sort_bins - 1)]++) = static_cast<typename PermOut::value_type>(k);
    }
  }
};

template <class Perm>
struct IdentityFill {
  Perm perm;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const { perm(i) = static_cast<typename Perm::value_type>(i); }
};

// perm(i) = the entry of `cols` (indices in [0, num_cols)) that comes i-th
// when the entries are ordered by column, ties in their original order.
// Asynchronous on `exec`; allocates its scratch on `exec`.
template <class Offset, class ExecSpace, class Cols>
Kokkos::View<Offset*, typename Cols::memory_space> stable_column_order(const ExecSpace& exec, const Cols& cols,
                                                                       std::int64_t num_cols) {
  using Mem = typename Cols::memory_space;
  using Perm = Kokkos::View<Offset*, Mem>;
  const auto nnz = static_cast<std::int64_t>(cols.extent(0));
  Perm a = allocate<Offset, Mem>(exec, nnz, "aspmv::transpose::order");
  const int passes = column_sort_passes(num_cols);
  if (nnz == 0) return a;
  if (passes == 0) {
    Kokkos::parallel_for("aspmv::transpose::identity", RangePolicy<ExecSpace>(exec, 0, nnz), IdentityFill<Perm>{a});
    return a;
  }
  Perm b = allocate<Offset, Mem>(exec, nnz, "aspmv::transpose::order_swap");
  const std::int64_t num_blocks = (nnz + column_sort_block - 1) / column_sort_block;
  auto counts = allocate<Offset, Mem>(exec, num_blocks * column_sort_bins, "aspmv::transpose::digit_counts");
  // Pass p reads `in` (identity for p = 0) and writes `out`; the last pass must end in `a`.
  Perm in = passes % 2 == 0 ? a : b, out = passes % 2 == 0 ? b : a;
  for (int p = 0; p < passes; ++p) {
    const int shift = p * column_sort_bits;
    const bool identity = p == 0;
    Kokkos::parallel_for("aspmv::transpose::digit_count", RangePolicy<ExecSpace>(exec, 0, num_blocks),
                         ColumnDigitCount<Cols, Perm, Perm>{cols, in, counts, nnz, num_blocks, shift, identity});
    Kokkos::parallel_scan("aspmv::transpose::digit_scan",
                          RangePolicy<ExecSpace>(exec, 0, num_blocks * column_sort_bins),
                          ExclusiveScanInPlace<Perm>{counts});
    Kokkos::parallel_for(
        "aspmv::transpose::digit_scatter", RangePolicy<ExecSpace>(exec, 0, num_blocks),
        ColumnDigitScatter<Cols, Perm, Perm, Perm>{cols, in, out, counts, nnz, num_blocks, shift, identity});
    std::swap(in, out);
  }
  return in;  // the last pass's output
}

}  // namespace aspmv::impl
