#pragma once
// CSR-vector-team<TpR>: CSR-vector (TpR vector lanes a row) whose long rows
// the whole team takes, in one launch and without analysis. A team owns a
// fixed range of rows. Each thread first does its own rows as CSR-vector,
// but a row longer than `long_row` entries it only lists in team scratch;
// after one barrier the team shares the listed rows out: with k rows listed
// and T threads, T / k threads (at least one) a row, each with its TpR
// lanes, their sums added in thread order through team scratch
// (deterministic for a launch shape). A matrix with one 17,000-entry row
// among short ones thus keeps CSR-vector's cost on its short rows, and its
// long row costs one team's pass rather than one row's lanes'. It needs no
// per-matrix array, no workspace and no fence. It balances nothing across
// teams: where long rows crowd together (power-law graphs with their hubs
// first) one team still takes them all, which is why the drop-in keeps
// merge_split (measured: predictors/kernel_rules.hpp); plans may pick it.
// (Teams over equal merge-path shares, each searching the row offsets with
// Kokkos team reductions, spread the hubs but cost 1.6-3x on regular
// matrices: perf/results/h100/2026-11-27-path-shares.)
//
// On CPUs a thread is its own team: long rows stay with their thread
// (long_row off) and the kernel is CSR-vector with the host's row chunks.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/team_list.hpp>
#include <aspmv/impl/team_long_rows.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::impl {

// Passes of a row's TpR lanes (dot_unroll products each) after which the
// row is the team's: longer rows would keep one row's lanes busy while the
// rest of the team waits at the barrier.
inline constexpr std::int64_t team_row_lane_passes = std::int64_t{4} * dot_unroll;

// Nonzeros a team takes at most per lane of it, on average: rows per team
// shrink (down to one) when the mean row is long, so few long rows still
// spread over many teams.
inline constexpr std::int64_t team_nnz_per_lane = 16;

// Launch shape: TpR lanes a thread, team_size threads a team, rows_per_team
// rows a team (a thread takes rows team_rank, team_rank + team_size, ...
// of its team's rows), and the row length above which a row is the team's.
struct VectorTeamShape {
  int tpr = 1;
  int team_size = 1;
  std::int64_t rows_per_team = 1;
  std::int64_t long_row = no_long_rows;
};

// The shape for `tpr` on this backend, from the table's team threads (GPUs)
// or the host's row chunks (CPUs), and A's mean row length.
template <class ExecSpace>
VectorTeamShape vector_team_shape(int tpr, const predictors::KernelParameters& p, std::int64_t rows, std::int64_t nnz) {
  VectorTeamShape s;
  if (!backends::Traits<ExecSpace>::is_gpu) {
    s.rows_per_team = std::max<std::int64_t>(1, p.host_rows_per_chunk);
    return s;
  }
  s.tpr = tpr;
  s.team_size = std::max(1, p.team_threads / tpr);
  const std::int64_t lanes = std::int64_t{s.team_size} * tpr;
  const std::int64_t budget = team_nnz_per_lane * lanes;
  const double mean = rows > 0 ? double(nnz) / double(rows) : 0.0;
  s.rows_per_team = s.team_size;
  if (mean * double(s.team_size) > double(budget))
    s.rows_per_team = std::max<std::int64_t>(1, static_cast<std::int64_t>(double(budget) / mean));
  s.long_row = team_row_lane_passes * tpr;
  return s;
}

inline std::int64_t vector_team_teams(std::int64_t rows, const VectorTeamShape& s) {
  return rows <= 0 ? 0 : (rows + s.rows_per_team - 1) / s.rows_per_team;
}

template <class ExecSpace, class Matrix, class XView, class YView>
struct CsrVectorTeamFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  using List = TeamList<Member>;
  using Partials = Kokkos::View<Value*, typename Member::scratch_memory_space, Kokkos::MemoryUnmanaged>;

  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows;
  VectorTeamShape shape;

  // Team scratch: the list of up to rows_per_team long rows (none when
  // long_row is off) and one partial sum per thread.
  KOKKOS_INLINE_FUNCTION static std::size_t list_capacity(const VectorTeamShape& s) {
    return s.long_row == no_long_rows ? 0 : static_cast<std::size_t>(s.rows_per_team);
  }
  static std::size_t scratch_bytes(const VectorTeamShape& s) {
    return List::scratch_bytes(list_capacity(s)) + Partials::shmem_size(s.team_size);
  }

  KOKKOS_INLINE_FUNCTION Value lanes_dot(const Member& team, Offset first, Offset end, Offset stride) const {
    Value sum = 0;
    Kokkos::parallel_reduce(
        Kokkos::ThreadVectorRange(team, shape.tpr),
        [&](const int lane, Value& s) { s += strided_dot<Value>(first + lane, end, stride, cols, vals, x); }, sum);
    return sum;
  }

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const bool lists = shape.long_row != no_long_rows;
    const List long_rows(team, list_capacity(shape));
    const Partials partials(team.team_scratch(0), static_cast<std::size_t>(team.team_size()));
    const std::int64_t first = static_cast<std::int64_t>(team.league_rank()) * shape.rows_per_team;
    const std::int64_t last = first + shape.rows_per_team < num_rows ? first + shape.rows_per_team : num_rows;
    const auto tpr = static_cast<Offset>(shape.tpr);

    if (lists) long_rows.clear(team);
    for (std::int64_t row = first + team.team_rank(); row < last; row += team.team_size()) {
      const Offset begin = offsets(row), end = offsets(row + 1);
      if (lists && static_cast<std::int64_t>(end - begin) > shape.long_row) {
        Kokkos::single(Kokkos::PerThread(team), [&]() { long_rows.push(row); });
        continue;
      }
      const Value sum = lanes_dot(team, begin, end, tpr);
      Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
    }
    if (!lists) return;
    team.team_barrier();
    const int k = long_rows.size();
    if (k == 0) return;

    // The listed rows, `share` threads a row, rows_per_round rows at a time.
    const int threads = team.team_size();
    const int share = k >= threads ? 1 : threads / k;
    const int rows_per_round = threads / share;
    const int slot = team.team_rank() / share, part = team.team_rank() % share;
    for (int round = 0; round < k; round += rows_per_round) {
      const int index = round + slot;
      const bool active = slot < rows_per_round && index < k;
      const std::int64_t row = active ? long_rows[index] : 0;
      Value sum = 0;
      if (active)
        sum = lanes_dot(team, offsets(row) + static_cast<Offset>(part) * tpr, offsets(row + 1),
                        static_cast<Offset>(share) * tpr);
      if (share == 1) {
        if (active) Kokkos::single(Kokkos::PerThread(team), [&]() { write_row(y, row, alpha, sum, beta); });
        continue;
      }
      Kokkos::single(Kokkos::PerThread(team), [&]() { partials(team.team_rank()) = sum; });
      team.team_barrier();
      if (active && part == 0)
        Kokkos::single(Kokkos::PerThread(team), [&]() {
          Value total = 0;
          for (int t = 0; t < share; ++t) total += partials(team.team_rank() + t);
          write_row(y, row, alpha, total, beta);
        });
      team.team_barrier();
    }
  }
};

// One dispatch over every row of `a`, without device arrays.
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_csr_vector_team(const ExecSpace& exec, const Matrix& a, const VectorTeamShape& shape,
                            typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                            const YView& y) {
  using F = CsrVectorTeamFunctor<ExecSpace, Matrix, XView, YView>;
  const std::int64_t teams = vector_team_teams(a.num_rows(), shape);
  if (teams == 0) return;
  F f{a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta, a.num_rows(), shape};
  TeamPolicy<ExecSpace> policy(exec, planner::checked_league(teams, "CSR-vector-team"), shape.team_size, shape.tpr);
  policy.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(shape)));
  Kokkos::parallel_for("aspmv::spmv::csr_vector_team", policy, f);
}

template <class ExecSpace, class Matrix>
class CsrVectorTeamStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  CsrVectorTeamStep(const Matrix& a, VectorTeamShape shape) : a_(a), shape_(shape) {}

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }
  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    launch_csr_vector_team(exec, a_, shape_, alpha, x, beta, y);
  }

  const VectorTeamShape& shape() const { return shape_; }

 private:
  Matrix a_;
  VectorTeamShape shape_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct CsrVectorTeam {
  static constexpr Kernel id = Kernel::csr_vector_team;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ true, /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {TableParameter::team_threads, TableParameter::host_rows_per_chunk};
  template <class ExecSpace, class Matrix>
  using Step = impl::CsrVectorTeamStep<ExecSpace, Matrix>;

  // Every TpR the backend runs.
  static std::vector<KernelConfig> configurations(int max_tpr) { return tpr_configurations(id, max_tpr); }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    const int tpr = ctx.tpr_for_matrix(s.stats);
    const auto shape = impl::vector_team_shape<ExecSpace>(tpr, ctx.params, s.stats.rows, s.stats.nnz);
    GroupSummary g;
    g.kernel = id;
    g.tpr = shape.tpr;
    g.team_size = shape.team_size;
    g.teams = impl::vector_team_teams(ctx.a.num_rows(), shape);
    g.blocks = g.teams;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = ctx.tpr_source_matrix() + ", " + std::to_string(shape.rows_per_team) + " rows a team" +
               (shape.long_row == impl::no_long_rows
                    ? std::string()
                    : ", rows over " + std::to_string(shape.long_row) + " entries by the team");
    s.groups.push_back(g);
    return Step<ExecSpace, Matrix>(ctx.a, shape);
  }

  // Without a plan (the drop-in call): nothing allocated, nothing copied.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& p, int tpr,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    impl::launch_csr_vector_team(exec, a, impl::vector_team_shape<ExecSpace>(tpr, p, a.num_rows(), a.nnz()), alpha, x,
                                 beta, y);
  }
};

}  // namespace aspmv::kernels
