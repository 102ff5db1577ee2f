#pragma once
// Computing features: row-length statistics on the device (parallel
// reductions over the row offsets) and on the host; both agree exactly on
// min/max/nnz and to rounding on mean/var. The longest column, likewise.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/impl/column_counts.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>
#include <backends/kokkos_compat.hpp>
#include <backends/row_length_moments.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <vector>

namespace aspmv {

namespace impl {
// min, max and the sum of squared deviations from the (known) mean of the
// row lengths, in one reduction: one launch and one wait instead of two
// (the row_stats pass is what a plan pays to gather; on the H100 its two
// reductions cost 40-60 us on small matrices, about 10 SpMV calls).
struct RowLengthMoments {
  std::int64_t min = INT64_MAX;
  std::int64_t max = 0;
  double sq = 0;
};
template <class Offsets>
struct RowLengthMomentsFunctor {
  using value_type = RowLengthMoments;
  Offsets offsets;
  double mean;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, RowLengthMoments& v) const {
    const auto len = static_cast<std::int64_t>(offsets(r + 1) - offsets(r));
    if (len < v.min) v.min = len;
    if (len > v.max) v.max = len;
    const double d = static_cast<double>(len) - mean;
    v.sq += d * d;
  }
  KOKKOS_FUNCTION void init(RowLengthMoments& v) const { v = RowLengthMoments{}; }
  KOKKOS_FUNCTION void join(RowLengthMoments& d, const RowLengthMoments& s) const {
    d.min = s.min < d.min ? s.min : d.min;
    d.max = s.max > d.max ? s.max : d.max;
    d.sq += s.sq;
  }
  KOKKOS_FUNCTION void join(volatile RowLengthMoments& d,
                            const volatile RowLengthMoments& s) const {  // Kokkos 3.4 (kokkos_compat.hpp)
    d.min = s.min < d.min ? s.min : d.min;
    d.max = s.max > d.max ? s.max : d.max;
    backends::volatile_add(d.sq, s.sq);
  }
};
template <class Counts>
struct LargestCount {
  Counts counts;
  KOKKOS_FUNCTION void operator()(const std::int64_t j, std::int64_t& m) const {
    if (counts(j) > m) m = counts(j);
  }
};
}  // namespace impl

// Row statistics of rows [row_begin, row_end) given host row offsets.
template <class Offset>
RowStats row_stats(const std::vector<Offset>& offsets, std::int64_t cols, std::int64_t row_begin,
                   std::int64_t row_end) {
  RowStats s;
  s.rows = row_end - row_begin;
  s.cols = cols;
  if (s.rows <= 0) return s;
  s.nnz = static_cast<std::int64_t>(offsets[row_end] - offsets[row_begin]);
  s.mean = double(s.nnz) / double(s.rows);
  s.min = INT64_MAX;
  s.max = 0;
  double sq = 0;
  for (auto r = row_begin; r < row_end; ++r) {
    const auto len = static_cast<std::int64_t>(offsets[r + 1] - offsets[r]);
    s.min = len < s.min ? len : s.min;
    s.max = len > s.max ? len : s.max;
    sq += (double(len) - s.mean) * (double(len) - s.mean);
  }
  s.var = sq / double(s.rows);
  return s;
}

// The number of nonzeros in A's longest column (the longest row of A^T), on
// `exec`: one pass over the column indices with atomic counters (num_cols of
// them, allocated here), then a max reduction; waits for the result. A's
// column indices must be in range (aspmv::validate).
template <class ExecSpace, class Value, class Offset, class Mem>
std::int64_t max_column_nnz(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a) {
  if (a.nnz() == 0) return 0;
  auto counts = impl::allocate<std::int64_t, Mem>(exec, a.num_cols(), "aspmv::features::column_counts");
  Kokkos::deep_copy(exec, counts, std::int64_t(0));
  using Cols = typename CsrMatrix<Value, Offset, Mem>::indices_view;
  Kokkos::parallel_for("aspmv::features::column_counts", impl::RangePolicy<ExecSpace>(exec, 0, a.nnz()),
                       impl::CountPerColumn<decltype(counts), Cols>{counts, a.col_indices()});
  std::int64_t m = 0;
  Kokkos::parallel_reduce("aspmv::features::max_column", impl::RangePolicy<ExecSpace>(exec, 0, a.num_cols()),
                          impl::LargestCount<decltype(counts)>{counts}, Kokkos::Max<std::int64_t>(m));
  exec.fence();
  return m;
}

// The same from a host matrix.
template <class Value, class Offset>
std::int64_t max_column_nnz(const HostCsr<Value, Offset>& a) {
  std::vector<std::int64_t> counts(static_cast<std::size_t>(a.num_cols), 0);
  for (const auto c : a.col_indices) ++counts[static_cast<std::size_t>(c)];
  std::int64_t m = 0;
  for (const auto n : counts) m = n > m ? n : m;
  return m;
}

template <class Value, class Offset>
RowStats row_stats(const HostCsr<Value, Offset>& a) {
  return row_stats(a.row_offsets, a.num_cols, 0, a.num_rows);
}

namespace impl {
// The known features of a device matrix (rows, cols, nnz, mean), before any pass.
template <class Value, class Offset, class Mem>
RowStats known_row_stats(const CsrMatrix<Value, Offset, Mem>& a) {
  RowStats s;
  s.rows = a.num_rows();
  s.cols = a.num_cols();
  s.nnz = a.nnz();
  if (s.rows > 0) s.mean = double(s.nnz) / double(s.rows);
  return s;
}

// `s` with min, max and var from a reduction's moments (min, max, sq: squared deviations from s.mean summed).
template <class Moments>
RowStats with_moments(RowStats s, const Moments& v) {
  s.min = v.min;
  s.max = v.max;
  s.var = v.sq / double(s.rows);
  return s;
}

// Row statistics of a device matrix by Kokkos' parallel_reduce on `exec` (every space; the spaces with a
// reduction of their own use it, backends/row_length_moments.hpp, and keep this for comparison:
// perf/launch/launch_floor.cpp).
template <class ExecSpace, class Value, class Offset, class Mem>
RowStats row_stats_by_kokkos(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a) {
  RowStats s = known_row_stats(a);
  if (s.rows == 0) return s;
  using Offsets = typename CsrMatrix<Value, Offset, Mem>::offsets_view;
  RowLengthMoments v;
  Kokkos::parallel_reduce("aspmv::features::row_stats", RangePolicy<ExecSpace>(exec, 0, s.rows),
                          RowLengthMomentsFunctor<Offsets>{a.row_offsets(), s.mean}, v);
  exec.fence();
  return with_moments(s, v);
}
}  // namespace impl

// Row statistics of a device matrix, by one reduction on `exec` (waits for it): the backend's own where it has
// one (one launch and one wait on CUDA: 11 us against Kokkos' 20 us on the H200, perf/results/h200/
// 2026-12-04-row-stats-guard), else Kokkos' parallel_reduce.
template <class ExecSpace, class Value, class Offset, class Mem>
RowStats row_stats(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a) {
  if constexpr (backends::has_row_length_moments<ExecSpace>) {
    RowStats s = impl::known_row_stats(a);
    if (s.rows == 0) return s;
    return impl::with_moments(s, backends::row_length_moments(exec, a.row_offsets().data(), s.rows, s.mean));
  } else {
    return impl::row_stats_by_kokkos(exec, a);
  }
}

}  // namespace aspmv
