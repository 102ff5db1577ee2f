#pragma once
// COO (Lehnert's coordinate format): the plan expands the row offsets into
// one row index per nonzero (the format conversion, timed as analysis) and
// lists the empty rows. Each thread takes an equal share of the nonzeros,
// sums its runs of equal rows, and writes every row it holds whole; the
// partial rows at the two ends of its share go to two carry slots, which a
// fixup dispatch sums (deterministic: no atomics). A partial row's slots are
// contiguous and where they end follows from its row offsets: the thread of
// its first slot sums a short run alone; a long one (a row over many shares)
// its team sums after a barrier, one team reduction per row (a single thread
// summed 2,500 slots one after another: 559 us on offshore where cuSPARSE's
// COO took 16, H200, perf/results/h200/2026-11-27-cusparse-coo). Empty rows
// get y = beta * y from a dispatch over the listed rows.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/scale.hpp>
#include <aspmv/impl/team_list.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <array>
#include <string>
#include <vector>

namespace aspmv::impl {

// Nonzeros per thread: a share amortizes its two carry slots (2 x 12 bytes
// written against 16 x 12 bytes read); not tuned.
inline constexpr std::int64_t coo_nnz_per_thread = 16;

// rows(k) = the row of nonzero k: the last r with offsets(r) <= k.
template <class Offsets, class Rows>
struct CooRowIndices {
  Offsets offsets;
  Rows rows;
  std::int64_t num_rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t k) const {
    std::int64_t lo = 0, hi = num_rows - 1;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (static_cast<std::int64_t>(offsets(mid)) <= k)
        lo = mid;
      else
        hi = mid - 1;
    }
    rows(k) = static_cast<std::int32_t>(lo);
  }
};

// Empty rows, counted then listed by one scan each.
template <class Offsets, class List>
struct CooEmptyRows {
  Offsets offsets;
  List list;  // empty on the counting pass
  KOKKOS_FUNCTION void operator()(const std::int64_t r, std::int64_t& pos, const bool final) const {
    if (offsets(r) != offsets(r + 1)) return;
    if (final && list.extent(0) > 0) list(pos) = static_cast<std::int32_t>(r);
    pos += 1;
  }
};

template <class Matrix, class XView, class YView>
struct CooFunctor {
  using Value = typename Matrix::value_type;
  using Mem = typename Matrix::memory_space;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  Kokkos::View<const std::int32_t*, Mem> rows;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<std::int32_t*, Mem> carry_rows;  // 2 per thread: first and last partial run
  Kokkos::View<Value*, Mem> carry_values;
  std::int64_t num_rows, nnz;

  // A run of row r over nonzeros [b, e): written when whole, else carried.
  KOKKOS_INLINE_FUNCTION void finish(std::int64_t t, std::int64_t k0, std::int64_t r, std::int64_t b, std::int64_t e,
                                     Value sum) const {
    if (b == static_cast<std::int64_t>(offsets(r)) && e == static_cast<std::int64_t>(offsets(r + 1))) {
      write_row(y, r, alpha, sum, beta);
      return;
    }
    const std::int64_t slot = b == k0 ? 2 * t : 2 * t + 1;
    carry_rows(slot) = static_cast<std::int32_t>(r);
    carry_values(slot) = sum;
  }

  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t k0 = t * coo_nnz_per_thread;
    const std::int64_t k1 = k0 + coo_nnz_per_thread < nnz ? k0 + coo_nnz_per_thread : nnz;
    carry_rows(2 * t) = static_cast<std::int32_t>(num_rows);  // no carry
    carry_rows(2 * t + 1) = static_cast<std::int32_t>(num_rows);
    std::int64_t r = rows(k0), b = k0;
    Value sum = 0;
    for (std::int64_t k = k0; k < k1; ++k) {
      const std::int64_t rk = rows(k);
      if (rk != r) {
        finish(t, k0, r, b, k, sum);
        r = rk;
        b = k;
        sum = 0;
      }
      sum += vals(k) * x(cols(k));
    }
    finish(t, k0, r, b, k1, sum);
    // A share inside one row: its second slot joins the row's run of slots
    // (with nothing to add), so every partial row's slots stay contiguous.
    if (b == k0 && carry_rows(2 * t) == static_cast<std::int32_t>(r)) {
      carry_rows(2 * t + 1) = static_cast<std::int32_t>(r);
      carry_values(2 * t + 1) = Value(0);
    }
  }
};

// Runs of carry slots up to this long are summed by one thread.
inline constexpr std::int64_t coo_short_run = 32;

// Team size of the fixup: one thread a slot; GPUs share long runs in teams.
template <class ExecSpace>
constexpr int coo_fixup_team_size() {
  return backends::Traits<ExecSpace>::is_gpu ? 128 : 1;
}

// Each partial row's slots summed, the row written from the team of its
// first slot: in slot order by that slot's thread (a short run), or by a
// team reduction (a long one; the same tree every call).
template <class ExecSpace, class Matrix, class YView>
struct CooFixup {
  using Value = typename Matrix::value_type;
  using Mem = typename Matrix::memory_space;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  using List = TeamList<Member>;

  typename Matrix::offsets_view offsets;
  Kokkos::View<const std::int32_t*, Mem> carry_rows;
  Kokkos::View<const Value*, Mem> carry_values;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows, nnz, slots;

  static std::size_t scratch_bytes(int team_size) { return List::scratch_bytes(static_cast<std::size_t>(team_size)); }

  // The row whose run of slots starts at s, or -1.
  KOKKOS_INLINE_FUNCTION std::int64_t run_row(std::int64_t s) const {
    if (s >= slots) return -1;
    const std::int64_t r = carry_rows(s);
    return r >= num_rows || (s > 0 && carry_rows(s - 1) == r) ? -1 : r;
  }

  // One past partial row r's last slot: that of the thread holding its last
  // nonzero, the second one too when that thread's share lies inside the row
  // (CooFunctor's join).
  KOKKOS_INLINE_FUNCTION std::int64_t run_end(std::int64_t r) const {
    const auto b = static_cast<std::int64_t>(offsets(r)), e = static_cast<std::int64_t>(offsets(r + 1));
    const std::int64_t last = (e - 1) / coo_nnz_per_thread;
    const std::int64_t share_begin = last * coo_nnz_per_thread;
    const std::int64_t share_end = share_begin + coo_nnz_per_thread < nnz ? share_begin + coo_nnz_per_thread : nnz;
    return share_begin >= b && share_end <= e ? 2 * last + 2 : 2 * last + 1;
  }

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const List long_runs(team, static_cast<std::size_t>(team.team_size()));
    long_runs.clear(team);
    const std::int64_t s = static_cast<std::int64_t>(team.league_rank()) * team.team_size() + team.team_rank();
    const std::int64_t r = run_row(s);
    if (r >= 0) {
      const std::int64_t end = run_end(r);
      if (end - s > coo_short_run) {
        long_runs.push(s);
      } else {
        Value sum = 0;
        for (std::int64_t u = s; u < end; ++u) sum += carry_values(u);
        write_row(y, r, alpha, sum, beta);
      }
    }
    team.team_barrier();
    for (int i = 0; i < long_runs.size(); ++i) {
      const std::int64_t first = long_runs[i], row = carry_rows(first);
      Value sum = 0;
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, first, run_end(row)),
          [&](const std::int64_t u, Value& v) { v += carry_values(u); }, sum);
      Kokkos::single(Kokkos::PerTeam(team), [&]() { write_row(y, row, alpha, sum, beta); });
    }
  }
};

template <class ExecSpace, class Matrix>
class CooStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  CooStep(const ExecSpace& exec, const Matrix& a) : a_(a) {
    const std::int64_t nnz = a.nnz(), m = a.num_rows();
    threads_ = (nnz + coo_nnz_per_thread - 1) / coo_nnz_per_thread;
    rows_ = allocate<std::int32_t, memory_space>(exec, nnz, "aspmv::coo::rows");
    if (nnz > 0)
      Kokkos::parallel_for("aspmv::coo::row_indices", RangePolicy<ExecSpace>(exec, 0, nnz),
                           CooRowIndices<typename Matrix::offsets_view, decltype(rows_)>{a.row_offsets(), rows_, m});
    using List = Kokkos::View<std::int32_t*, memory_space>;
    std::int64_t empty = 0;
    if (m > 0)
      Kokkos::parallel_scan("aspmv::coo::count_empty_rows", RangePolicy<ExecSpace>(exec, 0, m),
                            CooEmptyRows<typename Matrix::offsets_view, List>{a.row_offsets(), List()}, empty);
    empty_rows_ = allocate<std::int32_t, memory_space>(exec, empty, "aspmv::coo::empty_rows");
    if (empty > 0)
      Kokkos::parallel_scan("aspmv::coo::list_empty_rows", RangePolicy<ExecSpace>(exec, 0, m),
                            CooEmptyRows<typename Matrix::offsets_view, List>{a.row_offsets(), empty_rows_});
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  // Two carries (row, partial sum) per thread.
  WorkspaceSize workspace_size() const { return {2 * threads_, 2 * threads_}; }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    scale_listed_rows("aspmv::spmv::coo_empty_rows", exec, empty_rows_, y, beta);
    if (threads_ == 0) return;
    Kokkos::parallel_for("aspmv::spmv::coo", RangePolicy<ExecSpace>(exec, 0, threads_),
                         CooFunctor<Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(), rows_, x, y,
                                                          alpha, beta, ws.indices, ws.values, a_.num_rows(), a_.nnz()});
    using Fixup = CooFixup<ExecSpace, Matrix, YView>;
    constexpr int team = coo_fixup_team_size<ExecSpace>();
    TeamPolicy<ExecSpace> fixup(exec, planner::checked_league((2 * threads_ + team - 1) / team, "COO fixup"), team, 1);
    fixup.set_scratch_size(0, Kokkos::PerTeam(Fixup::scratch_bytes(team)));
    Kokkos::parallel_for(
        "aspmv::spmv::coo_fixup", fixup,
        Fixup{a_.row_offsets(), ws.indices, ws.values, y, alpha, beta, a_.num_rows(), a_.nnz(), 2 * threads_});
  }

  std::int64_t threads() const { return threads_; }
  std::int64_t empty_rows() const { return static_cast<std::int64_t>(empty_rows_.extent(0)); }

 private:
  Matrix a_;
  std::int64_t threads_ = 0;
  Kokkos::View<std::int32_t*, memory_space> rows_;
  Kokkos::View<std::int32_t*, memory_space> empty_rows_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Coo {
  static constexpr Kernel id = Kernel::coo;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr std::array<TableParameter, 0> parameters{};  // reads no table parameter
  template <class ExecSpace, class Matrix>
  using Step = impl::CooStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"coo", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a);
    GroupSummary g;
    g.kernel = id;
    g.teams = step.threads();
    g.blocks = step.threads();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = std::to_string(impl::coo_nnz_per_thread) + " nonzeros per thread, ordered carries; " +
               std::to_string(step.empty_rows()) + " empty rows";
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
