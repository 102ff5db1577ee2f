#pragma once
// y = alpha * A^T * x + beta * y without building A^T: y is scaled by beta,
// then each row i of A adds alpha * a_ij * x_i into y_j with an atomic add
// (rank-1 or rank-2 x and y, every vector in one pass over A). The drop-in
// call's transpose: no analysis and no allocation, at the price of atomics
// (and of a summation order that varies from run to run). A kept plan
// transposes A once instead (aspmv/transpose.hpp, PlanOptions::mode).
//
// Launch: threads per row (the team's vector lanes) over the row's entries,
// chosen like the drop-in's TpR from the mean row length; rows per team as
// CSR-vector's.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/scale.hpp>
#include <aspmv/impl/vector_entry.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/planner/plan_context.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

template <class Matrix, class XView, class YView, class ExecSpace>
struct ScatterTransposeFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;  // num_rows entries (x k vectors)
  YView y;  // num_cols entries (x k vectors), already scaled by beta
  Value alpha;
  std::int64_t num_rows, num_vectors, rows_per_team, rows_per_thread;
  int tpr;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const RowRange rows = thread_rows(team, rows_per_team, rows_per_thread, num_rows);
    for (std::int64_t row = rows.first; row < rows.last; ++row) {
      const Offset begin = offsets(row), end = offsets(row + 1);
      for (std::int64_t c = 0; c < num_vectors; ++c) {
        const Value xi = alpha * entry(x, row, c);
        Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, tpr), [&](const int lane) {
          for (Offset j = begin + lane; j < end; j += tpr) Kokkos::atomic_add(&entry(y, cols(j), c), vals(j) * xi);
        });
      }
    }
  }
};

// y = alpha * A^T * x + beta * y on `exec` (x: num_rows entries, y: num_cols),
// threads per row `tpr`.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_scatter_transpose(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int tpr,
                              typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                              const YView& y) {
  const std::int64_t k = vector_count(y);
  scale_vectors(exec, y, beta);
  if (alpha == typename Matrix::value_type(0) || a.nnz() == 0 || k == 0) return;
  const VectorShape s = vector_shape<ExecSpace>(tpr, p);
  const std::int64_t teams = teams_to_cover(a.num_rows(), s);
  Kokkos::parallel_for(
      "aspmv::spmv::scatter_transpose",
      TeamPolicy<ExecSpace>(exec, planner::checked_league(teams, "the transpose scatter"), s.team_size, s.tpr),
      ScatterTransposeFunctor<Matrix, XView, YView, ExecSpace>{a.row_offsets(), a.col_indices(), a.values(), x, y,
                                                               alpha, a.num_rows(), k, s.team_size, s.rows_per_thread,
                                                               s.tpr});
}

}  // namespace aspmv::impl
