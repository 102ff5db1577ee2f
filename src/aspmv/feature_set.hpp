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
  std::int64_t min = 0;  // shortest row
  std::int64_t max = 0;  // longest row
  double mean = 0;       // nnz / m
  double var = 0;        // population variance of the row lengths

  // Gao Table 2's derived features.
  double density() const { return rows > 0 && cols > 0 ? double(nnz) / (double(rows) * double(cols)) : 0.0; }
  double max_minus_mean() const { return double(max) - mean; }
  double sqrt_mean() const { return std::sqrt(mean); }
  // Gao's "cov": the coefficient of variation of the row lengths, std / mean.
  double cov() const { return mean > 0 ? std::sqrt(var) / mean : 0.0; }
};

// Row-length distribution shape (Lehnert Table 1): most frequent and median
// row length. The median is the lower median: the length at position
// floor((m - 1) / 2) of the sorted row lengths.
struct RowLengthShape {
  std::int64_t mode = 0;
  std::int64_t median = 0;
};

// Column structure (Lehnert Table 1). Gaps are between consecutive stored
// column indices of a row (|c[k+1] - c[k]|; rows with fewer than 2 entries
// have none): min_dist / max_dist are the smallest / largest gap over all
// rows (0 when no row has a gap). bandwidth = max |col - row| over all entries.
struct ColumnStructure {
  std::int64_t min_dist = 0;
  std::int64_t max_dist = 0;
  std::int64_t bandwidth = 0;
};

// Every feature of the papers, with the time each gathered group took.
struct MatrixFeatures {
  RowStats stats;                 // known (m, n, nnz) + gathered row statistics
  RowLengthShape shape;           // gathered: mode, median
  ColumnStructure columns;        // gathered: gaps, bandwidth
  double time_row_stats = 0;      // seconds, device
  double time_row_histogram = 0;  // seconds, device
  double time_columns = 0;        // seconds, device
  double collection_time() const { return time_row_stats + time_row_histogram + time_columns; }

  // Seer's gathered features: row density = row length / n.
  double density_min() const { return stats.cols > 0 ? double(stats.min) / double(stats.cols) : 0.0; }
  double density_max() const { return stats.cols > 0 ? double(stats.max) / double(stats.cols) : 0.0; }
  double density_mean() const { return stats.cols > 0 ? stats.mean / double(stats.cols) : 0.0; }
  double density_var() const { return stats.cols > 0 ? stats.var / (double(stats.cols) * double(stats.cols)) : 0.0; }
  // Lehnert's dispersion: standard deviation of the row lengths.
  double dispersion() const { return std::sqrt(stats.var); }
};

}  // namespace aspmv
