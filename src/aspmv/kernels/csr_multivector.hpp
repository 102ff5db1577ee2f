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
// With a long-row length (plans of very skewed matrices on GPUs), rows longer
// than it are left by their thread and summed by the whole team afterwards
// (impl/team_long_rows.hpp), so one long row does not hold up the launch.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/team_long_rows.hpp>
#include <aspmv/impl/thread_rows.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>

namespace aspmv::impl {

// Columns one pass over A serves (lanes over entries: registers per lane).
constexpr int multivector_width = 16;
// Columns one pass serves with lanes over columns (the largest vector length).
constexpr int multivector_column_lanes = 32;

enum class MultivectorShape { columns, entries };

// Lanes over entries: `tpr` lanes share a row, up to W columns; TeamRows:
// rows longer than long_row are the team's.
template <class Matrix, class XView, class YView, class ExecSpace, int W, bool TeamRows>
struct CsrMultivectorFunctor : MultivectorArgs<Matrix, XView, YView> {
  using Args = MultivectorArgs<Matrix, XView, YView>;
  using typename Args::Offset;
  using typename Args::Value;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  using Sums = ColumnSums<Value, W>;
  int tpr;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const Args& g = *this;
    const RowRange rows = thread_rows(team, g.rows_per_team, g.rows_per_thread, g.num_rows);
    [[maybe_unused]] bool skipped = false;
    for (std::int64_t row = rows.first; row < rows.last; ++row) {
      if constexpr (TeamRows) {
        if (g.is_long(row)) {
          skipped = true;
          continue;
        }
      }
      const Offset begin = g.offsets(row), end = g.offsets(row + 1);
      Sums sums;
      Kokkos::parallel_reduce(
          Kokkos::ThreadVectorRange(team, tpr),
          [&](const int lane, Sums& s) {
            for (Offset j = begin + lane; j < end; j += tpr) {
              const Value a = g.vals(j);
              const auto col = g.cols(j);
              for (int c = 0; c < W; ++c)
                if (c < g.width) s.v[c] += a * g.x(col, g.first_column + c);
            }
          },
          Kokkos::Sum<Sums>(sums));
      Kokkos::single(Kokkos::PerThread(team), [&]() {
        for (int c = 0; c < g.width; ++c) g.store(row, g.first_column + c, sums.v[c]);
      });
    }
    if constexpr (TeamRows) long_rows_by_team(team, skipped, tpr, g);
  }
};

// Lanes over columns: one lane a column of the chunk (`lanes` >= width).
template <class Matrix, class XView, class YView, class ExecSpace, bool TeamRows>
struct CsrMultivectorColumnsFunctor : MultivectorArgs<Matrix, XView, YView> {
  using Args = MultivectorArgs<Matrix, XView, YView>;
  using typename Args::Offset;
  using typename Args::Value;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  int lanes;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const Args& g = *this;
    const RowRange rows = thread_rows(team, g.rows_per_team, g.rows_per_thread, g.num_rows);
    [[maybe_unused]] bool skipped = false;
    for (std::int64_t row = rows.first; row < rows.last; ++row) {
      if constexpr (TeamRows) {
        if (g.is_long(row)) {
          skipped = true;
          continue;
        }
      }
      const Offset begin = g.offsets(row), end = g.offsets(row + 1);
      Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, g.width), [&](const int c) {
        const std::int64_t k = g.first_column + c;
        Value sum = 0;
        for (Offset j = begin; j < end; ++j) sum += g.vals(j) * g.x(g.cols(j), k);
        g.store(row, k, sum);
      });
    }
    if constexpr (TeamRows) long_rows_by_team(team, skipped, lanes, g);
  }
};

// How a rank-2 apply runs: the shape, the threads per row of lanes over
// entries, and the row length above which a row is its team's.
struct MultivectorLaunch {
  MultivectorShape shape = MultivectorShape::entries;
  int tpr = 1;
  std::int64_t long_row = no_long_rows;
};

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

// A plan's team pass over long rows (GPUs), from its gathered row
// statistics: on when the longest row is more than multivector_skew_ratio
// times the mean and longer than the threshold; then rows longer than
// multivector_long_row_factor times the mean (and than
// multivector_long_row_min) are their teams'. Measured on the H100
// (docs/PERF.md, "Transposes and multivectors"): the pass made the skewed
// graphs 1.3-3.4x faster (longest row 62-2,180x the mean) but slowed
// matrices whose longest row is 23-31x the mean, and compiling it into the
// kernel cost regular matrices 10-50 %, so it is a separate instantiation
// and off unless the skew is large. The drop-in (mean only) never runs it;
// nor do CPUs (a thread takes a chunk of rows, no team shares a row).
constexpr double multivector_long_row_factor = 4.0;
constexpr std::int64_t multivector_long_row_min = 64;
constexpr double multivector_skew_ratio = 50.0;
inline std::int64_t multivector_long_row_threshold(double mean) {
  const auto by_mean = static_cast<std::int64_t>(multivector_long_row_factor * mean);
  return by_mean > multivector_long_row_min ? by_mean : multivector_long_row_min;
}
template <class ExecSpace>
std::int64_t multivector_long_row(double mean, std::int64_t max_row) {
  if (!backends::Traits<ExecSpace>::is_gpu || max_row < 0) return no_long_rows;
  const std::int64_t threshold = multivector_long_row_threshold(mean);
  const bool skewed = double(max_row) > multivector_skew_ratio * mean && max_row > threshold;
  return skewed ? threshold : no_long_rows;
}

// The launch for A on this backend from its known features and its longest
// row (-1: not gathered), with `tpr` threads per row for lanes over entries.
template <class ExecSpace>
MultivectorLaunch multivector_launch(std::int64_t rows, std::int64_t nnz, int tpr, std::int64_t max_row = -1) {
  const double mean = rows > 0 ? double(nnz) / double(rows) : 0.0;
  return {multivector_shape<ExecSpace>(mean), tpr, multivector_long_row<ExecSpace>(mean, max_row)};
}

template <class ExecSpace, class Functor>
void launch_multivector_teams(const char* label, const ExecSpace& exec, std::int64_t teams, const VectorShape& s,
                              std::int64_t long_row, const Functor& f) {
  using Scratch = LongRowScratch<typename Functor::Value, typename ExecSpace::scratch_memory_space>;
  TeamPolicy<ExecSpace> policy(exec, static_cast<int>(teams), s.team_size, s.tpr);
  if (long_row != no_long_rows) policy.set_scratch_size(0, Kokkos::PerTeam(Scratch::bytes(s.team_size)));
  Kokkos::parallel_for(label, policy, f);
}

// Y = alpha * A * X + beta * Y for rank-2 X (num_cols x k) and Y (num_rows x
// k), as `launch` says. beta == 0 never reads Y.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_multivector(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p,
                            const MultivectorLaunch& launch, typename Matrix::value_type alpha, const XView& x,
                            typename Matrix::value_type beta, const YView& y) {
  static_assert(XView::rank == 2 && YView::rank == 2, "CSR-multivector takes rank-2 views");
  using Args = MultivectorArgs<Matrix, XView, YView>;
  const auto k = static_cast<std::int64_t>(y.extent(1));
  if (k == 0 || a.num_rows() == 0) return;
  const auto args = [&](const VectorShape& s, std::int64_t first_column, int width) {
    return Args{a.row_offsets(),
                a.col_indices(),
                a.values(),
                x,
                y,
                alpha,
                beta,
                a.num_rows(),
                s.team_size,
                s.rows_per_thread,
                first_column,
                width,
                launch.long_row};
  };
  if (launch.shape == MultivectorShape::columns) {
    constexpr int max_lanes = backends::Traits<ExecSpace>::max_tpr < multivector_column_lanes
                                  ? backends::Traits<ExecSpace>::max_tpr
                                  : multivector_column_lanes;
    for (std::int64_t c = 0; c < k; c += max_lanes) {
      const int width = static_cast<int>(k - c < max_lanes ? k - c : max_lanes);
      int lanes = 1;
      while (lanes < width) lanes *= 2;
      const VectorShape s = vector_shape<ExecSpace>(lanes, p);
      const std::int64_t teams = planner::checked_league(teams_to_cover(a.num_rows(), s), "CSR-multivector");
      const auto run = [&](auto team_rows) {
        constexpr bool team_rows_on = decltype(team_rows)::value;
        launch_multivector_teams(
            "aspmv::spmv::csr_multivector_columns", exec, teams, s, launch.long_row,
            CsrMultivectorColumnsFunctor<Matrix, XView, YView, ExecSpace, team_rows_on>{args(s, c, width), lanes});
      };
      if (launch.long_row == no_long_rows)
        run(std::false_type{});
      else
        run(std::true_type{});
    }
    return;
  }
  const VectorShape s = vector_shape<ExecSpace>(launch.tpr, p);
  const std::int64_t teams = planner::checked_league(teams_to_cover(a.num_rows(), s), "CSR-multivector");
  for (std::int64_t c = 0; c < k; c += multivector_width) {
    const int width = static_cast<int>(k - c < multivector_width ? k - c : multivector_width);
    const auto run = [&](auto w) {
      constexpr int width_max = decltype(w)::value;
      if (launch.long_row == no_long_rows)
        launch_multivector_teams(
            "aspmv::spmv::csr_multivector", exec, teams, s, launch.long_row,
            CsrMultivectorFunctor<Matrix, XView, YView, ExecSpace, width_max, false>{args(s, c, width), s.tpr});
      else
        launch_multivector_teams(
            "aspmv::spmv::csr_multivector", exec, teams, s, launch.long_row,
            CsrMultivectorFunctor<Matrix, XView, YView, ExecSpace, width_max, true>{args(s, c, width), s.tpr});
    };
    // The smallest compiled width that holds this chunk (registers scale with it).
    if (width == 1)
      run(std::integral_constant<int, 1>{});
    else if (width == 2)
      run(std::integral_constant<int, 2>{});
    else if (width <= 4)
      run(std::integral_constant<int, 4>{});
    else if (width <= 8)
      run(std::integral_constant<int, 8>{});
    else
      run(std::integral_constant<int, 16>{});
  }
}

}  // namespace aspmv::impl
