#pragma once
// The drop-in call's choice (aspmv::spmv, no plan): the known-feature model
// kernel_known of the active model table (m, n, nnz only; no pass over the
// matrix), restricted to the kernels that launch without device arrays;
// where it does not apply, the rule (predictors::choose_direct_kernel).
//
// The answer for the last (table, m, n, nnz) is kept per thread and per
// execution space, so a solver calling spmv on one matrix every iteration
// evaluates the model once; nothing is allocated either way.

#include <aspmv/feature_set.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/kernel_rules.hpp>
#include <predictors/model_choice.hpp>

#include <cstdint>

namespace aspmv::planner {

// The choice for a matrix with known features `known`, without the cache.
template <class ExecSpace>
predictors::DirectChoice choose_direct(const RowStats& known, const predictors::ModelTable& models,
                                       const predictors::ArchTableData& arch) {
  using Traits = backends::Traits<ExecSpace>;
  const auto rule = predictors::choose_direct_kernel(known, Traits::is_gpu, Traits::max_tpr);
  const auto* m = models.find(predictors::ModelName::kernel_known);
  if (m == nullptr || known.rows == 0 || known.nnz == 0 ||
      !predictors::table_applies(models, Traits::is_gpu, arch.backend))
    return rule;
  const char* label = predictors::class_label(*m, predictors::predict(*m, predictors::features_of(known)));
  try {
    const auto k = predictors::parse_kernel_label(label);
    if (!kernel_traits(k.kernel).direct) return rule;
    int tpr = k.tpr > 0 ? k.tpr : rule.tpr;
    if (tpr > Traits::max_tpr) tpr = Traits::max_tpr;
    return {k.kernel, tpr, "model kernel_known"};
  } catch (const Error&) {
    return rule;  // a label this build cannot run
  }
}

// The choice for matrix `a`, cached per thread (see above).
template <class ExecSpace, class Matrix>
predictors::DirectChoice direct_choice(const Matrix& a, const predictors::ArchTableData& arch) {
  struct Last {
    const predictors::ModelTable* table = nullptr;
    std::int64_t rows = -1, cols = -1, nnz = -1;
    predictors::DirectChoice choice{Kernel::automatic, 0, ""};
  };
  thread_local Last last;
  const predictors::ModelTable& models = predictors::active_model_table();
  const std::int64_t rows = a.num_rows(), cols = a.num_cols(), nnz = a.nnz();
  if (last.table == &models && last.rows == rows && last.cols == cols && last.nnz == nnz) return last.choice;
  RowStats known;
  known.rows = rows;
  known.cols = cols;
  known.nnz = nnz;
  known.mean = rows > 0 ? double(nnz) / double(rows) : 0.0;
  last.choice = choose_direct<ExecSpace>(known, models, arch);
  last.table = &models;
  last.rows = rows;
  last.cols = cols;
  last.nnz = nnz;
  return last.choice;
}

}  // namespace aspmv::planner
