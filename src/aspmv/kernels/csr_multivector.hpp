#pragma once
// CSR-multivector (SpMM with a tall dense X): Y = alpha * A * X + beta * Y
// for rank-2 X and Y (LayoutLeft, LayoutRight or strided), A read once for a
// chunk of columns, in one of two shapes:
//  - lanes over columns (MultivectorShape::columns): a thread walks its row
//    once and each of its vector lanes sums one column of X (the lanes read
//    the same a_ij, and X(j, 0..k) side by side); no cross-lane reduction.
//    Chunks of up to 32 columns. For short rows.
//  - lanes over entries (MultivectorShape::entries): TpR lanes share a row's
//    entries, each keeping one partial sum per column for up to 16 columns,
//    combined by one vector reduction of the set. For long rows.
// On CPUs (vector length 1) lanes over entries is one pass over a row with
// one sum per column; lanes over columns would walk the row once per column.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <backends/kokkos_compat.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// Columns one pass over A serves (lanes over entries: registers per lane).
constexpr int multivector_width = 16;
// Columns one pass serves with lanes over columns (the largest vector length).
constexpr int multivector_column_lanes = 32;

enum class MultivectorShape { columns, entries };

// A row's partial sums for W columns, summed across lanes by Kokkos::Sum.
template <class Value, int W>
struct ColumnSums {
  Value v[W];
  KOKKOS_INLINE_FUNCTION ColumnSums() {
    for (int c = 0; c < W; ++c) v[c] = Value(0);
  }
  KOKKOS_INLINE_FUNCTION ColumnSums& operator+=(const ColumnSums& o) {
    for (int c = 0; c < W; ++c) v[c] += o.v[c];
    return *this;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile ColumnSums& o) volatile {  // Kokkos 3.4 (kokkos_compat.hpp)
    for (int c = 0; c < W; ++c) backends::volatile_add(v[c], o.v[c]);
  }
};

}  // namespace aspmv::impl

namespace Kokkos {
template <class Value, int W>
struct reduction_identity<aspmv::impl::ColumnSums<Value, W>> {
  KOKKOS_FORCEINLINE_FUNCTION static aspmv::impl::ColumnSums<Value, W> sum() {
    return aspmv::impl::ColumnSums<Value, W>();
  }
};
}  // namespace Kokkos

namespace aspmv::impl {

template <class Matrix, class XView, class YView, class ExecSpace, int W>
struct CsrMultivectorFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  using Sums = ColumnSums<Value, W>;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows, rows_per_team, rows_per_thread;
  std::int64_t first_column;  // this chunk's columns: first_column .. first_column + width - 1
  int width;                  // <= W
  int tpr;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const RowRange rows = thread_rows(team, rows_per_team, rows_per_thread, num_rows);
    for (std::int64_t row = rows.first; row < rows.last; ++row) {
      const Offset begin = offsets(row), end = offsets(row + 1);
      Sums sums;
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, tpr),
          [&](const int lane, Sums& s) {
            for (Offset j = begin + lane; j < end; j += tpr) {
              const Value a = vals(j);
              const auto col = cols(j);
              for (int c = 0; c < W; ++c)
                if (c < width) s.v[c] += a * x(col, first_column + c);
            }
          },
          Kokkos::Sum<Sums>(sums));
      Kokkos::single(Kokkos::PerThread(team), [&]() {
        for (int c = 0; c < width; ++c) {
          const std::int64_t k = first_column + c;
          y(row, k) = beta == Value(0) ? alpha * sums.v[c] : alpha * sums.v[c] + beta * y(row, k);
        }
      });
    }
  }
};

template <class Matrix, class XView, class YView, class ExecSpace>
struct CsrMultivectorColumnsFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows, rows_per_team, rows_per_thread;
  std::int64_t first_column;  // this chunk's columns: first_column .. first_column + width - 1
  int width;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const RowRange rows = thread_rows(team, rows_per_team, rows_per_thread, num_rows);
    for (std::int64_t row = rows.first; row < rows.last; ++row) {
      const Offset begin = offsets(row), end = offsets(row + 1);
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, width), [&](const int c) {
        const std::int64_t k = first_column + c;
        Value sum = 0;
        for (Offset j = begin; j < end; ++j) sum += vals(j) * x(cols(j), k);
        y(row, k) = beta == Value(0) ? alpha * sum : alpha * sum + beta * y(row, k);
      });
    }
  }
};

template <int W, class ExecSpace, class Matrix, class XView, class YView>
void launch_multivector_chunk(const ExecSpace& exec, const Matrix& a, const VectorShape& s, std::int64_t teams,
                              typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                              const YView& y, std::int64_t first_column, int width) {
  Kokkos::parallel_for("aspmv::spmv::csr_multivector",
                       TeamPolicy<ExecSpace>(exec, static_cast<int>(teams), s.team_size, s.tpr),
                       CsrMultivectorFunctor<Matrix, XView, YView, ExecSpace, W>{
                           a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta, a.num_rows(), s.team_size,
                           s.rows_per_thread, first_column, width, s.tpr});
}

// The shape for a matrix whose mean row length is `mean`, on this backend:
// on GPUs lanes over columns up to a mean of multivector_columns_max_mean
// entries a row, lanes over entries above; on CPUs lanes over entries.
// 16: of the thresholds 4, 8, 16, 32, 64 applied to both shapes measured on
// 26 matrices on the H100 (perf/results/h100/2026-11-25-forms/run2), 16
// gave the best geometric mean against cusparseSpMM over k = 4, 8 and both
// layouts (docs/PERF.md, "Transposes and multivectors").
constexpr double multivector_columns_max_mean = 16.0;
template <class ExecSpace>
MultivectorShape multivector_shape(double mean) {
  if (!backends::Traits<ExecSpace>::is_gpu) return MultivectorShape::entries;
  return mean <= multivector_columns_max_mean ? MultivectorShape::columns : MultivectorShape::entries;
}

// Y = alpha * A * X + beta * Y for rank-2 X (num_cols x k) and Y (num_rows x
// k): lanes over columns, or lanes over entries with threads per row `tpr`.
// beta == 0 never reads Y.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_multivector(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int tpr,
                            MultivectorShape shape, typename Matrix::value_type alpha, const XView& x,
                            typename Matrix::value_type beta, const YView& y) {
  static_assert(XView::rank == 2 && YView::rank == 2, "CSR-multivector takes rank-2 views");
  const auto k = static_cast<std::int64_t>(y.extent(1));
  if (k == 0 || a.num_rows() == 0) return;
  if (shape == MultivectorShape::columns) {
    constexpr int max_lanes = backends::Traits<ExecSpace>::max_tpr < multivector_column_lanes
                                  ? backends::Traits<ExecSpace>::max_tpr
                                  : multivector_column_lanes;
    for (std::int64_t c = 0; c < k; c += max_lanes) {
      const int width = static_cast<int>(k - c < max_lanes ? k - c : max_lanes);
      int lanes = 1;
      while (lanes < width) lanes *= 2;
      const VectorShape s = vector_shape<ExecSpace>(lanes, p);
      const std::int64_t teams = planner::checked_league(teams_to_cover(a.num_rows(), s), "CSR-multivector");
      Kokkos::parallel_for("aspmv::spmv::csr_multivector_columns",
                           TeamPolicy<ExecSpace>(exec, static_cast<int>(teams), s.team_size, s.tpr),
                           CsrMultivectorColumnsFunctor<Matrix, XView, YView, ExecSpace>{
                               a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta, a.num_rows(),
                               s.team_size, s.rows_per_thread, c, width});
    }
    return;
  }
  const VectorShape s = vector_shape<ExecSpace>(tpr, p);
  const std::int64_t teams = planner::checked_league(teams_to_cover(a.num_rows(), s), "CSR-multivector");
  for (std::int64_t c = 0; c < k; c += multivector_width) {
    const int width = static_cast<int>(k - c < multivector_width ? k - c : multivector_width);
    // The smallest compiled width that holds this chunk (registers scale with it).
    if (width == 1)
      launch_multivector_chunk<1>(exec, a, s, teams, alpha, x, beta, y, c, width);
    else if (width == 2)
      launch_multivector_chunk<2>(exec, a, s, teams, alpha, x, beta, y, c, width);
    else if (width <= 4)
      launch_multivector_chunk<4>(exec, a, s, teams, alpha, x, beta, y, c, width);
    else if (width <= 8)
      launch_multivector_chunk<8>(exec, a, s, teams, alpha, x, beta, y, c, width);
    else
      launch_multivector_chunk<16>(exec, a, s, teams, alpha, x, beta, y, c, width);
  }
}

// The same with the shape chosen from A's mean row length.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_multivector(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int tpr,
                            typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                            const YView& y) {
  const double mean = a.num_rows() > 0 ? double(a.nnz()) / double(a.num_rows()) : 0.0;
  launch_csr_multivector(exec, a, p, tpr, multivector_shape<ExecSpace>(mean), alpha, x, beta, y);
}

}  // namespace aspmv::impl
