#pragma once
// Blockwise samples for the per-block TpR model (Gao §4.3): CSR-vector with
// each TpR on row blocks of a matrix - the short-row blocks of Algorithm 1
// when the matrix has long rows, else equal row slices ("sliced regular
// matrices"). A block runs as a row-slice view of the device matrix (its row
// offsets are a subview; columns and values are shared), so nothing is copied.

#include "../bench/timing.hpp"

#include <aspmv/features.hpp>
#include <aspmv/partition.hpp>
#include <aspmv/plan.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <vector>

namespace aspmv::collect {

struct BlockSample {
  int block = 0;  // index in the sampled blocks
  std::int32_t row_begin = 0, row_end = 0;
  RowStats stats;  // Gao's features of the block
  int tpr = 0;
  double seconds = 0;
};

// The row blocks sampled from a matrix: up to `max_blocks` short-row blocks
// of Algorithm 1 (the largest by nnz) with at least `min_rows` rows, or
// `max_blocks` equal slices when Algorithm 1 finds no long row.
template <class Offset>
std::vector<PartitionBlock> sample_blocks(const std::vector<Offset>& offsets, std::int64_t t_long, int max_blocks,
                                          std::int32_t min_rows) {
  auto blocks = gao_partition(offsets, t_long);
  const bool has_long = std::any_of(blocks.begin(), blocks.end(), [](const PartitionBlock& b) { return b.is_long; });
  std::vector<PartitionBlock> out;
  if (has_long) {
    for (const auto& b : blocks)
      if (!b.is_long && b.row_end - b.row_begin >= min_rows) out.push_back(b);
    std::sort(out.begin(), out.end(), [](const PartitionBlock& a, const PartitionBlock& b) {
      return a.nnz != b.nnz ? a.nnz > b.nnz : a.row_begin < b.row_begin;
    });
    if (static_cast<int>(out.size()) > max_blocks) out.resize(static_cast<std::size_t>(max_blocks));
    std::sort(out.begin(), out.end(),
              [](const PartitionBlock& a, const PartitionBlock& b) { return a.row_begin < b.row_begin; });
    return out;
  }
  const auto m = static_cast<std::int64_t>(offsets.size()) - 1;
  if (m < min_rows) return out;
  const std::int64_t slices = std::min<std::int64_t>(max_blocks, m / min_rows);
  for (std::int64_t s = 0; s < slices; ++s) {
    const auto rb = static_cast<std::int32_t>(m * s / slices), re = static_cast<std::int32_t>(m * (s + 1) / slices);
    out.push_back({rb, re, static_cast<std::int64_t>(offsets[re] - offsets[rb]), false});
  }
  return out;
}

// Times CSR-vector with every TpR the backend runs on each block.
template <class Space, class Value, class Offset>
std::vector<BlockSample> time_blocks(const Space& exec, const CsrMatrix<Value, Offset, typename Space::memory_space>& a,
                                     const std::vector<Offset>& offsets, const std::vector<PartitionBlock>& blocks,
                                     const Kokkos::View<Value*, typename Space::memory_space>& x,
                                     const bench::TimingOptions& timing) {
  using Matrix = CsrMatrix<Value, Offset, typename Space::memory_space>;
  std::vector<BlockSample> out;
  for (std::size_t bi = 0; bi < blocks.size(); ++bi) {
    const auto& b = blocks[bi];
    const std::int32_t rows = b.row_end - b.row_begin;
    const Matrix slice(
        rows, a.num_cols(),
        Kokkos::subview(a.row_offsets(), std::make_pair<std::int64_t, std::int64_t>(b.row_begin, b.row_end + 1)),
        a.col_indices(), a.values());
    Kokkos::View<Value*, typename Space::memory_space> y("aspmv::collect::block_y", rows);
    const RowStats stats = row_stats(offsets, a.num_cols(), b.row_begin, b.row_end);
    for (int tpr = 1; tpr <= backends::Traits<Space>::max_tpr; tpr *= 2) {
      PlanOptions o;
      o.kernel = Kernel::csr_vector;
      o.threads_per_row = tpr;
      const auto plan = make_plan(exec, slice, o);
      const auto t = bench::time_calls(
          exec, [&] { plan.apply(exec, Value(1), x, Value(0), y); }, timing);
      out.push_back({static_cast<int>(bi), b.row_begin, b.row_end, stats, tpr, t.seconds_per_call});
    }
  }
  return out;
}

}  // namespace aspmv::collect
