#pragma once
// CSR-vector<TpR>: TpR threads (the team's vector lanes) per row, rows per
// team = team size; the row's products are summed by Kokkos' vector
// reduction (warp shuffles on GPUs). Runs over the whole matrix, or over a
// set of row blocks each with its own share of the league (Gao Eq. (3) for
// partitioned matrices, kernels/gao_partitioned.hpp); a block's rows are
// dealt out with a league-stride loop. On GPUs the whole matrix's rows of
// TpR > 1 run as a flat range of warps instead, groups of TpR lanes a row
// (impl/row_group_range.hpp; the table's vector_range 1, the default; 0 the
// team launch).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/load_footprint.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/row_group_range.hpp>
#include <aspmv/impl/run_columns.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/thread_rows.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/csr_scalar.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/range_launch.hpp>

#include <Kokkos_Core.hpp>

#include <string>
#include <vector>

namespace aspmv::impl {

template <class Matrix, class XView, class YView, class ExecSpace>
struct CsrVectorFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const RowBlock*, typename Matrix::memory_space> blocks;  // with sentinel; unused when num_blocks == 0
  std::int64_t num_blocks;                                              // 0: the whole matrix is one block, `whole`
  RowBlock whole;                                                       // rows [0, m), team_begin 0
  std::int64_t whole_teams;                                             // league size when num_blocks == 0
  std::int64_t rows_per_team;                                           // team size
  std::int64_t rows_per_thread;                                         // > 1 on CPUs: a thread takes a chunk of rows
  int tpr;                                                              // threads per row (the team's vector length)

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t league = team.league_rank();
    RowBlock blk = whole;
    std::int64_t teams = whole_teams;
    if (num_blocks > 0) {
      const std::int64_t b = num_blocks == 1 ? 0 : find_block(blocks, num_blocks, league);
      blk = blocks(b);
      teams = blocks(b + 1).team_begin - blk.team_begin;
    }
    const std::int64_t t = league - blk.team_begin;
    const std::int64_t stride = teams * rows_per_team * rows_per_thread;
    for (std::int64_t first = blk.row_begin + (t * rows_per_team + team.team_rank()) * rows_per_thread;
         first < blk.row_end; first += stride) {
      const std::int64_t last = first + rows_per_thread < blk.row_end ? first + rows_per_thread : blk.row_end;
      for (std::int64_t row = first; row < last; ++row) {
        const Offset begin = offsets(row), end = offsets(row + 1);
        Value sum = 0;
        // One index per vector lane; each lane sums its strided share of the row.
        Kokkos::parallel_reduce(
            Kokkos::ThreadVectorRange(team, tpr),
            [&](const int lane, Value& s) { s += strided_dot<Value>(begin + lane, end, Offset(tpr), cols, vals, x); },
            sum);
        Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
      }
    }
  }
};

// TpR = 1 on GPUs over a set of blocks: one thread per row of the blocks, as
// a flat range (the team machinery costs about 2x on rows this short:
// measured on the H100, perf/results/h100/2026-11-21-run1, csr_vector<1> vs
// csr_scalar). Thread i finds its block by binary search on the blocks' row
// prefix. (Over the whole matrix TpR = 1 is CSR-scalar.)
template <class Matrix, class XView, class YView>
struct CsrVectorScalarFunctor {
  using Value = typename Matrix::value_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<const RowBlock*, typename Matrix::memory_space> blocks;
  Kokkos::View<const std::int64_t*, typename Matrix::memory_space> row_prefix;  // rows before block b; sentinel
  std::int64_t num_blocks;

  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    std::int64_t lo = 0, hi = num_blocks - 1;
    while (lo < hi) {
      const std::int64_t mid = (lo + hi + 1) / 2;
      if (row_prefix(mid) <= i)
        lo = mid;
      else
        hi = mid - 1;
    }
    const std::int64_t row = blocks(lo).row_begin + (i - row_prefix(lo));
    write_row(y, row, alpha, row_sum<Value>(offsets, cols, vals, x, row), beta);
  }
};

// Launch shape of a CSR-vector group.
struct VectorShape {
  int tpr = 1;        // threads per row = team vector length
  int team_size = 1;  // rows per team
  std::int64_t rows_per_thread = 1;
  int direct = 0;  // TpR 1 on GPUs runs as a range kernel: the backend's own launch where it has one (direct_launch)
  int range = 1;   // GPUs, TpR > 1: a flat range of warps (1) or a team launch (0) (vector_range)
  int load = 0;    // the range form's cache hint of the matrix's loads (vector_load; backends/load_hint.hpp)
  int load_l2_percent = 0;  // ... taken only where the product's arrays exceed this % of the L2 (0: always)
};

// CSR-vector launch shape for a TpR on this backend.
template <class ExecSpace>
VectorShape vector_shape(int tpr, const predictors::KernelParameters& p) {
  VectorShape s;
  s.tpr = tpr;
  s.direct = p.direct_launch;
  s.range = p.vector_range;
  s.load = p.vector_load;
  s.load_l2_percent = p.vector_load_l2_percent;
  if (backends::Traits<ExecSpace>::is_gpu) {
    s.team_size = p.team_threads / tpr > 0 ? p.team_threads / tpr : 1;
    s.rows_per_thread = 1;
  } else {
    s.team_size = 1;
    s.rows_per_thread = p.host_rows_per_chunk;
  }
  return s;
}

// The shape's load hint for `a` on this space: the table's vector_load where
// the product's arrays exceed vector_load_l2_percent % of the L2 (a matrix
// that fits stays there between calls with plain loads;
// impl/load_footprint.hpp); the percentage then 0, so that it is not asked
// again. CPUs read plainly whatever the hint: their properties (read from
// the system, not cached) are not asked.
template <class ExecSpace, class Matrix>
VectorShape with_footprint_load(const ExecSpace& exec, const Matrix& a, VectorShape s) {
  if (backends::Traits<ExecSpace>::is_gpu && s.load != 0 && s.load_l2_percent > 0)
    s.load = footprint_load_hint(s.load, csr_footprint_bytes(a),
                                 backends::Traits<ExecSpace>::properties(exec).l2_cache_bytes, s.load_l2_percent);
  s.load_l2_percent = 0;
  return s;
}

// Whether a shape's rows run as a flat range of warps (impl/row_group_range.hpp:
// the table's vector_range 1 where the TpR fits; CSR-vector over the whole
// matrix and csr_delta), and what their plans' summaries then say.
template <class ExecSpace>
bool runs_row_groups(const VectorShape& s) {
  return s.range == 1 && row_groups_fit<ExecSpace>(s.tpr);
}
inline constexpr const char* row_groups_detail = "a range of warps, TpR lanes a row; ";

// Teams one block needs so that each of its rows gets its own thread once.
inline std::int64_t teams_to_cover(std::int64_t rows, const VectorShape& s) {
  const std::int64_t per_team = s.team_size * s.rows_per_thread;
  return rows <= 0 ? 0 : (rows + per_team - 1) / per_team;
}

// A range of rows and how many teams work on it.
struct BlockTeams {
  std::int32_t row_begin;
  std::int32_t row_end;
  std::int64_t teams;
};

// One CSR-vector dispatch over every row of `a`, without device arrays.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_vector_whole(const ExecSpace& exec, const Matrix& a, const VectorShape& shape,
                             typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                             const YView& y) {
  const std::int64_t teams = teams_to_cover(a.num_rows(), shape);
  if (teams == 0) return;
  if (backends::Traits<ExecSpace>::is_gpu && shape.tpr == 1) {
    ScalarShape scalar;  // a GPU's CSR-scalar shape: a row a thread, launched as the table says
    scalar.direct = shape.direct;
    launch_csr_scalar(exec, a, scalar, alpha, x, beta, y);
    return;
  }
  if constexpr (backends::Traits<ExecSpace>::is_gpu) {
    if (runs_row_groups<ExecSpace>(shape)) {
      launch_row_groups("aspmv::spmv::csr_vector_range", exec, a,
                        RunColumnsPlain<typename Matrix::indices_view>{a.col_indices()}, shape.tpr, shape.direct, alpha,
                        x, beta, y, with_footprint_load(exec, a, shape).load);
      return;
    }
  }
  CsrVectorFunctor<Matrix, XView, YView, ExecSpace> f{
      a.row_offsets(), a.col_indices(),       a.values(), x, y, alpha, beta, {}, 0, RowBlock{0, a.num_rows(), 0}, teams,
      shape.team_size, shape.rows_per_thread, shape.tpr};
  Kokkos::parallel_for("aspmv::spmv::csr_vector",
                       TeamPolicy<ExecSpace>(exec, static_cast<int>(teams), shape.team_size, shape.tpr), f);
}

// One dispatch of CSR-vector: over the whole matrix, or over a group of row
// blocks sharing one TpR.
template <class ExecSpace, class Matrix>
class CsrVectorStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // The whole matrix: nothing on the device.
  CsrVectorStep(const Matrix& a, VectorShape shape)
      : a_(a), shape_(shape), num_blocks_(0), league_(teams_to_cover(a.num_rows(), shape)), rows_(a.num_rows()) {}

  // A set of row blocks, each with its teams.
  CsrVectorStep(const ExecSpace& exec, const Matrix& a, const std::vector<BlockTeams>& blocks, VectorShape shape)
      : a_(a), shape_(shape), num_blocks_(static_cast<std::int64_t>(blocks.size())) {
    std::vector<RowBlock> host;
    std::int64_t team = 0;
    for (const auto& b : blocks) {
      host.push_back(RowBlock{b.row_begin, b.row_end, team});
      team += b.teams;
    }
    host.push_back(RowBlock{a.num_rows(), a.num_rows(), team});  // sentinel
    league_ = planner::checked_league(team, "CSR-vector");
    blocks_ = to_device<memory_space>(exec, host, "aspmv::csr_vector::blocks");
    std::vector<std::int64_t> prefix{0};
    for (const auto& b : blocks) prefix.push_back(prefix.back() + (b.row_end - b.row_begin));
    rows_ = prefix.back();
    if (backends::Traits<ExecSpace>::is_gpu && shape.tpr == 1)
      row_prefix_ = to_device<memory_space>(exec, prefix, "aspmv::csr_vector::row_prefix");
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }
  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    if (league_ == 0 || rows_ == 0) return;
    if (num_blocks_ == 0) {
      launch_csr_vector_whole(exec, a_, shape_, alpha, x, beta, y);
      return;
    }
    if (backends::Traits<ExecSpace>::is_gpu && shape_.tpr == 1) {
      backends::parallel_range(
          "aspmv::spmv::csr_vector_tpr1", RangePolicy<ExecSpace>(exec, 0, rows_),
          CsrVectorScalarFunctor<Matrix, XView, YView>{a_.row_offsets(), a_.col_indices(), a_.values(), x, y, alpha,
                                                       beta, blocks_, row_prefix_, num_blocks_},
          shape_.direct);
      return;
    }
    CsrVectorFunctor<Matrix, XView, YView, ExecSpace> f{a_.row_offsets(),
                                                        a_.col_indices(),
                                                        a_.values(),
                                                        x,
                                                        y,
                                                        alpha,
                                                        beta,
                                                        blocks_,
                                                        num_blocks_,
                                                        RowBlock{0, 0, 0},
                                                        0,
                                                        shape_.team_size,
                                                        shape_.rows_per_thread,
                                                        shape_.tpr};
    Kokkos::parallel_for("aspmv::spmv::csr_vector",
                         TeamPolicy<ExecSpace>(exec, static_cast<int>(league_), shape_.team_size, shape_.tpr), f);
  }

  const VectorShape& shape() const { return shape_; }
  std::int64_t league() const { return league_; }
  std::int64_t num_blocks() const { return num_blocks_; }

 private:
  Matrix a_;
  VectorShape shape_;
  std::int64_t num_blocks_;
  std::int64_t league_ = 0;
  std::int64_t rows_ = 0;
  Kokkos::View<RowBlock*, memory_space> blocks_;
  Kokkos::View<std::int64_t*, memory_space> row_prefix_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrVector {
  static constexpr Kernel id = Kernel::csr_vector;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ true, /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ true};
  static constexpr TableParameter parameters[] = {
      TableParameter::team_threads, TableParameter::host_rows_per_chunk, TableParameter::direct_launch,
      TableParameter::vector_range, TableParameter::vector_load,         TableParameter::vector_load_l2_percent};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrVectorStep<ExecSpace, Matrix>;

  // Every TpR the backend runs.
  static std::vector<KernelConfig> configurations(int max_tpr) { return tpr_configurations(id, max_tpr); }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const int tpr = ctx.tpr_for_matrix(s.stats);
    const auto shape = impl::with_footprint_load(ctx.exec, ctx.a, impl::vector_shape<ExecSpace>(tpr, ctx.params));
    GroupSummary g;
    g.kernel = id;
    g.tpr = tpr;
    g.team_size = shape.team_size;
    g.teams = impl::teams_to_cover(ctx.a.num_rows(), shape);
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    const bool range = impl::runs_row_groups<ExecSpace>(shape);
    g.detail = (range ? impl::row_groups_detail : "") + ctx.tpr_source_matrix() +
               (range && shape.load != 0 ? "; matrix loads with cache hint " + std::to_string(shape.load) : "");
    s.groups.push_back(g);
    return Step<ExecSpace, Matrix>(ctx.a, shape);
  }

  // Without a plan (the drop-in call): nothing allocated, nothing copied.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int tpr,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    impl::launch_csr_vector_whole(exec, a, impl::vector_shape<ExecSpace>(tpr, p), alpha, x, beta, y);
  }
};

}  // namespace aspmv::kernels
