#pragma once
// CSR-scalar: one thread per row. On CPUs a thread takes rows in chunks of
// the table's host_rows_per_chunk, or -- when the table's
// host_shares_per_thread is positive -- that many contiguous runs of rows
// balanced by nonzeros (impl/path_shares.hpp: no analysis, nothing stored);
// each row summed in order, in SIMD lanes (host_row_simd 1), in AVX-512 lanes
// where the CPU has them and rows hold 5 or more nonzeros on average
// (host_row_simd 2: backends/host/avx512_rows.hpp, chosen at run time;
// elsewhere the partial sums) or in 2 or 4 interleaved partial sums
// (host_row_partial_sums).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/host_threads.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/path_shares.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/host/avx512_rows.hpp>
#include <backends/range_launch.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

template <class Matrix, class XView, class YView, RowSum Sum = RowSum::in_order>
struct CsrScalarFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;

  KOKKOS_FUNCTION void operator()(const std::int64_t row) const {
    // A plain loop: in thread-per-row code, unrolled predicated loads measured
    // slower on the H100 (perf/results/h100/2026-11-21-run2).
    write_row(y, row, alpha, sum_row<Sum, Value>(offsets, cols, vals, x, row), beta);
  }
};

// CSR-scalar over equal shares of the merge path: index s runs the whole rows
// of share s, each as CsrScalarFunctor runs one.
template <class Matrix, class XView, class YView, RowSum Sum>
struct CsrScalarSharesFunctor {
  CsrScalarFunctor<Matrix, XView, YView, Sum> row_of;
  std::int64_t rows, shares;

  KOKKOS_FUNCTION void operator()(const std::int64_t share) const {
    const std::int64_t last = path_share_first_row(row_of.offsets, rows, share + 1, shares);
    for (std::int64_t row = path_share_first_row(row_of.offsets, rows, share, shares); row < last; ++row) row_of(row);
  }
};

// CSR-scalar's runs of rows with every row summed in AVX-512 lanes
// (backends/host/avx512_rows.hpp) on raw host pointers: index i runs path
// share i of `shares`, or with shares == 0 the i-th chunk of `chunk` rows.
template <class Matrix>
struct CsrScalarAvx512Functor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  const Value* x;
  Value* y;
  Value alpha, beta;
  std::int64_t rows, shares, chunk;

  void operator()(const std::int64_t i) const {
    const std::int64_t first = shares > 0 ? path_share_first_row(offsets, rows, i, shares) : i * chunk;
    const std::int64_t last =
        shares > 0 ? path_share_first_row(offsets, rows, i + 1, shares) : std::min<std::int64_t>(rows, first + chunk);
    backends::host::avx512_row_run(offsets.data(), cols.data(), vals.data(), x, y, first, last, alpha, beta);
  }
};

// Kokkos' ChunkSize takes an int; a chunk beyond that many rows means one chunk per thread anyway.
inline int chunk_size(std::int64_t chunk) {
  return static_cast<int>(std::clamp<std::int64_t>(chunk, 1, std::numeric_limits<int>::max()));
}

// CSR-scalar's launch shape: rows one thread takes at a time (one on GPUs, the
// table's chunk on CPUs), or on CPUs with host_shares_per_thread > 0 that many
// path shares per thread of the space instance; on CPUs each row summed as the
// table says (host_row_simd, host_row_partial_sums).
struct ScalarShape {
  std::int64_t chunk = 1;
  std::int64_t shares = 0;  // > 0: path shares instead of chunks
  RowSum sum = RowSum::in_order;
  int direct = 0;   // the backend's own range launch where it has one (table: direct_launch)
  int threads = 0;  // CPUs: the launch's threads (table: host_thread_nnz; 0: the pool)
};

// AVX-512 lanes (host_row_simd 2) only where rows hold at least this many
// nonzeros on average: a row's vector sum costs a masked gather and a
// reduction of 8 lanes however short the row is, and below a mean of 5 the
// partial sums were as fast or faster (the 62 shared real matrices, 16-core
// Xeon host: perf/results/cpu-x86/2026-12-03-avx512).
inline constexpr std::int64_t avx512_lanes_min_mean_row = 5;

template <class ExecSpace>
ScalarShape scalar_shape(const ExecSpace& exec, const predictors::KernelParameters& p, std::int64_t rows,
                         std::int64_t nnz) {
  ScalarShape s;
  s.direct = p.direct_launch;
  if (backends::Traits<ExecSpace>::is_gpu) return s;
  s.chunk = p.host_rows_per_chunk;
  s.threads = host_thread_count(p.host_thread_nnz, nnz, exec.concurrency());
  if (p.host_shares_per_thread > 0)
    s.shares = host_share_count(p.host_shares_per_thread, host_team(s.threads, exec.concurrency()), rows);
  const bool lanes_pay = nnz >= avx512_lanes_min_mean_row * rows;
  s.sum = p.host_row_simd == 2 && lanes_pay && backends::host::avx512_rows_available() ? RowSum::avx512_lanes
          : p.host_row_simd == 1                                                       ? RowSum::simd_lanes
          : p.host_row_partial_sums == 4                                               ? RowSum::four_partials
          : p.host_row_partial_sums == 2                                               ? RowSum::two_partials
                                                                                       : RowSum::in_order;
  return s;
}

inline const char* describe(RowSum s) {
  switch (s) {
    case RowSum::simd_lanes: return ", rows summed in SIMD lanes";
    case RowSum::two_partials: return ", rows summed in 2 partial sums";
    case RowSum::four_partials: return ", rows summed in 4 partial sums";
    case RowSum::avx512_lanes: return ", rows summed in AVX-512 lanes";
    case RowSum::in_order: break;
  }
  return "";
}

// One dispatch of CSR-scalar over every row: in chunks of rows, or over
// `shape.shares` equal path shares (each a contiguous run of rows; Kokkos'
// static schedule gives each thread consecutive shares).
template <RowSum Sum, class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_scalar_summed(const ExecSpace& exec, const Matrix& a, const ScalarShape& shape,
                              typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                              const YView& y) {
  const CsrScalarFunctor<Matrix, XView, YView, Sum> f{a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta};
  if (shape.shares > 0) {
    backends::parallel_range(
        "aspmv::spmv::csr_scalar", RangePolicy<ExecSpace>(exec, 0, shape.shares, Kokkos::ChunkSize(1)),
        CsrScalarSharesFunctor<Matrix, XView, YView, Sum>{f, a.num_rows(), shape.shares}, shape.direct, shape.threads);
  } else {
    backends::parallel_range("aspmv::spmv::csr_scalar",
                             RangePolicy<ExecSpace>(exec, 0, a.num_rows(), Kokkos::ChunkSize(chunk_size(shape.chunk))),
                             f, shape.direct, shape.threads);
  }
}

// CSR-scalar in AVX-512 lanes: false (nothing launched) where the build has no
// AVX-512 code or x and y are not contiguous host arrays of the matrix's
// float or double values.
template <class ExecSpace, class Matrix, class XView, class YView>
bool launch_csr_scalar_avx512(const ExecSpace& exec, const Matrix& a, const ScalarShape& shape,
                              typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                              const YView& y) {
  using Value = typename Matrix::value_type;
  if constexpr (!backends::host::avx512_array_type<Value, XView> || !backends::host::avx512_array_type<Value, YView>) {
    return false;
  } else {
    if (!backends::host::avx512_array(x) || !backends::host::avx512_array(y)) return false;
    const std::int64_t rows = a.num_rows();
    const std::int64_t chunk = std::max<std::int64_t>(1, shape.chunk);
    const std::int64_t runs = shape.shares > 0 ? shape.shares : (rows + chunk - 1) / chunk;
    backends::parallel_range("aspmv::spmv::csr_scalar", RangePolicy<ExecSpace>(exec, 0, runs, Kokkos::ChunkSize(1)),
                             CsrScalarAvx512Functor<Matrix>{a.row_offsets(), a.col_indices(), a.values(), x.data(),
                                                            y.data(), alpha, beta, rows, shape.shares, chunk},
                             shape.direct, shape.threads);
    return true;
  }
}

template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_scalar(const ExecSpace& exec, const Matrix& a, const ScalarShape& shape,
                       typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                       const YView& y) {
  if (a.num_rows() == 0) return;
  if constexpr (backends::Traits<ExecSpace>::is_gpu) {
    launch_csr_scalar_summed<RowSum::in_order>(exec, a, shape, alpha, x, beta, y);
  } else {
    switch (shape.sum) {
      case RowSum::simd_lanes: return launch_csr_scalar_summed<RowSum::simd_lanes>(exec, a, shape, alpha, x, beta, y);
      case RowSum::two_partials:
        return launch_csr_scalar_summed<RowSum::two_partials>(exec, a, shape, alpha, x, beta, y);
      case RowSum::four_partials:
        return launch_csr_scalar_summed<RowSum::four_partials>(exec, a, shape, alpha, x, beta, y);
      case RowSum::avx512_lanes:  // strided x or y: two partial sums instead
        if (launch_csr_scalar_avx512(exec, a, shape, alpha, x, beta, y)) return;
        return launch_csr_scalar_summed<RowSum::two_partials>(exec, a, shape, alpha, x, beta, y);
      case RowSum::in_order: break;
    }
    launch_csr_scalar_summed<RowSum::in_order>(exec, a, shape, alpha, x, beta, y);
  }
}

// The step of a plan that runs CSR-scalar on every row.
template <class ExecSpace, class Matrix>
class CsrScalarStep {
 public:
  using Value = typename Matrix::value_type;
  CsrScalarStep(Matrix a, ScalarShape shape) : a_(std::move(a)), shape_(shape) {}

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }
  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    launch_csr_scalar(exec, a_, shape_, alpha, x, beta, y);
  }

 private:
  Matrix a_;
  ScalarShape shape_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrScalar {
  static constexpr Kernel id = Kernel::csr_scalar;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::host_rows_per_chunk, TableParameter::host_shares,
                                                  TableParameter::host_simd,           TableParameter::host_sums,
                                                  TableParameter::direct_launch,       TableParameter::host_thread_nnz};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrScalarStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"csr_scalar", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const auto shape = impl::scalar_shape(ctx.exec, ctx.params, s.stats.rows, s.stats.nnz);
    GroupSummary g;
    g.kernel = id;
    g.team_size = 1;
    g.teams = shape.shares > 0 ? shape.shares : s.stats.rows;
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = backends::Traits<ExecSpace>::is_gpu ? "one thread per row"
               : shape.shares > 0
                   ? std::to_string(shape.shares) + " row runs balanced by nonzeros" + impl::describe(shape.sum)
                   : "rows in chunks of " + std::to_string(shape.chunk) + impl::describe(shape.sum);
    g.detail += impl::describe_threads(shape.threads);
    s.groups.push_back(g);
    return Step<ExecSpace, Matrix>(ctx.a, shape);
  }

  // Without a plan (the drop-in call): nothing allocated, nothing copied.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int /*tpr*/,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    impl::launch_csr_scalar(exec, a, impl::scalar_shape(exec, p, a.num_rows(), a.nnz()), alpha, x, beta, y);
  }
};

}  // namespace aspmv::kernels
