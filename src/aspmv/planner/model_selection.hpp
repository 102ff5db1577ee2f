#pragma once
// make_plan's questions to the trained models (predictors/model_choice.hpp):
// gather features or not, which kernel, which TpR. Each answer is recorded in
// the plan's summary; where no trained model applies (rules selected, an
// untrained table, a table trained for another kind of device, an empty
// matrix) the answer is "no model" and build_plan uses the rules.

#include <aspmv/feature_set.hpp>
#include <aspmv/kernel.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/model_choice.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace aspmv::planner {

template <class ExecSpace>
class ModelSelection {
  using Traits = backends::Traits<ExecSpace>;

 public:
  ModelSelection(const PlanOptions& opt, const predictors::ArchTableData& arch) : opt_(opt) {
    if (opt.selector != Selector::models) return;
    const predictors::ModelTable& t = predictors::active_model_table();
    text_ = std::string(t.arch) + " " + predictors::to_string(t.status) + ", " + t.source_file;
    if (t.status != predictors::TableStatus::trained) {
      text_ += " - untrained: rules decide";
      return;
    }
    if (!predictors::table_applies(t, Traits::is_gpu, arch.backend)) {
      text_ += std::string(" - trained for ") + arch.backend + ", not for " + Traits::name + ": rules decide";
      return;
    }
    table_ = &t;
  }

  // "h100 trained, tuning_data/h100/model.json" (and why rules decide, where they do).
  const std::string& text() const { return text_; }
  bool applies() const { return table_ != nullptr; }

  // Whether an automatic plan gathers row statistics.
  bool gather(const RowStats& known, PlanSummary& s) const {
    if (!opt_.gather_features) return false;
    if (table_ == nullptr || known.rows == 0 || known.nnz == 0) return true;
    if (const auto* m = table_->find(predictors::ModelName::gather)) {
      auto v = predictors::evaluate_model(predictors::ModelName::gather, *m, predictors::features_of(known),
                                          double(opt_.expected_calls));
      const bool g = v.label == "gathered";
      s.verdicts.push_back(std::move(v));
      return g;
    }
    if (table_->has(predictors::ModelName::kernel_gathered)) return true;
    return !table_->has(predictors::ModelName::kernel_known);
  }

  // Whether a plan of a forced kernel gathers row statistics: kernels that
  // need them, and TpR kernels whose TpR tpr_global chooses.
  bool gather_for_forced(Kernel k) const {
    if (kernel_traits(k).needs_structure) return true;
    return table_ != nullptr && kernel_traits(k).uses_tpr && opt_.threads_per_row == 0 &&
           table_->has(predictors::ModelName::tpr_global);
  }

  // The kernel (and TpR) the kernel model chooses; nullopt: no model applies
  // (`why` is set when a model answered with a label this build cannot run).
  std::optional<predictors::KernelLabel> kernel(const RowStats& stats, bool gathered, PlanSummary& s,
                                                std::string& why) const {
    if (table_ == nullptr || stats.rows == 0 || stats.nnz == 0) return std::nullopt;
    const auto name = gathered ? predictors::ModelName::kernel_gathered : predictors::ModelName::kernel_known;
    const auto* m = table_->find(name);
    if (m == nullptr) return std::nullopt;
    auto v = predictors::evaluate_model(name, *m, predictors::features_of(stats), double(opt_.expected_calls));
    const std::string label = v.label;
    const double confidence = v.confidence;
    const bool regret = v.regret;
    s.verdicts.push_back(std::move(v));
    try {
      auto k = predictors::parse_kernel_label(label);
      why = std::string("model ") + predictors::to_string(name) + " (" + m->algorithm + ")" +
            (regret ? "" : ", p " + two_digits(confidence));
      return k;
    } catch (const Error& e) {
      why = std::string("model ") + predictors::to_string(name) + " answered '" + label +
            "', which this build cannot run (" + e.what() + "); ";
      return std::nullopt;
    }
  }

  // How the kernel's planner chooses TpR (see TprSelection).
  TprSelection tpr(bool gathered, const std::optional<predictors::KernelLabel>& label) const {
    TprSelection t;
    if (label && label->tpr > 0) {
      t.from_label = label->tpr < Traits::max_tpr ? label->tpr : Traits::max_tpr;
      t.label_model = gathered ? "kernel_gathered" : "kernel_known";
    }
    if (table_ == nullptr) return t;
    if (gathered) t.matrix_model = table_->find(predictors::ModelName::tpr_global);
    t.block_model = table_->find(predictors::ModelName::tpr_block);
    return t;
  }

 private:
  static std::string two_digits(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
  }

  const PlanOptions& opt_;
  const predictors::ModelTable* table_ = nullptr;
  std::string text_;
};

}  // namespace aspmv::planner
