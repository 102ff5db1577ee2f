#pragma once
// What a plan decided and why, as data (for tools and reports) and as text
// (Plan::describe()).

#include <aspmv/feature_set.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/mode.hpp>
#include <aspmv/partition.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace aspmv {

// Which rows a dispatch group covers.
enum class GroupRole {
  all_rows,    // the kernel's one group
  short_rows,  // Gao's short-row blocks of one TpR
  long_rows,   // Gao's long rows, a team (or several) per row
};

inline const char* to_string(GroupRole r) {
  switch (r) {
    case GroupRole::all_rows: return "all_rows";
    case GroupRole::short_rows: return "short_rows";
    case GroupRole::long_rows: return "long_rows";
  }
  return "unknown";
}

// One dispatch group of a plan.
struct GroupSummary {
  Kernel kernel = Kernel::automatic;  // the kernel whose planner made the group
  GroupRole role = GroupRole::all_rows;
  int tpr = 0;              // threads per row (vector length); 0 where not applicable
  int team_size = 0;        // threads (rows for CSR-vector) per team
  std::int64_t teams = 0;   // league size
  std::int64_t blocks = 0;  // row blocks, segments or rowBlocks entries in the group
  std::int64_t rows = 0;
  std::int64_t nnz = 0;
  std::string detail;  // free text: rule used, split rows, build time

  // "csr_vector<8>", "gao_partitioned:short_rows<4>", "csr_adaptive", ...
  std::string label() const;
};

// One trained model's answer, as Plan::describe() shows it.
struct RankedLabel {
  std::string label;
  double value = 0;  // probability, or (regret models) expected time / best time
};

struct ModelVerdict {
  std::string model;                // "gather", "kernel_known", "kernel_gathered", "tpr_global"
  std::string algorithm;            // "xgboost", "lightgbm-regret", ...
  std::string label;                // the class it chose ("gathered", "csr_vector/tpr=8", "4")
  double confidence = 0;            // the chosen class's probability (softmax of summed scores)
  bool regret = false;              // ranked values are expected times relative to the best alternative
  std::vector<RankedLabel> ranked;  // the best-scored classes, best first
  std::string overruled;            // non-empty: the planner did otherwise, and why

  std::string text() const;  // "kernel_gathered (xgboost): csr_adaptive, p 0.83; merge_path 0.1, ..."
};

// The table's runtime model on the plan's matrix (issue 20, item 4): the
// predicted time per call of the plan's kernel configuration and of the
// best-predicted other one. Information for describe(): it does not choose.
struct RuntimeForecast {
  std::string pick;              // the plan's configuration ("csr_vector/tpr=8"); "" when not one of the model's
  double pick_seconds = 0;       // predicted seconds per call of `pick`
  std::string runner_up;         // the best-predicted configuration other than `pick`
  double runner_up_seconds = 0;  // its predicted seconds per call
  bool empty() const { return pick.empty() && runner_up.empty(); }

  std::string text() const;  // "csr_adaptive 12.3 us per call; runner-up merge_path 13.1 us"
};

// What the architecture table's provenance status says of its hardware
// parameters, plainly: "hardware parameters measured", "hardware parameters
// placeholder (not measured)", ... (the kernel and TpR choices come from the
// model table, whatever this says).
std::string hardware_parameters_text(const std::string& arch_status);

struct PlanSummary {
  Kernel kernel = Kernel::automatic;      // the kernel the plan runs
  std::string why;                        // the rule or option that chose it
  RowStats stats;                         // features of the whole matrix
  bool features_gathered = false;         // false: only m, n, nnz were used
  std::vector<PartitionBlock> partition;  // Gao Algorithm 1 blocks (gao_partitioned)
  std::vector<GroupSummary> groups;
  std::string value_type, offset_type, execution_space;
  std::string arch, arch_status;       // the architecture table and its provenance status (hardware parameters)
  std::string model_table;             // "h100 trained (...)": the table asked; "" when no model was
  std::vector<ModelVerdict> verdicts;  // what each model asked answered, in the order asked
  std::string guard;                   // non-empty: a guard replaced the choice, and why (selection_guards.hpp)
  // The runtime model's predicted times, computed when asked (describe()
  // asks; a plan pays nothing for them otherwise): set by make_plan on a
  // gathered plan when the table has a runtime model, else empty.
  std::function<RuntimeForecast()> forecast_runtime;
  RuntimeForecast forecast() const { return forecast_runtime ? forecast_runtime() : RuntimeForecast{}; }
  bool deterministic = false;
  std::int64_t expected_calls = 0;
  Mode mode = Mode::normal;      // transpose: the plan's matrix (stats, groups) is A^T
  double transpose_seconds = 0;  // building A^T (transposed plans)
  double features_seconds = 0;   // gathering features (device reductions)
  double setup_seconds = 0;      // partition, rowBlocks, merge-path starts, device arrays
  double analysis_seconds = 0;   // everything make_plan did

  std::string describe() const;
};

}  // namespace aspmv
