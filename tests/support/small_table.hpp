#pragma once
// This build's architecture table with tiny thresholds, so that small test
// matrices reach every path: long rows (T_LONG), rows split over several
// teams, CSR-VectorL, CSR-Stream with and without logarithmic reduction,
// merge-path carries across many threads.

#include <aspmv/arch_table.hpp>

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

}  // namespace aspmv::testing
