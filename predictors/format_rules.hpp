#pragma once
// The rule that lets a plan convert A to DIA where no format model prices
// DIA (a table without format_time and format_conversion or without a `dia`
// class in them, the rules selector, an untrained table), on CPUs. Only with
// PlanOptions::allow_conversion; build_plan tries the rule's DIA before the
// format models' formats, and the plan's automatic kernel choice stands
// wherever none is proposed or every conversion is refused.
//
// DIA stores every diagonal holding an entry whole: `fill` slots a nonzero
// (slots / nnz, >= 1), 8 (double) or 4 (float) bytes a slot and at most one
// mask bit, no column index and no row offset. A CSR call reads value +
// 4-byte index a nonzero and 4 bytes a row. The rule bounds the fill at which
// the bytes a call saves, over the expected calls, pay for the conversion,
// counted as dia_rule_conversion_calls calls of CSR:
//     calls x (1 - dia_bytes(fill) / csr_bytes) >= dia_rule_conversion_calls,
// and lets DiaStep's guard refuse A above that fill (its count of the
// diagonals is the conversion's first pass, one read of the column indices).
// Bytes understate what DIA gains on a CPU core: on one core of the 2-core
// build machine (Xeon, AVX-512; `aspmv bench`, 2026-12-04) csr_scalar ran at
// 11-16 GB/s and DIA at 17-39 GB/s (27-point stencil 100^3 1.59x, 7-point
// 100^3 2.74x, 5-point 1000^2 3.54x, 27-point 40^3 1.39x).
//
// Small matrices stay on CSR: below dia_rule_min_nnz_per_thread nonzeros a
// thread every kernel waits on the fork and join (4.6 us at 16 threads on
// the 16-core host, docs/PERF.md), and on the real corpus' small grids
// (16-core host, 2026-12-03) DIA was 0.77-1.07x the best CSR kernel.

#include <aspmv/feature_set.hpp>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>

namespace aspmv::predictors {

// The conversion's cost in CSR calls on the matrix: 7-24 measured on the
// build machine (OMP 1 and 2 threads, stencils of 1.6M-26M nonzeros,
// 2026-12-04; docs/PERF.md "CPUs: DIA by rule ..."), 30 to stay on the safe side.
inline constexpr double dia_rule_conversion_calls = 30.0;
inline constexpr std::int64_t dia_rule_min_nnz_per_thread = 16384;

struct DiaRule {
  bool try_dia = false;
  double max_fill = 0;  // the fill up to which DIA pays (<= the caller's max_dia_fill)
  std::string why;      // the reason, either way
};

// known: rows, nnz (no pass over A). threads: the CPU threads the apply gets.
// value_bytes: 4 or 8. guard_fill: PlanOptions::max_dia_fill.
inline DiaRule dia_by_rule(const RowStats& known, std::int64_t expected_calls, std::int64_t threads,
                           std::int64_t value_bytes, double guard_fill) {
  DiaRule r;
  std::ostringstream why;
  const std::int64_t floor = dia_rule_min_nnz_per_thread * std::max<std::int64_t>(threads, 1);
  if (known.rows <= 0 || known.nnz <= 0) {
    r.why = "DIA rule: no nonzeros";
    return r;
  }
  if (known.nnz < floor) {
    why << "DIA rule: " << known.nnz << " nonzeros < " << floor << " (" << dia_rule_min_nnz_per_thread << " a thread x "
        << threads << ")";
    r.why = why.str();
    return r;
  }
  const auto calls = double(expected_calls);
  const double keep = 1.0 - dia_rule_conversion_calls / std::max(calls, 1.0);  // dia / csr bytes that pays
  const auto nnz = double(known.nnz);
  const auto rows = double(known.rows);
  const auto v = double(value_bytes);
  const double csr_bytes = nnz * (v + 4.0) + 4.0 * (rows + 1.0);
  const double fill = std::min(guard_fill, keep * csr_bytes / (nnz * (v + 1.0 / 8.0)));
  if (fill < 1.0) {
    why << "DIA rule: over " << expected_calls << " calls no diagonal layout pays for the conversion ("
        << dia_rule_conversion_calls << " calls)";
    r.why = why.str();
    return r;
  }
  r.try_dia = true;
  r.max_fill = fill;
  why << "DIA rule: pays over " << expected_calls << " calls up to " << fill << " slots a nonzero";
  r.why = why.str();
  return r;
}

}  // namespace aspmv::predictors
