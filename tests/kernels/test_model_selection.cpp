// The planner and the drop-in call ask the models and obey them: tables
// whose models always answer one class (written to a file and loaded through
// ASPMV_MODEL_FILE) steer gather / kernel / TpR, describe() names the model,
// the rules selector ignores them, and every steered plan stays correct; the
// drop-in call keeps to its rule (planner/direct_choice.hpp says why).
// On an execution space the table's backend does not fit (a host space of a
// GPU build), the rules decide.

#include <catch2/catch.hpp>

#include "support/dia_rule_matrices.hpp"
#include "support/spaces.hpp"
#include "support/spmv_check.hpp"
#include "support/test_model_table.hpp"

#include <aspmv/arch_table.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/direct_choice.hpp>
#include <aspmv/planner/model_selection.hpp>
#include <aspmv/planner/selection_guards.hpp>
#include <aspmv/spmv.hpp>
#include <predictors/active_model_table.hpp>
#include <predictors/format_rules.hpp>
#include <predictors/kernel_rules.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/stencil.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace aspmv;
using namespace aspmv::testing;

namespace {

const std::vector<std::string> kernel_classes = {"csr_scalar",       "csr_vector/tpr=1", "csr_vector/tpr=2",
                                                 "csr_vector/tpr=4", "gao_partitioned",  "csr_adaptive",
                                                 "merge_path"};
const std::vector<std::string> tpr_classes = {"1", "2", "4", "8", "16", "32"};

// Whether make_plan's row-lanes guard (planner/selection_guards.hpp) turns a
// model's csr_vector pick with TpR `tpr` into csr_scalar on Space for `a`:
// a CPU whose csr_scalar sums rows in AVX-512 lanes under this build's table.
template <class Space>
bool row_lanes_guarded(int tpr, const HostCsr<double, std::int64_t>& a) {
  RowStats s;
  s.rows = a.num_rows, s.nnz = a.nnz();
  return planner::lanes_guard(tpr, Kernel::csr_vector, s, planner::space_facts<Space>(arch_table(), 8).cpu_avx512_rows,
                              arch_table().parameters)
      .fired;
}

corpus::NamedMatrix test_matrix() {
  corpus::RandomCsrSpec spec;
  spec.rows = 300;
  spec.cols = 280;
  spec.lengths = corpus::RowLengths::bimodal;
  spec.mean = 6;
  spec.spread = 90;
  spec.long_fraction = 0.05;
  spec.seed = 11;
  return {corpus::name(spec), corpus::random_csr(spec)};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("the kernel model chooses the kernel and its TpR", "[kernels][models]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  for (const std::string answer : {"merge_path", "csr_adaptive", "gao_partitioned", "csr_vector/tpr=2"}) {
    const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                                 {"kernel_gathered", constant_model(kernel_classes, answer, "xgboost")},
                                 {"tpr_block", constant_model(tpr_classes, "4")}});
    const auto label = predictors::parse_kernel_label(answer);
    const auto r = run_plan<Space, double, std::int64_t>(m.matrix, PlanOptions{}, SpmvCase{1.0, 0.5, false, 5}, 2);
    INFO(answer << "\n" << r.description);
    CHECK(r.comparison.within_bounds);
    Space exec;
    DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
    const auto plan = make_plan(exec, a.view());
    const auto& s = plan.summary();
    if (!table_fits_space<Space>()) {
      CHECK(s.verdicts.empty());
      CHECK(s.why.rfind("rule", 0) == 0);
      CHECK(s.model_table.find("rules decide") != std::string::npos);
      continue;
    }
    // On a CPU with AVX-512 row lanes the row-lanes guard runs csr_scalar for CSR-vector<2>, and says so.
    const bool guarded = label.kernel == Kernel::csr_vector && row_lanes_guarded<Space>(label.tpr, m.matrix);
    CHECK(s.kernel == (guarded ? Kernel::csr_scalar : label.kernel));
    CHECK(s.guard.empty() != guarded);
    CHECK(s.features_gathered);
    CHECK(s.why.find("model kernel_gathered (xgboost)") != std::string::npos);
    REQUIRE(s.verdicts.size() == 2);
    CHECK(s.verdicts[0].model == "gather");
    CHECK(s.verdicts[1].model == "kernel_gathered");
    CHECK(s.verdicts[1].label == answer);
    CHECK(s.verdicts[1].confidence == Approx(1.0));
    CHECK(plan.describe().find("kernel_gathered (xgboost): " + answer) != std::string::npos);
    if (guarded) {
      CHECK(s.guard.find("row-lanes guard") != std::string::npos);
      continue;
    }
    if (label.tpr > 0) {
      REQUIRE(s.groups.size() == 1);
      CHECK(s.groups[0].tpr == label.tpr);
      // (GPUs run CSR-vector as a range of warps, and say so first.)
      CHECK_THAT(s.groups[0].detail, Catch::EndsWith("TpR by model kernel_gathered"));
    }
    if (label.kernel == Kernel::gao_partitioned)
      for (const auto& g : s.groups)
        if (g.role == GroupRole::short_rows) {
          CHECK(g.tpr == 4);
          CHECK(g.detail == "TpR by model tpr_block (cart)");
        }
  }
}

// A converted format (SELL-C-sigma: the plan would hold a copy of A's values)
// is taken from a model only with PlanOptions::allow_conversion; else the
// rules decide and describe() says why.
TEMPLATE_LIST_TEST_CASE("a model's converted format needs allow_conversion", "[kernels][models][sell]", Spaces) {
  using Space = TestType;
  corpus::RandomCsrSpec spec;
  spec.rows = 300;
  spec.cols = 280;
  spec.lengths = corpus::RowLengths::constant;
  spec.mean = 6;
  spec.seed = 12;
  const auto h = corpus::random_csr(spec);
  std::vector<std::string> classes = kernel_classes;
  classes.push_back("sell");
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                               {"kernel_gathered", constant_model(classes, "sell")}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, h);
  const auto refused = make_plan(exec, a.view());
  INFO(refused.describe());
  CHECK(refused.summary().kernel != Kernel::sell);
  CHECK_FALSE(refused.holds_value_copy());
  if (table_fits_space<Space>())
    CHECK(refused.summary().why.find("answered 'sell', a converted format") != std::string::npos);
  PlanOptions allow;
  allow.allow_conversion = true;
  const auto allowed = make_plan(exec, a.view(), allow);
  INFO(allowed.describe());
  CHECK((allowed.summary().kernel == Kernel::sell) == table_fits_space<Space>());
  const auto r = run_plan<Space, double, std::int64_t>(h, allow, SpmvCase{1.0, 0.5, false, 6}, 2);
  CHECK(r.comparison.within_bounds);
}

// Issue 22: with allow_conversion the format models price every alternative
// (conversion + expected calls x time); a converted format that is cheapest
// replaces the kernel model's choice, a refused conversion gives it back.
TEMPLATE_LIST_TEST_CASE("the format models convert where it pays, and only with allow_conversion",
                        "[kernels][models][sell]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  // sell: 5 us a call after a 2 ms conversion; csr_adaptive 10 us a call, merge_path 12 us, no conversion.
  const std::vector<std::string> alternatives = {"csr_adaptive", "merge_path", "sell"};
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                               {"kernel_gathered", constant_model(kernel_classes, "csr_adaptive")},
                               {"format_time", constant_runtime_model(alternatives, {10e-6, 12e-6, 5e-6})},
                               {"format_conversion", constant_runtime_model(alternatives, {1e-9, 1e-9, 2e-3})}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  // No growth limit but where a refusal is the point: the table's SELL
  // geometry pads this bimodal matrix up to 7.8x (the GPU tables keep rows in
  // their order, sigma 1).
  // A margin of 20 % (PlanOptions::format_margin; the default 50 % below).
  const auto plan_with = [&](bool allow, std::int64_t calls, double max_growth = 1e9, double margin = 0.2) {
    PlanOptions o;
    o.allow_conversion = allow;
    o.expected_calls = calls;
    o.format_margin = margin;
    o.max_format_growth = max_growth;
    o.format_growth_floor_bytes = 0;
    return make_plan(exec, a.view(), o);
  };
  const auto find_verdict = [](const PlanSummary& s) -> const ModelVerdict* {
    for (const auto& v : s.verdicts)
      if (v.model == "format_time + format_conversion") return &v;
    return nullptr;
  };
  // 1000 calls: sell costs 2 ms + 5 ms against csr_adaptive's 10 ms.
  const auto converted = plan_with(true, 1000);
  INFO(converted.describe());
  if (!table_fits_space<Space>()) {
    CHECK(converted.summary().kernel != Kernel::sell);
    CHECK(find_verdict(converted.summary()) == nullptr);
    return;
  }
  CHECK(converted.summary().kernel == Kernel::sell);
  CHECK(converted.holds_value_copy());
  CHECK(converted.summary().why.find("format models: sell over 1000 calls 7000 us (2000 us conversion + 5 us a call), "
                                     "csr_adaptive 10000 us over them") == 0);
  CHECK(converted.summary().why.find("in place of csr_adaptive") != std::string::npos);
  const auto* v = find_verdict(converted.summary());
  REQUIRE(v != nullptr);
  CHECK(v->label == "sell");
  REQUIRE(v->ranked.size() == 3);
  CHECK(v->ranked[0].label == "sell");
  CHECK(v->ranked[1].label == "csr_adaptive");
  CHECK(v->ranked[1].value == Approx((10e-3 + 1e-9) / (2e-3 + 5e-3)));
  CHECK(v->overruled.empty());
  PlanOptions allow;
  allow.allow_conversion = true;
  allow.expected_calls = 1000;
  allow.format_margin = 0.2;
  CHECK(
      run_plan<Space, double, std::int64_t>(m.matrix, allow, SpmvCase{1.0, 0.5, false, 6}, 2).comparison.within_bounds);
  // The default margin (50 %): sell's 7 ms x 1.5 is not below csr_adaptive's 10 ms; the verdict says why.
  const auto margin = plan_with(true, 1000, 1e9, PlanOptions{}.format_margin);
  CHECK(PlanOptions{}.format_margin == 0.5);
  CHECK(margin.summary().kernel == Kernel::csr_adaptive);
  CHECK_FALSE(margin.holds_value_copy());
  const auto* mv = find_verdict(margin.summary());
  REQUIRE(mv != nullptr);
  CHECK(mv->label == "sell");
  CHECK(mv->overruled.find("by the margin (50 %, PlanOptions::format_margin)") != std::string::npos);
  // Margin 0: taken as soon as it is priced below.
  CHECK(plan_with(true, 1000, 1e9, 0.0).summary().kernel == Kernel::sell);
  // A margin below 0 or not a number is refused.
  CHECK_THROWS_WITH(plan_with(true, 1000, 1e9, -0.1), Catch::Contains("format_margin must be a finite number >= 0"));
  CHECK_THROWS_WITH(plan_with(true, 1000, 1e9, std::nan("")), Catch::Contains("format_margin"));
  // Without allow_conversion the format models are not asked.
  const auto csr = plan_with(false, 1000);
  CHECK(csr.summary().kernel == Kernel::csr_adaptive);
  CHECK_FALSE(csr.holds_value_copy());
  CHECK(find_verdict(csr.summary()) == nullptr);
  // 10 calls: the conversion does not pay; the verdict says why the kernel model's choice stands.
  const auto few = plan_with(true, 10);
  CHECK(few.summary().kernel == Kernel::csr_adaptive);
  const auto* w = find_verdict(few.summary());
  REQUIRE(w != nullptr);
  CHECK(w->label == "csr_adaptive");
  CHECK(w->overruled == "a CSR alternative is cheapest: the kernel choice stands");
  // The memory guard refuses the conversion (A's bimodal rows padded): the kernel model's choice runs.
  const auto refused = plan_with(true, 1000, 1.01);
  INFO(refused.describe());
  CHECK(refused.summary().kernel == Kernel::csr_adaptive);
  CHECK_FALSE(refused.holds_value_copy());
  CHECK(refused.summary().why.find("the conversions proposed were refused; sell refused: aspmv: the SELL-C-sigma "
                                   "conversion is refused") != std::string::npos);
  const auto* r = find_verdict(refused.summary());
  REQUIRE(r != nullptr);
  CHECK(r->label == "sell");
  CHECK(r->overruled.find("the memory guards refused every format") == 0);
}

// The best CSR kernel as one class (format_table.py's best_csr): formats
// priced below it are tried cheapest first, a refused one gives way to the next.
TEMPLATE_LIST_TEST_CASE("a refused format gives way to the next one priced below the best CSR kernel",
                        "[kernels][models][sell]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  const std::vector<std::string> classes = {"best_csr", "jad", "sell", "ell"};
  // 100 calls: sell 1 + 4 ms, jad 1 + 5 ms, best_csr 8 ms, ell 12 ms.
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                               {"kernel_gathered", constant_model(kernel_classes, "merge_path")},
                               {"format_time", constant_runtime_model(classes, {80e-6, 50e-6, 40e-6, 20e-6})},
                               {"format_conversion", constant_runtime_model(classes, {1e-9, 1e-3, 1e-3, 10e-3})}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  PlanOptions o;
  o.allow_conversion = true;
  o.max_format_growth = 1.01;  // SELL pads A's bimodal rows: refused; JAD stores no padding
  o.format_growth_floor_bytes = 0;
  o.format_margin = 0.2;  // jad's 6 ms x 1.2 below best_csr's 8 ms (x 1.5, the default, is not)
  const auto plan = make_plan(exec, a.view(), o);
  INFO(plan.describe());
  if (!table_fits_space<Space>()) {
    CHECK_FALSE(plan.holds_value_copy());
    return;
  }
  const auto& s = plan.summary();
  CHECK(s.kernel == Kernel::jad);
  CHECK(s.why.find("format models: jad over 100 calls 6000 us (1000 us conversion + 50 us a call)") == 0);
  CHECK(s.why.find("the best CSR kernel 8000 us over them") != std::string::npos);
  CHECK(s.why.find("in place of merge_path") != std::string::npos);
  CHECK(s.why.find("; sell refused: aspmv: the SELL-C-sigma conversion is refused") != std::string::npos);
  CHECK(plan.holds_value_copy());
  CHECK(run_plan<Space, double, std::int64_t>(m.matrix, o, SpmvCase{-1.0, 2.0, false, 4}, 2).comparison.within_bounds);
}

// The format models read row statistics: with allow_conversion a plan
// gathers them even where the gather model would keep to the known features.
TEMPLATE_LIST_TEST_CASE("a plan that may convert gathers the row statistics the format models read",
                        "[kernels][models][sell]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  const std::vector<std::string> classes = {"best_csr", "sell"};
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "known")},
                               {"kernel_known", constant_model(kernel_classes, "merge_path")},
                               {"kernel_gathered", constant_model(kernel_classes, "merge_path")},
                               {"format_time", constant_runtime_model(classes, {80e-6, 20e-6})},
                               {"format_conversion", constant_runtime_model(classes, {1e-9, 1e-3})}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  PlanOptions o;
  o.max_format_growth = 1e9;
  o.format_growth_floor_bytes = 0;
  const auto kept = make_plan(exec, a.view(), o);
  INFO(kept.describe());
  // Where the table was trained for another space the rules decide, and a CPU's rules may gather (a GPU build's
  // host spaces under its GPU table).
  if (table_fits_space<Space>()) CHECK_FALSE(kept.summary().features_gathered);
  CHECK(kept.summary().kernel != Kernel::sell);
  o.allow_conversion = true;
  const auto plan = make_plan(exec, a.view(), o);
  INFO(plan.describe());
  if (!table_fits_space<Space>()) {
    CHECK_FALSE(plan.holds_value_copy());
    return;
  }
  const auto& s = plan.summary();
  CHECK(s.features_gathered);
  REQUIRE_FALSE(s.verdicts.empty());
  CHECK(s.verdicts.front().model == "gather");
  CHECK(s.verdicts.front().label == "known");
  CHECK(s.verdicts.front().overruled.find("gathered anyway: conversion allowed") == 0);
  CHECK(s.kernel == Kernel::sell);  // 1 + 2 ms against 8 ms over 100 calls
  CHECK(run_plan<Space, double, std::int64_t>(m.matrix, o, SpmvCase{1.0, 0.0, false, 5}, 2).comparison.within_bounds);
}

// A table whose format models leave DIA out (cpu-x86's formats study: DIA's
// CPU times predate its lanes) keeps the DIA rule on CPUs: the rule's DIA is
// tried first, then the formats the models price below the best CSR kernel.
// Where the models price DIA, the rule is silent. GPUs: never by rule.
TEMPLATE_LIST_TEST_CASE("the DIA rule and the format models share one list of conversions",
                        "[kernels][models][dia][rules]", Spaces) {
  using Space = TestType;
  using Mem = typename Space::memory_space;
  Space exec;
  const bool cpu = !backends::Traits<Space>::is_gpu;
  const auto rule_matrices = dia_rule_matrices_for(exec);
  const auto& grid = rule_matrices.grid;
  const auto& scattered = rule_matrices.scattered;
  PlanOptions o;
  o.allow_conversion = true;
  o.expected_calls = 1000;
  const auto plan_of = [&](const HostCsr<double, std::int64_t>& h) {
    DeviceCsr<double, std::int64_t, Mem> a(exec, h);
    return make_plan(exec, a.view(), o);
  };
  {  // sell priced, dia not: the rule's DIA first on CPUs, sell where DIA is refused
    const std::vector<std::string> classes = {"best_csr", "sell"};
    const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                                 {"kernel_gathered", constant_model(kernel_classes, "merge_path")},
                                 {"format_time", constant_runtime_model(classes, {80e-6, 20e-6})},
                                 {"format_conversion", constant_runtime_model(classes, {1e-9, 1e-3})}});
    if (!table_fits_space<Space>()) return;
    const auto on_grid = plan_of(grid);
    INFO(on_grid.describe());
    CHECK(on_grid.summary().kernel == (cpu ? Kernel::dia : Kernel::sell));
    if (cpu) CHECK(on_grid.summary().why.find("DIA rule: pays over 1000 calls up to ") == 0);
    const auto on_scattered = plan_of(scattered);
    INFO(on_scattered.describe());
    CHECK(on_scattered.summary().kernel == Kernel::sell);
    CHECK(on_scattered.summary().why.find("format models: sell over 1000 calls") == 0);
    if (cpu)
      CHECK(on_scattered.summary().why.find("; dia refused: aspmv: the DIA conversion is refused") !=
            std::string::npos);
    CHECK(run_plan<Space, double, std::int64_t>(grid, o, SpmvCase{1.0, 0.5, false, 7}, 2).comparison.within_bounds);
    CHECK(run_plan<Space, float, std::int32_t>(scattered, o, SpmvCase{2.0, 0.0, true, 8}, 2).comparison.within_bounds);
  }
  {  // dia priced (above the best CSR kernel): the rule is silent, no conversion
    const std::vector<std::string> classes = {"best_csr", "dia"};
    const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "gathered")},
                                 {"kernel_gathered", constant_model(kernel_classes, "merge_path")},
                                 {"format_time", constant_runtime_model(classes, {20e-6, 80e-6})},
                                 {"format_conversion", constant_runtime_model(classes, {1e-9, 1e-3})}});
    const auto plan = plan_of(grid);
    INFO(plan.describe());
    CHECK(plan.summary().kernel == Kernel::merge_path);  // the space fits the table: checked above
    CHECK_FALSE(plan.holds_value_copy());
    CHECK(plan.summary().why.find("DIA rule") == std::string::npos);
  }
}

TEMPLATE_LIST_TEST_CASE("the gather model can keep a plan on known features", "[kernels][models]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "known")},
                               {"kernel_known", constant_model(kernel_classes, "csr_vector/tpr=4")},
                               {"kernel_gathered", constant_model(kernel_classes, "merge_path")}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  for (const std::int64_t calls : {std::int64_t(1), std::int64_t(1000)}) {
    PlanOptions o;
    o.expected_calls = calls;
    const auto plan = make_plan(exec, a.view(), o);
    const auto& s = plan.summary();
    INFO(plan.describe());
    if (!table_fits_space<Space>()) {
      CHECK(s.verdicts.empty());
      continue;
    }
    CHECK_FALSE(s.features_gathered);
    if (row_lanes_guarded<Space>(4, m.matrix)) {  // a CPU with AVX-512 row lanes: csr_scalar
      CHECK(s.kernel == Kernel::csr_scalar);
      continue;
    }
    CHECK(s.kernel == Kernel::csr_vector);
    REQUIRE(s.groups.size() == 1);
    CHECK(s.groups[0].tpr == 4);
  }
  // gather_features = false: no gather model is asked, known features only.
  PlanOptions o;
  o.gather_features = false;
  const auto plan = make_plan(exec, a.view(), o);
  CHECK_FALSE(plan.summary().features_gathered);
  if (table_fits_space<Space>()) {
    REQUIRE(plan.summary().verdicts.size() == 1);
    CHECK(plan.summary().verdicts[0].model == "kernel_known");
  }
}

// The planner's insurance (planner/model_selection.hpp): on a GPU, a plan of
// at least 19 expected calls over a matrix of at least the arch table's
// auto_adaptive_min_nnz nonzeros gathers even when the gather model says
// "known", and describe() says the model was overruled and why; below 19
// calls the model decides. On CPUs (auto_adaptive_min_nnz 0 in their tables,
// no insurance) the model decides at any size.
TEMPLATE_LIST_TEST_CASE("large GPU plans gather whatever the gather model says", "[kernels][models]", Spaces) {
  using Space = TestType;
  const std::int64_t min_nnz = arch_table().parameters.auto_adaptive_min_nnz;
  const bool insured_here = backends::Traits<Space>::is_gpu && min_nnz > 0;
  corpus::RandomCsrSpec spec;
  spec.lengths = corpus::RowLengths::constant;
  spec.mean = 8;
  spec.rows = std::int32_t(((min_nnz > 0 ? min_nnz : std::int64_t(1) << 20) + 7) / 8);
  spec.cols = spec.rows;
  spec.seed = 5;
  const corpus::NamedMatrix m{corpus::name(spec), corpus::random_csr(spec)};
  const ActiveTestTable table({{"gather", constant_model({"known", "gathered"}, "known")},
                               {"kernel_known", constant_model(kernel_classes, "csr_vector/tpr=4")},
                               {"kernel_gathered", constant_model(kernel_classes, "merge_path")}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  REQUIRE(a.view().nnz() >= (min_nnz > 0 ? min_nnz : 1));
  for (const std::int64_t calls : {std::int64_t(1), std::int64_t(18), std::int64_t(19), std::int64_t(1000)}) {
    PlanOptions o;
    o.expected_calls = calls;
    const auto plan = make_plan(exec, a.view(), o);
    const auto& s = plan.summary();
    INFO(plan.describe());
    INFO("expected calls " << calls);
    if (!table_fits_space<Space>()) {
      CHECK(s.verdicts.empty());
      continue;
    }
    REQUIRE_FALSE(s.verdicts.empty());
    CHECK(s.verdicts[0].model == "gather");
    CHECK(s.verdicts[0].label == "known");
    const bool insured = insured_here && calls >= 19;
    CHECK(s.features_gathered == insured);
    const Kernel known_pick = row_lanes_guarded<Space>(4, m.matrix) ? Kernel::csr_scalar : Kernel::csr_vector;
    CHECK(s.kernel == (insured ? Kernel::merge_path : known_pick));
    CHECK(s.verdicts[0].overruled.empty() == !insured);
    CHECK((plan.describe().find("overruled: gathered anyway") != std::string::npos) == insured);
  }
}

TEMPLATE_LIST_TEST_CASE("rules, forced kernels and TpR models", "[kernels][models]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  const ActiveTestTable table({{"kernel_gathered", constant_model(kernel_classes, "merge_path")},
                               {"tpr_global", constant_model(tpr_classes, "16")}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  PlanOptions rules;
  rules.selector = Selector::rules;
  const auto by_rule = make_plan(exec, a.view(), rules);
  CHECK(by_rule.summary().verdicts.empty());
  CHECK(by_rule.summary().model_table.empty());
  CHECK(by_rule.summary().why.rfind("rule", 0) == 0);

  PlanOptions vector;
  vector.kernel = Kernel::csr_vector;
  const auto forced = make_plan(exec, a.view(), vector);
  REQUIRE(forced.summary().groups.size() == 1);
  constexpr int max_tpr = backends::Traits<Space>::max_tpr;
  if (table_fits_space<Space>()) {
    CHECK(forced.summary().features_gathered);  // tpr_global reads gathered statistics
    CHECK(forced.summary().groups[0].tpr == (16 < max_tpr ? 16 : max_tpr));
    // GPUs prefix the group's form ("a range of warps, TpR lanes a row; ").
    CHECK_THAT(forced.summary().groups[0].detail, Catch::EndsWith("TpR by model tpr_global (cart)"));
  } else {
    CHECK_THAT(forced.summary().groups[0].detail, Catch::Contains("TpR by rule"));
  }
  vector.threads_per_row = 2;
  const auto forced_tpr = make_plan(exec, a.view(), vector);
  CHECK(forced_tpr.summary().groups[0].tpr == 2);
  CHECK_THAT(forced_tpr.summary().groups[0].detail, Catch::EndsWith("TpR forced"));
}

TEMPLATE_LIST_TEST_CASE("a model label this build cannot run falls back to the rule", "[kernels][models]", Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  const ActiveTestTable table(
      {{"kernel_gathered", constant_model({"csr_scalar", "no_such_kernel"}, "no_such_kernel")}});
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  const auto plan = make_plan(exec, a.view());
  INFO(plan.describe());
  if (table_fits_space<Space>()) {
    CHECK(plan.summary().why.find("answered 'no_such_kernel', which this build cannot run") != std::string::npos);
    CHECK(plan.summary().why.find("rule") != std::string::npos);
  }
  const auto r = run_plan<Space, double, std::int64_t>(m.matrix, PlanOptions{}, SpmvCase{}, 1);
  CHECK(r.comparison.within_bounds);
}

TEMPLATE_LIST_TEST_CASE("the drop-in call keeps to its rule whatever the model table says", "[kernels][models]",
                        Spaces) {
  using Space = TestType;
  const auto m = test_matrix();
  Space exec;
  DeviceCsr<double, std::int64_t, typename Space::memory_space> a(exec, m.matrix, m.name);
  const auto rule = predictors::choose_direct_kernel(backends::Traits<Space>::is_gpu);
  for (const std::string answer : {"csr_scalar", "csr_vector/tpr=2", "merge_path"}) {
    const ActiveTestTable table({{"kernel_known", constant_model(kernel_classes, answer)}});
    const auto choice = impl::direct_choice<Space>(a.view());
    INFO(answer << " -> " << to_string(choice.kernel) << "<" << choice.tpr << "> by " << choice.source);
    CHECK(choice.kernel == rule.kernel);
    CHECK(choice.tpr == rule.tpr);
    CHECK(std::string(choice.source) == "rule");
    using View = Kokkos::View<double*, typename Space::memory_space>;
    View x("x", m.matrix.num_cols), y("y", m.matrix.num_rows);
    Kokkos::deep_copy(x, 1.0);
    spmv(exec, 1.0, a.view(), x, 0.0, y);
    auto h = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), y);
    const std::vector<double> ones(static_cast<std::size_t>(m.matrix.num_cols), 1.0);
    const std::vector<double> y0(static_cast<std::size_t>(m.matrix.num_rows), 0.0);
    const auto ref = reference_spmv(m.matrix, 1.0, ones, 0.0, y0);
    for (std::int32_t i = 0; i < m.matrix.num_rows; ++i)
      CHECK(h(i) == Approx(double(ref.y[std::size_t(i)])).epsilon(1e-12));
  }
}
