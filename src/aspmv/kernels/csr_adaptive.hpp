#pragma once
// CSR-Adaptive as improved by Daga & Greathouse: one team (workgroup) per
// rowBlocks entry, choosing among
//  - CSR-Stream: the block's products are staged in team scratch with
//    coalesced loads, then reduced per row: logarithmically when at least two
//    threads fall to each row, by one thread per row otherwise;
//  - CSR-Vector: the whole team reduces each of the block's rows in turn;
//  - CSR-VectorL: one part of a very long row; the parts combine through
//    impl/split_rows.hpp (atomics after a prescale, or deterministically).
// The rowBlocks come from impl/adaptive_blocks.hpp.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/adaptive_blocks.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/run_columns.hpp>
#include <aspmv/impl/split_rows.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace aspmv::impl {

// StageUnroll: loads each thread issues before storing them while staging
// (1 = the paper's loop; more keeps more requests in flight per thread).
// Columns: where a block's column indices come from (impl/run_columns.hpp:
// RunColumnsPlain, or compressed ones).
template <class Matrix, class XView, class YView, class ExecSpace, int StageUnroll,
          class Columns = RunColumnsPlain<typename Matrix::indices_view>>
struct CsrAdaptiveFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  using Scratch = Kokkos::View<Value*, typename ExecSpace::scratch_memory_space, Kokkos::MemoryUnmanaged>;
  typename Matrix::offsets_view offsets;
  Columns columns;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const AdaptiveBlock<Offset>*, typename Matrix::memory_space> blocks;
  Kokkos::View<Value*, typename Matrix::memory_space> partials;  // deterministic CSR-VectorL slots (workspace)
  bool deterministic;
  std::int64_t stage_capacity;  // scratch values for CSR-Stream: 2 * NNZ_PER_WG

  static std::size_t scratch_bytes(std::int64_t stage_capacity, int team_size) {
    return Scratch::shmem_size(stage_capacity) + Scratch::shmem_size(team_size);
  }

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t w = team.league_rank();
    const AdaptiveBlock<Offset> b = blocks(w);
    columns.with_run(w, [&](const auto& cols) { run_block(team, w, b, cols); });
  }

  template <class Cols>
  KOKKOS_FUNCTION void run_block(const Member& team, std::int64_t w, const AdaptiveBlock<Offset>& b,
                                 const Cols& cols) const {
    if (b.kind == adaptive_stream)
      stream(team, b, cols);
    else if (b.kind == adaptive_vector)
      for (std::int64_t r = b.row_begin; r < b.row_end; ++r) {
        const Value sum = team_sum(team, offsets(r), offsets(r + 1), cols);
        Kokkos::single(Kokkos::PerTeam(team), [&]() { write_row(y, r, alpha, sum, beta); });
      }
    else {
      const Value sum = team_sum(team, b.nnz_begin, b.nnz_end, cols);
      Kokkos::single(Kokkos::PerTeam(team), [&]() {
        if (deterministic)
          partials(w) = sum;
        else
          Kokkos::atomic_add(&y(b.row_begin), alpha * sum);
      });
    }
  }

  template <class Cols>
  KOKKOS_FUNCTION Value team_sum(const Member& team, Offset begin, Offset end, const Cols& cols) const {
    const int threads = team.team_size();
    Value sum = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, threads),
        [&](const int t, Value& s) { s += strided_dot<Value>(begin + t, end, Offset(threads), cols, vals, x); }, sum);
    return sum;
  }

  template <class Cols>
  KOKKOS_FUNCTION void stream(const Member& team, const AdaptiveBlock<Offset>& b, const Cols& cols) const {
    const int threads = team.team_size();
    const int rank = team.team_rank();
    Scratch stage(team.team_scratch(0), stage_capacity);
    Scratch red(team.team_scratch(0), threads);
    const Offset base = b.nnz_begin;
    // Stage the block's products; each thread issues StageUnroll loads before storing.
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, threads), [&](const int t) {
      for (Offset j = base + t; j < b.nnz_end; j += StageUnroll * threads) {
        Value p[StageUnroll];
        for (int u = 0; u < StageUnroll; ++u) {
          const Offset k = j + u * threads;
          p[u] = k < b.nnz_end ? vals(k) * x(cols(k)) : Value(0);
        }
        for (int u = 0; u < StageUnroll; ++u)
          if (j + u * threads < b.nnz_end) stage(j + u * threads - base) = p[u];
      }
    });
    team.team_barrier();
    const int rows = b.row_end - b.row_begin;
    if (threads / rows >= 2) {
      // Logarithmic reduction: `tpr` adjacent threads per row (a power of two).
      int tpr = 1;
      while (2 * tpr <= threads / rows) tpr *= 2;
      const int lane = rank % tpr;
      const int local = rank / tpr;
      Value partial = 0;
      if (local < rows) {
        const std::int64_t r = b.row_begin + local;
        for (Offset k = offsets(r) - base + lane; k < offsets(r + 1) - base; k += tpr) partial += stage(k);
      }
      red(rank) = partial;
      team.team_barrier();
      for (int half = tpr / 2; half > 0; half /= 2) {
        if (lane < half) red(rank) += red(rank + half);
        team.team_barrier();
      }
      if (lane == 0 && local < rows) write_row(y, b.row_begin + local, alpha, red(rank), beta);
    } else {
      // Scalar reduction: one thread per row.
      for (int local = rank; local < rows; local += threads) {
        const std::int64_t r = b.row_begin + local;
        Value sum = 0;
        for (Offset k = offsets(r) - base; k < offsets(r + 1) - base; ++k) sum += stage(k);
        write_row(y, r, alpha, sum, beta);
      }
    }
  }
};

// One CSR-Adaptive dispatch (plus the prescale or finalize of CSR-VectorL rows).
template <class ExecSpace, class Matrix>
class CsrAdaptiveStep {
 public:
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using memory_space = typename Matrix::memory_space;

  enum class Build { host, device };

  CsrAdaptiveStep(const ExecSpace& exec, const Matrix& a, const std::vector<Offset>* offsets_host,
                  AdaptiveParams params, int team_size, bool deterministic, Build build)
      : a_(a), params_(params), team_size_(team_size), deterministic_(deterministic), build_(build) {
    const std::size_t need =
        Kokkos::View<Value*, typename ExecSpace::scratch_memory_space>::shmem_size(2 * params.nnz_per_wg) +
        Kokkos::View<Value*, typename ExecSpace::scratch_memory_space>::shmem_size(team_size);
    const std::size_t have = TeamPolicy<ExecSpace>::scratch_size_max(0);
    if (need > have)
      throw Error("aspmv::make_plan: CSR-Adaptive with NNZ_PER_WG " + std::to_string(params.nnz_per_wg) + " needs " +
                  std::to_string(need) + " bytes of team scratch, more than the " + std::to_string(have) +
                  " this backend offers");
    const auto t0 = std::chrono::steady_clock::now();
    if (build == Build::host) {
      auto blocks = build_adaptive_blocks_host(*offsets_host, params);
      const auto split = adaptive_split_rows_host(blocks);
      blocks_ = to_device<memory_space>(exec, blocks, "aspmv::csr_adaptive::blocks");
      split_rows_ = to_device<memory_space>(exec, split, "aspmv::csr_adaptive::split_rows");
    } else {
      auto built = build_adaptive_blocks_device(exec, a.row_offsets(), a.num_rows(), params);
      blocks_ = built.blocks;
      split_rows_ = built.split_rows;
    }
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    planner::checked_league(static_cast<std::int64_t>(blocks_.extent(0)), "CSR-Adaptive");
  }

  std::size_t num_groups() const { return 1; }
  // Deterministic CSR-VectorL keeps one partial sum per rowBlocks entry.
  WorkspaceSize workspace_size() const {
    WorkspaceSize w;
    if (deterministic_ && split_rows_.extent(0) > 0) w.values = static_cast<std::int64_t>(blocks_.extent(0));
    return w;
  }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    run_with_columns(exec, ws, RunColumnsPlain<typename Matrix::indices_view>{a_.col_indices()}, alpha, x, beta, y);
  }

  // The dispatch reading block w's columns from columns.with_run(w, ...).
  template <class Columns, class XView, class YView>
  void run_with_columns(const ExecSpace& exec, const Workspace<Value, memory_space>& ws, const Columns& cols,
                        Value alpha, const XView& x, Value beta, const YView& y) const {
    const auto n = static_cast<std::int64_t>(blocks_.extent(0));
    if (n == 0) return;
    const bool split = split_rows_.extent(0) > 0;
    if (split && !deterministic_) prescale_split_rows(exec, split_rows_, y, beta);
    if (params_.stage_unroll >= 8)
      launch<CsrAdaptiveFunctor<Matrix, XView, YView, ExecSpace, 8, Columns>>(exec, ws, cols, alpha, x, beta, y);
    else if (params_.stage_unroll >= 4)
      launch<CsrAdaptiveFunctor<Matrix, XView, YView, ExecSpace, 4, Columns>>(exec, ws, cols, alpha, x, beta, y);
    else
      launch<CsrAdaptiveFunctor<Matrix, XView, YView, ExecSpace, 1, Columns>>(exec, ws, cols, alpha, x, beta, y);
    if (split && deterministic_) finalize_split_rows(exec, split_rows_, ws.values, y, alpha, beta);
  }

  std::int64_t num_blocks() const { return static_cast<std::int64_t>(blocks_.extent(0)); }
  std::int64_t num_split_rows() const { return static_cast<std::int64_t>(split_rows_.extent(0)); }
  double build_seconds() const { return build_seconds_; }
  Build build() const { return build_; }
  const AdaptiveParams& params() const { return params_; }
  int team_size() const { return team_size_; }
  const Kokkos::View<AdaptiveBlock<Offset>*, memory_space>& blocks() const { return blocks_; }

 private:
  template <class F, class Columns, class XView, class YView>
  void launch(const ExecSpace& exec, const Workspace<Value, memory_space>& ws, const Columns& cols, Value alpha,
              const XView& x, Value beta, const YView& y) const {
    const std::int64_t capacity = 2 * params_.nnz_per_wg;
    F f{a_.row_offsets(), cols, a_.values(), x, y, alpha, beta, blocks_, ws.values, deterministic_, capacity};
    auto policy = TeamPolicy<ExecSpace>(exec, static_cast<int>(blocks_.extent(0)), team_size_, 1);
    policy.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(capacity, team_size_)));
    Kokkos::parallel_for("aspmv::spmv::csr_adaptive", policy, f);
  }

  Matrix a_;
  AdaptiveParams params_;
  int team_size_;
  bool deterministic_;
  Build build_;
  double build_seconds_ = 0;
  Kokkos::View<AdaptiveBlock<Offset>*, memory_space> blocks_;
  Kokkos::View<SplitRow*, memory_space> split_rows_;
};

// The rowBlocks and the launch shape of a CSR-Adaptive dispatch from the
// architecture table (and PlanOptions::adaptive_unroll), described in g (all
// but g.kernel): what csr_adaptive and csr_adaptive_delta plan alike.
template <class ExecSpace, class Matrix>
CsrAdaptiveStep<ExecSpace, Matrix> plan_adaptive_step(const planner::PlanContext<ExecSpace, Matrix>& ctx,
                                                      const PlanSummary& s, GroupSummary& g) {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Traits = backends::Traits<ExecSpace>;
  using Step = CsrAdaptiveStep<ExecSpace, Matrix>;
  const auto& p = ctx.params;
  AdaptiveParams ap;
  ap.nnz_per_wg = p.adaptive_nnz_per_wg.template get<Value>();
  ap.num_rows_stream = p.adaptive_num_rows_stream.template get<Value>();
  ap.nnz_multiplier = p.adaptive_nnz_multiplier.template get<Value>();
  ap.stage_unroll = ctx.options.adaptive_unroll > 0 ? ctx.options.adaptive_unroll : p.adaptive_stage_unroll;
  if (ap.stage_unroll != 1 && ap.stage_unroll != 4 && ap.stage_unroll != 8)
    throw Error("aspmv::make_plan: adaptive_unroll " + std::to_string(ap.stage_unroll) + " is not 1, 4 or 8");
  const int team = Traits::is_gpu ? p.adaptive_workgroup_threads : 1;
  ap.max_rows = team;
  const bool on_device = ctx.a.num_rows() >= p.adaptive_device_build_min_rows;
  const std::vector<Offset>* offsets = on_device ? nullptr : &ctx.host_offsets();
  using Build = typename Step::Build;
  Step step(ctx.exec, ctx.a, offsets, ap, team, ctx.options.deterministic, on_device ? Build::device : Build::host);
  g.team_size = team;
  g.teams = step.num_blocks();
  g.blocks = step.num_blocks();
  g.rows = s.stats.rows;
  g.nnz = s.stats.nnz;
  g.detail = "rowBlocks built on the " + std::string(on_device ? "device" : "host") + " in " +
             std::to_string(step.build_seconds() * 1e3) + " ms; NNZ_PER_WG " + std::to_string(ap.nnz_per_wg) +
             ", num_rows_stream " + std::to_string(ap.num_rows_stream) + ", NNZ_multiplier " +
             std::to_string(ap.nnz_multiplier) + ", staging unroll " + std::to_string(ap.stage_unroll) + "; " +
             std::to_string(step.num_split_rows()) + " rows on CSR-VectorL";
  return step;
}

// One configuration per staging unroll (1, 4, 8), labelled "<kernel>" for
// the paper's loop and "<kernel><uN>" otherwise.
inline std::vector<KernelConfig> unroll_configurations(Kernel id) {
  std::vector<KernelConfig> c;
  for (const int u : {1, 4, 8}) {
    PlanOptions o;
    o.kernel = id;
    o.adaptive_unroll = u;
    const std::string name = to_string(id);
    c.push_back({u == 1 ? name : name + "<u" + std::to_string(u) + ">", "unroll=" + std::to_string(u), o});
  }
  return c;
}

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrAdaptive {
  static constexpr Kernel id = Kernel::csr_adaptive;
  static constexpr KernelTraits traits{/*analysis*/ true,        /*uses_tpr*/ false, /*splits_rows*/ true,
                                       /*needs_structure*/ true, /*direct*/ false,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::nnz_per_wg, TableParameter::num_rows_stream,
                                                  TableParameter::nnz_multiplier, TableParameter::workgroup_threads,
                                                  TableParameter::stage_unroll};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrAdaptiveStep<ExecSpace, Matrix>;

  // The staging unrolls (1 = the paper's loop).
  static std::vector<KernelConfig> configurations(int /*max_tpr*/) { return impl::unroll_configurations(id); }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    GroupSummary g;
    auto step = impl::plan_adaptive_step(ctx, s, g);
    g.kernel = id;
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
