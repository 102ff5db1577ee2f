#pragma once
// Whether a plan's matrix loads take the table's cache hint, from how much
// of the L2 the product touches. An evict-first hint (backends/load_hint.hpp)
// keeps the matrix's stream from pushing x and y out of the L2 between calls,
// which pays where the matrix cannot stay there anyway; a matrix that fits
// stays in the L2 between calls with plain loads and is read from there, and
// the hint throws that away (SELL on an H100: the hint 0.57-0.82x as fast on
// matrices of 17-37 MB, 1.01-1.33x faster from 45 MB;
// perf/results/h100/2026-12-07-sell-rows, call 6).

#include <cstdint>

namespace aspmv::impl {

// The hint a plan takes: the table's `table_hint` where the product's
// `footprint` bytes exceed `l2_percent` % of an L2 of `l2_bytes` (a
// percentage of 0 or less: always), else 0 (plain loads). An L2 of unknown
// size (0) keeps plain loads unless the percentage is 0.
inline int footprint_load_hint(int table_hint, std::int64_t footprint, std::int64_t l2_bytes, int l2_percent) {
  if (table_hint == 0) return 0;
  if (l2_percent <= 0) return table_hint;
  return l2_bytes > 0 && 100 * footprint > std::int64_t(l2_percent) * l2_bytes ? table_hint : 0;
}

// Bytes of A in CSR: values and column indices, the row offsets.
template <class Matrix>
std::int64_t csr_bytes(const Matrix& a) {
  using Value = typename Matrix::value_type;
  using Ordinal = typename Matrix::ordinal_type;
  using Offset = typename Matrix::offset_type;
  return a.nnz() * std::int64_t(sizeof(Value) + sizeof(Ordinal)) +
         (std::int64_t(a.num_rows()) + 1) * std::int64_t(sizeof(Offset));
}

// The bytes a CSR product touches once (docs/METRICS.md's effective-bandwidth
// bytes without beta's read of y): A in CSR, x and y.
template <class Matrix>
std::int64_t csr_footprint_bytes(const Matrix& a) {
  using Value = typename Matrix::value_type;
  return csr_bytes(a) + (std::int64_t(a.num_cols()) + a.num_rows()) * std::int64_t(sizeof(Value));
}

}  // namespace aspmv::impl
