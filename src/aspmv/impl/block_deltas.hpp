#pragma once
// Column indices as 8- or 16-bit deltas from a base per CSR-Adaptive
// rowBlock (impl/adaptive_blocks.hpp): the block's smallest column. A team
// reads its block's base once and then every entry's column as base + delta,
// so a compressed entry costs the loads of a plain one, with 1 or 2 bytes of
// index instead of 4. A block whose columns span too far for the width (or
// hold a negative column, invalid input) has base -1: its team reads A's
// own indices. The width is the one that moves fewer index bytes
// (impl/column_deltas.hpp). The conversion runs on the device, a team per
// block.

#include <aspmv/impl/adaptive_blocks.hpp>
#include <aspmv/impl/column_deltas.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/run_columns.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

// The entries of block b: a part of one row (CSR-VectorL) or whole rows.
template <class Offset, class Offsets>
KOKKOS_INLINE_FUNCTION void block_entries(const AdaptiveBlock<Offset>& b, const Offsets& offsets, Offset& begin,
                                          Offset& end) {
  if (b.kind == adaptive_vector_long) {
    begin = b.nnz_begin;
    end = b.nnz_end;
  } else {
    begin = offsets(b.row_begin);
    end = offsets(b.row_end);
  }
}

// Pass 1, a team per block: its smallest and largest column (one MinMax
// reduction).
template <class Matrix, class Blocks, class ExecSpace>
struct BlockSpans {
  using Offset = typename Matrix::offset_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Blocks blocks;
  Kokkos::View<std::int64_t*, typename Matrix::memory_space> lo, hi, sizes;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t w = team.league_rank();
    Offset begin = 0, end = 0;
    block_entries(blocks(w), offsets, begin, end);
    using Span = Kokkos::MinMaxScalar<std::int64_t>;
    Span span{0, 0};
    if (end > begin)
      Kokkos::parallel_reduce(
          Kokkos::TeamThreadRange(team, begin, end),
          [&](const Offset k, Span& m) {
            const std::int64_t c = cols(k);
            m.min_val = c < m.min_val ? c : m.min_val;
            m.max_val = c > m.max_val ? c : m.max_val;
          },
          Kokkos::MinMax<std::int64_t>(span));
    Kokkos::single(Kokkos::PerTeam(team), [&]() {
      lo(w) = span.min_val;
      hi(w) = span.max_val;
      sizes(w) = static_cast<std::int64_t>(end - begin);
    });
  }
};

// The blocks too wide for 8 and for 16 bits, and their nonzeros.
template <class View>
struct BlockWideNonzeros : WideNonzerosReduction {
  View lo, hi, sizes;
  KOKKOS_FUNCTION void operator()(const std::int64_t w, WideNonzeros& wide) const {
    count(ColumnSpan{lo(w), hi(w)}, sizes(w), wide);
  }
};

// Pass 2, a team per block: its base (-1 when wide) and its deltas (0 in a
// wide block: never read).
template <class Matrix, class Blocks, class DeltaView, class ExecSpace>
struct BlockDeltaFill {
  using Offset = typename Matrix::offset_type;
  using Delta = typename DeltaView::value_type;
  using Member = typename TeamPolicy<ExecSpace>::member_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Blocks blocks;
  Kokkos::View<const std::int64_t*, typename Matrix::memory_space> lo, hi;
  Kokkos::View<std::int32_t*, typename Matrix::memory_space> bases;
  DeltaView deltas;
  std::int64_t limit;
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t w = team.league_rank();
    Offset begin = 0, end = 0;
    block_entries(blocks(w), offsets, begin, end);
    const bool fits = ColumnSpan{lo(w), hi(w)}.fits(limit);
    const std::int64_t base = fits ? lo(w) : 0;
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, begin, end),
                         [&](const Offset k) { deltas(k) = fits ? static_cast<Delta>(cols(k) - base) : Delta(0); });
    Kokkos::single(Kokkos::PerTeam(team), [&]() { bases(w) = fits ? static_cast<std::int32_t>(base) : -1; });
  }
};

// The conversion of A's column indices for a set of rowBlocks (timed by the
// plan as analysis) and the Columns it gives CsrAdaptiveFunctor.
template <class ExecSpace, class Matrix>
class BlockDeltas {
 public:
  using Offset = typename Matrix::offset_type;
  using memory_space = typename Matrix::memory_space;
  using Blocks = Kokkos::View<const AdaptiveBlock<Offset>*, memory_space>;
  using Bases = Kokkos::View<const std::int32_t*, memory_space>;
  using Deltas8 = Kokkos::View<const std::uint8_t*, memory_space>;
  using Deltas16 = Kokkos::View<const std::uint16_t*, memory_space>;
  using Cols = typename Matrix::indices_view;

  BlockDeltas(const ExecSpace& exec, const Matrix& a, const Blocks& blocks) : cols_(a.col_indices()) {
    const auto n = static_cast<std::int64_t>(blocks.extent(0));
    auto lo = allocate<std::int64_t, memory_space>(exec, n, "aspmv::block_deltas::lo");
    auto hi = allocate<std::int64_t, memory_space>(exec, n, "aspmv::block_deltas::hi");
    auto sizes = allocate<std::int64_t, memory_space>(exec, n, "aspmv::block_deltas::sizes");
    auto bases = allocate<std::int32_t, memory_space>(exec, n, "aspmv::block_deltas::bases");
    WideNonzeros wide;
    if (n > 0) {
      Kokkos::parallel_for("aspmv::block_deltas::spans", policy(exec, n),
                           BlockSpans<Matrix, Blocks, ExecSpace>{a.row_offsets(), cols_, blocks, lo, hi, sizes});
      Kokkos::parallel_reduce("aspmv::block_deltas::wide_nonzeros", RangePolicy<ExecSpace>(exec, 0, n),
                              BlockWideNonzeros<decltype(lo)>{{}, lo, hi, sizes}, wide);
    }
    bits_ = delta_bits(a.nnz(), wide);
    wide_nnz_ = wide.nonzeros(bits_);
    wide_blocks_ = wide.runs(bits_);
    if (bits_ == 8)
      deltas8_ = fill<std::uint8_t>(exec, a, blocks, lo, hi, bases, 256);
    else
      deltas16_ = fill<std::uint16_t>(exec, a, blocks, lo, hi, bases, 65536);
    bases_ = bases;
    exec.fence();
  }

  // Calls f with the Columns (RunColumnsDelta of this width: a base a block).
  template <class F>
  void visit(F&& f) const {
    if (bits_ == 8)
      f(RunColumnsDelta<Bases, Deltas8, Cols>{bases_, deltas8_, cols_});
    else
      f(RunColumnsDelta<Bases, Deltas16, Cols>{bases_, deltas16_, cols_});
  }

  int bits() const { return bits_; }
  std::int64_t blocks() const { return static_cast<std::int64_t>(bases_.extent(0)); }
  std::int64_t wide_blocks() const { return wide_blocks_; }
  std::int64_t wide_nonzeros() const { return wide_nnz_; }

 private:
  static TeamPolicy<ExecSpace> policy(const ExecSpace& exec, std::int64_t n) {
    return TeamPolicy<ExecSpace>(exec, static_cast<int>(n), backends::Traits<ExecSpace>::is_gpu ? 128 : 1, 1);
  }

  template <class Delta, class LoHi, class BaseView>
  Kokkos::View<const Delta*, memory_space> fill(const ExecSpace& exec, const Matrix& a, const Blocks& blocks,
                                                const LoHi& lo, const LoHi& hi, const BaseView& bases,
                                                std::int64_t limit) {
    auto d = allocate<Delta, memory_space>(exec, a.nnz(), "aspmv::block_deltas::deltas");
    const auto n = static_cast<std::int64_t>(blocks.extent(0));
    if (n > 0)
      Kokkos::parallel_for("aspmv::block_deltas::convert", policy(exec, n),
                           BlockDeltaFill<Matrix, Blocks, decltype(d), ExecSpace>{a.row_offsets(), cols_, blocks, lo,
                                                                                  hi, bases, d, limit});
    return d;
  }

  Cols cols_;
  int bits_ = 16;
  std::int64_t wide_nnz_ = 0;
  std::int64_t wide_blocks_ = 0;
  Bases bases_;
  Deltas8 deltas8_;
  Deltas16 deltas16_;
};

}  // namespace aspmv::impl
