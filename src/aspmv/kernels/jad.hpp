#pragma once
// JAD (jagged diagonal; Saad; one of the formats of Lehnert's study): rows
// sorted by length, longest first, over the whole matrix; the j-th entries of
// every sorted row long enough to have one form jagged diagonal j, stored
// one after the other (diagonal j starts at jd_start(j) and holds
// count(j) = the rows longer than j). No padding: the copy is the nonzeros
// plus the permutation, the sorted lengths and one start per diagonal. The
// plan converts A once (timed as analysis) and keeps the copy of its values
// (plan.refresh_values() after they change in place).
//
// Apply: one thread per sorted row on GPUs (neighbouring threads read
// neighbouring entries of each diagonal); on CPUs one thread per block of
// jad_host_rows sorted rows, side by side. y is written through the
// permutation.

#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/kernels/sell.hpp>

#include <Kokkos_Core.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace aspmv::impl {

// count(j) for every diagonal j < longest: the sorted rows longer than j
// (a binary search in the descending lengths); starts(j) then follows by an
// exclusive scan.
template <class Lengths, class Starts>
struct JadDiagonalCounts {
  Lengths lengths;  // descending
  Starts counts;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t j) const {
    // The first sorted row whose length is <= j.
    counts(j) = first_index_where(0, rows, [&](std::int64_t r) { return lengths(r) <= j; });
  }
};

template <class Starts>
struct JadExclusiveScan {
  Starts starts;  // counts in, starts out (one more entry: the total)
  std::int64_t n;
  KOKKOS_FUNCTION void operator()(const std::int64_t j, std::int64_t& sum, const bool final) const {
    const std::int64_t c = j < n ? starts(j) : 0;
    if (final) starts(j) = sum;
    sum += c;
  }
};

// JAD's place of entry j of sorted row i: diagonal j's start plus i.
struct JadPlace {
  template <class Arrays>
  KOKKOS_INLINE_FUNCTION static std::int64_t at(const Arrays& d, std::int64_t i, std::int64_t j) {
    return d.starts(j) + i;
  }
};

template <class Value, class MemorySpace, class XView, class YView>
struct JadRowFunctor {
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const std::int64_t n = s.lengths(i);
    Value sum = 0;
    for (std::int64_t j = 0; j < n; ++j) {
      const std::int64_t k = s.starts(j) + i;
      sum += s.vals(k) * x(s.cols(k));
    }
    write_row(y, s.row(i), alpha, sum, beta);
  }
};

constexpr std::int64_t jad_host_rows = 64;
template <class Value, class MemorySpace, class XView, class YView>
struct JadBlockFunctor {
  FormatView<Value, MemorySpace> s;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t rows;
  KOKKOS_FUNCTION void operator()(const std::int64_t block) const {
    Value sum[jad_host_rows];
    const std::int64_t first = block * jad_host_rows;
    const std::int64_t h = rows - first < jad_host_rows ? rows - first : jad_host_rows;
    for (std::int64_t l = 0; l < h; ++l) sum[l] = 0;
    const std::int64_t width = s.lengths(first);  // the block's longest: rows are sorted
    for (std::int64_t j = 0; j < width; ++j) {
      const std::int64_t base = s.starts(j) + first;
      for (std::int64_t l = 0; l < h && s.lengths(first + l) > j; ++l) sum[l] += s.vals(base + l) * x(s.cols(base + l));
    }
    for (std::int64_t l = 0; l < h; ++l) write_row(y, s.row(first + l), alpha, sum[l], beta);
  }
};

template <class ExecSpace, class Matrix>
class JadStep {
 public:
  using Value = typename Matrix::value_type;
  using memory_space = typename Matrix::memory_space;

  JadStep(const ExecSpace& exec, const Matrix& a) : a_(a) {
    const std::int64_t m = a.num_rows();
    // One window of every row. Keys hold lengths below 2^31 exactly; JAD's
    // diagonals need the exact order.
    d_.order = order_rows_by_length(exec, a, std::max<std::int64_t>(m, 1));
    longest_ = d_.order.longest;
    if (longest_ >= std::numeric_limits<std::int32_t>::max() - 1)
      throw Error("aspmv: JAD sorts rows by 32-bit length keys; a row of " + std::to_string(longest_) +
                  " entries is too long");
    d_.starts = allocate<std::int64_t, memory_space>(exec, longest_ + 1, "aspmv::jad::diagonal_starts");
    if (m > 0) {
      if (longest_ > 0)
        Kokkos::parallel_for(
            "aspmv::jad::diagonal_counts", RangePolicy<ExecSpace>(exec, 0, longest_),
            JadDiagonalCounts<decltype(d_.order.lengths), decltype(d_.starts)>{d_.order.lengths, d_.starts, m});
      Kokkos::parallel_scan("aspmv::jad::diagonal_starts", RangePolicy<ExecSpace>(exec, 0, longest_ + 1),
                            JadExclusiveScan<decltype(d_.starts)>{d_.starts, longest_});
    } else {
      Kokkos::deep_copy(exec, d_.starts, std::int64_t(0));
    }
    d_.cols = allocate<std::int32_t, memory_space>(exec, a.nnz(), "aspmv::jad::cols");
    d_.vals = allocate<Value, memory_space>(exec, a.nnz(), "aspmv::jad::values");
    fill(exec, true);
    exec.fence();
  }

  std::size_t num_groups() const { return 1; }
  WorkspaceSize workspace_size() const { return {}; }
  void refresh_values(const ExecSpace& exec) const { fill(exec, false); }

  template <class Work, class XView, class YView>
  void run_group(std::size_t, const ExecSpace& exec, const Work&, Value alpha, const XView& x, Value beta,
                 const YView& y) const {
    const std::int64_t m = a_.num_rows();
    if (m == 0) return;
    if (backends::Traits<ExecSpace>::is_gpu) {
      Kokkos::parallel_for("aspmv::spmv::jad_rows", RangePolicy<ExecSpace>(exec, 0, m),
                           JadRowFunctor<Value, memory_space, XView, YView>{d_.read(), x, y, alpha, beta});
    } else {
      Kokkos::parallel_for("aspmv::spmv::jad_blocks",
                           RangePolicy<ExecSpace>(exec, 0, (m + jad_host_rows - 1) / jad_host_rows),
                           JadBlockFunctor<Value, memory_space, XView, YView>{d_.read(), x, y, alpha, beta, m});
    }
  }

  std::int64_t diagonals() const { return longest_; }
  std::int64_t bytes() const {
    return a_.nnz() * std::int64_t(sizeof(Value) + 4) + std::int64_t(a_.num_rows()) * 8 + (longest_ + 1) * 8;
  }

 private:
  void fill(const ExecSpace& exec, bool with_columns) const {
    if (a_.num_rows() == 0 || a_.nnz() == 0) return;
    Kokkos::parallel_for(
        "aspmv::jad::fill", RangePolicy<ExecSpace>(exec, 0, a_.num_rows()),
        FormatFill<Matrix, JadPlace>{a_.row_offsets(), a_.col_indices(), a_.values(), d_, with_columns});
  }

  Matrix a_;
  std::int64_t longest_ = 0;
  FormatArrays<Value, memory_space> d_;  // starts: of the jagged diagonals
};

}  // namespace aspmv::impl

namespace aspmv::kernels {

struct Jad {
  static constexpr Kernel id = Kernel::jad;
  static constexpr KernelTraits traits{/*analysis*/ true,         /*uses_tpr*/ false,
                                       /*splits_rows*/ false,
                                       /*needs_structure*/ false, /*direct*/ false,
                                       /*row_bound*/ true,        /*copies_values*/ true};
  static constexpr std::array<TableParameter, 0> parameters{};  // reads none
  template <class ExecSpace, class Matrix>
  using Step = impl::JadStep<ExecSpace, Matrix>;

  static std::vector<KernelConfig> configurations(int /*max_tpr*/) {
    PlanOptions o;
    o.kernel = id;
    return {{"jad", "-", o}};
  }

  template <class ExecSpace, class Matrix>
  static Step<ExecSpace, Matrix> plan(const planner::PlanContext<ExecSpace, Matrix>& ctx, PlanSummary& s) {
    Step<ExecSpace, Matrix> step(ctx.exec, ctx.a);
    GroupSummary g;
    g.kernel = id;
    g.teams = backends::Traits<ExecSpace>::is_gpu ? s.stats.rows  // threads of one row each
                                                  : (s.stats.rows + impl::jad_host_rows - 1) / impl::jad_host_rows;
    g.blocks = step.diagonals();
    g.rows = s.stats.rows;
    g.nnz = s.stats.nnz;
    std::ostringstream d;
    d << "JAD: rows sorted by length, " << step.diagonals() << " jagged diagonals, " << step.bytes() << " bytes";
    g.detail = d.str();
    s.groups.push_back(g);
    return step;
  }
};

}  // namespace aspmv::kernels
