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

// The hardware facts the device features divide by: the architecture
// table's (predictors/arch_table_data.hpp's ArchHardware) and the size of a
// value (sizeof(Value): 8 for double, 4 for float). The collector's run.json
// `device` and `precision` give the same facts to the trainer. 0: unknown
// (the device features that divide by it are then 0).
struct DeviceFacts {
  std::int64_t compute_units = 0;   // SMs, CUs or cores
  std::int64_t simd_width = 0;      // warp or wavefront width, 1 on CPUs
  std::int64_t l2_cache_bytes = 0;  // last-level shared cache
  std::int64_t value_bytes = 0;     // sizeof(Value)
};

// Every feature of the papers, with the time each gathered group took.
struct MatrixFeatures {
  RowStats stats;                 // known (m, n, nnz) + gathered row statistics
  RowLengthShape shape;           // gathered: mode, median
  ColumnStructure columns;        // gathered: gaps, bandwidth
  double time_row_stats = 0;      // seconds, device
  double time_row_histogram = 0;  // seconds, device
  double time_columns = 0;        // seconds, device
  DeviceFacts device;             // the device the features are taken against (device features below)
  double collection_time() const { return time_row_stats + time_row_histogram + time_columns; }

  // Seer's gathered features: row density = row length / n.
  double density_min() const { return stats.cols > 0 ? double(stats.min) / double(stats.cols) : 0.0; }
  double density_max() const { return stats.cols > 0 ? double(stats.max) / double(stats.cols) : 0.0; }
  double density_mean() const { return stats.cols > 0 ? stats.mean / double(stats.cols) : 0.0; }
  double density_var() const { return stats.cols > 0 ? stats.var / (double(stats.cols) * double(stats.cols)) : 0.0; }
  // Lehnert's dispersion: standard deviation of the row lengths.
  double dispersion() const { return std::sqrt(stats.var); }

  // Device features (issue 20): the matrix against the device it runs on, in
  // double, each one operation order that predictors/train/aspmv_train
  // (features.py, evaluate.py) repeats bit for bit. Known: from m, n, nnz.
  double rows_per_cu() const {  // rows / compute units
    return device.compute_units > 0 ? double(stats.rows) / double(device.compute_units) : 0.0;
  }
  double nnz_per_cu() const {  // nnz / compute units
    return device.compute_units > 0 ? double(stats.nnz) / double(device.compute_units) : 0.0;
  }
  double x_l2_ratio() const {  // x's footprint against L2: (cols * value bytes) / L2 bytes
    return device.l2_cache_bytes > 0 ? double(stats.cols) * double(device.value_bytes) / double(device.l2_cache_bytes)
                                     : 0.0;
  }
  double mean_per_simd() const {  // (nnz / rows) / SIMD width
    return device.simd_width > 0 ? stats.mean / double(device.simd_width) : 0.0;
  }
  // Row statistics: the longest row against one compute unit's fair share of
  // the work, (max * compute units) / nnz; and against the SIMD width.
  double max_cu_share() const {
    return stats.nnz > 0 ? double(stats.max) * double(device.compute_units) / double(stats.nnz) : 0.0;
  }
  double max_per_simd() const { return device.simd_width > 0 ? double(stats.max) / double(device.simd_width) : 0.0; }
};

}  // namespace aspmv
