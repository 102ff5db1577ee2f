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
// in a contiguous loop the host compiler can vectorize (no gathers).
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
#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/kernels/sell.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_info.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <aspmv/planner/workspace.hpp>
#include <backends/traits.hpp>

#include <Kokkos_Core.hpp>

#include <array>
#include <cstdint>
#include <sstream>
#include <string>
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
      Kokkos::atomic_exchange(&marks(o + rows - 1), std::int32_t(1));
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

// The arrays of a DIA copy, as an apply reads them.
template <class Value, class MemorySpace>
struct DiaView {
  Kokkos::View<const std::int64_t*, MemorySpace> diagonal_offsets;  // ascending
  Kokkos::View<const std::int32_t*, MemorySpace> complete;          // 1: no hole in the diagonal's rows
  Kokkos::View<const std::uint32_t*, MemorySpace> present;          // the holes' mask, words_per_diagonal a diagonal
  Kokkos::View<const Value*, MemorySpace> vals;                     // diagonals * rows
  std::int64_t rows, cols, diagonals, words_per_diagonal;

  // The rows [first, last) in which diagonal o lies inside A.
  KOKKOS_INLINE_FUNCTION std::int64_t first_row(std::int64_t o) const { return o < 0 ? -o : 0; }
  KOKKOS_INLINE_FUNCTION std::int64_t last_row(std::int64_t o) const { return cols - o < rows ? cols - o : rows; }
};

// Copies A's entries into their diagonals: values always, the mask on the
// first fill (with_structure), counting entries that land on an occupied
// slot (duplicates: only the row's own thread sets its bit).
template <class Matrix, class Value, class MemorySpace>
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

  KOKKOS_FUNCTION std::int64_t diagonal_of(std::int64_t o) const {
    std::int64_t lo = 0, hi = diagonals - 1;  // o is one of the offsets
    while (lo < hi) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (diagonal_offsets(mid) < o)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const {
    for (auto j = offsets(r); j < offsets(r + 1); ++j) {
      const std::int64_t k = diagonal_of(static_cast<std::int64_t>(cols(j)) - r);
      vals(k * rows + r) = a_vals(j);
      if (with_structure) {
        const std::uint32_t bit = 1U << (r % 32);
        const std::uint32_t before = Kokkos::atomic_fetch_or(&present(k * words_per_diagonal + r / 32), bit);
        if ((before & bit) != 0) Kokkos::atomic_fetch_add(&duplicates(0), std::int64_t(1));
      }
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
    const std::int64_t first = o < 0 ? -o : 0, last = cols - o < rows ? cols - o : rows;
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

// GPU apply: one thread per row, its diagonals in ascending order. The body
// has no branch that splits a warp: a slot outside A (column < 0 or >= n)
// or a hole reads a valid address (the value, x at a clamped column) and
// adds nothing (a select, so 0 * Inf never reaches the sum); only a
// diagonal with holes reads its mask word, the same word for a warp's 32
// rows.
template <class Value, class MemorySpace, class XView, class YView>
struct DiaRowFunctor {
  DiaView<Value, MemorySpace> d;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t r) const {
    Value sum = 0;
    const std::uint32_t bit = 1U << static_cast<std::uint32_t>(r % 32);
    const std::uint32_t* word = d.present.data() + r / 32;
    const Value* v = d.vals.data() + r;
    for (std::int64_t k = 0; k < d.diagonals; ++k, v += d.rows, word += d.words_per_diagonal) {
      const std::int64_t c = r + d.diagonal_offsets(k);
      const bool inside = c >= 0 && c < d.cols;
      const bool holds = inside && (d.complete(k) != 0 || (*word & bit) != 0);
      const Value product = *v * x(inside ? c : 0);
      sum += holds ? product : Value(0);
    }
    write_row(y, r, alpha, sum, beta);
  }
};

// CPU apply: one thread per block of rows (a multiple of 32, at most
// dia_host_rows: long bursts along each diagonal for the prefetchers, the
// block's sums in a local array in L1), each diagonal walked over the
// block's rows it crosses (contiguous values and x). A diagonal with holes
// goes through its mask: consecutive full words run as one contiguous loop,
// empty words are skipped, a mixed word selects its rows' products by the
// mask's bits (no branch; GCC 12 still compiles this loop as scalar code).
// With a contiguous x the loops run on raw pointers, which the host
// compiler turns into vector code. Every row costs the same (its
// diagonals): block_rows splits the rows into a multiple of the threads'
// count of blocks of at most dia_host_rows rows (rounded up to 32).
constexpr std::int64_t dia_host_rows = 1024;
inline std::int64_t dia_block_rows(std::int64_t rows, std::int64_t threads) {
  const std::int64_t t = threads > 0 ? threads : 1;
  const std::int64_t blocks = t * ((rows + t * dia_host_rows - 1) / (t * dia_host_rows));
  const std::int64_t per_block = blocks > 0 ? ((rows + blocks - 1) / blocks + 31) / 32 * 32 : 32;
  return per_block < 32 ? 32 : per_block > dia_host_rows ? dia_host_rows : per_block;
}
template <class Value, class MemorySpace, class XView, class YView>
struct DiaBlockFunctor {
  DiaView<Value, MemorySpace> d;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t block_rows;  // a multiple of 32, at most dia_host_rows

  // sum[r - first] += v[r] * x(r + o) for r in [lo, hi).
  KOKKOS_INLINE_FUNCTION void add_run(Value* sum, const Value* v, std::int64_t o, std::int64_t first, std::int64_t lo,
                                      std::int64_t hi) const {
    Value* s = sum - first;
    if (x.span_is_contiguous()) {
      const auto* xp = x.data() + o;
      for (std::int64_t r = lo; r < hi; ++r) s[r] += v[r] * xp[r];
    } else {
      for (std::int64_t r = lo; r < hi; ++r) s[r] += v[r] * x(r + o);
    }
  }

  // The same for the rows of one mask word whose bits `have` holds: each
  // product is formed (every row of [lo, hi) has its column inside A) and
  // selected, so the loop has no branch and 0 * Inf never reaches a sum.
  KOKKOS_INLINE_FUNCTION void add_masked(Value* sum, const Value* v, std::int64_t o, std::int64_t first,
                                         std::int64_t lo, std::int64_t hi, std::uint32_t have) const {
    Value* s = sum - first;
    const std::int64_t word_first = lo / 32 * 32;
    if (x.span_is_contiguous()) {
      const auto* xp = x.data() + o;
      for (std::int64_t r = lo; r < hi; ++r) {
        const Value product = v[r] * xp[r];
        s[r] += ((have >> static_cast<std::uint32_t>(r - word_first)) & 1U) != 0 ? product : Value(0);
      }
    } else {
      for (std::int64_t r = lo; r < hi; ++r) {
        const Value product = v[r] * x(r + o);
        s[r] += ((have >> static_cast<std::uint32_t>(r - word_first)) & 1U) != 0 ? product : Value(0);
      }
    }
  }

  KOKKOS_FUNCTION void operator()(const std::int64_t block) const {
    Value sum[dia_host_rows];
    const std::int64_t first = block * block_rows;
    const std::int64_t end = d.rows - first < block_rows ? d.rows : first + block_rows;
    for (std::int64_t i = 0; i < end - first; ++i) sum[i] = 0;
    for (std::int64_t k = 0; k < d.diagonals; ++k) {
      const std::int64_t o = d.diagonal_offsets(k);
      const std::int64_t lo = first > d.first_row(o) ? first : d.first_row(o);
      const std::int64_t hi = end < d.last_row(o) ? end : d.last_row(o);
      if (lo >= hi) continue;
      const Value* v = d.vals.data() + k * d.rows;
      if (d.complete(k) != 0) {
        add_run(sum, v, o, first, lo, hi);
        continue;
      }
      std::int64_t run = lo;  // the start of the current run of full words' rows
      for (std::int64_t r = lo; r < hi;) {
        const std::int64_t word_end = (r / 32 + 1) * 32 < hi ? (r / 32 + 1) * 32 : hi;
        const std::uint32_t want = dia_word_bits(r % 32, r % 32 + (word_end - r));
        const std::uint32_t have = d.present(k * d.words_per_diagonal + r / 32) & want;
        if (have != want) {
          add_run(sum, v, o, first, run, r);  // the full words before this one
          if (have != 0) add_masked(sum, v, o, first, r, word_end, have);
          run = word_end;
        }
        r = word_end;
      }
      add_run(sum, v, o, first, run, hi);
    }
    for (std::int64_t r = first; r < end; ++r) write_row(y, r, alpha, sum[r - first], beta);
  }
};

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
  // refuses or A has duplicate entries.
  DiaStep(const ExecSpace& exec, const Matrix& a, const PlanOptions& options) : a_(a) {
    const std::int64_t m = a.num_rows(), n = a.num_cols();
    words_ = (m + 31) / 32;
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
    const DiaView<Value, memory_space> d{offsets_, complete_, present_, vals_, m, a_.num_cols(), diagonals_, words_};
    if constexpr (backends::Traits<ExecSpace>::is_gpu) {
      Kokkos::parallel_for("aspmv::spmv::dia_rows", RangePolicy<ExecSpace>(exec, 0, m),
                           DiaRowFunctor<Value, memory_space, XView, YView>{d, x, y, alpha, beta});
    } else {
      const std::int64_t block_rows = dia_block_rows(m, exec.concurrency());
      Kokkos::parallel_for("aspmv::spmv::dia_blocks",
                           RangePolicy<ExecSpace>(exec, 0, (m + block_rows - 1) / block_rows),
                           DiaBlockFunctor<Value, memory_space, XView, YView>{d, x, y, alpha, beta, block_rows});
    }
  }

  std::int64_t diagonals() const { return diagonals_; }
  std::int64_t complete_diagonals() const { return complete_count_; }
  std::int64_t bytes() const { return dia_bytes<Value>(diagonals_, a_.num_rows()); }

 private:
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
    Kokkos::parallel_for(
        "aspmv::dia::fill", RangePolicy<ExecSpace>(exec, 0, a_.num_rows()),
        DiaFill<Matrix, Value, memory_space>{a_.row_offsets(), a_.col_indices(), a_.values(), offsets_, present_, vals_,
                                             duplicates, a_.num_rows(), diagonals_, words_, with_structure});
  }

  Matrix a_;
  std::int64_t diagonals_ = 0, complete_count_ = 0, words_ = 0;
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
  static constexpr std::array<TableParameter, 0> parameters{};  // reads none
  template <class ExecSpace, class Matrix>
  using Step = impl::DiaStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"dia", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a, ctx.options);
    GroupSummary g;
    g.kernel = id;
    g.team_size = 1;
    g.teams = s.stats.rows;
    g.blocks = 1;
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    std::ostringstream d;
    d << "DIA: " << step.diagonals() << " diagonals (" << step.complete_diagonals() << " without holes), "
      << step.diagonals() * s.stats.rows << " stored values ("
      << (s.stats.nnz > 0 ? double(step.diagonals() * s.stats.rows) / double(s.stats.nnz) : 1.0) << "x the nonzeros), "
      << step.bytes() << " bytes";
    g.detail = d.str();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
