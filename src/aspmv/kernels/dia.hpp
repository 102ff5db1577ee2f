#pragma once
// DIA (diagonal format; Saad; the format oneMKL's inspector-executor and
// cuSPARSE's predecessors use for banded and grid matrices): every diagonal
// c - r = o that holds an entry of A is stored whole, m values long, the
// diagonals in ascending order of o; no column indices. Entry (r, r + o) of
// diagonal k is at vals(k * m + r). A diagonal's rows with no entry (holes:
// a grid's boundary rows, gaps in a band) are marked in a bitmask, one bit a
// row (a 32-bit word per 32 rows, each diagonal word-aligned), and never
// added to a sum: no 0 * Inf. A diagonal with no hole in its rows
// (`complete`) skips the mask. The plan converts A once (timed as analysis) and keeps the copy
// of its values (plan.refresh_values() after they change in place).
//
// Apply: each row sums its diagonals in ascending order of o, that is in
// ascending column order (CSR's order when its columns are sorted). One
// thread per row on GPUs (neighbouring threads read neighbouring values of
// a diagonal, and neighbouring entries of x); on CPUs one thread per block
// of rows (dia_block_rows), which walks each diagonal over the block's rows
// in a contiguous loop the host compiler can vectorize (no gathers), or --
// where the table's host_row_simd is 2 and the CPU has AVX-512 -- 128 rows
// at a time in vector registers across all diagonals (backends/host/avx512_dia.hpp).
// CPU threads: the table's host_thread_nnz (impl/host_threads.hpp).
//
// Refused (aspmv::FormatRefused) before the values are allocated when the
// diagonals' m slots each would be more than PlanOptions::max_dia_fill times
// A's nonzeros (DIA then moves more bytes than CSR), or would take more than
// PlanOptions::max_format_growth times A's CSR bytes (and more than
// format_growth_floor_bytes); and after the fill when A has duplicate entries
// (two entries cannot share a slot).

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/impl/device_copy.hpp>
#include <aspmv/impl/host_threads.hpp>
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
#include <backends/host/avx512_dia.hpp>
#include <backends/range_launch.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace aspmv::impl {

// marks(p) = 1 where diagonal p - (m - 1) holds an entry (p in [0, m + n - 1)).
// Row r marks the diagonal of its i-th entry only when row r - 1's i-th
// entry lies on another one: on a grid or a band neighbouring rows repeat
// their diagonals, so only the rows where the pattern changes write (every
// row writing would put all of A's entries on a few addresses). Every
// diagonal is marked: follow an entry up the rows while the row above has
// the same diagonal at the same place; the first row of that chain marks it.
template <class Matrix, class Marks>
struct DiaMarkDiagonals {
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  Marks marks;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const {
    const auto begin = offsets(r), end = offsets(r + 1);
    const auto above = r > 0 ? offsets(r - 1) : begin;
    const auto above_length = begin - above;
    for (auto j = begin; j < end; ++j) {
      const std::int64_t o = static_cast<std::int64_t>(cols(j)) - r;
      const auto i = j - begin;
      if (i < above_length && static_cast<std::int64_t>(cols(above + i)) - (r - 1) == o) continue;
      // Read first: on a matrix whose rows change pattern everywhere (a
      // random band, a graph) every entry gets here, and writing a mark
      // already set would bounce its cache line between the threads (a
      // refused conversion of a 6M-nonzero band took 3x longer on 2 threads
      // than on 1). Only 1 is ever written, so a stale 0 costs one exchange.
      std::int32_t& mark = marks(o + rows - 1);
      if (static_cast<volatile const std::int32_t&>(mark) == 0) Kokkos::atomic_exchange(&mark, std::int32_t(1));
    }
  }
};

// The marked diagonals' offsets, in ascending order: an exclusive scan of the
// marks numbers them; the final pass writes offset p - (m - 1) of diagonal
// number k into diagonal_offsets(k) when that view is allocated (second pass).
template <class Marks, class Offsets>
struct DiaNumberDiagonals {
  Marks marks;
  Offsets diagonal_offsets;  // empty on the counting pass
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t p, std::int64_t& k, const bool final) const {
    if (marks(p) == 0) return;
    if (final && diagonal_offsets.extent(0) > 0) diagonal_offsets(k) = p - (rows - 1);
    ++k;
  }
};

// The rows [first, last) in which diagonal o of a rows x cols matrix lies
// inside it.
KOKKOS_INLINE_FUNCTION std::int64_t dia_first_row(std::int64_t o) { return o < 0 ? -o : 0; }
KOKKOS_INLINE_FUNCTION std::int64_t dia_last_row(std::int64_t o, std::int64_t rows, std::int64_t cols) {
  return cols - o < rows ? cols - o : rows;
}

// The arrays of a DIA copy, as an apply reads them.
template <class Value, class MemorySpace>
struct DiaView {
  Kokkos::View<const std::int64_t*, MemorySpace> diagonal_offsets;  // ascending
  Kokkos::View<const std::int32_t*, MemorySpace> complete;          // 1: no hole in the diagonal's rows
  Kokkos::View<const std::uint32_t*, MemorySpace> present;          // the holes' mask, words_per_diagonal a diagonal
  Kokkos::View<const Value*, MemorySpace> vals;                     // diagonals * rows
  std::int64_t rows, cols, diagonals, words_per_diagonal;

  KOKKOS_INLINE_FUNCTION std::int64_t first_row(std::int64_t o) const { return dia_first_row(o); }
  KOKKOS_INLINE_FUNCTION std::int64_t last_row(std::int64_t o) const { return dia_last_row(o, rows, cols); }
};

// Copies A's entries into their diagonals: values always, the mask on the
// first fill (with_structure), counting entries that land on an occupied
// slot (duplicates). WordRows: one work item fills the 32 rows of a mask
// word and owns that word of every diagonal, so it sets bits without atomics
// (CPUs: an atomic OR a nonzero cost most of the conversion's time); else
// one row an item, bits set by atomic OR (GPUs). A row's entries find their
// diagonal by walking up from the previous entry's (columns ascending), by
// binary search where they do not ascend.
template <class Matrix, class Value, class MemorySpace, bool WordRows>
struct DiaFill {
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view a_vals;
  Kokkos::View<const std::int64_t*, MemorySpace> diagonal_offsets;
  Kokkos::View<std::uint32_t*, MemorySpace> present;
  Kokkos::View<Value*, MemorySpace> vals;
  Kokkos::View<std::int64_t*, MemorySpace> duplicates;  // one element
  std::int64_t rows, diagonals, words_per_diagonal;
  bool with_structure;

  // The diagonal of offset o (one of the offsets); k: the previous entry's, or -1.
  KOKKOS_FUNCTION std::int64_t diagonal_of(std::int64_t o, std::int64_t k) const {
    if (k >= 0 && diagonal_offsets(k) <= o) {
      while (diagonal_offsets(k) < o) ++k;
      return k;
    }
    return first_index_where(0, diagonals - 1, [&](std::int64_t d) { return diagonal_offsets(d) >= o; });
  }
  KOKKOS_FUNCTION void fill_row(const std::int64_t r) const {
    std::int64_t k = -1;
    const std::uint32_t bit = 1U << (r % 32);
    for (auto j = offsets(r); j < offsets(r + 1); ++j) {
      k = diagonal_of(static_cast<std::int64_t>(cols(j)) - r, k);
      vals(k * rows + r) = a_vals(j);
      if (!with_structure) continue;
      std::uint32_t& word = present(k * words_per_diagonal + r / 32);
      std::uint32_t before;
      if constexpr (WordRows) {
        before = word;
        word = before | bit;
      } else {
        before = Kokkos::atomic_fetch_or(&word, bit);
      }
      if ((before & bit) != 0) Kokkos::atomic_fetch_add(&duplicates(0), std::int64_t(1));
    }
  }
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    if constexpr (WordRows) {
      const std::int64_t end = (i + 1) * 32 < rows ? (i + 1) * 32 : rows;
      for (std::int64_t r = i * 32; r < end; ++r) fill_row(r);
    } else {
      fill_row(i);
    }
  }
};

// The bits of rows [lo, hi) of one 32-row mask word (0 <= lo < hi <= 32).
KOKKOS_INLINE_FUNCTION std::uint32_t dia_word_bits(std::int64_t lo, std::int64_t hi) {
  const auto count = static_cast<std::uint32_t>(hi - lo);
  return (count == 32 ? ~0U : (1U << count) - 1U) << static_cast<std::uint32_t>(lo);
}

// complete(k) = 1 when diagonal k holds an entry in every row it crosses:
// team k compares each of its mask words with the rows the diagonal crosses
// there (a reduction, no atomics).
template <class MemorySpace>
struct DiaCompleteDiagonals {
  Kokkos::View<const std::int64_t*, MemorySpace> diagonal_offsets;
  Kokkos::View<const std::uint32_t*, MemorySpace> present;
  Kokkos::View<std::int32_t*, MemorySpace> complete;
  std::int64_t rows, cols, words_per_diagonal;
  template <class Member>
  KOKKOS_FUNCTION void operator()(const Member& team) const {
    const std::int64_t k = team.league_rank();
    const std::int64_t o = diagonal_offsets(k);
    const std::int64_t first = dia_first_row(o), last = dia_last_row(o, rows, cols);
    std::int64_t holes = 0;
    Kokkos::parallel_reduce(
        Kokkos::TeamThreadRange(team, first / 32, (last + 31) / 32),
        [&](const std::int64_t w, std::int64_t& h) {
          const std::int64_t lo = first > w * 32 ? first : w * 32, hi = last < w * 32 + 32 ? last : w * 32 + 32;
          const std::uint32_t want = dia_word_bits(lo - w * 32, hi - w * 32);
          h += (present(k * words_per_diagonal + w) & want) == want ? 0 : 1;
        },
        holes);
    Kokkos::single(Kokkos::PerTeam(team), [&]() { complete(k) = holes == 0 ? 1 : 0; });
  }
};

// GPU apply: each thread sums Rows rows, 32 apart: thread t of a group of
// 32 (a warp when the launch's blocks are multiples of 32) takes rows
// 32 * Rows * g + t + 32 j, j < Rows, that is one mask word per j, and a
// warp reads 32 consecutive values and x entries per diagonal and j. The
// diagonals go two at a time: both offsets, flags and mask words first,
// then their 2 x Rows products, whose loads are independent of each other
// (the profile of one row and one diagonal at a time stalled on each
// load). No branch splits a warp: a slot outside A (the column < 0 or
// >= n, a row past m) or a hole reads a valid address (x at column 0, the
// value of row 0) and adds nothing (a select: 0 * Inf never reaches the
// sum). Each row still sums its diagonals in ascending order. Rows comes
// from the table (dia_rows_per_thread) or dia_gpu_rows_per_thread.
template <int Rows, class Value, class MemorySpace, class XView, class YView>
struct DiaRowsFunctor {
  static constexpr int diagonals_at_once = 2;
  DiaView<Value, MemorySpace> d;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t t) const {
    const std::int64_t first_word = t / 32 * Rows;  // the mask word of the thread's first row
    const auto lane = static_cast<std::uint32_t>(t % 32);
    const std::int64_t first = first_word * 32 + lane;
    Value sum[Rows] = {};
    for (std::int64_t k0 = 0; k0 < d.diagonals; k0 += diagonals_at_once) {
      std::int64_t o[diagonals_at_once], lo[diagonals_at_once], hi[diagonals_at_once];
      bool complete[diagonals_at_once];
      const Value* v[diagonals_at_once];
      const std::uint32_t* words[diagonals_at_once];
      for (int u = 0; u < diagonals_at_once; ++u) {
        const bool real = k0 + u < d.diagonals;  // the last pair may hold one diagonal
        const std::int64_t k = real ? k0 + u : k0;
        o[u] = d.diagonal_offsets(k);
        lo[u] = real ? d.first_row(o[u]) : 0;
        hi[u] = real ? d.last_row(o[u]) : 0;  // no row inside: adds nothing
        complete[u] = d.complete(k) != 0;
        v[u] = d.vals.data() + k * d.rows;
        words[u] = d.present.data() + k * d.words_per_diagonal + first_word;
      }
      for (int u = 0; u < diagonals_at_once; ++u)
        for (std::int64_t j = 0; j < Rows; ++j) {
          const std::int64_t r = first + 32 * j;
          const bool inside = r >= lo[u] && r < hi[u];
          const bool holds = inside && (complete[u] || ((words[u][j] >> lane) & 1U) != 0);
          const Value product = v[u][inside ? r : 0] * x(inside ? r + o[u] : 0);
          sum[j] += holds ? product : Value(0);
        }
    }
    for (std::int64_t j = 0; j < Rows; ++j)
      if (first + 32 * j < d.rows) write_row(y, first + 32 * j, alpha, sum[j], beta);
  }
};

// Rows per GPU thread when the table leaves it open (0): the most of 4, 2
// and 1 that holds at most 16 bytes of values a diagonal (4 in float, 2 in
// double: the fastest on three large grids in both precisions but one, H200,
// perf/results/h200/2026-11-28-dia-rows) and still gives every thread the
// device can hold at once (its concurrency) at least one thread's rows.
inline int dia_gpu_rows_per_thread(std::int64_t rows, std::int64_t concurrency, std::int64_t value_bytes) {
  for (const int r : {4, 2})
    if (std::int64_t(r) * value_bytes <= 16 && rows >= std::int64_t(r) * concurrency) return r;
  return 1;
}

// CPU apply: one thread per block of rows (a multiple of 32, at most
// dia_host_rows: long bursts along each diagonal for the prefetchers, the
// block's sums in a local array in L1), each diagonal walked over the
// block's rows it crosses (contiguous values and x). A diagonal with holes
// goes through its mask: consecutive full words run as one contiguous loop,
// empty words are skipped, a mixed word keeps or clears each row's product
// by a bitwise lane mask made of the row's bit (no branch). With a
// contiguous x the loops run on raw pointers (chosen once per block), which
// the host compiler turns into vector code. Every row costs the same (its
// diagonals): block_rows splits the rows into a multiple of the threads'
// count of blocks of at most dia_host_rows rows (rounded up to 32).
constexpr std::int64_t dia_host_rows = 1024;
inline std::int64_t dia_block_rows(std::int64_t rows, std::int64_t threads) {
  const std::int64_t t = threads > 0 ? threads : 1;
  const std::int64_t blocks = t * ((rows + t * dia_host_rows - 1) / (t * dia_host_rows));
  const std::int64_t per_block = blocks > 0 ? ((rows + blocks - 1) / blocks + 31) / 32 * 32 : 32;
  return per_block < 32 ? 32 : per_block > dia_host_rows ? dia_host_rows : per_block;
}
// x as the host loops read it: a raw pointer when x is contiguous (the form
// the compiler vectorizes), else the view's accessor.
template <class XView>
struct DiaStridedX {
  XView x;
  KOKKOS_INLINE_FUNCTION auto operator[](std::int64_t i) const -> decltype(x(i)) { return x(i); }
};

// The unsigned integer of a value's width (the lane mask of a select).
template <class Value>
using dia_lane_bits = std::conditional_t<sizeof(Value) == 8, std::uint64_t, std::uint32_t>;

template <class Value, class MemorySpace, class XView, class YView>
struct DiaBlockFunctor {
  DiaView<Value, MemorySpace> d;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t block_rows;  // a multiple of 32, at most dia_host_rows

  // sum[r - first] += v[r] * xs[r + o] for r in [lo, hi).
  template <class XS>
  KOKKOS_INLINE_FUNCTION static void add_run(Value* sum, const Value* v, const XS& xs, std::int64_t o,
                                             std::int64_t first, std::int64_t lo, std::int64_t hi) {
    Value* s = sum - first;
    for (std::int64_t r = lo; r < hi; ++r) s[r] += v[r] * xs[r + o];
  }

  // The same for the rows of one mask word whose bits `have` holds: each
  // product is formed (every row of [lo, hi) has its column inside A) and
  // kept or cleared by a lane mask of all ones or all zeros (bitwise, the
  // form the host compiler vectorizes), so 0 * Inf never reaches a sum.
  template <class XS>
  KOKKOS_INLINE_FUNCTION static void add_masked(Value* sum, const Value* v, const XS& xs, std::int64_t o,
                                                std::int64_t first, std::int64_t lo, std::int64_t hi,
                                                std::uint32_t have) {
    static_assert(sizeof(Value) == sizeof(dia_lane_bits<Value>), "a lane mask of the value's width");
    using Bits = dia_lane_bits<Value>;
    Value* s = sum - first;
    const std::int64_t word_first = lo / 32 * 32;
    for (std::int64_t r = lo; r < hi; ++r) {
      const Value product = v[r] * xs[r + o];
      Bits bits;
      std::memcpy(&bits, &product, sizeof bits);
      bits &= Bits(0) - Bits((have >> static_cast<std::uint32_t>(r - word_first)) & 1U);
      Value kept;
      std::memcpy(&kept, &bits, sizeof kept);
      s[r] += kept;
    }
  }

  // The block's diagonals into sum (one entry a row of the block).
  template <class XS>
  KOKKOS_INLINE_FUNCTION void sum_block(Value* sum, const XS& xs, std::int64_t first, std::int64_t end) const {
    for (std::int64_t k = 0; k < d.diagonals; ++k) {
      const std::int64_t o = d.diagonal_offsets(k);
      const std::int64_t lo = first > d.first_row(o) ? first : d.first_row(o);
      const std::int64_t hi = end < d.last_row(o) ? end : d.last_row(o);
      if (lo >= hi) continue;
      const Value* v = d.vals.data() + k * d.rows;
      if (d.complete(k) != 0) {
        add_run(sum, v, xs, o, first, lo, hi);
        continue;
      }
      std::int64_t run = lo;  // the start of the current run of full words' rows
      for (std::int64_t r = lo; r < hi;) {
        const std::int64_t word_end = (r / 32 + 1) * 32 < hi ? (r / 32 + 1) * 32 : hi;
        const std::uint32_t want = dia_word_bits(r % 32, r % 32 + (word_end - r));
        const std::uint32_t have = d.present(k * d.words_per_diagonal + r / 32) & want;
        if (have != want) {
          add_run(sum, v, xs, o, first, run, r);  // the full words before this one
          if (have != 0) add_masked(sum, v, xs, o, first, r, word_end, have);
          run = word_end;
        }
        r = word_end;
      }
      add_run(sum, v, xs, o, first, run, hi);
    }
  }

  KOKKOS_FUNCTION void operator()(const std::int64_t block) const {
    Value sum[dia_host_rows];
    const std::int64_t first = block * block_rows;
    const std::int64_t end = d.rows - first < block_rows ? d.rows : first + block_rows;
    for (std::int64_t i = 0; i < end - first; ++i) sum[i] = 0;
    if (x.span_is_contiguous())
      sum_block(sum, static_cast<const Value*>(x.data()), first, end);
    else
      sum_block(sum, DiaStridedX<XView>{x}, first, end);
    for (std::int64_t r = first; r < end; ++r) write_row(y, r, alpha, sum[r - first], beta);
  }
};

// The CPU apply in AVX-512 lanes (backends/host/avx512_dia.hpp) on raw host
// arrays: block i of block_rows rows (a multiple of 32), 128 rows at a time.
template <class Value>
struct DiaAvx512BlockFunctor {
  backends::host::DiaArrays<Value> d;
  const Value* x;
  Value* y;
  Value alpha, beta;
  std::int64_t block_rows;

  void operator()(const std::int64_t block) const {
    const std::int64_t first = block * block_rows;
    const std::int64_t end = d.rows - first < block_rows ? d.rows : first + block_rows;
    backends::host::avx512_dia_rows(d, x, y, first, end, alpha, beta);
  }
};

// The GPU apply (DiaRowsFunctor) with 1, 2 or 4 rows a thread: ceil(m / (32
// rows_per_thread)) groups of 32 threads. Runs on any space (the tests run it
// on the host too).
template <class ExecSpace, class Value, class MemorySpace, class XView, class YView>
void dia_apply_rows(const ExecSpace& exec, int rows_per_thread, const DiaView<Value, MemorySpace>& d, Value alpha,
                    const XView& x, Value beta, const YView& y) {
  auto launch = [&](auto rows) {
    constexpr int per = decltype(rows)::value;
    const std::int64_t groups = (d.rows + 32 * per - 1) / (32 * per);
    Kokkos::parallel_for("aspmv::spmv::dia_rows", RangePolicy<ExecSpace>(exec, 0, groups * 32),
                         DiaRowsFunctor<per, Value, MemorySpace, XView, YView>{d, x, y, alpha, beta});
  };
  if (rows_per_thread == 4)
    launch(std::integral_constant<int, 4>{});
  else if (rows_per_thread == 2)
    launch(std::integral_constant<int, 2>{});
  else
    launch(std::integral_constant<int, 1>{});
}

template <class Value>
std::int64_t dia_bytes(std::int64_t diagonals, std::int64_t rows) {
  const std::int64_t words = (rows + 31) / 32;
  return diagonals * (rows * std::int64_t(sizeof(Value)) + words * 4 + 8 + 4);
}

template <class ExecSpace, class Matrix>
class DiaStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  // Converts A (asynchronously on `exec`, but for the count of diagonals and
  // the duplicates, read back). Throws aspmv::FormatRefused when the guard
  // refuses or A has duplicate entries. rows_per_thread: the GPU apply's
  // rows a thread (1, 2 or 4; 0: dia_gpu_rows_per_thread decides).
  DiaStep(const ExecSpace& exec, const Matrix& a, const PlanOptions& options, int rows_per_thread) : a_(a) {
    const std::int64_t m = a.num_rows(), n = a.num_cols();
    words_ = (m + 31) / 32;
    rows_per_thread_ = rows_per_thread == 1 || rows_per_thread == 2 || rows_per_thread == 4
                           ? rows_per_thread
                           : dia_gpu_rows_per_thread(m, exec.concurrency(), sizeof(Value));
    const std::int64_t positions = m > 0 && n > 0 ? m + n - 1 : 0;
    if (positions > 0 && a.nnz() > 0) {
      auto marks = zeros<std::int32_t>(exec, positions, "aspmv::dia::marks");
      Kokkos::parallel_for("aspmv::dia::mark", RangePolicy<ExecSpace>(exec, 0, m),
                           DiaMarkDiagonals<Matrix, decltype(marks)>{a.row_offsets(), a.col_indices(), marks, m});
      using Offsets = Kokkos::View<std::int64_t*, memory_space>;
      Kokkos::parallel_scan("aspmv::dia::count", RangePolicy<ExecSpace>(exec, 0, positions),
                            DiaNumberDiagonals<decltype(marks), Offsets>{marks, Offsets(), m}, diagonals_);
      exec.fence();
      guard(options);
      offsets_ = allocate<std::int64_t, memory_space>(exec, diagonals_, "aspmv::dia::diagonal_offsets");
      std::int64_t again = 0;
      Kokkos::parallel_scan("aspmv::dia::number", RangePolicy<ExecSpace>(exec, 0, positions),
                            DiaNumberDiagonals<decltype(marks), Offsets>{marks, offsets_, m}, again);
    } else {
      offsets_ = allocate<std::int64_t, memory_space>(exec, 0, "aspmv::dia::diagonal_offsets");
    }
    present_ = zeros<std::uint32_t>(exec, diagonals_ * words_, "aspmv::dia::present");
    complete_ = allocate<std::int32_t, memory_space>(exec, diagonals_, "aspmv::dia::complete");
    vals_ = zeros<Value>(exec, diagonals_ * m, "aspmv::dia::values");  // holes: 0, never added
    const auto duplicates = zeros<std::int64_t>(exec, 1, "aspmv::dia::duplicates");
    fill(exec, true, duplicates);
    if (diagonals_ > 0)
      Kokkos::parallel_for("aspmv::dia::complete", TeamPolicy<ExecSpace>(exec, diagonals_, Kokkos::AUTO),
                           DiaCompleteDiagonals<memory_space>{offsets_, present_, complete_, m, n, words_});
    const auto dup = Kokkos::create_mirror_view(Kokkos::HostSpace(), duplicates);
    const auto complete = Kokkos::create_mirror_view(Kokkos::HostSpace(), complete_);
    Kokkos::deep_copy(exec, dup, duplicates);
    Kokkos::deep_copy(exec, complete, complete_);
    exec.fence();
    if (dup(0) > 0)
      throw FormatRefused("aspmv: the DIA conversion is refused: A has " + std::to_string(dup(0)) +
                          " duplicate entries (two entries of one row and column cannot share a diagonal's slot)");
    for (std::int64_t k = 0; k < diagonals_; ++k) complete_count_ += complete(k) != 0 ? 1 : 0;
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }

  // Copies A's current values into the diagonals (same structure), on `exec`.
  void refresh_values(const ExecSpace& exec) const { fill(exec, false, {}); }

  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0) return;
    const auto d = view();
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      dia_apply_rows(exec, rows_per_thread_, d, alpha, x, beta, y);
    } else {
      const std::int64_t block_rows = host_block_rows(exec);
      const RangePolicy<ExecSpace> blocks(exec, 0, (m + block_rows - 1) / block_rows);
      if (avx512_ && launch_avx512(blocks, block_rows, alpha, x, beta, y)) return;
      backends::parallel_range("aspmv::spmv::dia_blocks", blocks,
                               DiaBlockFunctor<Value, memory_space, XView, YView>{d, x, y, alpha, beta, block_rows}, 0,
                               host_threads_);
    }
  }

  // CPUs: the blocks in AVX-512 lanes where the CPU has them (the table's
  // host_row_simd 2), and the apply's threads from the table's
  // host_thread_nnz and the stored values (impl/host_threads.hpp; 0: the
  // pool). GPUs ignore both.
  void use_host_shape(const ExecSpace& exec, int host_row_simd, std::int64_t thread_nnz) {
    if (backends::Traits<ExecSpace>::is_gpu) return;
    avx512_ = host_row_simd == 2 && backends::host::avx512_rows_available();
    host_threads_ = host_thread_count(thread_nnz, diagonals_ * a_.num_rows(), exec.concurrency());
  }
  bool avx512_rows() const { return avx512_; }
  // CPUs: the rows of a block, and the blocks the apply's threads share (its league).
  std::int64_t host_block_rows(const ExecSpace& exec) const {
    return dia_block_rows(a_.num_rows(), host_team(host_threads_, exec.concurrency()));
  }
  std::int64_t host_blocks(const ExecSpace& exec) const {
    const std::int64_t m = a_.num_rows(), block_rows = host_block_rows(exec);
    return (m + block_rows - 1) / block_rows;
  }
  int host_threads() const { return host_threads_; }

  std::int64_t diagonals() const { return diagonals_; }
  int rows_per_thread() const { return rows_per_thread_; }
  DiaView<Value, memory_space> view() const {
    return {offsets_, complete_, present_, vals_, a_.num_rows(), a_.num_cols(), diagonals_, words_};
  }
  std::int64_t complete_diagonals() const { return complete_count_; }
  std::int64_t bytes() const { return dia_bytes<Value>(diagonals_, a_.num_rows()); }

 private:
  // False (nothing launched) where the build has no AVX-512 code or x and y
  // are not contiguous host arrays of the values' type.
  template <class XView, class YView>
  bool launch_avx512(const RangePolicy<ExecSpace>& blocks, std::int64_t block_rows, Value alpha, const XView& x,
                     Value beta, const YView& y) const {
    if constexpr (!backends::host::avx512_array_type<Value, XView> ||
                  !backends::host::avx512_array_type<Value, YView> ||
                  !backends::host::avx512_array_type<Value, decltype(vals_)>) {
      return false;
    } else {
      if (!backends::host::avx512_array(x) || !backends::host::avx512_array(y)) return false;
      const backends::host::DiaArrays<Value> arrays{offsets_.data(), complete_.data(), present_.data(), vals_.data(),
                                                    a_.num_rows(),   a_.num_cols(),    diagonals_,      words_};
      backends::parallel_range("aspmv::spmv::dia_blocks", blocks,
                               DiaAvx512BlockFunctor<Value>{arrays, x.data(), y.data(), alpha, beta, block_rows}, 0,
                               host_threads_);
      return true;
    }
  }

  // An array of n zeros, allocated and cleared on `exec`.
  template <class T>
  static Kokkos::View<T*, memory_space> zeros(const ExecSpace& exec, std::int64_t n, const char* label) {
    auto v = allocate<T, memory_space>(exec, n, label);
    Kokkos::deep_copy(exec, v, T(0));
    return v;
  }

  void guard(const PlanOptions& o) const {
    const double stored = double(diagonals_) * double(a_.num_rows());
    if (stored > o.max_dia_fill * double(a_.nnz())) {
      std::ostringstream msg;
      msg << "aspmv: the DIA conversion is refused: " << diagonals_ << " diagonals of " << a_.num_rows()
          << " rows would store " << stored / double(a_.nnz()) << "x the " << a_.nnz() << " nonzeros (limit "
          << o.max_dia_fill << "x, PlanOptions::max_dia_fill)";
      throw FormatRefused(msg.str());
    }
    const std::int64_t need = bytes(), csr = csr_bytes(a_);
    if (need > o.format_growth_floor_bytes && double(need) > o.max_format_growth * double(csr)) {
      std::ostringstream msg;
      msg << "aspmv: the DIA conversion is refused: " << diagonals_ << " diagonals of " << a_.num_rows() << " rows for "
          << a_.nnz() << " nonzeros would take " << need << " bytes, " << double(need) / double(csr) << "x the " << csr
          << " bytes of the CSR matrix (limit " << o.max_format_growth << "x, PlanOptions::max_format_growth)";
      throw FormatRefused(msg.str());
    }
  }

  void fill(const ExecSpace& exec, bool with_structure,
            const Kokkos::View<std::int64_t*, memory_space>& duplicates) const {
    if (a_.num_rows() == 0 || a_.nnz() == 0 || diagonals_ == 0) return;
    constexpr bool word_rows = !backends::Traits<ExecSpace>::is_gpu;
    Kokkos::parallel_for("aspmv::dia::fill", RangePolicy<ExecSpace>(exec, 0, word_rows ? words_ : a_.num_rows()),
                         DiaFill<Matrix, Value, memory_space, word_rows>{
                             a_.row_offsets(), a_.col_indices(), a_.values(), offsets_, present_, vals_, duplicates,
                             a_.num_rows(), diagonals_, words_, with_structure});
  }

  Matrix a_;
  std::int64_t diagonals_ = 0, complete_count_ = 0, words_ = 0;
  int rows_per_thread_ = 1;  // GPU rows a thread (1, 2 or 4)
  bool avx512_ = false;      // CPUs: blocks in AVX-512 lanes (use_host_shape)
  int host_threads_ = 0;     // CPUs: the apply's threads (use_host_shape; 0: the pool)
  Kokkos::View<std::int64_t*, memory_space> offsets_;
  Kokkos::View<std::uint32_t*, memory_space> present_;
  Kokkos::View<std::int32_t*, memory_space> complete_;
  Kokkos::View<Value*, memory_space> vals_;
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Dia {
  static constexpr Kernel id = Kernel::dia;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr TableParameter parameters[] = {TableParameter::dia_rows, TableParameter::host_simd,
                                                  TableParameter::host_thread_nnz};
  template <class ExecSpace, class Matrix>
  using Step = impl::DiaStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"dia", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ctx.options, ctx.params.dia_rows_per_thread);
    step.use_host_shape(ctx.exec, ctx.params.host_row_simd, ctx.params.host_thread_nnz);
    GroupSummary g;
    g.kernel = id;
    const bool gpu = backends::Traits<ExecSpace>::is_gpu;
    g.team_size = 1;
    g.teams = gpu ? (s.stats.rows + step.rows_per_thread() - 1) / step.rows_per_thread() : step.host_blocks(ctx.exec);
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    std::ostringstream d;
    d << "DIA: " << step.diagonals() << " diagonals (" << step.complete_diagonals() << " without holes), "
      << step.diagonals() * s.stats.rows << " stored values ("
      << (s.stats.nnz > 0 ? double(step.diagonals() * s.stats.rows) / double(s.stats.nnz) : 1.0) << "x the nonzeros), "
      << step.bytes() << " bytes";
    if (gpu) d << ", " << step.rows_per_thread() << " rows a thread";
    if (step.avx512_rows()) d << ", rows in AVX-512 lanes";
    d << impl::describe_threads(step.host_threads());
    g.detail = d.str();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
