#pragma once
// The SpMV methods a benchmark compares on one matrix, all computing
// y = A x (beta = 0) on shared device vectors x and y:
//   - every configuration of every registered aspmv kernel (the registry's
//     configurations(): csr_vector<TpR> for each TpR the backend runs,
//     csr_adaptive's staging unrolls, ...), the plan's automatic choice, and
//     the drop-in aspmv::spmv (no plan; its choice made on every call);
//   - cuSPARSE CSR ALG1 and ALG2 (CUDA builds), setup incl. preprocess;
//   - Kokkos Kernels' native KokkosSparse::spmv (when found);
//   - oneMKL's inspector-executor spmv (host spaces of x86_64 builds, when
//     found), setup incl. mkl_sparse_optimize;
//   - the affected aspmv kernels again for each parameter variant (variants.hpp).
// Each method's setup (plan, cuSPARSE handle/buffer/preprocess) is timed.

#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/spmv.hpp>
#include <backends/comparators.hpp>
#include <backends/traits.hpp>

#include "variants.hpp"

#include <Kokkos_Core.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aspmv::bench {

struct Method {
  std::string name;                        // e.g. "csr_vector<8>", "cusparse_csr_alg1", "kokkos_kernels"
  std::string family;                      // "aspmv", "cusparse", "kokkos_kernels"
  std::string kernel;                      // collector's kernel column: "csr_vector", "cusparse", ...
  std::string config;                      // collector's config column: "tpr=8", "alg1", "-", ...
  std::string detail;                      // what the plan chose (aspmv methods)
  Kernel plan_kernel = Kernel::automatic;  // the kernel the plan runs (aspmv plan methods)
  bool automatic = false;                  // the library's own choice (aspmv_auto, aspmv_spmv), not one kernel
  double setup_seconds = 0;
  std::function<void()> call;  // enqueues one y = A x
  std::string setup_error;     // the setup threw: the method is reported, not run
  // aspmv plans: their dispatch groups, to time one by one (diagnostics).
  std::vector<std::string> groups;
  std::function<void(std::size_t)> call_group;
};

// The kinds of method make_methods() produces on Space, in its order (the
// collector's run.json "methods"): kernel column, family ("aspmv": a
// registered kernel; "aspmv_auto": the library's own choice; "vendor": a
// comparator), whether it has an analysis/setup step, whether its
// configurations are TpRs.
struct MethodKind {
  std::string kernel;
  std::string family;
  bool analysis;
  bool tpr;
};

template <class Space>
std::vector<MethodKind> method_kinds() {
  std::vector<MethodKind> k;
  planner::for_each_kernel([&](auto d) {
    using D = decltype(d);
    // "tpr": the kernel of Gao's TpR study, CSR-vector (csr_vector_team's
    // configurations are TpRs too, but the report and the trainer take one).
    k.push_back({to_string(D::id), "aspmv", D::traits.analysis, D::id == Kernel::csr_vector});
  });
  k.push_back({"aspmv_auto", "aspmv_auto", true, false});
  k.push_back({"aspmv_rules", "aspmv_auto", true, false});
  k.push_back({"aspmv_spmv", "aspmv_auto", false, false});
#if defined(ASPMV_HAVE_CUSPARSE)
  if constexpr (std::is_same<Space, Kokkos::Cuda>::value) {
    k.push_back({"cusparse", "vendor", true, false});
    k.push_back({"cusparse_coo", "vendor", true, false});
    k.push_back({"cusparse_sell", "vendor", true, false});
  }
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
  if constexpr (std::is_same<Space, Kokkos::DefaultExecutionSpace>::value)
    k.push_back({"kokkos_kernels", "vendor", false, false});
#endif
#if defined(ASPMV_HAVE_MKL)
  if constexpr (!backends::Traits<Space>::is_gpu) k.push_back({"mkl", "vendor", true, false});
#endif
  return k;
}

template <class Space, class Value, class Offset>
std::vector<Method> make_methods(const Space& exec, const CsrMatrix<Value, Offset, typename Space::memory_space>& a,
                                 const Kokkos::View<Value*, typename Space::memory_space>& x,
                                 const Kokkos::View<Value*, typename Space::memory_space>& y,
                                 const std::vector<Variant>& variants = {},
                                 const std::function<bool(const std::string&)>& wanted = {}) {
  using Clock = std::chrono::steady_clock;
  std::vector<Method> methods;
  // Whether the methods of kernel column `kernel` are made (all when no filter is given): the others are not set
  // up at all.
  const auto keep = [&](const std::string& kernel) { return !wanted || wanted(kernel); };
  // Adds the plan's method unless its kernel is filtered out; says whether it did.
  auto add_plan = [&](std::string name, PlanOptions o, const ArchTable& table = arch_table(), std::string kernel = "",
                      std::string config = "-") {
    if (!keep(kernel.empty() ? name : kernel)) return false;
    const auto t0 = Clock::now();
    Method m;
    m.kernel = kernel.empty() ? name : kernel;
    m.config = std::move(config);
    m.name = std::move(name);
    m.family = "aspmv";
    std::shared_ptr<Plan<Space, Value, Offset>> plan;
    try {
      plan = std::make_shared<Plan<Space, Value, Offset>>(make_plan(exec, a, o, table));
      exec.fence();
    } catch (const std::exception& e) {
      m.setup_error = e.what();
      methods.push_back(std::move(m));
      return true;
    }
    m.setup_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto& s = plan->summary();
    m.detail = std::string(to_string(s.kernel)) + ": " + s.why;
    m.plan_kernel = s.kernel;
    m.call = [plan, exec, x, y]() { plan->apply(exec, Value(1), x, Value(0), y); };
    // Timed one by one only where each summary group is a dispatch of its own (lrb's one launch reports its
    // classes as groups of one dispatch).
    if (plan->num_groups() == s.groups.size())
      for (const auto& g : s.groups)
        m.groups.push_back(g.label() + ": " + std::to_string(g.rows) + " rows, " + std::to_string(g.nnz) + " nnz, " +
                           std::to_string(g.teams) + " teams");
    m.call_group = [plan, exec, x, y](std::size_t i) { plan->apply_group(i, exec, Value(1), x, Value(0), y); };
    methods.push_back(std::move(m));
    return true;
  };
  // Every configuration of every registered kernel, then the plan's own choice.
  planner::for_each_kernel([&](auto d) {
    using D = decltype(d);
    for (const auto& c : D::configurations(backends::Traits<Space>::max_tpr))
      add_plan(c.label, c.options, arch_table(), to_string(D::id), c.config);
  });
  if (add_plan("aspmv_auto", PlanOptions{})) methods.back().automatic = true;
  // The same with the rules alone (the baseline the models replace).
  {
    PlanOptions rules;
    rules.selector = Selector::rules;
    if (add_plan("aspmv_rules", rules)) methods.back().automatic = true;
  }
  // The drop-in call: no plan, the kernel chosen from m, n, nnz on every call.
  if (keep("aspmv_spmv")) {
    Method m;
    m.name = "aspmv_spmv";
    m.family = "aspmv";
    m.kernel = "aspmv_spmv";
    m.config = "-";
    m.automatic = true;
    const auto choice = impl::direct_choice<Space>(a);
    m.detail = std::string(to_string(choice.kernel)) +
               (planner::kernel_traits(choice.kernel).uses_tpr ? "<" + std::to_string(choice.tpr) + ">" : "") +
               ": drop-in, " + choice.source;
    m.call = [exec, a, x, y]() { aspmv::spmv(exec, Value(1), a, x, Value(0), y); };
    methods.push_back(std::move(m));
  }
  // Parameter variants: each affected kernel with the table's defaults, and
  // every TpR of the kernels whose configurations are TpRs alone (CSR-vector).
  for (const auto& v : variants)
    for (const auto k : v.kernels) {
      const auto traits = planner::kernel_traits(k);
      if (traits.uses_tpr && !traits.analysis) {
        for (const auto& c : planner::kernel_configurations(k, backends::Traits<Space>::max_tpr))
          add_plan(c.label + "[" + v.label + "]", c.options, v.table, to_string(k), c.config + ";" + v.label);
        continue;
      }
      PlanOptions vo;
      vo.kernel = k;
      if (traits.uses_tpr) vo.threads_per_row = v.gao_tpr;
      if (v.rules) {
        vo.selector = Selector::rules;
        vo.tpr_rule = v.tpr_rule;
      }
      add_plan(std::string(to_string(k)) + "[" + v.label + "]", vo, v.table, to_string(k), v.label);
    }

#if defined(ASPMV_HAVE_CUSPARSE)
  if constexpr (std::is_same<Space, Kokkos::Cuda>::value) {
    for (const auto alg : {backends::cuda::CusparseAlgorithm::csr_alg1, backends::cuda::CusparseAlgorithm::csr_alg2}) {
      if (!keep("cusparse")) continue;
      auto op = std::make_shared<backends::cuda::CusparseSpmv<Value, Offset>>(exec, a, x, y, alg);
      Method m;
      m.name = backends::cuda::to_string(alg);
      m.family = "cusparse";
      m.kernel = "cusparse";
      m.config = alg == backends::cuda::CusparseAlgorithm::csr_alg1 ? "alg1" : "alg2";
      m.setup_seconds = op->setup_seconds();
      m.call = [op]() { op->apply(Value(1), Value(0)); };
      methods.push_back(std::move(m));
    }
    // cuSPARSE's COO, the comparator of aspmv's coo (row indices built in the setup).
    for (const auto alg :
         {backends::cuda::CusparseCooAlgorithm::coo_alg1, backends::cuda::CusparseCooAlgorithm::coo_alg2}) {
      if (!keep("cusparse_coo")) continue;
      Method m;
      m.name = backends::cuda::to_string(alg);
      m.family = "cusparse_coo";
      m.kernel = "cusparse_coo";
      m.config = alg == backends::cuda::CusparseCooAlgorithm::coo_alg1 ? "alg1" : "alg2";
      try {
        auto op = std::make_shared<backends::cuda::CusparseCooSpmv<Value, Offset>>(exec, a, x, y, alg);
        m.setup_seconds = op->setup_seconds();
        m.call = [op]() { op->apply(Value(1), Value(0)); };
      } catch (const std::exception& e) {
        m.setup_error = e.what();
      }
      methods.push_back(std::move(m));
    }
    // cuSPARSE's sliced ELL, the comparator of aspmv's sell (same slice
    // height, no sorting; the same growth limit as PlanOptions' default).
    if (keep("cusparse_sell")) {
      Method m;
      m.name = "cusparse_sell_alg1";
      m.family = "cusparse_sell";
      m.kernel = "cusparse_sell";
      const int c = arch_table().parameters.sell_slice_height;
      m.config = "c=" + std::to_string(c);
      try {
        auto op = std::make_shared<backends::cuda::CusparseSellSpmv<Value, Offset>>(exec, a, x, y, c,
                                                                                    PlanOptions{}.max_format_growth);
        m.setup_seconds = op->setup_seconds();
        m.call = [op]() { op->apply(Value(1), Value(0)); };
      } catch (const std::exception& e) {
        m.setup_error = e.what();
      }
      methods.push_back(std::move(m));
    }
  }
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
  if constexpr (std::is_same<Space, Kokkos::DefaultExecutionSpace>::value) {
    if (keep("kokkos_kernels")) {
      const auto t0 = Clock::now();
      auto op = std::make_shared<backends::kokkos_kernels::NativeSpmv<Space, Value, Offset>>(a);
      Method m;
      m.name = "kokkos_kernels";
      m.family = "kokkos_kernels";
      m.kernel = "kokkos_kernels";
      m.config = "native";
      m.setup_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      m.call = [op, x, y]() { op->apply(Value(1), x, Value(0), y); };
      methods.push_back(std::move(m));
    }
  }
#endif
#if defined(ASPMV_HAVE_MKL)
  // oneMKL's inspector-executor (mv hint for 1,000 calls, aggressive memory
  // hint, mkl_sparse_optimize), the CPU vendor comparator.
  if constexpr (!backends::Traits<Space>::is_gpu) {
    if (keep("mkl")) {
      Method m;
      m.name = "mkl_ie";
      m.family = "mkl";
      m.kernel = "mkl";
      m.config = "ie";
      try {
        auto op = std::make_shared<backends::mkl::InspectorExecutorSpmv<Space, Value, Offset>>(exec, a);
        m.setup_seconds = op->setup_seconds();
        m.call = [op, x, y]() { op->apply(Value(1), x, Value(0), y); };
      } catch (const std::exception& e) {
        m.setup_error = e.what();
      }
      methods.push_back(std::move(m));
    }
  }
#endif
  return methods;
}

}  // namespace aspmv::bench
