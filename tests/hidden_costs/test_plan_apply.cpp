// plan.apply allocates nothing, copies nothing and waits for nothing: every
// kernel forced through PlanOptions (and the automatic choice), on generated
// and edge-case matrices, with beta = 0, beta != 0 and alpha = 0, counted
// through Kokkos' profiling hooks on every enabled space, float and double,
// int32 and int64 offsets.

#include <catch2/catch.hpp>

#include "hidden_costs/hidden_costs.hpp"
#include "support/spmv_check.hpp"

#include <optional>

using namespace aspmv;
using namespace aspmv::testing;
using namespace aspmv::testing::hidden_costs;

namespace {

template <class C>
void check_plan_apply(const std::vector<corpus::NamedMatrix>& matrices) {
  using Space = typename C::space;
  using Value = typename C::value;
  const Space exec;
  const auto small = small_table();
  for (const auto& m : matrices) {
    const Problem<Space, Value, typename C::offset> p(exec, m, 11);
    for (const auto& choice : plan_variants<Space>()) {
      // The plan is built (allocations, copies, fences allowed) before counting.
      const auto made =
          make_plan_unless_refused(exec, p.matrix(), choice.options, choice.forced() ? small : arch_table());
      if (!made) continue;  // a format's padding above its guard: no plan, nothing to count
      const auto& plan = *made;
      for (const auto& c : coefficient_cases()) {
        const auto run = count_calls(p, c.alpha, c.beta, [&] {
          plan.apply(exec, static_cast<Value>(c.alpha), p.x(), static_cast<Value>(c.beta), p.y());
        });
        INFO("space " << backends::Traits<Space>::name << ", matrix " << m.name << ", kernel " << choice.name << ", "
                      << c.what << " (alpha " << c.alpha << ", beta " << c.beta << ")\n"
                      << plan.describe());
        check_no_hidden_costs(run, p.num_rows(), kernels_through_kokkos<Space>(choice.forced() ? small : arch_table()));
      }
    }
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("plan.apply allocates, copies and waits for nothing: every kernel, generated matrices",
                        "[hidden-costs][plan]", Configs) {
  check_plan_apply<TestType>(generated_matrices());
}

TEMPLATE_LIST_TEST_CASE("plan.apply allocates, copies and waits for nothing: every kernel, edge-case matrices",
                        "[hidden-costs][plan]", Configs) {
  check_plan_apply<TestType>(corpus::edge_case_matrices(8));
}
