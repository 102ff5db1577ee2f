#pragma once
// CSR-scalar: one thread per row.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

template <class Matrix, class XView, class YView>
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
    write_row(y, row, alpha, row_sum<Value>(offsets, cols, vals, x, row), beta);
  }
};

// Kokkos' ChunkSize takes an int; a chunk beyond that many rows means one chunk per thread anyway.
inline int chunk_size(std::int64_t chunk) {
  return static_cast<int>(std::clamp<std::int64_t>(chunk, 1, std::numeric_limits<int>::max()));
}

// One dispatch of CSR-scalar over every row (rows in chunks on CPUs).
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_scalar(const ExecSpace& exec, const Matrix& a, std::int64_t chunk, typename Matrix::value_type alpha,
                       const XView& x, typename Matrix::value_type beta, const YView& y) {
  if (a.num_rows() == 0) return;
  CsrScalarFunctor<Matrix, XView, YView> f{a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta};
  Kokkos::parallel_for("aspmv::spmv::csr_scalar",
                       RangePolicy<ExecSpace>(exec, 0, a.num_rows(), Kokkos::ChunkSize(chunk_size(chunk))), f);
}

// Rows one thread takes at a time: one on GPUs, the table's chunk on CPUs.
template <class ExecSpace>
std::int64_t scalar_chunk(const predictors::KernelParameters& p) {
  return backends::Traits<ExecSpace>::is_gpu ? 1 : p.host_rows_per_chunk;
}

// The step of a plan that runs CSR-scalar on every row.
template <class ExecSpace, class Matrix>
class CsrScalarStep {
 public:
  using Value = typename Matrix::value_type;
  CsrScalarStep(Matrix a, std::int64_t chunk) : a_(std::move(a)), chunk_(chunk) {}

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }
  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    launch_csr_scalar(exec, a_, chunk_, alpha, x, beta, y);
  }

 private:
  Matrix a_;
  std::int64_t chunk_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrScalar {
  static constexpr Kernel id = Kernel::csr_scalar;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::host_rows_per_chunk};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrScalarStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"csr_scalar", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const std::int64_t chunk = impl::scalar_chunk<ExecSpace>(ctx.params);
    GroupSummary g;
    g.kernel = id;
    g.team_size = 1;
    g.teams = s.stats.rows;
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail =
        backends::Traits<ExecSpace>::is_gpu ? "one thread per row" : "rows in chunks of " + std::to_string(chunk);
    s.groups.push_back(g);
    return Step<ExecSpace, Matrix>(ctx.a, chunk);
  }

  // Without a plan (the drop-in call): nothing allocated, nothing copied.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int /*tpr*/,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    impl::launch_csr_scalar(exec, a, impl::scalar_chunk<ExecSpace>(p), alpha, x, beta, y);
  }
};

}  // namespace aspmv::kernels
