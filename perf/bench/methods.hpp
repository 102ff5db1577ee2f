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
#include <utility>
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

// A method with its names: `family` is "aspmv" or the comparator's, `kernel` and `config` the collector's columns.
inline Method named_method(std::string name, std::string family, std::string kernel, std::string config) {
  Method m;
  m.name = std::move(name);
  m.family = std::move(family);
  m.kernel = std::move(kernel);
  m.config = std::move(config);
  return m;
}

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
    Method m = named_method(name, "aspmv", kernel.empty() ? name : kernel, std::move(config));
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
  // Adds a comparator's method (its family is its kernel column) unless filtered out: `setup()` makes its operation
  // and returns {setup seconds, call}; a setup that throws is reported, not run.
  using Setup = std::pair<double, std::function<void()>>;
  auto add_comparator = [&](std::string name, const std::string& kernel, std::string config,
                            const std::function<Setup()>& setup) {
    if (!keep(kernel)) return;
    Method m = named_method(std::move(name), kernel, kernel, std::move(config));
    try {
      auto made = setup();
      m.setup_seconds = made.first;
      m.call = std::move(made.second);
    } catch (const std::exception& e) {
      m.setup_error = e.what();
    }
    methods.push_back(std::move(m));
  };
  (void)add_comparator;  // a build without comparators has no use for it
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
    Method m = named_method("aspmv_spmv", "aspmv", "aspmv_spmv", "-");
    m.automatic = true;
    const auto choice = impl::direct_choice<Space>(a);
    m.detail = std::string(to_string(choice.kernel)) +
               (planner::kernel_traits(choice.kernel).uses_tpr ? "<" + std::to_string(choice.tpr) + ">" : "") +
               ": drop-in, " + choice.source;
    m.call = [exec, a, x, y]() { aspmv::spmv(exec, Value(1), a, x, Value(0), y); };
    methods.push_back(std::move(m));
  }
  // Parameter variants: each affected kernel with the table's defaults, and
  // every TpR of the kernels whose configurations are TpRs alone (a TpR for
  // every row: CSR-vector, csr_vector_team, csr_delta).
  for (const auto& v : variants)
    for (const auto k : v.kernels) {
      const auto traits = planner::kernel_traits(k);
      if (traits.uses_tpr && !traits.splits_rows) {
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
    namespace cu = backends::cuda;
    for (const auto alg : {cu::CusparseAlgorithm::csr_alg1, cu::CusparseAlgorithm::csr_alg2})
      add_comparator(cu::to_string(alg), "cusparse", alg == cu::CusparseAlgorithm::csr_alg1 ? "alg1" : "alg2", [&] {
        auto op = std::make_shared<cu::CusparseSpmv<Value, Offset>>(exec, a, x, y, alg);
        return Setup{op->setup_seconds(), [op]() { op->apply(Value(1), Value(0)); }};
      });
    // cuSPARSE's COO, the comparator of aspmv's coo (row indices built in the setup).
    for (const auto alg : {cu::CusparseCooAlgorithm::coo_alg1, cu::CusparseCooAlgorithm::coo_alg2})
      add_comparator(cu::to_string(alg), "cusparse_coo", alg == cu::CusparseCooAlgorithm::coo_alg1 ? "alg1" : "alg2",
                     [&] {
                       auto op = std::make_shared<cu::CusparseCooSpmv<Value, Offset>>(exec, a, x, y, alg);
                       return Setup{op->setup_seconds(), [op]() { op->apply(Value(1), Value(0)); }};
                     });
    // cuSPARSE's sliced ELL, the comparator of aspmv's sell (same slice
    // height, no sorting; the same growth limit as PlanOptions' default).
    const int c = arch_table().parameters.sell_slice_height;
    add_comparator("cusparse_sell_alg1", "cusparse_sell", "c=" + std::to_string(c), [&] {
      auto op =
          std::make_shared<cu::CusparseSellSpmv<Value, Offset>>(exec, a, x, y, c, PlanOptions{}.max_format_growth);
      return Setup{op->setup_seconds(), [op]() { op->apply(Value(1), Value(0)); }};
    });
  }
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
  if constexpr (std::is_same<Space, Kokkos::DefaultExecutionSpace>::value) {
    add_comparator("kokkos_kernels", "kokkos_kernels", "native", [&] {
      const auto t0 = Clock::now();
      auto op = std::make_shared<backends::kokkos_kernels::NativeSpmv<Space, Value, Offset>>(a);
      return Setup{std::chrono::duration<double>(Clock::now() - t0).count(),
                   [op, x, y]() { op->apply(Value(1), x, Value(0), y); }};
    });
  }
#endif
#if defined(ASPMV_HAVE_MKL)
  // oneMKL's inspector-executor (mv hint for 1,000 calls, aggressive memory
  // hint, mkl_sparse_optimize), the CPU vendor comparator.
  if constexpr (!backends::Traits<Space>::is_gpu) {
    add_comparator("mkl_ie", "mkl", "ie", [&] {
      auto op = std::make_shared<backends::mkl::InspectorExecutorSpmv<Space, Value, Offset>>(exec, a);
      return Setup{op->setup_seconds(), [op, x, y]() { op->apply(Value(1), x, Value(0), y); }};
    });
  }
#endif
  return methods;
}

}  // namespace aspmv::bench
