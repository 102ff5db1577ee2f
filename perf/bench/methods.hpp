#pragma once
// The SpMV methods a benchmark compares on one matrix, all computing
// y = A x (beta = 0) on shared device vectors x and y:
//   - every aspmv kernel: csr_scalar, csr_vector<TpR> for each TpR the
//     backend runs, gao_partitioned, csr_adaptive, merge_path, and the plan's
//     automatic choice;
//   - cuSPARSE CSR ALG1 and ALG2 (CUDA builds), setup incl. preprocess;
//   - Kokkos Kernels' native KokkosSparse::spmv (when found);
//   - the affected aspmv kernels again for each parameter variant (variants.hpp).
// Each method's setup (plan, cuSPARSE handle/buffer/preprocess) is timed.

#include <aspmv/backends/comparators.hpp>
#include <aspmv/backends/traits.hpp>
#include <aspmv/plan.hpp>

#include "variants.hpp"

#include <Kokkos_Core.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aspmv::bench {

struct Method {
  std::string name;    // e.g. "csr_vector<8>", "cusparse_csr_alg1", "kokkos_kernels"
  std::string family;  // "aspmv", "cusparse", "kokkos_kernels"
  std::string kernel;  // collector's kernel column: "csr_vector", "cusparse", ...
  std::string config;  // collector's config column: "tpr=8", "alg1", "-", ...
  std::string detail;  // what the plan chose (aspmv methods)
  double setup_seconds = 0;
  std::function<void()> call;  // enqueues one y = A x
  std::string setup_error;     // the setup threw: the method is reported, not run
  // aspmv plans: their dispatch groups, to time one by one (diagnostics).
  std::vector<std::string> groups;
  std::function<void(std::size_t)> call_group;
};

template <class Space, class Value, class Offset>
std::vector<Method> make_methods(const Space& exec, const CsrMatrix<Value, Offset, typename Space::memory_space>& a,
                                 const Kokkos::View<Value*, typename Space::memory_space>& x,
                                 const Kokkos::View<Value*, typename Space::memory_space>& y,
                                 const std::vector<Variant>& variants = {}) {
  using Clock = std::chrono::steady_clock;
  std::vector<Method> methods;
  auto add_plan = [&](std::string name, PlanOptions o, const ArchTable& table = arch_table(),
                      std::string kernel = "", std::string config = "-") {
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
      return;
    }
    m.setup_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    const auto& s = plan->summary();
    m.detail = std::string(to_string(s.kernel)) + ": " + s.why;
    m.call = [plan, exec, x, y]() { plan->apply(exec, Value(1), x, Value(0), y); };
    for (const auto& g : s.groups)
      m.groups.push_back(g.kernel + (g.tpr > 0 ? "<" + std::to_string(g.tpr) + ">" : "") + ": " +
                         std::to_string(g.rows) + " rows, " + std::to_string(g.nnz) + " nnz, " +
                         std::to_string(g.teams) + " teams");
    m.call_group = [plan, exec, x, y](std::size_t i) { plan->apply_group(i, exec, Value(1), x, Value(0), y); };
    methods.push_back(std::move(m));
  };
  PlanOptions o;
  o.kernel = Kernel::csr_scalar;
  add_plan("csr_scalar", o);
  for (int tpr = 1; tpr <= backends::Traits<Space>::max_tpr; tpr *= 2) {
    o.kernel = Kernel::csr_vector;
    o.threads_per_row = tpr;
    add_plan("csr_vector<" + std::to_string(tpr) + ">", o, arch_table(), "csr_vector", "tpr=" + std::to_string(tpr));
  }
  o.threads_per_row = 0;
  o.kernel = Kernel::gao_partitioned;
  add_plan("gao_partitioned", o, arch_table(), "gao_partitioned", std::string("rule=") + predictors::to_string(o.tpr_rule));
  o.kernel = Kernel::csr_adaptive;
  for (const int u : {1, 4, 8}) {
    o.adaptive_unroll = u;
    add_plan(u == 1 ? std::string("csr_adaptive") : "csr_adaptive<u" + std::to_string(u) + ">", o, arch_table(),
             "csr_adaptive", "unroll=" + std::to_string(u));
  }
  o.adaptive_unroll = 0;
  o.kernel = Kernel::merge_path;
  add_plan("merge_path", o);
  o.kernel = Kernel::automatic;
  add_plan("aspmv_auto", o);
  for (const auto& v : variants)
    for (const auto k : v.kernels) {
      PlanOptions vo;
      vo.kernel = k;
      if (k == Kernel::gao_partitioned) vo.threads_per_row = v.gao_tpr;
      if (k != Kernel::csr_vector) {
        add_plan(std::string(to_string(k)) + "[" + v.label + "]", vo, v.table, to_string(k), v.label);
        continue;
      }
      for (int tpr = 1; tpr <= backends::Traits<Space>::max_tpr; tpr *= 2) {
        vo.threads_per_row = tpr;
        add_plan("csr_vector<" + std::to_string(tpr) + ">[" + v.label + "]", vo, v.table, "csr_vector",
                 "tpr=" + std::to_string(tpr) + ";" + v.label);
      }
    }

#if defined(ASPMV_HAVE_CUSPARSE)
  if constexpr (std::is_same<Space, Kokkos::Cuda>::value) {
    for (const auto alg : {backends::cuda::CusparseAlgorithm::csr_alg1, backends::cuda::CusparseAlgorithm::csr_alg2}) {
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
  }
#endif
#if defined(ASPMV_HAVE_KOKKOS_KERNELS)
  if constexpr (std::is_same<Space, Kokkos::DefaultExecutionSpace>::value) {
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
#endif
  return methods;
}

}  // namespace aspmv::bench
