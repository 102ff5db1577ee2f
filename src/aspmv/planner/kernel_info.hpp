#pragma once
// What the registry knows of each kernel besides its planner: properties the
// planner, the benchmark, the tests and the reports read (KernelTraits), the
// configurations a benchmark or test runs (KernelConfig), and the
// architecture-table parameters a kernel reads (TableParameter, the keys of
// `aspmv bench --variant`).

#include <aspmv/error.hpp>
#include <aspmv/plan_options.hpp>

#include <string>
#include <vector>

namespace aspmv {

struct KernelTraits {
  bool analysis;               // the plan builds per-matrix device arrays (partition, rowBlocks, path starts)
  bool uses_tpr;               // PlanOptions::threads_per_row applies; configurations are tpr=N
  bool splits_rows;            // some rows are summed by several teams (PlanOptions::deterministic matters)
  bool needs_structure;        // a forced plan gathers row statistics first
  bool direct;                 // launches without a plan: the drop-in aspmv::spmv may run it
  bool row_bound;              // each row is summed by one thread or one vector, never split: the longest row
                               // bounds the time from below (planner/selection_guards.hpp)
  bool copies_values = false;  // the plan holds a converted copy of A's values (another format): after they
                               // change in place, plan.refresh_values(exec); chosen automatically only with
                               // PlanOptions::allow_conversion
};

// One configuration of a kernel, as benchmarks and tests name it:
// label "csr_vector<8>", config "tpr=8" (the collector's config column, "-"
// for none), and the options that select it.
struct KernelConfig {
  std::string label;
  std::string config;
  PlanOptions options;
};

// The configurations of a kernel that takes a TpR: one per power of two up to
// max_tpr, labelled "<kernel><TpR>" ("csr_vector<4>", config "tpr=4").
inline std::vector<KernelConfig> tpr_configurations(Kernel k, int max_tpr) {
  std::vector<KernelConfig> c;
  for (int tpr = 1; tpr <= max_tpr; tpr *= 2) {
    PlanOptions o;
    o.kernel = k;
    o.threads_per_row = tpr;
    c.push_back({std::string(to_string(k)) + "<" + std::to_string(tpr) + ">", "tpr=" + std::to_string(tpr), o});
  }
  return c;
}

// The architecture-table parameters kernels read (bench variants' keys).
#define ASPMV_TABLE_PARAMETERS(X) \
  X(team_threads)                 \
  X(host_rows_per_chunk)          \
  X(host_shares)                  \
  X(host_simd)                    \
  X(host_sums)                    \
  X(t_long)                       \
  X(teams_per_cu)                 \
  X(long_row_split)               \
  X(tpr)                          \
  X(nnz_per_wg)                   \
  X(num_rows_stream)              \
  X(nnz_multiplier)               \
  X(workgroup_threads)            \
  X(stage_unroll)                 \
  X(merge_items)                  \
  X(sell_c)                       \
  X(sell_sigma)                   \
  X(sell_lanes)                   \
  X(sell_row_lanes)               \
  X(dia_rows)                     \
  X(tile_mma)                     \
  X(lrb_one_launch)               \
  X(lrb_long_row)                 \
  X(lrb_piece)                    \
  X(vector_load)                  \
  X(chunk_row_lanes)              \
  X(chunk_overlap)                \
  X(sell_load)                    \
  X(sell_load_l2_percent)         \
  X(chunk_load)                   \
  X(chunk_load_l2_percent)        \
  X(vector_load_l2_percent)       \
  X(split_lane_entries)           \
  X(split_medium_passes)          \
  X(split_chunk)                  \
  X(split_warp_rows)              \
  X(split_chunk_floor)            \
  X(split_fill_percent)           \
  X(direct_launch)                \
  X(host_thread_nnz)              \
  X(vector_range)

#define ASPMV_TABLE_PARAMETER_ENUMERATOR(name) name,
enum class TableParameter { ASPMV_TABLE_PARAMETERS(ASPMV_TABLE_PARAMETER_ENUMERATOR) };
#undef ASPMV_TABLE_PARAMETER_ENUMERATOR

#define ASPMV_TABLE_PARAMETER_VALUE(name) TableParameter::name,
inline constexpr TableParameter all_table_parameters[] = {ASPMV_TABLE_PARAMETERS(ASPMV_TABLE_PARAMETER_VALUE)};
#undef ASPMV_TABLE_PARAMETER_VALUE

inline const char* to_string(TableParameter p) {
#define ASPMV_TABLE_PARAMETER_CASE(name) \
  case TableParameter::name: return #name;
  switch (p) { ASPMV_TABLE_PARAMETERS(ASPMV_TABLE_PARAMETER_CASE) }
#undef ASPMV_TABLE_PARAMETER_CASE
  return "unknown";
}

inline TableParameter parse_table_parameter(const std::string& name) {
  std::string known;
  for (const auto p : all_table_parameters) {
    if (name == to_string(p)) return p;
    known += (known.empty() ? "" : ", ") + std::string(to_string(p));
  }
  throw Error("aspmv::parse_table_parameter: unknown parameter '" + name + "' (" + known + ")");
}

}  // namespace aspmv
