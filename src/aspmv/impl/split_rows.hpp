#pragma once
// Rows whose nonzeros are split over several teams (Gao long rows above the
// split length, CSR-Adaptive's CSR-VectorL, merge-path carries) combine their
// partial sums in one of two ways:
//  - atomics: y(row) is scaled by beta exactly once by a prescale dispatch
//    before the teams run, then each team atomically adds alpha * partial;
//  - deterministic: each team writes its partial to a workspace slot, and a
//    finalize dispatch sums a row's slots in order and writes the row.
// A SplitRow names the row and its contiguous range of workspace slots.

#include <aspmv/impl/kernel_types.hpp>
#include <aspmv/impl/policies.hpp>
#include <aspmv/impl/scale.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>

namespace aspmv::impl {

struct SplitRow {
  std::int32_t row;
  std::int64_t slot_begin;
  std::int64_t slot_end;
};
KOKKOS_INLINE_FUNCTION std::int64_t row_of(const SplitRow& s) { return s.row; }

template <class SplitRows, class Partials, class YView, class Value>
struct FinalizeSplitRows {
  SplitRows rows;
  Partials partials;
  YView y;
  Value alpha, beta;
  KOKKOS_FUNCTION void operator()(const std::int64_t i) const {
    const SplitRow s = rows(i);
    Value sum = 0;
    for (auto k = s.slot_begin; k < s.slot_end; ++k) sum += partials(k);
    write_row(y, s.row, alpha, sum, beta);
  }
};

template <class ExecSpace, class SplitRows, class YView, class Value>
void prescale_split_rows(const ExecSpace& exec, const SplitRows& rows, const YView& y, Value beta) {
  scale_listed_rows("aspmv::spmv::split_rows_prescale", exec, rows, y, beta);
}

template <class ExecSpace, class SplitRows, class Partials, class YView, class Value>
void finalize_split_rows(const ExecSpace& exec, const SplitRows& rows, const Partials& partials, const YView& y,
                         Value alpha, Value beta) {
  if (rows.extent(0) == 0) return;
  Kokkos::parallel_for("aspmv::spmv::split_rows_finalize",
                       RangePolicy<ExecSpace>(exec, 0, static_cast<std::int64_t>(rows.extent(0))),
                       FinalizeSplitRows<SplitRows, Partials, YView, Value>{rows, partials, y, alpha, beta});
}

}  // namespace aspmv::impl
