#pragma once
// vector_split: CSR-vector over warps whose longest rows every warp of the
// launch shares, with no analysis (issue 21's analysis-free kernel: what the
// GPU drop-in runs on every matrix).
//
// One launch, a flat range of units x warp threads (thread i is lane
// i % warp of unit i / warp, as lrb's one launch). From m and nnz alone:
//  - lanes a row L: the largest power of two, at most a warp, with at
//    least split_lane_entries (2) entries a lane at the mean length (a
//    7-point stencil 2 lanes a row, rows of 60 entries 16; with 4, one
//    lane for rows of up to 32 entries ran power-law graphs 1.2-1.6x slower
//    on the H200, perf/results/h200/2026-12-01-vector-split call 2); with
//    the table's split_fill_percent (0: off), wider still, up to a warp,
//    until rows x L reach that share of the threads the device holds at
//    once (a matrix of a few thousand short rows);
//  - row units: warp / L consecutive rows a unit, L lanes a row. A row of
//    up to `medium` entries (split_medium_passes, 16, passes of its lanes,
//    at least a warp's width) is summed by its lanes; a longer one, up to a
//    chunk, by the warp after the unit's short rows, one after another, a
//    pass or more of the warp's loads each. A unit crowded with such rows (a
//    run of a web graph's hub pages) leaves them to their own lanes beside
//    the short rows instead: a row whose passes of its lanes' loads, length /
//    (L x dot_unroll), are at most the number of the unit's rows over
//    `medium` (found by a ballot), so at most that many passes where the warp
//    took one a row (web-sk-2005: units of 16 rows of 33-80 entries). The
//    rest are the warp's: one after another (split_warp_rows 1, the
//    default), or those of up to warp x dot_unroll entries split_warp_rows
//    (2 or 4) side by side, a group of warp / N lanes a row (a table option:
//    its functor ran large regular matrices 1.2-1.4x slower for its
//    resources, H200, perf/results/h200/2026-12-02-warp-rows). A row of more
//    than a chunk is left to the chunk units;
//  - chunk units, first in the range: the entries are cut in chunks, and
//    unit c finds the row holding the first entry of chunk c (a search of
//    the row offsets by the warp's lanes: 4 rounds for a million rows on
//    CUDA). Where that row is longer than a chunk, the unit sums its entries
//    in chunk c, and also those before chunk c when the row starts inside
//    chunk c - 1: so every entry of a long row is summed once, by the units
//    of the chunks that start inside the row. Those units count themselves
//    on the counter of the first of them (no other long row holds that
//    chunk's start), and the last to finish adds their sums in chunk order
//    and writes y (deterministic, no prescale of y, the counter back to
//    zero).
// The chunk: about nnz / (the warps the device holds at once), so that the
// chunk units take about one wave, between `medium` and the table's
// split_chunk (4096); at least nnz / 2^16 (at most 2^16 chunks: the
// workspace, a sum and a counter a chunk, has a fixed size, which is what
// lets the drop-in keep one per execution-space instance). Short chunks on
// small matrices spread crowded long rows over many warps.
//
// Where it stands against CSR-vector-team and merge_split (the drop-in's
// earlier kernels): CSR-vector-team shared long rows inside a team only, so
// hubs crowded in the first rows stayed with one SM (chunglu 3,107 us against
// merge_split's 161 on the H200); merge_split balances every matrix but pays
// a team's chain of searches, scans and fences even where rows are regular
// (4elt 13-15 us against CSR-vector's 4.5). Here the only searches are the
// chunk units', beside the rows.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/instance_workspace.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/row_pieces.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/range_launch.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::impl {

// At most this many chunks: the workspace's size whatever the matrix.
inline constexpr std::int64_t vector_split_max_chunks = std::int64_t{1} << 16;
// The warp's rows summed side by side (split_warp_rows): 1, 2 or 4, a
// group of warp / split_warp_rows lanes a row.
inline bool vector_split_warp_rows_valid(int rows) { return rows == 1 || rows == 2 || rows == 4; }

// The shape's rules (the architecture table's split_* parameters).
struct VectorSplitRules {
  int lane_entries = 2;          // lanes a row: at least this many entries a lane at the mean length
  int medium_passes = 16;        // rows over this many passes of their lanes (at least a warp's width): the warp's
  std::int64_t chunk = 4096;     // the longest chunk (unless nnz / 2^16 is longer)
  int warp_rows = 1;             // the warp's rows summed side by side (1, 2 or 4)
  std::int64_t chunk_floor = 1;  // the shortest chunk (entries), over the other bounds
  int fill_percent = 0;          // lanes widened until rows x lanes reach this % of the resident threads (0: off)
};

inline VectorSplitRules vector_split_rules(const predictors::KernelParameters& p) {
  return {p.split_lane_entries, p.split_medium_passes, p.split_chunk,
          p.split_warp_rows,    p.split_chunk_floor,   p.split_fill_percent};
}

// The launch's shape, from the space and m, nnz alone.
struct VectorSplitShape {
  int warp = 1;             // lanes a unit
  int lanes = 1;            // lanes a row
  std::int64_t medium = 1;  // rows longer than this: the whole warp's
  std::int64_t chunk = 1;   // rows longer than this: shared by the chunk units
  std::int64_t chunks = 0;  // chunk units: ceil(nnz / chunk)
  std::int64_t row_units = 0;
  int warp_rows = 1;  // the warp's rows side by side
  int direct = 0;     // the backend's own range launch where it has one (table: direct_launch)
  std::int64_t units() const { return chunks + row_units; }
  int rows_a_unit() const { return warp / lanes; }
};

// The shape for a matrix of `rows` rows and `nnz` entries on a space of
// `warp` lanes a warp, rows of at most `max_lanes` lanes and
// `resident_units` warps at once.
inline VectorSplitShape vector_split_shape(int warp, int max_lanes, std::int64_t rows, std::int64_t nnz,
                                           std::int64_t resident_units, const VectorSplitRules& rules = {}) {
  if (rows < 0 || nnz < 0) throw Error("aspmv::vector_split: negative rows or nonzeros");
  if (warp < 1 || (warp & (warp - 1)) != 0 || warp > 64 || rules.chunk < 1 || rules.lane_entries < 1 ||
      rules.medium_passes < 1 || rules.chunk_floor < 1 || rules.fill_percent < 0 ||
      !vector_split_warp_rows_valid(rules.warp_rows))
    throw Error("aspmv::vector_split: a warp of " + std::to_string(warp) + " lanes, " +
                std::to_string(rules.lane_entries) + " entries a lane, " + std::to_string(rules.medium_passes) +
                " passes, chunks of " + std::to_string(rules.chunk) + " entries (at least " +
                std::to_string(rules.chunk_floor) + "), " + std::to_string(rules.warp_rows) +
                " rows side by side and a fill of " + std::to_string(rules.fill_percent) + " %: not a launch shape");
  VectorSplitShape s;
  s.warp = warp;
  s.warp_rows = rules.warp_rows;
  const int widest = std::max(1, std::min(warp, max_lanes));
  const double mean = rows > 0 ? double(nnz) / double(rows) : 0.0;
  while (s.lanes * 2 <= widest && double(s.lanes * 2) * rules.lane_entries <= mean) s.lanes *= 2;
  // Few rows: more lanes a row, until the rows' lanes fill the table's share of the device.
  const double fill = double(rules.fill_percent) / 100.0 * double(std::max<std::int64_t>(1, resident_units)) * warp;
  while (s.lanes * 2 <= widest && double(rows) * s.lanes < fill) s.lanes *= 2;
  const std::int64_t by_lanes = std::max<std::int64_t>(warp, std::int64_t{rules.medium_passes} * s.lanes);
  const std::int64_t by_wave =
      (nnz + std::max<std::int64_t>(1, resident_units) - 1) / std::max<std::int64_t>(1, resident_units);
  const std::int64_t by_workspace = (nnz + vector_split_max_chunks - 1) / vector_split_max_chunks;
  s.chunk = std::max({by_lanes, rules.chunk_floor, std::min(rules.chunk, by_wave), by_workspace});
  // One lane a unit (CPUs): every row up to a chunk is summed the same way.
  s.medium = warp == 1 ? s.chunk : by_lanes;
  s.chunks = (nnz + s.chunk - 1) / s.chunk;
  const std::int64_t per_unit = s.rows_a_unit();
  s.row_units = (rows + per_unit - 1) / per_unit;
  if (s.units() > std::numeric_limits<std::int64_t>::max() / warp)
    throw Error("aspmv::vector_split: the launch's units overflow a 64-bit range");
  return s;
}

// On `exec`: its warps at once (Kokkos' concurrency: threads the device holds).
template <class ExecSpace>
VectorSplitShape vector_split_shape(const ExecSpace& exec, const predictors::KernelParameters& p, std::int64_t rows,
                                    std::int64_t nnz) {
  using Traits = backends::Traits<ExecSpace>;
  const std::int64_t resident = std::max<std::int64_t>(1, exec.concurrency() / Traits::warp_lanes);
  auto s = vector_split_shape(Traits::warp_lanes, Traits::max_tpr, rows, nnz, resident, vector_split_rules(p));
  s.direct = p.direct_launch;
  return s;
}

// The chunks that start inside a row of entries [begin, end) longer than a
// chunk: their units sum its entries, each in a slot of its own.
KOKKOS_INLINE_FUNCTION std::int64_t vector_split_first_chunk(std::int64_t begin, std::int64_t chunk) {
  return (begin + chunk - 1) / chunk;
}
KOKKOS_INLINE_FUNCTION std::int64_t vector_split_last_chunk(std::int64_t end, std::int64_t chunk) {
  return (end - 1) / chunk;
}

// SideBySide: the warp's rows of up to warp x dot_unroll entries summed
// split_warp_rows at a time (warp_rows > 1); without it (warp_rows 1) the
// kernel is the one-row-at-a-time form, whose registers it keeps.
template <class ExecSpace, class Matrix, class XView, class YView, bool SideBySide>
struct VectorSplitFunctor {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Memory = typename Matrix::memory_space;
  using Backend = backends::Traits<ExecSpace>;
  static constexpr int warp = Backend::warp_lanes;

  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  Kokkos::View<Value*, Memory> partials;     // one a chunk
  Kokkos::View<std::int32_t*, Memory> done;  // one a chunk, zero between launches
  std::int64_t rows, nnz, chunk, chunks, medium;
  int lanes, warp_rows;

  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const int lane = static_cast<int>(i % warp);
    const std::int64_t unit = i / warp;
    if (unit < chunks)
      chunk_unit(unit, lane);
    else
      row_unit(unit - chunks, lane);
  }

  KOKKOS_INLINE_FUNCTION void row_unit(std::int64_t unit, int lane) const {
    const int per_unit = warp / lanes;
    const std::int64_t first_row = unit * per_unit;
    const std::int64_t row = first_row + lane / lanes;
    const bool mine = row < rows;
    const Offset b = mine ? offsets(row) : Offset(0), e = mine ? offsets(row + 1) : Offset(0);
    const std::int64_t length = static_cast<std::int64_t>(e) - static_cast<std::int64_t>(b);
    // Rows of more than `medium` entries and up to a chunk: the warp's, a pass or more of its loads each, one
    // after another; but in a unit crowded with them (a run of hub pages of a web graph) a row is summed sooner by
    // its own lanes beside the others: by them when its passes of their loads, length / (lanes x dot_unroll), are
    // at most the number of the unit's such rows (a ballot of their first lanes).
    const bool over = mine && length > medium && length <= chunk;
    bool by_lanes = mine && length <= medium;
    if constexpr (warp > 1) {
      const int crowd = bit_count(Backend::ballot(over && lane % lanes == 0));
      if (over && length <= std::int64_t{crowd} * lanes * dot_unroll) by_lanes = true;
    }
    Value sum = 0;
    if (by_lanes && lanes == 1 && !over)
      sum = row_sum<Value>(offsets, cols, vals, x, row);  // in order, as CSR-scalar
    else if (by_lanes)
      sum = strided_dot<Value>(Offset(b + lane % lanes), e, Offset(lanes), cols, vals, x);
    sum = group_sum<Backend>(sum, lane, lanes);
    if (by_lanes && lane % lanes == lanes - 1) write_row(y, row, alpha, sum, beta);
    if constexpr (warp > 1) {
      // The warp's rows, as the mask of their first lanes: those of up to a pass of the warp's loads in flight
      // (warp x dot_unroll entries) side by side, longer ones one at a time by the whole warp.
      const bool by_warp = over && !by_lanes && lane % lanes == 0;
      const std::uint64_t leaders = Backend::ballot(by_warp);
      if (leaders == 0) return;
      if constexpr (SideBySide) {
        const std::uint64_t long_leaders = Backend::ballot(by_warp && length > std::int64_t{warp} * dot_unroll);
        if (leaders != long_leaders) warp_rows_of(leaders & ~long_leaders, warp_rows, first_row, b, e, lane);
        if (long_leaders != 0) warp_rows_of(long_leaders, 1, first_row, b, e, lane);
      } else {
        warp_rows_of(leaders, 1, first_row, b, e, lane);
      }
    }
  }

  // The unit's rows whose first lanes are the bits of `leaders` (the same mask on every lane), in row order,
  // `side` (1, 2 or 4) side by side: the warp's lanes in `side` groups, a row a group, each lane summing its
  // group's row as the short rows' lanes do (strided_dot: dot_unroll loads in flight). A row of 33-128 entries
  // fills a fourth of a pass of the whole warp's 4 x 32 loads, so a unit crowded with them takes a pass a row. Each
  // lane finds its group's row among the next `side` of the mask; the branches are the same on every lane but the
  // entries' bounds.
  KOKKOS_INLINE_FUNCTION void warp_rows_of(std::uint64_t leaders, int side, std::int64_t first_row, Offset b, Offset e,
                                           int lane) const {
    const int group_lanes = warp / side;
    const int group = lane / group_lanes;
    while (leaders != 0) {
      int mine = -1;  // the first lane of this lane's group's row
      for (int r = 0; r < side && leaders != 0; ++r) {
        const int leader = lowest_set_bit(leaders);
        leaders &= leaders - 1;
        if (r == group) mine = leader;
      }
      const int from = mine < 0 ? 0 : mine;  // the lane holding the row's bounds
      const Offset rb = Backend::broadcast(b, from), re = Backend::broadcast(e, from);
      Value sum = 0;
      if (mine >= 0) sum = strided_dot<Value>(Offset(rb + lane % group_lanes), re, Offset(group_lanes), cols, vals, x);
      sum = group_sum<Backend>(sum, lane, group_lanes);
      if (mine >= 0 && lane % group_lanes == group_lanes - 1) write_row(y, first_row + mine / lanes, alpha, sum, beta);
    }
  }

  KOKKOS_INLINE_FUNCTION void chunk_unit(std::int64_t c, int lane) const {
    const std::int64_t first = c * chunk;
    // The row holding the chunk's first entry (offsets(0) = 0 <= first). nnz counts the views' entries: those at
    // and past offsets(rows) belong to no row (r == rows), and no unit reads past the offsets for them.
    // Guessed from the mean row length: exact on regular matrices, whose chunk units all end here after one load.
    const auto guess = static_cast<std::int64_t>(static_cast<double>(first) / static_cast<double>(nnz) * rows);
    const std::int64_t r = warp_last_not_above_near<Backend>(offsets, 0, rows + 1, first, guess, lane);
    if (r >= rows) return;
    const auto b = static_cast<std::int64_t>(offsets(r)), e = static_cast<std::int64_t>(offsets(r + 1));
    if (e - b <= chunk) return;  // a row unit's
    // This chunk's entries of the row, and those before it when the row starts inside the previous chunk.
    const std::int64_t pb = b > first - chunk ? b : first, pe = e < first + chunk ? e : first + chunk;
    Value sum = strided_dot<Value>(Offset(pb + lane), Offset(pe), Offset(warp), cols, vals, x);
    sum = group_sum<Backend>(sum, lane, warp);
    const std::int64_t k0 = vector_split_first_chunk(b, chunk), k1 = vector_split_last_chunk(e, chunk);
    if (k0 == k1) {  // the row's only piece
      if (lane == warp - 1) write_row(y, r, alpha, sum, beta);
      return;
    }
    // The row's pieces: chunks k0..k1, counted on the first's counter, the last adds them in chunk order.
    finish_row_piece<Backend>(sum, c, k0, k1 - k0 + 1, partials, done, k0, y, r, alpha, beta, lane);
  }
};

// The workspace a launch of `shape` needs: a sum and a counter a chunk.
inline WorkspaceSize vector_split_workspace(const VectorSplitShape& shape) {
  return shape.chunks > 0 ? WorkspaceSize{shape.chunks, shape.chunks} : WorkspaceSize{};
}

// One launch of `Functor` over the shape's units under `Policy`.
template <class Functor, class Policy, class Matrix, class XView, class YView>
void run_vector_split(const Policy& policy, const Matrix& a, const VectorSplitShape& shape,
                      const Workspace<typename Matrix::value_type, typename Matrix::memory_space>& ws,
                      typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                      const YView& y) {
  backends::parallel_range(
      "aspmv::spmv::vector_split", policy,
      Functor{a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta, ws.values, ws.indices, a.num_rows(),
              a.nnz(), shape.chunk, shape.chunks, shape.medium, shape.lanes, shape.warp_rows},
      shape.direct);
}

template <class ExecSpace, class Matrix, class XView, class YView>
void launch_vector_split(const ExecSpace& exec, const Matrix& a, const VectorSplitShape& shape,
                         const Workspace<typename Matrix::value_type, typename Matrix::memory_space>& ws,
                         typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                         const YView& y) {
  if (shape.units() == 0) return;
  const std::int64_t threads = shape.units() * shape.warp;
  if (shape.warp_rows > 1)
    // Rows side by side took the kernel from 32 registers to 40 on sm_90 (75 % of the warps resident): bounds for
    // a full multiprocessor (2,048 threads, 32 registers; ptxas spills 48 bytes). Measured so (H200, 2026-12-02):
    // skewed graphs 1.1-1.3x faster than warp_rows 1, large regular matrices 1.2-1.4x slower.
    run_vector_split<VectorSplitFunctor<ExecSpace, Matrix, XView, YView, true>>(
        BoundedRangePolicy<ExecSpace, 256, 8>(exec, 0, threads), a, shape, ws, alpha, x, beta, y);
  else
    run_vector_split<VectorSplitFunctor<ExecSpace, Matrix, XView, YView, false>>(
        RangePolicy<ExecSpace>(exec, 0, threads), a, shape, ws, alpha, x, beta, y);
}

template <class ExecSpace, class Matrix>
class VectorSplitStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  VectorSplitStep(const ExecSpace& exec, Matrix a, const predictors::KernelParameters& p)
      : a_(std::move(a)), shape_(vector_split_shape(exec, p, a_.num_rows(), a_.nnz())) {}

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return vector_split_workspace(shape_); }

  template <class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Workspace<Value, memory_space>& ws, Value alpha,
                 const XView& x, Value beta, const YView& y) const {
    launch_vector_split(exec, a_, shape_, ws, alpha, x, beta, y);
  }

  const VectorSplitShape& shape() const { return shape_; }

 private:
  Matrix a_;
  VectorSplitShape shape_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct VectorSplit {
  static constexpr Kernel id = Kernel::vector_split;
  static constexpr KernelTraits traits{/*analysis*/ false,        /*uses_tpr*/ false, /*splits_rows*/ true,
                                       /*needs_structure*/ false, /*direct*/ true,
                                       /*row_bound*/ false};
  static constexpr TableParameter parameters[] = {
      TableParameter::split_lane_entries, TableParameter::split_medium_passes, TableParameter::split_chunk,
      TableParameter::split_warp_rows,    TableParameter::split_chunk_floor,   TableParameter::split_fill_percent,
      TableParameter::direct_launch};
  template <class ExecSpace, class Matrix>
  using Step = impl::VectorSplitStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"vector_split", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ctx.params);
    const auto& shape = step.shape();
    GroupSummary g;
    g.kernel = id;
    g.tpr = shape.lanes;
    g.team_size = shape.warp;
    g.teams = shape.units();
    g.blocks = shape.chunks;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    g.detail = std::to_string(shape.rows_a_unit()) + " rows a warp at " + std::to_string(shape.lanes) +
               " lanes (mean length), rows over " + std::to_string(shape.medium) + " entries by the warp (" +
               std::to_string(shape.warp_rows) + " side by side), over " + std::to_string(shape.chunk) + " shared by " +
               std::to_string(shape.chunks) + " chunk warps (no analysis, ordered)";
    s.groups.push_back(g);
    return step;
  }

  // Without a plan (the drop-in call): the sums and counters live in the
  // workspace the library keeps for the instance (a fixed size: at most 2^16
  // chunks); nothing is allocated after its first call.
  template <class ExecSpace, class Matrix, class XView, class YView>
  static void launch(const ExecSpace& exec, const Matrix& a, const predictors::KernelParameters& table, int /*tpr*/,
                     typename Matrix::value_type alpha, const XView& x, typename Matrix::value_type beta,
                     const YView& y) {
    const auto shape = impl::vector_split_shape(exec, table, a.num_rows(), a.nnz());
    const auto ws = impl::instance_workspace<typename Matrix::value_type, typename Matrix::memory_space>(
        exec, impl::vector_split_max_chunks, impl::vector_split_max_chunks);
    impl::launch_vector_split(exec, a, shape, ws, alpha, x, beta, y);
  }
};

}  // namespace aspmv::kernels
