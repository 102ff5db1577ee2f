#pragma once
// LRB's classes in one launch (GPUs): every short and medium class and every
// piece of the long rows run in a single dispatch, so a matrix with a few
// huge rows among short ones pays one launch, not one per TpR plus the long
// rows' own (issue 21's "one launch for skew").
//
// The unit of work is a warp (Traits::warp_lanes lanes in lock step; one
// thread on CPUs), and the launch is a flat range of units x warp threads:
// thread i is lane i % warp of unit i / warp (the backends' range launches
// use blocks of whole warps; a team launch of the same warps ran 1.07-1.13x
// slower on the H200, with a larger shared-memory carveout and a lower L1
// hit rate: docs/PERF.md). The launch's units are the long-row pieces first
// (the longest work starts first), then the classes one after another:
//  - a class of TpR L (a power of two, at most a warp) takes W / L of its
//    listed rows a unit, L lanes a row; the lanes' strided sums are added by
//    an in-warp scan within groups of L lanes (the same lanes and the same
//    order on every run);
//  - a long row is cut into pieces of at most `piece` entries, a unit each
//    (choose_lrb_piece: short pieces where the long rows are few, so their
//    chains of loads stay short; longer ones where pieces would outnumber
//    the device's warps or a row's pieces 8 passes of a warp's lanes). A row of one piece writes
//    y; the pieces of a longer row write their sums to the workspace, and
//    the last piece to finish (a counter a row, back to zero after it) adds
//    them in piece order and writes the row: deterministic, no prescale of
//    y, no second launch.

#include <aspmv/error.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/row_pieces.hpp>
#include <aspmv/impl/split_rows.hpp>
#include <aspmv/impl/strided_dot.hpp>
#include <aspmv/impl/warp_ops.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/range_launch.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace aspmv::impl {

// At most this many classes run in one launch (row_bins.hpp's classes).
inline constexpr int lrb_max_parts = 12;

// A class's rows in the launch: listed rows [begin, end), `lanes` lanes a row,
// its first unit.
struct LrbPart {
  std::int64_t first_unit = 0;
  std::int64_t begin = 0, end = 0;
  int lanes = 1;
};

// The launch's layout, passed by value (no device array): `pieces` units of
// long-row pieces, then the classes' parts (their first_unit counted from
// the first unit after the pieces).
struct LrbLayout {
  LrbPart parts[lrb_max_parts];
  int num_parts = 0;
  std::int64_t units = 0;   // the parts' units
  std::int64_t pieces = 0;  // the long-row pieces' units (the launch's first)
  std::int64_t all_units() const { return pieces + units; }
};

// A piece of a long row; `split` indexes the row's SplitRow (its pieces'
// workspace slots and its counter), -1 when the piece is the whole row.
template <class Offset>
struct LrbPiece {
  std::int32_t row;
  std::int32_t split;
  Offset begin, end;
};

// Adds `layout`'s part for the listed rows [begin, end) at `lanes` lanes a
// row (lanes: a power of two, at most `warp` lanes).
inline void add_lrb_part(LrbLayout& layout, std::int64_t begin, std::int64_t end, int lanes, int warp) {
  if (end <= begin) return;
  if (layout.num_parts == lrb_max_parts) throw Error("aspmv::impl::add_lrb_part: more than 12 classes in one launch");
  LrbPart& p = layout.parts[layout.num_parts++];
  p.first_unit = layout.units;
  p.begin = begin;
  p.end = end;
  p.lanes = lanes;
  const std::int64_t rows_a_unit = warp / lanes;
  layout.units += (end - begin + rows_a_unit - 1) / rows_a_unit;
}

// The long rows cut into pieces of at most `piece` entries (in row order,
// a row's pieces contiguous), and the rows of more than one piece.
template <class Offset>
struct LrbPieces {
  std::vector<LrbPiece<Offset>> pieces;
  std::vector<SplitRow> split;  // slots: the pieces' own indices
};

template <class Offset>
LrbPieces<Offset> cut_lrb_pieces(const std::vector<RowSegment<Offset>>& rows, std::int64_t piece) {
  LrbPieces<Offset> out;
  for (const auto& w : rows) {
    const auto b = static_cast<std::int64_t>(w.nnz_begin), e = static_cast<std::int64_t>(w.nnz_end);
    if ((e - b + piece - 1) / piece > std::numeric_limits<std::int32_t>::max())  // the row's counter is 32-bit
      throw Error("aspmv::make_plan: lrb: row " + std::to_string(w.row) + " has " + std::to_string(e - b) +
                  " entries, more than 2^31 - 1 pieces of " + std::to_string(piece));
    if (e - b <= piece) {
      out.pieces.push_back({w.row, -1, w.nnz_begin, w.nnz_end});
      continue;
    }
    const auto first = static_cast<std::int64_t>(out.pieces.size());
    const auto split = static_cast<std::int32_t>(out.split.size());
    for (std::int64_t k = b; k < e; k += piece)  // 64-bit positions: k + piece may pass the largest Offset
      out.pieces.push_back({w.row, split, static_cast<Offset>(k), static_cast<Offset>(e - k > piece ? k + piece : e)});
    out.split.push_back({w.row, first, static_cast<std::int64_t>(out.pieces.size())});
  }
  return out;
}

// The pieces' length for `rows` (the long rows): the shortest of shortest,
// 2 x shortest, ... up to `longest` with which the pieces fit in
// `resident_units` (the warps the device holds at once) and no row has more
// than `row_pieces` pieces (its last piece adds them, a warp's lanes at a
// time). Short pieces keep each warp's chain of dependent loads short where
// the long rows are few; where they are many, longer pieces mean fewer
// partial sums to write and add.
template <class Offset>
std::int64_t choose_lrb_piece(const std::vector<RowSegment<Offset>>& rows, std::int64_t shortest, std::int64_t longest,
                              std::int64_t resident_units, std::int64_t row_pieces) {
  std::int64_t piece = std::max<std::int64_t>(1, shortest);
  for (; piece < longest; piece *= 2) {
    std::int64_t total = 0, most = 0;
    for (const auto& w : rows) {
      const std::int64_t n =
          (static_cast<std::int64_t>(w.nnz_end) - static_cast<std::int64_t>(w.nnz_begin) + piece - 1) / piece;
      total += n;
      most = std::max(most, n);
    }
    if (total <= resident_units && most <= row_pieces) break;
  }
  return std::min(piece, std::max(longest, shortest));
}

template <class ExecSpace, class Matrix, class XView, class YView>
struct LrbOneLaunchFunctor {
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
  Kokkos::View<const std::int32_t*, Memory> perm;
  Kokkos::View<const LrbPiece<Offset>*, Memory> pieces;
  Kokkos::View<const SplitRow*, Memory> split;
  Kokkos::View<Value*, Memory> partials;     // one slot a piece of a split row
  Kokkos::View<std::int32_t*, Memory> done;  // one counter a split row, zero between launches
  LrbLayout layout;

  KOKKOS_INLINE_FUNCTION static Value group_sum(Value v, int lane, int lanes) {
    return impl::group_sum<Backend>(v, lane, lanes);
  }

  // Thread i of the range: lane i % warp of unit i / warp (the range is
  // all_units x warp long: every unit's warp is whole).
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const int lane = static_cast<int>(i % warp);
    const std::int64_t unit = i / warp;
    if (unit < layout.pieces)
      piece(unit, lane);
    else
      short_rows(unit - layout.pieces, lane);
  }

  KOKKOS_INLINE_FUNCTION void short_rows(std::int64_t unit, int lane) const {
    int q = layout.num_parts - 1;
    while (q > 0 && unit < layout.parts[q].first_unit) --q;
    const LrbPart& p = layout.parts[q];
    const int lanes = p.lanes;
    const std::int64_t i = p.begin + (unit - p.first_unit) * (warp / lanes) + lane / lanes;
    const bool mine = i < p.end;
    const std::int32_t row = mine ? perm(i) : 0;
    Value sum = 0;
    // A lane a row: in order, as CSR-scalar (a lane a row through the strided loop ran 2.3x CSR-scalar's time on
    // rows of 7 in csr_vector_team, docs/PERF.md).
    if (mine && lanes == 1) {
      sum = row_sum<Value>(offsets, cols, vals, x, row);
    } else if (mine) {
      const int g = lane % lanes;
      sum = strided_dot<Value>(Offset(offsets(row) + g), offsets(row + 1), Offset(lanes), cols, vals, x);
    }
    sum = group_sum(sum, lane, lanes);
    if (mine && lane % lanes == lanes - 1) write_row(y, row, alpha, sum, beta);
  }

  KOKKOS_INLINE_FUNCTION void piece(std::int64_t s, int lane) const {
    const LrbPiece<Offset> pc = pieces(s);
    Value sum = strided_dot<Value>(Offset(pc.begin + lane), pc.end, Offset(warp), cols, vals, x);
    sum = group_sum(sum, lane, warp);
    if (pc.split < 0) {
      if (lane == warp - 1) write_row(y, pc.row, alpha, sum, beta);
      return;
    }
    const SplitRow r = split(pc.split);
    finish_row_piece<Backend>(sum, s, r.slot_begin, r.slot_end - r.slot_begin, partials, done, pc.split, y, r.row,
                              alpha, beta, lane);
  }
};

// The one launch: its layout, the long rows' pieces on the device, and the
// workspace it needs (a slot a piece of a split row, a counter a split row).
template <class ExecSpace, class Matrix>
class LrbOneLaunch {
 public:
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using memory_space = typename Matrix::memory_space;
  static constexpr int warp = backends::Traits<ExecSpace>::warp_lanes;

  LrbOneLaunch() = default;
  LrbOneLaunch(const ExecSpace& exec, const LrbLayout& short_rows, const std::vector<RowSegment<Offset>>& long_rows,
               std::int64_t piece, int direct)
      : layout_(short_rows), piece_(piece), direct_(direct) {
    auto cut = cut_lrb_pieces(long_rows, piece);
    num_pieces_ = static_cast<std::int64_t>(cut.pieces.size());
    num_split_rows_ = static_cast<std::int64_t>(cut.split.size());
    if (num_split_rows_ > std::numeric_limits<std::int32_t>::max())
      throw Error("aspmv::make_plan: lrb: too many split rows for 32-bit counters");
    layout_.pieces = num_pieces_;
    if (layout_.all_units() > std::numeric_limits<std::int64_t>::max() / warp)
      throw Error("aspmv::make_plan: lrb: the one launch's units overflow a 64-bit range");
    pieces_ = to_device<memory_space>(exec, cut.pieces, "aspmv::lrb::pieces");
    split_ = to_device<memory_space>(exec, cut.split, "aspmv::lrb::split_rows");
  }

  WorkspaceSize workspace_size() const {
    WorkspaceSize w;
    if (num_split_rows_ > 0) {
      w.values = num_pieces_;
      w.indices = num_split_rows_;
    }
    return w;
  }

  template <class XView, class YView>
  void run(const ExecSpace& exec, const Workspace<Value, memory_space>& ws, const Matrix& a,
           const Kokkos::View<const std::int32_t*, memory_space>& perm, Value alpha, const XView& x, Value beta,
           const YView& y) const {
    if (layout_.all_units() == 0) return;
    backends::parallel_range("aspmv::spmv::lrb_one_launch", RangePolicy<ExecSpace>(exec, 0, layout_.all_units() * warp),
                             LrbOneLaunchFunctor<ExecSpace, Matrix, XView, YView>{
                                 a.row_offsets(), a.col_indices(), a.values(), x, y, alpha, beta, perm, pieces_, split_,
                                 ws.values, ws.indices, layout_},
                             direct_);
  }

  const LrbLayout& layout() const { return layout_; }
  std::int64_t num_pieces() const { return num_pieces_; }
  std::int64_t num_split_rows() const { return num_split_rows_; }
  std::int64_t piece() const { return piece_; }
  std::int64_t threads() const { return layout_.all_units() * warp; }

 private:
  LrbLayout layout_;
  std::int64_t num_pieces_ = 0, num_split_rows_ = 0;
  std::int64_t piece_ = 1;
  int direct_ = 0;  // the backend's own range launch where it has one (table: direct_launch)
  Kokkos::View<LrbPiece<Offset>*, memory_space> pieces_;
  Kokkos::View<SplitRow*, memory_space> split_;
};

}  // namespace aspmv::impl
