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
#include <aspmv/planner/selection_guards.hpp>
#include <backends/host/avx512_rows.hpp>
#include <backends/traits.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/format_rules.hpp>
#include <predictors/model_choice.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace aspmv::planner {

// What the selection needs to know of the execution space: kind, name, the
// largest TpR, and the lanes the skew guard counts (selection_guards.hpp).
// space_facts<ExecSpace>(table, sizeof(Value)) gives them for a space; studies and tests
// write them for a device they do not run on.
struct SpaceFacts {
  bool is_gpu = false;
  const char* name = "";
  int max_tpr = 1;
  GuardLanes lanes;
  DeviceFacts device;            // what the models' device features read (arch table, value size)
  bool cpu_avx512_rows = false;  // a CPU whose csr_scalar can sum rows in AVX-512 lanes (the row-lanes guard)
};

// A GPU's lanes from its table (compute units x SIMD width; a row gets at
// most max_tpr of them), a CPU's threads (a row gets one).
template <class ExecSpace>
SpaceFacts space_facts(const predictors::ArchTableData& table, std::int64_t value_bytes) {
  using Traits = backends::Traits<ExecSpace>;
  SpaceFacts f{
      Traits::is_gpu, Traits::name, Traits::max_tpr, {}, predictors::device_facts(table.hardware, value_bytes)};
  if (Traits::is_gpu)
    f.lanes = {double(table.hardware.compute_units) * double(table.hardware.simd_width), double(Traits::max_tpr)};
  else
    f.lanes = {double(ExecSpace::concurrency()), 1.0};
  f.cpu_avx512_rows = !Traits::is_gpu && backends::host::avx512_rows_available();
  return f;
}

class ModelSelection {
 public:
  // `model_table`: the table to ask; nullptr: this process's table
  // (predictors::active_model_table()).
  ModelSelection(const PlanOptions& opt, const predictors::ArchTableData& arch, const SpaceFacts& space,
                 const predictors::ModelTable* model_table = nullptr)
      : opt_(opt), space_(space), insured_min_nnz_(space.is_gpu ? arch.parameters.auto_adaptive_min_nnz : 0) {
    if (opt.selector != Selector::models) return;
    const predictors::ModelTable& t = model_table != nullptr ? *model_table : predictors::active_model_table();
    text_ = std::string(t.arch) + " " + predictors::to_string(t.status) + ", " + t.source_file;
    if (t.status != predictors::TableStatus::trained) {
      text_ += " - untrained: rules decide";
      return;
    }
    if (!predictors::table_applies(t, space.is_gpu, arch.backend)) {
      text_ += std::string(" - trained for ") + arch.backend + ", not for " + space.name + ": rules decide";
      return;
    }
    table_ = &t;
  }

  // "h100 trained, tuning_data/h100/model.json" (and why rules decide, where they do).
  const std::string& text() const { return text_; }
  bool applies() const { return table_ != nullptr; }

  // Whether the caller lets the plan gather row statistics (PlanOptions::gather_features).
  bool may_gather() const { return opt_.gather_features; }

  // Whether an automatic plan gathers row statistics.
  bool gather(const RowStats& known, PlanSummary& s) const {
    if (!opt_.gather_features) return false;
    if (table_ == nullptr || known.rows == 0 || known.nnz == 0) return true;
    if (const auto* m = table_->find(predictors::ModelName::gather)) {
      auto v = predictors::evaluate_model(predictors::ModelName::gather, *m,
                                          predictors::features_of(known, space_.device), double(opt_.expected_calls));
      bool g = v.label == "gathered";
      if (!g && insured(known)) {
        v.overruled = "gathered anyway: " + std::to_string(known.nnz) +
                      " nonzeros >= " + std::to_string(insured_min_nnz_) + " and " +
                      std::to_string(opt_.expected_calls) +
                      " expected calls >= " + std::to_string(gather_insurance_min_calls);
        g = true;
      }
      if (!g) {
        const std::string outside = known_outside_support(known);
        if (!outside.empty()) {
          v.overruled = "gathered anyway: the known-feature model would extrapolate: " + outside;
          g = true;
        }
      }
      if (!g && opt_.allow_conversion && prices_formats()) {
        // The format models read the row statistics; one pass over the row
        // offsets is small against any conversion they may propose.
        v.overruled = "gathered anyway: conversion allowed, and the format models price formats from row statistics";
        g = true;
      }
      s.verdicts.push_back(std::move(v));
      return g;
    }
    if (table_->has(predictors::ModelName::kernel_gathered)) return true;
    return !table_->has(predictors::ModelName::kernel_known);
  }

  // Out-of-distribution guard (issue 20): where the kernel_known model's
  // inputs lie outside the support of its training data (the table's
  // per-model [min, max], predictors::outside_support), its answer is an
  // extrapolation, and the plan gathers row statistics instead of trusting
  // it (mirrored by the trainer's scoring with support). "" when inside or
  // when the table carries no support.
  std::string known_outside_support(const RowStats& known) const {
    const auto* m = table_ != nullptr ? table_->find(predictors::ModelName::kernel_known) : nullptr;
    if (m == nullptr) return "";
    const std::string why =
        predictors::outside_support(*m, predictors::features_of(known, space_.device), double(opt_.expected_calls));
    return why.empty() ? why : "kernel_known: " + why;
  }

  // The insurance on the gather model (mirrored by gather_insured in
  // predictors/train/aspmv_train/train.py, which scores the models with it): on
  // a GPU, a plan of at least gather_insurance_min_calls expected calls over a
  // matrix of at least the arch table's auto_adaptive_min_nnz nonzeros gathers
  // whatever the model says. m, n and nnz cannot tell a regular matrix from one
  // with a few rows of a million nonzeros, where the known path's direct kernel
  // is 100-1000x slower (circuit-r1000000-m5-d4-c4-seed5 on the H100: 48 ms
  // against 63 us, perf/results/h100/2026-11-26-models); there the row_stats
  // pass costs a few calls' worth (45-100 us against 18-140 us per call on the
  // H100 corpus above 1M nonzeros, tuning_data/h100/measurements/2026-11-26).
  static constexpr std::int64_t gather_insurance_min_calls = 19;
  bool insured(const RowStats& known) const {
    return insured_min_nnz_ > 0 && known.nnz >= insured_min_nnz_ && opt_.expected_calls >= gather_insurance_min_calls;
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
    auto v = predictors::evaluate_model(name, *m, predictors::features_of(stats, space_.device),
                                        double(opt_.expected_calls));
    const std::string label = v.label;
    const double confidence = v.confidence;
    const bool regret = v.regret;
    s.verdicts.push_back(std::move(v));
    try {
      auto k = predictors::parse_kernel_label(label);
      if (kernel_traits(k.kernel).copies_values && !opt_.allow_conversion) {
        why = std::string("model ") + predictors::to_string(name) + " answered '" + label +
              "', a converted format, which PlanOptions::allow_conversion does not allow; ";
        return std::nullopt;
      }
      why = std::string("model ") + predictors::to_string(name) + " (" + m->algorithm + ")" +
            (regret ? "" : ", p " + two_digits(confidence));
      return k;
    } catch (const Error& e) {
      why = std::string("model ") + predictors::to_string(name) + " answered '" + label +
            "', which this build cannot run (" + e.what() + "); ";
      return std::nullopt;
    }
  }

  // The runtime model's forecast for the plan's configuration `pick` (a
  // class label; kernel_label_text), evaluated when s.forecast() is asked
  // (describe()): nothing without a runtime model or without gathered
  // features (it reads them). The model lives in the table, which outlives
  // the plans (compiled in, or ASPMV_MODEL_FILE's for the process).
  void forecast(const RowStats& stats, bool gathered, const std::string& pick, PlanSummary& s) const {
    const auto* m = table_ != nullptr ? table_->find(predictors::ModelName::runtime) : nullptr;
    if (m == nullptr || !gathered || stats.rows == 0 || stats.nnz == 0) return;
    s.forecast_runtime = [m, f = predictors::features_of(stats, space_.device), pick] {
      return predictors::forecast_runtime(*m, f, pick);
    };
  }

  // The model name of formats()'s verdict in PlanSummary::verdicts.
  static constexpr const char* formats_verdict = "format_time + format_conversion";

  // Converted formats in place of the kernel model's choice (issue 22): with
  // PlanOptions::allow_conversion and gathered features, the format models
  // (format_time, format_conversion: predictors/train/aspmv_train/format_table.py)
  // price every class as predicted preprocessing + expected_calls x time per
  // call. The answer: the formats this build runs whose price times 1 +
  // PlanOptions::format_margin is below the first other class's
  // (predictors::best_csr_class, the best CSR kernel, or a CSR label),
  // cheapest first, each with the plan's `why` should it convert; build_plan
  // converts to the first the memory guards let through. Empty: conversion
  // not allowed, no format models, no gathered features, a CSR alternative
  // cheapest, or no format cheaper by the margin (the kernel model's choice
  // stands; the verdict in s.verdicts says why).
  std::vector<std::pair<predictors::KernelLabel, std::string>> formats(const RowStats& stats, bool gathered,
                                                                       PlanSummary& s) const {
    std::vector<std::pair<predictors::KernelLabel, std::string>> out;
    if (!opt_.allow_conversion || table_ == nullptr || !gathered || stats.rows == 0 || stats.nnz == 0) return out;
    if (!(opt_.format_margin >= 0) || !std::isfinite(opt_.format_margin))
      throw Error("aspmv: PlanOptions::format_margin must be a finite number >= 0, got " +
                  std::to_string(opt_.format_margin));
    const auto* t = table_->find(predictors::ModelName::format_time);
    const auto* c = table_->find(predictors::ModelName::format_conversion);
    if (t == nullptr || c == nullptr) return out;
    const auto priced = predictors::price_alternatives(*t, *c, predictors::features_of(stats, space_.device),
                                                       double(opt_.expected_calls));
    if (priced.empty()) return out;
    const predictors::PricedAlternative* csr = nullptr;  // the first class that is not a format
    std::vector<std::pair<predictors::KernelLabel, const predictors::PricedAlternative*>> cheaper;
    for (const auto& a : priced) {
      std::optional<predictors::KernelLabel> label;
      if (a.label != predictors::best_csr_class) {
        try {
          label = predictors::parse_kernel_label(a.label);
        } catch (const Error&) {
          continue;  // a kernel this build does not have
        }
      }
      if (!label || !kernel_traits(label->kernel).copies_values) {
        csr = &a;
        break;
      }
      cheaper.emplace_back(*label, &a);
    }
    for (const auto& [label, a] : cheaper)
      if (csr == nullptr || a->cost * (1 + opt_.format_margin) < csr->cost)
        out.emplace_back(label, "format models: " + a->label + " over " + std::to_string(opt_.expected_calls) +
                                    " calls " + micro(a->cost) + " us (" + micro(a->preprocessing_seconds) +
                                    " us conversion + " + micro(a->seconds_per_call) + " us a call)");
    ModelVerdict v;
    v.model = formats_verdict;
    v.algorithm = t->algorithm;
    v.label = priced.front().label;
    v.regret = true;  // ranked: predicted cost over the expected calls relative to the cheapest
    for (std::size_t i = 0; i < priced.size() && v.ranked.size() < 4; ++i)
      v.ranked.push_back({priced[i].label, priced[i].cost / priced.front().cost});
    if (out.empty())
      v.overruled = cheaper.empty() ? "a CSR alternative is cheapest: the kernel choice stands"
                                    : "no format is priced below the best CSR alternative by the margin (" +
                                          std::to_string(int(std::lround(100 * opt_.format_margin))) +
                                          " %, PlanOptions::format_margin): the kernel choice stands";
    s.verdicts.push_back(std::move(v));
    if (csr != nullptr)
      for (auto& f : out)
        f.second += ", " +
                    (csr->label == predictors::best_csr_class ? std::string("the best CSR kernel") : csr->label) + " " +
                    micro(csr->cost) + " us over them";
    return out;
  }

  // Whether the format models price the formats (formats() answers); false:
  // no table applies, or it carries no format models.
  bool prices_formats() const {
    return table_ != nullptr && table_->has(predictors::ModelName::format_time) &&
           table_->has(predictors::ModelName::format_conversion);
  }

  // Whether the format models price `format` (a class of format_time); false
  // where prices_formats() is.
  bool prices_format(Kernel format) const {
    if (!prices_formats()) return false;
    const auto& classes = table_->find(predictors::ModelName::format_time)->classes;
    return std::any_of(classes.begin(), classes.end(),
                       [&](const char* c) { return std::string(c) == to_string(format); });
  }

  // DIA by rule (predictors/format_rules.hpp) where no format model prices
  // DIA (no format models, as in the cpu-x86 table, or models trained
  // without DIA: `aspmv_train format-table --formats`): CPUs,
  // PlanOptions::allow_conversion. The answer's
  // max_fill bounds the conversion (build_plan passes it to DIA's guard as
  // max_dia_fill); try_dia false with the reason otherwise.
  predictors::DiaRule format_rule(const RowStats& known) const {
    predictors::DiaRule r;
    if (!opt_.allow_conversion || space_.is_gpu || prices_format(Kernel::dia)) return r;
    return predictors::dia_by_rule(known, opt_.expected_calls, std::int64_t(space_.lanes.lanes),
                                   space_.device.value_bytes, opt_.max_dia_fill);
  }

  // How the kernel's planner chooses TpR (see TprSelection).
  TprSelection tpr(bool gathered, const std::optional<predictors::KernelLabel>& label) const {
    TprSelection t;
    if (label && label->tpr > 0) {
      t.from_label = label->tpr < space_.max_tpr ? label->tpr : space_.max_tpr;
      t.label_model = gathered ? "kernel_gathered" : "kernel_known";
    }
    if (table_ == nullptr) return t;
    if (gathered) t.matrix_model = table_->find(predictors::ModelName::tpr_global);
    t.block_model = table_->find(predictors::ModelName::tpr_block);
    return t;
  }

 private:
  // Microseconds: 3 significant digits, whole numbers from 1000 on.
  static std::string micro(double seconds) {
    char buf[32];
    const double us = seconds * 1e6;
    std::snprintf(buf, sizeof buf, us >= 1000 ? "%.0f" : "%.3g", us);
    return buf;
  }
  static std::string two_digits(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
  }

  const PlanOptions& opt_;
  SpaceFacts space_;
  std::int64_t insured_min_nnz_;  // 0: no insurance (CPUs, or the table's rule is off)
  const predictors::ModelTable* table_ = nullptr;
  std::string text_;
};

}  // namespace aspmv::planner
