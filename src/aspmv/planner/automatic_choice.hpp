#pragma once
// make_plan's automatic kernel choice, as one function of the known
// features, the tables and the space's facts: whether to gather row
// statistics (the gather model and its insurance), the kernel (the kernel
// models, else the rules), and the guards over both (selection_guards.hpp:
// the skew guard, then the row-lanes guard).
// make_plan passes a device pass over the row offsets as `gather_stats`;
// studies and tests pass a host one and SpaceFacts of a device they do not
// run on, so a GPU's choices are checked on a CPU (tests/unit/test_selection_guards.cpp).

#include <aspmv/feature_set.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/gather_stats.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/model_selection.hpp>
#include <aspmv/planner/selection_guards.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/kernel_rules.hpp>
#include <predictors/model_choice.hpp>

#include <optional>
#include <string>

namespace aspmv::planner {

// On entry s.stats holds the known features (rows, cols, nnz, mean). Sets
// s.kernel, s.why, s.guard, s.verdicts and, where it gathers, s.stats,
// s.features_gathered and s.features_seconds. Returns the kernel model's
// label (its TpR), or nullopt where the rules or a guard chose.
template <class GatherStats>
std::optional<predictors::KernelLabel> choose_automatic(const ModelSelection& models, const SpaceFacts& space,
                                                        const predictors::ArchTableData& table, PlanSummary& s,
                                                        GatherStats&& gather_stats) {
  const auto gather = [&] { gather_row_stats(s, gather_stats); };
  if (models.gather(s.stats, s)) gather();

  std::string why;
  std::optional<predictors::KernelLabel> label = models.kernel(s.stats, s.features_gathered, s, why);
  if (label) {
    s.kernel = label->kernel;
    s.why = why;
  } else {
    const auto choice = predictors::choose_kernel_by_rule(s.stats, s.features_gathered, space.is_gpu, table.parameters);
    s.kernel = choice.kernel;
    s.why = why + choice.why;
  }

  // No catastrophic pick: a row-bound kernel where one row outweighs the
  // evenly spread product gives way to the robust kernel. Where the table
  // says so, a row-bound pick of the known path first gathers the row
  // statistics, so the guard sees the longest row instead of the mean.
  if (!s.features_gathered && models.may_gather() && table.parameters.skew_guard_gather_row_bound == 1 &&
      skew_guard_applies(s.kernel, s.stats, table.parameters))
    gather();
  const auto guard = skew_guard(s.kernel, s.stats, s.features_gathered, space.lanes, table.parameters);
  if (guard.fired) {
    s.guard = guard.why;
    s.kernel = predictors::robust_kernel(space.is_gpu);
    s.why = "skew guard over " + s.why;
    label.reset();
    if (!s.features_gathered && kernel_traits(s.kernel).needs_structure) gather();
  }
  // CPUs whose csr_scalar sums rows in AVX-512 lanes: a CSR-vector pick with
  // TpR > 1 runs csr_scalar.
  const auto lanes = lanes_guard(label ? std::optional<int>(label->tpr) : std::nullopt, s.kernel, s.stats,
                                 space.cpu_avx512_rows, table.parameters);
  if (lanes.fired) {
    s.guard = lanes.why;
    s.kernel = Kernel::csr_scalar;
    s.why = "row-lanes guard over " + s.why;
    label.reset();
  }
  models.forecast(s.stats, s.features_gathered, predictors::kernel_label_text(s.kernel, label ? label->tpr : 0), s);
  return label;
}

}  // namespace aspmv::planner
