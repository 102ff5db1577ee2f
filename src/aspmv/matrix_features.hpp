#pragma once
// Gathering every feature of the papers (feature_set.hpp) on the device, each
// group timed, and the same on the host for checks and CPU tools:
//   row_stats      - two reductions over the row offsets (features.hpp)
//   row_histogram  - a histogram of row lengths (mode, median)
//   columns        - one pass over the column indices (gaps, bandwidth)

#include <aspmv/csr_matrix.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/features.hpp>
#include <aspmv/host_csr.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace aspmv {

namespace impl {

// Lengths below this are counted in a device histogram; longer ones in one
// overflow bin (the median falls back to an exact host pass if it lands there).
// 2048 bins keep the histogram (16 KiB) in the L2 of every device and cover
// the row lengths of all but the long rows the T_LONG thresholds single out.
inline constexpr std::int64_t row_histogram_bins = 2048;
// Rows one thread of the histogram pass takes: runs of equal lengths within
// the chunk are added with one atomic, so contention on the bins stays low.
inline constexpr std::int64_t histogram_rows_per_thread = 64;

struct ColumnPartial {
  std::int64_t min_dist = INT64_MAX;
  std::int64_t max_dist = 0;
  std::int64_t bandwidth = 0;
};

template <class Off, class Col>
KOKKOS_INLINE_FUNCTION void column_row(const Off& off, const Col& col, std::int64_t r, ColumnPartial& c) {
  const auto b = static_cast<std::int64_t>(off(r)), e = static_cast<std::int64_t>(off(r + 1));
  for (auto k = b; k < e; ++k) {
    const std::int64_t j = col(k);
    const std::int64_t band = j > r ? j - r : r - j;
    if (band > c.bandwidth) c.bandwidth = band;
    if (k > b) {
      const std::int64_t p = col(k - 1);
      const std::int64_t gap = j > p ? j - p : p - j;
      if (gap < c.min_dist) c.min_dist = gap;
      if (gap > c.max_dist) c.max_dist = gap;
    }
  }
}

// Kokkos 3.4 joins through volatile references, Kokkos 4 through plain ones.
template <class Offsets, class Indices>
struct ColumnFunctor {
  using value_type = ColumnPartial;
  Offsets off;
  Indices col;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, ColumnPartial& c) const { column_row(off, col, r, c); }
  KOKKOS_FUNCTION void init(ColumnPartial& c) const { c = ColumnPartial{}; }
  KOKKOS_FUNCTION void join(ColumnPartial& d, const ColumnPartial& s) const {
    d.min_dist = s.min_dist < d.min_dist ? s.min_dist : d.min_dist;
    d.max_dist = s.max_dist > d.max_dist ? s.max_dist : d.max_dist;
    d.bandwidth = s.bandwidth > d.bandwidth ? s.bandwidth : d.bandwidth;
  }
  KOKKOS_FUNCTION void join(volatile ColumnPartial& d, const volatile ColumnPartial& s) const {
    d.min_dist = s.min_dist < d.min_dist ? s.min_dist : d.min_dist;
    d.max_dist = s.max_dist > d.max_dist ? s.max_dist : d.max_dist;
    d.bandwidth = s.bandwidth > d.bandwidth ? s.bandwidth : d.bandwidth;
  }
};

// Each thread counts a chunk of consecutive rows and adds runs of equal
// lengths with one atomic (structured matrices repeat lengths: one counter
// would otherwise take every row's atomic). Counters are unsigned long long,
// which GPUs add natively.
template <class Offsets, class Histogram>
struct HistogramFunctor {
  Offsets off;
  Histogram hist;     // bins + 1 entries, the last one the overflow
  std::int64_t bins;  // row_histogram_bins (a member: device code cannot read the host constant)
  std::int64_t rows, chunk;
  KOKKOS_FUNCTION void operator()(const std::int64_t c) const {
    const std::int64_t first = c * chunk, last = first + chunk < rows ? first + chunk : rows;
    std::int64_t bin = -1;
    unsigned long long run = 0;
    for (std::int64_t r = first; r < last; ++r) {
      const auto len = static_cast<std::int64_t>(off(r + 1) - off(r));
      const std::int64_t b = len < bins ? len : bins;
      if (b != bin) {
        if (run > 0) Kokkos::atomic_add(&hist(bin), run);
        bin = b;
        run = 0;
      }
      ++run;
    }
    if (run > 0) Kokkos::atomic_add(&hist(bin), run);
  }
};

inline ColumnStructure finish(const ColumnPartial& c) {
  return {c.min_dist == INT64_MAX ? 0 : c.min_dist, c.max_dist, c.bandwidth};
}

// Mode and lower median from a histogram with an overflow bin; returns false
// when the answer lies in the overflow bin (an exact pass is needed).
inline bool shape_from_histogram(const std::vector<std::int64_t>& h, std::int64_t m, RowLengthShape& out) {
  const auto bins = static_cast<std::int64_t>(h.size()) - 1;
  std::int64_t best = -1, count = -1;
  for (std::int64_t i = 0; i < bins; ++i)
    if (h[i] > count) count = h[i], best = i;
  if (h[bins] > count) return false;
  out.mode = best;
  const std::int64_t target = (m - 1) / 2;  // position of the lower median
  std::int64_t seen = 0;
  for (std::int64_t i = 0; i < bins; ++i) {
    seen += h[i];
    if (seen > target) {
      out.median = i;
      return true;
    }
  }
  return false;
}

template <class Offset>
RowLengthShape exact_shape(const std::vector<Offset>& off) {
  RowLengthShape s;
  const auto m = static_cast<std::int64_t>(off.size()) - 1;
  if (m <= 0) return s;
  std::vector<std::int64_t> len(static_cast<std::size_t>(m));
  for (std::int64_t r = 0; r < m; ++r) len[r] = static_cast<std::int64_t>(off[r + 1] - off[r]);
  std::sort(len.begin(), len.end());
  s.median = len[static_cast<std::size_t>((m - 1) / 2)];
  std::int64_t run = 0, best_run = 0;
  for (std::int64_t i = 0; i < m; ++i) {
    run = (i > 0 && len[i] == len[i - 1]) ? run + 1 : 1;
    if (run > best_run) best_run = run, s.mode = len[i];  // ties: the smallest length
  }
  return s;
}

inline double seconds_since_clock(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace impl

// Host: every feature of a HostCsr (times left at 0).
template <class Value, class Offset>
MatrixFeatures matrix_features(const HostCsr<Value, Offset>& a) {
  MatrixFeatures f;
  f.stats = row_stats(a);
  f.shape = impl::exact_shape(a.row_offsets);
  Kokkos::View<const Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> off(a.row_offsets.data(),
                                                                              a.row_offsets.size());
  Kokkos::View<const std::int32_t*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> col(a.col_indices.data(),
                                                                                    a.col_indices.size());
  impl::ColumnPartial c;
  for (std::int64_t r = 0; r < a.num_rows; ++r) impl::column_row(off, col, r, c);
  f.columns = impl::finish(c);
  return f;
}

// Device: every feature of a matrix on `exec`, each group fenced and timed.
template <class ExecSpace, class Value, class Offset, class Mem>
MatrixFeatures matrix_features(const ExecSpace& exec, const CsrMatrix<Value, Offset, Mem>& a) {
  using Range = impl::RangePolicy<ExecSpace>;
  using Matrix = CsrMatrix<Value, Offset, Mem>;
  MatrixFeatures f;
  exec.fence();
  auto t0 = std::chrono::steady_clock::now();
  f.stats = row_stats(exec, a);  // fences
  f.time_row_stats = impl::seconds_since_clock(t0);
  const std::int64_t m = a.num_rows();
  if (m == 0) return f;

  t0 = std::chrono::steady_clock::now();
  auto hist =
      impl::allocate<unsigned long long, Mem>(exec, impl::row_histogram_bins + 1, "aspmv::features::row_histogram");
  Kokkos::deep_copy(exec, hist, 0ULL);
  const std::int64_t chunk = impl::histogram_rows_per_thread;
  Kokkos::parallel_for("aspmv::features::row_histogram", Range(exec, 0, (m + chunk - 1) / chunk),
                       impl::HistogramFunctor<typename Matrix::offsets_view, decltype(hist)>{
                           a.row_offsets(), hist, impl::row_histogram_bins, m, chunk});
  std::vector<unsigned long long> hu(static_cast<std::size_t>(impl::row_histogram_bins + 1));
  Kokkos::deep_copy(
      exec, Kokkos::View<unsigned long long*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(hu.data(), hu.size()), hist);
  exec.fence();
  const std::vector<std::int64_t> h(hu.begin(), hu.end());
  if (!impl::shape_from_histogram(h, m, f.shape)) {
    std::vector<Offset> off(static_cast<std::size_t>(m) + 1);
    Kokkos::deep_copy(exec, Kokkos::View<Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(off.data(), off.size()),
                      a.row_offsets());
    exec.fence();
    f.shape = impl::exact_shape(off);
  }
  f.time_row_histogram = impl::seconds_since_clock(t0);

  t0 = std::chrono::steady_clock::now();
  impl::ColumnPartial c;
  Kokkos::parallel_reduce("aspmv::features::columns", Range(exec, 0, m),
                          impl::ColumnFunctor<typename Matrix::offsets_view, typename Matrix::indices_view>{
                              a.row_offsets(), a.col_indices()},
                          c);
  exec.fence();
  f.columns = impl::finish(c);
  f.time_columns = impl::seconds_since_clock(t0);
  return f;
}

}  // namespace aspmv
