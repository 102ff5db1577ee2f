#pragma once
// Merge-split: the analysis-free, load-balanced kernel (one dispatch, no
// per-matrix arrays). The m row ends and the nnz nonzeros form one merge
// path of m + nnz items (Merrill & Garland); teams take equal contiguous
// shares of it, so a row of any length costs what its nonzeros cost,
// wherever it lies.
//
// A team walks its share in tiles of team_size * items_per_thread items:
//  1. it finds its first coordinate on the path by a k-ary search of the
//     row offsets in the kernel (every thread probes one pivot a round);
//  2. per tile it stages the tile's row ends and its products
//     vals(k) * x(cols(k)) in team scratch (coalesced loads), and each thread
//     finds its own start in scratch and walks items_per_thread items, writing
//     the rows whose end it consumes;
//  3. the partial sums of rows that cross threads are combined by a
//     segmented scan (shuffles within a warp, then the warps' tails) in a
//     fixed order; a row crossing tiles of the same team is carried in
//     registers;
//  4. the row a team leaves unfinished is its carry, written to a small
//     workspace; the last team to finish (a counter in the same workspace)
//     adds every carry to its row, runs of carries summed in team order.
// The order of every sum depends only on the matrix's shape and the launch
// shape, so results are identical from run to run (deterministic).
//
// The workspace (one carry per team and the counter) is bounded by the team
// count of the space, not by the matrix: a plan owns one sized for its matrix; the drop-in
// call uses one owned by the library per execution-space instance
// (impl/instance_workspace.hpp), allocated on the instance's first call.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/impl/instance_workspace.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::impl {

// Teams, their size and the items each thread walks per tile.
struct MergeSplitShape {
  int team_size = 1;
  std::int64_t items_per_thread = 1;
  std::int64_t max_teams = 1;  // the workspace holds this many carries (+ the counter)
  std::int64_t tile() const { return team_size * items_per_thread; }
};

// Launch bounds: teams of at most 128 threads, 8 of them resident per SM (the
// GPU shape's max_teams assumes 8: half of an SM's 2,048 thread slots), so
// the compiler keeps to 64 registers per thread; at 72 only 7 teams fit and
// the 1,056 teams of a large matrix ran in 1.14 waves (rand-uniform 397 us
// against 225 us on the H100). Host spaces ignore them.
constexpr unsigned merge_split_max_team_size = 128;
constexpr unsigned merge_split_min_teams_per_unit = 8;
template <class ExecSpace>
using MergeSplitPolicy =
    Kokkos::TeamPolicy<ExecSpace, Schedule<ExecSpace>, LightWeight,
                       Kokkos::LaunchBounds<merge_split_max_team_size, merge_split_min_teams_per_unit>>;

// GPUs: 128 threads of 8 items (tiles of 1024 items), as many teams as
// half the device's thread slots hold (8 per SM on the H100), each walking
// its share tile after tile: the next tile's start is where the last one
// ended, so only a team's first tile searches the row offsets in global
// memory (one tile per team, 2^16 teams, searched every tile: 1.7x slower
// on the H200, perf/results/h200/2026-11-26-merge-split-first/README.md).
// CPUs: one thread per team, one team per thread, tiles of 1024 items (16 KB
// of scratch: the tile stays in L1/L2).
template <class ExecSpace>
MergeSplitShape merge_split_shape(const ExecSpace& exec) {
  MergeSplitShape s;
  const std::int64_t concurrency = std::max(1, exec.concurrency());
  if (backends::Traits<ExecSpace>::is_gpu) {
    s.team_size = static_cast<int>(merge_split_max_team_size);
    s.items_per_thread = 8;
    s.max_teams = std::max<std::int64_t>(1, concurrency / s.team_size / 2);
  } else {
    s.team_size = 1;
    s.items_per_thread = 1024;
    s.max_teams = concurrency;
  }
  return s;
}

// The teams a launch of `shape` runs on a matrix of `items` path items (rows + nnz).
inline std::int64_t merge_split_teams(const MergeSplitShape& shape, std::int64_t items) {
  return std::max<std::int64_t>(1, std::min((items + shape.tile() - 1) / shape.tile(), shape.max_teams));
}

template <class ExecSpace, class Matrix, class XView, class YView>
struct MergeSplitFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Mem = typename Matrix::memory_space;
  using Member = typename MergeSplitPolicy<ExecSpace>::member_type;
  using ScratchSpace = typename ExecSpace::scratch_memory_space;
  template <class T>
  using Scratch = Kokkos::View<T*, ScratchSpace, Kokkos::MemoryUnmanaged>;

  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<std::int32_t*, Mem> carry_rows;  // one carry row per team; the last entry is the counter
  Kokkos::View<Value*, Mem> carry_values;
  std::int64_t num_rows, nnz, teams, items_per_thread;
  int team_size;

  static std::size_t scratch_bytes(std::int64_t tile, int team_size) {
    return Scratch<Offset>::shmem_size(tile) + Scratch<Value>::shmem_size(tile) +
           Scratch<std::int32_t>::shmem_size(team_size + 2) + Scratch<Value>::shmem_size(team_size) +
           Scratch<std::int32_t>::shmem_size(team_size) + Scratch<Value>::shmem_size(team_size);
  }

  // Whether the path goes right of row `i` at diagonal d: row i's end lies at or before d.
  template <class RowEnd>
  KOKKOS_INLINE_FUNCTION static bool past_row(const RowEnd& row_end, std::int64_t i, std::int64_t d) {
    return static_cast<std::int64_t>(row_end(i)) <= d - i - 1;
  }

  // The row of the path coordinate at diagonal d, rows searched in [lo, hi]:
  // one thread, binary search (merge_path_row's loop on any row_end accessor).
  template <class RowEnd>
  KOKKOS_INLINE_FUNCTION static std::int64_t search(const RowEnd& row_end, std::int64_t lo, std::int64_t hi,
                                                    std::int64_t d) {
    while (lo < hi) {
      const std::int64_t pivot = (lo + hi) / 2;
      if (past_row(row_end, pivot, d))
        lo = pivot + 1;
      else
        hi = pivot;
    }
    return lo;
  }

  // The same search by the whole team: each thread probes one of team_size
  // pivots per round, so a round narrows the range team_size-fold.
  KOKKOS_INLINE_FUNCTION std::int64_t team_search(const Member& team, std::int64_t d) const {
    const auto row_end = [&](std::int64_t i) { return offsets(i + 1); };
    std::int64_t lo = d - nnz > 0 ? d - nnz : 0;
    std::int64_t hi = d < num_rows ? d : num_rows;
    if (team_size == 1) return search(row_end, lo, hi, d);
    while (lo < hi) {
      const std::int64_t step = (hi - lo + team_size - 1) / team_size;
      int right = 0;  // pivots the path passes: a prefix of them, the path being monotone
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, team_size),
          [&](const int j, int& count) {
            const std::int64_t p = lo + j * step;
            if (p < hi && past_row(row_end, p, d)) ++count;
          },
          right);
      const std::int64_t new_lo = right > 0 ? lo + (right - 1) * step + 1 : lo;
      const std::int64_t new_hi = lo + right * step < hi ? lo + right * step : hi;
      lo = new_lo;
      hi = new_hi;
    }
    return lo;
  }

  // Segmented inclusive scan over the team of one (row, sum) per thread, rows
  // nondecreasing in team rank: afterwards sums(j) is the sum of the sums of
  // the threads u <= j in the run of equal rows that ends at j. Lanes in lock
  // step (a warp) add by shuffles, without barriers; then each thread adds
  // the tails of the warps before it that end in its row (a run reaching
  // back over a warp covers all of it). Two barriers; the caller's writes
  // to scratch before the call (rows(j)) are visible after it.
  KOKKOS_INLINE_FUNCTION void segmented_scan(const Member& team, std::int32_t row, Value sum,
                                             const Scratch<Value>& sums, const Scratch<std::int32_t>& tail_rows,
                                             const Scratch<Value>& tail_sums) const {
    using Backend = backends::Traits<ExecSpace>;
    const int j = team.team_rank();
    const int lanes = Backend::warp_lanes > 1 && team_size % Backend::warp_lanes == 0 ? Backend::warp_lanes : 1;
    const int lane = j % lanes;
    for (int offset = 1; offset < lanes; offset *= 2) {
      const std::int32_t up_row = Backend::shuffle_up(row, offset);
      const Value up_sum = Backend::shuffle_up(sum, offset);
      if (lane >= offset && up_row == row) sum += up_sum;
    }
    const int warp = j / lanes;
    if (lane == lanes - 1) {
      tail_rows(warp) = row;
      tail_sums(warp) = sum;
    }
    team.team_barrier();
    for (int w = warp - 1; w >= 0 && tail_rows(w) == row; --w) sum += tail_sums(w);
    sums(j) = sum;
    team.team_barrier();
  }

  // Products a thread loads at once when it stages a tile: their columns and
  // values, then x at those columns. One at a time, the loop was a chain of two
  // memory latencies per product, a fifth of the kernel's warp samples on
  // small matrices (ncu source counters, perf/results/h100/2026-11-27-merge-split-tiles);
  // eight at once cost 72 registers and a team slot per SM (MergeSplitPolicy's
  // launch bounds). CSR-Adaptive's staging (kernels/csr_adaptive.hpp) is the
  // same loop with loads and products in one step; they were measured apart.
  static constexpr int load_batch = 4;

  // Thread j's products of nonzeros [k0, k1) into scratch (k - k0), team-strided.
  KOKKOS_INLINE_FUNCTION void stage_products(const int j, const std::int64_t k0, const std::int64_t k1,
                                             const Scratch<Value>& products) const {
    using Ordinal = typename Matrix::ordinal_type;
    const std::int64_t stride = team_size;
    for (std::int64_t base = k0 + j; base < k1; base += load_batch * stride) {
      Ordinal c[load_batch] = {};
      Value v[load_batch] = {};
      for (int u = 0; u < load_batch; ++u) {
        const std::int64_t k = base + u * stride;
        if (k < k1) {
          c[u] = cols(k);
          v[u] = vals(k);
        }
      }
      for (int u = 0; u < load_batch; ++u) {
        const std::int64_t k = base + u * stride;
        if (k < k1) products(k - k0) = v[u] * x(c[u]);
      }
    }
  }

  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t tile = team_size * items_per_thread;
    Scratch<Offset> row_ends(team.team_scratch(0), tile);
    Scratch<Value> products(team.team_scratch(0), tile);
    Scratch<std::int32_t> rows(team.team_scratch(0), team_size + 2);  // [team_size]: tile end row, [+1]: last team
    Scratch<Value> sums(team.team_scratch(0), team_size);
    Scratch<std::int32_t> tail_rows(team.team_scratch(0), team_size);  // the scans' warp tails
    Scratch<Value> tail_sums(team.team_scratch(0), team_size);
    const int j = team.team_rank();
    const std::int64_t t = team.league_rank();
    const std::int64_t items = num_rows + nnz;
    const std::int64_t share_begin = items * t / teams;
    const std::int64_t share_end = items * (t + 1) / teams;

    // The row in progress at the start of the current tile, and the partial
    // sum of it that earlier tiles of this team left (the team's carry).
    std::int64_t i0 = team_search(team, share_begin);
    Value carry = 0;
    for (std::int64_t d0 = share_begin; d0 < share_end; d0 += tile) {
      const std::int64_t d1 = d0 + tile < share_end ? d0 + tile : share_end;
      const std::int64_t k0 = d0 - i0;
      // Rows ending in the tile lie in [i0, i0 + (d1 - d0)). Their ends are
      // staged team_size at a time until a row the path has not passed at
      // d1 is loaded: the tile ends in it or before (long rows: one round).
      const std::int64_t most = d1 - d0 < num_rows - i0 ? d1 - d0 : num_rows - i0;
      std::int64_t loaded = 0;
      std::int64_t cap = num_rows;  // the tile's last row is at most this
      while (loaded < most) {
        const std::int64_t n = most - loaded < team_size ? most - loaded : team_size;
        if (j < n) row_ends(loaded + j) = offsets(i0 + loaded + j + 1);
        loaded += n;
        team.team_barrier();
        const std::int64_t last = i0 + loaded - 1;
        if (!past_row([&](std::int64_t i) { return row_ends(i - i0); }, last, d1)) {
          cap = last;
          break;
        }
      }
      const auto tile_row_end = [&](std::int64_t i) { return row_ends(i - i0); };
      const auto row_bound = [&](std::int64_t d) {
        const std::int64_t by_items = i0 + (d - d0);
        const std::int64_t by_nnz = d - k0;  // k >= k0
        std::int64_t hi = by_items < by_nnz ? by_items : by_nnz;
        hi = hi < cap ? hi : cap;
        return hi < num_rows ? hi : num_rows;
      };
      const auto row_floor = [&](std::int64_t d) { return d - nnz > i0 ? d - nnz : i0; };
      const std::int64_t dj = d0 + j * items_per_thread < d1 ? d0 + j * items_per_thread : d1;
      const std::int64_t ij = search(tile_row_end, row_floor(dj), row_bound(dj), dj);
      if (j == team_size - 1)
        rows(team_size) = static_cast<std::int32_t>(search(tile_row_end, row_floor(d1), row_bound(d1), d1));
      team.team_barrier();
      const std::int64_t i1 = rows(team_size);
      const std::int64_t k1 = d1 - i1;
      stage_products(j, k0, k1, products);
      team.team_barrier();

      // Walk this thread's items; the first row it ends waits for the scan.
      const std::int64_t dj_end = dj + items_per_thread < d1 ? dj + items_per_thread : d1;
      std::int64_t i = ij;
      std::int64_t k = dj - ij;
      std::int64_t end_of_row = i < num_rows && i - i0 < loaded ? static_cast<std::int64_t>(row_ends(i - i0)) : nnz;
      Value sum = 0, first_sum = 0;
      bool ended_a_row = false;
      for (std::int64_t d = dj; d < dj_end; ++d) {
        if (k < end_of_row) {
          sum += products(k - k0);
          ++k;
        } else {
          if (ended_a_row)
            write_row(y, i, alpha, sum, beta);
          else
            first_sum = sum;
          ended_a_row = true;
          sum = 0;
          ++i;
          end_of_row = i < num_rows && i - i0 < loaded ? static_cast<std::int64_t>(row_ends(i - i0)) : nnz;
        }
      }
      rows(j) = static_cast<std::int32_t>(i);
      segmented_scan(team, static_cast<std::int32_t>(i), sum, sums, tail_rows, tail_sums);
      // What comes before this thread on its first row: the threads before it
      // on that row, and the team's carry when the run reaches thread 0.
      const bool run_from_start = rows(0) == ij && i0 == ij;
      Value before = 0;
      if (j > 0 && rows(j - 1) == ij) before = sums(j - 1);
      if ((j == 0 || (rows(j - 1) == ij && run_from_start)) && i0 == ij) before += carry;
      if (ended_a_row) write_row(y, ij, alpha, first_sum + before, beta);
      const std::int64_t last_row = rows(team_size - 1);
      Value next_carry = sums(team_size - 1);
      if (rows(0) == last_row && i0 == last_row) next_carry += carry;
      team.team_barrier();  // the scratch is rewritten by the next tile
      carry = next_carry;
      i0 = last_row;
    }

    // The team's unfinished row goes to the workspace; the last team adds them all.
    // (Every thread fences: the rows it wrote reach the device before the count.)
    const std::int64_t counter = static_cast<std::int64_t>(carry_rows.extent(0)) - 1;
    Kokkos::memory_fence();
    team.team_barrier();
    if (j == 0) {
      carry_rows(t) = static_cast<std::int32_t>(i0 < num_rows ? i0 : num_rows);
      carry_values(t) = carry;
      Kokkos::memory_fence();
      const std::int32_t done = Kokkos::atomic_fetch_add(&carry_rows(counter), 1);
      rows(team_size + 1) = done == teams - 1 ? 1 : 0;
    }
    team.team_barrier();
    if (rows(team_size + 1) == 0) return;
    Kokkos::memory_fence();
    add_carries(team, rows, sums, tail_rows, tail_sums);
    team.team_barrier();
    if (j == 0) Kokkos::atomic_exchange(&carry_rows(counter), 0);
  }

  // The last team: each carry is added to its row, a row's run of carries
  // summed in team order. Each thread sums a contiguous chunk of carries,
  // writes the runs that start and end in it, and passes its first run's sum
  // and its last run's partial to a segmented scan over the threads.
  KOKKOS_INLINE_FUNCTION void add_carries(const Member& team, const Scratch<std::int32_t>& rows,
                                          const Scratch<Value>& sums, const Scratch<std::int32_t>& tail_rows,
                                          const Scratch<Value>& tail_sums) const {
    const int j = team.team_rank();
    const std::int64_t chunk = (teams + team_size - 1) / team_size;
    const std::int64_t u0 = j * chunk < teams ? j * chunk : teams;
    const std::int64_t u1 = u0 + chunk < teams ? u0 + chunk : teams;
    const std::int64_t past_end = num_rows + 1;  // a row no carry has
    // Atomic reads: other teams wrote these, and this team's cache may hold old lines.
    const auto carry_row = [&](std::int64_t u) -> std::int64_t {
      return u < teams ? Kokkos::atomic_fetch_add(&carry_rows(u), 0) : past_end;
    };
    const std::int64_t first_row = carry_row(u0);
    Value sum = 0, first_sum = 0;
    bool ended_a_run = false;
    std::int64_t r = first_row;
    for (std::int64_t u = u0; u < u1; ++u) {
      sum += Kokkos::atomic_fetch_add(&carry_values(u), Value(0));
      const std::int64_t next = carry_row(u + 1);
      if (next != r) {
        if (ended_a_run) {
          if (r < num_rows && sum != Value(0)) Kokkos::atomic_add(&y(r), alpha * sum);
        } else {
          first_sum = sum;
        }
        ended_a_run = true;
        sum = 0;
        r = next;
      }
    }
    const auto last_run = static_cast<std::int32_t>(r < num_rows ? r : num_rows);
    rows(j) = last_run;
    segmented_scan(team, last_run, sum, sums, tail_rows, tail_sums);
    if (ended_a_run && first_row < num_rows) {
      const Value total = first_sum + (j > 0 && rows(j - 1) == first_row ? sums(j - 1) : Value(0));
      if (total != Value(0)) Kokkos::atomic_add(&y(first_row), alpha * total);
    }
  }
};

// Checks the shape against the launch bounds, and the team scratch it needs
// against what the space offers.
template <class ExecSpace, class Functor>
void check_merge_split_shape(const MergeSplitShape& s) {
  if (s.team_size > static_cast<int>(merge_split_max_team_size))
    throw Error("aspmv merge_split: teams of " + std::to_string(s.team_size) +
                " threads exceed the kernel's launch bound of " + std::to_string(merge_split_max_team_size));
  const std::size_t need = Functor::scratch_bytes(s.tile(), s.team_size);
  const std::size_t have = MergeSplitPolicy<ExecSpace>::scratch_size_max(0);
  if (need > have)
    throw Error("aspmv merge_split: tiles of " + std::to_string(s.tile()) + " items need " + std::to_string(need) +
                " bytes of team scratch, more than the " + std::to_string(have) + " the execution space offers");
}

// One dispatch of merge-split with `ws`: at least merge_split_teams() carry
// values and one more carry row, the last one the counter (zero between calls).
template <class ExecSpace, class Matrix, class XView, class YView>
void launch_merge_split(const ExecSpace& exec, const Matrix& a, const MergeSplitShape& shape,
                        const Workspace<typename Matrix::value_type, typename Matrix::memory_space>& ws,
                        typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                        const YView& y) {
  using F = MergeSplitFunctor<ExecSpace, Matrix, XView, YView>;
  if (a.num_rows() == 0) return;
  const std::int64_t teams = merge_split_teams(shape, static_cast<std::int64_t>(a.num_rows()) + a.nnz());
  F f{a.row_offsets(),
      a.col_indices(),
      a.values(),
      x,
      y,
      alpha,
      beta,
      ws.indices,
      ws.values,
      a.num_rows(),
      a.nnz(),
      teams,
      shape.items_per_thread,
      shape.team_size};
  auto policy = MergeSplitPolicy<ExecSpace>(exec, static_cast<int>(teams), shape.team_size, 1);
  policy.set_scratch_size(0, Kokkos::PerTeam(F::scratch_bytes(shape.tile(), shape.team_size)));
  Kokkos::parallel_for("aspmv::spmv::merge_split", policy, f);
}

template <class ExecSpace, class Matrix>
class MergeSplitStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  MergeSplitStep(const ExecSpace& exec, Matrix a)
      : a_(std::move(a)),
        shape_(merge_split_shape(exec)),
        teams_(merge_split_teams(shape_, static_cast<std::int64_t>(a_.num_rows()) + a_.nnz())) {}

  std::size_t num_groups() const { return 1; }
  // The carries of its teams and the counter (bound to one instance: planner/workspace.hpp).
  WorkspaceSize workspace_size() const { return {teams_, teams_ + 1}; }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    launch_merge_split(exec, a_, shape_, ws, alpha, x, beta, y);
  }

  const MergeSplitShape& shape() const { return shape_; }
  std::int64_t teams() const { return teams_; }

 private:
  Matrix a_;
  MergeSplitShape shape_;
  std::int64_t teams_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct MergeSplit {
  static constexpr Kernel id = Kernel::merge_split;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ false, /*splits_rows*/ true,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ false};
  static constexpr std::array<TableParameter, 0> parameters{};  // its shape comes from the space (merge_split_shape)
  template <class ExecSpace, class Matrix>
  using Step = impl::MergeSplitStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"merge_split", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a);
    const auto& shape = step.shape();
    impl::check_merge_split_shape<ExecSpace, impl::MergeSplitFunctor<ExecSpace, Matrix, typename Matrix::values_view,
                                                                     typename Matrix::values_view>>(shape);
    const std::int64_t items = s.stats.rows + s.stats.nnz;
    GroupSummary g;
    g.kernel = id;
    g.team_size = shape.team_size;
    g.teams = step.teams();
    g.blocks = g.teams;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = "equal shares of the " + std::to_string(items) + " path items (rows + nnz), tiles of " +
               std::to_string(shape.tile()) + ", no analysis, ordered carries";
    s.groups.push_back(g);
    return step;
  }

  // Without a plan (the drop-in call): the carries live in the workspace the
  // library keeps for the instance; nothing is allocated after its first call.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& /*table*/, int /*tpr*/,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    const auto shape = impl::merge_split_shape(exec);
    const auto ws = impl::instance_workspace<typename Matrix::value_type, typename Matrix::memory_space>(
        exec, shape.max_teams, shape.max_teams + 1);
    impl::launch_merge_split(exec, a, shape, ws, alpha, x, beta, y);
  }
};

}  // namespace aspmv::kernels
