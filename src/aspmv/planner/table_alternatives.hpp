#pragma once
// The alternatives the build's model table prices (`aspmv rank` without
// strip models, and the candidates of make_tuned_plan): every CSR
// configuration of its `runtime` model (Lehnert's per-configuration
// regressions, one class a kernel and TpR) and every converted format of
// `format_time`, with its predicted conversion from `format_conversion`
// (docs/MODEL_TABLES.md). The models read the matrix's row statistics and the
// architecture table's device facts, as a plan's do.

#include <aspmv/arch_table.hpp>
#include <aspmv/error.hpp>
#include <aspmv/feature_set.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/model_selection.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/model_choice.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aspmv::planner {

struct TableAlternative {
  std::string label;    // "csr_vector/tpr=8", "sell"
  std::string model;    // "runtime" or "format_time"
  PlanOptions options;  // the forced configuration
  double seconds_per_call = 0;
  double conversion_seconds = 0;  // predicted by format_conversion; 0 for the runtime model's rows
};

struct TableAlternatives {
  std::string table;                   // "h200 trained, tuning_data/h200/model.json"
  std::vector<TableAlternative> list;  // in the models' class order
  std::vector<std::string> skipped;    // classes this build or space cannot run, with the reason
  double best_csr_seconds = 0;         // format_time's own "best_csr" class; 0 without format models
};

// The kernel configuration a class label names, for a space of max_tpr
// lanes a row; throws aspmv::Error (the reason) where it cannot run here.
inline PlanOptions options_of_label(const std::string& label, int max_tpr) {
  const auto k = predictors::parse_kernel_label(label);
  if (k.tpr > max_tpr) throw Error("TpR " + std::to_string(k.tpr) + " above this space's " + std::to_string(max_tpr));
  PlanOptions o;
  o.kernel = k.kernel;
  o.threads_per_row = k.tpr;
  return o;
}

// Throws aspmv::Error where `table` cannot rank on ExecSpace: where a plan
// would not ask it (untrained, trained for another kind of device:
// planner::ModelSelection says which), or without runtime and format models.
// Returns the text that names it ("h200 trained, tuning_data/h200/model.json").
template <class ExecSpace>
std::string check_rankable(const predictors::ModelTable& table = predictors::active_model_table(),
                           const ArchTable& arch = arch_table()) {
  PlanOptions models;
  models.selector = Selector::models;
  const ModelSelection selection(models, arch, space_facts<ExecSpace>(arch, sizeof(double)), &table);
  if (!selection.applies())
    throw Error("the model table cannot rank here (" + selection.text() + "): rank with --strip-models FILE");
  const bool formats =
      table.has(predictors::ModelName::format_time) && table.has(predictors::ModelName::format_conversion);
  if (!table.has(predictors::ModelName::runtime) && !formats)
    throw Error("the model table (" + selection.text() + ") has neither a runtime model nor format models: rank " +
                "with --strip-models FILE");
  if (const auto* m = table.find(predictors::ModelName::runtime); m != nullptr && !predictors::is_runtime_model(*m))
    throw Error("the model table's runtime model is a " + std::string(m->algorithm) + " model");
  return selection.text();
}

// The table's alternatives for a matrix of row statistics `stats` on
// ExecSpace (check_rankable's errors where it cannot rank).
template <class ExecSpace>
TableAlternatives table_alternatives(const RowStats& stats, std::int64_t value_bytes, double calls,
                                     const predictors::ModelTable& table = predictors::active_model_table(),
                                     const ArchTable& arch = arch_table()) {
  using Traits = backends::Traits<ExecSpace>;
  TableAlternatives out;
  out.table = check_rankable<ExecSpace>(table, arch);
  const auto* runtime = table.find(predictors::ModelName::runtime);
  const auto* time = table.find(predictors::ModelName::format_time);
  const auto* conversion = table.find(predictors::ModelName::format_conversion);
  const auto f = predictors::features_of(stats, space_facts<ExecSpace>(arch, value_bytes).device);
  const auto add = [&](const std::string& label, const char* model, double per_call, double conversion_s) {
    try {
      out.list.push_back({label, model, options_of_label(label, Traits::max_tpr), per_call, conversion_s});
    } catch (const Error& e) {
      out.skipped.push_back(label + " (" + model + "): " + e.what());
    }
  };
  if (runtime != nullptr) {
    double scores[predictors::max_model_classes];
    predictors::predict(*runtime, f, 0.0, scores);
    for (std::size_t c = 0; c < runtime->classes.size(); ++c)
      add(runtime->classes[c], "runtime", std::exp(-scores[c]), 0.0);
  }
  if (time != nullptr && conversion != nullptr)
    for (const auto& a : predictors::price_alternatives(*time, *conversion, f, calls)) {
      if (a.label == predictors::best_csr_class)
        out.best_csr_seconds = a.seconds_per_call;
      else
        add(a.label, "format_time", a.seconds_per_call, a.preprocessing_seconds);
    }
  return out;
}

// The label of a plan's configuration as the models name it
// ("csr_vector/tpr=8"); the kernel alone where its groups differ in TpR.
inline std::string plan_label(const PlanSummary& s) {
  int tpr = -1;
  for (const auto& g : s.groups) tpr = tpr == -1 || tpr == g.tpr ? g.tpr : 0;
  return predictors::kernel_label_text(s.kernel, tpr > 0 && kernel_traits(s.kernel).uses_tpr ? tpr : 0);
}

}  // namespace aspmv::planner
