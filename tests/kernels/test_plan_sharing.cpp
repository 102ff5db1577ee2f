// One plan used from several execution-space instances: alternately on two
// instances (the workspace follows the rule of planner/workspace.hpp),
// concurrently through plan.for_instance(), and from several OpenMP
// partitions at once; every result equals the reference, repeatedly.

#include <catch2/catch.hpp>

#include "support/spaces.hpp"
#include "support/spmv_check.hpp"

#include <aspmv/device_csr.hpp>
#include <aspmv/plan.hpp>
#include <aspmv/planner/kernel_registry.hpp>
#include <aspmv/reference.hpp>

#include <corpus/random_csr.hpp>
#include <corpus/rng.hpp>

#include <Kokkos_Core.hpp>

#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace aspmv;

namespace {

// Rows of very different lengths: merge-path carries, long rows split over
// teams (Gao, CSR-VectorL), so every kernel with scratch uses it.
HostCsr<double, std::int64_t> uneven_matrix() {
  corpus::RandomCsrSpec s;
  s.rows = s.cols = 5000;
  s.lengths = corpus::RowLengths::zipf;
  s.mean = 6;
  s.spread = 1.6;
  s.max_row = 5000;
  s.seed = 77;
  return corpus::random_csr(s);
}

template <class Space>
struct Problem {
  using Mem = typename Space::memory_space;
  HostCsr<double, std::int64_t> host = uneven_matrix();
  std::vector<std::vector<double>> x;
  std::vector<ReferenceResult> ref;
  std::vector<Kokkos::View<double*, Mem>> xd, yd;

  Problem(const Space& exec, int vectors) {
    corpus::Rng rng(9);
    for (int v = 0; v < vectors; ++v) {
      std::vector<double> xv(static_cast<std::size_t>(host.num_cols)), y0(static_cast<std::size_t>(host.num_rows), 0.0);
      for (auto& e : xv) e = rng.signed_value();
      ref.push_back(reference_spmv(host, 1.0, xv, 0.0, y0));
      x.push_back(xv);
      xd.emplace_back("x", xv.size());
      yd.emplace_back("y", y0.size());
      Kokkos::deep_copy(exec, xd.back(),
                        Kokkos::View<const double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(xv.data(), xv.size()));
    }
    exec.fence();
  }

  // Whether y of vector v equals its reference.
  bool correct(int v) const {
    std::vector<double> y(static_cast<std::size_t>(host.num_rows));
    Kokkos::deep_copy(Kokkos::View<double*, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>(y.data(), y.size()), yd[v]);
    return compare(host, y, ref[v], std::numeric_limits<double>::epsilon()).within_bounds;
  }
  void poison(const Space& exec, int v) const {
    Kokkos::deep_copy(exec, yd[v], std::numeric_limits<double>::quiet_NaN());
  }
};

std::vector<PlanOptions> every_plan() {
  std::vector<PlanOptions> plans;
  for (const auto k : all_kernels)
    for (const bool deterministic : {false, true}) {
      PlanOptions o;
      o.kernel = k;
      o.deterministic = deterministic;
      plans.push_back(o);
    }
  return plans;
}

// Rounds of: poison y of both vectors, enqueue apply_both() on the two
// instances, fence both, check both. The number of wrong results.
template <class Space, class ApplyBoth>
int wrong_results(const Problem<Space>& p, const Space& exec, const Space& other, ApplyBoth&& apply_both) {
  constexpr int rounds = 8;
  int wrong = 0;
  for (int round = 0; round < rounds; ++round) {
    p.poison(exec, 0);
    p.poison(other, 1);
    apply_both();
    exec.fence();
    other.fence();
    wrong += p.correct(0) ? 0 : 1;
    wrong += p.correct(1) ? 0 : 1;
  }
  return wrong;
}

std::string name_of(const PlanOptions& o) {
  return std::string(to_string(o.kernel)) + (o.deterministic ? "/deterministic" : "");
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("one plan applied alternately on two instances gives the reference each time",
                        "[kernels][instances]", testing::Spaces) {
  using Traits = backends::Traits<TestType>;
  TestType exec;
  const auto other = Traits::new_instance();
  Problem<TestType> p(exec, 2);
  DeviceCsr<double, std::int64_t, typename TestType::memory_space> a(exec, p.host);
  for (const auto& o : every_plan()) {
    INFO(name_of(o));
    const auto made = testing::make_plan_unless_refused(exec, a.view(), o);
    if (!made) continue;  // the uneven matrix's longest row: ELL's padding refused
    const auto& plan = *made;
    const int wrong = wrong_results(p, exec, other.space, [&] {
      exec.fence();
      // Enqueued back to back on two queues: the second apply must not share
      // scratch with the first while it runs.
      plan.apply(exec, 1.0, p.xd[0], 0.0, p.yd[0]);
      plan.apply(other.space, 1.0, p.xd[1], 0.0, p.yd[1]);
      plan.apply(exec, 1.0, p.xd[0], 0.0, p.yd[0]);
    });
    CHECK(wrong == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("a plan and its for_instance twin run concurrently on two instances", "[kernels][instances]",
                        testing::Spaces) {
  using Traits = backends::Traits<TestType>;
  TestType exec;
  const auto other = Traits::new_instance();
  Problem<TestType> p(exec, 2);
  DeviceCsr<double, std::int64_t, typename TestType::memory_space> a(exec, p.host);
  for (const auto& o : every_plan()) {
    INFO(name_of(o));
    const auto made = testing::make_plan_unless_refused(exec, a.view(), o);
    if (!made) continue;  // the uneven matrix's longest row: ELL's padding refused
    const auto& plan = *made;
    const auto twin = plan.for_instance(other.space);
    CHECK(twin.has_workspace() == plan.has_workspace());
    CHECK(twin.describe() == plan.describe());  // one analysis
    const int wrong = wrong_results(p, exec, other.space, [&] {
      for (int k = 0; k < 3; ++k) {  // no fence between the two queues' applies
        plan.apply(exec, 1.0, p.xd[0], 0.0, p.yd[0]);
        twin.apply(other.space, 1.0, p.xd[1], 0.0, p.yd[1]);
      }
    });
    CHECK(wrong == 0);
  }
}

TEMPLATE_LIST_TEST_CASE("one plan applied from several partitions of the host pool at once", "[kernels][instances]",
                        testing::Spaces) {
  using Traits = backends::Traits<TestType>;
  TestType exec;
  constexpr int partitions = 2;
  Problem<TestType> p(exec, partitions);
  DeviceCsr<double, std::int64_t, typename TestType::memory_space> a(exec, p.host);
  for (const auto& o : every_plan()) {
    INFO(name_of(o));
    const auto made = testing::make_plan_unless_refused(exec, a.view(), o);
    if (!made) continue;  // the uneven matrix's longest row: ELL's padding refused
    const auto& plan = *made;
    for (int v = 0; v < partitions; ++v) p.poison(exec, v);
    exec.fence();
    // Each partition applies the same plan (sharing its workspace under the
    // plan's lock) to its own vectors, several times.
    Traits::in_partitions(partitions, [&](int part, int) {
      TestType local;
      for (int k = 0; k < 5; ++k) plan.apply(local, 1.0, p.xd[part], 0.0, p.yd[part]);
      local.fence();
    });
    int wrong = 0;
    for (int v = 0; v < partitions; ++v) wrong += p.correct(v) ? 0 : 1;
    CHECK(wrong == 0);
  }
}
