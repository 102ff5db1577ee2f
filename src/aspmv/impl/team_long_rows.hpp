#pragma once
// Rows too long for one thread of a CSR-multivector team (skewed matrices:
// one 2,000-entry row among rows of 7 would keep one thread busy while the
// rest of the GPU idles). Each thread of a team first does its own rows,
// skipping the long ones and marking that it did in team scratch; after one
// barrier the whole team takes the block's long rows one at a time: every
// lane of every thread strides over the row's entries with one partial sum
// per column of a pass of long_row_columns columns, the lanes' sums are
// combined by one vector reduction per thread, and the threads' sums are
// added in thread order through team scratch (deterministic for a launch
// shape). No allocation: the scratch is the team's level-0 scratch.

#include <aspmv/impl/thread_rows.hpp>
#include <backends/kokkos_compat.hpp>

#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>

namespace aspmv::impl {

// Columns one pass over a long row serves (sums held per lane).
constexpr int long_row_columns = 8;

// A long-row length that no row exceeds: the team pass is off.
constexpr std::int64_t no_long_rows = std::numeric_limits<std::int64_t>::max();

// A row's partial sums for W columns, summed across lanes by Kokkos::Sum.
template <class Value, int W>
struct ColumnSums {
  Value v[W];
  KOKKOS_INLINE_FUNCTION ColumnSums() {
    for (int c = 0; c < W; ++c) v[c] = Value(0);
  }
  KOKKOS_INLINE_FUNCTION ColumnSums& operator+=(const ColumnSums& o) {
    for (int c = 0; c < W; ++c) v[c] += o.v[c];
    return *this;
  }
  KOKKOS_INLINE_FUNCTION void operator+=(const volatile ColumnSums& o) volatile {  // Kokkos 3.4 (kokkos_compat.hpp)
    for (int c = 0; c < W; ++c) backends::volatile_add(v[c], o.v[c]);
  }
};

}  // namespace aspmv::impl

namespace Kokkos {
template <class Value, int W>
struct reduction_identity<aspmv::impl::ColumnSums<Value, W>> {
  KOKKOS_FORCEINLINE_FUNCTION static aspmv::impl::ColumnSums<Value, W> sum() {
    return aspmv::impl::ColumnSums<Value, W>();
  }
};
}  // namespace Kokkos

namespace aspmv::impl {

// The team scratch of the long-row pass: one flag per thread (it skipped a
// long row) and one partial sum per thread and column of a pass.
template <class Value, class ScratchSpace>
struct LongRowScratch {
  using Flags = Kokkos::View<int*, ScratchSpace, Kokkos::MemoryUnmanaged>;
  using Partials = Kokkos::View<Value**, ScratchSpace, Kokkos::MemoryUnmanaged>;

  static std::size_t bytes(int team_size) {
    return Flags::shmem_size(team_size) + Partials::shmem_size(team_size, long_row_columns);
  }
};

// What a CSR-multivector launch reads and writes: A, X and Y, the chunk of
// columns, the rows of a thread and of a team, and the long-row length.
template <class Matrix, class XView, class YView>
struct MultivectorArgs {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  typename Matrix::offsets_view offsets;
  typename Matrix::indices_view cols;
  typename Matrix::values_view vals;
  XView x;
  YView y;
  Value alpha, beta;
  std::int64_t num_rows, rows_per_team, rows_per_thread;
  std::int64_t first_column;  // the chunk's columns: first_column .. first_column + width - 1
  int width;
  std::int64_t long_row;  // rows with more entries than this are the team's (no_long_rows: none)

  KOKKOS_INLINE_FUNCTION bool is_long(std::int64_t row) const {
    return static_cast<std::int64_t>(offsets(row + 1) - offsets(row)) > long_row;
  }

  KOKKOS_INLINE_FUNCTION void store(std::int64_t row, std::int64_t k, Value sum) const {
    y(row, k) = beta == Value(0) ? alpha * sum : alpha * sum + beta * y(row, k);
  }
};

// Columns c0 .. c0 + long_row_columns - 1 of the chunk for one long row, by
// every lane of the team (`lanes` a thread).
template <class Member, class Args, class Partials>
KOKKOS_INLINE_FUNCTION void sum_long_row(const Member& team, const Args& g, int lanes, const Partials& partials,
                                         std::int64_t row, int c0) {
  using Value = typename Args::Value;
  using Offset = typename Args::Offset;
  using Sums = ColumnSums<Value, long_row_columns>;
  const Offset begin = g.offsets(row), end = g.offsets(row + 1);
  const Offset stride = static_cast<Offset>(team.team_size()) * static_cast<Offset>(lanes);
  const Offset start = begin + static_cast<Offset>(team.team_rank()) * static_cast<Offset>(lanes);
  const int pass = g.width - c0 < long_row_columns ? g.width - c0 : long_row_columns;
  Sums sums;
  Kokkos::parallel_reduce(
      Kokkos::ThreadVectorRange(team, lanes),
      [&](const int lane, Sums& s) {
        for (Offset j = start + static_cast<Offset>(lane); j < end; j += stride) {
          const Value a = g.vals(j);
          const auto col = g.cols(j);
          for (int c = 0; c < long_row_columns; ++c)
            if (c < pass) s.v[c] += a * g.x(col, g.first_column + c0 + c);
        }
      },
      Kokkos::Sum<Sums>(sums));
  Kokkos::single(Kokkos::PerThread(team), [&]() {
    for (int c = 0; c < long_row_columns; ++c) partials(team.team_rank(), c) = sums.v[c];
  });
  team.team_barrier();
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, pass), [&](const int c) {
    Kokkos::single(Kokkos::PerThread(team), [&]() {
      Value sum = 0;
      for (int t = 0; t < team.team_size(); ++t) sum += partials(t, c);
      g.store(row, g.first_column + c0 + c, sum);
    });
  });
  team.team_barrier();
}

// After the threads' own rows: `skipped` says whether the calling thread
// left a long row. Every thread of the team calls this (it has barriers).
template <class Member, class Args>
KOKKOS_INLINE_FUNCTION void long_rows_by_team(const Member& team, bool skipped, int lanes, const Args& g) {
  using Scratch = LongRowScratch<typename Args::Value, typename Member::scratch_memory_space>;
  const typename Scratch::Flags flags(team.team_scratch(0), team.team_size());
  const typename Scratch::Partials partials(team.team_scratch(0), team.team_size(), long_row_columns);
  Kokkos::single(Kokkos::PerThread(team), [&]() { flags(team.team_rank()) = skipped ? 1 : 0; });
  team.team_barrier();
  for (int t = 0; t < team.team_size(); ++t) {
    if (flags(t) == 0) continue;
    const RowRange rows = thread_rows(team.league_rank(), t, g.rows_per_team, g.rows_per_thread, g.num_rows);
    for (std::int64_t row = rows.first; row < rows.last; ++row)
      if (g.is_long(row))
        for (int c0 = 0; c0 < g.width; c0 += long_row_columns) sum_long_row(team, g, lanes, partials, row, c0);
  }
}

}  // namespace aspmv::impl
