#pragma once
// CSR-delta<TpR>: CSR-vector reading compressed column indices. The plan
// (the format conversion, timed as analysis) stores per row a base column
// (the row's smallest) and per nonzero its column minus the base in 8 or 16
// bits: the ELL-BRO idea (Tang et al., cited by Lehnert) applied to CSR; or,
// where every entry of the matrix lies within 127 (32,767) of its row at no
// more bits than the bases need (bands, grid stencils), per nonzero its signed
// distance from the row index and no base at all (4 bytes and a dependent
// load a row fewer). A
// nonzero then moves 8 + 1 or 8 + 2 bytes of matrix instead of 8 + 4
// (double), 4 + 1 or 4 + 2 instead of 4 + 4 (float), plus 4 bytes per row.
// Rows whose columns span too far for the width ("wide" rows, base -1) read
// A's own 32-bit indices. The width is the one that moves fewer index bytes
// over the whole matrix (1 byte per nonzero + 4 per wide-row nonzero,
// against 2 + 4 per nonzero of rows wider than 65,535).
//
// Launch as CSR-vector: on GPUs TpR > 1 as a flat range of warps, groups of
// TpR lanes a row adding their sums by shuffles (impl/row_group_range.hpp;
// the table's vector_range 1, the default; 0: TpR lanes of a team's vector a
// row, rows per team = team size), TpR = 1 a flat range of one thread per row
// (both launched as the table's direct_launch says); on CPUs chunks of rows
// per thread.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/column_deltas.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/row_group_range.hpp>
#include <aspmv/impl/run_columns.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/csr_vector.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::impl {

// What csr_delta's form needs, from one pass over the column indices: the
// rows whose per-row deltas do not fit 8 and 16 bits (as nonzeros; a row with
// a negative column never fits: it keeps A's indices) and the largest
// distance of an entry from its row.
struct CsrDeltaSurveyValue {
  WideNonzeros wide;
  std::int64_t row_distance = 0;
};
template <class Matrix>
struct CsrDeltaSurvey {
  using value_type = CsrDeltaSurveyValue;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  KOKKOS_FUNCTION void operator()(const std::int64_t row, CsrDeltaSurveyValue& survey) const {
    const auto b = offsets(row), e = offsets(row + 1);
    const ColumnSpan span = column_span(cols, b, e);
    WideNonzerosReduction::count(span, static_cast<std::int64_t>(e - b), survey.wide);
    const std::int64_t d = row_distance(span, row, e <= b);
    survey.row_distance = d > survey.row_distance ? d : survey.row_distance;
  }
  KOKKOS_FUNCTION void init(
      CsrDeltaSurveyValue& survey) const {  // NOLINT(readability-convert-member-functions-to-static)
    survey.wide = WideNonzeros{};
    survey.row_distance = 0;
  }
  // NOLINTNEXTLINE(readability-convert-member-functions-to-static)
  KOKKOS_FUNCTION void join(volatile CsrDeltaSurveyValue& into, const volatile CsrDeltaSurveyValue& from) const {
    WideNonzerosReduction::add(into.wide, from.wide);
    if (from.row_distance > into.row_distance) into.row_distance = from.row_distance;
  }
};

// The conversion: base(row) and the row's deltas, or base -1 for a wide row.
template <class Matrix, class DeltaView>
struct CsrDeltaFill {
  using Delta = typename DeltaView::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Kokkos::View<std::int32_t*, typename Matrix::memory_space> base;
  DeltaView delta;
  std::int64_t limit;
  KOKKOS_FUNCTION void operator()(const std::int64_t row) const {
    const ColumnSpan span = column_span(cols, offsets(row), offsets(row + 1));
    if (!span.fits(limit)) {
      base(row) = -1;
      return;
    }
    base(row) = static_cast<std::int32_t>(span.lo);
    for (auto k = offsets(row); k < offsets(row + 1); ++k) delta(k) = static_cast<Delta>(cols(k) - span.lo);
  }
};

template <class Matrix, class RowColumns, class XView, class YView, class ExecSpace>
struct CsrDeltaFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::values_view vals;
  RowColumns columns;  // impl/run_columns.hpp: a per-row base and deltas, or distances from the row index
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows;
  std::int64_t rows_per_team;    // team size
  std::int64_t rows_per_thread;  // > 1 on CPUs
  int tpr;

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t stride = team.league_size() * rows_per_team * rows_per_thread;
    for (std::int64_t first = (team.league_rank() * rows_per_team + team.team_rank()) * rows_per_thread;
         first < num_rows; first += stride) {
      const std::int64_t last = first + rows_per_thread < num_rows ? first + rows_per_thread : num_rows;
      for (std::int64_t row = first; row < last; ++row) {
        const Offset begin = offsets(row), end = offsets(row + 1);
        Value sum = 0;
        columns.with_run(row, [&](const auto& cols) {
          Kokkos::parallel_reduce(
              Kokkos::ThreadVectorRange(team, tpr),
              [&](const int lane, Value& s) { s += strided_dot<Value>(begin + lane, end, Offset(tpr), cols, vals, x); },
              sum);
        });
        Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
      }
    }
  }
};

// TpR = 1 on GPUs: one thread per row, a flat range.
template <class Matrix, class RowColumns, class XView, class YView>
struct CsrDeltaRowFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::values_view vals;
  RowColumns columns;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t row) const {
    Value sum = 0;
    columns.with_run(row, [&](const auto& cols) { sum = row_sum<Value>(offsets, cols, vals, x, row); });
    write_row(y, row, alpha, sum, beta);
  }
};

// The row-relative form's conversion: each entry's signed distance from its row.
template <class Matrix, class DeltaView>
struct CsrDeltaRowRelativeFill {
  using Delta = typename DeltaView::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  DeltaView delta;
  KOKKOS_FUNCTION void operator()(const std::int64_t row) const {
    for (auto k = offsets(row); k < offsets(row + 1); ++k)
      delta(k) = static_cast<Delta>(static_cast<std::int64_t>(cols(k)) - row);
  }
};

template <class ExecSpace, class Matrix>
class CsrDeltaStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;
  using Deltas8 = Kokkos::View<const std::uint8_t*, memory_space>;
  using Deltas16 = Kokkos::View<const std::uint16_t*, memory_space>;
  using Relative8 = Kokkos::View<const std::int8_t*, memory_space>;
  using Relative16 = Kokkos::View<const std::int16_t*, memory_space>;

  CsrDeltaStep(const ExecSpace& exec, const Matrix& a, VectorShape shape) : a_(a), shape_(shape) {
    const std::int64_t m = a.num_rows(), nnz = a.nnz();
    CsrDeltaSurveyValue survey;
    if (m > 0)
      Kokkos::parallel_reduce("aspmv::csr_delta::survey", RangePolicy<ExecSpace>(exec, 0, m),
                              CsrDeltaSurvey<Matrix>{a.row_offsets(), a.col_indices()}, survey);
    bits_ = delta_bits(nnz, survey.wide);
    wide_nnz_ = survey.wide.nonzeros(bits_);
    wide_rows_ = survey.wide.runs(bits_);
    // Every entry within a signed width of its row, at no more bits than the per-row bases need: distances from
    // the row index, no base to store or read (bands, grid stencils).
    const int relative = row_relative_bits(survey.row_distance);
    if (relative != 0 && relative <= bits_) {
      row_relative_ = true;
      bits_ = relative;
      wide_nnz_ = wide_rows_ = 0;
      if (bits_ == 8)
        relative8_ = fill_relative<std::int8_t>(exec);
      else
        relative16_ = fill_relative<std::int16_t>(exec);
    } else {
      base_ = allocate<std::int32_t, memory_space>(exec, m, "aspmv::csr_delta::base");
      if (bits_ == 8)
        deltas8_ = fill<std::uint8_t>(exec, 256);
      else
        deltas16_ = fill<std::uint16_t>(exec, 65536);
    }
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }

  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    if (a_.num_rows() == 0) return;
    using Cols = typename Matrix::indices_view;
    using Bases = Kokkos::View<const std::int32_t*, memory_space>;
    if (row_relative_ && bits_ == 8)
      launch(exec, RunColumnsRowRelative<Relative8>{relative8_}, alpha, x, beta, y);
    else if (row_relative_)
      launch(exec, RunColumnsRowRelative<Relative16>{relative16_}, alpha, x, beta, y);
    else if (bits_ == 8)
      launch(exec, RunColumnsDelta<Bases, Deltas8, Cols>{base_, deltas8_, a_.col_indices()}, alpha, x, beta, y);
    else
      launch(exec, RunColumnsDelta<Bases, Deltas16, Cols>{base_, deltas16_, a_.col_indices()}, alpha, x, beta, y);
  }

  const VectorShape& shape() const { return shape_; }
  // Whether the rows run as a flat range of warps (GPUs, TpR > 1).
  bool row_groups() const { return runs_row_groups<ExecSpace>(shape_); }
  int bits() const { return bits_; }
  // Whether the deltas are distances from the row index (no per-row base).
  bool row_relative() const { return row_relative_; }
  std::int64_t wide_rows() const { return wide_rows_; }
  std::int64_t wide_nonzeros() const { return wide_nnz_; }
  std::int64_t teams() const { return teams_to_cover(a_.num_rows(), shape_); }

 private:
  template <class Delta>
  Kokkos::View<const Delta*, memory_space> fill(const ExecSpace& exec, std::int64_t limit) {
    auto d = allocate<Delta, memory_space>(exec, a_.nnz(), "aspmv::csr_delta::deltas");
    Kokkos::parallel_for("aspmv::csr_delta::convert", RangePolicy<ExecSpace>(exec, 0, a_.num_rows()),
                         CsrDeltaFill<Matrix, decltype(d)>{a_.row_offsets(), a_.col_indices(), base_, d, limit});
    return d;
  }

  template <class Delta>
  Kokkos::View<const Delta*, memory_space> fill_relative(const ExecSpace& exec) {
    auto d = allocate<Delta, memory_space>(exec, a_.nnz(), "aspmv::csr_delta::row_distances");
    Kokkos::parallel_for("aspmv::csr_delta::convert", RangePolicy<ExecSpace>(exec, 0, a_.num_rows()),
                         CsrDeltaRowRelativeFill<Matrix, decltype(d)>{a_.row_offsets(), a_.col_indices(), d});
    return d;
  }

  template <class RowColumns, class XView, class YView>
  void launch(const ExecSpace& exec, const RowColumns& columns, Value alpha, const XView& x, Value beta,
              const YView& y) const {
    if (backends::Traits<ExecSpace>::is_gpu && shape_.tpr == 1) {
      backends::parallel_range("aspmv::spmv::csr_delta_tpr1", RangePolicy<ExecSpace>(exec, 0, a_.num_rows()),
                               CsrDeltaRowFunctor<Matrix, RowColumns, XView, YView>{a_.row_offsets(), a_.values(),
                                                                                    columns, x, y, alpha, beta},
                               shape_.direct);
      return;
    }
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      if (row_groups()) {
        launch_row_groups("aspmv::spmv::csr_delta_range", exec, a_, columns, shape_.tpr, shape_.direct, alpha, x, beta,
                          y);
        return;
      }
    }
    CsrDeltaFunctor<Matrix, RowColumns, XView, YView, ExecSpace> f{
        a_.row_offsets(),       a_.values(), columns, x, y, alpha, beta, a_.num_rows(), shape_.team_size,
        shape_.rows_per_thread, shape_.tpr};
    Kokkos::parallel_for("aspmv::spmv::csr_delta",
                         TeamPolicy<ExecSpace>(exec, static_cast<int>(teams()), shape_.team_size, shape_.tpr), f);
  }

  Matrix a_;
  VectorShape shape_;
  int bits_ = 16;
  std::int64_t wide_nnz_ = 0;
  std::int64_t wide_rows_ = 0;
  bool row_relative_ = false;
  Kokkos::View<std::int32_t*, memory_space> base_;
  Deltas8 deltas8_;
  Deltas16 deltas16_;
  Relative8 relative8_;
  Relative16 relative16_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrDelta {
  static constexpr Kernel id = Kernel::csr_delta;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ true, /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::team_threads, TableParameter::host_rows_per_chunk,
                                                  TableParameter::direct_launch, TableParameter::vector_range};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrDeltaStep<ExecSpace, Matrix>;

  // Every TpR the backend runs.
  static std::vector<KernelConfig> configurations(int max_tpr) { return tpr_configurations(id, max_tpr); }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const int tpr = ctx.tpr_for_matrix(s.stats);
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, impl::vector_shape<ExecSpace>(tpr, ctx.params));
    GroupSummary g;
    g.kernel = id;
    g.tpr = tpr;
    g.team_size = step.shape().team_size;
    g.teams = step.teams();
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = std::to_string(step.bits()) + "-bit column deltas " +
               (step.row_relative() ? std::string("from the row index (every entry within reach of its row); ")
                                    : std::string("from a per-row base; ")) +
               std::to_string(step.wide_rows()) + " wide rows (" + std::to_string(step.wide_nonzeros()) +
               " nonzeros) read 32-bit indices; " + (step.row_groups() ? impl::row_groups_detail : "") +
               ctx.tpr_source_matrix();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
