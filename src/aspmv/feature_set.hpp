#pragma once
// Definitions of the matrix features the predictors read. Plain data, no
// Kokkos: predictors/ may include this and nothing else from src/.
// Each derived feature is defined once, here.

#include <cmath>
#include <cstdint>

namespace aspmv {

// Row-length statistics of a CSR matrix (or of one block of its rows).
// m, n and nnz are "known" features (free); the rest are "gathered" (one
// pass over the row offsets).
struct RowStats {
  std::int64_t rows = 0;  // m
  std::int64_t cols = 0;  // n
  std::int64_t nnz = 0;
  std::int64_t min = 0;   // shortest row
  std::int64_t max = 0;   // longest row
  double mean = 0;        // nnz / m
  double var = 0;         // population variance of the row lengths

  // Gao Table 2's derived features.
  double density() const { return rows > 0 && cols > 0 ? double(nnz) / (double(rows) * double(cols)) : 0.0; }
  double max_minus_mean() const { return double(max) - mean; }
  double sqrt_mean() const { return std::sqrt(mean); }
  // Gao's "cov": the coefficient of variation of the row lengths, std / mean.
  double cov() const { return mean > 0 ? std::sqrt(var) / mean : 0.0; }
};

}  // namespace aspmv
