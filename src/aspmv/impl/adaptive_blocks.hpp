#pragma once
// CSR-Adaptive's rowBlocks (Daga & Greathouse), one entry per workgroup.
//
// Rule (parallel: each row decides from its neighbours alone, so the host and
// the device build the same blocks). With W = NNZ_PER_WG and R = the
// workgroup's threads:
//  - a row is long when it has more than W nonzeros; it gets blocks of its
//    own: one (CSR-Vector) when it has at most W * NNZ_multiplier nonzeros,
//    else ceil(len / (W * NNZ_multiplier)) workgroups (CSR-VectorL);
//  - other rows are packed into blocks; a new block starts at row r when
//    row r-1 or r is long, when r's first nonzero lies in another W-window
//    of the nonzeros than r-1's (floor(off[r] / W) changes), or when r starts
//    another window of R rows. A block thus holds fewer than 2W nonzeros and
//    at most R rows;
//  - a packed block of at least num_rows_stream rows runs CSR-Stream, a
//    smaller one CSR-Vector (the whole workgroup on each row in turn).
// Windows replace the greedy packing of the original host code: blocks hold
// W nonzeros on average and can be built by a parallel scan.

#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/split_rows.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <type_traits>
#include <vector>

namespace aspmv::impl {

enum AdaptiveKind : std::int32_t { adaptive_stream = 0, adaptive_vector = 1, adaptive_vector_long = 2 };

template <class Offset>
struct AdaptiveBlock {
  std::int32_t row_begin;
  std::int32_t row_end;
  Offset nnz_begin;
  Offset nnz_end;
  std::int32_t kind;  // AdaptiveKind
};

struct AdaptiveParams {
  std::int64_t nnz_per_wg;       // W
  std::int64_t num_rows_stream;  // fewest rows for CSR-Stream
  std::int64_t nnz_multiplier;   // CSR-VectorL takes W * this per workgroup
  std::int64_t max_rows;         // R, the workgroup's threads
  int stage_unroll = 1;          // loads per thread in flight while staging (1, 4 or 8)
};

// The rule, as functions both builders call.
template <class Offsets>
KOKKOS_INLINE_FUNCTION bool adaptive_is_long(const Offsets& off, std::int64_t r, const AdaptiveParams& p) {
  return static_cast<std::int64_t>(off(r + 1) - off(r)) > p.nnz_per_wg;
}

template <class Offsets>
KOKKOS_INLINE_FUNCTION bool adaptive_starts_block(const Offsets& off, std::int64_t r, const AdaptiveParams& p) {
  if (r == 0) return true;
  if (adaptive_is_long(off, r, p) || adaptive_is_long(off, r - 1, p)) return true;
  if (static_cast<std::int64_t>(off(r)) / p.nnz_per_wg != static_cast<std::int64_t>(off(r - 1)) / p.nnz_per_wg)
    return true;
  return r / p.max_rows != (r - 1) / p.max_rows;
}

// Workgroups a long row gets.
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t adaptive_long_workgroups(const Offsets& off, std::int64_t r,
                                                             const AdaptiveParams& p) {
  const auto len = static_cast<std::int64_t>(off(r + 1) - off(r));
  const std::int64_t per_wg = p.nnz_per_wg * p.nnz_multiplier;
  return len > per_wg ? (len + per_wg - 1) / per_wg : 1;
}

// Entries the block starting at row r contributes (0 if r starts none).
template <class Offsets>
KOKKOS_INLINE_FUNCTION std::int64_t adaptive_entries_at(const Offsets& off, std::int64_t r, const AdaptiveParams& p) {
  if (!adaptive_starts_block(off, r, p)) return 0;
  return adaptive_is_long(off, r, p) ? adaptive_long_workgroups(off, r, p) : 1;
}

// Writes the entries of the block starting at row r from position pos. A
// packed block's end is not known here: row_end/nnz_end are set to -1 and
// filled by adaptive_close_block.
template <class Offsets, class Blocks>
KOKKOS_INLINE_FUNCTION void adaptive_write_entries(const Offsets& off, std::int64_t r, std::int64_t pos,
                                                   const AdaptiveParams& p, const Blocks& blocks) {
  using Offset = std::remove_cv_t<std::remove_reference_t<decltype(off(0))>>;
  const auto row = static_cast<std::int32_t>(r);
  if (adaptive_is_long(off, r, p)) {
    const std::int64_t n = adaptive_long_workgroups(off, r, p);
    const std::int64_t per_wg = p.nnz_per_wg * p.nnz_multiplier;
    for (std::int64_t w = 0; w < n; ++w) {
      const Offset b = off(r) + static_cast<Offset>(w * per_wg);
      const Offset e = w + 1 == n ? off(r + 1) : static_cast<Offset>(b + per_wg);
      blocks(pos + w) = {row, row + 1, b, e, n > 1 ? adaptive_vector_long : adaptive_vector};
    }
  } else {
    blocks(pos) = {row, -1, off(r), Offset(-1), adaptive_stream};
  }
}

// Sets the end of packed block `pos` from the next entry's first row.
template <class Offsets, class Blocks>
KOKKOS_INLINE_FUNCTION void adaptive_close_block(const Offsets& off, std::int64_t pos, std::int64_t total,
                                                 std::int64_t num_rows, const AdaptiveParams& p, const Blocks& blocks) {
  auto b = blocks(pos);
  if (b.row_end != -1) return;
  const std::int64_t next = pos + 1 < total ? blocks(pos + 1).row_begin : num_rows;
  b.row_end = static_cast<std::int32_t>(next);
  b.nnz_end = off(next);
  b.kind = next - b.row_begin >= p.num_rows_stream ? adaptive_stream : adaptive_vector;
  blocks(pos) = b;
}

// A row split over several CSR-VectorL workgroups starts at entry pos.
template <class Blocks>
KOKKOS_INLINE_FUNCTION bool adaptive_first_split_entry(const Blocks& blocks, std::int64_t pos) {
  return blocks(pos).kind == adaptive_vector_long && (pos == 0 || blocks(pos - 1).row_begin != blocks(pos).row_begin);
}

template <class Blocks>
KOKKOS_INLINE_FUNCTION SplitRow adaptive_split_row(const Blocks& blocks, std::int64_t pos, std::int64_t total) {
  std::int64_t end = pos + 1;
  while (end < total && blocks(end).row_begin == blocks(pos).row_begin) ++end;
  return SplitRow{blocks(pos).row_begin, pos, end};
}

// Host builder: a sequential walk applying the rule (count, then fill).
template <class Offset>
std::vector<AdaptiveBlock<Offset>> build_adaptive_blocks_host(const std::vector<Offset>& offsets_host,
                                                              const AdaptiveParams& p) {
  const auto m = static_cast<std::int64_t>(offsets_host.size()) - 1;
  Kokkos::View<const Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> off(offsets_host.data(), offsets_host.size());
  std::int64_t total = 0;
  for (std::int64_t r = 0; r < m; ++r) total += adaptive_entries_at(off, r, p);
  std::vector<AdaptiveBlock<Offset>> storage(static_cast<std::size_t>(total));
  Kokkos::View<AdaptiveBlock<Offset>*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> blocks(storage.data(),
                                                                                          storage.size());
  std::int64_t pos = 0;
  for (std::int64_t r = 0; r < m; ++r) {
    const auto n = adaptive_entries_at(off, r, p);
    if (n > 0) adaptive_write_entries(off, r, pos, p, blocks);
    pos += n;
  }
  for (std::int64_t i = 0; i < total; ++i) adaptive_close_block(off, i, total, m, p, blocks);
  return storage;
}

template <class Offset>
std::vector<SplitRow> adaptive_split_rows_host(std::vector<AdaptiveBlock<Offset>>& storage) {
  Kokkos::View<AdaptiveBlock<Offset>*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged> blocks(storage.data(),
                                                                                          storage.size());
  std::vector<SplitRow> rows;
  const auto total = static_cast<std::int64_t>(storage.size());
  for (std::int64_t i = 0; i < total; ++i)
    if (adaptive_first_split_entry(blocks, i)) rows.push_back(adaptive_split_row(blocks, i, total));
  return rows;
}

// Device builder functors.
template <class Offsets>
struct AdaptiveCount {
  Offsets off;
  AdaptiveParams p;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, std::int64_t& count, const bool) const {
    count += adaptive_entries_at(off, r, p);
  }
};

template <class Offsets, class Blocks>
struct AdaptiveFill {
  Offsets off;
  AdaptiveParams p;
  Blocks blocks;
  KOKKOS_FUNCTION void operator()(const std::int64_t r, std::int64_t& pos, const bool final) const {
    const auto n = adaptive_entries_at(off, r, p);
    if (final && n > 0) adaptive_write_entries(off, r, pos, p, blocks);
    pos += n;
  }
};

template <class Offsets, class Blocks>
struct AdaptiveClose {
  Offsets off;
  AdaptiveParams p;
  Blocks blocks;
  std::int64_t total, num_rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    adaptive_close_block(off, i, total, num_rows, p, blocks);
  }
};

template <class Blocks, class SplitRows>
struct AdaptiveSplitRows {
  Blocks blocks;
  SplitRows rows;  // empty when only counting
  std::int64_t total;
  KOKKOS_FUNCTION void operator()(const std::int64_t i, std::int64_t& pos, const bool final) const {
    if (!adaptive_first_split_entry(blocks, i)) return;
    if (final && pos < static_cast<std::int64_t>(rows.extent(0))) rows(pos) = adaptive_split_row(blocks, i, total);
    pos += 1;
  }
};

template <class Offset, class MemorySpace>
struct AdaptiveBlocksDevice {
  Kokkos::View<AdaptiveBlock<Offset>*, MemorySpace> blocks;
  Kokkos::View<SplitRow*, MemorySpace> split_rows;
};

// Device builder: two scans over the rows, one pass over the entries, one
// scan for the split rows. Same result as the host builder.
template <class ExecSpace, class Offsets>
auto build_adaptive_blocks_device(const ExecSpace& exec, const Offsets& off, std::int64_t num_rows,
                                  const AdaptiveParams& p) {
  using Offset = typename Offsets::non_const_value_type;
  using Mem = typename Offsets::memory_space;
  using Range = RangePolicy<ExecSpace>;
  AdaptiveBlocksDevice<Offset, Mem> out;
  std::int64_t total = 0;
  Kokkos::parallel_scan("aspmv::csr_adaptive::count_blocks", Range(exec, 0, num_rows), AdaptiveCount<Offsets>{off, p},
                        total);
  out.blocks = allocate<AdaptiveBlock<Offset>, Mem>(exec, total, "aspmv::csr_adaptive::blocks");
  Kokkos::parallel_scan("aspmv::csr_adaptive::fill_blocks", Range(exec, 0, num_rows),
                        AdaptiveFill<Offsets, decltype(out.blocks)>{off, p, out.blocks});
  Kokkos::parallel_for("aspmv::csr_adaptive::close_blocks", Range(exec, 0, total),
                       AdaptiveClose<Offsets, decltype(out.blocks)>{off, p, out.blocks, total, num_rows});
  std::int64_t num_split = 0;
  Kokkos::parallel_scan("aspmv::csr_adaptive::count_split_rows", Range(exec, 0, total),
                        AdaptiveSplitRows<decltype(out.blocks), Kokkos::View<SplitRow*, Mem>>{out.blocks, {}, total},
                        num_split);
  out.split_rows = allocate<SplitRow, Mem>(exec, num_split, "aspmv::csr_adaptive::split_rows");
  Kokkos::parallel_scan(
      "aspmv::csr_adaptive::fill_split_rows", Range(exec, 0, total),
      AdaptiveSplitRows<decltype(out.blocks), Kokkos::View<SplitRow*, Mem>>{out.blocks, out.split_rows, total});
  exec.fence();
  return out;
}

}  // namespace aspmv::impl
