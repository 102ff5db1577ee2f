#pragma once
// tile8x4: rows in groups of 8, each group's rows padded to the same
// multiple of 4 entries and stored as tiles of 8 rows x 4 entries, 32
// entries a tile: entry j of row r of a group sits in tile j / 4 at place
// 4 r + j % 4. It is the A operand of an 8x8x4 matrix product exactly as
// the matrix units of NVIDIA GPUs hold it, one entry a lane (DASP's idea,
// Lu et al. SC'23, in our own form: rows in their order, no length classes).
//
// Apply: where the execution space has FP64 matrix units
// (backends/tile_mma.hpp: CUDA, compute capability 8.0 or newer) and the
// table's tile_mma is 1, one warp a group: each lane loads its entry and its
// x value, one DMMA a tile sums four entries of each of the 8 rows (the
// product's diagonal), the accumulator carries the tiles. Elsewhere (CPUs,
// HIP, tile_mma 0) one thread a row walks its entries in order.
//
// The plan converts A once (timed as analysis) and keeps the copy of its
// values: plan.refresh_values() after A's values change in place. Padding
// holds column -1 and value 0 and is never multiplied by an x value (no
// 0 * Inf). The memory guard of sell.hpp refuses a copy larger than
// PlanOptions::max_format_growth times A's CSR bytes before allocating it.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/load_footprint.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/sell.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/tile_mma.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::impl {

constexpr std::int64_t tile_rows = 8;      // rows of a group (the M and N of the 8x8x4 product)
constexpr std::int64_t tile_width = 4;     // entries of a row in one tile (its K)
constexpr std::int64_t tile_entries = 32;  // tile_rows x tile_width: one a lane of a warp

// group_start(g): the first stored entry of group g (an exclusive scan of
// 32 x its tiles, the tiles of its longest row); group_start(groups) the total.
template <class Lengths, class Starts>
struct TileGroupStarts {
  Lengths lengths;
  Starts starts;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t g, std::int64_t& sum, const bool final) const {
    const std::int64_t end = (g + 1) * tile_rows < rows ? (g + 1) * tile_rows : rows;
    std::int64_t longest = 0;
    for (std::int64_t i = g * tile_rows; i < end; ++i) longest = lengths(i) > longest ? lengths(i) : longest;
    if (final) starts(g) = sum;
    sum += (longest + tile_width - 1) / tile_width * tile_entries;
    if (final && end == rows) starts(g + 1) = sum;
  }
};

// The place of entry j of row i: its group's start, tile j / 4, lane
// 4 (i % 8) + j % 4.
struct TilePlace {
  template <class Arrays>
  KOKKOS_INLINE_FUNCTION static std::int64_t at(const Arrays& d, std::int64_t i, std::int64_t j) {
    return d.starts(i / tile_rows) + (j / tile_width) * tile_entries + (i % tile_rows) * tile_width + j % tile_width;
  }
};

// The portable apply: one thread a row, its entries in order (as CSR sums them).
template <class Value, class MemorySpace, class XView, class YView>
struct TileRowFunctor {
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t n = s.lengths(i);
    Value sum = 0;
    for (std::int64_t j = 0; j < n; ++j) {
      const std::int64_t k = TilePlace::at(s, i, j);
      sum += s.vals(k) * x(s.cols(k));
    }
    write_row(y, i, alpha, sum, beta);
  }
};

template <class Value>
std::int64_t tile_bytes(std::int64_t entries, std::int64_t rows, std::int64_t groups) {
  return entries * std::int64_t(sizeof(Value) + sizeof(std::int32_t)) + rows * 4 + (groups + 1) * 8;
}

template <class ExecSpace, class Matrix>
class Tile8x4Step {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // Converts A (asynchronously on `exec`, but for the total of stored
  // entries, read back before allocating). Throws aspmv::FormatRefused when
  // the memory guard refuses.
  Tile8x4Step(const ExecSpace& exec, const Matrix& a, int tile_mma, std::int64_t host_chunk, const PlanOptions& options)
      : a_(a), mma_(tile_mma != 0), host_chunk_(std::max<std::int64_t>(1, host_chunk)) {
    const std::int64_t m = a.num_rows();
    groups_ = (m + tile_rows - 1) / tile_rows;
    arrays_.height = tile_rows;
    arrays_.order = order_rows_by_length(exec, a, 1);  // rows keep their order; their lengths
    arrays_.starts = allocate<std::int64_t, memory_space>(exec, groups_ + 1, "aspmv::tile8x4::group_starts");
    if (m > 0) {
      Kokkos::parallel_scan("aspmv::tile8x4::group_starts", RangePolicy<ExecSpace>(exec, 0, groups_),
                            TileGroupStarts<decltype(arrays_.order.lengths), decltype(arrays_.starts)>{
                                arrays_.order.lengths, arrays_.starts, m},
                            entries_);
    } else {
      Kokkos::deep_copy(exec, arrays_.starts, std::int64_t(0));
    }
    exec.fence();
    refuse_if_too_large("tile8x4", entries_, a.nnz(), arrays_.order.longest, bytes(), csr_bytes(a), options);
    arrays_.cols = allocate<std::int32_t, memory_space>(exec, entries_, "aspmv::tile8x4::cols");
    arrays_.vals = allocate<Value, memory_space>(exec, entries_, "aspmv::tile8x4::values");
    Kokkos::deep_copy(exec, arrays_.cols, std::int32_t(-1));  // padding: never multiplied
    Kokkos::deep_copy(exec, arrays_.vals, Value(0));
    fill(exec, true);
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }

  // Copies A's current values into the tiles (same structure), on `exec`.
  void refresh_values(const ExecSpace& exec) const { fill(exec, false); }

  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0) return;
    const auto s = arrays_.read();
    if constexpr (backends::TileMma<ExecSpace>::available) {
      if (mma_) {
        backends::TileMma<ExecSpace>::apply(exec, s, m, groups_, alpha, x, beta, y);
        return;
      }
    }
    const int chunk = backends::Traits<ExecSpace>::is_gpu
                          ? 1
                          : static_cast<int>(std::min<std::int64_t>(host_chunk_, std::numeric_limits<int>::max()));
    Kokkos::parallel_for("aspmv::spmv::tile8x4_rows", RangePolicy<ExecSpace>(exec, 0, m, Kokkos::ChunkSize(chunk)),
                         TileRowFunctor<Value, memory_space, XView, YView>{s, x, y, alpha, beta});
  }

  // Whether apply runs on the matrix units (else one thread a row).
  bool on_matrix_units() const { return backends::TileMma<ExecSpace>::available && mma_; }
  // The converted arrays (tests emulate the matrix units' arithmetic on them).
  FormatView<Value, memory_space> tiles() const { return arrays_.read(); }
  std::int64_t groups() const { return groups_; }
  std::int64_t stored_entries() const { return entries_; }
  std::int64_t bytes() const { return tile_bytes<Value>(entries_, a_.num_rows(), groups_); }

 private:
  void fill(const ExecSpace& exec, bool with_columns) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0 || entries_ == 0) return;
    Kokkos::parallel_for(
        "aspmv::tile8x4::fill", RangePolicy<ExecSpace>(exec, 0, m),
        FormatFill<Matrix, TilePlace>{a_.row_offsets(), a_.col_indices(), a_.values(), arrays_, with_columns});
  }

  Matrix a_;
  bool mma_;
  std::int64_t host_chunk_;  // CPUs: rows a thread takes at a time
  FormatArrays<Value, memory_space> arrays_;
  std::int64_t groups_ = 0;
  std::int64_t entries_ = 0;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Tile8x4 {
  static constexpr Kernel id = Kernel::tile8x4;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::tile_mma, TableParameter::host_rows_per_chunk};
  template <class ExecSpace, class Matrix>
  using Step = impl::Tile8x4Step<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"tile8x4", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ctx.params.tile_mma, ctx.params.host_rows_per_chunk, ctx.options);
    GroupSummary g;
    g.kernel = id;
    g.team_size = static_cast<int>(impl::tile_entries);
    g.teams = step.groups();
    g.blocks = step.groups();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    std::ostringstream d;
    d << "tile8x4: " << step.groups() << " groups of 8 rows, " << step.stored_entries() / impl::tile_entries
      << " tiles of 8 x 4, " << step.stored_entries() << " stored entries ("
      << (s.stats.nnz > 0 ? double(step.stored_entries()) / double(s.stats.nnz) : 1.0) << "x the nonzeros), "
      << step.bytes() << " bytes; "
      << (step.on_matrix_units() ? "sums on the FP64 matrix units (a warp a group)" : "one thread a row");
    g.detail = d.str();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
