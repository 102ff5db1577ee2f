#pragma once
// make_plan's analysis: gather the features it needs, choose the kernel
// (options, else the trained models, else the rules), and let the
// kernel's planner build its step. The choices here are the only place
// rules and models are consulted.

#include <aspmv/csr_matrix.hpp>
#include <aspmv/error.hpp>
#include <aspmv/features.hpp>
#include <aspmv/kernels/csr_multivector.hpp>
#include <aspmv/plan_options.hpp>
#include <aspmv/plan_summary.hpp>
#include <aspmv/planner/automatic_choice.hpp>
#include <aspmv/planner/direct_choice.hpp>
#include <aspmv/planner/gather_stats.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/planner/model_selection.hpp>
#include <aspmv/planner/plan_context.hpp>
#include <backends/traits.hpp>
#include <predictors/arch_table_data.hpp>
#include <predictors/kernel_rules.hpp>

#include <chrono>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

namespace aspmv::planner {

// A plan's immutable analysis: the matrix, the chosen kernel's step, what
// was decided and why, and how a rank-2 apply runs (with the plan's table).
template <class ExecSpace, class Matrix>
struct Analysis {
  Matrix a;
  PlanStep<ExecSpace, Matrix> step;
  PlanSummary summary;
  impl::WorkspaceSize workspace;
  std::size_t num_groups = 0;
  predictors::KernelParameters parameters;
  impl::MultivectorLaunch multivector;
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <class Value>
const char* value_name() {
  return sizeof(Value) == 4 ? "float" : "double";
}

// Checks a forced TpR against what the backend runs and what the kernel uses.
template <class ExecSpace>
void check_tpr(int tpr, Kernel kernel) {
  if (tpr == 0) return;
  constexpr int max_tpr = backends::Traits<ExecSpace>::max_tpr;
  if (tpr < 1 || tpr > max_tpr || (tpr & (tpr - 1)) != 0)
    throw Error("aspmv::make_plan: threads_per_row " + std::to_string(tpr) + " is not a power of two in [1, " +
                std::to_string(max_tpr) + "] on " + backends::Traits<ExecSpace>::name);
  if (kernel != Kernel::automatic && !kernel_traits(kernel).uses_tpr)
    throw Error(std::string("aspmv::make_plan: threads_per_row is set but ") + to_string(kernel) + " does not use it");
}

template <class ExecSpace, class Matrix>
Analysis<ExecSpace, Matrix> build_plan(const ExecSpace& exec, const Matrix& a, const PlanOptions& opt,
                                       const predictors::ArchTableData& table) {
  using Value = typename Matrix::value_type;
  using Offset = typename Matrix::offset_type;
  using Traits = backends::Traits<ExecSpace>;
  const auto t_start = std::chrono::steady_clock::now();
  PlanSummary s;
  s.value_type = value_name<Value>();
  s.offset_type = std::string(std::is_signed<Offset>::value ? "int" : "uint") + std::to_string(8 * sizeof(Offset));
  s.execution_space = Traits::name;
  s.arch = table.arch;
  s.arch_status = table.provenance.status;
  s.deterministic = opt.deterministic;
  s.expected_calls = opt.expected_calls;
  check_tpr<ExecSpace>(opt.threads_per_row, opt.kernel);
  check_offset_headroom(a, "aspmv::make_plan");

  // Features: known ones are free; gathered ones cost one device reduction.
  s.stats.rows = a.num_rows();
  s.stats.cols = a.num_cols();
  s.stats.nnz = a.nnz();
  s.stats.mean = s.stats.rows > 0 ? double(s.stats.nnz) / double(s.stats.rows) : 0.0;
  const SpaceFacts space = space_facts<ExecSpace>(table, sizeof(Value));
  const ModelSelection models(opt, table, space);
  if (opt.selector == Selector::models) s.model_table = models.text();
  const bool automatic = opt.kernel == Kernel::automatic;
  std::optional<predictors::KernelLabel> label;
  // Converted formats to try, and the choice they replace: build_plan
  // converts to the first the memory guards let through (FormatRefused: the
  // next; none: the kernel choice). First DIA where the DIA rule
  // (ModelSelection::format_rule: CPUs, where no format model prices DIA)
  // finds a fill that pays (`converting` carries that bound to DIA's guard;
  // within it DIA moves fewer bytes than any CSR layout), then the formats
  // the format models price below the best CSR kernel, cheapest first
  // (ModelSelection::formats).
  std::vector<std::pair<predictors::KernelLabel, std::string>> formats;
  PlanOptions converting = opt;
  struct Replaced {
    Kernel kernel;
    std::optional<predictors::KernelLabel> label;
    std::string why;
  };
  std::optional<Replaced> replaced;
  if (automatic) {
    label = choose_automatic(models, space, table, s, [&] { return row_stats(exec, a); });
    const predictors::DiaRule rule = models.format_rule(s.stats);
    if (rule.try_dia) {
      formats.emplace_back(predictors::KernelLabel{Kernel::dia, 0}, rule.why);
      converting.max_dia_fill = rule.max_fill;
    } else if (!rule.why.empty()) {
      s.why += " (" + rule.why + ")";
    }
    for (auto& f : models.formats(s.stats, s.features_gathered, s))
      if (f.first.kernel != Kernel::dia || !rule.try_dia) formats.push_back(std::move(f));
    if (!formats.empty()) replaced = Replaced{s.kernel, label, s.why};
  } else {
    if (models.gather_for_forced(opt.kernel)) gather_row_stats(s, [&] { return row_stats(exec, a); });
    s.kernel = opt.kernel;
    s.why = "forced by options";
  }

  const auto t_setup = std::chrono::steady_clock::now();
  std::optional<PlanContext<ExecSpace, Matrix>> ctx;
  std::optional<PlanStep<ExecSpace, Matrix>> step;
  const auto plan_step = [&](const PlanOptions& options) {
    ctx.emplace(exec, a, options, table, s.stats, models.tpr(s.features_gathered, label));
    with_kernel(s.kernel, [&](auto d) { step.emplace(decltype(d)::plan(*ctx, s)); });
  };
  std::string refusals;  // formats the guards refused, for `why`
  for (const auto& [format, why] : formats) {
    s.kernel = format.kernel;
    label = format;
    s.why = why + "; in place of " +
            predictors::kernel_label_text(replaced->kernel, replaced->label ? replaced->label->tpr : 0) + " (" +
            replaced->why + ")" + refusals;
    try {
      plan_step(converting);
      break;
    } catch (const FormatRefused& e) {
      refusals += std::string("; ") + to_string(format.kernel) + " refused: " + e.what();
    }
  }
  if (!step) {
    if (replaced) {
      s.kernel = replaced->kernel;
      label = replaced->label;
      s.why = replaced->why + " (the conversions proposed were refused" + refusals + ")";
      for (auto& v : s.verdicts)
        if (v.model == ModelSelection::formats_verdict)
          v.overruled =
              "the memory guards refused every format priced below the best CSR kernel: the kernel choice "
              "stands";
    }
    plan_step(opt);
  }
  if (replaced)
    models.forecast(s.stats, s.features_gathered, predictors::kernel_label_text(s.kernel, label ? label->tpr : 0), s);
  s.setup_seconds = seconds_since(t_setup);
  s.analysis_seconds = seconds_since(t_start);
  const std::int64_t max_row = s.features_gathered ? s.stats.max : -1;
  const auto multivector =
      impl::multivector_launch<ExecSpace>(a.num_rows(), a.nnz(), direct_tpr<ExecSpace>(a), max_row);
  Analysis<ExecSpace, Matrix> out{a, std::move(*step), std::move(s), {}, 0, table.parameters, multivector};
  std::visit(
      [&](const auto& st) {
        out.workspace = st.workspace_size();
        out.num_groups = st.num_groups();
      },
      out.step);
  return out;
}

}  // namespace aspmv::planner
