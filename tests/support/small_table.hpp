#pragma once
// This build's architecture table with tiny thresholds, so that small test
// matrices reach every path: long rows (T_LONG), rows split over several
// teams, CSR-VectorL, CSR-Stream with and without logarithmic reduction,
// merge-path carries across many threads.

#include <aspmv/arch_table.hpp>

#include <cstdint>
#include <limits>

namespace aspmv::testing {

inline ArchTable small_table() {
  ArchTable t = arch_table();
  auto& p = t.parameters;
  p.t_long = 24;
  p.long_row_split_nnz = 40;
  p.teams_per_compute_unit = 2;
  p.adaptive_nnz_per_wg = {32, 32};
  p.adaptive_num_rows_stream = {2, 2};
  p.adaptive_nnz_multiplier = {2, 2};
  p.adaptive_device_build_min_rows = 1000;  // matrices above it build rowBlocks on the device
  p.merge_items_per_thread = {5, 5};
  p.host_rows_per_chunk = 3;
  return t;
}

// This build's table with the handle's "T" scattering up to `limit`
// nonzeros per column (0: always A^T).
inline ArchTable transpose_table(std::int64_t limit) {
  ArchTable t = arch_table();
  t.parameters.transpose_scatter_max_column_nnz = limit;
  return t;
}
inline constexpr std::int64_t always_scatter = std::numeric_limits<std::int64_t>::max();

}  // namespace aspmv::testing
