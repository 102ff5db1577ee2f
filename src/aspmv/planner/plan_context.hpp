#pragma once
// What a kernel's planner gets from make_plan: the matrix, the options, the
// architecture table, the row statistics (gathered, or the known m, n, nnz
// only), and the row offsets on the host, copied once on first request.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/plan_options.hpp>
#include <backends/traits.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/model_choice.hpp>
#include <predictors/tpr_rules.hpp>

#include <aspmv/error.hpp>

#include <Kokkos_Core.hpp>

#include <cstdint>
#include <limits>

#include <string>
#include <utility>
#include <vector>

namespace aspmv::planner {

// Kernels step through a row several loads ahead of the bounds test (unrolled
// loops, staging), in the offset type: 32-bit offsets need that much room
// below their largest value.
inline constexpr std::int64_t offset_headroom = std::int64_t(1) << 16;

template <class Matrix>
void check_offset_headroom(const Matrix& a, const char* call) {
  using Offset = typename Matrix::offset_type;
  if (sizeof(Offset) < 8 && a.nnz() > static_cast<std::int64_t>(std::numeric_limits<Offset>::max()) - offset_headroom)
    throw Error(std::string(call) + ": " + std::to_string(a.nnz()) + " nonzeros with " +
                std::to_string(8 * sizeof(Offset)) + "-bit offsets leave less than " + std::to_string(offset_headroom) +
                " of headroom below the largest offset; use 64-bit offsets");
}

// Kokkos 3.4 takes league sizes as int.
inline int checked_league(std::int64_t teams, const char* what) {
  if (teams > std::numeric_limits<int>::max())
    throw Error(std::string("aspmv::make_plan: ") + what + " needs " + std::to_string(teams) +
                " teams, more than a Kokkos league holds (2^31 - 1)");
  return static_cast<int>(teams);
}

// How threads per row are chosen where the options do not force them:
// the kernel model's label may fix it for the whole matrix; else the TpR
// models (tpr_global for the whole matrix, from gathered statistics;
// tpr_block for Gao's blocks); else the options' rule.
struct TprSelection {
  int from_label = 0;                               // 0: the kernel's label did not fix it
  std::string label_model;                          // the model whose label fixed it
  const predictors::Model* matrix_model = nullptr;  // tpr_global, when it applies
  const predictors::Model* block_model = nullptr;   // tpr_block, when it applies
};

template <class ExecSpace, class Matrix>
class PlanContext {
 public:
  using execution_space = ExecSpace;
  using matrix_type = Matrix;
  using Offset = typename Matrix::offset_type;
  using Traits = backends::Traits<ExecSpace>;

  PlanContext(const ExecSpace& exec, const Matrix& a, const PlanOptions& options,
              const predictors::ArchTableData& table, const RowStats& stats, TprSelection tpr = {})
      : exec(exec),
        a(a),
        options(options),
        table(table),
        params(table.parameters),
        stats(stats),
        tpr_(std::move(tpr)) {}

  const ExecSpace& exec;
  const Matrix& a;
  const PlanOptions& options;
  const predictors::ArchTableData& table;
  const predictors::KernelParameters& params;
  const RowStats& stats;

  // The device facts the models' device features read (the arch table's hardware, this value size).
  DeviceFacts device_facts() const {
    return predictors::device_facts(table.hardware, sizeof(typename Matrix::value_type));
  }

  // Threads per row for the whole matrix (statistics `s`): forced by the
  // options, else the kernel label's, else tpr_global, else the rule.
  int tpr_for_matrix(const RowStats& s) const {
    if (options.threads_per_row > 0) return options.threads_per_row;
    if (tpr_.from_label > 0) return tpr_.from_label;
    if (tpr_.matrix_model != nullptr)
      return predictors::tpr_by_model(*tpr_.matrix_model, s, Traits::max_tpr, device_facts());
    return predictors::tpr_by_rule(options.tpr_rule, s, Traits::max_tpr);
  }
  std::string tpr_source_matrix() const {
    if (options.threads_per_row > 0) return "TpR forced";
    if (tpr_.from_label > 0) return "TpR by model " + tpr_.label_model;
    if (tpr_.matrix_model != nullptr)
      return std::string("TpR by model tpr_global (") + tpr_.matrix_model->algorithm + ")";
    return std::string("TpR by rule ") + predictors::to_string(options.tpr_rule);
  }

  // Threads per row for one block of rows (Gao's short blocks): forced, else
  // tpr_block, else the rule.
  int tpr_for_block(const RowStats& s) const {
    if (options.threads_per_row > 0) return options.threads_per_row;
    if (tpr_.block_model != nullptr)
      return predictors::tpr_by_model(*tpr_.block_model, s, Traits::max_tpr, device_facts());
    return predictors::tpr_by_rule(options.tpr_rule, s, Traits::max_tpr);
  }
  std::string tpr_source_block() const {
    if (options.threads_per_row > 0) return "TpR forced";
    if (tpr_.block_model != nullptr) return std::string("TpR by model tpr_block (") + tpr_.block_model->algorithm + ")";
    return std::string("TpR by rule ") + predictors::to_string(options.tpr_rule);
  }

  // The row offsets on the host (one device-to-host copy and a fence, the
  // first time a planner asks).
  const std::vector<Offset>& host_offsets() const {
    if (!host_offsets_fetched_) {
      const auto& d = a.row_offsets();
      host_offsets_.resize(d.extent(0));
      Kokkos::deep_copy(
          exec, Kokkos::View<Offset*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(host_offsets_.data(), d.extent(0)),
          d);
      exec.fence();
      if (host_offsets_.empty()) host_offsets_.push_back(0);  // a 0-row matrix given without offsets
      host_offsets_fetched_ = true;
    }
    return host_offsets_;
  }

 private:
  TprSelection tpr_;
  mutable std::vector<Offset> host_offsets_;
  mutable bool host_offsets_fetched_ = false;
};

}  // namespace aspmv::planner
