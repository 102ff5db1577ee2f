#pragma once
// The architecture table compiled into this build (chosen by the CMake
// preset through ASPMV_ARCH) and a readable description of it.

#include <aspmv/generated/arch_table.hpp>
#include <predictors/arch_table_data.hpp>

#include <sstream>
#include <string>

namespace aspmv {

using ArchTable = predictors::ArchTableData;

inline const ArchTable& arch_table() { return predictors::generated::compiled_arch_table; }

namespace detail {
// "3350 GB/s", or `otherwise` for the 0 a table writes for a value it does not know.
inline std::string gbs_or(double gbs, const char* otherwise) {
  if (!(gbs > 0)) return otherwise;
  std::ostringstream o;
  o << gbs << " GB/s";
  return o.str();
}
}  // namespace detail

// "h100 (placeholder): Placeholder: hardware facts ..." - one line per fact.
inline std::string describe(const ArchTable& t) {
  using detail::gbs_or;
  std::ostringstream o;
  o << "architecture table: " << t.arch << " - " << t.description << "\n"
    << "  hardware parameters: " << t.provenance.status << (t.model_only ? " (model-only table)" : "") << "\n"
    << "  provenance: " << t.provenance.summary << "\n"
    << "  source: " << t.provenance.source_file << " (sha256 " << std::string(t.provenance.source_sha256).substr(0, 12)
    << ")\n"
    << "  hardware: " << t.hardware.vendor << ", " << t.hardware.compute_units << " compute units, SIMD width "
    << t.hardware.simd_width << ", L2 " << t.hardware.l2_cache_bytes / 1024 << " KiB, datasheet bandwidth "
    << gbs_or(t.hardware.datasheet_bandwidth_gbs, "unknown (not in the table)") << ", measured copy bandwidth "
    << gbs_or(t.hardware.measured_copy_bandwidth_gbs, "not measured") << "\n";
  const auto& p = t.parameters;
  o << "  parameters: team_threads " << p.team_threads << ", T_LONG " << p.t_long << ", teams/CU "
    << p.teams_per_compute_unit << ", long-row split " << p.long_row_split_nnz << ", NNZ_PER_WG "
    << p.adaptive_nnz_per_wg.float_value << "/" << p.adaptive_nnz_per_wg.double_value << " (float/double)"
    << ", num_rows_stream " << p.adaptive_num_rows_stream.float_value << "/" << p.adaptive_num_rows_stream.double_value
    << ", NNZ_multiplier " << p.adaptive_nnz_multiplier.float_value << "/" << p.adaptive_nnz_multiplier.double_value
    << ", merge items/thread " << p.merge_items_per_thread.float_value << "/" << p.merge_items_per_thread.double_value
    << ", handle \"T\": ";
  if (p.transpose_scatter_max_column_nnz > 0)
    o << "scatter up to " << p.transpose_scatter_max_column_nnz << " nonzeros per column, else A^T";
  else
    o << "A^T";
  return o.str();
}

}  // namespace aspmv
